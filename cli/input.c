/*
 * input.c - the inputs of a run read in turn (see input.h).
 */
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void cli_input_init(cli_input *in, char **files, int nfiles, nonet_format f,
                    const nonet_read_options *read_opts)
{
    static char dash[] = "-";
    static char *just_stdin[] = {dash};
    memset(in, 0, sizeof *in);
    in->files = nfiles > 0 ? files : just_stdin;
    in->nfiles = nfiles > 0 ? nfiles : 1;
    in->format = f;
    in->read_opts = read_opts;
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
    if (in->fp && in->fp != stdin) fclose(in->fp);
    in->fp = NULL;
}

/* Opens the next file; sets in->error when it cannot be opened. Returns 1
 * when a reader is ready, 0 on an error, -1 at the end. */
static int open_next(cli_input *in)
{
    if (in->next >= in->nfiles) return -1;
    const char *name = in->files[in->next++];
    int is_stdin = strcmp(name, "-") == 0;
    in->fp = is_stdin ? stdin : fopen(name, "rb");
    in->index = 0;
    memset(&in->error, 0, sizeof in->error);
    snprintf(in->error.source, sizeof in->error.source, "%s", name);
    if (!in->fp) {
        in->error.code = NONET_ERR_IO;
        snprintf(in->error.message, sizeof in->error.message, "cannot open: %s", strerror(errno));
        return 0;
    }
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

/* Gives item the next position of the input; returns 1. */
static int numbered(cli_input *in, cli_item *item)
{
    item->seq = in->seq++;
    return 1;
}

/* Makes item the error in->error (its status and message, and for its
 * record where it is: item->unread, at a puzzle's place when `at_puzzle`
 * and the reader counted it, else line 0: an input that cannot be opened,
 * or read at all); returns 1. */
static int failed(cli_input *in, cli_item *item, int at_puzzle)
{
    cli_unread *u = &item->unread;
    item->read_status = in->error.code ? in->error.code : NONET_ERR_IO;
    cli_put_error(&item->err, &in->error);
    u->format = in->reader ? nonet_reader_format(in->reader) : NONET_FORMAT_AUTO;
    /* an error the reader does not count is not a puzzle's (an input that
     * holds none, or whose format cannot be told) */
    u->index = in->reader ? nonet_reader_index(in->reader) : 0;
    u->line = at_puzzle && u->index > in->index ? in->error.line : 0;
    if (u->line > 0) in->index = u->index;
    u->source.len = u->message.len = 0;
    cli_text_put(&u->source, in->error.source, strlen(in->error.source));
    cli_text_put(&u->message, in->error.message, strlen(in->error.message));
    return numbered(in, item);
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
    snprintf(lane->source, sizeof lane->source, "%s", in->files[in->next - 1]);
    item->seq = in->seq;
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
            int fatal = nonet_status_is_fatal(st); /* the input is not puzzles: no record */
            int got = failed(in, item, !fatal);    /* while the reader still tells its format */
            if (fatal) cli_input_close(in);
            return got;
        }
        cli_input_close(in);
    }
}
