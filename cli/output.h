/*
 * output.h - writing the items of a run in order: an item's error text to
 * standard error, its answer to standard output, and the worst exit status.
 * A closed pipe ends the run quietly; any other write error is reported.
 * With --progress, the count of items done is kept on standard error.
 */
#ifndef NONET_CLI_OUTPUT_H
#define NONET_CLI_OUTPUT_H

#include "item.h"
#include "progress.h"

/* Bytes of answers gathered before they are written to standard output's
 * file descriptor at once (after stdio's buffer is flushed): one write a
 * block, not one fwrite an answer (fwrite and its copy into stdio's buffer,
 * about 120 instructions an answer, were 5% of `nonet solve -j1`'s work
 * beside the solver on 17-clue). Not on a terminal, where each answer is
 * written at once through stdio. 32 KiB: fewer pages touched than 64 KiB
 * (a first touch costs ~13 us on the test VM), few writes. */
#define CLI_OUTPUT_BLOCK (1 << 15)

typedef struct cli_output {
    int exit_status;        /* worst so far */
    int failed;             /* errno of a failed write to standard output, or 0 */
    cli_progress *progress; /* --progress: the line on standard error, or NULL */
    void (*written)(void *ctx, const cli_item *item); /* after each item (may be NULL) */
    void *written_ctx;
    int direct;                   /* standard output is a terminal: each answer written at once */
    size_t pending;               /* bytes of answers in `block`, not yet given to stdout */
    char block[CLI_OUTPUT_BLOCK]; /* answers gathered for one fwrite */
} cli_output;

/* A run's output: nothing written yet; `progress` (NULL: none) is told of
 * every item written (progress.h). */
void cli_output_init(cli_output *o, cli_progress *progress);

/* Writes one item (an item whose text is incomplete, out of memory, is
 * named on standard error instead, with exit status 4), then calls
 * o->written when set. */
void cli_output_item(cli_output *o, const cli_item *item);

/* Writes item->out so far (the beginning of its answer) and empties it,
 * the item's error text staying for cli_output_item: for a work that
 * makes a long answer (solve --all, shuffle -n), called only when
 * item->stream is o. An item whose text failed (out of memory) is left
 * for cli_output_item to report. */
void cli_output_stream(cli_output *o, cli_item *item);

/* Writes the answers gathered so far: before anything else is written to
 * standard output through stdio (a command's finish hook). */
void cli_output_flush(cli_output *o);

/* Flushes standard output and returns the run's exit status. */
int cli_output_finish(cli_output *o);

#endif
