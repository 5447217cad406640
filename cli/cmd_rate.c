/*
 * cmd_rate.c - `nonet rate`: Sudoku Explainer's ratings of every puzzle
 * (ER/EP/ED, as serate prints them), one line a puzzle in input order.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "difficulty.h"
#include "equiv.h"
#include "human_opts.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet rate [OPTIONS] [FILE...]\n"
    "Rate every puzzle of the FILEs (standard input when none or '-') on Sudoku\n"
    "Explainer's scale and print 'ER/EP/ED DIFFICULTY' a line, in input order: ER the\n"
    "hardest step of the solution path, EP the hardest up to the first placed\n"
    "digit, ED the first step's (serate 1.2.1.3's numbers). A puzzle no\n"
    "technique can finish is rated 20.0, with a note on standard error.\n"
    "DIFFICULTY names generate's band of ER: " CLI_DIFFICULTY_NAMES "\n"
    "(none for 20.0).\n"
    "\n"
    "Options:\n"
    "  -o, --output NAME   json (records with \"er\", \"ep\", \"ed\", \"difficulty\")\n"
    "                      or csv (index,puzzle,er,ep,ed,difficulty,status,steps,\n"
    "                      seconds,message)\n"
    "  -T, --no-time       leave the time out of csv and json records\n"
    "      --timeout SECONDS  give up a puzzle after this much time (e.g. 2.5;\n"
    "                      default 60, 0: no bound)\n"
    "      --keep-going    work on a puzzle with several solutions too (it can\n"
    "                      run long: the default answers 'several' at once)\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "Every puzzle gets a line: one given up by --timeout is written 'gave up',\n"
    "one without a solution 'no solution', one whose givens break a rule or\n"
    "that cannot be read 'invalid' (the record's status says the same, with the\n"
    "message), with a note on standard error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle was rated to the end; 1 some puzzle has none or\n"
    "several solutions, was rated 20.0 (stuck) or was given up; 2 some input is\n"
    "malformed or breaks the rules; 3 usage error; 4 output or system error.\n";

static const char csv_header[] = "index,puzzle,er,ep,ed,difficulty,status,steps,seconds,message\n";

/* Writes the puzzle's record: in JSON and CSV its ratings, difficulty name
 * (none when stuck or not rated), status, steps, time and message (why it
 * was not rated, when it was not); in text "ER/EP/ED DIFFICULTY", or the
 * status word of a puzzle not rated. */
static void put_record(const cli_common *c, cli_item *item, const nonet_rating *r,
                       cli_status status, double seconds, const char *message)
{
    const nonet_puzzle *p = item->puzzle;
    int rated = status == CLI_STATUS_RATED || status == CLI_STATUS_STUCK;
    const char *difficulty = rated ? cli_difficulty_name(r->er) : NULL;
    if (c->output == NONET_FORMAT_JSON) {
        cli_json j;
        cli_json_puzzle(&j, &item->out, p);
        cli_json_num(&j, "er", 1, r->er);
        cli_json_num(&j, "ep", 1, r->ep);
        cli_json_num(&j, "ed", 1, r->ed);
        cli_json_str(&j, "difficulty", difficulty);
        cli_json_str(&j, "status", cli_status_name(status));
        if (message) cli_json_str(&j, "message", message);
        cli_json_int(&j, "steps", r->steps);
        if (!c->no_time) cli_json_num(&j, "seconds", 6, seconds);
        cli_json_end(&j);
    } else if (c->output == NONET_FORMAT_CSV) {
        cli_text_printf(&item->out, "%ld,", nonet_puzzle_index(p));
        cli_equiv_line(&item->out, p);
        cli_text_printf(&item->out, ",%.1f,%.1f,%.1f,%s,%s,%d,", r->er, r->ep, r->ed,
                        difficulty ? difficulty : "", cli_status_name(status), r->steps);
        if (!c->no_time) cli_text_printf(&item->out, "%.6f", seconds);
        cli_text_put(&item->out, ",", 1);
        if (message) cli_csv_put_field(&item->out, message);
        cli_text_put(&item->out, "\n", 1);
    } else if (!rated) {
        cli_text_printf(&item->out, "%s\n", cli_status_name(status)); /* gave up, invalid, ... */
    } else {
        cli_text_printf(&item->out, "%.1f/%.1f/%.1f%s%s\n", r->er, r->ep, r->ed,
                        difficulty ? " " : "", difficulty ? difficulty : "");
    }
}

/* A puzzle that could not be read, in text: the status word "invalid". */
static void rate_unread(const cli_common *c, cli_item *item)
{
    (void)c;
    cli_text_printf(&item->out, "%s\n", cli_status_name(CLI_STATUS_INVALID));
}

static void rate_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    nonet_explainer *x = state;
    const nonet_puzzle *p = item->puzzle;
    double t0 = c->no_time || !c->output ? 0 : cli_now(), deadline;
    nonet_rating r;
    memset(&r, 0, sizeof r);
    int load = cli_human_load(c, c->own, x, item, &deadline);
    if (load != CLI_HUMAN_OK) {
        put_record(c, item, &r, cli_human_status(load), t0 ? cli_now() - t0 : 0, NULL);
        return;
    }
    nonet_error err;
    nonet_status s = nonet_explainer_rate(x, &r, &err);
    double seconds = t0 ? cli_now() - t0 : 0;
    if (s == NONET_ERR_LIMIT) {
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
        item->exit_status = EXIT_GAVE_UP;
        put_record(c, item, &r, CLI_STATUS_GAVE_UP, seconds, NULL);
        return;
    }
    if (s != NONET_OK) {
        cli_put_item_error(item, &err);
        item->exit_status = EXIT_BAD_INPUT;
        put_record(c, item, &r, CLI_STATUS_INVALID, seconds, err.message);
        return;
    }
    if (!r.finished) {
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: no technique applies after %d steps: rated 20.0\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), r.steps);
        item->exit_status = EXIT_STUCK;
    }
    put_record(c, item, &r, r.finished ? CLI_STATUS_RATED : CLI_STATUS_STUCK, seconds, NULL);
}

int cmd_rate(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  'T',
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  CLI_OPT_TIMEOUT,
                                  CLI_OPT_PROGRESS,
                                  CLI_OPT_KEEP_GOING,
                                  0};
    static const cli_human_command cmd = {"rate",   usage,       csv_header, accepts,
                                          rate_one, rate_unread, 10,         6};
    static cli_common c; /* static: the region map is large */
    static cli_human own;
    return cli_human_main(&cmd, &c, &own, argc, argv);
}
