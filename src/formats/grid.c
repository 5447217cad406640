/*
 * grid.c - puzzles written as N rows of N symbols (NONET_FORMAT_GRID, .sdk
 * files), and the row reader the other row formats share (luogu.c, poj.c,
 * pretty read back).
 *
 * A row is either N symbols run together ("8..6....." or "800600000") or N
 * whitespace-separated tokens, each a symbol or a number 0..N ("8 0 0 6",
 * "10 0 16"). The first row of a puzzle fixes its side N. Blank lines and
 * '#' lines between rows are skipped, so boxed displays with a blank line
 * between bands read back; a blank line inside a band ends the grid (rows
 * were lost, and the next grid must not absorb them).
 * A line of N*N spaced values (N above 8) is a whole puzzle: the line
 * format writes sides beyond the alphabet so, and reads back through here;
 * what follows a comment mark ('#', ';', ',' or ':', as tdoku's
 * ":count:solution") after its values is its comment.
 * Written: N rows of symbols (numbers, spaced, beyond the alphabet).
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/rows.h"

#include <stdlib.h>

/* Value of one token: a number 0..n or a single symbol; -1 if neither. */
static int token_value(const nonet__alphabet *a, const char *t, int len, int n)
{
    if (len == 1) return nonet__alphabet_value(a, (unsigned char)t[0], n);
    int v = 0;
    for (int i = 0; i < len; i++) {
        if (t[i] < '0' || t[i] > '9' || v > NONET_MAX_SIZE) return -1;
        v = v * 10 + (t[i] - '0');
    }
    return v <= n ? v : -1;
}

/* The side a first row implies: its token count when it has spaces, else
 * its length. */
static int row_side(const nonet__line *l)
{
    int s[1], k[1];
    int count = nonet__tokens(l, 1, s, k);
    return count > 1 ? count : (int)l->len;
}

nonet_status nonet__parse_grid_row(const nonet__line *l, const nonet__alphabet *a, int n, int row,
                                   unsigned char *cells, nonet_error *err)
{
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    int count = nonet__tokens(l, NONET_MAX_SIZE, start, len);
    char b[8];
    if (count == 1 && (int)l->len == n) { /* symbols run together */
        for (int i = 0; i < n; i++) {
            int v = nonet__alphabet_value(a, (unsigned char)l->text[i], n);
            if (v < 0)
                return nonet__fail(err, NONET_ERR_SYNTAX, l->no, i + 1,
                                   "bad symbol %s in row %d, column %d",
                                   nonet__show_char((unsigned char)l->text[i], b), row + 1, i + 1);
            cells[i] = (unsigned char)v;
        }
        return NONET_OK;
    }
    if (count != n)
        return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "row %d has %d %s, expected %d",
                           row + 1, count == 1 ? (int)l->len : count,
                           count == 1 ? "symbols" : "values", n);
    for (int i = 0; i < n; i++) {
        int v = token_value(a, l->text + start[i], len[i], n);
        if (v < 0)
            return nonet__fail(err, NONET_ERR_SYNTAX, l->no, start[i] + 1,
                               "bad value \"%.*s\" in row %d, column %d (expected 0..%d)",
                               len[i] > 12 ? 12 : len[i], l->text + start[i], row + 1, i + 1, n);
        cells[i] = (unsigned char)v;
    }
    return NONET_OK;
}

/* The grid being read, for the row reader's callbacks. */
typedef struct grid_read {
    nonet_reader *r;
    nonet_puzzle *p;
} grid_read;

/* Parses row `row` of the grid being read. */
static nonet_status parse_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    grid_read *g = ctx;
    int n = g->p->shape->n;
    return nonet__parse_grid_row(l, &g->r->alpha, n, row, g->p->cells + row * n, err);
}

/* 1 when the next line is blank and `row` does not start a band of boxes:
 * the boxed display puts blank lines only between bands. */
static int blank_inside_band(void *ctx, int row)
{
    grid_read *g = ctx;
    nonet__line l;
    int band = nonet_shape_box_rows(g->p->shape);
    return band > 0 && row % band != 0 && nonet__lines_peek(&g->r->lines, 0, &l) > 0 && l.len == 0;
}

/* Reports a first row whose side is out of range, or whose shape cannot be
 * made (then its rows are skipped, so the next grid starts clean). */
static nonet_status bad_first_row(nonet_reader *r, int n, nonet_error *err)
{
    nonet__line l;
    nonet__lines_next(&r->lines, &l);
    if (n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE) { /* the shape failed */
        err->line = l.no;
        for (int row = 1; row < n && nonet__lines_peek_content(&r->lines, &l) > 0; row++)
            nonet__lines_next(&r->lines, &l);
        return err->code;
    }
    if (l.too_long)
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0, "line is longer than %d bytes",
                           NONET__MAX_LINE);
    return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                       "a grid row needs %d to %d symbols or values; this one has %d",
                       NONET_MIN_SIZE, NONET_MAX_SIZE, n);
}

/* The side k of a puzzle written whole on one line of `count` spaced values
 * (how the line format writes sides beyond the alphabet: 4096 values for
 * 64x64), or 0 when count is not such a square. */
static int whole_line_side(int count)
{
    if (count <= NONET_MAX_SIZE) return 0;
    for (int k = NONET_MIN_SIZE; k <= NONET_MAX_SIZE; k++)
        if (k * k == count) return k;
    return 0;
}

/* Where the values of a whole-puzzle line end: at its first comment mark,
 * else at its end. */
static size_t values_span(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (text[i] == '#' || text[i] == ';' || text[i] == ',' || text[i] == ':') return i;
    return len;
}

int nonet__spaced_side(const char *text, size_t len)
{
    nonet__line l = {text, values_span(text, len), 0, 0};
    int s[1], k[1], count = nonet__tokens(&l, 1, s, k);
    return count > 1 ? whole_line_side(count) : 0;
}

nonet_status nonet__spaced_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err)
{
    nonet__line l = {text, values_span(text, len), line, 0};
    int k = nonet__spaced_side(text, len);
    if (!k) return nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "not a whole puzzle of values");
    const nonet_shape *shape = nonet__reader_shape(r, k, err);
    if (!shape) return err->line = line, err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    int *start = malloc(2 * (size_t)k * (size_t)k * sizeof *start); /* then the sizes */
    if (!p || !start) {
        nonet_puzzle_free(p);
        free(start);
        return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    }
    int *size = start + k * k;
    nonet__tokens(&l, k * k, start, size);
    for (int i = 0; i < k * k; i++) {
        int v = token_value(&r->alpha, text + start[i], size[i], k);
        if (v < 0) {
            nonet__fail(err, NONET_ERR_SYNTAX, line, start[i] + 1,
                        "bad value \"%.*s\" in row %d, column %d (expected 0..%d)",
                        size[i] > 12 ? 12 : size[i], text + start[i], i / k + 1, i % k + 1, k);
            nonet_puzzle_free(p);
            free(start);
            return NONET_ERR_SYNTAX;
        }
        p->cells[i] = (unsigned char)v;
    }
    free(start);
    for (int row = 0; row < k; row++) p->row_line[row] = line;
    nonet__stamp(r, p, line);
    *out = p;
    nonet__line whole = {text, len, line, 0};
    return nonet__keep_line_comment(NONET_OK, &whole, l.len, out, err);
}

nonet_status nonet__grid_read(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    int n = row_side(&l);
    if (nonet__spaced_side(l.text, l.len)) {
        nonet__lines_next(&r->lines, &l);
        return nonet__spaced_puzzle(r, l.text, l.len, l.no, out, err);
    }
    const nonet_shape *shape =
        n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE ? nonet__reader_shape(r, n, err) : NULL;
    if (!shape) return bad_first_row(r, n, err);
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    grid_read g = {r, p};
    nonet__rows rows = {.lines = &r->lines,
                        .n = n,
                        .what = "the grid ends",
                        .its = "its",
                        .missing = NONET_ERR_SYNTAX,
                        .row = parse_row,
                        .gap = blank_inside_band,
                        .ctx = &g,
                        .row_line = p->row_line};
    nonet_status st = nonet__rows_read(&rows, 0, err);
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, p->row_line[0]);
    *out = p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Detection and writing                                                */
/* ------------------------------------------------------------------ */

/* The last rule: one run of 4..64 symbols is a grid row. */
static int detect(const nonet__sniff *s)
{
    return s->tokens == 1 && !s->framed && s->l.len >= NONET_MIN_SIZE && s->l.len <= NONET_MAX_SIZE;
}

/* N rows of symbols (numbers, spaced, beyond the alphabet). */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, 0);
}

static const char *const aliases[] = {"sdk", NULL};

const nonet__format_def nonet__format_grid = {
    .id = NONET_FORMAT_GRID,
    .name = "grid",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_GRID,
    .detect = detect,
    .read = nonet__grid_read,
    .put_grid = put_grid,
};
