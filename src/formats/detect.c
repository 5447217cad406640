/*
 * detect.c - telling the input format from the first lines.
 *
 * The rules, applied to the first line that is not blank and not a '#'
 * comment (documented in docs/FORMATS.md):
 *  0. A line "nonet" or "nonet ..." opens the self-describing nonet format.
 *  1. A line of at most 7 digits is a count T (unless the next line has the
 *     same length: then it is a small grid's first row). HDU 4069 when the
 *     next line has a value above 9 (wall codes), POJ 2676 otherwise.
 *  2. "end": an empty AcWing input (line format).
 *  2'. nonet's records: a line starting with '{' is JSON Lines; the header
 *     "index,puzzle,..." opens CSV.
 *  2a. A run of N*N symbols followed by a comment (after a space, tab, '#',
 *     ';', ',' or ':'), or a run of more than 64 = 8*8 symbols: a puzzle
 *     line; a pencilmark line when the run has 729 symbols, each '.' or a
 *     digit 1-9 (a 27x27 line would use letters too).
 *  2b. Frames: when the first line, with '|', '+' and box-drawing characters
 *     turned into spaces, is a rule or holds a frame character: a candidate
 *     grid when one of the first 9 rows holds 9 cells and a cell of 2..9
 *     digits 1-9, else a framed grid (.ss, qqwing).
 *  2c. Several whitespace-separated values, 9 of them, one a run of 2..9
 *     digits 1-9 (in any of the first 9 rows): a candidate grid.
 *  3. One run of L symbols: a puzzle line when L = N*N for a side N of 4..64
 *     (81 for 9x9), a grid row when 4 <= L <= 64. L = 16, 25, 36, 49 or 64
 *     can be both: it is a grid row when the first L lines all have length
 *     L and one holds a symbol beyond the line puzzle's digits (e.g. '9'
 *     for a 4x4 line), else a puzzle line.
 *  4. Several whitespace-separated values: a grid of values (Luogu P1784).
 * Anything else cannot be told apart: the reader asks for --format.
 */
#include "core/error.h"
#include "formats/reader.h"

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
        if (l->len && l->text[0] != '#' && l->text[0] != '[') return k;
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

/* 1 when the cleaned row holds 9 cells and one is a run of 2..9 digits 1-9. */
static int candidate_like(const char *buf, size_t len)
{
    int cells = 0, multi = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && buf[i] == ' ') i++;
        if (i == len) break;
        size_t j = i;
        int digits = 1;
        for (; j < len && buf[j] != ' '; j++) digits &= buf[j] >= '1' && buf[j] <= '9';
        multi |= digits && j - i >= 2 && j - i <= 9;
        cells++;
        i = j;
    }
    return cells == 9 && multi;
}

/* Looks at the first 9 rows (frame rules skipped) for a candidate grid row. */
static int candidate_grid(nonet_reader *r, long pos)
{
    char buf[4096];
    nonet__line l;
    for (int rows = 0; rows < 9 && (pos = peek_content_from(r, pos, &l)) >= 0; pos++) {
        int framed;
        size_t len = nonet__frame_clean(&l, buf, sizeof buf, &framed);
        if (nonet__frame_is_rule(buf, len, framed | 2, 9)) continue;
        if (candidate_like(buf, len)) return 1;
        rows++;
    }
    return 0;
}

/* Rules 2a-2c, or AUTO when none applies. */
static nonet_format community(nonet_reader *r, long pos, const nonet__line *l)
{
    size_t span = nonet__grid_span(l->text, l->len);
    int square = 0;
    for (int n = NONET_MIN_SIZE; n <= NONET_MAX_SIZE; n++)
        square |= (size_t)n * (size_t)n == span;
    if (square && (span < l->len || span > NONET_MAX_SIZE) && !memchr(l->text, '|', l->len))
        return nonet__is_pencil_line(l->text, l->len) ? NONET_FORMAT_PENCIL : NONET_FORMAT_LINE;
    char buf[4096];
    int framed;
    size_t len = nonet__frame_clean(l, buf, sizeof buf, &framed);
    int start[2], tl[2];
    if (framed || nonet__frame_is_rule(buf, len, 2, 9))
        return candidate_grid(r, pos) ? NONET_FORMAT_CANDIDATES : NONET_FORMAT_FRAMED;
    if (nonet__tokens(l, 2, start, tl) > 1 && candidate_grid(r, pos))
        return NONET_FORMAT_CANDIDATES;
    return NONET_FORMAT_AUTO;
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
            if (nonet__reader_symbol(r, (unsigned char)l.text[i], k) < 0 &&
                nonet__reader_symbol(r, (unsigned char)l.text[i], L) >= 0)
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
    if (l.len >= 5 && memcmp(l.text, "nonet", 5) == 0 && (l.len == 5 || l.text[5] == ' '))
        return NONET_FORMAT_NONET;   /* rule 0: the nonet format's header */
    if (is_count(r, pos, &l)) return after_count(r, pos);
    if (l.len == 3 && memcmp(l.text, "end", 3) == 0) return NONET_FORMAT_LINE;
    if (l.text[0] == '{') return NONET_FORMAT_JSON;
    if (l.len >= 13 && memcmp(l.text, "index,puzzle,", 13) == 0) return NONET_FORMAT_CSV;
    nonet_format f = community(r, pos, &l);
    if (f != NONET_FORMAT_AUTO) return f;
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
