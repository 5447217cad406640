/*
 * reader_core.c - the services every format's reader uses: the shapes of a
 * side under the reader's options, stamping a puzzle with where it came
 * from, and the count line of counted inputs (POJ, HDU). It calls no format.
 */
#include "formats/reader.h"

#include "core/assert.h"
#include "core/error.h"
#include "core/puzzle.h"

#include <string.h>

const nonet_shape *nonet__reader_shape(nonet_reader *r, int n, nonet_error *err)
{
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE) {
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "size %d is outside %d..%d", n, NONET_MIN_SIZE,
                    NONET_MAX_SIZE);
        return NULL;
    }
    if (r->alpha.size && r->alpha.size < n) { /* its digits could not be written */
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                    "the alphabet has %d symbols; a %dx%d puzzle needs %d", r->alpha.size, n, n, n);
        return NULL;
    }
    if (!r->classic[n])
        r->classic[n] =
            r->custom ? nonet__reader_custom_shape(r, n, 0, err) : nonet_shape_new_classic(n, err);
    return r->classic[n];
}

void nonet__stamp(nonet_reader *r, nonet_puzzle *p, long line)
{
    p->line = line;
    p->index = r->index + 1;
    p->format = r->format;
    nonet__puzzle_set_source(p, r->name);
    /* The reader's alphabet goes with the puzzle only when it has a symbol for
     * every digit (formats read as numbers, like HDU, do not check it). */
    if (!p->alphabet[0] && r->alpha.size >= nonet_shape_size(p->shape))
        memcpy(p->alphabet, r->alpha.text, sizeof p->alphabet);
    NONET_ASSERT(nonet__puzzle_ok(p));
}

int nonet__reader_symbol(const nonet_reader *r, int ch, int n)
{
    return nonet__alphabet_value(r ? &r->alpha : NULL, ch, n);
}

const short *nonet__reader_values(nonet_reader *r, int n)
{
    if (r->values_n != n) {
        for (int ch = 0; ch < 256; ch++)
            r->values[ch] = (short)nonet__alphabet_value(&r->alpha, ch, n);
        r->values_n = n;
    }
    return r->values;
}

/* ------------------------------------------------------------------ */
/* Counted inputs                                                       */
/* ------------------------------------------------------------------ */

/* 1 when every byte of the line is a decimal digit. */
static int all_digits(const nonet__line *l)
{
    if (!l->len) return 0;
    for (size_t i = 0; i < l->len; i++)
        if (l->text[i] < '0' || l->text[i] > '9') return 0;
    return 1;
}

int nonet__is_count(nonet_reader *r, long pos, const nonet__line *first)
{
    nonet__line next;
    if (!all_digits(first) || first->len > 7) return 0;
    long at = nonet__lines_peek_content_from(&r->lines, pos + 1, &next);
    return at < 0 || next.len != first->len;
}

/* Parses a whole line as a non-negative decimal count; -1 if it is not one. */
static long parse_count(const nonet__line *l)
{
    long v = 0;
    if (!l->len || l->len > 9) return -1;
    for (size_t i = 0; i < l->len; i++) {
        if (l->text[i] < '0' || l->text[i] > '9') return -1;
        v = v * 10 + (l->text[i] - '0');
    }
    return v;
}

/* Reads the count line into r->expected (a count of 0 is a valid input
 * without puzzles: r->marked_end). */
static nonet_status read_count(nonet_reader *r, nonet_error *err)
{
    nonet__line l;
    r->header_done = 1;
    int got = nonet__lines_peek_content(&r->lines, &l);
    if (got <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    r->count_line = l.no;
    r->expected = parse_count(&l);
    r->marked_end = r->expected >= 0;
    if (r->expected < 0) {
        char shown[41];
        r->done = 1;
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 1,
                           "expected the number of puzzles, found \"%s\"",
                           nonet__show_text(&l, shown, sizeof shown));
    }
    return NONET_OK;
}

nonet_status nonet__count_next(nonet_reader *r, nonet_error *err)
{
    if (!r->header_done) {
        nonet_status st = read_count(r, err);
        if (st) return st;
    }
    nonet__line l;
    int more = nonet__lines_peek_content(&r->lines, &l) > 0;
    if (r->index < r->expected) {
        if (more) return NONET_OK;
        r->done = 1;
        return nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                           "line %ld announced %ld puzzles, but the input ends after %ld",
                           r->count_line, r->expected, r->index);
    }
    r->done = 1;
    if (!more) return NONET_END;
    return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 1,
                       "text after the %ld puzzles announced on line %ld", r->expected,
                       r->count_line);
}
