/*
 * poj.c - POJ 2676 (NONET_FORMAT_POJ): a count T, then T grids of N rows of
 * digits (read by grid.c's row reader, so any grid rows). Written as the
 * judge wants the answers: the grids alone, digits '0'..'9' run together
 * (numbers, spaced, above 9x9).
 */
#include "formats/format.h"

#include "core/shape.h"

/* After hdu.c's rule: a count line opens a POJ input. */
static int detect(const nonet__sniff *s) { return nonet__is_count(s->r, s->pos, &s->l); }

/* Reads the count line first, then each grid with grid.c's reader. */
static nonet_status read_poj(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet_status st = nonet__count_next(r, err);
    return st ? st : nonet__grid_read(r, out, err);
}

/* The judge's digits (numbers, spaced, above 9x9). */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_DIGITS);
}

static const char *const aliases[] = {"poj2676", NULL};

const nonet__format_def nonet__format_poj = {
    .id = NONET_FORMAT_POJ,
    .name = "poj",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_POJ,
    .detect = detect,
    .read = read_poj,
    .put_grid = put_grid,
};
