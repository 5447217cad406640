/*
 * detect.c - telling the input format from the first lines.
 *
 * The rules, applied to the first line that is not blank and not a '#'
 * comment (documented in docs/FORMATS.md):
 *  1. A line of at most 7 digits is a count T (unless the next line has the
 *     same length: then it is a small grid's first row). HDU 4069 when the
 *     next line has a value above 9 (wall codes), POJ 2676 otherwise.
 *  2. "end": an empty AcWing input (line format).
 *  3. One run of L symbols: a puzzle line when L = N*N for a side N of 4..64
 *     (81 for 9x9), a grid row when 4 <= L <= 64. L = 16, 25, 36, 49 or 64
 *     can be both: it is a grid row when the first L lines all have length
 *     L and one holds a symbol beyond the line puzzle's digits (e.g. '9'
 *     for a 4x4 line), else a puzzle line.
 *  4. Several whitespace-separated values: a grid of values (Luogu P1784).
 * Anything else cannot be told apart: the reader asks for --format.
 */
#include "error.h"
#include "read.h"

#include <string.h>

/* 1 when every byte of the line is a decimal digit. */
static int all_digits(const nonet__line *l)
{
    if (!l->len) return 0;
    for (size_t i = 0; i < l->len; i++)
        if (l->text[i] < '0' || l->text[i] > '9') return 0;
    return 1;
}

/* Peeks the k-th content line after position `from` (skipping blanks and
 * comments); returns its position or -1. */
static long peek_content_from(nonet_reader *r, long from, nonet__line *l)
{
    for (long k = from;; k++) {
        if (nonet__lines_peek(&r->lines, (size_t)k, l) <= 0) return -1;
        if (l->len && l->text[0] != '#') return k;
    }
}

/* A count is a line of at most 7 digits not followed by a line of the same
 * length (which would make it the first row of a small grid). */
static int is_count(nonet_reader *r, long pos, const nonet__line *first)
{
    nonet__line next;
    if (!all_digits(first) || first->len > 7) return 0;
    long at = peek_content_from(r, pos + 1, &next);
    return at < 0 || next.len != first->len;
}

/* After a count line: HDU when the next row holds a value above 9. */
static nonet_format after_count(nonet_reader *r, long pos)
{
    nonet__line l;
    if (peek_content_from(r, pos + 1, &l) < 0) return NONET_FORMAT_POJ;
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    int count = nonet__tokens(&l, NONET_MAX_SIZE, start, len);
    for (int i = 0; count > 1 && i < count && i < NONET_MAX_SIZE; i++)
        if (len[i] > 1 && l.text[start[i]] != '0') return NONET_FORMAT_HDU;
    return NONET_FORMAT_POJ;
}

/* For a first line of length L that may be a line puzzle of side k or a grid
 * row: looks at the first L lines for a reason to call it a grid. */
static nonet_format line_or_grid(nonet_reader *r, long pos, int L, int k)
{
    nonet__line l;
    long at = pos;
    for (int row = 0; row < L; row++) {
        at = peek_content_from(r, at, &l);
        if (at < 0 || (int)l.len != L) return NONET_FORMAT_LINE;
        for (size_t i = 0; i < l.len; i++)
            if (nonet__symbol_value((unsigned char)l.text[i], k) < 0 &&
                nonet__symbol_value((unsigned char)l.text[i], L) >= 0)
                return NONET_FORMAT_GRID;
        at++;
    }
    return NONET_FORMAT_LINE;
}

nonet_format nonet__detect(nonet_reader *r, nonet_error *err)
{
    nonet__line l;
    long pos = peek_content_from(r, 0, &l);
    if (pos < 0) return NONET_FORMAT_LINE;   /* empty: the line reader reports it */
    /* Decide on the first line that is not too long (the format's reader then
     * reports the long ones); look past a few only, as peeked lines are held. */
    for (int skipped = 0; l.too_long && skipped < 4; skipped++) {
        nonet__line next;
        long at = peek_content_from(r, pos + 1, &next);
        if (at < 0) break;
        pos = at;
        l = next;
    }
    if (l.too_long) {
        nonet__fail(err, NONET_ERR_DETECT, l.no, 0, "line is longer than %d bytes",
                    NONET__MAX_LINE);
        return NONET_FORMAT_AUTO;
    }
    if (is_count(r, pos, &l)) return after_count(r, pos);
    if (l.len == 3 && memcmp(l.text, "end", 3) == 0) return NONET_FORMAT_LINE;
    int start[2], len[2];
    int count = nonet__tokens(&l, 2, start, len);
    if (count > 1) return NONET_FORMAT_LUOGU;
    int L = (int)l.len, k = 0;
    for (int n = NONET_MIN_SIZE; n <= NONET_MAX_SIZE; n++)
        if (n * n == L) k = n;
    int row = L >= NONET_MIN_SIZE && L <= NONET_MAX_SIZE;
    if (k && row) return line_or_grid(r, pos, L, k);
    if (k) return NONET_FORMAT_LINE;
    if (row) return NONET_FORMAT_GRID;
    nonet__fail(err, NONET_ERR_DETECT, l.no, 0,
                "cannot tell the format: a line of %d symbols is neither a puzzle (N*N symbols, "
                "81 for 9x9) nor a grid row (4..64); name it with --format",
                L);
    return NONET_FORMAT_AUTO;
}
