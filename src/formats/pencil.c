/*
 * format_pencil.c - pencilmark ("sukaku") puzzles: every cell carries the set
 * of digits still possible.
 *
 * NONET_FORMAT_PENCIL: one classic 9x9 puzzle a line, 729 symbols: for each
 * cell, for each digit d = 1..9, the digit d if possible else '.'. Text after
 * the 729 symbols is the comment, as in the line format.
 * NONET_FORMAT_CANDIDATES: N rows of N whitespace-separated candidate
 * strings ("1269"), frames allowed as in format_framed.c.
 *
 * A cell with one candidate becomes a given; a cell with none is an error
 * (the puzzle has no solution, and nonet says where).
 */
#include "core/bits.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "formats/reader.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* Allocates p's candidate masks from masks[], turning single candidates into
 * givens. Returns NONET_OK or NONET_ERR_NOMEM. */
static nonet_status set_candidates(nonet_puzzle *p, const uint64_t *masks, long line,
                                   nonet_error *err)
{
    int cells = p->shape->ncells;
    p->cands = malloc((size_t)cells * sizeof *p->cands);
    if (!p->cands) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    for (int c = 0; c < cells; c++) {
        p->cands[c] = masks[c];
        if (masks[c] && !(masks[c] & (masks[c] - 1)))
            p->cells[c] = (unsigned char)(nonet__ctz(masks[c]) + 1);
    }
    return NONET_OK;
}

int nonet__is_pencil_line(const char *text, size_t len)
{
    if (nonet__grid_span(text, len) != 729) return 0;
    for (int i = 0; i < 729; i++)
        if (text[i] != '.' && (text[i] < '1' || text[i] > '9')) return 0;
    return 1;
}

/* Masks of a 729-symbol line; reports the first bad symbol or empty cell. */
static nonet_status pencil_masks(const nonet__line *l, uint64_t *masks, nonet_error *err)
{
    char b[8];
    for (int c = 0; c < 81; c++) {
        masks[c] = 0;
        for (int d = 0; d < 9; d++) {
            int i = c * 9 + d;
            char ch = l->text[i];
            if (ch == '1' + d) masks[c] |= 1u << d;
            else if (ch != '.')
                return nonet__fail(err, NONET_ERR_SYNTAX, l->no, i + 1,
                                   "bad symbol %s at column %d: cell r%dc%d's digit %d is "
                                   "written '%d' or '.'",
                                   nonet__show_char((unsigned char)ch, b), i + 1, c / 9 + 1,
                                   c % 9 + 1, d + 1, d + 1);
        }
        if (!masks[c])
            return nonet__fail(err, NONET_ERR_RULE, l->no, c * 9 + 1,
                               "cell r%dc%d has no candidate left", c / 9 + 1, c % 9 + 1);
    }
    return NONET_OK;
}

nonet_status nonet__pencil_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err)
{
    if (len != 729)
        return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                           "line has %zu symbols; a pencilmark line has 729", len);
    uint64_t masks[81];
    nonet__line l = {text, len, line, 0};
    nonet_status st = pencil_masks(&l, masks, err);
    if (st) return st;
    const nonet_shape *shape = nonet__reader_shape(r, 9, err);
    if (!shape) return err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    st = set_candidates(p, masks, line, err);
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, line);
    *out = p;
    return NONET_OK;
}

nonet_status nonet__read_pencil(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__peek_content(r, &l) <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    size_t span = nonet__grid_span(l.text, l.len);
    return nonet__keep_line_comment(nonet__pencil_puzzle(r, l.text, span, l.no, out, err), &l,
                                    span, out, err);
}

/* ------------------------------------------------------------------ */
/* Candidate grids                                                      */
/* ------------------------------------------------------------------ */

/* Candidate mask of one token of side n, or 0 with err set. */
static uint64_t token_mask(const char *t, size_t len, int n, long line, int col, nonet_error *err)
{
    uint64_t m = 0;
    char b[8];
    for (size_t i = 0; i < len; i++) {
        int v = nonet__symbol_value((unsigned char)t[i], n);
        if (v <= 0) {
            nonet__fail(err, NONET_ERR_SYNTAX, line, col + (int)i,
                        "bad candidate %s at column %d (candidates are digits 1..%d)",
                        nonet__show_char((unsigned char)t[i], b), col + (int)i, n);
            return 0;
        }
        m |= 1ull << (v - 1);
    }
    return m;
}

/* Splits a cleaned row into candidate masks; n = 0 takes the side from the
 * token count. Returns the side, or -1 with err set. */
static int candidate_row(const char *buf, size_t len, long line, int n, uint64_t *masks,
                         nonet_error *err)
{
    int k = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && buf[i] == ' ') i++;
        if (i == len) break;
        size_t j = i;
        while (j < len && buf[j] != ' ') j++;
        if (k >= NONET_MAX_SIZE || (n && k >= n)) {
            nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "row has more than %d cells",
                        n ? n : NONET_MAX_SIZE);
            return -1;
        }
        masks[k] = token_mask(buf + i, j - i, n ? n : 9, line, (int)i + 1, err);
        if (!masks[k]) return -1;
        k++;
        i = j;
    }
    if (n && k != n) {
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "row has %d cells, expected %d", k, n);
        return -1;
    }
    return k;
}

/* Next cleaned content line that is not a frame rule, or -1 at the end. */
static long next_candidate_row(nonet_reader *r, int n, char *buf, size_t cap, nonet__line *l)
{
    for (;;) {
        if (nonet__peek_content(r, l) <= 0) return -1;
        nonet__lines_next(&r->lines, l);
        int framed;
        size_t len = nonet__frame_clean(l, buf, cap, &framed);
        if (!nonet__frame_is_rule(buf, len, framed | 2, n)) return (long)len;
    }
}

/* Reads all n rows of masks; keeps consuming rows after an error. */
static nonet_status candidate_rows(nonet_reader *r, int n, uint64_t *masks, long *row_line,
                                   char *buf, size_t cap, nonet_error *err)
{
    nonet_status first = NONET_OK;
    nonet_error scratch;
    for (int row = 1; row < n; row++) {
        nonet__line l;
        long len = next_candidate_row(r, n, buf, cap, &l);
        if (len < 0)
            return first ? first
                         : nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                                       "the grid ends after %d of its %d rows", row, n);
        row_line[row] = l.no;
        if (candidate_row(buf, (size_t)len, l.no, n, masks + row * n, first ? &scratch : err) < 0 &&
            !first)
            first = err->code;
    }
    return first;
}

nonet_status nonet__read_candidates(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    char buf[4096];
    uint64_t masks[NONET_MAX_CELLS];
    long row_line[NONET_MAX_SIZE];
    nonet__line l;
    long len = next_candidate_row(r, 9, buf, sizeof buf, &l);
    if (len < 0) return NONET_END;
    int n = candidate_row(buf, (size_t)len, l.no, 0, masks, err);
    if (n < 0) return err->code;
    if (n != 9)
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a candidate grid row holds 9 cells; this one has %d", n);
    row_line[0] = l.no;
    nonet_status st = candidate_rows(r, n, masks, row_line, buf, sizeof buf, err);
    if (st) return st;
    const nonet_shape *shape = nonet__reader_shape(r, n, err);
    if (!shape) return err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    memcpy(p->row_line, row_line, (size_t)n * sizeof *row_line);
    st = set_candidates(p, masks, l.no, err);
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, l.no);
    *out = p;
    return NONET_OK;
}
