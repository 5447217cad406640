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
#include <time.h>
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
    double timeout;        /* seconds per puzzle, 0 = none (--timeout) */
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

/* Seconds on the monotonic clock. */
static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Progress callback for --timeout: gives up once the deadline has passed. */
static int past_deadline(void *ctx, unsigned long long nodes)
{
    (void)nodes;
    return now_seconds() > *(const double *)ctx;
}

/* Parses a positive number of seconds (at most a year); -1 when invalid. */
static double parse_seconds(const char *text)
{
    char *end;
    double v = strtod(text, &end);
    return *text && !*end && v > 0 && v <= 31536000.0 ? v : -1;
}

/* Parses a positive node count; 0 when invalid. */
static unsigned long long parse_nodes(const char *text)
{
    char *end;
    if (*text < '0' || *text > '9') return 0;
    unsigned long long v = strtoull(text, &end, 10);
    return *end ? 0 : v;
}

/* Reports a given-up puzzle on standard error, naming the bound it hit. */
static void note_gave_up(const solve_ctx *ctx, cli_item *item, const nonet_puzzle *p,
                         const nonet_result *res)
{
    if (ctx->opt.max_nodes && (ctx->timeout <= 0 || res->nodes >= ctx->opt.max_nodes))
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %llu search nodes (--max-nodes)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), ctx->opt.max_nodes);
    else
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), ctx->timeout);
}

/* Solves one puzzle and writes its answer (or, with --all, its solutions). */
static void solve_one(void *vctx, void *state, cli_item *item)
{
    solve_ctx *ctx = vctx;
    const nonet_puzzle *p = item->puzzle;
    nonet_options opt = ctx->opt;
    double deadline = now_seconds() + ctx->timeout;
    if (ctx->timeout > 0) {
        opt.progress = past_deadline;
        opt.progress_ctx = &deadline;
    }
    cli_outcome o;
    cli_outcome_solve(&o, state, &opt, ctx->all && ctx->opt.limit ? ctx->opt.limit : ctx->all ? ULLONG_MAX : 1, item,
                      ctx->stats ? &ctx->counters : NULL);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o);   /* a clash of givens is still "no solution" */
        return;
    }
    if (o.res.gave_up) {
        note_gave_up(ctx, item, p, &o.res);
        o.res.solutions = 0;   /* uniqueness unknown: the answer is "Gave up" */
        o.stored = 0;
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
        {"timeout", required_argument, NULL, 'M'}, {"max-nodes", required_argument, NULL, 'N'},
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
        case 'M':
            ctx.timeout = parse_seconds(optarg);
            if (ctx.timeout < 0) return cli_usage_error("solve", "bad timeout '%s'", optarg);
            break;
        case 'N':
            ctx.opt.max_nodes = parse_nodes(optarg);
            if (!ctx.opt.max_nodes) return cli_usage_error("solve", "bad node count '%s'", optarg);
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
