/*
 * pipeline.h - the CLI's batch pipeline: read puzzles in order, process them
 * on N threads, write the results in input order.
 *
 * The library is single-threaded per object; threads live only here. The
 * main thread reads, workers process whole batches, one writer thread emits
 * finished batches strictly in sequence. At most 4*N batches are in flight,
 * so memory stays bounded however long the input is.
 */
#ifndef NONET_CLI_PIPELINE_H
#define NONET_CLI_PIPELINE_H

#include <nonet.h>

#include <stddef.h>

/* Exit statuses of the nonet tool (documented in --help and README.md). */
enum {
    EXIT_UNIQUE = 0,      /* every puzzle solved, each with exactly one solution */
    EXIT_NOT_UNIQUE = 1,  /* some puzzle has no solution or several (or was given up) */
    EXIT_BAD_INPUT = 2,   /* some input could not be read or breaks the rules */
    EXIT_USAGE = 3,       /* bad command line */
    EXIT_SYSTEM = 4       /* output could not be written, out of memory */
};

/* A growable text buffer. */
typedef struct cli_text {
    char *s;
    size_t len, cap;
} cli_text;

/* Appends n bytes; returns 0, or -1 when out of memory. */
int cli_text_put(cli_text *t, const char *s, size_t n);
/* Appends printf-style text. */
int cli_text_printf(cli_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* One input position: a puzzle read, or the error reading it. */
typedef struct cli_item {
    nonet_puzzle *puzzle;   /* NULL when reading failed; freed by the pipeline, unless
                               the work takes it (sets it to NULL and frees it itself) */
    nonet_error error;      /* the read error when puzzle is NULL */
    cli_text out;           /* text for standard output */
    cli_text err;           /* text for standard error */
    int exit_status;        /* this item's EXIT_* */
} cli_item;

/* The command's per-puzzle work: fill item->out, item->err, item->exit_status.
 * `state` is the calling thread's own (from make_state). */
typedef void (*cli_work_fn)(void *ctx, void *state, cli_item *item);

typedef struct cli_pipeline {
    int jobs;                          /* threads working; 1 = all in the main thread */
    nonet_format format;               /* input format (AUTO to detect) */
    cli_work_fn work;
    void *ctx;
    void *(*make_state)(void *ctx);    /* per-thread state, e.g. a nonet_solver */
    void (*free_state)(void *state);
    void (*finish)(void *ctx);         /* after every item is written (may be NULL) */
    void (*read_failed)(void *ctx);    /* for each input that could not be read (may be NULL) */
    const nonet_read_options *read_opts; /* rules for every reader (NULL = none) */
} cli_pipeline;

/* Runs the pipeline over the files (NULL or "-" = standard input). Returns
 * the worst EXIT_* of all items and of the output itself. */
int cli_pipeline_run(const cli_pipeline *p, char **files, int nfiles);

/* Formats a library error as "nonet: SOURCE:LINE: message\n" into t. */
void cli_put_error(cli_text *t, const nonet_error *e);

#endif
