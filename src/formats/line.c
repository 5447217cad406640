/*
 * format_line.c - one puzzle per line (NONET_FORMAT_LINE).
 *
 * A puzzle line holds N*N symbols, row by row, for a side N of 4..64 (81 for
 * the classic 9x9). Whatever follows the symbols after a separator (space,
 * tab, '#', ';', ',' or ':') is the puzzle's comment, kept as written (a
 * rating, an id, tdoku's ":count:solution"). Blank lines and lines starting
 * with '#' are skipped; a line holding just "end" ends the input (AcWing 166),
 * so an input of that line alone holds no puzzle and is no error.
 * Also the parser of nonet_puzzle_from_string.
 */
#include "core/error.h"
#include "core/puzzle.h"
#include "formats/reader.h"

#include <stdlib.h>
#include <string.h>

/* is_separator: the bytes that end a line's grid (see the file comment). */
static int is_separator(char c)
{
    return c == ' ' || c == '\t' || c == '#' || c == ';' || c == ',' || c == ':';
}

size_t nonet__grid_span(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (is_separator(text[i])) return i;
    return len;
}

nonet_status nonet__keep_line_comment(nonet_status st, const nonet__line *l, size_t span,
                                      nonet_puzzle **out, nonet_error *err)
{
    if (st || span >= l->len || !nonet__puzzle_set_comment(*out, l->text + span, l->len - span))
        return st;
    nonet_puzzle_free(*out);
    *out = NULL;
    return nonet__fail(err, NONET_ERR_NOMEM, l->no, 0, "out of memory");
}

/* Side N with N*N == len, or 0. */
static int side_of(size_t len)
{
    for (int n = NONET_MIN_SIZE; n <= NONET_MAX_SIZE; n++)
        if ((size_t)n * (size_t)n == len) return n;
    return 0;
}

/* Parses `len` symbols of text as a puzzle of side n into p's cells.
 * Reports the first bad symbol with its column. */
static nonet_status parse_cells(const nonet__alphabet *a, const char *text, int n, long line,
                                unsigned char *cells, nonet_error *err)
{
    int plain = !a || !a->size;   /* default symbols: digits inline, the rest by lookup */
    for (int i = 0; i < n * n; i++) {
        int c = (unsigned char)text[i];
        int v = plain && c >= '1' && c <= '9' && c - '0' <= n ? c - '0'
                : plain && (c == '.' || c == '0') ? 0 : nonet__alphabet_value(a, c, n);
        if (v < 0) {
            char b[8];
            return nonet__fail(err, NONET_ERR_SYNTAX, line, i + 1,
                               "bad symbol %s at column %d (a %dx%d puzzle uses '.', '0' and "
                               "1..%c)",
                               nonet__show_char((unsigned char)text[i], b), i + 1, n, n,
                               a && a->size ? a->text[n - 1] : nonet__symbol_char(n, n));
        }
        cells[i] = (unsigned char)v;
    }
    return NONET_OK;
}

/* Checks a line's length and returns its side, or 0 with err set. */
static int line_side(const char *text, size_t len, long line, int too_long, nonet_error *err)
{
    int n = too_long ? 0 : side_of(len);
    if (n) return n;
    (void)text;
    if (too_long)
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "line is longer than %d bytes",
                    NONET__MAX_LINE);
    else
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                    "line has %zu symbols; a puzzle line has N*N of them (81 for 9x9)", len);
    return 0;
}

nonet_status nonet__read_line(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    int got = nonet__peek_content(r, &l);
    if (got <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    if (l.len == 3 && memcmp(l.text, "end", 3) == 0) {
        r->done = 1;
        r->marked_end = 1;
        return NONET_END;
    }
    if (l.too_long) {
        line_side(l.text, l.len, l.no, 1, err);
        return NONET_ERR_SYNTAX;
    }
    size_t span = nonet__grid_span(l.text, l.len);
    return nonet__keep_line_comment(nonet__line_puzzle(r, l.text, span, l.no, out, err), &l, span,
                                    out, err);
}

nonet_status nonet__line_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                nonet_puzzle **out, nonet_error *err)
{
    int n = line_side(text, len, line, 0, err);
    if (!n) return NONET_ERR_SYNTAX;
    const nonet_shape *shape = nonet__reader_shape(r, n, err);
    if (!shape) {
        err->line = line;
        return err->code;
    }
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    nonet_status st = parse_cells(&r->alpha, text, n, line, p->cells, err);
    if (st) {
        nonet_puzzle_free(p);
        return st;
    }
    nonet__stamp(r, p, line);
    *out = p;
    return NONET_OK;
}

nonet_puzzle *nonet_puzzle_from_string(const char *text, nonet_error *err)
{
    if (!text) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no text");
        return NULL;
    }
    size_t len = strlen(text);
    while (len && strchr(" \t\r\n", text[len - 1])) len--;
    int n = line_side(text, len, 0, 0, err);
    if (!n) return NULL;
    nonet_shape *shape = nonet_shape_new_classic(n, err);
    if (!shape) return NULL;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    nonet_shape_free(shape);
    if (!p) {
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    if (parse_cells(NULL, text, n, 0, p->cells, err)) {
        nonet_puzzle_free(p);
        return NULL;
    }
    p->format = NONET_FORMAT_LINE;
    p->index = 1;
    return p;
}
