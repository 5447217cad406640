/*
 * read.c - the streaming reader: construction over a callback, a FILE or a
 * memory buffer; format detection on the first call; dispatch to the format
 * modules; and the helpers they share (symbols, tokens, counts, shapes).
 */
#include "formats/reader.h"

#include "core/error.h"
#include "core/puzzle.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Byte sources                                                         */
/* ------------------------------------------------------------------ */

static long read_file(void *ctx, char *buf, size_t size)
{
    nonet_reader *r = ctx;
    size_t got = fread(buf, 1, size, r->fp);
    if (got == 0 && ferror(r->fp)) return -1;
    return (long)got;
}

static long read_mem(void *ctx, char *buf, size_t size)
{
    nonet_reader *r = ctx;
    size_t left = r->mem_size - r->mem_pos;
    if (left == 0) return 0;   /* data may be NULL when size is 0: no pointer arithmetic */
    if (size > left) size = left;
    memcpy(buf, r->mem + r->mem_pos, size);
    r->mem_pos += size;
    return (long)size;
}

/* ------------------------------------------------------------------ */
/* Construction                                                         */
/* ------------------------------------------------------------------ */

/* The format that reads back what writing format f wrote. */
static nonet_format reading_format(nonet_format f)
{
    switch (f) {
    case NONET_FORMAT_PRETTY: return NONET_FORMAT_LUOGU;
    case NONET_FORMAT_UNICODE: return NONET_FORMAT_FRAMED;
    case NONET_FORMAT_TDOKU: return NONET_FORMAT_LINE;
    default: return f;
    }
}

nonet_reader *nonet_reader_new(nonet_read_fn read, void *ctx, const char *name,
                               nonet_format format, nonet_error *err)
{
    if (!read || (unsigned)format >= NONET_FORMAT_COUNT) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no read function or bad format");
        return NULL;
    }
    nonet_reader *r = calloc(1, sizeof *r);
    if (!r || nonet__lines_init(&r->lines, read, ctx ? ctx : r)) {
        free(r);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(r->name, sizeof r->name, "%s", name ? name : "");
    r->format = reading_format(format);
    r->expected = -1;
    return r;
}

nonet_reader *nonet_reader_new_file(FILE *fp, const char *name, nonet_format format,
                                    nonet_error *err)
{
    if (!fp) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no stream");
        return NULL;
    }
    nonet_reader *r = nonet_reader_new(read_file, NULL, name, format, err);
    if (r) r->fp = fp;
    return r;
}

nonet_reader *nonet_reader_new_mem(const char *data, size_t size, const char *name,
                                   nonet_format format, nonet_error *err)
{
    if (!data && size) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no buffer");
        return NULL;
    }
    nonet_reader *r = nonet_reader_new(read_mem, NULL, name, format, err);
    if (r) {
        r->mem = data;
        r->mem_size = size;
    }
    return r;
}

void nonet_reader_free(nonet_reader *r)
{
    if (!r) return;
    for (int i = 0; i <= NONET_MAX_SIZE; i++) nonet_shape_free(r->classic[i]);
    nonet__reader_options_free(r);
    nonet__lines_free(&r->lines);
    free(r);
}

nonet_format nonet_reader_format(const nonet_reader *r) { return r->format; }

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

static nonet_status dispatch(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    switch (r->format) {
    case NONET_FORMAT_LINE: return nonet__read_line(r, out, err);
    case NONET_FORMAT_HDU: return nonet__read_hdu(r, out, err);
    case NONET_FORMAT_FRAMED: return nonet__read_framed(r, out, err);
    case NONET_FORMAT_PENCIL: return nonet__read_pencil(r, out, err);
    case NONET_FORMAT_CANDIDATES: return nonet__read_candidates(r, out, err);
    case NONET_FORMAT_CSV:
    case NONET_FORMAT_JSON: return nonet__read_record(r, out, err);
    case NONET_FORMAT_NONET: return nonet__read_nonet(r, out, err);
    default: return nonet__read_grid(r, out, err);
    }
}

nonet_status nonet_reader_next(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet_error scratch;
    if (!err) err = &scratch;
    nonet__error_clear(err);
    nonet__error_source(err, r->name);
    *out = NULL;
    if (r->done) return NONET_END;
    if (r->format == NONET_FORMAT_AUTO) {
        nonet_format f = nonet__detect(r, err);
        if (f == NONET_FORMAT_AUTO) {
            r->done = 1;
            return err->code;
        }
        r->format = f;
    }
    nonet_status st = dispatch(r, out, err);
    if (st == NONET_END && r->index == 0 && !r->marked_end && !r->lines.failed) {
        /* Nothing but blank and comment lines: an error at the last line
         * read (line 1 for no bytes at all). An input that marks its end (a
         * count of 0, a lone "end") is a judge's case list of zero instead. */
        long last = nonet__lines_number(&r->lines);
        r->done = 1;
        return nonet__fail(err, NONET_ERR_SYNTAX, last > 0 ? last : 1, 0,
                           "the input holds no puzzle");
    }
    if (st == NONET_END) r->done = 1;
    if (r->lines.failed) {
        r->done = 1;
        if (*out) {
            nonet_puzzle_free(*out);
            *out = NULL;
        }
        return nonet__fail(err, NONET_ERR_IO, nonet__lines_number(&r->lines), 0,
                           "read error after line %ld", nonet__lines_number(&r->lines));
    }
    if (st != NONET_END) r->index++;
    if (nonet_status_is_fatal(st)) r->done = 1;
    return st;
}

/* ------------------------------------------------------------------ */
/* Helpers for the format modules                                       */
/* ------------------------------------------------------------------ */

const nonet_shape *nonet__reader_shape(nonet_reader *r, int n, nonet_error *err)
{
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE) {
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "size %d is outside %d..%d", n, NONET_MIN_SIZE,
                    NONET_MAX_SIZE);
        return NULL;
    }
    if (r->alpha.size && r->alpha.size < n) {   /* its digits could not be written */
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                    "the alphabet has %d symbols; a %dx%d puzzle needs %d", r->alpha.size, n, n,
                    n);
        return NULL;
    }
    if (!r->classic[n])
        r->classic[n] = r->custom ? nonet__reader_custom_shape(r, n, 0, err)
                                  : nonet_shape_new_classic(n, err);
    return r->classic[n];
}

int nonet__symbol_value(int ch, int n)
{
    int v = -1;
    if (ch == '.' || ch == '0' || ch == '_' || ch == '-' || ch == '*') return 0;
    if (ch >= '1' && ch <= '9') v = ch - '0';
    else if (ch >= 'A' && ch <= 'Z') v = ch - 'A' + 10;
    else if (ch >= 'a' && ch <= 'z') v = n <= 35 ? ch - 'a' + 10 : ch - 'a' + 36;
    if (ch == 'x' && v > n) return 0;   /* 'x' is a blank where it cannot be a digit */
    return v >= 1 && v <= n ? v : -1;
}

char nonet__symbol_char(int v, int n)
{
    static const char alphabet[] =
        "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    if (n > 61) return 0;
    return v == 0 ? '.' : alphabet[v - 1];
}

const char *nonet__show_char(int ch, char buf[8])
{
    if (ch >= 0x21 && ch < 0x7f) snprintf(buf, 8, "'%c'", ch);
    else snprintf(buf, 8, "\\x%02X", ch & 0xff);
    return buf;
}

int nonet__tokens(const nonet__line *l, int max, int *start, int *len)
{
    int count = 0;
    size_t i = 0;
    while (i < l->len) {
        while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t')) i++;
        if (i == l->len) break;
        size_t j = i;
        while (j < l->len && l->text[j] != ' ' && l->text[j] != '\t') j++;
        if (count < max) {
            start[count] = (int)i;
            len[count] = (int)(j - i);
        }
        count++;
        i = j;
    }
    return count;
}

int nonet__peek_content(nonet_reader *r, nonet__line *out)
{
    for (;;) {
        int got = nonet__lines_peek(&r->lines, 0, out);
        if (got <= 0) return got;
        if (out->len && out->text[0] != '#' && out->text[0] != '[') return 1;
        nonet__lines_next(&r->lines, out);
    }
}

void nonet__stamp(nonet_reader *r, nonet_puzzle *p, long line)
{
    p->line = line;
    p->index = r->index + 1;
    p->format = r->format;
    nonet__copy_name(p->source, sizeof p->source, r->name);
    /* The reader's alphabet goes with the puzzle only when it has a symbol for
     * every digit (formats read as numbers, like HDU, do not check it). */
    if (!p->alphabet[0] && r->alpha.size >= nonet_shape_size(p->shape))
        memcpy(p->alphabet, r->alpha.text, sizeof p->alphabet);
}

/* Copies the start of the line (it is not NUL-terminated) for a message,
 * with '?' for bytes that are not printable ASCII. */
static const char *show_text(const nonet__line *l, char *buf, size_t cap)
{
    size_t n = l->len < cap - 1 ? l->len : cap - 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)l->text[i];
        buf[i] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
    }
    buf[n] = '\0';
    return buf;
}

/* Parses a whole line as a non-negative decimal count; -1 if it is not one. */
static long parse_count(const nonet__line *l)
{
    long v = 0;
    if (!l->len || l->len > 9) return -1;
    for (size_t i = 0; i < l->len; i++) {
        if (!isdigit((unsigned char)l->text[i])) return -1;
        v = v * 10 + (l->text[i] - '0');
    }
    return v;
}

nonet_status nonet__read_count(nonet_reader *r, nonet_error *err)
{
    nonet__line l;
    r->header_done = 1;
    int got = nonet__peek_content(r, &l);
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
                           show_text(&l, shown, sizeof shown));
    }
    return NONET_OK;
}

nonet_status nonet__count_next(nonet_reader *r, nonet_error *err)
{
    if (!r->header_done) {
        nonet_status st = nonet__read_count(r, err);
        if (st) return st;
    }
    nonet__line l;
    int more = nonet__peek_content(r, &l) > 0;
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
