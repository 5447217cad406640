/*
 * format_grid.c - puzzles written as N rows (NONET_FORMAT_GRID, _LUOGU,
 * _POJ, and _PRETTY read back).
 *
 * A row is either N symbols run together ("8..6....." or "800600000") or N
 * whitespace-separated tokens, each a symbol or a number 0..N ("8 0 0 6",
 * "10 0 16"). The first row of a puzzle fixes its side N. Blank lines and
 * '#' lines between rows are skipped, so boxed displays with a blank line
 * between bands read back. POJ 2676 input opens with the number of puzzles.
 */
#include "core/error.h"
#include "core/puzzle.h"
#include "formats/reader.h"

#include <stdlib.h>
#include <string.h>

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
    if (count == 1 && (int)l->len == n) {   /* symbols run together */
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
        return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0,
                           "row %d has %d %s, expected %d", row + 1,
                           count == 1 ? (int)l->len : count, count == 1 ? "symbols" : "values", n);
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

/* 1 when the next line is blank and `row` is not the start of a band of
 * boxes: the boxed display puts blank lines only between bands, so a blank
 * line elsewhere means the grid lost rows (the next grid must not absorb them). */
static int blank_inside_band(nonet_reader *r, const nonet_puzzle *p, int row)
{
    nonet__line l;
    int band = nonet_shape_box_rows(p->shape);
    return band > 0 && row % band != 0 && nonet__lines_peek(&r->lines, 0, &l) > 0 && l.len == 0;
}

/* Reads the n rows of one puzzle, the first already peeked. Keeps reading
 * the rows after a bad one, so the next puzzle starts in the right place,
 * and reports the first error. */
static nonet_status read_rows(nonet_reader *r, int n, nonet_puzzle *p, nonet_error *err)
{
    nonet_status first = NONET_OK;
    nonet_error e;
    for (int row = 0; row < n; row++) {
        nonet__line l;
        if (row > 0 && blank_inside_band(r, p, row))
            return first ? first
                         : nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines) + 1,
                                       0, "the grid ends after %d of its %d rows", row, n);
        if (nonet__peek_content(r, &l) <= 0)
            return first ? first
                         : nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                                       "the grid ends after %d of its %d rows", row, n);
        nonet__lines_next(&r->lines, &l);
        p->row_line[row] = l.no;
        nonet_status st =
            nonet__parse_grid_row(&l, &r->alpha, n, row, p->cells + row * n, first ? &e : err);
        if (st && !first) first = st;
    }
    return first;
}

nonet_status nonet__read_grid(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    if (r->format == NONET_FORMAT_POJ) {
        nonet_status st = nonet__count_next(r, err);
        if (st) return st;
    }
    nonet__line l;
    if (nonet__peek_content(r, &l) <= 0) return NONET_END;
    int n = row_side(&l);
    const nonet_shape *shape = n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE
                                   ? nonet__reader_shape(r, n, err)
                                   : NULL;
    if (!shape && n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE) {
        nonet__lines_next(&r->lines, &l);
        err->line = l.no;
        for (int row = 1; row < n && nonet__peek_content(r, &l) > 0; row++)
            nonet__lines_next(&r->lines, &l);   /* skip the grid: the next starts clean */
        return err->code;
    }
    if (!shape) {
        nonet__lines_next(&r->lines, &l);
        if (l.too_long)
            return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0, "line is longer than %d bytes",
                               NONET__MAX_LINE);
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a grid row needs %d to %d symbols or values; this one has %d",
                           NONET_MIN_SIZE, NONET_MAX_SIZE, n);
    }
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    nonet_status st = read_rows(r, n, p, err);
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, p->row_line[0]);
    *out = p;
    return NONET_OK;
}
