/*
 * output.h - writing the items of a run in order: an item's error text to
 * standard error, its answer to standard output, and the worst exit status.
 * A closed pipe ends the run quietly; any other write error is reported.
 */
#ifndef NONET_CLI_OUTPUT_H
#define NONET_CLI_OUTPUT_H

#include "item.h"

typedef struct cli_output {
    int exit_status;         /* worst so far */
    int failed;              /* errno of a failed write to standard output, or 0 */
    int progress;            /* 1: show how many items are done on standard error */
    unsigned long long done; /* items written (--progress) */
    double shown;            /* when the count was last shown; 0 = not shown */
} cli_output;

/* Writes one item (an item whose text is incomplete, out of memory, is
 * named on standard error instead, with exit status 4). With progress,
 * counts it and redraws "nonet: N puzzles done" on standard error at most
 * four times a second, clearing the line before an item's own message. */
void cli_output_item(cli_output *o, const cli_item *item);

/* Flushes standard output and returns the run's exit status; with
 * progress, the final count ends its line first. */
int cli_output_finish(cli_output *o);

#endif
