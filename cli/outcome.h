/*
 * outcome.h - what the solving commands share: options common to solve,
 * count and check, solving one item with its timing and stored solutions,
 * writing its record, and the batch statistics printed by --stats.
 *
 * The statistics are the only state shared between worker threads; they
 * are atomic counters, so the ordered output never waits for them.
 */
#ifndef NONET_CLI_OUTCOME_H
#define NONET_CLI_OUTCOME_H

#include "item.h"

#include <nonet.h>
#include <stdatomic.h>

/* Solutions a streaming outcome stores before it hands them out. */
#define CLI_SPILL_AT 64

/* Batch counters for --stats. */
typedef struct cli_stats {
    atomic_ulong read, unique, several, none, invalid, gave_up;
    double started; /* monotonic seconds at the start */
} cli_stats;

/* Takes n solutions a streaming outcome hands out (see cli_outcome.spill);
 * nonzero stops the search (out of memory). */
typedef int (*cli_spill_fn)(void *ctx, const unsigned char *grids, unsigned long long n);

/* One solved puzzle. */
typedef struct cli_outcome {
    nonet_status status; /* check or solver status */
    nonet_error err;
    nonet_result res;
    unsigned char *solutions; /* stored solutions, NULL when none: `first`, or malloc'd
                                 when more than one is kept */
    unsigned long long stored, room;
    int nomem; /* storing a solution ran out of memory */
    double seconds;
    /* Streaming (solve --all): NULL, or called when CLI_SPILL_AT solutions
     * are stored, with all but the last two (which stay, so the record
     * written at the end still holds several): `solutions` then holds at
     * most CLI_SPILL_AT grids however many the search finds. `spilled`
     * counts the grids handed out. Nonzero from spill stops the search (out
     * of memory). Set by cli_outcome_solve_spilling. */
    cli_spill_fn spill;
    void *spill_ctx;
    unsigned long long spilled;
    /* Room for the first solution, so that solving one puzzle allocates
     * nothing: `solutions` points here until a second one is kept. Not cleared
     * when an outcome starts. */
    unsigned char first[NONET_MAX_CELLS];
} cli_outcome;

/* Monotonic clock in seconds. */
double cli_now(void);

/* Solves item->puzzle with opt, storing up to `keep` solutions (0 = none
 * beyond the first), and timing it into o->seconds when `timed` (else
 * o->seconds = -1). Reports rule and engine errors into item->err and sets
 * item->exit_status; counts the outcome in stats (may be NULL). */
void cli_outcome_solve(cli_outcome *o, nonet_solver *s, const nonet_options *opt,
                       unsigned long long keep, int timed, cli_item *item, cli_stats *stats);
/* The same, streaming: the solutions stored are handed to spill(ctx,
 * grids, n) by chunks as they are found (see cli_outcome.spill), so memory
 * stays flat however many are found. */
void cli_outcome_solve_spilling(cli_outcome *o, nonet_solver *s, const nonet_options *opt,
                                unsigned long long keep, int timed, cli_item *item,
                                cli_stats *stats, cli_spill_fn spill, void *spill_ctx);
void cli_outcome_free(cli_outcome *o);

/* Appends the record of the outcome in format f to item->out. */
void cli_outcome_write(const cli_outcome *o, nonet_format f, cli_item *item);

/* Appends the record in format f to t. Returns 0, or -1 (t->failed set)
 * when out of memory. */
int cli_append_record(cli_text *t, nonet_format f, const nonet_record *rec);

/* Counts one puzzle read in the statistics: invalid (a rule or engine
 * error), else given up (with fewer than 2 solutions found), else by the
 * solutions found (none, unique, several). */
void cli_stats_count(cli_stats *st, int invalid, int gave_up, unsigned long long solutions);

/* Counts an input that could not be read as a puzzle. */
void cli_stats_read_failed(cli_stats *st);

/* Prints the CSV header line to standard output. */
void cli_csv_header(void);

/* Prints the --stats summary to standard error. */
void cli_stats_print(const cli_stats *st);

/* Per-thread solver state for cli_pipeline. */
void *cli_make_solver(void *ctx);
void cli_free_solver(void *state);

#endif
