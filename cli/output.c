/*
 * output.c - items written in order (see output.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* An item whose text could not be stored in full (out of memory) is not
 * written half: it is named on standard error, with exit status 4. The
 * message is written without allocating. */
static void output_flush_block(cli_output *o);

static void output_nomem(cli_output *o, const cli_item *item)
{
    output_flush_block(o); /* the answers before, stdio's included */
    cli_progress_clear(o->progress);
    if (item->puzzle)
        fprintf(stderr, "nonet: %s:%ld: out of memory while writing the answer\n",
                nonet_puzzle_source(item->puzzle), nonet_puzzle_line(item->puzzle));
    else if (cli_item_lines(item))
        fprintf(stderr, "nonet: %s:%ld: out of memory while writing the answers\n",
                item->lane->source, item->lane->first_line);
    else fputs("nonet: out of memory while writing an error\n", stderr);
    o->exit_status = EXIT_SYSTEM;
}

void cli_output_init(cli_output *o, cli_progress *progress)
{
    o->exit_status = 0;
    o->failed = 0;
    o->progress = progress;
    o->written = NULL;
    o->written_ctx = NULL;
    o->direct = isatty(STDOUT_FILENO);
    o->pending = 0; /* the block itself is not cleared: only pending bytes are read */
}

/* Writes n bytes of s to the file descriptor of standard output, after
 * what stdio holds (a header), noting a failed write. Not through stdio:
 * fwrite would copy the block into its buffer first. */
static void output_write(cli_output *o, const char *s, size_t n)
{
    if (o->failed) return;
    if (fflush(stdout) != 0) {
        o->failed = errno ? errno : EIO;
        return;
    }
    while (n) {
        ssize_t w = write(STDOUT_FILENO, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            o->failed = w < 0 && errno ? errno : EIO;
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

/* Gives the answers gathered to standard output. */
static void output_flush_block(cli_output *o)
{
    output_write(o, o->block, o->pending);
    o->pending = 0;
}

/* Writes n bytes of answer: gathered in o->block, or given to standard
 * output at once when it is a terminal or they do not fit the block. */
static void output_answer(cli_output *o, const char *s, size_t n)
{
    if (o->pending + n > sizeof o->block) output_flush_block(o);
    if (o->direct) { /* a terminal: at once, through stdio as before */
        if (!o->failed && fwrite(s, 1, n, stdout) != n) o->failed = errno ? errno : EIO;
        return;
    }
    if (n > sizeof o->block) {
        output_write(o, s, n);
        return;
    }
    memcpy(o->block + o->pending, s, n);
    o->pending += n;
}

/* Writes the item's texts (see cli_output_item). */
/* Writes err[e0, e1) to standard error, after the answers before it. */
static void output_message(cli_output *o, const cli_text *err, size_t e0, size_t e1)
{
    if (e1 <= e0) return;
    output_flush_block(o);           /* the answers before, stdio's included */
    cli_progress_clear(o->progress); /* the count's line */
    fwrite(err->s + e0, 1, e1 - e0, stderr);
}

static void output_text(cli_output *o, const cli_item *item)
{
    if (item->out.failed || item->err.failed) {
        output_nomem(o, item);
        return;
    }
    size_t out0 = 0, err0 = 0;
    const cli_lane *lane = cli_item_lines(item) ? item->lane : NULL;
    for (int k = 0; lane && k < lane->marks; k++) { /* a lane item's messages, each in place */
        if (lane->out_at[k] > out0 && !o->failed)
            output_answer(o, item->out.s + out0, lane->out_at[k] - out0);
        output_message(o, &item->err, err0, lane->err_at[k]);
        out0 = lane->out_at[k];
        err0 = lane->err_at[k];
    }
    output_message(o, &item->err, err0, item->err.len); /* the rest: before the answer */
    if (item->out.len > out0 && !o->failed)
        output_answer(o, item->out.s + out0, item->out.len - out0);
    if (!o->failed && item->err.len && ferror(stdout)) o->failed = errno ? errno : EIO;
    if (item->exit_status > o->exit_status) o->exit_status = item->exit_status;
}

void cli_output_item(cli_output *o, const cli_item *item)
{
    output_text(o, item);
    cli_progress_item(o->progress, item);
    if (o->written) o->written(o->written_ctx, item);
}

void cli_output_flush(cli_output *o) { output_flush_block(o); }

void cli_output_stream(cli_output *o, cli_item *item)
{
    if (item->out.failed || item->err.failed || cli_item_lines(item)) return;
    if (item->out.len && !o->failed) output_answer(o, item->out.s, item->out.len);
    item->out.len = 0;
    if (item->out.s) item->out.s[0] = '\0';
}

/* A closed pipe (the reader went away, as in `nonet solve | head -1`) is
 * not an error worth a message: nonet just stops. */
int cli_output_finish(cli_output *o)
{
    cli_progress_end(o->progress);
    output_flush_block(o);
    if (fflush(stdout) != 0 && !o->failed) o->failed = errno ? errno : EIO;
    if (o->failed == EPIPE) return EXIT_SYSTEM;
    if (o->failed) {
        fprintf(stderr, "nonet: cannot write the output: %s\n", strerror(o->failed));
        return EXIT_SYSTEM;
    }
    return o->exit_status;
}
