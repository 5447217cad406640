/*
 * cmd_solve.c - `nonet solve`: read puzzles, solve each, write the answers
 * in input order and in the input's format (or --output's).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "pipeline.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct solve_ctx {
    nonet_options opt;
    nonet_format output;   /* AUTO = the input's format */
    int quiet;
    double timeout;        /* seconds per puzzle, 0 = none (--timeout) */
} solve_ctx;

static const char usage[] =
    "Usage: nonet solve [OPTIONS] [FILE...]\n"
    "Solve every puzzle of the FILEs (standard input when none or '-') and\n"
    "write the answers to standard output, in input order, in the input's format.\n"
    "\n"
    "Options:\n"
    "  -f, --format NAME   read this format instead of detecting it:\n"
    "                      line (acwing), grid, luogu, poj, hdu\n"
    "  -o, --output NAME   write this format: line, grid, luogu, poj, hdu, pretty\n"
    "  -e, --engine NAME   auto (default), fast, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -q, --quiet         no warnings on standard error for puzzles with several\n"
    "                      solutions (errors are still reported)\n"
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

static void *make_solver(void *ctx)
{
    (void)ctx;
    return nonet_solver_new();
}

static void free_solver(void *state) { nonet_solver_free(state); }

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
    if (ctx->opt.max_nodes && res->nodes > ctx->opt.max_nodes)
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %llu search nodes (--max-nodes)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), ctx->opt.max_nodes);
    else
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), ctx->timeout);
}

/* Solves one puzzle and writes its answer. */
static void solve_one(void *vctx, void *state, cli_item *item)
{
    const solve_ctx *ctx = vctx;
    const nonet_puzzle *p = item->puzzle;
    const nonet_shape *shape = nonet_puzzle_shape(p);
    unsigned char solution[NONET_MAX_CELLS];
    nonet_result res;
    memset(&res, 0, sizeof res);
    nonet_error err;
    memset(&err, 0, sizeof err);
    snprintf(err.source, sizeof err.source, "%s", nonet_puzzle_source(p));
    nonet_options opt = ctx->opt;
    double deadline = now_seconds() + ctx->timeout;
    if (ctx->timeout > 0) {
        opt.progress = past_deadline;
        opt.progress_ctx = &deadline;
    }
    nonet_status st = nonet_puzzle_check(p, &err);
    if (st == NONET_OK) st = nonet_solver_run(state, p, &opt, solution, &res, &err);
    if (st != NONET_OK && st != NONET_ERR_LIMIT) {
        cli_put_error(&item->err, &err);
        item->exit_status = st == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        if (st != NONET_ERR_RULE) return;   /* a clash of givens is still "no solution" */
    } else {
        item->exit_status = res.solutions == 1 && !res.gave_up ? EXIT_UNIQUE : EXIT_NOT_UNIQUE;
    }
    if (res.gave_up) {
        note_gave_up(ctx, item, p, &res);
        res.solutions = 0;   /* uniqueness unknown: the answer is "Gave up" */
    }
    nonet_format f = ctx->output ? ctx->output : (nonet_format)nonet_puzzle_format(p);
    if (res.solutions > 1 && f != NONET_FORMAT_HDU && !ctx->quiet)
        cli_text_printf(&item->err, "nonet: %s:%ld: the puzzle has several solutions; this is the first\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    size_t need = nonet_write_answer(NULL, 0, f, p, &res, solution);
    if (item->out.cap < item->out.len + need + 1) {
        if (cli_text_put(&item->out, "", 0) != 0) return;
        char *grown = realloc(item->out.s, item->out.len + need + 1);
        if (!grown) return;
        item->out.s = grown;
        item->out.cap = item->out.len + need + 1;
    }
    nonet_write_answer(item->out.s + item->out.len, need + 1, f, p, &res, solution);
    item->out.len += need;
    (void)shape;
}

int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"engine", required_argument, NULL, 'e'}, {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"timeout", required_argument, NULL, 'T'}, {"max-nodes", required_argument, NULL, 'N'},
        {NULL, 0, NULL, 0}};
    solve_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    nonet_options_init(&ctx.opt);
    cli_pipeline p;
    memset(&p, 0, sizeof p);
    p.jobs = isatty(STDIN_FILENO) ? 1 : cli_cores();
    int c, f;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:o:e:j:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            f = nonet_format_from_name(optarg);
            if (f < 0 || f == NONET_FORMAT_PRETTY)
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
        case 'T':
            ctx.timeout = parse_seconds(optarg);
            if (ctx.timeout < 0) return cli_usage_error("solve", "bad timeout '%s'", optarg);
            break;
        case 'N':
            ctx.opt.max_nodes = parse_nodes(optarg);
            if (!ctx.opt.max_nodes) return cli_usage_error("solve", "bad node count '%s'", optarg);
            break;
        case 'h': fputs(usage, stdout); return EXIT_UNIQUE;
        case ':': return cli_usage_error("solve", "option '%s' needs a value", argv[optind - 1]);
        default: return cli_usage_error("solve", "unknown option '%s'", argv[optind - 1]);
        }
    }
    p.work = solve_one;
    p.ctx = &ctx;
    p.make_state = make_solver;
    p.free_state = free_solver;
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
