/*
 * cons.c - a puzzle's constraints on its printed grid (see cons.h), drawn
 * from the layout's numbers and the public constraint API only. Each kind
 * has its small function; the two passes (under the cell lines, over them)
 * walk the puzzle's constraints in order.
 */
#include "cons.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TAU 6.283185307179586

/* Centre of cell `cell` of g. */
static void centre(const sheet_grid *g, int cell, double *x, double *y)
{
    int row = cell / g->n, col = cell % g->n;
    *x = g->x + (col + 0.5) * g->cell;
    *y = g->y + (row + 0.5) * g->cell;
}

static void rgb(cairo_t *cr, double r, double gr, double b) { cairo_set_source_rgb(cr, r, gr, b); }

/* Shows text centred on (cx, cy) at `size` points. */
static void text_at(cairo_t *cr, const char *text, double size, double cx, double cy)
{
    cairo_text_extents_t e;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, cx - (e.x_bearing + e.width / 2), cy - (e.y_bearing + e.height / 2));
    cairo_show_text(cr, text);
}

void sheet_clone_ink(int k, double out[3])
{
    static const double ink[][3] = {
        {1.00, 0.86, 0.66}, {0.78, 0.94, 0.78}, {0.98, 0.80, 0.86},
        {0.86, 0.84, 0.98}, {0.96, 0.96, 0.70}, {0.76, 0.92, 0.94},
    };
    memcpy(out, ink[k % 6], sizeof ink[0]);
}

int sheet_cons_outside(const nonet_puzzle *p)
{
    for (int i = 0; i < nonet_puzzle_constraint_count(p); i++) {
        int k = (int)nonet_puzzle_constraint(p, i, NULL, NULL, NULL, NULL);
        if (k == NONET_CONS_LITTLE_KILLER || k == NONET_CONS_SANDWICH) return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Under the lines                                                      */
/* ------------------------------------------------------------------ */

/* Fills every cell of the list. */
static void fill_cells(cairo_t *cr, const sheet_grid *g, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        sheet_rect r = sheet_grid_cell(g, cells[i] / g->n, cells[i] % g->n);
        cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    }
    cairo_fill(cr);
}

/* A path through the centres of the cells. */
static void through(cairo_t *cr, const sheet_grid *g, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        double x, y;
        centre(g, cells[i], &x, &y);
        if (i) cairo_line_to(cr, x, y);
        else cairo_move_to(cr, x, y);
    }
}

/* A line through the cells, `width` cells wide, round at its joins and ends. */
static void line(cairo_t *cr, const sheet_grid *g, const int *cells, int n, double width)
{
    cairo_set_line_width(cr, width * g->cell);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    through(cr, g, cells, n);
    if (n == 1) cairo_rel_line_to(cr, 0, 0); /* a dot */
    cairo_stroke(cr);
}

static void thermo(cairo_t *cr, const sheet_grid *g, const int *cells, int n)
{
    double x, y;
    rgb(cr, SHEET_INK_THERMO);
    line(cr, g, cells, n, SHEET_THERMO_TUBE);
    centre(g, cells[0], &x, &y);
    cairo_arc(cr, x, y, SHEET_THERMO_BULB * g->cell, 0, TAU);
    cairo_fill(cr);
}

/* Odd: a grey circle; even: a grey square. */
static void parity(cairo_t *cr, const sheet_grid *g, const int *cells, int n, int even)
{
    double h = SHEET_PARITY * g->cell;
    rgb(cr, SHEET_INK_PARITY);
    for (int i = 0; i < n; i++) {
        double x, y;
        centre(g, cells[i], &x, &y);
        cairo_new_sub_path(cr);
        if (even) cairo_rectangle(cr, x - h, y - h, 2 * h, 2 * h);
        else cairo_arc(cr, x, y, h, 0, TAU);
    }
    cairo_fill(cr);
}

/* An outlined circle (white inside) of radius r cells on cell `cell`. */
static void ring(cairo_t *cr, const sheet_grid *g, int cell, double r, double lw)
{
    double x, y;
    centre(g, cell, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, r * g->cell, 0, TAU);
    cairo_save(cr);
    rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_restore(cr);
    cairo_set_line_width(cr, lw);
    cairo_stroke(cr);
}

/* Arrow: its circle (a pill round 2 or 3 circle cells), then a thin line
 * from the circle through the arrow's cells, ending in an arrowhead. */
static void arrow(cairo_t *cr, const sheet_grid *g, const int *cells, int n, const int *v, int nv)
{
    int k = nv ? v[0] : 1;
    double lw = g->cell * 0.045, r = SHEET_ARROW_CIRCLE * g->cell;
    rgb(cr, SHEET_INK_ARROW);
    if (k == 1) {
        ring(cr, g, cells[0], SHEET_ARROW_CIRCLE, lw);
    } else { /* the outline, then white inside it */
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_width(cr, 2 * r);
        through(cr, g, cells, k);
        cairo_stroke(cr);
        rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, 2 * r - 2 * lw);
        through(cr, g, cells, k);
        cairo_stroke(cr);
        rgb(cr, SHEET_INK_ARROW);
    }
    if (n <= k) return;
    double x0, y0, x1, y1;
    centre(g, cells[k - 1], &x0, &y0);
    centre(g, cells[k], &x1, &y1);
    double d = hypot(x1 - x0, y1 - y0);
    cairo_set_line_width(cr, lw);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_move_to(cr, x0 + (x1 - x0) * r / d, y0 + (y1 - y0) * r / d);
    for (int i = k; i < n; i++) {
        centre(g, cells[i], &x1, &y1);
        cairo_line_to(cr, x1, y1);
    }
    /* the head, along the last step */
    double px, py;
    centre(g, cells[n - 2], &px, &py);
    double a = atan2(y1 - py, x1 - px), h = g->cell * 0.22;
    cairo_move_to(cr, x1 - h * cos(a - 0.5), y1 - h * sin(a - 0.5));
    cairo_line_to(cr, x1, y1);
    cairo_line_to(cr, x1 - h * cos(a + 0.5), y1 - h * sin(a + 0.5));
    cairo_stroke(cr);
}

/* A coloured line; between lines get their end circles. */
static void colour_line(cairo_t *cr, const sheet_grid *g, int kind, const int *cells, int n)
{
    switch (kind) {
    case NONET_CONS_WHISPER: rgb(cr, SHEET_INK_WHISPER); break;
    case NONET_CONS_RENBAN: rgb(cr, SHEET_INK_RENBAN); break;
    case NONET_CONS_PALINDROME: rgb(cr, SHEET_INK_PALINDROME); break;
    default: rgb(cr, SHEET_INK_BETWEEN); break;
    }
    line(cr, g, cells, n, SHEET_LINE_WIDTH);
    if (kind == NONET_CONS_BETWEEN) {
        ring(cr, g, cells[0], SHEET_BETWEEN_CIRCLE, g->cell * 0.05);
        ring(cr, g, cells[n - 1], SHEET_BETWEEN_CIRCLE, g->cell * 0.05);
    }
}

void sheet_draw_cons_under(cairo_t *cr, const sheet_grid *g, const nonet_puzzle *p)
{
    int count = nonet_puzzle_constraint_count(p), clones = 0;
    cairo_save(cr);
    for (int pass = 0; pass < 3; pass++) /* shading, then marks, then lines on top */
        for (int i = 0; i < count; i++) {
            const int *cells, *v;
            int n, nv;
            int kind = (int)nonet_puzzle_constraint(p, i, &cells, &n, &v, &nv);
            if (pass == 0 && kind == NONET_CONS_REGION) {
                rgb(cr, SHEET_INK_REGION);
                fill_cells(cr, g, cells, n);
            } else if (pass == 0 && kind == NONET_CONS_CLONE) {
                double ink[3];
                sheet_clone_ink(clones++, ink);
                rgb(cr, ink[0], ink[1], ink[2]);
                fill_cells(cr, g, cells, n);
            } else if (pass == 1 && (kind == NONET_CONS_ODD || kind == NONET_CONS_EVEN)) {
                parity(cr, g, cells, n, kind == NONET_CONS_EVEN);
            } else if (pass == 2 && kind == NONET_CONS_THERMO) {
                thermo(cr, g, cells, n);
            } else if (pass == 2 && kind == NONET_CONS_ARROW) {
                arrow(cr, g, cells, n, v, nv);
            } else if (pass == 2 && (kind == NONET_CONS_WHISPER || kind == NONET_CONS_RENBAN ||
                                     kind == NONET_CONS_PALINDROME || kind == NONET_CONS_BETWEEN)) {
                colour_line(cr, g, kind, cells, n);
            }
        }
    cairo_restore(cr);
}

/* ------------------------------------------------------------------ */
/* Over the lines                                                       */
/* ------------------------------------------------------------------ */

/* 1 when (r, c) is inside the grid and marked `id` in `in`. */
static int in_cage(const sheet_grid *g, const int *in, int id, int r, int c)
{
    return r >= 0 && c >= 0 && r < g->n && c < g->n && in[r * g->n + c] == id;
}

/* One side of cell (r, c) of cage `id`, the side facing (nr, nc), inset
 * into the cell; each end meets the next side: at the inset corner (a
 * corner of the cage), at the cell's edge (the side goes on in the
 * neighbour), or past it (an inner corner). */
static void cage_side(cairo_t *cr, const sheet_grid *g, const int *in, int id, int r, int c, int nr,
                      int nc)
{
    double half = g->cell / 2, inset = SHEET_CAGE_INSET * g->cell, end[2];
    int tr = nc, tc = nr; /* the side's direction (either way: ends below) */
    for (int s = 0; s < 2; s++) {
        int sr = s ? tr : -tr, sc = s ? tc : -tc;
        if (!in_cage(g, in, id, r + sr, c + sc)) end[s] = half - inset;
        else if (in_cage(g, in, id, r + sr + nr, c + sc + nc)) end[s] = half + inset;
        else end[s] = half;
    }
    double cx = g->x + (c + 0.5) * g->cell, cy = g->y + (r + 0.5) * g->cell;
    double ox = cx + nc * (half - inset), oy = cy + nr * (half - inset);
    cairo_move_to(cr, ox - tc * end[0], oy - tr * end[0]);
    cairo_line_to(cr, ox + tc * end[1], oy + tr * end[1]);
}

/* A cage: its dashed outline inset in its cells, its sum small at its
 * top-left cell on a patch of paper. `in` is scratch of N*N ints. */
static void cage(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g, const int *cells, int n,
                 const int *v, int nv, int *in, int id)
{
    static const int side[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int first = cells[0];
    for (int i = 0; i < n; i++) {
        in[cells[i]] = id;
        if (cells[i] < first) first = cells[i];
    }
    double dash = g->cell * 0.09;
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_set_line_width(cr, g->thin * 1.1 > g->cell * 0.025 ? g->thin * 1.1 : g->cell * 0.025);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    rgb(cr, 0, 0, 0);
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 4; s++) {
            int r = cells[i] / g->n, c = cells[i] % g->n;
            if (!in_cage(g, in, id, r + side[s][0], c + side[s][1]))
                cage_side(cr, g, in, id, r, c, side[s][0], side[s][1]);
        }
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    if (!nv) return;
    char text[16];
    snprintf(text, sizeof text, "%d", v[0]);
    cairo_set_font_face(cr, f->regular);
    cairo_set_font_size(cr, SHEET_CAGE_SUM * g->cell);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    sheet_rect r = sheet_grid_cell(g, first / g->n, first % g->n);
    double x = r.x + g->cell * 0.05, top = r.y + g->cell * 0.04;
    rgb(cr, 1, 1, 1); /* paper under the sum, breaking the outline */
    cairo_rectangle(cr, x - g->cell * 0.02, top, e.x_advance + g->cell * 0.04,
                    SHEET_CAGE_SUM * g->cell * 0.95);
    cairo_fill(cr);
    rgb(cr, 0, 0, 0);
    cairo_move_to(cr, x, top + SHEET_CAGE_SUM * g->cell * 0.78);
    cairo_show_text(cr, text);
}

/* The middle of the border between two neighbouring cells. */
static void border_mid(const sheet_grid *g, const int *cells, double *x, double *y)
{
    double x0, y0, x1, y1;
    centre(g, cells[0], &x0, &y0);
    centre(g, cells[1], &x1, &y1);
    *x = (x0 + x1) / 2;
    *y = (y0 + y1) / 2;
}

static void dot(cairo_t *cr, const sheet_grid *g, const int *cells, int black)
{
    double x, y;
    border_mid(g, cells, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, SHEET_DOT_RADIUS * g->cell, 0, TAU);
    rgb(cr, black ? 0 : 1, black ? 0 : 1, black ? 0 : 1);
    cairo_fill_preserve(cr);
    rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, g->cell * 0.025);
    cairo_stroke(cr);
}

/* X or V on the border, on a small patch of paper. */
static void xv(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g, const int *cells,
               const char *letter)
{
    double x, y;
    border_mid(g, cells, &x, &y);
    rgb(cr, 1, 1, 1);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, g->cell * 0.15, 0, TAU);
    cairo_fill(cr);
    rgb(cr, 0, 0, 0);
    cairo_set_font_face(cr, f->bold);
    text_at(cr, letter, g->cell * 0.3, x, y);
}

/* Four chevrons near the edges of each cell: pointing out of a maximum
 * (it stands above its neighbours), into a minimum. */
static void chevrons(cairo_t *cr, const sheet_grid *g, const int *cells, int n, int max)
{
    static const int dir[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    double w = g->cell * 0.1, at = g->cell * 0.36, tip = max ? w * 0.6 : -w * 0.6;
    rgb(cr, SHEET_INK_ARROW);
    cairo_set_line_width(cr, g->cell * 0.035);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (int i = 0; i < n; i++) {
        double x, y;
        centre(g, cells[i], &x, &y);
        for (int s = 0; s < 4; s++) {
            double dx = dir[s][0], dy = dir[s][1];
            double bx = x + dx * at, by = y + dy * at; /* middle of the chevron's base */
            cairo_move_to(cr, bx - dy * w, by - dx * w);
            cairo_line_to(cr, bx + dx * tip, by + dy * tip);
            cairo_line_to(cr, bx + dy * w, by + dx * w);
        }
    }
    cairo_stroke(cr);
}

/* A quadruple: a circle on the corner its four cells share, its digits in it. */
static void quadruple(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g, const nonet_puzzle *p,
                      const int *cells, int n, const int *v, int nv)
{
    int r = g->n, c = g->n;
    for (int i = 0; i < n; i++) {
        if (cells[i] / g->n < r) r = cells[i] / g->n;
        if (cells[i] % g->n < c) c = cells[i] % g->n;
    }
    double x = g->x + (c + 1) * g->cell, y = g->y + (r + 1) * g->cell;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, SHEET_QUAD_RADIUS * g->cell, 0, TAU);
    rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, g->cell * 0.025);
    cairo_stroke(cr);
    cairo_set_font_face(cr, f->regular);
    double size = g->cell * (nv <= 2 ? 0.2 : 0.17), step = size * 0.62;
    for (int i = 0; i < nv; i++) { /* one or two in a row, else two rows of two */
        char text[12];
        int ch = nonet_puzzle_symbol(p, v[i]);
        if (ch > 0) snprintf(text, sizeof text, "%c", ch);
        else snprintf(text, sizeof text, "%d", v[i]);
        int row = nv <= 2 ? 0 : i / 2, in_row = nv <= 2 ? nv : (i / 2 ? nv - 2 : 2);
        double dx = ((i % 2) - (in_row - 1) / 2.0) * step * 1.1;
        double dy = nv <= 2 ? 0 : (row - 0.5) * size * 0.95;
        text_at(cr, text, size, x + dx, y + dy);
    }
}

/* A clue outside the grid, centred on the outside cell (row, col) (-1 or n). */
static void outside_text(cairo_t *cr, const sheet_grid *g, int value, double row, double col,
                         double size)
{
    char text[16];
    snprintf(text, sizeof text, "%d", value);
    text_at(cr, text, size, g->x + (col + 0.5) * g->cell, g->y + (row + 0.5) * g->cell);
}

/* Sandwich: the sum left of its row or above its column. */
static void sandwich(cairo_t *cr, const sheet_grid *g, const int *cells, int n, int sum)
{
    int row = cells[0] / g->n, col = cells[0] % g->n;
    int across = n > 1 && row == cells[1] / g->n;
    rgb(cr, 0, 0, 0);
    if (across) outside_text(cr, g, sum, row, -1, SHEET_OUTSIDE_SIZE * g->cell);
    else outside_text(cr, g, sum, -1, col, SHEET_OUTSIDE_SIZE * g->cell);
}

/* Little killer: the sum outside the grid where the diagonal starts, with
 * a small arrow along it. */
static void little_killer(cairo_t *cr, const sheet_grid *g, const int *cells, int n, int sum)
{
    int r0 = cells[0] / g->n, c0 = cells[0] % g->n, dr, dc;
    if (n > 1) {
        dr = cells[1] / g->n - r0;
        dc = cells[1] % g->n - c0;
    } else { /* a corner: into the grid from outside it */
        dr = r0 == 0 ? 1 : -1;
        dc = c0 == 0 ? 1 : -1;
    }
    double row = r0 - dr, col = c0 - dc; /* the outside cell the diagonal comes from */
    double cx = g->x + (col + 0.5) * g->cell, cy = g->y + (row + 0.5) * g->cell;
    rgb(cr, 0, 0, 0);
    /* the sum sits back from the arrow, away from the grid */
    outside_text(cr, g, sum, row - dr * 0.12, col - dc * 0.12, SHEET_OUTSIDE_SIZE * 0.85 * g->cell);
    double ax = cx + dc * g->cell * 0.22, ay = cy + dr * g->cell * 0.22; /* tail */
    double bx = cx + dc * g->cell * 0.46, by = cy + dr * g->cell * 0.46; /* head */
    double h = g->cell * 0.1, a = atan2(by - ay, bx - ax);
    cairo_set_line_width(cr, g->cell * 0.03);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_move_to(cr, bx - h * cos(a - 0.5), by - h * sin(a - 0.5));
    cairo_line_to(cr, bx, by);
    cairo_line_to(cr, bx - h * cos(a + 0.5), by - h * sin(a + 0.5));
    cairo_stroke(cr);
}

void sheet_draw_cons_over(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g,
                          const nonet_puzzle *p)
{
    int in[NONET_MAX_CELLS]; /* the cage of each cell (its constraint number), or -1 */
    int count = nonet_puzzle_constraint_count(p);
    cairo_save(cr);
    cairo_set_font_face(cr, f->regular);
    for (int i = 0; i < g->n * g->n; i++) in[i] = -1;
    for (int i = 0; i < count; i++) {
        const int *cells, *v;
        int n, nv;
        int kind = (int)nonet_puzzle_constraint(p, i, &cells, &n, &v, &nv);
        switch (kind) {
        case NONET_CONS_CAGE: cage(cr, f, g, cells, n, v, nv, in, i); break;
        case NONET_CONS_WHITE_DOT: dot(cr, g, cells, 0); break;
        case NONET_CONS_BLACK_DOT: dot(cr, g, cells, 1); break;
        case NONET_CONS_X: xv(cr, f, g, cells, "X"); break;
        case NONET_CONS_V: xv(cr, f, g, cells, "V"); break;
        case NONET_CONS_MIN: chevrons(cr, g, cells, n, 0); break;
        case NONET_CONS_MAX: chevrons(cr, g, cells, n, 1); break;
        case NONET_CONS_QUADRUPLE: quadruple(cr, f, g, p, cells, n, v, nv); break;
        case NONET_CONS_SANDWICH: sandwich(cr, g, cells, n, nv ? v[0] : 0); break;
        case NONET_CONS_LITTLE_KILLER: little_killer(cr, g, cells, n, nv ? v[0] : 0); break;
        default: break;
        }
        cairo_set_font_face(cr, f->regular);
    }
    cairo_restore(cr);
}
