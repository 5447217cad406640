/*
 * output.h - writing the items of a run in order: an item's error text to
 * standard error, its answer to standard output, and the worst exit status.
 * A closed pipe ends the run quietly; any other write error is reported.
 * With --progress, the count of items written is kept on standard error.
 */
#ifndef NONET_CLI_OUTPUT_H
#define NONET_CLI_OUTPUT_H

#include "item.h"

typedef struct cli_output {
    int exit_status;            /* worst so far */
    int failed;                 /* errno of a failed write to standard output, or 0 */
    int progress;               /* --progress: redraw a count on standard error */
    unsigned long long written; /* items written so far */
    double shown;               /* when the progress line was last drawn; 0 = not on screen */
} cli_output;

/* Starts an output with nothing written; `progress` 1 shows the count of
 * items written on standard error (a line redrawn at most 5 times a second,
 * ended by cli_output_finish). */
void cli_output_init(cli_output *o, int progress);

/* Writes one item (an item whose text is incomplete, out of memory, is
 * named on standard error instead, with exit status 4). */
void cli_output_item(cli_output *o, const cli_item *item);

/* Flushes standard output and returns the run's exit status. */
int cli_output_finish(cli_output *o);

#endif
