/*
 * cons_check.c - looks at a printed page for the constraints of its puzzle
 * (issue 30): `cons_check FILE PAGE.png DPI` reads the one puzzle of FILE
 * (printed by `nonet print` with its defaults: A4, one a page), lays the
 * page out as the sheet does, and checks the pixels where each constraint
 * is drawn (sheet/cons.h's sizes and inks):
 *
 *   cage        dashes (dark and paper in turn) along a free side, inset;
 *               ink where the sum goes
 *   thermo      the bulb's grey at its centre
 *   arrow       paper inside the circle, ink on its edge, ink on the shaft
 *   white/black a dot on the border: paper / ink where the grid line runs
 *   x, v        ink of the letter on the border, paper beside it
 *   lines       their colour at their cells' centres (whisper green, renban
 *               purple, palindrome and between grey), between's end circles
 *   odd, even   grey at the centre; near the corner only for the square
 *   min, max    a chevron's ink near each edge
 *   quadruple   paper where the grid lines cross, ink of its digits
 *   region      the region's shade; clone: both halves in one colour
 *   outside     ink of the little killer's and the sandwich's clues
 *
 * plus, as a control, paper at the centre of every cell no constraint
 * covers. The middle of a cell holding a given is not looked at (its
 * symbol is there). Prints each problem and exits 1; 0 when the page is right.
 */
#include "caption.h"
#include "cons.h"
#include "layout.h"

#include <cairo.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int problems;
static const char *name;

static void problem(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s: ", name);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    problems++;
}

static cairo_surface_t *img;
static unsigned char *data;
static int W, H, stride;
static double k; /* pixels a point */
static sheet_grid g;
static const unsigned char *given; /* the puzzle's givens: their symbols hide a cell's middle */

static void centre(int cell, double *x, double *y)
{
    int row = cell / g.n, col = cell % g.n;
    *x = g.x + (col + 0.5) * g.cell;
    *y = g.y + (row + 0.5) * g.cell;
}

/* 1 when (x, y) is in the middle of cell `cell` and the cell holds a given. */
static int hidden(int cell, double x, double y)
{
    double cx, cy;
    centre(cell, &cx, &cy);
    return given[cell] && fabs(x - cx) < 0.36 * g.cell && fabs(y - cy) < 0.36 * g.cell;
}

/* Colour at point (x, y) in points: 0..255 each, white outside the page. */
static void at(double x, double y, int c[3])
{
    int px = (int)floor(x * k), py = (int)floor(y * k);
    c[0] = c[1] = c[2] = 255;
    if (px < 0 || py < 0 || px >= W || py >= H) return;
    uint32_t v = ((const uint32_t *)(const void *)(data + (size_t)py * (size_t)stride))[px];
    int a = (int)(v >> 24 & 255);
    for (int i = 0; i < 3; i++) {
        int ch = (int)(v >> (16 - 8 * i) & 255);
        /* premultiplied over nothing: over white */
        c[i] = cairo_image_surface_get_format(img) == CAIRO_FORMAT_ARGB32 ? ch + 255 - a : ch;
    }
}

static int grey_at(double x, double y)
{
    int c[3];
    at(x, y, c);
    return (c[0] + c[1] + c[2]) / 3;
}

/* Darkest grey in the box of half side h (points) around (x, y). */
static int darkest(double x, double y, double h)
{
    int best = 255;
    for (double yy = y - h; yy <= y + h; yy += 0.5 / k)
        for (double xx = x - h; xx <= x + h; xx += 0.5 / k) {
            int v = grey_at(xx, yy);
            if (v < best) best = v;
        }
    return best;
}

static const char *cellname(int cell)
{
    static char buf[32];
    snprintf(buf, sizeof buf, "r%dc%d", cell / g.n + 1, cell % g.n + 1);
    return buf;
}

/* 1 when colour c is within tol of (r, gr, b) given as 0..1. */
static int near(const int c[3], double r, double gr, double b, int tol)
{
    return abs(c[0] - (int)(r * 255 + 0.5)) <= tol && abs(c[1] - (int)(gr * 255 + 0.5)) <= tol &&
           abs(c[2] - (int)(b * 255 + 0.5)) <= tol;
}

static void expect_ink(const char *what, int cell, double x, double y, double h, int most)
{
    int d = darkest(x, y, h);
    if (d > most) problem("%s at %s: no ink (darkest %d)", what, cellname(cell), d);
}

static void expect_paper(const char *what, int cell, double x, double y)
{
    if (hidden(cell, x, y)) return;
    int v = grey_at(x, y);
    if (v < 235) problem("%s at %s: not paper (grey %d)", what, cellname(cell), v);
}

static void expect_colour(const char *what, int cell, double x, double y, double r, double gr,
                          double b)
{
    int c[3];
    if (hidden(cell, x, y)) return;
    at(x, y, c);
    if (!near(c, r, gr, b, 14))
        problem("%s at %s: colour %d,%d,%d, expected %.0f,%.0f,%.0f", what, cellname(cell), c[0],
                c[1], c[2], r * 255, gr * 255, b * 255);
}

/* ------------------------------------------------------------------ */

static void check_cage(const int *cells, int n, int nv)
{
    int in[NONET_MAX_CELLS] = {0};
    int first = cells[0];
    for (int i = 0; i < n; i++) {
        in[cells[i]] = 1;
        if (cells[i] < first) first = cells[i];
    }
    int sides = 0;
    for (int i = 0; i < n; i++) {
        int c = cells[i];
        if (c == first || (c >= g.n && in[c - g.n])) continue; /* the sum's cell; an inner side */
        /* the top side, inset: dashes along its middle half */
        sheet_rect r = sheet_grid_cell(&g, c / g.n, c % g.n);
        double y = r.y + SHEET_CAGE_INSET * g.cell;
        int dark = 0, light = 0;
        for (double x = r.x + 0.25 * g.cell; x <= r.x + 0.75 * g.cell; x += 0.5 / k) {
            int v = darkest(x, y, 0.6 / k);
            dark += v < 110;
            light += v > 215;
        }
        if (!dark || !light)
            problem("cage side at %s: not dashed (%d dark, %d light samples)", cellname(c), dark,
                    light);
        sides++;
    }
    if (!sides && n > 1) problem("cage at %s: no free top side to look at", cellname(first));
    sheet_rect r = sheet_grid_cell(&g, first / g.n, first % g.n);
    double sx = r.x + 0.15 * g.cell, sy = r.y + 0.15 * g.cell;
    if (nv) expect_ink("cage sum", first, sx, sy, 0.07 * g.cell, 100);
    else if (grey_at(sx, sy) < 235) problem("cage without a sum at %s: ink", cellname(first));
}

static void check_arrow(const int *cells, int n, int k_circle)
{
    double x, y;
    centre(cells[0], &x, &y);
    expect_paper("arrow circle inside", cells[0], x, y);
    if (k_circle == 1)
        expect_ink("arrow circle edge", cells[0], x + SHEET_ARROW_CIRCLE * g.cell, y, 0.04 * g.cell,
                   140);
    else /* the pill's edge above its first cell (the circles of the tests run across) */
        expect_ink("arrow pill edge", cells[0], x, y - SHEET_ARROW_CIRCLE * g.cell, 0.04 * g.cell,
                   140);
    int last = cells[n - 1];
    centre(last, &x, &y);
    expect_ink("arrowhead", last, x, y, 0.04 * g.cell, 140);
    double x0, y0;
    centre(cells[k_circle], &x0, &y0);
    if (n > k_circle + 1) {
        double x1, y1;
        centre(cells[k_circle + 1], &x1, &y1);
        expect_ink("arrow shaft", cells[k_circle], (x0 + x1) / 2, (y0 + y1) / 2, 0.04 * g.cell,
                   140);
    }
}

static void check_line(int kind, const int *cells, int n)
{
    double x, y;
    for (int i = 0; i < n; i++) {
        centre(cells[i], &x, &y);
        switch (kind) {
        case NONET_CONS_WHISPER: expect_colour("whisper", cells[i], x, y, SHEET_INK_WHISPER); break;
        case NONET_CONS_RENBAN: expect_colour("renban", cells[i], x, y, SHEET_INK_RENBAN); break;
        case NONET_CONS_PALINDROME:
            expect_colour("palindrome", cells[i], x, y, SHEET_INK_PALINDROME);
            break;
        default:
            if (i == 0 || i == n - 1) {
                expect_paper("between end circle", cells[i], x, y);
                expect_ink("between end circle edge", cells[i], x - SHEET_BETWEEN_CIRCLE * g.cell,
                           y, 0.04 * g.cell, 180);
            } else {
                expect_colour("between", cells[i], x, y, SHEET_INK_BETWEEN);
            }
        }
    }
}

static void check_dot(const int *cells, int black)
{
    double x0, y0, x1, y1;
    centre(cells[0], &x0, &y0);
    centre(cells[1], &x1, &y1);
    double x = (x0 + x1) / 2, y = (y0 + y1) / 2;
    int v = grey_at(x, y);
    if (black ? v > 60 : v < 235)
        problem("%s dot at %s: grey %d at its centre", black ? "black" : "white",
                cellname(cells[0]), v);
    /* its edge, across the border */
    double ex = x0 == x1 ? x + SHEET_DOT_RADIUS * g.cell : x;
    double ey = x0 == x1 ? y : y + SHEET_DOT_RADIUS * g.cell;
    expect_ink("dot edge", cells[0], ex, ey, 0.03 * g.cell, 100);
}

static void check_xv(const int *cells)
{
    double x0, y0, x1, y1;
    centre(cells[0], &x0, &y0);
    centre(cells[1], &x1, &y1);
    double x = (x0 + x1) / 2, y = (y0 + y1) / 2;
    expect_ink("X/V letter", cells[0], x, y, 0.1 * g.cell, 80);
    /* the border runs under a patch of paper beside the letter */
    double px = x0 == x1 ? x + 0.135 * g.cell : x, py = x0 == x1 ? y : y + 0.135 * g.cell;
    expect_paper("X/V patch", cells[0], px, py);
}

static void check_parity(const int *cells, int n, int even)
{
    for (int i = 0; i < n; i++) {
        double x, y, d = 0.3 * g.cell;
        centre(cells[i], &x, &y);
        expect_colour(even ? "even square" : "odd circle", cells[i], x, y, SHEET_INK_PARITY);
        int c[3];
        at(x + d, y + d, c);
        int grey = near(c, SHEET_INK_PARITY, 14);
        if (grey != even)
            problem("%s at %s: near its corner %s", even ? "even square" : "odd circle",
                    cellname(cells[i]), even ? "no grey" : "grey (a square, not a circle)");
    }
}

static void check_chevrons(const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        double x, y, at_ = 0.36 * g.cell;
        centre(cells[i], &x, &y);
        expect_ink("chevron (top)", cells[i], x, y - at_, 0.08 * g.cell, 150);
        expect_ink("chevron (left)", cells[i], x - at_, y, 0.08 * g.cell, 150);
        expect_paper("min/max centre", cells[i], x, y);
    }
}

static void check_quadruple(const int *cells, int n)
{
    int r = g.n, c = g.n;
    for (int i = 0; i < n; i++) {
        if (cells[i] / g.n < r) r = cells[i] / g.n;
        if (cells[i] % g.n < c) c = cells[i] % g.n;
    }
    double x = g.x + (c + 1) * g.cell, y = g.y + (r + 1) * g.cell;
    expect_ink("quadruple digits", cells[0], x, y, 0.12 * g.cell, 110);
    expect_ink("quadruple circle edge", cells[0], x + SHEET_QUAD_RADIUS * g.cell, y - 0.05 * g.cell,
               0.03 * g.cell, 110);
    /* paper inside the circle where the grid's lines would run */
    expect_paper("quadruple circle inside", cells[0], x + 0.2 * g.cell, y + 0.05 * g.cell);
}

static void check_outside(int kind, const int *cells, int n)
{
    int r0 = cells[0] / g.n, c0 = cells[0] % g.n;
    double row, col;
    if (kind == NONET_CONS_SANDWICH) {
        int across = n > 1 && cells[1] / g.n == r0;
        row = across ? r0 : -1;
        col = across ? -1 : c0;
    } else {
        int dr = cells[1] / g.n - r0, dc = cells[1] % g.n - c0;
        row = r0 - dr;
        col = c0 - dc;
    }
    double x = g.x + (col + 0.5) * g.cell, y = g.y + (row + 0.5) * g.cell;
    expect_ink(kind == NONET_CONS_SANDWICH ? "sandwich clue" : "little killer clue", cells[0], x, y,
               0.3 * g.cell, 90);
    if (row >= 0 && col >= 0 && row < g.n && col < g.n)
        problem("outside clue at %s: inside the grid", cellname(cells[0]));
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: cons_check FILE PAGE.png DPI\n");
        return 2;
    }
    name = argv[1];
    nonet_error err;
    FILE *fp = fopen(argv[1], "rb");
    nonet_reader *rd = fp ? nonet_reader_new_file(fp, argv[1], NONET_FORMAT_AUTO, &err) : NULL;
    nonet_puzzle *p = NULL;
    if (!rd || nonet_reader_next(rd, &p, &err) != NONET_OK) {
        fprintf(stderr, "%s: cannot read a puzzle\n", argv[1]);
        return 2;
    }
    img = cairo_image_surface_create_from_png(argv[2]);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "%s: cannot read\n", argv[2]);
        return 2;
    }
    cairo_surface_flush(img);
    data = cairo_image_surface_get_data(img);
    W = cairo_image_surface_get_width(img);
    H = cairo_image_surface_get_height(img);
    stride = cairo_image_surface_get_stride(img);
    k = strtod(argv[3], NULL) / 72.0;

    /* the page as nonet print lays it out */
    const nonet_shape *shape = nonet_puzzle_shape(p);
    given = nonet_puzzle_cells(p);
    int n = nonet_shape_size(shape);
    char rules[SHEET_MAX_RULES][SHEET_RULE_TEXT];
    int nrules =
        sheet_rules(nonet_shape_box_rows(shape) == 0, nonet_shape_variants(shape), 0, "", rules);
    nrules += sheet_constraint_rules(p, rules + nrules, SHEET_MAX_RULES - nrules);
    sheet_style st = {SHEET_A4, 1, 0, 0};
    sheet_page pg;
    sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
    sheet_layout_grid(&st, &pg, 0, n, nrules, &g);
    if (sheet_cons_outside(p)) sheet_layout_ring(&g);
    if (fabs(W - pg.width * k) > 2 || fabs(H - pg.height * k) > 2)
        problem("page is %dx%d pixels, expected %.0fx%.0f", W, H, pg.width * k, pg.height * k);

    int covered[NONET_MAX_CELLS] = {0}, clones = 0;
    for (int i = 0; i < nonet_puzzle_constraint_count(p); i++) {
        const int *cells, *v;
        int nc, nv;
        int kind = (int)nonet_puzzle_constraint(p, i, &cells, &nc, &v, &nv);
        for (int j = 0; j < nc; j++) covered[cells[j]] = 1;
        double x, y;
        switch (kind) {
        case NONET_CONS_CAGE: check_cage(cells, nc, nv); break;
        case NONET_CONS_THERMO:
            centre(cells[0], &x, &y);
            expect_colour("thermometer bulb", cells[0], x, y, SHEET_INK_THERMO);
            break;
        case NONET_CONS_ARROW: check_arrow(cells, nc, nv ? v[0] : 1); break;
        case NONET_CONS_WHISPER:
        case NONET_CONS_RENBAN:
        case NONET_CONS_PALINDROME:
        case NONET_CONS_BETWEEN: check_line(kind, cells, nc); break;
        case NONET_CONS_WHITE_DOT: check_dot(cells, 0); break;
        case NONET_CONS_BLACK_DOT: check_dot(cells, 1); break;
        case NONET_CONS_X:
        case NONET_CONS_V: check_xv(cells); break;
        case NONET_CONS_ODD: check_parity(cells, nc, 0); break;
        case NONET_CONS_EVEN: check_parity(cells, nc, 1); break;
        case NONET_CONS_MIN:
        case NONET_CONS_MAX: check_chevrons(cells, nc); break;
        case NONET_CONS_QUADRUPLE: check_quadruple(cells, nc); break;
        case NONET_CONS_REGION:
            for (int j = 0; j < nc; j++) {
                centre(cells[j], &x, &y);
                expect_colour("extra region", cells[j], x, y, SHEET_INK_REGION);
            }
            break;
        case NONET_CONS_CLONE: {
            double ink[3];
            sheet_clone_ink(clones++, ink);
            for (int j = 0; j < nc; j++) {
                centre(cells[j], &x, &y);
                expect_colour("clone", cells[j], x, y, ink[0], ink[1], ink[2]);
            }
            break;
        }
        case NONET_CONS_SANDWICH:
        case NONET_CONS_LITTLE_KILLER: check_outside(kind, cells, nc); break;
        default: break;
        }
    }
    /* the control: paper in the middle of every cell nothing covers (a
       cage's or a line's neighbours may reach in: the middle stays clear) */
    for (int c = 0; c < n * n; c++) {
        if (covered[c] || given[c]) continue;
        double x, y;
        centre(c, &x, &y);
        if (grey_at(x, y) < 235) problem("empty cell %s: ink at its centre", cellname(c));
    }
    cairo_surface_destroy(img);
    nonet_puzzle_free(p);
    nonet_reader_free(rd);
    fclose(fp);
    return problems != 0;
}
