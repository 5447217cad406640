/*
 * line.c - one puzzle per line (NONET_FORMAT_LINE): AcWing 166, .sdm files,
 * and the one-line puzzles of the community collections.
 *
 * A puzzle line holds N*N symbols, row by row, for a side N of 4..64 (81 for
 * the classic 9x9). Whatever follows the symbols after a separator (space,
 * tab, '#', ';', ',' or ':') is the puzzle's comment, kept as written (a
 * rating, an id, tdoku's ":count:solution"). Blank lines and lines starting
 * with '#' are skipped; a line holding just "end" ends the input (AcWing 166),
 * so an input of that line alone holds no puzzle and is no error.
 * Written: the N*N symbols (numbers, spaced, beyond the alphabet) on one
 * line. Also the parser of nonet_puzzle_from_string, and the one-line rules
 * other formats share (the grid's span, its comment).
 */
#include "formats/format.h"

#include "core/assert.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/line_split.h"

#include <stdlib.h>
#include <string.h>

/* The bytes that end a line's grid (see the file comment), as a table:
 * the span is looked for on the per-puzzle path. */
static const unsigned char separator[256] = {
    ['\t'] = 1, [' '] = 1, ['#'] = 1, [','] = 1, [':'] = 1, [';'] = 1};

/* 1 when one of the len bytes at t is a separator: a test without a
 * branch or a table, which the compiler turns into vector code. */
static int has_separator(const char *t, size_t len)
{
    unsigned char any = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)t[i];
        /* a sum, not an OR: GCC turns an OR of tests into a bit test on a
         * 64-bit mask, which it does not vectorize */
        any |= (unsigned char)((c == '\t') + (c == ' ') + (c == '#') + (c == ',') + (c == ':') +
                               (c == ';'));
    }
    return any;
}

/* Skips blocks of 128 bytes without a separator in vector code (a grid of
 * 81 symbols is one block), then looks for the first byte by byte. */
size_t nonet__grid_span(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        size_t block = len - i < 128 ? len - i : 128;
        if (has_separator(text + i, block)) break;
        i += block;
    }
    for (; i < len; i++)
        if (separator[(unsigned char)text[i]]) return i;
    return len;
}

/* Side N with N*N == len, or 0. */
static int side_of(size_t len)
{
    for (int n = NONET_MIN_SIZE; n <= NONET_MAX_SIZE; n++)
        if ((size_t)n * (size_t)n == len) return n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Detection                                                            */
/* ------------------------------------------------------------------ */

/* For a first line of length L that may be a line puzzle of side k or a grid
 * row: 1 when the first L lines give a reason to call it a grid (all of
 * length L, one with a symbol beyond the line puzzle's digits). */
static int grid_evidence(nonet_reader *r, long pos, int L, int k)
{
    nonet__line l;
    long at = pos;
    for (int row = 0; row < L; row++) {
        at = nonet__lines_peek_content_from(&r->lines, at, &l);
        if (at < 0 || (int)l.len != L) return 0;
        for (size_t i = 0; i < l.len; i++)
            if (nonet__reader_symbol(r, (unsigned char)l.text[i], k) < 0 &&
                nonet__reader_symbol(r, (unsigned char)l.text[i], L) >= 0)
                return 1;
        at++;
    }
    return 0;
}

/* Rules (after pencil's): "end"; a square run followed by a comment, or
 * longer than a grid row, without '|'; one run of N*N symbols that is not
 * rather a grid row. */
static int detect(const nonet__sniff *s)
{
    const nonet__line *l = &s->l;
    if (l->len == 3 && memcmp(l->text, "end", 3) == 0) return 1;
    if (s->square && (s->span < l->len || s->span > NONET_MAX_SIZE) &&
        !memchr(l->text, '|', l->len))
        return 1;
    if (s->tokens != 1 || s->framed) return 0;
    int L = (int)l->len, k = side_of(l->len);
    int row = L >= NONET_MIN_SIZE && L <= NONET_MAX_SIZE;
    return k && !(row && grid_evidence(s->r, s->pos, L, k));
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

nonet_status nonet__keep_line_comment(nonet_status st, const nonet__line *l, size_t span,
                                      nonet_puzzle **out, nonet_error *err)
{
    if (st || span >= l->len || !nonet__puzzle_set_comment(*out, l->text + span, l->len - span))
        return st;
    nonet_puzzle_free(*out);
    *out = NULL;
    return nonet__fail(err, NONET_ERR_NOMEM, l->no, 0, "out of memory");
}

/* Reports the first symbol of text that is no digit of side n under a
 * (NULL or empty: the default symbols), with its column; the puzzle's line
 * is `line`. Returns NONET_ERR_SYNTAX (NONET_OK when every symbol is one). */
static nonet_status bad_symbol(const nonet__alphabet *a, const char *text, int n, long line,
                               nonet_error *err)
{
    for (int i = 0; i < n * n; i++) {
        if (nonet__alphabet_value(a, (unsigned char)text[i], n) >= 0) continue;
        char b[8];
        nonet__symbols t;
        nonet__symbols_init(&t, a && a->size ? a->text : NULL, n);
        if (t.numbers) /* beyond the symbols: only a grid of numbers holds it */
            return nonet__fail(err, NONET_ERR_SYNTAX, line, i + 1,
                               "bad symbol %s at column %d (a %dx%d puzzle needs more "
                               "symbols than %d: write it as rows of numbers)",
                               nonet__show_char((unsigned char)text[i], b), i + 1, n, n,
                               a && a->size ? a->size : NONET__DEFAULT_SYMBOLS);
        return nonet__fail(err, NONET_ERR_SYNTAX, line, i + 1,
                           "bad symbol %s at column %d (a %dx%d puzzle uses '.', '0' and "
                           "1..%c)",
                           nonet__show_char((unsigned char)text[i], b), i + 1, n, n, t.of[n]);
    }
    return NONET_OK;
}

/* nonet__parse_line_cells for the default symbols and a side n <= 9 (the
 * common case): '1'..'0'+n are the digits, nonet__default_blank the
 * blanks. Without a table, so that the compiler turns it into vector code.
 * Returns 0, or non-zero when a byte is no symbol (cells then hold 0 for
 * it). */
static unsigned parse_digits(const char *restrict text, int ncells, int n,
                             unsigned char *restrict cells)
{
    unsigned char side = (unsigned char)n, bad = 0;
    for (int i = 0; i < ncells; i++) {
        unsigned char c = (unsigned char)text[i], d = (unsigned char)(c - '0');
        unsigned char digit = d <= side;                  /* '0' too, read as 0 */
        unsigned char blank = nonet__default_blank(c, 1); /* 'x' too: n <= 9 */
        cells[i] = digit ? d : 0;
        bad |= (unsigned char)(!digit & !blank);
    }
    return bad;
}

nonet_status nonet__parse_line_cells_table(const nonet__alphabet *a, const short *values,
                                           const char *text, int n, long line, unsigned char *cells,
                                           nonet_error *err)
{
    int seen = 0; /* OR of every value: negative when one is -1 */
    for (int i = 0; i < n * n; i++) {
        int v = values[(unsigned char)text[i]];
        seen |= v;
        cells[i] = (unsigned char)v;
    }
    return seen < 0 ? bad_symbol(a, text, n, line, err) : NONET_OK;
}

nonet_status nonet__parse_line_cells(const nonet__alphabet *a, const short *values,
                                     const char *text, int n, long line, unsigned char *cells,
                                     nonet_error *err)
{
    if (n <= 9 && (!a || !a->size))
        return parse_digits(text, n * n, n, cells) ? bad_symbol(a, text, n, line, err) : NONET_OK;
    return nonet__parse_line_cells_table(a, values, text, n, line, cells, err);
}

/* Checks a line's length and returns its side, or 0 with err set. */
static int line_side(size_t len, long line, int too_long, nonet_error *err)
{
    int n = too_long ? 0 : side_of(len);
    if (n) return n;
    if (too_long)
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "line is longer than %d bytes",
                    NONET__MAX_LINE);
    else
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                    "line has %zu symbols; a puzzle line has N*N of them (81 for 9x9)", len);
    return 0;
}

/* 1 when line l may be read as a 9x9 grid of the default symbols before
 * its span is looked for (the per-puzzle path of the 9x9 collections): it
 * has 81 bytes, and the 9x9 shape is the classic one or made already (so
 * that trying it makes no shape a wrong guess would not). When every byte
 * is a symbol, none is a separator and the whole line is the grid; when
 * one is not, read_line goes the usual way, which reads the line again
 * (and reports it). */
static int whole_line_9x9(const nonet_reader *r, const nonet__line *l)
{
    return l->len == 81 && !r->alpha.size && (!r->custom || r->classic[9]);
}

/* Reads the next puzzle line ("end" ends the input); its tail is the comment. */
static nonet_status read_line(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    do /* next, not peek then next: a line still in the buffer is not copied */
        if (nonet__lines_next(&r->lines, &l) <= 0) return NONET_END;
    while (nonet__line_is_comment(&l));
    if (l.len == 3 && memcmp(l.text, "end", 3) == 0) {
        r->done = 1;
        r->marked_end = 1;
        return NONET_END;
    }
    if (l.too_long) {
        line_side(l.len, l.no, 1, err);
        return NONET_ERR_SYNTAX;
    }
    if (whole_line_9x9(r, &l) && nonet__line_puzzle(r, l.text, l.len, l.no, out, err) == NONET_OK)
        return NONET_OK; /* 81 symbols, so no separator: the whole line is the grid */
    size_t span = nonet__grid_span(l.text, l.len);
    return nonet__keep_line_comment(nonet__line_puzzle(r, l.text, span, l.no, out, err), &l, span,
                                    out, err);
}

nonet_status nonet__line_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                nonet_puzzle **out, nonet_error *err)
{
    int n = line_side(len, line, 0, err);
    if (!n) return NONET_ERR_SYNTAX;
    const nonet_shape *shape = nonet__reader_shape(r, n, err);
    if (!shape) {
        err->line = line;
        return err->code;
    }
    nonet_puzzle *p = nonet__puzzle_recycle(r->spare, shape, 0);
    r->spare = NULL;
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    nonet_status st = nonet__parse_line_cells(&r->alpha, nonet__reader_values(r, n), text, n, line,
                                              p->cells, err);
    if (st) {
        r->spare = p; /* for the next line */
        return st;
    }
    nonet__stamp(r, p, line);
    *out = p;
    return NONET_OK;
}

/* Parses the n*n default symbols of text into cells: the digits of
 * nonet__default_value, through a table only beyond side 9 (up to 9 the
 * table-free vector code reads them). */
static nonet_status parse_default(const char *text, int n, unsigned char *cells, nonet_error *err)
{
    short values[256];
    if (n > 9)
        for (int ch = 0; ch < 256; ch++) values[ch] = (short)nonet__default_value(ch, n);
    return nonet__parse_line_cells(NULL, values, text, n, 0, cells, err);
}

/* The length of text without its trailing spaces, tabs and newlines. */
static size_t trimmed(const char *text, size_t len)
{
    while (len && strchr(" \t\r\n", text[len - 1])) len--;
    return len;
}

nonet_puzzle *nonet_puzzle_from_string(const char *text, nonet_error *err)
{
    if (!text) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no text");
        return NULL;
    }
    int n = line_side(trimmed(text, strlen(text)), 0, 0, err);
    if (!n) return NULL;
    nonet_shape *shape = nonet_shape_new_classic(n, err);
    if (!shape) return NULL;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    nonet_shape_free(shape);
    if (!p) {
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    if (parse_default(text, n, p->cells, err)) {
        nonet_puzzle_free(p);
        return NULL;
    }
    p->format = NONET_FORMAT_LINE;
    p->index = 1;
    NONET_ASSERT(nonet__puzzle_ok(p));
    return p;
}

nonet_status nonet_cells_from_string(const nonet_shape *shape, const char *text, size_t len,
                                     unsigned char *cells, nonet_error *err)
{
    if (!shape || !text || !cells)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no shape, text or cells");
    len = trimmed(text, len);
    if (len != (size_t)shape->ncells)
        return nonet__fail(err, NONET_ERR_SYNTAX, 0, 0,
                           "line has %zu symbols; a puzzle of side %d has %d", len, shape->n,
                           shape->ncells);
    return parse_default(text, shape->n, cells, err);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_ONE_LINE);
}

void nonet__put_line_comment(nonet__out *o, const char *c)
{
    if (!strchr(" \t#;,:", c[0])) nonet__putc(o, ' ');
    for (; *c; c++) nonet__putc(o, (unsigned char)*c < 0x20 || *c == 0x7f ? ' ' : *c);
}

void nonet__put_comment_after(nonet__out *o, size_t from, int ncells, const char *c)
{
    size_t lead = strspn(c, " \t");
    if (o->len - from != (size_t)ncells && !strchr("#;,:", c[lead])) nonet__puts(o, " #");
    nonet__put_line_comment(o, c);
}

/* The puzzle's line with its comment as read. */
static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    size_t from = o->len;
    put_grid(o, p->shape, p->cells);
    nonet__out_drop(o, 1); /* the comment goes before the newline */
    if (p->comment && p->comment[0])
        nonet__put_comment_after(o, from, p->shape->ncells, p->comment);
    nonet__putc(o, '\n');
}

static const char *const aliases[] = {"acwing", "acwing166", "sdm", NULL};

const nonet__format_def nonet__format_line = {
    .id = NONET_FORMAT_LINE,
    .name = "line",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_LINE,
    .detect = detect,
    .read = read_line,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
};

/* ------------------------------------------------------------------ */
/* Answers                                                              */
/* ------------------------------------------------------------------ */

static const char gave_up_words[] = "Gave up\n", no_solution_words[] = "No solution\n";

void nonet__put_unsolved(nonet__out *o, int gave_up)
{
    if (gave_up) nonet__put(o, gave_up_words, sizeof gave_up_words - 1);
    else nonet__put(o, no_solution_words, sizeof no_solution_words - 1);
}

size_t nonet_write_line_answer(char *buf, size_t cap, const nonet_line_answer *a)
{
    if (!buf || !a || cap < NONET_PLAIN_LINE) return 0;
    if (a->verdict == NONET_LINE_UNIQUE || a->verdict == NONET_LINE_SEVERAL) {
        nonet__plain9_put(a->grid, buf);
        return NONET_PLAIN_LINE;
    }
    int gave_up = a->verdict == NONET_LINE_GAVE_UP;
    const char *w = gave_up ? gave_up_words : no_solution_words;
    size_t n = gave_up ? sizeof gave_up_words - 1 : sizeof no_solution_words - 1;
    memcpy(buf, w, n);
    return n;
}
