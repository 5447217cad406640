/*
 * cmd_count.c - `nonet count`: the number of solutions of each puzzle, one
 * line a puzzle in input order, stopping at --limit.
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

typedef struct count_ctx {
    nonet_options opt;
    nonet_format output;   /* AUTO = bare counts */
    int stats;
    int no_time;           /* --no-time: leave the seconds out of records */
    cli_stats counters;
} count_ctx;

static const char usage[] =
    "Usage: nonet count [OPTIONS] [FILE...]\n"
    "Print the number of solutions of every puzzle of the FILEs (standard input\n"
    "when none or '-'), one line a puzzle, in input order. A count equal to a\n"
    "nonzero --limit means 'at least that many'.\n"
    "\n"
    "Options:\n"
    "  -l, --limit N       stop counting at N solutions (default 2: none, unique or\n"
    "                      several); 0 counts them all\n"
    "  -f, --format NAME   read this format instead of detecting it\n"
    "  -o, --output NAME   write records instead of bare counts: csv, json, tdoku\n"
    "  -e, --engine NAME   auto (default), fast, bitmask, dlx, backtrack\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -T, --no-time       leave the time out of csv and json records\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "A puzzle whose givens break a rule is reported on standard error and\n"
    "counted 0.\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several; 2 some input is malformed or breaks the rules; 3 usage\n"
    "error; 4 output or system error.\n";

static void count_one(void *vctx, void *state, cli_item *item)
{
    count_ctx *ctx = vctx;
    cli_outcome o;
    cli_outcome_solve(&o, state, &ctx->opt, 1, item, ctx->stats ? &ctx->counters : NULL);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o);
        return;
    }
    if (ctx->no_time) o.seconds = -1;
    if (ctx->output) cli_outcome_write(&o, ctx->output, item);
    else if (o.res.gave_up) cli_text_printf(&item->out, "gave up after %llu\n", o.res.solutions);
    else cli_text_printf(&item->out, "%llu\n", o.res.solutions);
    cli_outcome_free(&o);
}

static void read_failed(void *vctx)
{
    count_ctx *ctx = vctx;
    cli_stats_read_failed(&ctx->counters);
}

static void finish(void *vctx)
{
    count_ctx *ctx = vctx;
    if (ctx->stats) cli_stats_print(&ctx->counters);
}

int cmd_count(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"engine", required_argument, NULL, 'e'}, {"jobs", required_argument, NULL, 'j'},
        {"limit", required_argument, NULL, 'l'},  {"stats", no_argument, NULL, 's'},
        {"no-time", no_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    count_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    nonet_options_init(&ctx.opt);
    cli_pipeline p;
    memset(&p, 0, sizeof p);
    p.jobs = isatty(STDIN_FILENO) ? 1 : cli_cores();
    int c, f;
    opterr = 0;
    for (int prev = optind; (c = getopt_long(argc, argv, ":f:o:e:j:l:shT", longopts, NULL)) != -1;
         prev = optind) {
        switch (c) {
        case 'f':
            f = cli_input_format(optarg);
            if (f < 0) return cli_usage_error("count", "unknown input format '%s'", optarg);
            p.format = (nonet_format)f;
            break;
        case 'o':
            f = nonet_format_from_name(optarg);
            if (f <= 0) return cli_usage_error("count", "unknown output format '%s'", optarg);
            ctx.output = (nonet_format)f;
            break;
        case 'e':
            f = nonet_engine_from_name(optarg);
            if (f < 0) return cli_usage_error("count", "unknown engine '%s'", optarg);
            ctx.opt.engine = (nonet_engine)f;
            break;
        case 'j':
            p.jobs = cli_parse_jobs(optarg);
            if (p.jobs < 0) return cli_usage_error("count", "bad thread count '%s'", optarg);
            break;
        case 'l':
            if (cli_parse_limit(optarg, &ctx.opt.limit))
                return cli_usage_error("count", "bad limit '%s'", optarg);
            break;
        case 's': ctx.stats = 1; break;
        case 'T': ctx.no_time = 1; break;
        case 'h': fputs(usage, stdout); return EXIT_UNIQUE;
        case ':':
        default: return cli_option_error("count", argv, prev, c);
        }
    }
    if (ctx.output == NONET_FORMAT_CSV) cli_csv_header();
    p.work = count_one;
    p.ctx = &ctx;
    p.make_state = cli_make_solver;
    p.free_state = cli_free_solver;
    p.finish = finish;
    p.read_failed = read_failed;
    ctx.counters.started = cli_now();
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
