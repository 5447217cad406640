/*
 * equiv.h - what canon, shuffle and dedupe share: their own options
 * (--form, --seed, --copies, --count), a canonical-form
 * workspace per thread, the batch run with an in-order hook, error notes,
 * and the JSON and CSV fields of a transformation.
 */
#ifndef NONET_CLI_EQUIV_H
#define NONET_CLI_EQUIV_H

#include "common.h"

/* The equivalence commands' own settings (cli_common.own). */
typedef struct cli_equiv {
    nonet_canon_form form; /* --form */
    uint64_t seed;         /* --seed (shuffle) */
    unsigned long copies;  /* --copies (shuffle) */
    int count;             /* --count (dedupe) */
    int bad;               /* an option value was rejected (reported) */
    const char *cmd;       /* the command, for messages */
    void *state;           /* the command's own run state (dedupe's classes) */
} cli_equiv;

/* Takes --form, --seed, -n/--copies and -c/--count into the
 * cli_equiv at `own`; an own_option function for cli_common_parse. Returns
 * 1 when taken (a bad value is reported and noted in e->bad), 0 when the
 * option is not one of these. */
int cli_equiv_option(void *own, int opt);

/* Parses argv as cli_common_parse does (`accepts`: the ids of the options
 * the command takes, ended by 0), with the equivalence options too.
 * Returns CLI_GO_ON, or the exit status to return now. */
int cli_equiv_parse(cli_common *c, int argc, char **argv, const int *accepts);

/* Runs the batch over the files with a nonet_canon per thread for `work`,
 * `ordered` (may be NULL) called on every item in input order, `header`
 * (may be NULL) printed first and `finish` (may be NULL) at the end. --progress
 * shows only when standard error is a terminal. Returns the exit status. */
int cli_equiv_run(cli_common *c, cli_work_fn work, void (*ordered)(void *, cli_item *),
                  const char *header, void (*finish)(void *), char **files, int nfiles);

/* Reports a library error about item's puzzle on item->err ("nonet:
 * FILE:LINE: message") and sets its exit status: EXIT_GAVE_UP for a
 * search that gave up (NONET_ERR_LIMIT), EXIT_SYSTEM when out of memory,
 * else EXIT_BAD_INPUT. */
void cli_equiv_fail(cli_item *item, nonet_error *err);
/* The same for an error whose source and line are set already. */
void cli_equiv_fail_at(cli_item *item, const nonet_error *err);

/* Appends the JSON members of transformation t and automorphism count
 * (`"automorphisms":N,` only when aut > 0): ,"automorphisms":N,"transform":{...}. */
void cli_equiv_json(cli_text *out, const nonet_transform *t, unsigned long long aut);

/* Appends a record of format f for puzzle q to item->out, closing a JSON
 * object with the fields of t and aut (see cli_equiv_json) and a CSV row
 * with `extra` (already comma-led) before its newline. Returns 0, or -1
 * with item's status set to EXIT_SYSTEM. */
int cli_equiv_record(cli_item *item, nonet_format f, const nonet_puzzle *q,
                     const nonet_transform *t, unsigned long long aut, const char *extra);

/* Appends the puzzle's givens as one line without newline (its N*N symbols). */
void cli_equiv_line(cli_text *out, const nonet_puzzle *p);

/* Answers item's puzzle, which breaks a rule (err), in its slot: in JSON
 * its record with status "invalid" and the message, in CSV a row of
 * c->csv_columns fields ending "invalid,MESSAGE", else the marker line. */
void cli_equiv_invalid(const cli_common *c, cli_item *item, const nonet_error *err);

#endif
