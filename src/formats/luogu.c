/*
 * luogu.c - Luogu P1784 (NONET_FORMAT_LUOGU): N rows of N whitespace-
 * separated numbers, 0 for an empty cell. Read by the row reader of grid.c
 * (which takes symbols too); written as numbers whatever the alphabet.
 */
#include "formats/format.h"

#include "core/shape.h"

/* After the record and frame rules: several whitespace-separated values. */
static int detect(const nonet__sniff *s) { return s->tokens > 1; }

/* N rows of N numbers, 0 empty. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_NUMBERS);
}

static const char *const aliases[] = {"p1784", NULL};

const nonet__format_def nonet__format_luogu = {
    .id = NONET_FORMAT_LUOGU,
    .name = "luogu",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_LUOGU,
    .detect = detect,
    .read = nonet__grid_read,
    .put_grid = put_grid,
};
