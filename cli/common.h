/*
 * common.h - what the commands share around their own per-puzzle work:
 * the options they have in common (one parser, so every command gives the
 * same values, messages and exit statuses), the search bounds of --timeout
 * and --max-nodes, and running the batch with its --stats counters.
 *
 * A command still owns what it accepts: its usage text and the list of its
 * options (ids from the table in options.c). The shared parser sees only
 * those, and hands the command's own ones back to it.
 */
#ifndef NONET_CLI_COMMON_H
#define NONET_CLI_COMMON_H

#include "options.h"
#include "outcome.h"
#include "pipeline.h"
#include "progress.h"
#include "rules.h"

/* cli_common_parse's result when every option was taken and the command
 * goes on (any other value is an exit status). */
#define CLI_GO_ON (-1)

/* The shared options of one run and what the batch needs besides. */
typedef struct cli_common {
    const char *cmd;                /* "solve", "count", ...: named in usage errors */
    const char *usage;              /* the command's --help text */
    nonet_options opt;              /* --engine, --limit, --max-nodes */
    nonet_format output;            /* --output; NONET_FORMAT_AUTO when not given */
    int stats;                      /* --stats */
    int no_time;                    /* --no-time: records carry no seconds */
    double timeout;                 /* --timeout: seconds a puzzle, 0 = none */
    cli_rules rules;                /* --box, --alphabet, --variant, --regions */
    cli_stats counters;             /* for --stats; shared by the worker threads */
    cli_pipeline pipe;              /* --format, --jobs, --progress; cli_common_run sets the rest */
    void *own;                      /* the command's own settings, for its work */
    void *(*make_state)(void *ctx); /* per-thread state; NULL: a nonet_solver */
    void (*free_state)(void *state);
    const char *csv_header;      /* the header line of -o csv; NULL: solve's */
    int csv_columns, csv_status; /* -o csv: fields a row, and which holds the status
                                    (0: solve's, 7 and 2) */
    /* Writes the text answer of a puzzle that could not be read when the
     * output is the command's own text (no --output); NULL: the marker line
     * (cli_put_unread). */
    void (*unread_text)(const struct cli_common *c, cli_item *item);
    int limits;            /* the command searches: it takes --timeout and --max-nodes */
    int progress_mode;     /* --progress: CLI_PROGRESS_* */
    long long expected;    /* puzzles the run will write, for --progress (0: unknown) */
    cli_progress progress; /* the --progress line (cli_common_run starts it) */
    cli_text puzzles;      /* the --puzzle texts, one a line */
} cli_common;

/* The command's own options: returns 1 when it took option `opt` (its value,
 * if any, in optarg), 0 when `opt` is not one of its own. */
typedef int (*cli_own_option_fn)(void *own, int opt);

/* Sets the defaults: nonet_options_init, formats detected and written as
 * read, all cores (1 thread when standard input is a terminal). `cmd` and
 * `usage` are borrowed and must outlive c; `own` is passed to the work. */
void cli_common_init(cli_common *c, const char *cmd, const char *usage, void *own);

/* Parses argv (from the command's name on) with getopt_long, `accepts`
 * listing the ids of the options the command takes besides the shared
 * ones (ended by 0; see options.h): cli_reading_options always, and
 * cli_limit_options when c->limits is set. Options that `own_option` takes (it may be NULL) are the
 * command's; the shared ones set c. Returns CLI_GO_ON with optind at the
 * first file; EXIT_OK after printing the usage for --help; EXIT_USAGE
 * after naming a bad option or value. */
int cli_common_parse(cli_common *c, int argc, char **argv, const int *accepts,
                     cli_own_option_fn own_option);

/* Search options for one puzzle: c->opt with a progress callback enforcing
 * --timeout from now on. `deadline` is the callback's storage and must live
 * as long as the search that uses the options. */
nonet_options cli_common_bounds(const cli_common *c, double *deadline);

/* The format p's record is written in: --output, else the one it was read in. */
nonet_format cli_common_output(const cli_common *c, const nonet_puzzle *p);

/* The format a command that writes puzzles writes p in (carry.h):
 * --output, else the one p was read in, when it holds p's rules; else the
 * nonet format (no --output), or -1 with the error noted on item (the
 * format asked for cannot hold them: exit status 3). */
int cli_common_puzzle_output(const cli_common *c, cli_item *item, const nonet_puzzle *p);

/* Solves item->puzzle as cli_outcome_solve does with `bounds` (from
 * cli_common_bounds), counting it for --stats, and timing it only when its
 * record carries the time (csv or json, without --no-time). A search that gave up is
 * noted on item->err ("nonet: FILE:LINE: gave up after ...", naming the
 * bound); o->res.gave_up tells the command. */
void cli_common_solve(cli_common *c, cli_outcome *o, nonet_solver *s, const nonet_options *bounds,
                      unsigned long long keep, cli_item *item);
/* The same, the solutions handed to spill(ctx, grids, n) by chunks as
 * they are found (see cli_outcome_solve_spilling). */
void cli_common_solve_spilling(cli_common *c, cli_outcome *o, nonet_solver *s,
                               const nonet_options *bounds, unsigned long long keep, cli_item *item,
                               cli_spill_fn spill, void *spill_ctx);

/* Notes on item->err that the search of item->puzzle gave up with `res`,
 * naming the bound it hit. */
void cli_common_note_gave_up(const cli_common *c, cli_item *item, const nonet_result *res);

/* Sets c->pipe's --progress line (started for `files`) and --puzzle
 * texts: cli_common_run calls it; a command that runs the pipeline itself
 * calls it first. */
void cli_common_start(cli_common *c, char **files, int nfiles);

/* Runs the batch over the files: the CSV header when --output is csv, then
 * `work` for every puzzle read (its ctx is c; each thread has a solver),
 * inputs that could not be read counted as invalid and answered in their
 * slot (cli_common_unread), and the --stats summary at the end. Returns cli_pipeline_run's exit status. */
int cli_common_run(cli_common *c, cli_work_fn work, char **files, int nfiles);

/* Frees what parsing kept (the --puzzle texts); cli_common_parse calls it
 * when it returns other than CLI_GO_ON and cli_common_run when the run ends,
 * a command that returns between the two or runs the pipeline itself calls
 * it. */
void cli_common_free(cli_common *c);

/* The answer of a puzzle that could not be read (the pipeline's `unread`
 * hook, ctx a cli_common): its record in --output's format, else in the
 * format the input was read in (or c->unread_text's words). */
void cli_common_unread(void *ctx, cli_item *item);

#endif
