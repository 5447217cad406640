/*
 * reader.c - the public streaming reader: construction over a callback, a
 * FILE or a memory buffer; format detection on the first call; each puzzle
 * read by its format's definition (format.h), and what every read shares:
 * the puzzle count, an input without puzzles, a failed read.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"

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
    if (left == 0) return 0; /* data may be NULL when size is 0: no pointer arithmetic */
    if (size > left) size = left;
    memcpy(buf, r->mem + r->mem_pos, size);
    r->mem_pos += size;
    return (long)size;
}

/* ------------------------------------------------------------------ */
/* Construction                                                         */
/* ------------------------------------------------------------------ */

nonet_reader *nonet_reader_new(nonet_read_fn read, void *ctx, const char *name, nonet_format format,
                               nonet_error *err)
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
    size_t len = name ? strlen(name) : 0;
    r->name = malloc(len + 1);
    if (!r->name) {
        nonet_reader_free(r);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    if (len) memcpy(r->name, name, len);
    r->name[len] = '\0';
    r->expected = -1;
    if (format != NONET_FORMAT_AUTO) { /* what writing `format` wrote reads back as reads_as */
        r->format = nonet__format_def_of(format)->reads_as;
        r->def = nonet__format_def_of(r->format);
    }
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
    nonet_puzzle_free(r->spare);
    free(r->name);
    free(r);
}

nonet_format nonet_reader_format(const nonet_reader *r) { return r->format; }

long nonet_reader_index(const nonet_reader *r) { return r->index; }

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

/* nonet_reader_next but for the error's source, which the caller sets on
 * failure (not for each puzzle read: on success err is unspecified). */
static nonet_status next_puzzle(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    *out = NULL;
    if (r->done) return NONET_END;
    if (!r->def) {
        const nonet__format_def *d = nonet__detect(r, err);
        if (!d) {
            r->done = 1;
            return err->code;
        }
        r->format = d->id;
        r->def = d;
    }
    nonet_status st = r->def->read(r, out, err);
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

nonet_status nonet_reader_next(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet_error scratch;
    if (!err) err = &scratch;
    nonet__error_clear(err);
    nonet_status st = next_puzzle(r, out, err);
    if (st != NONET_OK && st != NONET_END) nonet__error_source(err, r->name);
    return st;
}

nonet_status nonet_reader_next_reuse(nonet_reader *r, nonet_puzzle **p, nonet_error *err)
{
    if (*p) { /* a format that fills puzzles in place takes it, now or later */
        nonet_puzzle_free(r->spare);
        r->spare = *p;
        *p = NULL;
    }
    return nonet_reader_next(r, p, err);
}

/* ------------------------------------------------------------------ */
/* Plain lines in bulk                                                  */
/* ------------------------------------------------------------------ */

size_t nonet_reader_take_lines(nonet_reader *r, char *buf, size_t cap, long *first_line)
{
    if (!r || !buf || r->done || !r->def || r->def->id != NONET_FORMAT_LINE || r->custom) return 0;
    size_t max = cap / NONET_PLAIN_LINE, n = 0;
    const char *text;
    size_t avail = max ? nonet__lines_raw(&r->lines, max * NONET_PLAIN_LINE, &text) : 0;
    while (n < max && avail - n * NONET_PLAIN_LINE >= NONET_PLAIN_LINE &&
           nonet__plain9(text + n * NONET_PLAIN_LINE, NULL))
        n++;
    if (!n) return 0;
    if (first_line) *first_line = nonet__lines_number(&r->lines) + 1;
    memcpy(buf, text, n * NONET_PLAIN_LINE);
    nonet__lines_consume(&r->lines, n * NONET_PLAIN_LINE, (long)n);
    r->index += (long)n;
    return n;
}
