/*
 * cmd_check.c - `nonet check`: validates every puzzle: well-formed (else the
 * read error), free of contradictions among its givens, with exactly one
 * solution, and minimal (no given can be removed keeping it unique).
 *
 * One line a puzzle, "INDEX: verdict", in input order. Minimality removes
 * each given in turn and asks for uniqueness (limit 2) with the chosen engine;
 * it stops at the first removable given, which it names.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "common.h"

#include <stdio.h>
#include <string.h>

/* check's own options; the shared ones are in cli_common. */
typedef struct check_own {
    int no_minimal; /* --no-minimal: skip the minimality test */
} check_own;

static const char usage[] =
    "Usage: nonet check [OPTIONS] [FILE...]\n"
    "Validate every puzzle of the FILEs (standard input when none or '-') and\n"
    "print one line a puzzle, in input order: 'INDEX: VERDICT', where VERDICT is\n"
    "  unique, minimal                 exactly one solution; every given is needed\n"
    "  unique, not minimal (rRcC ...)  exactly one solution; that given can go\n"
    "  several solutions | no solution | contradiction (givens break a rule)\n"
    "Malformed input is reported on standard error as 'nonet: FILE:LINE: ...'.\n"
    "Puzzles with pencilmarks are checked for uniqueness only.\n"
    "\n"
    "Options:\n"
    "  -e, --engine NAME   auto (default), fast, planes, bitmask, dlx, backtrack\n"
    "      --simd LEVEL    cap the SIMD path of the fast and planes engines:\n"
    "                      scalar, sse4.1, avx2, avx512, best (default: the best\n"
    "                      this CPU runs; a cap above the CPU runs that best)\n"
    "  -n, --no-minimal    skip the minimality test\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\nLimits:\n" CLI_HELP_LIMITS "\n"
    "A puzzle that exceeds --timeout or --max-nodes is reported 'gave up', or\n"
    "'unique, minimality unknown' when only the minimality test was cut short,\n"
    "with a note on standard error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several, or was given up; 2 some input is malformed or breaks the\n"
    "rules; 3 usage error; 4 output or system error.\n";

/* A puzzle that could not be read: "INDEX: invalid: MESSAGE". */
static void check_unread(const cli_common *c, cli_item *item)
{
    (void)c;
    cli_text_printf(&item->out, "%ld: invalid: %s\n", item->unread.index,
                    item->unread.message.s ? item->unread.message.s : "");
}

static void check_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const check_own *own = c->own;
    const nonet_puzzle *p = item->puzzle;
    double deadline; /* --timeout bounds the whole check, minimality included */
    nonet_options bounds = cli_common_bounds(c, &deadline);
    cli_outcome o;
    cli_common_solve(c, &o, state, &bounds, 1, item);
    long index = nonet_puzzle_index(p);
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    if (o.status == NONET_ERR_RULE) cli_text_printf(&item->out, "%ld: contradiction\n", index);
    else if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT)
        cli_text_printf(&item->out, "%ld: error\n", index);
    else if (o.res.gave_up) cli_text_printf(&item->out, "%ld: gave up\n", index);
    else if (o.res.solutions == 0) cli_text_printf(&item->out, "%ld: no solution\n", index);
    else if (o.res.solutions > 1) cli_text_printf(&item->out, "%ld: several solutions\n", index);
    else if (own->no_minimal || nonet_puzzle_candidates(p))
        cli_text_printf(&item->out, "%ld: unique\n", index);
    else {
        nonet_result res;
        nonet_error err;
        int g;
        nonet_status st = nonet_solver_removable_given(state, p, &bounds, &g, &res, &err);
        if (st == NONET_OK && g < 0) cli_text_printf(&item->out, "%ld: unique, minimal\n", index);
        else if (st == NONET_OK)
            cli_text_printf(&item->out, "%ld: unique, not minimal (r%dc%d can be removed)\n", index,
                            g / n + 1, g % n + 1);
        else if (st != NONET_ERR_LIMIT) {
            cli_text_printf(&item->err, "nonet: %s:%ld: %s in the minimality test\n",
                            nonet_puzzle_source(p), nonet_puzzle_line(p),
                            st == NONET_ERR_NOMEM ? "out of memory" : err.message);
            item->exit_status = EXIT_SYSTEM;
        } else {
            if (res.gave_up) cli_common_note_gave_up(c, item, &res);
            cli_text_printf(&item->out, "%ld: unique, minimality unknown\n", index);
            item->exit_status = EXIT_GAVE_UP;
        }
    }
    cli_outcome_free(&o);
}

/* Takes check's own option: --no-minimal. */
static int own_option(void *vown, int opt)
{
    check_own *own = vown;
    if (opt != 'n') return 0;
    own->no_minimal = 1;
    return 1;
}

int cmd_check(int argc, char **argv)
{
    static const int accepts[] = {
        'f', 'e', 'j', 'n', 's', 'h', CLI_OPT_TIMEOUT, CLI_OPT_MAX_NODES, CLI_OPT_SIMD, 0};
    cli_common c;
    check_own own = {0};
    cli_common_init(&c, "check", usage, &own);
    c.limits = 1;
    c.unread_text = check_unread;
    c.opt.limit = 2; /* uniqueness: none, one or several */
    int st = cli_common_parse(&c, argc, argv, accepts, own_option);
    if (st != CLI_GO_ON) return st;
    return cli_common_run(&c, check_one, argv + optind, argc - optind);
}
