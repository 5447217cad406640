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
#include <unistd.h>

typedef struct solve_ctx {
    nonet_options opt;
    nonet_format output;   /* AUTO = the input's format */
    int quiet;
    cli_shape_opts shape;  /* --box, --alphabet, --variant, --regions */
} solve_ctx;

static const char usage[] =
    "Usage: nonet solve [OPTIONS] [FILE...]\n"
    "Solve every puzzle of the FILEs (standard input when none or '-') and\n"
    "write the answers to standard output, in input order, in the input's format.\n"
    "\n"
    "Options:\n"
    "  -f, --format NAME   read this format instead of detecting it:\n"
    "                      line (acwing), grid, luogu, poj, hdu, nonet\n"
    "  -o, --output NAME   write this format: line, grid, luogu, poj, hdu, pretty, nonet\n"
    "  -e, --engine NAME   auto (default), fast, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -q, --quiet         no warnings on standard error for puzzles with several\n"
    "                      solutions (errors are still reported)\n"
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

static void *make_solver(void *ctx)
{
    (void)ctx;
    return nonet_solver_new();
}

static void free_solver(void *state) { nonet_solver_free(state); }

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
    nonet_status st = nonet_puzzle_check(p, &err);
    if (st == NONET_OK) st = nonet_solver_run(state, p, &ctx->opt, solution, &res, &err);
    if (st != NONET_OK && st != NONET_ERR_LIMIT) {
        cli_put_error(&item->err, &err);
        item->exit_status = st == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        if (st != NONET_ERR_RULE) return;   /* a clash of givens is still "no solution" */
    } else {
        item->exit_status = res.solutions == 1 && !res.gave_up ? EXIT_UNIQUE : EXIT_NOT_UNIQUE;
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
        case ':': return cli_usage_error("solve", "option '%s' needs a value", argv[optind - 1]);
        default: return cli_usage_error("solve", "unknown option '%s'", argv[optind - 1]);
        }
    }
    p.read_opts = ctx.shape.used ? &ctx.shape.opts : NULL;
    p.work = solve_one;
    p.ctx = &ctx;
    p.make_state = make_solver;
    p.free_state = free_solver;
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
