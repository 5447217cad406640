/*
 * cmd_hint.c - `nonet hint`: the next step of each puzzle only (Sudoku
 * Explainer's choice), told at three levels: the technique, where to look,
 * the whole step. Reads pencilmark states, so a player can ask mid-game;
 * a state that has lost the solution is pointed out instead.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "human_opts.h"

#include <stdio.h>
#include <stdlib.h>

static const char usage[] =
    "Usage: nonet hint [OPTIONS] [FILE...]\n"
    "Print the next step of every puzzle of the FILEs (standard input when none\n"
    "or '-'), one line a puzzle, in input order. A puzzle with pencilmarks (the\n"
    "pencil and candidates formats) is taken where the player is; when its\n"
    "pencilmarks or digits have lost the solution (of its digits alone), the\n"
    "hint names the first cell where: 'Mistake: r3c4 has lost its candidate 7'.\n"
    "\n"
    "Options:\n"
    "      --level N       how much to tell: 1 the technique, 2 also where to\n"
    "                      look, 3 the whole step (default)\n"
    "  -o, --output NAME   json: one object a puzzle (the step at the level, or\n"
    "                      a status); csv: puzzle,technique,rating,moves\n"
    "      --extra LIST    also use these techniques (ids, comma-separated, or\n"
    "                      'all'); see --techniques\n"
    "      --techniques    list the techniques (id, SE rating, name) and exit\n"
    "      --timeout SECONDS  give up a puzzle after this much time (default 60;\n"
    "                      0: no bound)\n"
    "      --keep-going    work on a puzzle with several solutions too (it can\n"
    "                      run long: the default answers 'several' at once)\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "Exit status: 0 a step was found for every puzzle (or it was solved); 1 some\n"
    "puzzle has none or several solutions, holds a mistake, has no step nonet\n"
    "knows or was given up; 2 some input is malformed or breaks the rules;\n"
    "3 usage error; 4 output or system error.\n";

static const char csv_header[] = "index,technique,rating,moves\n";

/* Writes a status instead of a step: solved, stuck, a mistake, ... (text:
 * what text says; JSON: its message when it says more than the status). */
static void put_status(nonet_format f, cli_item *item, cli_status status, const char *text)
{
    const nonet_puzzle *p = item->puzzle;
    if (f == NONET_FORMAT_JSON) {
        cli_json j;
        cli_json_puzzle(&j, &item->out, p);
        cli_json_str(&j, "status", cli_status_name(status));
        if (status == CLI_STATUS_MISTAKE) cli_json_str(&j, "message", text);
        cli_json_end(&j);
    } else if (f == NONET_FORMAT_CSV) {
        cli_text_printf(&item->out, "%ld,%s,,\n", nonet_puzzle_index(p), cli_status_name(status));
    } else {
        cli_text_printf(&item->out, "%s\n", text);
    }
}

/* A puzzle that could not be read, in text: "Invalid", as for one whose
 * givens break a rule. */
static void hint_unread(const cli_common *c, cli_item *item)
{
    (void)c;
    cli_text_printf(&item->out, "Invalid\n");
}

/* The solution of p's digits alone (its pencilmarks left out) into sol;
 * returns 1 when they have exactly one, else 0. */
static int digits_solution(const nonet_puzzle *p, unsigned char *sol)
{
    nonet_puzzle *q = nonet_puzzle_new(nonet_puzzle_shape(p), nonet_puzzle_cells(p), NULL, NULL);
    nonet_options opt;
    nonet_result res;
    nonet_options_init(&opt);
    int one = q && nonet_solve(q, &opt, sol, &res, NULL) == NONET_OK && res.solutions == 1;
    nonet_puzzle_free(q);
    return one;
}

/* Finds the first cell where the state (a pencilmark state with no
 * solution) has lost the solution of its digits: a digit that differs, or
 * the solution's digit gone from the candidates. Writes it into `text` and
 * returns 1; returns 0 when the digits alone have no unique solution. */
static int find_mistake(nonet_explainer *x, const nonet_puzzle *p, char *text, size_t cap)
{
    static _Thread_local unsigned char sol[NONET_MAX_CELLS];
    const nonet_shape *shape = nonet_explainer_shape(x);
    int n = nonet_shape_size(shape);
    if (!digits_solution(p, sol)) return 0;
    for (int c = 0; c < nonet_shape_cells(shape); c++) {
        int v = nonet_explainer_value(x, c);
        if (v && v != sol[c]) {
            snprintf(text, cap, "Mistake: r%dc%d holds %d, the solution has %d there", c / n + 1,
                     c % n + 1, v, sol[c]);
            return 1;
        }
        if (!v && !(nonet_explainer_candidates(x, c) >> (sol[c] - 1) & 1)) {
            snprintf(text, cap,
                     "Mistake: r%dc%d has lost its candidate %d, which the solution needs",
                     c / n + 1, c % n + 1, sol[c]);
            return 1;
        }
    }
    return 0;
}

static void hint_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const cli_human *own = c->own;
    nonet_explainer *x = state;
    const nonet_puzzle *p = item->puzzle;
    nonet_format f =
        c->output == NONET_FORMAT_JSON || c->output == NONET_FORMAT_CSV ? c->output : 0;
    double deadline;
    int load = cli_human_load(c, own, x, item, &deadline);
    if (load == CLI_HUMAN_NONE) { /* a mistake, when the digits alone have a solution */
        char text[160];
        item->exit_status = EXIT_NOT_UNIQUE;
        if (nonet_puzzle_candidates(p) && find_mistake(x, p, text, sizeof text)) {
            put_status(f, item, CLI_STATUS_MISTAKE, text);
            return;
        }
        cli_text_printf(&item->err, "nonet: %s:%ld: the puzzle has no solution\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    }
    if (load != CLI_HUMAN_OK) {
        put_status(f, item, cli_human_status(load),
                   load == CLI_HUMAN_INVALID   ? "Invalid"
                   : load == CLI_HUMAN_NONE    ? "No solution"
                   : load == CLI_HUMAN_SEVERAL ? "Several solutions"
                                               : "Gave up");
        return;
    }
    nonet_step st;
    nonet_error err;
    nonet_status s = nonet_explainer_next(x, &st, &err);
    if (s == NONET_END && !nonet_explainer_empty_cells(x)) {
        put_status(f, item, CLI_STATUS_SOLVED, "Solved");
    } else if (s == NONET_END) {
        put_status(f, item, CLI_STATUS_STUCK, "No step found: no technique nonet knows applies");
        item->exit_status = EXIT_STUCK;
    } else if (s == NONET_ERR_LIMIT) {
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
        put_status(f, item, CLI_STATUS_GAVE_UP, "Gave up");
        item->exit_status = EXIT_GAVE_UP;
    } else if (s != NONET_OK) {
        cli_put_item_error(item, &err);
        item->exit_status = EXIT_BAD_INPUT;
    } else if (f == NONET_FORMAT_CSV) {
        cli_text_printf(&item->out, "%ld,%s,%.1f,", nonet_puzzle_index(p),
                        nonet_technique_id(st.technique), st.rating);
        if (own->level >= 3) cli_human_put_moves(&item->out, nonet_puzzle_shape(p), &st);
        cli_text_put(&item->out, "\n", 1);
    } else {
        cli_text pre = {0}; /* the record: the puzzle's, then the step's members */
        cli_json j;
        cli_json_puzzle(&j, &pre, p);
        cli_json_str(&j, "status", cli_status_name(CLI_STATUS_STEP));
        cli_human_put_step(&item->out, f, own->level, nonet_puzzle_shape(p), &st,
                           pre.s ? pre.s + 1 : "\"status\":\"step\"");
        free(pre.s);
    }
}

int cmd_hint(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  CLI_OPT_LEVEL,
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
    static const cli_human_command cmd = {"hint",   usage,       csv_header, accepts,
                                          hint_one, hint_unread, 4,          1};
    static cli_common c; /* static: the region map is large */
    static cli_human own;
    own.level = 3;
    own.quiet_none = 1;
    return cli_human_main(&cmd, &c, &own, argc, argv);
}
