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
#include "cli.h"
#include "outcome.h"
#include "pipeline.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct check_ctx {
    nonet_options opt;
    int stats;
    int no_minimal;   /* --no-minimal: skip the minimality test */
    cli_stats counters;
} check_ctx;

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
    "  -f, --format NAME   read this format instead of detecting it\n"
    "  -e, --engine NAME   auto (default), fast, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -n, --no-minimal    skip the minimality test\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several; 2 some input is malformed or breaks the rules; 3 usage\n"
    "error; 4 output or system error.\n";

/* Index of the first given whose removal keeps p unique, -1 when p is
 * minimal, -2 when a search failed (out of memory, gave up). */
static int removable_given(nonet_solver *s, const nonet_options *opt, const nonet_puzzle *p)
{
    const nonet_shape *shape = nonet_puzzle_shape(p);
    int cells = nonet_shape_cells(shape);
    unsigned char grid[NONET_MAX_CELLS];
    memcpy(grid, nonet_puzzle_cells(p), (size_t)cells);
    for (int c = 0; c < cells; c++) {
        if (!grid[c]) continue;
        unsigned char given = grid[c];
        grid[c] = 0;
        nonet_puzzle *q = nonet_puzzle_new(shape, grid, NULL, NULL);
        nonet_result res;
        nonet_status st = q ? nonet_solver_run(s, q, opt, NULL, &res, NULL) : NONET_ERR_NOMEM;
        nonet_puzzle_free(q);
        grid[c] = given;
        if (st != NONET_OK) return -2;
        if (res.solutions == 1) return c;
    }
    return -1;
}

static void check_one(void *vctx, void *state, cli_item *item)
{
    check_ctx *ctx = vctx;
    const nonet_puzzle *p = item->puzzle;
    cli_outcome o;
    cli_outcome_solve(&o, state, &ctx->opt, 1, item, ctx->stats ? &ctx->counters : NULL);
    long index = nonet_puzzle_index(p);
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    if (o.status == NONET_ERR_RULE) cli_text_printf(&item->out, "%ld: contradiction\n", index);
    else if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT)
        cli_text_printf(&item->out, "%ld: error\n", index);
    else if (o.res.gave_up) cli_text_printf(&item->out, "%ld: gave up\n", index);
    else if (o.res.solutions == 0) cli_text_printf(&item->out, "%ld: no solution\n", index);
    else if (o.res.solutions > 1) cli_text_printf(&item->out, "%ld: several solutions\n", index);
    else if (ctx->no_minimal || nonet_puzzle_candidates(p))
        cli_text_printf(&item->out, "%ld: unique\n", index);
    else {
        int c = removable_given(state, &ctx->opt, p);
        if (c == -1) cli_text_printf(&item->out, "%ld: unique, minimal\n", index);
        else if (c >= 0)
            cli_text_printf(&item->out, "%ld: unique, not minimal (r%dc%d can be removed)\n", index,
                            c / n + 1, c % n + 1);
        else {
            cli_text_printf(&item->out, "%ld: unique, minimality unknown\n", index);
            item->exit_status = EXIT_NOT_UNIQUE;
        }
    }
    cli_outcome_free(&o);
}

static void read_failed(void *vctx)
{
    check_ctx *ctx = vctx;
    cli_stats_read_failed(&ctx->counters);
}

static void finish(void *vctx)
{
    check_ctx *ctx = vctx;
    if (ctx->stats) cli_stats_print(&ctx->counters);
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"engine", required_argument, NULL, 'e'},
        {"jobs", required_argument, NULL, 'j'},   {"no-minimal", no_argument, NULL, 'n'},
        {"stats", no_argument, NULL, 's'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    check_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    nonet_options_init(&ctx.opt);
    ctx.opt.limit = 2;
    cli_pipeline p;
    memset(&p, 0, sizeof p);
    p.jobs = isatty(STDIN_FILENO) ? 1 : cli_cores();
    int c, f;
    opterr = 0;
    for (int prev = optind; (c = getopt_long(argc, argv, ":f:e:j:nsh", longopts, NULL)) != -1;
         prev = optind) {
        switch (c) {
        case 'f':
            f = cli_input_format(optarg);
            if (f < 0) return cli_usage_error("check", "unknown input format '%s'", optarg);
            p.format = (nonet_format)f;
            break;
        case 'e':
            f = nonet_engine_from_name(optarg);
            if (f < 0) return cli_usage_error("check", "unknown engine '%s'", optarg);
            ctx.opt.engine = (nonet_engine)f;
            break;
        case 'j':
            p.jobs = cli_parse_jobs(optarg);
            if (p.jobs < 0) return cli_usage_error("check", "bad thread count '%s'", optarg);
            break;
        case 'n': ctx.no_minimal = 1; break;
        case 's': ctx.stats = 1; break;
        case 'h': fputs(usage, stdout); return EXIT_UNIQUE;
        case ':':
        default: return cli_option_error("check", argv, prev, c);
        }
    }
    p.work = check_one;
    p.ctx = &ctx;
    p.make_state = cli_make_solver;
    p.free_state = cli_free_solver;
    p.finish = finish;
    p.read_failed = read_failed;
    ctx.counters.started = cli_now();
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
