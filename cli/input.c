/*
 * input.c - the inputs of a run read in turn (see input.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* Says on standard error, once, that a terminal is being read. */
static void hint_terminal(void)
{
    if (isatty(STDIN_FILENO))
        fputs("nonet: reading puzzles from standard input (Ctrl-D to end, --help for usage)\n",
              stderr);
}

void cli_input_init(cli_input *in, char **files, int nfiles, nonet_format f,
                    const nonet_read_options *read_opts)
{
    static char dash[] = "-";
    static char *just_stdin[] = {dash};
    memset(in, 0, sizeof *in);
    in->files = nfiles > 0 ? files : just_stdin;
    in->nfiles = nfiles > 0 ? nfiles : 1;
    in->stdin_default = nfiles <= 0;
    in->format = f;
    in->read_opts = read_opts;
}

void cli_input_puzzles(cli_input *in, const char *text)
{
    in->puzzles = text;
    if (in->stdin_default) in->nfiles = 0; /* no FILE named: the --puzzle texts only */
}

void cli_input_produce(cli_input *in, int (*produce)(void *ctx, cli_item *item), void *ctx)
{
    in->produce = produce;
    in->produce_ctx = ctx;
}

void cli_input_close(cli_input *in)
{
    nonet_reader_free(in->reader);
    in->reader = NULL;
    if (in->positions && in->fp) {
        off_t at = ftello(in->fp);
        if (at > 0) in->before += (unsigned long long)at;
    }
    if (in->fp && in->fp != stdin) fclose(in->fp);
    in->fp = NULL;
}

/* 1 when the first bytes of fp (read with pread, which leaves fp's place
 * alone; a pipe is not looked at) hold a NUL byte or more than one byte in
 * ten that is a control character no text uses. */
static int looks_binary(FILE *fp)
{
    unsigned char buf[4096];
    ssize_t n = pread(fileno(fp), buf, sizeof buf, 0);
    if (n <= 0) return 0;
    ssize_t odd = 0;
    for (ssize_t i = 0; i < n; i++) {
        if (buf[i] == 0) return 1;
        if ((buf[i] < 0x20 && !strchr("\t\n\v\f\r\033", buf[i])) || buf[i] == 0x7f) odd++;
    }
    return odd * 10 > n;
}

/* 1 when `name`, which could not be opened, reads as a puzzle: a long run
 * of digits, dots and letters with no '/' (a grid given where a FILE goes). */
static int looks_like_puzzle(const char *name)
{
    size_t n = strlen(name), digits = strspn(name, "0123456789.-_*");
    return n >= 16 && !strchr(name, '/') && digits * 2 > n;
}

/* Opens the reader of the --puzzle texts. Returns 1, or 0 with in->error set. */
static int open_puzzles(cli_input *in)
{
    in->puzzles_read = 1;
    in->name = "--puzzle";
    memset(&in->error, 0, sizeof in->error);
    snprintf(in->error.source, sizeof in->error.source, "--puzzle");
    in->reader =
        nonet_reader_new_mem(in->puzzles, strlen(in->puzzles), "--puzzle", in->format, &in->error);
    if (in->reader && in->read_opts &&
        nonet_reader_set_options(in->reader, in->read_opts, &in->error)) {
        nonet_reader_free(in->reader);
        in->reader = NULL;
    }
    in->errors = in->binary = 0;
    return in->reader != NULL;
}

/* Opens the next file; sets in->error when it cannot be opened. Returns 1
 * when a reader is ready, 0 on an error, -1 at the end. */
static int open_next(cli_input *in)
{
    if (in->puzzles && !in->puzzles_read) return open_puzzles(in);
    if (in->next >= in->nfiles) return -1;
    const char *name = in->files[in->next++];
    int is_stdin = strcmp(name, "-") == 0;
    in->fp = is_stdin ? stdin : fopen(name, "rb");
    in->index = 0;
    memset(&in->error, 0, sizeof in->error);
    snprintf(in->error.source, sizeof in->error.source, "%s", name);
    in->name = name;
    in->errors = 0;
    if (!in->fp) {
        in->error.code = NONET_ERR_IO;
        snprintf(in->error.message, sizeof in->error.message, "cannot open: %s%s", strerror(errno),
                 errno == ENOENT && looks_like_puzzle(name)
                     ? " (it looks like a puzzle: give it with --puzzle)"
                     : "");
        return 0;
    }
    if (is_stdin) hint_terminal();
    in->binary = looks_binary(in->fp);
    in->reader = nonet_reader_new_file(in->fp, name, in->format, &in->error);
    if (in->reader && in->read_opts &&
        nonet_reader_set_options(in->reader, in->read_opts, &in->error)) {
        nonet_reader_free(in->reader);
        in->reader = NULL;
    }
    if (!in->reader) {
        cli_input_close(in);
        return 0;
    }
    return 1;
}

/* For --progress: notes on item how far the inputs have been read. */
static void note_position(const cli_input *in, cli_item *item)
{
    if (in->positions && in->fp) {
        off_t at = ftello(in->fp);
        item->at = in->before + (at > 0 ? (unsigned long long)at : 0);
    }
}

/* Gives item the next position of the input; returns 1. */
static int numbered(cli_input *in, cli_item *item)
{
    item->seq = in->seq++;
    note_position(in, item);
    return 1;
}

/* Makes item the error in->error (its status and message, under the input's
 * whole name: in->error.source may be cut; and for its record where it is:
 * item->unread, at a puzzle's place when `at_puzzle` and the reader counted
 * it, else line 0: an input that cannot be opened, or read at all); returns 1. */
static int failed(cli_input *in, cli_item *item, int at_puzzle)
{
    cli_unread *u = &item->unread;
    item->read_status = in->error.code ? in->error.code : NONET_ERR_IO;
    const char *name = in->name ? in->name : in->error.source;
    cli_put_error_in(&item->err, &in->error, in->name);
    u->format = in->reader ? nonet_reader_format(in->reader) : NONET_FORMAT_AUTO;
    /* an error the reader does not count is not a puzzle's (an input that
     * holds none, or whose format cannot be told) */
    u->index = in->reader ? nonet_reader_index(in->reader) : 0;
    u->line = at_puzzle && u->index > in->index ? in->error.line : 0;
    if (u->line > 0) in->index = u->index;
    u->source.len = u->message.len = 0;
    cli_text_put(&u->source, name, strlen(name));
    cli_text_put(&u->message, in->error.message, strlen(in->error.message));
    return numbered(in, item);
}

/* Ends an input that looks binary after CLI_BINARY_ERRORS errors: the
 * item holds one line saying so instead of the last error. Returns 1. */
static int skip_binary(cli_input *in, cli_item *item)
{
    item->read_status = NONET_ERR_SYNTAX;
    cli_text_printf(&item->err, "nonet: %s: looks like a binary file, skipped after %d errors\n",
                    in->name, in->errors);
    numbered(in, item);
    cli_input_close(in);
    return 1;
}

/* Makes item a lane item of the plain lines the reader has at hand, up to
 * in->lane of them; returns 0 (item untouched but for its lane's room) when
 * there is none, or when out of memory (the usual path then reads them). */
static int take_lane(cli_input *in, cli_item *item)
{
    if (!item->lane && !(item->lane = calloc(1, sizeof *item->lane))) return 0;
    cli_lane *lane = item->lane;
    size_t room = (size_t)in->lane * NONET_PLAIN_LINE;
    lane->lines.len = 0;
    if (cli_text_reserve(&lane->lines, room)) {
        lane->lines.failed = 0;
        return 0;
    }
    size_t n = nonet_reader_take_lines(in->reader, lane->lines.s, room, &lane->first_line);
    if (!n) return 0;
    lane->lines.len = n * NONET_PLAIN_LINE;
    lane->marks = 0;
    lane->source = in->name;
    item->seq = in->seq;
    note_position(in, item);
    in->seq += n;
    in->index += (long)n;
    return 1;
}

/* The item's previous puzzle is handed back to the reader, which refills
 * it in place when it can (nonet_reader_next_reuse): a stream of lines is
 * read without an allocation a puzzle, whichever worker reads the batch
 * (pipeline.c). */
int cli_input_next(cli_input *in, cli_item *item)
{
    nonet_puzzle *old = item->puzzle;
    item->puzzle = NULL;
    cli_item_reset(item);
    if (in->produce) {
        nonet_puzzle_free(old);
        return numbered(in, item) && in->produce(in->produce_ctx, item);
    }
    for (;;) {
        int r = in->reader ? 1 : open_next(in);
        if (r <= 0) {
            nonet_puzzle_free(old);
            return r < 0 ? 0 : failed(in, item, 0);
        }
        if (in->lane && take_lane(in, item)) {
            nonet_puzzle_free(old); /* lane items hold no puzzle */
            return 1;
        }
        item->puzzle = old;
        old = NULL;
        nonet_status st = nonet_reader_next_reuse(in->reader, &item->puzzle, &in->error);
        if (st == NONET_OK) {
            in->index++;
            return numbered(in, item);
        }
        if (st != NONET_END) {
            if (in->binary && ++in->errors >= CLI_BINARY_ERRORS) return skip_binary(in, item);
            int fatal = nonet_status_is_fatal(st); /* the input is not puzzles: no record */
            int got = failed(in, item, !fatal);    /* while the reader still tells its format */
            if (fatal) cli_input_close(in);
            return got;
        }
        cli_input_close(in);
    }
}
