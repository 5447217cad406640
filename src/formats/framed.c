/*
 * framed.c - grids drawn with box separators (NONET_FORMAT_FRAMED):
 * Simple Sudoku .ss files, qqwing's readable mode, "+---+" ASCII frames and
 * grids drawn with Unicode box-drawing characters (nonet's own `unicode`).
 *
 * A line is cleaned by turning every frame character ('|', '+' and the
 * box-drawing block U+2500..U+257F) into a space. A cleaned line is a rule
 * (skipped) when its other characters are only '-', '=', '.', ':', '\'' and
 * it holds a '-' or '=', unless it is exactly N dashes: "---|---|---" is a
 * row of nine blanks. Every other line is a row: its non-space characters
 * are the N symbols of the row (in the reader's alphabet). The first row
 * fixes N. The frame helpers are shared with candidates.c and detection.
 * Written: "..3|.1.|..." rows and "---+---+---" rules between bands; beyond
 * the alphabet, numbers 2 wide with " | " between boxes.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/rows.h"

#include <string.h>

/* Bytes of the box-drawing character (U+2500..U+257F) at t, or 0. */
static size_t box_char(const char *t, size_t left)
{
    const unsigned char *u = (const unsigned char *)t;
    if (left >= 3 && u[0] == 0xE2 && (u[1] == 0x94 || u[1] == 0x95) && u[2] >= 0x80 && u[2] <= 0xBF)
        return 3;
    return 0;
}

size_t nonet__frame_clean(const nonet__line *l, char *out, size_t cap, int *framed)
{
    size_t k = 0;
    *framed = 0;
    for (size_t i = 0; i < l->len && k + 1 < cap; i++) {
        size_t b = box_char(l->text + i, l->len - i);
        if (b || l->text[i] == '|' || l->text[i] == '+') {
            out[k++] = ' ';
            *framed |= b || l->text[i] == '+' ? 2 : 1;
            i += b ? b - 1 : 0;
        } else {
            out[k++] = l->text[i] == '\t' ? ' ' : l->text[i];
        }
    }
    out[k] = '\0';
    return k;
}

int nonet__frame_is_rule(const char *clean, size_t len, int framed, int n)
{
    size_t marks = 0, dashes = 0, other = 0;
    for (size_t i = 0; i < len; i++) {
        char c = clean[i];
        if (c == ' ') continue;
        if (c == '-') dashes++;
        else if (c == '=') marks++;
        else if (c == '.' || c == ':' || c == '\'') other++;
        else return 0;
    }
    if (!dashes && !marks) return dashes + marks + other == 0;
    if (marks || other || (framed & 2)) return 1;
    return (int)dashes != n;
}

/* Reads the next content line that is not a rule into buf (cleaned); returns
 * its cleaned length with *l set, or -1 at the end of the input. */
static long next_row(nonet_reader *r, int n, char *buf, size_t cap, nonet__line *l)
{
    for (;;) {
        if (nonet__lines_peek_content(&r->lines, l) <= 0) return -1;
        nonet__lines_next(&r->lines, l);
        int framed;
        size_t len = nonet__frame_clean(l, buf, cap, &framed);
        if (!nonet__frame_is_rule(buf, len, framed, n)) return (long)len;
    }
}

/* Parses the symbols of a cleaned row into cells; n = 0 means "any side"
 * and returns the count found. Returns the side, or -1 with err set. */
static int parse_row(const nonet__alphabet *a, const char *buf, size_t len, const nonet__line *l,
                     int n, int row, unsigned char *cells, nonet_error *err)
{
    int k = 0;
    char b[8];
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == ' ') continue;
        int side = n ? n : NONET_MAX_SIZE;
        int v = nonet__alphabet_value(a, (unsigned char)buf[i], side);
        if (v < 0) {
            nonet__fail(err, NONET_ERR_SYNTAX, l->no, (int)i + 1, "bad symbol %s in row %d",
                        nonet__show_char((unsigned char)buf[i], b), row + 1);
            return -1;
        }
        if (n && k >= n) {
            nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "row %d has more than %d symbols", row + 1,
                        n);
            return -1;
        }
        if (k < NONET_MAX_SIZE) cells[k] = (unsigned char)v;
        k++;
    }
    if (n && k != n) {
        nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "row %d has %d symbols, expected %d", row + 1,
                    k, n);
        return -1;
    }
    return k;
}

/* The grid being read, for the row reader's callbacks. */
typedef struct framed_read {
    nonet_reader *r;
    nonet_puzzle *p;
    char buf[1024]; /* the row's cleaned line */
    size_t len;
} framed_read;

/* Cleans the line; a rule is no row. */
static int is_rule(void *ctx, const nonet__line *l)
{
    framed_read *f = ctx;
    int framed;
    f->len = nonet__frame_clean(l, f->buf, sizeof f->buf, &framed);
    return nonet__frame_is_rule(f->buf, f->len, framed, f->p->shape->n);
}

/* Parses a row after the first (the reader's cleaned line). */
static nonet_status rest_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    framed_read *f = ctx;
    int n = f->p->shape->n;
    return parse_row(&f->r->alpha, f->buf, f->len, l, n, row, f->p->cells + row * n, err) < 0
               ? err->code
               : NONET_OK;
}

/* Reads one framed grid; its first row fixes its side. */
static nonet_status read_framed(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    framed_read f;
    unsigned char first[NONET_MAX_SIZE];
    nonet__line l;
    long len = next_row(r, r->last_side ? r->last_side : 9, f.buf, sizeof f.buf, &l);
    if (len < 0) return NONET_END;
    int n = parse_row(&r->alpha, f.buf, (size_t)len, &l, 0, 0, first, err);
    if (n < 0) return err->code;
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a framed row needs %d to %d symbols; this one has %d", NONET_MIN_SIZE,
                           NONET_MAX_SIZE, n);
    const nonet_shape *shape = nonet__reader_shape(r, n, err);
    if (!shape) return err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    /* Row 1 was read before N was known: parse it again so its symbols are
     * bounded by N (a 9x9 row must not hold 'w'); on error still consume
     * the other rows so the next puzzle starts in place. */
    nonet_error scratch;
    nonet_status st = parse_row(&r->alpha, f.buf, (size_t)len, &l, n, 0, p->cells, err) < 0
                          ? err->code
                          : NONET_OK;
    p->row_line[0] = l.no;
    r->last_side = n;
    f.r = r;
    f.p = p;
    nonet__rows rows = {.lines = &r->lines,
                        .n = n,
                        .what = "the grid ends",
                        .its = "its",
                        .missing = NONET_ERR_SYNTAX,
                        .row = rest_row,
                        .skip = is_rule,
                        .ctx = &f,
                        .row_line = p->row_line};
    nonet_status rest = nonet__rows_read(&rows, 1, st ? &scratch : err);
    if (!st) st = rest;
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, l.no);
    *out = p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Detection and writing                                                */
/* ------------------------------------------------------------------ */

/* After candidates.c's rule: a frame character, or a rule. */
static int detect(const nonet__sniff *s) { return s->framed; }

/* Simple Sudoku style: "..3|.1.|..." rows, "---+---+---" between bands.
 * Sides beyond the alphabet: numbers 2 wide, " " between cells, " | "
 * between boxes, and rules of the same width. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n, br = s->box_rows > 0 ? s->box_rows : n, bc = s->box_cols > 0 ? s->box_cols : n;
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, n);
    int width = t.numbers && n >= 10 ? 2 : 1;
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) { /* the row's layout with '-' for all but '|' */
            for (int c = 0; c < n; c++) {
                if (c && c % bc == 0) nonet__puts(o, t.numbers ? "-+" : "+");
                for (int i = c && t.numbers ? -1 : 0; i < width; i++) nonet__putc(o, '-');
            }
            nonet__putc(o, '\n');
        }
        for (int c = 0; c < n; c++) {
            if (c && c % bc == 0) nonet__puts(o, t.numbers ? " |" : "|");
            if (c && t.numbers) nonet__putc(o, ' ');
            if (t.numbers) nonet__put_int(o, g[r * n + c], width);
            else nonet__putc(o, t.of[g[r * n + c]]);
        }
        nonet__putc(o, '\n');
    }
}

static const char *const aliases[] = {"ss", "qqwing", NULL};

const nonet__format_def nonet__format_framed = {
    .id = NONET_FORMAT_FRAMED,
    .name = "framed",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_FRAMED,
    .detect = detect,
    .read = read_framed,
    .put_grid = put_grid,
};
