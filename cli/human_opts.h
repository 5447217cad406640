/*
 * human_opts.h - what explain, hint and rate share: an explainer for each
 * worker thread, the --extra and --level options, loading a puzzle into an
 * explainer with its notes (no solution, several), the --timeout deadline
 * between steps, and writing a step into an item's text.
 */
#ifndef NONET_CLI_HUMAN_OPTS_H
#define NONET_CLI_HUMAN_OPTS_H

#include "common.h"
#include "json.h"

/* The default --timeout of explain, hint and rate (seconds a puzzle): a
 * bound on what a user can type (a 64x64 grid, a hard puzzle's chains). */
#define CLI_HUMAN_TIMEOUT 60

/* The human commands' own settings. */
typedef struct cli_human {
    int level;                /* hint --level: 1, 2 or 3 */
    const char *extra_list;   /* --extra as given, checked by cli_human_finish */
    const char *level_text;   /* --level as given */
    unsigned char extra[256]; /* technique rows turned on by --extra */
    int list;                 /* --techniques: print the table and stop */
    int quiet_none;           /* hint: no solution is the command's to explain */
    int keep_going;           /* --keep-going: work on puzzles with several solutions */
} cli_human;

/* What a human command is, for cli_human_main. */
typedef struct cli_human_command {
    const char *name;       /* "explain", "hint", "rate" */
    const char *usage;      /* its --help text */
    const char *csv_header; /* the header line of its -o csv */
    const int *accepts;     /* the option ids it takes, ended by 0 */
    cli_work_fn work;       /* its work on one puzzle (ctx: the cli_common) */
    /* A puzzle that could not be read: its text answer (NULL: the marker
     * line), and -o csv's fields a row and status field (columns -1: no row). */
    void (*unread_text)(const cli_common *c, cli_item *item);
    int csv_columns, csv_status;
} cli_human_command;

/* Runs a human command from its argv to its exit status: c set up for
 * explainers, the options parsed (the human ones by cli_human_option) and
 * checked by cli_human_finish, any output format but text, json and csv
 * refused as a usage error, then cmd->work on every puzzle of the files.
 * `own` keeps the defaults the caller gave it (hint's level) unless an
 * option changes them; c and own must outlive the run. */
int cli_human_main(const cli_human_command *cmd, cli_common *c, cli_human *own, int argc,
                   char **argv);

/* Takes --extra, --level and --techniques (own-option callback for
 * cli_common_parse; `own` is a cli_human). */
int cli_human_option(void *own, int opt);

/* Checks the values taken by cli_human_option after parsing. Returns
 * CLI_GO_ON, EXIT_OK after printing the technique table (--techniques),
 * or EXIT_USAGE after naming a bad value. */
int cli_human_finish(cli_common *c, cli_human *h);

/* Per-thread state for the pipeline: an empty explainer. */
void *cli_make_explainer(void *ctx);
void cli_free_explainer(void *state);

/* Sets x to item->puzzle, turns on the --extra techniques and starts the
 * --timeout clock: *deadline (0 = none; it must live while x works on the
 * puzzle) bounds every search through x's progress callback, the
 * uniqueness check included. Reports on item->err a puzzle whose givens
 * clash or that has no solution (status 2 and 1; with h->quiet_none, no
 * solution is left to the command) or that was given up, and one with
 * several solutions (status 1): CLI_HUMAN_SEVERAL at once, or with
 * --keep-going a warning (uniqueness techniques off) and CLI_HUMAN_OK. Returns
 * CLI_HUMAN_OK when the puzzle can be worked on, else why not. */
int cli_human_load(const cli_common *c, const cli_human *h, nonet_explainer *x, cli_item *item,
                   double *deadline);

enum { CLI_HUMAN_OK = 0, CLI_HUMAN_INVALID, CLI_HUMAN_NONE, CLI_HUMAN_GAVE_UP, CLI_HUMAN_SEVERAL };

/* The status of a load result: invalid, no solution, gave up, several. */
cli_status cli_human_status(int load);

/* 1 when the deadline (from cli_human_load) has passed. */
int cli_human_late(double deadline);

/* Appends step `st` written by nonet_write_step (format f, level) to t;
 * with `prefix` (JSON only), the object starts with those members. */
void cli_human_put_step(cli_text *t, nonet_format f, int level, const nonet_shape *shape,
                        const nonet_step *st, const char *prefix);

/* Appends the step's conclusions as "r1c4=5 r2c3<>7" (for csv). */
void cli_human_put_moves(cli_text *t, const nonet_shape *shape, const nonet_step *st);

#endif
