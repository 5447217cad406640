/*
 * sheet_check.c - looks at printed pages the way a person would, and says
 * what is wrong with them.
 *
 *   sheet_check [--per-page N] [--paper NAME] [--title] [--answers]
 *               [--large-print] [--candidates] [--dpi N] [--loose]
 *               INPUT... -- PAGE.png...
 *   sheet_check --same REFERENCE.png PAGE.png
 *
 * The options are the ones `nonet print` was given; the INPUTs are the
 * files it printed (read here with the library), the PAGEs the pictures it
 * made (PNG, or PDF/SVG pages rasterised by pdftoppm / rsvg-convert) at
 * that resolution. For every page the checker works out which grids it
 * should hold from the layout (sheet/layout.h: the numbers the renderer
 * follows) and then reads the picture:
 *   - the page is the paper's size, and there are as many pages as puzzles
 *     and answers need;
 *   - every grid line is where the layout puts it, thick exactly where two
 *     regions meet (boxes, jigsaw borders) and on the frame, thin elsewhere
 *     (the ink across each line segment is measured, so anti-aliasing does
 *     not matter);
 *   - every given is in its cell: the cell's ink is compared with each
 *     symbol rendered alone at the layout's size (after aligning their ink
 *     boxes), and the expected symbol must be the best and a close match;
 *     empty cells hold no black ink; an answer grid holds the library's
 *     solution, givens black and the rest grey;
 *   - pencilmarks (--candidates) are where the candidates are and nowhere
 *     else; X diagonals are drawn through the empty diagonal cells, hyper
 *     windows are shaded, disjoint cells carry their dot, group cells their
 *     letter;
 *   - the caption has the expected text's width at the grid's left edge,
 *     the rule lines are there when the variants need them, and the title
 *     and page number bands have ink.
 * --loose forgives a pixel of difference around a symbol's ink when it is
 * compared with its reference, for pages another program rasterised
 * (pdftoppm, rsvg-convert), whose anti-aliasing differs from cairo's; the
 * symbol must still be closer to the expected one than to any other.
 * Prints one line per problem and exits 1 when there is any, else 0.
 */
#define _POSIX_C_SOURCE 200809L
#include "caption.h"
#include "difficulty.h"
#include "font.h"
#include "layout.h"
#include "marks.h"
#include "sheet.h"

#include <cairo.h>
#include <math.h>
#include <nonet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sheet's regular face (sheet/font.c: fontconfig's DejaVu Sans), with
 * the sheet's font options: the references are set as the sheet sets them. */
static sheet_fonts fonts;

/* ------------------------------------------------------------------ */
/* Expected contents                                                    */
/* ------------------------------------------------------------------ */

typedef struct entry {
    nonet_puzzle *p;
    unsigned char *solution;  /* first solution, NULL when none */
    unsigned long long count; /* solutions found, up to 2 */
    long number;
} entry;

typedef struct run {
    sheet_style style;
    int answers, candidates, title;
    double dpi, k; /* pixels per point */
    entry *e;
    int ne;
    double close; /* how unlike its reference a symbol may be */
    int loose;    /* --loose: closeness forgives a pixel of anti-aliasing */
    int problems;
    const char *page_name;
} run;

/* Reports a problem on the current page. */
static void problem(run *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>
static void problem(run *r, const char *fmt, ...)
{
    va_list ap;
    printf("%s: ", r->page_name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    r->problems++;
}

/* Reads every puzzle of `file` that nonet print would print. */
static void read_input(run *r, const char *file)
{
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        printf("%s: cannot open\n", file);
        exit(2);
    }
    nonet_error err;
    nonet_reader *rd = nonet_reader_new_file(fp, file, NONET_FORMAT_AUTO, &err);
    nonet_puzzle *p;
    nonet_status st;
    while (rd && (st = nonet_reader_next(rd, &p, &err)) != NONET_END) {
        if (st != NONET_OK) {
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        if (nonet_puzzle_check(p, &err) != NONET_OK) {
            nonet_puzzle_free(p);
            continue;
        }
        entry *grown = realloc(r->e, (size_t)(r->ne + 1) * sizeof *grown);
        if (!grown) exit(2);
        r->e = grown;
        entry *e = &r->e[r->ne++];
        memset(e, 0, sizeof *e);
        e->p = p;
        e->number = r->ne;
        if (r->answers) {
            e->solution = malloc((size_t)nonet_shape_cells(nonet_puzzle_shape(p)));
            nonet_result res;
            nonet_solve(p, NULL, e->solution, &res, NULL);
            e->count = res.solutions;
            if (!res.solutions) {
                free(e->solution);
                e->solution = NULL;
            }
        }
    }
    nonet_reader_free(rd);
    fclose(fp);
}

/* ------------------------------------------------------------------ */
/* Pictures                                                             */
/* ------------------------------------------------------------------ */

typedef struct image {
    cairo_surface_t *s;
    unsigned char *data;
    int w, h, stride;
    int alpha; /* ARGB32: pixels are premultiplied over nothing */
} image;

static int load(image *im, const char *path)
{
    im->s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(im->s) != CAIRO_STATUS_SUCCESS) return -1;
    cairo_surface_flush(im->s);
    im->data = cairo_image_surface_get_data(im->s);
    im->w = cairo_image_surface_get_width(im->s);
    im->h = cairo_image_surface_get_height(im->s);
    im->stride = cairo_image_surface_get_stride(im->s);
    im->alpha = cairo_image_surface_get_format(im->s) == CAIRO_FORMAT_ARGB32;
    return 0;
}

/* Grey level 0 (black) .. 255 (white) at (x, y); white outside. */
static int grey_at(const image *im, int x, int y)
{
    if (x < 0 || y < 0 || x >= im->w || y >= im->h) return 255;
    uint32_t px;
    memcpy(&px, im->data + (size_t)y * (size_t)im->stride + (size_t)x * 4, 4);
    int a = (int)(px >> 24);
    int sum = (int)((px >> 16 & 255) + (px >> 8 & 255) + (px & 255)) / 3;
    if (im->alpha && a < 255) sum = sum + (255 - a); /* premultiplied over white */
    return sum > 255 ? 255 : sum;
}

/* Darkest grey in the pixel box [x0, x1) x [y0, y1). */
static int darkest(const image *im, double x0, double y0, double x1, double y1)
{
    int m = 255;
    for (int y = (int)floor(y0); y < (int)ceil(y1); y++)
        for (int x = (int)floor(x0); x < (int)ceil(x1); x++) {
            int g = grey_at(im, x, y);
            if (g < m) m = g;
        }
    return m;
}

/* Ink box and mask of the pixels darker than `t` in a box. */
typedef struct ink {
    int x0, y0, x1, y1; /* bounding box, empty when x1 <= x0 */
    int w, h;
    unsigned char *mask; /* w * h */
    int count;
} ink;

static void ink_of(const image *im, int bx0, int by0, int bx1, int by1, int t, ink *k)
{
    memset(k, 0, sizeof *k);
    k->x0 = bx1, k->y0 = by1, k->x1 = bx0, k->y1 = by0;
    for (int y = by0; y < by1; y++)
        for (int x = bx0; x < bx1; x++)
            if (grey_at(im, x, y) < t) {
                if (x < k->x0) k->x0 = x;
                if (y < k->y0) k->y0 = y;
                if (x + 1 > k->x1) k->x1 = x + 1;
                if (y + 1 > k->y1) k->y1 = y + 1;
                k->count++;
            }
    if (!k->count) return;
    k->w = k->x1 - k->x0;
    k->h = k->y1 - k->y0;
    k->mask = calloc((size_t)k->w * (size_t)k->h, 1);
    for (int y = 0; y < k->h; y++)
        for (int x = 0; x < k->w; x++)
            k->mask[y * k->w + x] = grey_at(im, k->x0 + x, k->y0 + y) < t;
}

/* Where ink_of_text starts its text, in pixels from the left. */
#define TEXT_ORIGIN_X 6.0

/* Renders text alone, black on white in DejaVu Sans (through fontconfig),
 * as the sheet does: in points scaled by k pixels a point, at `size`
 * points, its left end on the baseline at pixel (px, py) of the scratch
 * picture plus the sub-pixel phase; takes its ink at threshold t. */
static void ink_of_text_at(const char *text, double size, double k, double phase_x, double phase_y,
                           int t, ink *out)
{
    double px = size * k;
    int len = (int)strlen(text);
    int wide = (int)(px * (0.8 * len + 0.4)) + 16, side = (int)(px * 1.5) + 12;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, wide, side);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, k, k);
    cairo_set_source_rgb(cr, 0, 0, 0);
    sheet_font_options(cr);
    cairo_set_font_face(cr, fonts.regular);
    cairo_set_font_size(cr, size);
    cairo_move_to(cr, (TEXT_ORIGIN_X + phase_x) / k, (px * 1.1 + 4 + phase_y) / k);
    cairo_show_text(cr, text);
    cairo_destroy(cr);
    image im = {s, NULL, 0, 0, 0, 0};
    cairo_surface_flush(s);
    im.data = cairo_image_surface_get_data(s);
    im.w = wide, im.h = side, im.stride = cairo_image_surface_get_stride(s);
    ink_of(&im, 0, 0, im.w, im.h, t, out);
    cairo_surface_destroy(s);
}

/* The same for text set in pixels (size in pixels, no sub-pixel phase). */
static void ink_of_text(const char *text, double size, int t, ink *k)
{
    ink_of_text_at(text, size, 1.0, 0.0, 0.0, t, k);
}

/* Where the sheet puts the baseline start of `text` (size points) centred
 * on (cx, cy), in points: its ink box centred. */
static void centred_origin(const char *text, double size, double cx, double cy, double *x,
                           double *y)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
    cairo_t *cr = cairo_create(s);
    sheet_font_options(cr);
    cairo_set_font_face(cr, fonts.regular);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    *x = cx - (e.x_bearing + e.width / 2);
    *y = cy - (e.y_bearing + e.height / 2);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

/* Share of the union of a and b where only one has ink, with b's box
 * centred on a's and then moved by (sx, sy). */
static double unlike_at(const ink *a, const ink *b, int sx, int sy)
{
    int dx = (b->w - a->w) / 2 + sx, dy = (b->h - a->h) / 2 + sy, both = 0, either = 0;
    int w = a->w > b->w ? a->w : b->w, h = a->h > b->h ? a->h : b->h;
    for (int y = -3; y < h + 3; y++)
        for (int x = -3; x < w + 3; x++) {
            int ia = x >= 0 && y >= 0 && x < a->w && y < a->h && a->mask[y * a->w + x];
            int bx = x + dx, by = y + dy;
            int ib = bx >= 0 && by >= 0 && bx < b->w && by < b->h && b->mask[by * b->w + bx];
            both += ia && ib;
            either += ia || ib;
        }
    return either ? 1.0 - (double)both / either : 0;
}

/* 1 when mask m (w x h) has ink within a pixel of (x, y). */
static int ink_near(const ink *m, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int px = x + dx, py = y + dy;
            if (px >= 0 && py >= 0 && px < m->w && py < m->h && m->mask[py * m->w + px]) return 1;
        }
    return 0;
}

/* Like unlike_at, forgiving a pixel of anti-aliasing: the share of the
 * ink of either mask with no ink of the other within a pixel. */
static double unlike_near(const ink *a, const ink *b, int sx, int sy)
{
    int dx = (b->w - a->w) / 2 + sx, dy = (b->h - a->h) / 2 + sy, lone = 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            lone += a->mask[y * a->w + x] && !ink_near(b, x + dx, y + dy);
    for (int y = 0; y < b->h; y++)
        for (int x = 0; x < b->w; x++)
            lone += b->mask[y * b->w + x] && !ink_near(a, x - dx, y - dy);
    return (double)lone / (a->count + b->count);
}

/* How unlike two inks are: 1 when their boxes differ in size by more than
 * a few pixels, else the least share of their union where only one has
 * ink, over alignments a pixel either way of centring their boxes (the
 * renderings may sit at another fraction of a pixel). */
/* How unlike two inks are: 1 when their boxes differ in size by more than
 * a few pixels, else the least of `measure` over alignments a pixel either
 * way of centring their boxes (the renderings may sit at another fraction
 * of a pixel). */
static double unlike_by(const ink *a, const ink *b,
                        double (*measure)(const ink *, const ink *, int, int))
{
    if (!a->count || !b->count) return a->count == b->count ? 0 : 1;
    int slack = 2 + a->h / 16;
    if (abs(a->w - b->w) > slack || abs(a->h - b->h) > slack) return 1;
    double best = measure(a, b, 0, 0);
    for (int sy = -1; sy <= 1 && best > 0.08; sy++) /* a close match needs no other */
        for (int sx = -1; sx <= 1; sx++) {
            double u = sx || sy ? measure(a, b, sx, sy) : best;
            if (u < best) best = u;
        }
    return best;
}

/* The share of the union where only one has ink. */
static double unlike(const ink *a, const ink *b) { return unlike_by(a, b, unlike_at); }

/* The share of ink with none of the other within a pixel (--loose). */
static double unlike_loosely(const ink *a, const ink *b) { return unlike_by(a, b, unlike_near); }

/* ------------------------------------------------------------------ */
/* Grid checks                                                          */
/* ------------------------------------------------------------------ */

/* Measures the ink across grid line `k` (vertical or not) over cell span
 * i: the darkness summed across the line (background taken off), in
 * pixels, and its centre. */
static void measure_line(const image *im, const run *r, const sheet_grid *g, int vertical, int k,
                         int i, double *width, double *centre)
{
    double at = (vertical ? g->x : g->y) + k * g->cell; /* points */
    double along = (vertical ? g->y : g->x) + (i + 0.4) * g->cell;
    /* the window stays clear of the symbols (which keep a fifth of the cell
       from its edges); the background is read just outside it */
    int half = (int)ceil(g->thick * r->k / 2) + 1;
    int c = (int)floor(at * r->k), a = (int)floor(along * r->k);
    double sum = 0, moment = 0;
    int e0 = vertical ? grey_at(im, c - half - 1, a) : grey_at(im, a, c - half - 1);
    int e1 = vertical ? grey_at(im, c + half + 1, a) : grey_at(im, a, c + half + 1);
    /* a side's background is its grey (white, or a shaded window), unless
       something dark sits there: then white */
    double bg0 = e0 < 200 ? 255 : e0, bg1 = e1 < 200 ? 255 : e1;
    for (int d = -half; d <= half; d++) {
        int gv = vertical ? grey_at(im, c + d, a) : grey_at(im, a, c + d);
        double bg = d < 0 ? bg0 : d > 0 ? bg1 : (bg0 > bg1 ? bg0 : bg1);
        double dk = bg > 0 ? (bg - gv) / bg : 0; /* share of the way to black */
        if (dk < 0) dk = 0;
        sum += dk;
        moment += dk * (c + d + 0.5);
    }
    *width = sum;
    *centre = sum > 0 ? moment / sum : -1;
}

/* Lines: in place, thick where regions meet and on the frame, thin elsewhere. */
static void check_lines(run *r, const image *im, const sheet_grid *g, const nonet_shape *s,
                        long number)
{
    int n = g->n, bad = 0;
    double split = (g->thin + g->thick) / 2 * r->k;
    for (int vertical = 0; vertical < 2; vertical++)
        for (int k = 0; k <= n; k++)
            for (int i = 0; i < n; i++) {
                int thick = k == 0 || k == n;
                if (!thick) {
                    int a = vertical ? i * n + k - 1 : (k - 1) * n + i;
                    int b = vertical ? i * n + k : k * n + i;
                    thick = nonet_shape_region(s, a) != nonet_shape_region(s, b);
                }
                double w, c, want = ((vertical ? g->x : g->y) + k * g->cell) * r->k;
                measure_line(im, r, g, vertical, k, i, &w, &c);
                const char *what = NULL;
                if (w < g->thin * r->k * 0.5) what = "missing";
                else if (fabs(c - want) > 1.5) what = "out of place";
                else if (thick != (w > split))
                    what = thick ? "thin, expected thick" : "thick, expected thin";
                if (what && bad++ < 5)
                    problem(r,
                            "puzzle %ld: %s line %d at %s %d is %s (ink %.2f px at %.1f; "
                            "expected %.1f, split %.2f)",
                            number, vertical ? "vertical" : "horizontal", k,
                            vertical ? "row" : "column", i + 1, what, w, c, want, split);
            }
}

/* The text of digit d as the sheet draws it. */
static void symbol_text(const nonet_puzzle *p, int d, char buf[12])
{
    int ch = nonet_puzzle_symbol(p, d);
    if (ch > 0) buf[0] = (char)ch, buf[1] = '\0';
    else snprintf(buf, 12, "%d", d);
}

/* Pixel box inside cell (row, col), clear of the lines. */
static void cell_box(const run *r, const sheet_grid *g, int row, int col, int box[4])
{
    sheet_rect c = sheet_grid_cell(g, row, col);
    double m = g->thick / 2 * r->k + 2;
    box[0] = (int)ceil(c.x * r->k + m);
    box[1] = (int)ceil(c.y * r->k + m);
    box[2] = (int)floor((c.x + c.w) * r->k - m);
    box[3] = (int)floor((c.y + c.h) * r->k - m);
}

/* Ink threshold at 65% coverage of ink as dark as m on paper as light as
 * bg (black on white: 89). */
static int coverage_threshold_on(int m, int bg) { return bg - (int)(0.65 * (bg - m)); }
static int coverage_threshold(int m) { return coverage_threshold_on(m, 255); }

/* Lightest grey in the pixel box [x0, x1) x [y0, y1): the cell's paper. */
static int lightest(const image *im, int x0, int y0, int x1, int y1)
{
    int m = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            int g = grey_at(im, x, y);
            if (g > m) m = g;
        }
    return m;
}

/* References of one grid's symbols, by symbol and by the eighth of a pixel
 * they start at (small glyphs rasterise a little differently at each). */
#define PHASES 8
typedef struct refs {
    ink at[NONET_MAX_SIZE + 1][PHASES][PHASES];
    unsigned char made[NONET_MAX_SIZE + 1][PHASES][PHASES];
} refs;

static void refs_free(refs *rf)
{
    for (int d = 0; d <= NONET_MAX_SIZE; d++)
        for (int i = 0; i < PHASES * PHASES; i++) free(rf->at[d][i / PHASES][i % PHASES].mask);
    free(rf);
}

/* The reference of symbol d placed in cell (row, col) of g as the sheet
 * would place it, at the same fraction of a pixel (to an eighth). */
static const ink *ref_for(refs *rf, const run *r, const sheet_grid *g, const nonet_puzzle *p, int d,
                          int row, int col)
{
    char text[12];
    symbol_text(p, d, text);
    double size = text[1] ? g->digit_size * 0.7 : g->digit_size, x, y;
    sheet_rect c = sheet_grid_cell(g, row, col);
    centred_origin(text, size, c.x + c.w / 2, c.y + c.h / 2, &x, &y);
    int qx = (int)((x * r->k - floor(x * r->k)) * PHASES) % PHASES;
    int qy = (int)((y * r->k - floor(y * r->k)) * PHASES) % PHASES;
    if (!rf->made[d][qx][qy]) {
        ink_of_text_at(text, size, r->k, (qx + 0.5) / PHASES, (qy + 0.5) / PHASES,
                       coverage_threshold(0), &rf->at[d][qx][qy]);
        rf->made[d][qx][qy] = 1;
    }
    return &rf->at[d][qx][qy];
}

/* The symbols: cells whose value is `want[c]` (0 = empty) must show it:
 * a cell holds a symbol when its darkest ink is below `present` (black
 * givens; answers also grey), and that ink must be closest to the expected
 * symbol rendered alone, and close. Inks are compared at the same coverage,
 * so grey digits compare with black references. */
static void check_symbols(run *r, const image *im, const sheet_grid *g, const nonet_puzzle *p,
                          const unsigned char *want, int present, long number)
{
    int n = g->n, bad = 0;
    refs *rf = calloc(1, sizeof *rf);
    int size_w[NONET_MAX_SIZE + 1], size_h[NONET_MAX_SIZE + 1];
    for (int d = 1; d <= n; d++) { /* each symbol's ink size, to skip hopeless ones */
        const ink *any = ref_for(rf, r, g, p, d, 0, 0);
        size_w[d] = any->w, size_h[d] = any->h;
    }
    for (int c = 0; c < n * n; c++) {
        int box[4];
        cell_box(r, g, c / n, c % n, box);
        int m = darkest(im, box[0], box[1], box[2], box[3]);
        ink got;
        memset(&got, 0, sizeof got);
        int bg = lightest(im, box[0], box[1], box[2], box[3]);
        if (m < present)
            ink_of(im, box[0], box[1], box[2], box[3], coverage_threshold_on(m, bg), &got);
        int best = 0;
        double best_score = got.count ? 2 : 0, want_score = 1, want_strict = 1;
        for (int d = 1; d <= n && got.count; d++) {
            int slack = 4 + got.h / 16;
            if (d != want[c] && (abs(size_w[d] - got.w) > slack || abs(size_h[d] - got.h) > slack))
                continue; /* unlike() would say 1 */
            const ink *ref = ref_for(rf, r, g, p, d, c / n, c % n);
            double u = unlike(&got, ref); /* the closest names the symbol */
            if (getenv("SHEET_CHECK_DEBUG") && d == want[c])
                printf("  r%dc%d want %d: got %dx%d at %d,%d (t %d), ref %dx%d\n", c / n + 1,
                       c % n + 1, d, got.w, got.h, got.x0, got.y0, coverage_threshold_on(m, bg),
                       ref->w, ref->h);
            if (u < best_score) best_score = u, best = d;
            if (d == want[c])
                want_score = r->loose ? unlike_loosely(&got, ref) : u, want_strict = u;
        }
        /* --loose: another rasteriser may leave two symbols about as close
           (B and 8 in grey, small): the expected one must be within 0.05 */
        int named = best == want[c] || (r->loose && want_strict <= best_score + 0.05);
        int ok = want[c] ? named && want_score < r->close : got.count == 0;
        if (!ok && bad++ < 5)
            problem(r, "grid %ld: r%dc%d shows %s%d (unlike %.2f), expected %d (unlike %.2f)",
                    number, c / n + 1, c % n + 1, got.count ? "" : "nothing, ", best, best_score,
                    want[c], want_score);
        free(got.mask);
    }
    refs_free(rf);
}

/* Answers: givens black, the digits found grey. */
static void check_fill_inks(run *r, const image *im, const sheet_grid *g, const nonet_puzzle *p,
                            long number)
{
    const unsigned char *given = nonet_puzzle_cells(p);
    int n = g->n, bad = 0;
    for (int c = 0; c < n * n; c++) {
        int box[4];
        cell_box(r, g, c / n, c % n, box);
        int m = darkest(im, box[0], box[1], box[2], box[3]);
        if ((given[c] ? m > 85 : m < 95 || m > 180) && bad++ < 3)
            problem(r, "answer %ld: r%dc%d is grey %d, expected %s", number, c / n + 1, c % n + 1,
                    m, given[c] ? "black (a given)" : "grey (found)");
    }
}

/* Pencilmarks: ink at each candidate's place, none at the others. */
static void check_marks(run *r, const image *im, const sheet_grid *g, const nonet_puzzle *p,
                        long number)
{
    int n = g->n, bad = 0;
    uint64_t *marks = malloc((size_t)n * (size_t)n * sizeof *marks);
    sheet_marks(p, marks);
    double half = g->mark_size * 0.3 * r->k;
    for (int c = 0; c < n * n; c++)
        for (int d = 1; d <= n && marks[c]; d++) {
            double x, y;
            sheet_grid_mark_centre(g, c / n, c % n, d, &x, &y);
            int m = darkest(im, x * r->k - half, y * r->k - half, x * r->k + half, y * r->k + half);
            int want = (int)(marks[c] >> (d - 1) & 1);
            if (want != (m < 160) && bad++ < 5)
                problem(r, "puzzle %ld: r%dc%d pencilmark %d is %s", number, c / n + 1, c % n + 1,
                        d, want ? "missing" : "there but not a candidate");
        }
    free(marks);
}

/* Returns 1 when cell c of s lies in a house of `kind`. */
static int in_house(const nonet_shape *s, int c, int kind)
{
    int n = nonet_shape_size(s);
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        if (nonet_shape_house_kind(s, h) != kind) continue;
        const int *cells = nonet_shape_house_cells(s, h);
        for (int i = 0; i < n; i++)
            if (cells[i] == c) return 1;
    }
    return 0;
}

/* Darkest grey around the point (fx, fy) of cell (row, col), fractions of the cell. */
static int dark_in_cell(const run *r, const image *im, const sheet_grid *g, int row, int col,
                        double fx, double fy, double half_px)
{
    sheet_rect c = sheet_grid_cell(g, row, col);
    double x = (c.x + fx * c.w) * r->k, y = (c.y + fy * c.h) * r->k;
    return darkest(im, x - half_px, y - half_px, x + half_px + 1, y + half_px + 1);
}

/* The variants' marks in the empty cells. */
static void check_variant_marks(run *r, const image *im, const sheet_grid *g, const nonet_puzzle *p,
                                long number)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    const unsigned char *given = nonet_puzzle_cells(p);
    unsigned v = nonet_shape_variants(s);
    int n = g->n, bad = 0;
    for (int c = 0; c < n * n; c++) {
        int row = c / n, col = c % n;
        if (given[c]) continue;
        if (v & NONET_VARIANT_X) {
            int on = row == col || row + col == n - 1;
            int m = dark_in_cell(r, im, g, row, col, 0.5, 0.5, 1);
            if (on != (m < 225) && bad++ < 5)
                problem(r, "puzzle %ld: r%dc%d %s a diagonal mark", number, row + 1, col + 1,
                        on ? "lacks" : "has");
        }
        if (v & NONET_VARIANT_HYPER) {
            int on = in_house(s, c, NONET_HOUSE_HYPER);
            int m = dark_in_cell(r, im, g, row, col, 0.3, 0.7, 1);
            if ((on ? m < 195 || m > 230 : m < 245) && bad++ < 5)
                problem(r, "puzzle %ld: r%dc%d grey %d: %s", number, row + 1, col + 1, m,
                        on ? "a window cell, expected shaded" : "expected unshaded");
        }
        if (v & NONET_VARIANT_DISJOINT) {
            int br = nonet_shape_box_rows(s), bc = nonet_shape_box_cols(s);
            double fx = 0.12 + 0.76 * (col % bc + 0.5) / bc,
                   fy = 0.12 + 0.76 * (row % br + 0.5) / br;
            if (dark_in_cell(r, im, g, row, col, fx, fy, 1) > 140 && bad++ < 5)
                problem(r, "puzzle %ld: r%dc%d lacks its disjoint dot", number, row + 1, col + 1);
        }
        int grouped = in_house(s, c, NONET_HOUSE_GROUP);
        sheet_rect cr = sheet_grid_cell(g, row, col);
        double clear = g->thick / 2 * r->k + 2; /* pixels clear of the lines */
        double lx = cr.x * r->k + clear, ly = cr.y * r->k + clear;
        int m = darkest(im, lx > (cr.x + 0.07 * cr.w) * r->k ? lx : (cr.x + 0.07 * cr.w) * r->k,
                        ly > (cr.y + 0.1 * cr.h) * r->k ? ly : (cr.y + 0.1 * cr.h) * r->k,
                        (cr.x + 0.3 * cr.w) * r->k, (cr.y + 0.3 * cr.h) * r->k);
        if (!(v & (NONET_VARIANT_X | NONET_VARIANT_DISJOINT)) && grouped != (m < 160) && bad++ < 5)
            problem(r, "puzzle %ld: r%dc%d %s a group letter", number, row + 1, col + 1,
                    grouped ? "lacks" : "has");
    }
}

/* The caption: ink from the grid's left edge, as wide as the text. */
static void check_caption(run *r, const image *im, const sheet_page *pg, const sheet_grid *g,
                          const char *text, long number)
{
    ink got, want;
    int t = 160;
    ink_of(im, (int)(g->caption.x * r->k) - 4, (int)(g->caption.y * r->k),
           (int)((g->caption.x + g->caption.w) * r->k) + 4, (int)((g->y - g->thick) * r->k) - 1, t,
           &got);
    ink_of_text(text, pg->caption_size * r->k, t, &want);
    /* the text starts at the caption's left edge; its ink, a bearing later */
    int x0 = (int)lround(g->caption.x * r->k + want.x0 - TEXT_ORIGIN_X);
    double room = g->caption.w * r->k; /* a longer caption is set smaller to fit */
    double wide = want.w > room ? room * 0.97 : want.w;
    if (!got.count) problem(r, "puzzle %ld: no caption", number);
    else if (abs(got.x0 - x0) > 2 || fabs(got.w - wide) > wide * 0.04 + 3)
        problem(r,
                "puzzle %ld: the caption is %d px wide from x %d; \"%s\" is %d px wide from x %d",
                number, got.w, got.x0, text, want.w, x0);
    free(got.mask);
    free(want.mask);
}

/* Rule lines: ink in line i exactly for the rules the puzzle has (and
 * none under the grid, inside its slot, when it has none). */
static void check_rules(run *r, const image *im, const sheet_rect *slot, const sheet_grid *g,
                        int nrules, long number)
{
    for (int i = 0; i < nrules; i++) {
        double y0 = g->rules.y + i * g->rule_line_h, y1 = y0 + g->rule_line_h;
        int m =
            darkest(im, g->rules.x * r->k, y0 * r->k, (g->rules.x + g->rules.w) * r->k, y1 * r->k);
        if (m > 100) problem(r, "puzzle %ld: rule line %d is missing", number, i + 1);
    }
    double below = g->y + g->n * g->cell + g->thick;
    double y1 = g->rules.y + (nrules + 1) * g->rule_line_h;
    if (y1 > slot->y + slot->h) y1 = slot->y + slot->h;
    if (!nrules &&
        darkest(im, g->x * r->k, below * r->k, (g->x + g->n * g->cell) * r->k, y1 * r->k) < 200)
        problem(r, "puzzle %ld: ink under the grid, but it has no rule", number);
}

/* ------------------------------------------------------------------ */
/* Pages                                                                */
/* ------------------------------------------------------------------ */

static int groups_of(const nonet_shape *s)
{
    int k = 0;
    for (int h = 0; h < nonet_shape_house_count(s); h++)
        k += nonet_shape_house_kind(s, h) == NONET_HOUSE_GROUP;
    return k;
}

/* Checks one grid of a puzzle page. */
static void check_puzzle(run *r, const image *im, const sheet_page *pg, int slot, const entry *e)
{
    const nonet_shape *s = nonet_puzzle_shape(e->p);
    int n = nonet_shape_size(s);
    char rules[SHEET_MAX_RULES][SHEET_RULE_TEXT], range[16], caption[128];
    sheet_symbol_range(range, sizeof range, nonet_puzzle_symbol(e->p, 1),
                       nonet_puzzle_symbol(e->p, n), n);
    int nrules = sheet_rules(nonet_shape_box_rows(s) == 0, nonet_shape_variants(s), groups_of(s),
                             range, rules);
    sheet_grid g;
    sheet_layout_grid(&r->style, pg, slot, n, nrules, &g);
    check_lines(r, im, &g, s, e->number);
    check_symbols(r, im, &g, e->p, nonet_puzzle_cells(e->p), 60, e->number);
    if (r->candidates) check_marks(r, im, &g, e->p, e->number);
    else check_variant_marks(r, im, &g, e->p, e->number);
    sheet_facts f;
    sheet_facts_parse(nonet_puzzle_comment(e->p), &f);
    const char *band = f.rating[0] && strcmp(f.rating_label, "ER") == 0
                           ? cli_difficulty_name(strtod(f.rating, NULL))
                           : NULL;
    sheet_caption(caption, sizeof caption, e->number, &f, SHEET_CAPTION_DEFAULT, band, NULL);
    check_caption(r, im, pg, &g, caption, e->number);
    check_rules(r, im, &pg->slot[slot], &g, nrules, e->number);
}

/* Checks one grid of an answer page. */
static void check_answer(run *r, const image *im, const sheet_page *pg, int slot, const entry *e)
{
    static const char *const note[] = {"  \xC2\xB7  no solution", "",
                                       "  \xC2\xB7  the first of several solutions"};
    const nonet_shape *s = nonet_puzzle_shape(e->p);
    int n = nonet_shape_size(s);
    sheet_grid g;
    sheet_layout_grid(&r->style, pg, slot, n, 0, &g);
    check_lines(r, im, &g, s, e->number);
    const unsigned char *want = e->solution ? e->solution : nonet_puzzle_cells(e->p);
    check_symbols(r, im, &g, e->p, want, 150, e->number);
    if (e->solution) check_fill_inks(r, im, &g, e->p, e->number);
    char caption[128];
    snprintf(caption, sizeof caption, "Puzzle %ld%s", e->number, note[e->count > 2 ? 2 : e->count]);
    check_caption(r, im, pg, &g, caption, e->number);
}

/* The bands: a title when there is one, and the page number. */
static void check_bands(run *r, const image *im, const sheet_page *pg, int has_title)
{
    if (has_title) {
        ink t;
        ink_of(im, 0, (int)(pg->title.y * r->k), im->w, (int)((pg->title.y + pg->title.h) * r->k),
               100, &t);
        double centre = (t.x0 + t.x1) / 2.0;
        if (!t.count) problem(r, "no title");
        else if (fabs(centre - im->w / 2.0) > 4)
            problem(r, "the title is not centred (%.0f)", centre);
        free(t.mask);
    }
    int m = darkest(im, pg->footer.x * r->k, pg->footer.y * r->k,
                    (pg->footer.x + pg->footer.w) * r->k, (pg->footer.y + pg->footer.h) * r->k);
    if (m > 100) problem(r, "no page number");
}

/* Sizes the answer page starting at answer `from` as the sheet does. */
static int answer_page(const run *r, int from, int *largest)
{
    int count = SHEET_MAX_SLOTS;
    for (;;) {
        *largest = 0;
        for (int i = from; i < r->ne && i < from + count; i++) {
            int n = nonet_shape_size(nonet_puzzle_shape(r->e[i].p));
            if (n > *largest) *largest = n;
        }
        int fits = sheet_answers_per_page(*largest);
        if (fits >= count) return count;
        count = fits;
    }
}

static void check_page(run *r, const char *path, sheet_page_kind kind, int first, int count,
                       int largest)
{
    image im;
    r->page_name = path;
    if (load(&im, path)) {
        problem(r, "cannot read the picture");
        return;
    }
    sheet_style st = r->style;
    st.has_title = r->title || kind == SHEET_ANSWERS;
    sheet_page pg;
    sheet_layout_page(&st, kind, largest, &pg);
    int w = (int)(pg.width * r->k + 0.5), h = (int)(pg.height * r->k + 0.5);
    if (abs(im.w - w) > 1 || abs(im.h - h) > 1)
        problem(r, "%dx%d pixels, expected %dx%d", im.w, im.h, w, h);
    for (int i = 0; i < count && first + i < r->ne; i++) {
        if (kind == SHEET_PUZZLES) check_puzzle(r, &im, &pg, i, &r->e[first + i]);
        else check_answer(r, &im, &pg, i, &r->e[first + i]);
    }
    check_bands(r, &im, &pg, st.has_title);
    cairo_surface_destroy(im.s);
}

/* ------------------------------------------------------------------ */
/* Main                                                                 */
/* ------------------------------------------------------------------ */

/* Reads the options; returns the index of the first input. */
static int options(run *r, int argc, char **argv)
{
    int i = 1;
    r->style.per_page = 1;
    r->dpi = 150;
    r->close = 0.3;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0 && argv[i][2]; i++) {
        const char *o = argv[i] + 2;
        if (strcmp(o, "per-page") == 0 && i + 1 < argc) r->style.per_page = atoi(argv[++i]);
        else if (strcmp(o, "paper") == 0 && i + 1 < argc)
            r->style.paper = (sheet_paper)sheet_paper_from_name(argv[++i]);
        else if (strcmp(o, "dpi") == 0 && i + 1 < argc) r->dpi = atof(argv[++i]);
        else if (strcmp(o, "title") == 0) r->title = 1;
        else if (strcmp(o, "answers") == 0) r->answers = 1;
        else if (strcmp(o, "large-print") == 0) r->style.large_print = 1;
        else if (strcmp(o, "candidates") == 0) r->candidates = 1;
        else if (strcmp(o, "loose") == 0) r->loose = 1;
        else {
            fprintf(stderr, "sheet_check: unknown option %s\n", argv[i]);
            exit(2);
        }
    }
    r->k = r->dpi / 72.0;
    return i;
}

/* sheet_check --same REF PAGE: the page looks like the reference picture:
 * same size, mean difference under 1.5 grey levels, and under 0.3% of the
 * pixels more than 64 levels apart (fonts may be rasterised a little
 * differently by another cairo or FreeType). */
static int same(const char *ref_path, const char *path)
{
    image a, b;
    if (load(&a, ref_path) || load(&b, path)) {
        printf("%s or %s: cannot read the picture\n", ref_path, path);
        return 1;
    }
    int bad = 0;
    if (a.w != b.w || a.h != b.h) {
        printf("%s: %dx%d pixels, the reference %s %dx%d\n", path, b.w, b.h, ref_path, a.w, a.h);
        bad = 1;
    } else {
        double sum = 0;
        long far = 0;
        for (int y = 0; y < a.h; y++)
            for (int x = 0; x < a.w; x++) {
                int d = abs(grey_at(&a, x, y) - grey_at(&b, x, y));
                sum += d;
                far += d > 64;
            }
        double mean = sum / ((double)a.w * a.h), share = (double)far / ((double)a.w * a.h);
        printf("%s against %s: mean difference %.3f, %.3f%% of pixels far apart\n", path, ref_path,
               mean, share * 100);
        bad = mean > 1.5 || share > 0.003;
    }
    cairo_surface_destroy(a.s);
    cairo_surface_destroy(b.s);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--same") == 0) return same(argv[2], argv[3]);
    run r;
    memset(&r, 0, sizeof r);
    int i = options(&r, argc, argv);
    if (sheet_fonts_open(&fonts, NULL) < 0) {
        printf("sheet_check: no font\n");
        return 2;
    }
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) read_input(&r, argv[i]);
    char **pages = argv + i + 1;
    int npages = i < argc ? argc - i - 1 : 0;
    int want = 0, at = 0;
    r.page_name = "sheet";
    for (int first = 0; first < r.ne; first += r.style.per_page, want++)
        if (want < npages) check_page(&r, pages[want], SHEET_PUZZLES, first, r.style.per_page, 0);
    for (int first = 0; r.answers && first < r.ne; first += at, want++) {
        int largest;
        at = answer_page(&r, first, &largest);
        if (want < npages) check_page(&r, pages[want], SHEET_ANSWERS, first, at, largest);
    }
    r.page_name = "sheet";
    if (npages != want) problem(&r, "%d pages, expected %d", npages, want);
    for (int k = 0; k < r.ne; k++) {
        nonet_puzzle_free(r.e[k].p);
        free(r.e[k].solution);
    }
    free(r.e);
    sheet_fonts_close(&fonts);
    sheet_shutdown();
    printf("%d puzzles, %d pages checked: %d problems\n", r.ne, npages, r.problems);
    return r.problems ? 1 : 0;
}
