/*
 * cmd_solve.c - `nonet solve`: read puzzles, solve each, write the answers
 * in input order and in the input's format (or --output's).
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "common.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* solve's own options; the shared ones are in cli_common. */
typedef struct solve_own {
    int quiet; /* --quiet: no warning for several solutions */
    int all;   /* --all: print every solution found */
} solve_own;

static const char usage[] =
    "Usage: nonet solve [OPTIONS] [FILE...]\n"
    "Solve every puzzle of the FILEs (standard input when none or '-') and\n"
    "write the answers to standard output, in input order, in the input's format.\n"
    "\n"
    "Options:\n"
    "  -f, --format NAME   read this format instead of detecting it:\n"
    "                      line (acwing), grid, luogu, poj, hdu, nonet,\n"
    "                      framed (ss, qqwing), pencil (sukaku), candidates\n"
    "  -o, --output NAME   write this format: line, grid, luogu, poj, hdu, pretty,\n"
    "                      unicode, framed, pencil, candidates, csv, json, tdoku,\n"
    "                      nonet\n"
    "  -e, --engine NAME   auto (default), fast, planes, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -q, --quiet         no warnings on standard error for puzzles with several\n"
    "                      solutions (errors are still reported)\n"
    "  -a, --all           print every solution, up to --limit\n"
    "  -l, --limit N       stop searching after N solutions (default 2; 0 = all)\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -T, --no-time       leave the time out of csv and json records\n" CLI_HELP_RULES
    "      --timeout SECONDS  give up a puzzle after this much time (e.g. 2.5)\n"
    "      --max-nodes N       give up a puzzle after N search nodes\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "A puzzle without a solution is answered 'No solution'; one with several gets\n"
    "its first solution (HDU output says 'Multiple Solutions'). A puzzle that\n"
    "exceeds --timeout or --max-nodes is answered 'Gave up', with a note on\n"
    "standard error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several, or was given up; 2 some input is malformed or breaks the\n"
    "rules; 3 usage error; 4 output or system error.\n";

/* Solves one puzzle and writes its answer (or, with --all, its solutions). */
static void solve_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const solve_own *own = c->own;
    const nonet_puzzle *p = item->puzzle;
    unsigned long long keep = own->all && c->opt.limit ? c->opt.limit : own->all ? ULLONG_MAX : 1;
    double deadline;
    nonet_options bounds = cli_common_bounds(c, &deadline);
    cli_outcome o;
    cli_common_solve(c, &o, state, &bounds, keep, item);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o); /* a clash of givens is still "no solution" */
        return;
    }
    if (o.res.gave_up) {
        o.res.solutions = 0; /* uniqueness unknown: the answer is "Gave up" */
        o.stored = 0;
    }
    nonet_format f = cli_common_output(c, p);
    if (o.res.solutions > 1 && !own->all && f != NONET_FORMAT_HDU && !own->quiet)
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: the puzzle has several solutions; this is the first\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    if (!own->all && o.stored > 1) o.stored = 1;
    cli_outcome_write(&o, f, item);
    cli_outcome_free(&o);
}

/* Takes solve's own options: --quiet and --all. */
static int own_option(void *vown, int opt)
{
    solve_own *own = vown;
    if (opt == 'q') own->quiet = 1;
    else if (opt == 'a') own->all = 1;
    else return 0;
    return 1;
}

int cmd_solve(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'e',
                                  'j',
                                  'q',
                                  'h',
                                  'a',
                                  'l',
                                  's',
                                  'T',
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  CLI_OPT_TIMEOUT,
                                  CLI_OPT_MAX_NODES,
                                  0};
    static cli_common c; /* static: the region map is large */
    solve_own own = {0, 0};
    cli_common_init(&c, "solve", usage, &own);
    int st = cli_common_parse(&c, argc, argv, accepts, own_option);
    if (st != CLI_GO_ON) return st;
    return cli_common_run(&c, solve_one, argv + optind, argc - optind);
}
