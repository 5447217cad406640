/*
 * cmd_count.c - `nonet count`: the number of solutions of each puzzle, one
 * line a puzzle in input order, stopping at --limit.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "common.h"

#include <stdio.h>

static const char usage[] =
    "Usage: nonet count [OPTIONS] [FILE...]\n"
    "Print the number of solutions of every puzzle of the FILEs (standard input\n"
    "when none or '-'), one line a puzzle, in input order. A count equal to a\n"
    "nonzero --limit means 'at least that many'.\n"
    "\n"
    "Options:\n"
    "  -l, --limit N       stop counting at N solutions (default 2: none, unique or\n"
    "                      several); 0 counts them all\n"
    "  -o, --output NAME   write records instead of bare counts: csv, json, tdoku\n"
    "  -e, --engine NAME   auto (default), fast, planes, bitmask, dlx, backtrack\n"
    "      --simd LEVEL    cap the SIMD path of the fast and planes engines:\n"
    "                      scalar, sse4.1, avx2, avx512, best (default: the best\n"
    "                      this CPU runs; a cap above the CPU runs that best)\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -T, --no-time       leave the time out of csv and json records\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\nLimits:\n" CLI_HELP_LIMITS "\n"
    "A puzzle whose givens break a rule is reported on standard error and\n"
    "counted 0. A puzzle that exceeds --timeout or --max-nodes is counted\n"
    "'gave up (at least N)', N the solutions found by then, with a note on\n"
    "standard error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several, or was given up; 2 some input is malformed or breaks the\n"
    "rules; 3 usage error; 4 output or system error.\n";

static void count_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    double deadline;
    nonet_options bounds = cli_common_bounds(c, &deadline);
    cli_outcome o;
    cli_common_solve(c, &o, state, &bounds, 1, item);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o);
        return;
    }
    if (c->output) cli_outcome_write(&o, c->output, item);
    else if (o.res.gave_up) /* the count so far is a lower bound */
        cli_text_printf(&item->out, "gave up (at least %llu)\n", o.res.solutions);
    else cli_text_printf(&item->out, "%llu\n", o.res.solutions);
    cli_outcome_free(&o);
}

int cmd_count(int argc, char **argv)
{
    static const int accepts[] = {
        'f',          'o', 'e', 'j', 'l', 's', 'T', 'h', CLI_OPT_TIMEOUT, CLI_OPT_MAX_NODES,
        CLI_OPT_SIMD, 0};
    cli_common c;
    cli_common_init(&c, "count", usage, NULL);
    c.limits = 1;
    int st = cli_common_parse(&c, argc, argv, accepts, NULL);
    if (st != CLI_GO_ON) return st;
    return cli_common_run(&c, count_one, argv + optind, argc - optind);
}
