/*
 * pipeline.h - the CLI's batch scheduling: read items in order (input.h),
 * process them on N threads, write them in input order (output.h).
 *
 * The library is single-threaded per object; threads live only here. N
 * threads in all (the main thread and N-1 more) each read a whole batch
 * (one at a time), process it and write the finished batches strictly in
 * sequence (one worker at a time). Threads start only when
 * the input is longer than one batch. At most 4*N batches are in flight, so
 * memory stays bounded however long the input is.
 */
#ifndef NONET_CLI_PIPELINE_H
#define NONET_CLI_PIPELINE_H

#include "item.h"
#include "progress.h"

/* The command's per-puzzle work: fill item->out, item->err, item->exit_status.
 * `state` is the calling thread's own (from make_state). */
typedef void (*cli_work_fn)(void *ctx, void *state, cli_item *item);

typedef struct cli_pipeline {
    int jobs;            /* threads working; 1 = all in the main thread; 0 = the
                            default: all cores, 1 when standard input is a
                            terminal (looked up only then: a -j1 run reads no
                            CPU count) */
    nonet_format format; /* input format (AUTO to detect) */
    cli_work_fn work;
    void *ctx;
    void *(*make_state)(void *ctx); /* per-thread state, e.g. a nonet_solver */
    void (*free_state)(void *state);
    void (*finish)(void *ctx);      /* after every item is written (may be NULL) */
    void (*read_failed)(void *ctx); /* for each input that could not be read (may be NULL) */
    void (*unread)(void *ctx, cli_item *item); /* writes the record of a puzzle that could
                                                  not be read (item->unread, its line > 0)
                                                  into item->out (may be NULL: none) */
    const nonet_read_options *read_opts;       /* rules for every reader (NULL = none) */
    /* Producing instead of reading (nonet generate without files): called
     * in order for item seq = 0, 1, ...; returns 1 when item is one more to
     * work on (its puzzle stays NULL), 0 at the end. NULL: read the files. */
    int (*produce)(void *ctx, cli_item *item);
    int batch;                                        /* items a batch, 1..64; 0 = 64 */
    void (*written)(void *ctx, const cli_item *item); /* after each item is written (may be NULL) */
    cli_progress *progress; /* --progress (progress.h), or NULL; its byte count needs
                               the inputs' positions, taken only then */
    void (*ordered)(void *ctx, cli_item *item); /* NULL, or called for every item in input
                                                   order, on one thread, before it is written */
    int lane;            /* 0, or the most plain lines a lane item holds (cli_lane): the
                 command's work answers lane items, counted by their lines in
                 a batch and in the progress count */
    const char *puzzles; /* --puzzle texts, one a line, read before the files
                            (none: standard input is not read), or NULL */
} cli_pipeline;

/* Runs the pipeline over the files (NULL or "-" = standard input). Returns
 * the worst EXIT_* of all items and of the output itself. */
int cli_pipeline_run(const cli_pipeline *p, char **files, int nfiles);

#endif
