/*
 * cmd_solve.c - `nonet solve`: read puzzles, solve each, write the answers
 * in input order and in the input's format (or --output's).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "outcome.h"
#include "pipeline.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct solve_ctx {
    nonet_options opt;
    nonet_format output;   /* AUTO = the input's format */
    int quiet;
    int all;               /* --all: print every solution found */
    int stats;             /* --stats */
    int no_time;           /* --no-time: leave the seconds out of records */
    cli_stats counters;
    cli_shape_opts shape;  /* --box, --alphabet, --variant, --regions */
} solve_ctx;

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
    "  -e, --engine NAME   auto (default), fast, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -q, --quiet         no warnings on standard error for puzzles with several\n"
    "                      solutions (errors are still reported)\n"
    "  -a, --all           print every solution, up to --limit\n"
    "  -l, --limit N       stop searching after N solutions (default 2; 0 = all)\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -T, --no-time       leave the time out of csv and json records\n"
    "      --box RxC       boxes of R rows and C columns (default: the size's own)\n"
    "      --alphabet STR  symbols of the digits 1, 2, ... (default 1-9 A-Z a-z);\n"
    "                      '.' is blank, and '0' when STR does not hold it\n"
    "      --variant LIST  extra rules, comma-separated: x, hyper, disjoint,\n"
    "                      anti-knight, anti-king, non-consecutive\n"
    "      --regions FILE  jigsaw regions: N rows of N region letters\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "A puzzle without a solution is answered 'No solution'; one with several gets\n"
    "its first solution (HDU output says 'Multiple Solutions').\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several; 2 some input is malformed or breaks the rules; 3 usage\n"
    "error; 4 output or system error.\n";

/* Solves one puzzle and writes its answer (or, with --all, its solutions). */
static void solve_one(void *vctx, void *state, cli_item *item)
{
    solve_ctx *ctx = vctx;
    const nonet_puzzle *p = item->puzzle;
    cli_outcome o;
    cli_outcome_solve(&o, state, &ctx->opt, ctx->all && ctx->opt.limit ? ctx->opt.limit : ctx->all ? ULLONG_MAX : 1, item,
                      ctx->stats ? &ctx->counters : NULL);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o);   /* a clash of givens is still "no solution" */
        return;
    }
    nonet_format f = ctx->output ? ctx->output : (nonet_format)nonet_puzzle_format(p);
    if (o.res.solutions > 1 && !ctx->all && f != NONET_FORMAT_HDU && !ctx->quiet)
        cli_text_printf(&item->err, "nonet: %s:%ld: the puzzle has several solutions; this is the first\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    if (!ctx->all && o.stored > 1) o.stored = 1;
    if (ctx->no_time) o.seconds = -1;
    cli_outcome_write(&o, f, item);
    cli_outcome_free(&o);
}

static void read_failed(void *vctx)
{
    solve_ctx *ctx = vctx;
    cli_stats_read_failed(&ctx->counters);
}

static void finish(void *vctx)
{
    solve_ctx *ctx = vctx;
    if (ctx->stats) cli_stats_print(&ctx->counters);
}

int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"engine", required_argument, NULL, 'e'}, {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"all", no_argument, NULL, 'a'},          {"limit", required_argument, NULL, 'l'},
        {"stats", no_argument, NULL, 's'},
        {"no-time", no_argument, NULL, 'T'},
        {"box", required_argument, NULL, 'B'},    {"alphabet", required_argument, NULL, 'A'},
        {"variant", required_argument, NULL, 'V'}, {"regions", required_argument, NULL, 'R'},
        {NULL, 0, NULL, 0}};
    static solve_ctx ctx;   /* static: the region map is large */
    memset(&ctx, 0, sizeof ctx);
    nonet_options_init(&ctx.opt);
    cli_pipeline p;
    memset(&p, 0, sizeof p);
    p.jobs = isatty(STDIN_FILENO) ? 1 : cli_cores();
    int c, f;
    opterr = 0;
    for (int prev = optind; (c = getopt_long(argc, argv, ":f:o:e:j:qhal:sT", longopts, NULL)) != -1;
         prev = optind) {
        switch (c) {
        case 'f':
            f = cli_input_format(optarg);
            if (f < 0)
                return cli_usage_error("solve", "unknown input format '%s'", optarg);
            p.format = (nonet_format)f;
            break;
        case 'o':
            f = nonet_format_from_name(optarg);
            if (f <= 0) return cli_usage_error("solve", "unknown output format '%s'", optarg);
            ctx.output = (nonet_format)f;
            break;
        case 'e':
            f = nonet_engine_from_name(optarg);
            if (f < 0) return cli_usage_error("solve", "unknown engine '%s'", optarg);
            ctx.opt.engine = (nonet_engine)f;
            break;
        case 'j':
            p.jobs = cli_parse_jobs(optarg);
            if (p.jobs < 0) return cli_usage_error("solve", "bad thread count '%s'", optarg);
            break;
        case 'q': ctx.quiet = 1; break;
        case 'a': ctx.all = 1; break;
        case 's': ctx.stats = 1; break;
        case 'T': ctx.no_time = 1; break;
        case 'l':
            if (cli_parse_limit(optarg, &ctx.opt.limit))
                return cli_usage_error("solve", "bad limit '%s'", optarg);
            break;
        case 'B':
        case 'A':
        case 'V':
        case 'R':
            ctx.shape.used = 1;
            f = cli_shape_option(&ctx.shape, c == 'B' ? 'b' : c == 'A' ? 'a' : c == 'V' ? 'v' : 'r',
                                 optarg);
            if (f) return f;
            break;
        case 'h': fputs(usage, stdout); return EXIT_UNIQUE;
        default: return cli_option_error("solve", argv, prev, c);
        }
    }
    p.read_opts = ctx.shape.used ? &ctx.shape.opts : NULL;
    if (ctx.output == NONET_FORMAT_CSV) cli_csv_header();
    p.work = solve_one;
    p.ctx = &ctx;
    p.make_state = cli_make_solver;
    p.free_state = cli_free_solver;
    p.finish = finish;
    p.read_failed = read_failed;
    ctx.counters.started = cli_now();
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
