/*
 * unicode.c - grids boxed with box-drawing characters (NONET_FORMAT_UNICODE),
 * written only: a frame around the grid and rules between boxes (jigsaw
 * shapes get the outer frame only), cells spaced, numbers 2 wide beyond the
 * alphabet. It reads back as framed (framed.c cleans box-drawing lines).
 */
#include "formats/format.h"

#include "core/shape.h"

/* A horizontal rule: left, fill per box, joint, right. */
static void put_rule(nonet__out *o, const nonet_shape *s, int width, const char *left,
                     const char *joint, const char *right)
{
    int bc = s->box_cols > 0 ? s->box_cols : s->n;
    nonet__puts(o, left);
    for (int c = 0; c < s->n; c++) {
        if (c && c % bc == 0) nonet__puts(o, joint);
        for (int i = 0; i < (c % bc == 0 ? width + 2 : width + 1); i++) nonet__puts(o, "\u2500");
    }
    nonet__puts(o, right);
    nonet__putc(o, '\n');
}

/* The grid inside its box-drawing frame. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, s->n);
    int n = s->n, width = t.numbers ? (n >= 10 ? 2 : 1) : 1;
    int br = s->box_rows > 0 ? s->box_rows : n, bc = s->box_cols > 0 ? s->box_cols : n;
    put_rule(o, s, width, "\u250C", "\u252C", "\u2510");
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) put_rule(o, s, width, "\u251C", "\u253C", "\u2524");
        for (int c = 0; c < n; c++) {
            if (c % bc == 0) nonet__puts(o, c ? " \u2502" : "\u2502");
            nonet__putc(o, ' ');
            if (t.numbers) nonet__put_int(o, g[r * n + c], width);
            else nonet__putc(o, t.of[g[r * n + c]]);
        }
        nonet__puts(o, " \u2502\n");
    }
    put_rule(o, s, width, "\u2514", "\u2534", "\u2518");
}

const nonet__format_def nonet__format_unicode = {
    .id = NONET_FORMAT_UNICODE,
    .name = "unicode",
    .reads_as = NONET_FORMAT_FRAMED,
    .put_grid = put_grid,
};
