/*
 * sudokupad.c - SudokuPad (NONET_FORMAT_SUDOKUPAD): links to sudokupad.app
 * (and its mirrors: app.crackingthecryptic.com, sudokupad.svencodes.com)
 * and bare payloads. A payload is a prefix and LZ-string base64 text:
 * `scl` or `ctc` holds SudokuPad's own puzzle JSON (often in its compact
 * form, json.h), `fpuz` or `fpuzzles` an f-puzzles object (read by
 * fpuzzles.c). A link holding only a short name needs SudokuPad's server:
 * it is an error saying so. Written: a SudokuPad link with the f-puzzles
 * payload (`https://sudokupad.app/?puzzleid=fpuzzles...`).
 *
 * SudokuPad's JSON says how the puzzle looks, not its rules: cells and
 * givens, regions, cages, lines, arrows and shapes (overlays, underlays)
 * in colours. This reader turns into constraints only the drawings whose
 * rule SudokuPad itself fixes (docs/CONSTRAINTS.md has the table): killer
 * cages and extra-region cages, thermometers (a line with a bulb at one
 * end), arrows with their circle, between lines, kropki dots, X and V,
 * odd and even marks, corner-to-corner diagonals, SudokuPad's global
 * rules. Any other drawing is an error naming it, never skipped: a rule
 * dropped would change the answer.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "formats/reader.h"
#include "text/json.h"
#include "text/lzstring.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TEXT = 1 << 22, MAX_SHAPES = 4096 };

typedef struct sctx {
    const nonet__json *j;
    int n;
    long line;
    nonet_puzzle *p;
    nonet_error *err;
    unsigned char *used; /* per overlay/underlay node: 1 once a rule took it */
} sctx;

/* ------------------------------------------------------------------ */
/* Reading the JSON                                                     */
/* ------------------------------------------------------------------ */

/* Member `name` of object o, or its compact name (SudokuPad's
 * PuzzleZipper shortens some names: cells "ce", value "v", ...). */
static int member(const sctx *s, int o, const char *name)
{
    static const char *const names[][2] = {
        {"color", "c"},
        {"cages", "ca"},
        {"center", "ct"},
        {"borderColor", "c1"},
        {"backgroundColor", "c2"},
        {"cells", "ce"},
        {"cellSize", "cs"},
        {"arrows", "a"},
        {"overlays", "o"},
        {"underlays", "u"},
        {"width", "w"},
        {"height", "h"},
        {"value", "v"},
        {"videos", "vd"},
        {"lines", "l"},
        {"rounded", "r"},
        {"regions", "re"},
        {"fontSize", "fs"},
        {"thickness", "th"},
        {"headLength", "hl"},
        {"wayPoints", "wp"},
        {"title", "t"},
        {"text", "te"},
        {"duration", "d"},
    };
    int k = nonet__json_get(s->j, o, name);
    if (k >= 0) return k;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i][0], name) == 0) return nonet__json_get(s->j, o, names[i][1]);
    return -1;
}

/* floor and fabs without libm (coordinates are small). */
static double floor_of(double v)
{
    double i = (double)(long)v;
    return i > v ? i - 1 : i;
}

static double abs_of(double v) { return v < 0 ? -v : v; }

static const nonet__json_node *node(const sctx *s, int k) { return &s->j->node[k]; }

/* The number of node k (a number, or a string holding one), or def. */
static double number(const sctx *s, int k, double def)
{
    if (k < 0) return def;
    if (node(s, k)->type == NONET__JSON_NUMBER) return node(s, k)->number;
    const char *t = nonet__json_str(s->j, k);
    char *end;
    double v = t && *t ? strtod(t, &end) : 0;
    return t && *t && !*end ? v : def;
}

/* The string member `name` of o, "" when none (numbers read as text). */
static const char *text_of(const sctx *s, int o, const char *name, char *buf, size_t cap)
{
    int k = member(s, o, name);
    const char *t = nonet__json_str(s->j, k);
    if (t) return t;
    if (k >= 0 && node(s, k)->type == NONET__JSON_NUMBER) {
        snprintf(buf, cap, "%g", node(s, k)->number);
        return buf;
    }
    return "";
}

/* 1 when member `name` of o is true. */
static int flag(const sctx *s, int o, const char *name)
{
    int k = member(s, o, name);
    return k >= 0 && node(s, k)->type == NONET__JSON_TRUE;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static nonet_status
fail(sctx *s, const char *fmt, ...)
{
    char msg[sizeof s->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return nonet__fail(s->err, NONET_ERR_SYNTAX, s->line, 0, "%s", msg);
}

/* A colour as "#RRGGBB" (upper case; "#RGB" widened; alpha dropped), or
 * the text as it is when it is no hex colour. */
static void colour_of(const char *c, char *out, size_t cap)
{
    size_t n = strlen(c), digits = n > 0 ? n - 1 : 0;
    int hex = n > 0 && c[0] == '#';
    for (size_t i = 1; hex && i < n; i++) hex = strchr("0123456789abcdefABCDEF", c[i]) != NULL;
    if (hex && (digits == 3 || digits == 4))
        snprintf(out, cap, "#%c%c%c%c%c%c", c[1], c[1], c[2], c[2], c[3], c[3]);
    else if (hex && (digits == 6 || digits == 8)) snprintf(out, cap, "%.7s", c);
    else snprintf(out, cap, "%s", c);
    for (char *q = out; *q; q++)
        if (*q >= 'a' && *q <= 'f') *q = (char)(*q - 'a' + 'A');
}

/* A point [row, column] (in cells, from the top left corner). */
static int point_of(const sctx *s, int k, double *y, double *x)
{
    if (k < 0 || node(s, k)->type != NONET__JSON_ARRAY || node(s, k)->count != 2) return -1;
    int a = node(s, k)->first, b = node(s, a)->next;
    if (node(s, a)->type != NONET__JSON_NUMBER || node(s, b)->type != NONET__JSON_NUMBER) return -1;
    *y = node(s, a)->number;
    *x = node(s, b)->number;
    return 0;
}

/* The cell whose centre is (y, x), or -1. */
static int centre_cell(const sctx *s, double y, double x)
{
    double r = y - 0.5, c = x - 0.5;
    if (abs_of(r - floor_of(r + 0.5)) > 0.01 || abs_of(c - floor_of(c + 0.5)) > 0.01) return -1;
    int ri = (int)floor_of(r + 0.5), ci = (int)floor_of(c + 0.5);
    return ri >= 0 && ri < s->n && ci >= 0 && ci < s->n ? ri * s->n + ci : -1;
}

/* "r3c4" of cell k, for messages. */
static const char *rc(const sctx *s, int k, char *buf)
{
    snprintf(buf, 16, "r%dc%d", (k / s->n + 1) % 100, (k % s->n + 1) % 100);
    return buf;
}

static nonet_status add(sctx *s, nonet_constraint_kind kind, const int *cells, int ncells,
                        const int *values, int nvalues)
{
    nonet_status st =
        nonet_puzzle_add_constraint(s->p, kind, cells, ncells, values, nvalues, s->err);
    if (st == NONET_ERR_ARG) {
        char msg[sizeof s->err->message];
        snprintf(msg, sizeof msg, "%s", s->err->message);
        return fail(s, "SudokuPad: %s", msg);
    }
    if (st) s->err->line = s->line;
    return st;
}

/* ------------------------------------------------------------------ */
/* Shapes: overlays and underlays                                       */
/* ------------------------------------------------------------------ */

/* What a shape is: centre, size, look. */
typedef struct shape_info {
    int k; /* its node */
    double y, x, w, h;
    int rounded;
    char bg[40], border[40], text[64];
} shape_info;

static int shape_at(const sctx *s, int k, shape_info *si)
{
    char buf[32];
    memset(si, 0, sizeof *si);
    si->k = k;
    if (point_of(s, member(s, k, "center"), &si->y, &si->x) < 0) return -1;
    si->w = number(s, member(s, k, "width"), 1);
    si->h = number(s, member(s, k, "height"), 1);
    si->rounded = flag(s, k, "rounded");
    colour_of(text_of(s, k, "backgroundColor", buf, sizeof buf), si->bg, sizeof si->bg);
    colour_of(text_of(s, k, "borderColor", buf, sizeof buf), si->border, sizeof si->border);
    snprintf(si->text, sizeof si->text, "%s", text_of(s, k, "text", buf, sizeof buf));
    return 0;
}

/* 1 when the shape is a bulb: a circle or pill at least 0.6 of a cell,
 * no text. */
static int is_bulb(const shape_info *si)
{
    return si->rounded && si->w >= 0.6 && si->h >= 0.6 && !si->text[0];
}

/* The cells a bulb covers (centres inside it), in reading order; count. */
static int bulb_cells(const sctx *s, const shape_info *si, int *cells, int cap)
{
    int count = 0;
    for (int r = 0; r < s->n; r++)
        for (int c = 0; c < s->n; c++)
            if (abs_of(r + 0.5 - si->y) < si->h / 2 && abs_of(c + 0.5 - si->x) < si->w / 2) {
                if (count == cap) return -1;
                cells[count++] = r * s->n + c;
            }
    return count;
}

/* Every overlay and underlay node, in order; count. */
static int shapes(const sctx *s, int *list, int cap)
{
    int count = 0;
    const char *names[] = {"underlays", "overlays"};
    for (int i = 0; i < 2; i++) {
        int a = member(s, 0, names[i]);
        if (a < 0 || node(s, a)->type != NONET__JSON_ARRAY) continue;
        for (int k = node(s, a)->first; k >= 0 && count < cap; k = node(s, k)->next)
            list[count++] = k;
    }
    return count;
}

/* The unused bulb covering cell `cell` (with a background other than
 * `not_bg` when given), or -1; its index in list. */
static int bulb_on(sctx *s, const int *list, int count, int cell, shape_info *out)
{
    for (int i = 0; i < count; i++) {
        shape_info si;
        if (s->used[i] || shape_at(s, list[i], &si) < 0 || !is_bulb(&si)) continue;
        int cells[NONET_MAX_SIZE], m = bulb_cells(s, &si, cells, NONET_MAX_SIZE);
        for (int c = 0; c < m; c++)
            if (cells[c] == cell) {
                *out = si;
                return i;
            }
    }
    return -1;
}

/* ------------------------------------------------------------------ */
/* Lines and arrows                                                     */
/* ------------------------------------------------------------------ */

/* The cells a polyline of cell centres passes through, in order (each
 * segment straight, diagonal or along a row or column); count, or -1 when
 * a point is no cell centre or a segment skips cells. `from` skips the
 * first points. */
static int path_cells(const sctx *s, int wp, int from, int *cells, int cap)
{
    int count = 0, i = 0, last = -1;
    for (int k = node(s, wp)->first; k >= 0; k = node(s, k)->next, i++) {
        double y, x;
        if (i < from) continue;
        if (point_of(s, k, &y, &x) < 0) return -1;
        int cell = centre_cell(s, y, x);
        if (cell < 0) return -1;
        if (last >= 0) {
            int dr = cell / s->n - last / s->n, dc = cell % s->n - last % s->n;
            int steps = abs(dr) > abs(dc) ? abs(dr) : abs(dc);
            if (steps == 0) continue;
            if ((dr && dc && abs(dr) != abs(dc))) return -1;
            for (int t = 1; t < steps; t++) {
                if (count == cap) return -1;
                cells[count++] = last + (dr / steps) * t * s->n + (dc / steps) * t;
            }
        }
        if (count == cap) return -1;
        cells[count++] = last = cell;
    }
    return count;
}

/* The cell of a line's end point (the point inside a cell, e.g. a
 * shortened end near the circle), or -1. */
static int end_cell(const sctx *s, int wp, int last)
{
    int k = node(s, wp)->first, i = 0, target = last ? node(s, wp)->count - 1 : 0;
    for (; k >= 0 && i < target; k = node(s, k)->next) i++;
    double y, x;
    if (k < 0 || point_of(s, k, &y, &x) < 0) return -1;
    int r = (int)floor_of(y), c = (int)floor_of(x);
    return r >= 0 && r < s->n && c >= 0 && c < s->n ? r * s->n + c : -1;
}

/* A line: a thermometer when one end has a filled bulb of its colour, a
 * between line when both ends have a hollow circle, a main diagonal when
 * it runs corner to corner; else an error naming its colour. */
static nonet_status read_line(sctx *s, int k, const int *list, int count)
{
    char buf[32], colour[40];
    int wp = member(s, k, "wayPoints"), cells[NONET_MAX_CELLS], m;
    colour_of(text_of(s, k, "color", buf, sizeof buf), colour, sizeof colour);
    if (wp < 0 || node(s, wp)->type != NONET__JSON_ARRAY || node(s, wp)->count < 2)
        return fail(s, "SudokuPad: a line of colour %s without points%s", colour, "");
    /* diagonal: two points, corner to corner */
    if (node(s, wp)->count == 2) {
        double y0, x0, y1, x1;
        int a = node(s, wp)->first, b = node(s, a)->next, n = s->n;
        if (!point_of(s, a, &y0, &x0) && !point_of(s, b, &y1, &x1) &&
            abs_of(abs_of(y1 - y0) - n) < 0.01 && abs_of(abs_of(x1 - x0) - n) < 0.01 &&
            (y0 == 0 || y0 == n) && (x0 == 0 || x0 == n)) {
            int rising = (y1 - y0) * (x1 - x0) < 0;
            for (int i = 0; i < n; i++) cells[i] = rising ? (n - 1 - i) * n + i : i * n + i;
            return add(s, NONET_CONS_REGION, cells, n, NULL, 0);
        }
    }
    shape_info a, b;
    int first = end_cell(s, wp, 0), last = end_cell(s, wp, 1);
    int ia = first >= 0 ? bulb_on(s, list, count, first, &a) : -1;
    int ib = last >= 0 ? bulb_on(s, list, count, last, &b) : -1;
    int hollow_a = ia >= 0 && strcmp(a.bg, "#FFFFFF") == 0;
    int hollow_b = ib >= 0 && strcmp(b.bg, "#FFFFFF") == 0;
    if (hollow_a && hollow_b) { /* between line: ends shortened toward the middle */
        m = 0;
        cells[m++] = first;
        int mid[NONET_MAX_CELLS], mm = 0, i = 0;
        for (int q = node(s, wp)->first; q >= 0; q = node(s, q)->next, i++) {
            double y, x;
            if (i == 0 || i == node(s, wp)->count - 1) continue;
            if (point_of(s, q, &y, &x) < 0 || (mid[mm] = centre_cell(s, y, x)) < 0)
                return fail(s, "SudokuPad: a between line of colour %s off the cell centres%s",
                            colour, "");
            mm++;
        }
        for (int q = 0; q < mm; q++) cells[m++] = mid[q];
        cells[m++] = last;
        s->used[ia] = s->used[ib] = 1;
        return add(s, NONET_CONS_BETWEEN, cells, m, NULL, 0);
    }
    int bulb = ia >= 0 && !hollow_a && strcmp(a.bg, colour) == 0   ? 0
               : ib >= 0 && !hollow_b && strcmp(b.bg, colour) == 0 ? 1
                                                                   : -1;
    if (bulb >= 0 && (m = path_cells(s, wp, 0, cells, NONET_MAX_CELLS)) > 1) {
        if (bulb)
            for (int i = 0; i < m / 2; i++) {
                int t = cells[i];
                cells[i] = cells[m - 1 - i];
                cells[m - 1 - i] = t;
            }
        s->used[bulb ? ib : ia] = 1;
        return add(s, NONET_CONS_THERMO, cells, m, NULL, 0);
    }
    char at[16];
    return fail(s,
                "SudokuPad: a line of colour %s from %s: nonet cannot tell its rule "
                "(docs/CONSTRAINTS.md lists the drawings it reads)",
                colour, first >= 0 ? rc(s, first, at) : "outside the grid");
}

/* A little killer: a short diagonal arrow outside the grid pointing in,
 * with a number in the cell outside where it starts; the sum of the
 * diagonal it points along. */
static nonet_status read_little_killer(sctx *s, int wp, const int *list, int count,
                                       const char *colour)
{
    double y0, x0, y1, x1;
    int a = node(s, wp)->first, n = s->n, cells[NONET_MAX_SIZE], m = 0;
    if (point_of(s, a, &y0, &x0) < 0 || point_of(s, node(s, a)->next, &y1, &x1) < 0)
        return fail(s, "SudokuPad: an arrow of colour %s without points", colour);
    int r = (int)floor_of(y0), c = (int)floor_of(x0);
    int dr = y1 > y0 ? 1 : -1, dc = x1 > x0 ? 1 : -1;
    for (int i = 0; i < count; i++) {
        shape_info si;
        if (s->used[i] || shape_at(s, list[i], &si) < 0 || !si.text[0]) continue;
        if (abs_of(si.y - (r + 0.5)) > 0.01 || abs_of(si.x - (c + 0.5)) > 0.01) continue;
        char *end;
        long sum = strtol(si.text, &end, 10);
        if (*end || sum < 0 || abs_of(y1 - y0) < 0.01 || abs_of(x1 - x0) < 0.01) break;
        for (int rr = r + dr, cc = c + dc; rr >= 0 && rr < n && cc >= 0 && cc < n;
             rr += dr, cc += dc)
            cells[m++] = rr * n + cc;
        if (m == 0) break;
        s->used[i] = 1;
        return add(s, NONET_CONS_LITTLE_KILLER, cells, m, (int[]){(int)sum}, 1);
    }
    return fail(s,
                "SudokuPad: an arrow of colour %s outside the grid without a number where it "
                "starts: nonet cannot tell its rule",
                colour);
}

/* An arrow: its start in a bulb (the circle, 1 to 8 cells), its points
 * then on cell centres; else an error. */
static nonet_status read_arrow(sctx *s, int k, const int *list, int count)
{
    char buf[32], colour[40], at[16];
    int wp = member(s, k, "wayPoints"), cells[NONET_MAX_CELLS + 8], line[NONET_MAX_CELLS];
    colour_of(text_of(s, k, "color", buf, sizeof buf), colour, sizeof colour);
    int start = wp >= 0 && node(s, wp)->type == NONET__JSON_ARRAY && node(s, wp)->count >= 2
                    ? end_cell(s, wp, 0)
                    : -1;
    shape_info si;
    if (start < 0 && wp >= 0 && node(s, wp)->type == NONET__JSON_ARRAY && node(s, wp)->count == 2)
        return read_little_killer(s, wp, list, count, colour);
    int ib = start >= 0 ? bulb_on(s, list, count, start, &si) : -1;
    if (ib < 0 || strcmp(si.bg, "#FFFFFF") != 0)
        return fail(s,
                    "SudokuPad: an arrow of colour %s from %s without a circle: nonet cannot "
                    "tell its rule",
                    colour, start >= 0 ? rc(s, start, at) : "outside the grid");
    int kc = bulb_cells(s, &si, cells, 8);
    int m = path_cells(s, wp, 1, line, NONET_MAX_CELLS);
    if (kc < 1 || m < 1)
        return fail(s, "SudokuPad: an arrow of colour %s from %s off the cell centres", colour,
                    rc(s, start, at));
    int total = kc;
    for (int i = 0; i < m; i++) {
        int in = 0;
        for (int c = 0; c < kc; c++) in |= cells[c] == line[i];
        if (!in) cells[total++] = line[i];
    }
    s->used[ib] = 2; /* a circle may carry several arrows */
    return add(s, NONET_CONS_ARROW, cells, total, (int[]){kc}, kc > 1);
}

/* ------------------------------------------------------------------ */
/* Dots, X and V, odd and even                                          */
/* ------------------------------------------------------------------ */

/* The two cells either side of a border point (y, x), or -1. */
static int border_pair(const sctx *s, double y, double x, int *a, int *b)
{
    double fy = y - floor_of(y), fx = x - floor_of(x);
    int n = s->n;
    if (abs_of(fy) < 0.01 && abs_of(fx - 0.5) < 0.01) { /* horizontal border */
        int r = (int)floor_of(y + 0.5), c = (int)floor_of(x);
        if (r < 1 || r >= n || c < 0 || c >= n) return -1;
        *a = (r - 1) * n + c;
        *b = r * n + c;
        return 0;
    }
    if (abs_of(fx) < 0.01 && abs_of(fy - 0.5) < 0.01) {
        int r = (int)floor_of(y), c = (int)floor_of(x + 0.5);
        if (c < 1 || c >= n || r < 0 || r >= n) return -1;
        *a = r * n + c - 1;
        *b = r * n + c;
        return 0;
    }
    return -1;
}

/* A quadruple: a white circle at a corner of four cells holding 1 to 4
 * digits; the count of digits (quad_cells and quad set), or 0. */
static int read_quad(const sctx *s, const shape_info *si, int *quad_cells, int *quad)
{
    int nquad = 0;
    int r = (int)floor_of(si->y + 0.5), c = (int)floor_of(si->x + 0.5), n = s->n;
    if (abs_of(si->y - r) > 0.01 || abs_of(si->x - c) > 0.01 || r < 1 || r >= n || c < 1 || c >= n)
        return 0;
    for (const unsigned char *t = (const unsigned char *)si->text; *t; t++) {
        if (*t >= '1' && *t <= '9' && nquad < 4) quad[nquad++] = *t - '0';
        else if (t[0] == 0xC2 && t[1] == 0xA0) t++; /* no-break space */
        else if (t[0] == 0xE2 && t[1] == 0x80 && t[2] >= 0x80 && t[2] <= 0x8A) t += 2;
        else if (*t != ' ' && *t != '\n') return 0;
    }
    quad_cells[0] = (r - 1) * n + c - 1;
    quad_cells[1] = (r - 1) * n + c;
    quad_cells[2] = r * n + c - 1;
    quad_cells[3] = r * n + c;
    return nquad;
}

/* A shape no rule took: a dot, X, V, odd or even mark, else an error. */
static nonet_status read_shape(sctx *s, int k)
{
    shape_info si;
    int a = -1, b = -1, cells[2];
    char at[16], what[160];
    if (shape_at(s, k, &si) < 0) return fail(s, "SudokuPad: a shape without a centre");
    int on_border = border_pair(s, si.y, si.x, &a, &b) == 0;
    int cell = centre_cell(s, si.y, si.x);
    cells[0] = a;
    cells[1] = b;
    if (on_border && si.rounded && si.w >= 0.2 && si.w <= 0.45 && si.h == si.w && !si.text[0]) {
        if (strcmp(si.bg, "#000000") == 0) return add(s, NONET_CONS_BLACK_DOT, cells, 2, NULL, 0);
        if (strcmp(si.bg, "#FFFFFF") == 0 && strcmp(si.border, "#000000") == 0)
            return add(s, NONET_CONS_WHITE_DOT, cells, 2, NULL, 0);
    }
    int quad_cells[4], quad[4], nquad = 0;
    if (si.rounded && strcmp(si.bg, "#FFFFFF") == 0 && strcmp(si.border, "#000000") == 0)
        nquad = read_quad(s, &si, quad_cells, quad);
    if (nquad) return add(s, NONET_CONS_QUADRUPLE, quad_cells, 4, quad, nquad);
    if (on_border && si.w <= 0.45 && si.h <= 0.45 && si.text[0] && !si.text[1] &&
        strchr("XxVv", si.text[0]))
        return add(s, si.text[0] == 'X' || si.text[0] == 'x' ? NONET_CONS_X : NONET_CONS_V, cells,
                   2, NULL, 0);
    if (cell >= 0 && !si.text[0] && strcmp(si.bg, "#CFCFCF") == 0 && si.w >= 0.5 && si.w <= 0.8 &&
        si.h == si.w)
        return add(s, si.rounded ? NONET_CONS_ODD : NONET_CONS_EVEN, &cell, 1, NULL, 0);
    if (si.text[0] && strcmp(si.text, " ") != 0)
        snprintf(what, sizeof what, "the text \"%.40s\"", si.text);
    else
        snprintf(what, sizeof what, "a %s of colour %s", si.rounded ? "circle" : "rectangle",
                 si.bg[0]       ? si.bg
                 : si.border[0] ? si.border
                                : "none");
    return fail(s, "SudokuPad: %s at %s: nonet cannot tell its rule", what,
                cell >= 0   ? rc(s, cell, at)
                : on_border ? "a cell border"
                            : "a point off the cells");
}

/* ------------------------------------------------------------------ */
/* Cages, metadata, global rules                                        */
/* ------------------------------------------------------------------ */

/* Cage cells: [[row, column], ...] 0-based; count or -1. */
static int cage_cells(const sctx *s, int a, int *cells, int cap)
{
    int count = 0;
    if (a < 0 || node(s, a)->type != NONET__JSON_ARRAY) return -1;
    for (int k = node(s, a)->first; k >= 0; k = node(s, k)->next) {
        double r, c;
        if (count == cap || point_of(s, k, &r, &c) < 0) return -1;
        if (r < 0 || c < 0 || r >= s->n || c >= s->n || r != floor_of(r) || c != floor_of(c))
            return -1;
        cells[count++] = (int)r * s->n + (int)c;
    }
    return count;
}

/* 1 when text is "name: value" (SudokuPad's metadata in a cage). */
static int is_meta(const char *t)
{
    const char *colon = strchr(t, ':');
    return colon && colon > t && colon[1] == ' ';
}

/* A whole number in text (a cage's sum), or -1. */
static int whole(const char *t)
{
    char *end;
    long v = *t ? strtol(t, &end, 10) : -1;
    return *t && !*end && v >= 0 && v < 100000 ? (int)v : -1;
}

static nonet_status read_cage(sctx *s, int k, int disjoint)
{
    char buf[32], style[32], type[32];
    int cells[NONET_MAX_CELLS];
    int count = cage_cells(s, member(s, k, "cells"), cells, NONET_MAX_CELLS);
    const char *value = text_of(s, k, "value", buf, sizeof buf);
    snprintf(style, sizeof style, "%s", text_of(s, k, "style", buf, sizeof buf));
    snprintf(type, sizeof type, "%s", text_of(s, k, "type", buf, sizeof buf));
    int uk = member(s, k, "unique"), repeats = uk >= 0 && node(s, uk)->type == NONET__JSON_FALSE;
    if (member(s, k, "cells") < 0 || (count == 0 && node(s, member(s, k, "cells"))->count == 0))
        return NONET_OK; /* metadata ("title: ...") or an empty cage: no rule */
    if (count < 0) return fail(s, "SudokuPad: a cage with a bad cell");
    if (strcmp(type, "disjoint") == 0)
        return disjoint ? NONET_OK : add(s, NONET_CONS_REGION, cells, count, NULL, 0);
    if (repeats)
        return fail(s,
                    "SudokuPad: a cage at %s whose digits may repeat (\"%.40s\"): nonet "
                    "cannot tell its rule",
                    rc(s, cells[0], buf), value);
    if (strcmp(style, "extraregion") == 0 && !value[0])
        return add(s, NONET_CONS_REGION, cells, count, NULL, 0);
    if (!value[0]) return add(s, NONET_CONS_CAGE, cells, count, NULL, 0);
    int sum = whole(value);
    if (sum < 0 || is_meta(value))
        return fail(s, "SudokuPad: a cage at %s labelled \"%.40s\": nonet cannot tell its rule",
                    rc(s, cells[0], type), value);
    return add(s, NONET_CONS_CAGE, cells, count, &sum, 1);
}

/* The variant bits and negative rules of SudokuPad's "global" list and
 * metadata; an error for an entry nonet does not know. */
static nonet_status read_globals(sctx *s, unsigned *variants, int *dots_neg, int *xv_neg,
                                 int *disjoint)
{
    int g = member(s, 0, "global"), md = member(s, 0, "metadata");
    if (md >= 0 && member(s, md, "bgimage") >= 0)
        return fail(s, "SudokuPad: a background image: nonet cannot read rules drawn in it");
    if (md >= 0 && flag(s, md, "antiknight")) *variants |= NONET_VARIANT_ANTI_KNIGHT;
    if (md >= 0 && flag(s, md, "antiking")) *variants |= NONET_VARIANT_ANTI_KING;
    if (g < 0 || node(s, g)->type != NONET__JSON_ARRAY) return NONET_OK;
    for (int k = node(s, g)->first; k >= 0; k = node(s, k)->next) {
        const char *t = nonet__json_str(s->j, k);
        if (!t) return fail(s, "SudokuPad: a global rule that is not a name");
        if (!strcmp(t, "antiknight")) *variants |= NONET_VARIANT_ANTI_KNIGHT;
        else if (!strcmp(t, "antiking")) *variants |= NONET_VARIANT_ANTI_KING;
        else if (!strcmp(t, "nonconsecutive")) *variants |= NONET_VARIANT_NON_CONSECUTIVE;
        else if (!strcmp(t, "disjoint")) *variants |= NONET_VARIANT_DISJOINT, *disjoint = 1;
        else if (!strcmp(t, "antidifference")) *dots_neg |= 1;
        else if (!strcmp(t, "antiratio")) *dots_neg |= 2;
        else if (!strcmp(t, "antixv")) *xv_neg = 3;
        else return fail(s, "SudokuPad: the global rule \"%.40s\" is not one nonet knows%s", t, "");
    }
    return NONET_OK;
}

/* Top-level members: those that draw (read by the rules above), those
 * without a rule, else an error. */
static nonet_status check_members(sctx *s)
{
    static const char *const known[] = {
        "id",       "metadata",  "cells",  "regions",  "cages",    "lines",    "arrows",
        "overlays", "underlays", "global", "cellSize", "settings", "videos",   "duration",
        "title",    "author",    "rules",  "solution", "metaData", "puzzleId", NULL,
    };
    for (int m = node(s, 0)->first; m >= 0; m = node(s, m)->next) {
        const char *name = s->j->strings + node(s, m)->key;
        int ok = 0;
        for (const char *const *k = known; *k && !ok; k++) {
            int back = member(s, 0, *k);
            ok = back == m;
        }
        if (!ok)
            return fail(s, "SudokuPad: the member \"%.40s\" is not one nonet knows (%s)", name,
                        "docs/CONSTRAINTS.md lists what it reads");
    }
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* The grid                                                             */
/* ------------------------------------------------------------------ */

/* The givens (cells[], 0 empty) of the "cells" rows; n set. */
static nonet_status read_cells(sctx *s, unsigned char *givens)
{
    int rows = member(s, 0, "cells"), r = 0;
    char buf[32];
    if (rows < 0 || node(s, rows)->type != NONET__JSON_ARRAY)
        return fail(s, "SudokuPad: no \"cells\" (not a SudokuPad puzzle?)");
    s->n = node(s, rows)->count;
    if (s->n < NONET_MIN_SIZE || s->n > NONET_MAX_SIZE) {
        snprintf(buf, sizeof buf, "%d", s->n);
        return fail(s, "SudokuPad: a grid of %s rows: nonet reads %s", buf, "4 to 64");
    }
    for (int row = node(s, rows)->first; row >= 0; row = node(s, row)->next, r++) {
        int c = 0;
        if (node(s, row)->type != NONET__JSON_ARRAY || node(s, row)->count != s->n)
            return fail(s, "SudokuPad: a grid that is not square");
        for (int e = node(s, row)->first; e >= 0; e = node(s, e)->next, c++) {
            int v = member(s, e, "value");
            double d = number(s, v, -1);
            givens[r * s->n + c] = 0;
            if (v < 0) continue;
            if (d < 1 || d > s->n || d != floor_of(d))
                return fail(s, "SudokuPad: a given \"%.20s\" at %s out of range",
                            text_of(s, e, "value", buf, sizeof buf), "a cell");
            givens[r * s->n + c] = (unsigned char)d;
        }
    }
    return NONET_OK;
}

/* The region of each cell from "regions" (lists of [row, column]); 1 when
 * they are the classic boxes, 0 when a jigsaw, -1 on an error. */
static int read_regions(sctx *s, int *region)
{
    int a = member(s, 0, "regions"), id = 0, cells[NONET_MAX_CELLS], n = s->n;
    for (int c = 0; c < n * n; c++) region[c] = -1;
    if (a < 0 || node(s, a)->type != NONET__JSON_ARRAY || node(s, a)->count != n) return -1;
    for (int k = node(s, a)->first; k >= 0; k = node(s, k)->next, id++) {
        int m = cage_cells(s, k, cells, NONET_MAX_CELLS);
        if (m != n) return -1;
        for (int i = 0; i < m; i++) {
            if (region[cells[i]] >= 0) return -1;
            region[cells[i]] = id;
        }
    }
    nonet_error e;
    nonet_shape *boxes = nonet_shape_new_classic(n, &e);
    int classic = boxes != NULL, map[NONET_MAX_SIZE];
    for (int i = 0; i < n; i++) map[i] = -1;
    for (int c = 0; classic && c < n * n; c++) {
        if (region[c] < 0 || region[c] >= n) { /* every cell is in one of the n regions */
            classic = 0;
            break;
        }
        if (map[region[c]] < 0) map[region[c]] = boxes->region[c];
        classic = map[region[c]] == boxes->region[c];
    }
    nonet_shape_free(boxes);
    return classic;
}

/* Lines, arrows, cages, then every shape no rule took. */
static nonet_status read_drawing(sctx *s, int disjoint)
{
    int list[MAX_SHAPES], count = shapes(s, list, MAX_SHAPES);
    nonet_status st = NONET_OK;
    if (count == MAX_SHAPES) return fail(s, "SudokuPad: over 4096 shapes");
    const char *kinds[] = {"arrows", "lines", "cages"};
    for (int t = 0; t < 3 && !st; t++) {
        int a = member(s, 0, kinds[t]);
        if (a < 0 || node(s, a)->type != NONET__JSON_ARRAY) continue;
        for (int k = node(s, a)->first; k >= 0 && !st; k = node(s, k)->next)
            st = t == 0   ? read_arrow(s, k, list, count)
                 : t == 1 ? read_line(s, k, list, count)
                          : read_cage(s, k, disjoint);
    }
    for (int i = 0; i < count && !st; i++)
        if (!s->used[i]) st = read_shape(s, list[i]);
    return st;
}

/* 1 when p has a white or black dot. */
static int has_dots(const nonet_puzzle *p)
{
    for (int i = 0; i < p->ncons; i++)
        if (p->cons[i].kind == NONET_CONS_WHITE_DOT || p->cons[i].kind == NONET_CONS_BLACK_DOT)
            return 1;
    return 0;
}

/* Gives s->p the shape of sp instead (same size: the givens and the
 * constraints stay). Used when the global "nonconsecutive" turns out to
 * be the dots' negative rule: f-puzzles (whose export SudokuPad reads) and
 * the solvers reading it apply it only to the neighbours without a dot, so
 * with dots drawn it is that rule (as nonet__fpuzzles_build reads it), not
 * the variant, which would forbid every white dot. */
static nonet_status reshape(sctx *s, const nonet_shape_spec *sp)
{
    nonet_shape *shape = nonet_shape_new(sp, s->err);
    if (!shape) {
        s->err->line = s->line;
        return s->err->code;
    }
    nonet_shape_free(s->p->shape);
    s->p->shape = shape;
    return NONET_OK;
}

static nonet_status build_scl(nonet_reader *r, const nonet__json *j, long line, nonet_puzzle **out,
                              nonet_error *err)
{
    sctx s = {j, 0, line, NULL, err, NULL};
    unsigned char givens[NONET_MAX_CELLS];
    int region[NONET_MAX_CELLS], dots_neg = 0, xv_neg = 0, disjoint = 0;
    unsigned variants = r->variants;
    if (node(&s, 0)->type != NONET__JSON_OBJECT)
        return fail(&s, "SudokuPad: the payload is not an object");
    nonet_status st = check_members(&s);
    if (!st) st = read_cells(&s, givens);
    if (!st) st = read_globals(&s, &variants, &dots_neg, &xv_neg, &disjoint);
    if (st) return st;
    int classic = read_regions(&s, region);
    if (classic < 0)
        return fail(&s, "SudokuPad: no \"regions\" splitting the grid into regions of N cells");
    nonet_shape_spec sp = {0};
    sp.size = s.n;
    sp.variants = variants;
    sp.regions = classic ? NULL : region;
    nonet_shape *shape = nonet_shape_new(&sp, err);
    if (!shape) {
        err->line = line;
        return err->code;
    }
    s.p = nonet__puzzle_alloc(shape, 0);
    nonet_shape_free(shape);
    s.used = calloc(MAX_SHAPES, 1);
    if (!s.p || !s.used) {
        nonet_puzzle_free(s.p);
        free(s.used);
        return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    }
    memcpy(s.p->cells, givens, (size_t)s.n * (size_t)s.n);
    st = read_drawing(&s, disjoint);
    if (!st && (variants & ~r->variants & NONET_VARIANT_NON_CONSECUTIVE) && has_dots(s.p)) {
        sp.variants = variants & ~(unsigned)NONET_VARIANT_NON_CONSECUTIVE;
        st = reshape(&s, &sp);
        dots_neg |= 1;
    }
    if (!st && dots_neg) st = add(&s, NONET_CONS_DOTS_NEGATIVE, NULL, 0, &dots_neg, 1);
    if (!st && xv_neg) st = add(&s, NONET_CONS_XV_NEGATIVE, NULL, 0, &xv_neg, 1);
    free(s.used);
    if (st) {
        nonet_puzzle_free(s.p);
        return st;
    }
    nonet__stamp(r, s.p, line);
    *out = s.p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Links and payloads                                                   */
/* ------------------------------------------------------------------ */

/* Where the puzzle id starts in a link (after "puzzleid=", or after the
 * host's path), or the text itself; its length in *len. */
static const char *puzzle_id(const char *t, size_t n, size_t *len)
{
    static const char *const marks[] = {"puzzleid=",
                                        "sudokupad.app/sudoku/",
                                        "sudokupad.app/",
                                        "crackingthecryptic.com/sudoku/",
                                        "sudokupad.svencodes.com/puzzle/",
                                        NULL};
    for (const char *const *m = marks; *m; m++) {
        size_t k = strlen(*m);
        for (size_t i = 0; i + k <= n; i++)
            if (memcmp(t + i, *m, k) == 0) {
                size_t end = i + k;
                while (end < n && t[end] != '&' && t[end] != '#' && t[end] != ' ' && t[end] != '?')
                    end++;
                *len = end - i - k;
                return t + i + k;
            }
    }
    *len = n;
    return t;
}

static int starts(const char *t, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && memcmp(t, w, k) == 0;
}

static int is_link(const char *t, size_t n)
{
    static const char *const hosts[] = {"sudokupad.app", "crackingthecryptic.com",
                                        "sudokupad.svencodes.com", NULL};
    if (!starts(t, n, "http")) return 0;
    for (const char *const *h = hosts; *h; h++)
        for (size_t i = 0; i + strlen(*h) <= n && i < 40; i++)
            if (memcmp(t + i, *h, strlen(*h)) == 0) return 1;
    return 0;
}

static int detect(const nonet__sniff *sn)
{
    const char *t = sn->l.text;
    size_t n = sn->l.len;
    if (is_link(t, n)) return 1;
    return n > 8 && (starts(t, n, "scl") || starts(t, n, "ctc")) && !memchr(t, ' ', n);
}

static nonet_status read_sudokupad(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    long line = l.no;
    size_t n, jlen;
    const char *id = puzzle_id(l.text, l.len, &n);
    int fpuz = starts(id, n, "fpuzzles") ? 8 : starts(id, n, "fpuz") ? 4 : 0;
    int scl = starts(id, n, "scl") || starts(id, n, "ctc") ? 3 : 0;
    if (!fpuz && !scl) {
        if (starts(id, n, "scf"))
            return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                               "SudokuPad: an scf payload: nonet does not read that format");
        return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                           "SudokuPad: \"%.*s\" is a name on SudokuPad's server, not a puzzle: "
                           "nonet reads the payload itself (in SudokuPad, share the puzzle "
                           "as a link holding it: sudokupad.app/scl..., or an f-puzzles link)",
                           (int)(n > 40 ? 40 : n), id);
    }
    char *json = nonet__lz_decompress(id + fpuz + scl, n - (size_t)(fpuz + scl), MAX_TEXT, &jlen);
    if (!json)
        return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                           "SudokuPad: the payload is not LZ-string base64");
    nonet__json j = {0};
    nonet_status st;
    int bad = fpuz ? nonet__json_parse(&j, json, jlen) : nonet__json_parse_loose(&j, json, jlen);
    if (bad)
        st = nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "SudokuPad: bad JSON at byte %zu: %s",
                         j.error_at + 1, j.error);
    else if (fpuz) st = nonet__fpuzzles_build(r, &j, line, out, err);
    else st = build_scl(r, &j, line, out, err);
    nonet__json_free(&j);
    free(json);
    return st;
}

/* ------------------------------------------------------------------ */
/* Writing: a SudokuPad link with the f-puzzles payload                 */
/* ------------------------------------------------------------------ */

static const char *const link_prefix = "https://sudokupad.app/?puzzleid=fpuzzles";

static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_fpuzzles_link(o, link_prefix, 1, s, NULL, g, NULL);
}

static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    nonet__put_fpuzzles_link(o, link_prefix, 1, p->shape, p, p->cells, NULL);
}

static void put_answer(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                       const unsigned char *solution)
{
    nonet__put_fpuzzles_link(o, link_prefix, 1, p->shape, p, p->cells,
                             res->solutions ? solution : NULL);
}

const nonet__format_def nonet__format_sudokupad = {
    .id = NONET_FORMAT_SUDOKUPAD,
    .name = "sudokupad",
    .aliases = (const char *const[]){"sudokupad-link", "scl", "ctc", NULL},
    .reads_as = NONET_FORMAT_SUDOKUPAD,
    .detect = detect,
    .read = read_sudokupad,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
    .put_answer = put_answer,
};
