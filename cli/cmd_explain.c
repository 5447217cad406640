/*
 * cmd_explain.c - `nonet explain`: every step of the human-style solution
 * of each puzzle, as Sudoku Explainer would take them, one line a step, in
 * input order; then a line saying whether the puzzle was solved.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "human_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet explain [OPTIONS] [FILE...]\n"
    "Solve every puzzle of the FILEs (standard input when none or '-') the way a\n"
    "person does, and print every step, in input order: the technique, where it\n"
    "applies and what it places or removes, e.g.\n"
    "  Pointing: 5 in b1 => r1c4<>5\n"
    "then 'Solved: N steps, hardest R (TECHNIQUE)' or 'Stuck after N steps'.\n"
    "Steps are Sudoku Explainer 1.2.1's choice; a puzzle with pencilmarks starts\n"
    "from them.\n"
    "\n"
    "Options:\n"
    "  -o, --output NAME   json: one object a step, a line each (technique,\n"
    "                      rating, placements, eliminations, pattern), then one\n"
    "                      with the puzzle's status; csv: one row a step\n"
    "      --extra LIST    also use these techniques (ids, comma-separated, or\n"
    "                      'all'); see --techniques\n"
    "      --techniques    list the techniques (id, SE rating, name) and exit\n"
    "      --timeout SECONDS  stop explaining a puzzle after this much time\n"
    "                      (default 60; 0: no bound)\n"
    "      --keep-going    work on a puzzle with several solutions too (it can\n"
    "                      run long: the default answers 'several' at once)\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "A puzzle that no technique can finish ends 'Stuck after N steps'; one\n"
    "stopped by --timeout is given up, with a note on standard error, and the\n"
    "batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle was solved to the end; 1 some puzzle has none\n"
    "or several solutions, got stuck or was given up; 2 some input is malformed\n"
    "or breaks the rules; 3 usage error; 4 output or system error.\n";

static const char csv_header[] = "index,step,technique,rating,moves\n";

/* The puzzle's closing record: solved, stuck, given up or not explained. */
static void put_summary(nonet_format f, cli_item *item, int steps, cli_status status,
                        double hardest, int tech)
{
    if (f == NONET_FORMAT_JSON) {
        cli_json j;
        cli_json_puzzle(&j, &item->out, item->puzzle);
        cli_json_str(&j, "status", cli_status_name(status));
        cli_json_int(&j, "steps", steps);
        cli_json_num(&j, "hardest", 1, hardest);
        cli_json_end(&j);
    } else if (f == NONET_FORMAT_CSV) return;
    else if (status == CLI_STATUS_SOLVED)
        cli_text_printf(&item->out, "Solved: %d steps, hardest %.1f (%s)\n", steps, hardest,
                        tech >= 0 ? nonet_technique_name(tech) : "none");
    else if (status == CLI_STATUS_STUCK)
        cli_text_printf(&item->out, "Stuck after %d steps: no technique applies\n", steps);
    else if (status == CLI_STATUS_GAVE_UP)
        cli_text_printf(&item->out, "Gave up after %d steps\n", steps);
    else if (status == CLI_STATUS_SEVERAL)
        cli_text_printf(&item->out, "Not explained: several solutions\n");
    else cli_text_printf(&item->out, "Not explained: %s\n", cli_status_name(status));
}

/* A puzzle that could not be read, in text: "Not explained: invalid". */
static void explain_unread(const cli_common *c, cli_item *item)
{
    (void)c;
    cli_text_printf(&item->out, "Not explained: %s\n", cli_status_name(CLI_STATUS_INVALID));
}

/* Writes step k of the item's puzzle; `place` holds its JSON members index,
 * source and line. */
static void put_step(nonet_format f, cli_item *item, const char *place, int k, const nonet_step *st)
{
    const nonet_shape *shape = nonet_puzzle_shape(item->puzzle);
    if (f == NONET_FORMAT_CSV) {
        cli_text_printf(&item->out, "%ld,%d,%s,%.1f,", nonet_puzzle_index(item->puzzle), k,
                        nonet_technique_id(st->technique), st->rating);
        cli_human_put_moves(&item->out, shape, st);
        cli_text_put(&item->out, "\n", 1);
        return;
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, ",\"step\":%d", k);
    cli_text pre = {0};
    cli_text_printf(&pre, "%s%s", place, prefix);
    cli_human_put_step(&item->out, f, 3, shape, st, pre.s ? pre.s : "\"step\":0");
    free(pre.s);
}

static void explain_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    nonet_explainer *x = state;
    const nonet_puzzle *p = item->puzzle;
    double deadline, hardest = 0;
    nonet_format f =
        c->output == NONET_FORMAT_JSON || c->output == NONET_FORMAT_CSV ? c->output : 0;
    int load = cli_human_load(c, c->own, x, item, &deadline);
    if (load != CLI_HUMAN_OK) {
        put_summary(f, item, 0, cli_human_status(load), 0, -1);
        return;
    }
    cli_text place = {0}; /* "index":..,"source":..,"line":.. of every step */
    cli_json j;
    cli_json_begin(&j, &place);
    cli_json_place(&j, p);
    int steps = 0, tech = -1;
    nonet_step st;
    nonet_error err;
    for (;;) {
        if (cli_human_late(deadline)) {
            cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                            nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
            put_summary(f, item, steps, CLI_STATUS_GAVE_UP, hardest, tech);
            item->exit_status = EXIT_GAVE_UP;
            free(place.s);
            return;
        }
        nonet_status s = nonet_explainer_next(x, &st, &err);
        if (s == NONET_END) break;
        if (s == NONET_ERR_LIMIT) continue; /* the deadline: reported above */
        if (s != NONET_OK) {
            cli_put_item_error(item, &err);
            item->exit_status = EXIT_BAD_INPUT;
            free(place.s);
            return;
        }
        put_step(f, item, place.s ? place.s + 1 : "", ++steps, &st);
        if (st.rating > hardest) hardest = st.rating, tech = st.technique;
        nonet_explainer_apply(x, &st, NULL);
    }
    int solved = nonet_explainer_empty_cells(x) == 0;
    if (!solved) item->exit_status = EXIT_STUCK;
    free(place.s);
    put_summary(f, item, steps, solved ? CLI_STATUS_SOLVED : CLI_STATUS_STUCK, hardest, tech);
}

int cmd_explain(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  CLI_OPT_EXTRA,
                                  CLI_OPT_TECHNIQUES,
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  CLI_OPT_TIMEOUT,
                                  CLI_OPT_PROGRESS,
                                  CLI_OPT_KEEP_GOING,
                                  0};
    static const cli_human_command cmd = {"explain",   usage,          csv_header, accepts,
                                          explain_one, explain_unread, -1,         0};
    static cli_common c; /* static: the region map is large */
    static cli_human own;
    return cli_human_main(&cmd, &c, &own, argc, argv);
}
