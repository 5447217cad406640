/*
 * cmd_rate.c - `nonet rate`: Sudoku Explainer's ratings of every puzzle
 * (ER/EP/ED, as serate prints them), one line a puzzle in input order.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "human_opts.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet rate [OPTIONS] [FILE...]\n"
    "Rate every puzzle of the FILEs (standard input when none or '-') on Sudoku\n"
    "Explainer's scale and print 'ER/EP/ED' a line, in input order: ER the\n"
    "hardest step of the solution path, EP the hardest up to the first placed\n"
    "digit, ED the first step's (serate 1.2.1.3's numbers). A puzzle no\n"
    "technique can finish is rated 20.0, with a note on standard error.\n"
    "\n"
    "Options:\n"
    "  -f, --format NAME   read this format instead of detecting it\n"
    "  -o, --output NAME   json (records with \"er\", \"ep\", \"ed\") or csv\n"
    "                      (index,puzzle,er,ep,ed,status,steps,seconds)\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -T, --no-time       leave the time out of csv and json records\n" CLI_HELP_RULES
    "      --timeout SECONDS  give up a puzzle after this much time (e.g. 2.5;\n"
    "                      default 60, 0: no bound)\n"
    "      --keep-going    work on a puzzle with several solutions too (it can\n"
    "                      run long: the default answers 'several' at once)\n"
    "      --progress      show on standard error how many puzzles are done\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "Every puzzle gets a line: one given up by --timeout is written 'gave up',\n"
    "one without a solution 'no solution', one whose givens break a rule\n"
    "'invalid' (the record's status says the same), with a note on standard\n"
    "error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle was rated to the end; 1 some puzzle has none or\n"
    "several solutions, was rated 20.0 (stuck) or was given up; 2 some input is\n"
    "malformed or breaks the rules; 3 usage error; 4 output or system error.\n";

static const char csv_header[] = "index,puzzle,er,ep,ed,status,steps,seconds\n";

/* Writes the puzzle's givens as one line (no newline) into t. */
static void put_givens(cli_text *t, const nonet_puzzle *p)
{
    char line[NONET_MAX_CELLS * 3 + 2];
    size_t n = nonet_write_grid(line, sizeof line, NONET_FORMAT_LINE, nonet_puzzle_shape(p),
                                nonet_puzzle_cells(p));
    if (n >= sizeof line) n = sizeof line - 1;
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
    cli_text_put(t, line, n);
}

static void put_record(const cli_common *c, cli_item *item, const nonet_rating *r,
                       const char *status, double seconds)
{
    const nonet_puzzle *p = item->puzzle;
    if (c->output == NONET_FORMAT_JSON) {
        cli_text_printf(&item->out, "{\"index\":%ld,\"source\":\"", nonet_puzzle_index(p));
        for (const char *s = nonet_puzzle_source(p); *s; s++)
            cli_text_printf(&item->out,
                            *s == '"' || *s == '\\'  ? "\\%c"
                            : (unsigned char)*s < 32 ? "?"
                                                     : "%c",
                            *s);
        cli_text_printf(&item->out, "\",\"line\":%ld,\"puzzle\":\"", nonet_puzzle_line(p));
        put_givens(&item->out, p);
        cli_text_printf(&item->out,
                        "\",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f,\"status\":\"%s\",\"steps\":%d",
                        r->er, r->ep, r->ed, status, r->steps);
        if (!c->no_time) cli_text_printf(&item->out, ",\"seconds\":%.6f", seconds);
        cli_text_put(&item->out, "}\n", 2);
    } else if (c->output == NONET_FORMAT_CSV) {
        cli_text_printf(&item->out, "%ld,", nonet_puzzle_index(p));
        put_givens(&item->out, p);
        cli_text_printf(&item->out, ",%.1f,%.1f,%.1f,%s,%d,", r->er, r->ep, r->ed, status,
                        r->steps);
        if (!c->no_time) cli_text_printf(&item->out, "%.6f", seconds);
        cli_text_put(&item->out, "\n", 1);
    } else if (strcmp(status, "rated") != 0 && strcmp(status, "stuck") != 0) {
        cli_text_printf(&item->out, "%s\n", status); /* gave up, invalid, no solution */
    } else {
        cli_text_printf(&item->out, "%.1f/%.1f/%.1f\n", r->er, r->ep, r->ed);
    }
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
        put_record(c, item, &r, cli_human_status(load), t0 ? cli_now() - t0 : 0);
        return;
    }
    nonet_error err;
    nonet_status s = nonet_explainer_rate(x, &r, &err);
    double seconds = t0 ? cli_now() - t0 : 0;
    if (s == NONET_ERR_LIMIT) {
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
        item->exit_status = EXIT_NOT_UNIQUE;
        put_record(c, item, &r, "gave up", seconds);
        return;
    }
    if (s != NONET_OK) {
        cli_put_error(&item->err, &err);
        item->exit_status = EXIT_BAD_INPUT;
        put_record(c, item, &r, "invalid", seconds);
        return;
    }
    if (!r.finished) {
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: no technique applies after %d steps: rated 20.0\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), r.steps);
        item->exit_status = EXIT_NOT_UNIQUE;
    }
    put_record(c, item, &r, r.finished ? "rated" : "stuck", seconds);
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
    static const cli_human_command cmd = {"rate", usage, csv_header, accepts, rate_one};
    static cli_common c; /* static: the region map is large */
    static cli_human own;
    return cli_human_main(&cmd, &c, &own, argc, argv);
}
