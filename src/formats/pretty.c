/*
 * pretty.c - the boxed display for people (NONET_FORMAT_PRETTY), written
 * only: cells spaced, a wider gap between boxes, a blank line between bands
 * and after each grid. It reads back as luogu (grid.c's row reader skips the
 * blank lines between bands).
 */
#include "formats/format.h"

#include "core/shape.h"

/* Cells spaced, boxes apart, a blank line between bands. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, s->n);
    int n = s->n, width = t.numbers ? (n >= 10 ? 2 : 1) : 0;
    int br = s->box_rows, bc = s->box_cols;
    for (int r = 0; r < n; r++) {
        if (r && br > 1 && r % br == 0) nonet__putc(o, '\n');
        for (int c = 0; c < n; c++) {
            if (c) nonet__puts(o, bc > 1 && c % bc == 0 ? "   " : " ");
            if (t.numbers) nonet__put_int(o, g[r * n + c], width);
            else nonet__putc(o, t.of[g[r * n + c]]);
        }
        nonet__putc(o, '\n');
    }
}

static const char *const aliases[] = {"boxed", NULL};

const nonet__format_def nonet__format_pretty = {
    .id = NONET_FORMAT_PRETTY,
    .name = "pretty",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_LUOGU,
    .put_grid = put_grid,
    .blank_after = 1,
};
