/*
 * output.c - items written in order (see output.h).
 */
#include "output.h"

#include "options.h"
#include "outcome.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void cli_output_init(cli_output *o, int progress)
{
    memset(o, 0, sizeof *o);
    o->progress = progress;
}

/* Redraws the progress line, at most 5 times a second (the clock is read
 * once every 256 items). */
static void show_progress(cli_output *o)
{
    if (!o->progress || (o->written & 255)) return;
    double now = cli_now();
    if (now - o->shown < 0.2) return;
    o->shown = now;
    fprintf(stderr, "\rnonet: %llu puzzles", o->written);
}

/* Moves below the progress line before an error message is written. */
static void leave_progress(cli_output *o)
{
    if (o->shown > 0) fputc('\n', stderr);
    o->shown = 0;
}

/* An item whose text could not be stored in full (out of memory) is not
 * written half: it is named on standard error, with exit status 4. The
 * message is written without allocating. */
static void output_nomem(cli_output *o, const cli_item *item)
{
    fflush(stdout);
    if (item->puzzle)
        fprintf(stderr, "nonet: %s:%ld: out of memory while writing the answer\n",
                nonet_puzzle_source(item->puzzle), nonet_puzzle_line(item->puzzle));
    else fputs("nonet: out of memory while writing an error\n", stderr);
    o->exit_status = EXIT_SYSTEM;
}

void cli_output_item(cli_output *o, const cli_item *item)
{
    o->written++;
    if (item->out.failed || item->err.failed) {
        leave_progress(o);
        output_nomem(o, item);
        return;
    }
    if (item->err.len) {
        fflush(stdout);
        leave_progress(o);
        fwrite(item->err.s, 1, item->err.len, stderr);
    }
    if (item->out.len && !o->failed &&
        fwrite(item->out.s, 1, item->out.len, stdout) != item->out.len)
        o->failed = errno ? errno : EIO;
    if (!o->failed && item->err.len && ferror(stdout)) o->failed = errno ? errno : EIO;
    if (item->exit_status > o->exit_status) o->exit_status = item->exit_status;
    show_progress(o);
}

/* A closed pipe (the reader went away, as in `nonet solve | head -1`) is
 * not an error worth a message: nonet just stops. */
int cli_output_finish(cli_output *o)
{
    if (o->progress) fprintf(stderr, "\rnonet: %llu puzzles\n", o->written);
    if (fflush(stdout) != 0 && !o->failed) o->failed = errno ? errno : EIO;
    if (o->failed == EPIPE) return EXIT_SYSTEM;
    if (o->failed) {
        fprintf(stderr, "nonet: cannot write the output: %s\n", strerror(o->failed));
        return EXIT_SYSTEM;
    }
    return o->exit_status;
}
