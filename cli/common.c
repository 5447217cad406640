/*
 * common.c - the options the solving commands share, the --timeout and
 * --max-nodes bounds of one search, and the batch run with its --stats
 * counters (see common.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include "carry.h"
#include "json.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_common_init(cli_common *c, const char *cmd, const char *usage, void *own)
{
    /* all but the --regions map (16 KiB, read only once --regions fills
     * it): c is static, and clearing the map cost its pages' first touch */
    memset(c, 0, offsetof(cli_common, rules.regions));
    memset(&c->counters, 0, sizeof *c - offsetof(cli_common, counters));
    c->cmd = cmd;
    c->usage = usage;
    c->own = own;
    nonet_options_init(&c->opt);
    c->pipe.jobs = 0; /* the default, resolved by cli_pipeline_run */
}

/* ------------------------------------------------------------------ */
/* Parsing                                                              */
/* ------------------------------------------------------------------ */

/* Applies a format, engine, SIMD or thread option. Returns CLI_GO_ON, or
 * EXIT_USAGE after naming the bad value. */
static int set_choice(cli_common *c, int opt, const char *arg)
{
    int v;
    switch (opt) {
    case 'f':
        v = cli_parse_input_format(arg);
        if (v < 0) return cli_usage_error(c->cmd, "unknown input format '%s'", arg);
        c->pipe.format = (nonet_format)v;
        break;
    case 'o':
        v = cli_parse_output_format(arg);
        if (v < 0 && (strchr(arg, '.') || strchr(arg, '/')))
            return cli_usage_error(c->cmd,
                                   "unknown output format '%s' (-o names a format; did you mean "
                                   "-O %s, --output-file, to write to that file?)",
                                   arg, arg);
        if (v < 0) return cli_usage_error(c->cmd, "unknown output format '%s'", arg);
        c->output = (nonet_format)v;
        break;
    case 'e':
        v = nonet_engine_from_name(arg);
        if (v < 0) return cli_usage_error(c->cmd, "unknown engine '%s'", arg);
        c->opt.engine = (nonet_engine)v;
        break;
    case CLI_OPT_SIMD:
        v = cli_parse_simd(arg);
        if (v < 0)
            return cli_usage_error(
                c->cmd, "unknown SIMD level '%s' (scalar, sse4.1, avx2, avx512, best)", arg);
        c->opt.simd = (nonet_simd)v;
        break;
    default: /* 'j' */
        c->pipe.jobs = cli_parse_jobs(arg);
        if (c->pipe.jobs < 0) return cli_usage_error(c->cmd, "bad thread count '%s'", arg);
    }
    return CLI_GO_ON;
}

/* Applies a search bound: --limit, --timeout or --max-nodes. Returns
 * CLI_GO_ON, or EXIT_USAGE after naming the bad value. */
static int set_bound(cli_common *c, int opt, const char *arg)
{
    if (opt == 'l') {
        if (cli_parse_limit(arg, &c->opt.limit))
            return cli_usage_error(c->cmd, "bad limit '%s'", arg);
    } else if (opt == CLI_OPT_TIMEOUT) {
        c->timeout = cli_parse_seconds(arg);
        if (c->timeout < 0) return cli_usage_error(c->cmd, "bad timeout '%s'", arg);
    } else { /* CLI_OPT_MAX_NODES */
        c->opt.max_nodes = cli_parse_nodes(arg);
        if (!c->opt.max_nodes) return cli_usage_error(c->cmd, "bad node count '%s'", arg);
    }
    return CLI_GO_ON;
}

/* Applies a rule option: --box, --alphabet, --variant or --regions. */
static int set_rule(cli_common *c, int opt, const char *arg)
{
    int st = cli_rules_option(&c->rules, c->cmd, opt, arg);
    return st ? st : CLI_GO_ON;
}

/* Applies one shared option (getopt_long returned `opt`, optind was at
 * `prev` before). Returns CLI_GO_ON or the exit status to return now. */
static int common_option(cli_common *c, int opt, char **argv, int prev)
{
    switch (opt) {
    case 'f':
    case 'o':
    case 'e':
    case CLI_OPT_SIMD:
    case 'j': return set_choice(c, opt, optarg);
    case 'l':
    case CLI_OPT_TIMEOUT:
    case CLI_OPT_MAX_NODES: return set_bound(c, opt, optarg);
    case CLI_OPT_BOX:
    case CLI_OPT_ALPHABET:
    case CLI_OPT_VARIANT:
    case CLI_OPT_REGIONS: return set_rule(c, opt, optarg);
    case 's': c->stats = 1; return CLI_GO_ON;
    case CLI_OPT_PROGRESS:
        c->progress_mode = cli_progress_mode(optarg);
        if (c->progress_mode < 0)
            return cli_usage_error(c->cmd, "bad --progress '%s' (auto, always or never)", optarg);
        return CLI_GO_ON;
    case CLI_OPT_OUTPUT_FILE:
        if (!freopen(optarg, "w", stdout)) {
            fprintf(stderr, "nonet: %s: cannot write: %s\n", optarg, strerror(errno));
            return EXIT_SYSTEM;
        }
        return CLI_GO_ON;
    case CLI_OPT_PUZZLE:
        if (cli_text_printf(&c->puzzles, "%s\n", optarg)) return EXIT_SYSTEM;
        return CLI_GO_ON;
    case 'T': c->no_time = 1; return CLI_GO_ON;
    case 'h': fputs(c->usage, stdout); return EXIT_OK;
    default: return cli_option_error(c->cmd, argv, prev, opt); /* also ':' and '?' */
    }
}

int cli_common_parse(cli_common *c, int argc, char **argv, const int *accepts,
                     cli_own_option_fn own_option)
{
    cli_options t;
    const int *lists[] = {cli_reading_options, accepts, c->limits ? cli_limit_options : NULL, NULL};
    cli_options_build(&t, lists);
    opterr = 0; /* cli_option_error words the messages */
    for (;;) {
        int prev = optind;
        int opt = getopt_long(argc, argv, t.shortopts, t.longopts, NULL);
        if (opt == -1) return CLI_GO_ON;
        opt = cli_options_id(&t, opt);
        if (own_option && own_option(c->own, opt)) continue;
        int st = common_option(c, opt, argv, prev);
        if (st != CLI_GO_ON) {
            cli_common_free(c);
            return st;
        }
    }
}

void cli_common_free(cli_common *c)
{
    free(c->puzzles.s);
    c->puzzles.s = NULL;
    c->puzzles.len = c->puzzles.cap = 0;
}

/* ------------------------------------------------------------------ */
/* Bounds of one search                                                 */
/* ------------------------------------------------------------------ */

/* Progress callback for --timeout: gives up once the deadline has passed. */
static int past_deadline(void *ctx, unsigned long long nodes)
{
    (void)nodes;
    return cli_now() > *(const double *)ctx;
}

nonet_options cli_common_bounds(const cli_common *c, double *deadline)
{
    nonet_options opt = c->opt;
    *deadline = 0;
    if (c->timeout > 0) {
        *deadline = cli_now() + c->timeout;
        opt.progress = past_deadline;
        opt.progress_ctx = deadline;
    }
    return opt;
}

void cli_common_note_gave_up(const cli_common *c, cli_item *item, const nonet_result *res)
{
    const nonet_puzzle *p = item->puzzle;
    if (c->opt.max_nodes && (c->timeout <= 0 || res->nodes >= c->opt.max_nodes))
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: gave up after %llu search nodes (--max-nodes)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->opt.max_nodes);
    else
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
}

nonet_format cli_common_output(const cli_common *c, const nonet_puzzle *p)
{
    return c->output ? c->output : (nonet_format)nonet_puzzle_format(p);
}

int cli_common_puzzle_output(const cli_common *c, cli_item *item, const nonet_puzzle *p)
{
    return cli_puzzle_format(item, c->cmd, c->output, (nonet_format)nonet_puzzle_format(p),
                             nonet_puzzle_shape(p), 0);
}

void cli_common_solve(cli_common *c, cli_outcome *o, nonet_solver *s, const nonet_options *bounds,
                      unsigned long long keep, cli_item *item)
{
    cli_common_solve_spilling(c, o, s, bounds, keep, item, NULL, NULL);
}

void cli_common_solve_spilling(cli_common *c, cli_outcome *o, nonet_solver *s,
                               const nonet_options *bounds, unsigned long long keep, cli_item *item,
                               cli_spill_fn spill, void *spill_ctx)
{
    /* only csv and json records carry the time: do not read the clock for others */
    nonet_format f = cli_common_output(c, item->puzzle);
    int timed = !c->no_time && (f == NONET_FORMAT_CSV || f == NONET_FORMAT_JSON);
    cli_outcome_solve_spilling(o, s, bounds, keep, timed, item, c->stats ? &c->counters : NULL,
                               spill, spill_ctx);
    if (o->res.gave_up) cli_common_note_gave_up(c, item, &o->res);
}

/* ------------------------------------------------------------------ */
/* The batch                                                            */
/* ------------------------------------------------------------------ */

static void read_failed(void *ctx)
{
    cli_common *c = ctx;
    cli_stats_read_failed(&c->counters);
}

static void finish(void *ctx)
{
    const cli_common *c = ctx;
    if (c->stats) cli_stats_print(&c->counters);
}

void cli_common_start(cli_common *c, char **files, int nfiles)
{
    cli_pipeline *p = &c->pipe;
    cli_progress_start(&c->progress, c->progress_mode, c->puzzles.len ? NULL : files,
                       c->puzzles.len ? 0 : nfiles, c->expected);
    if (c->puzzles.len && !c->expected) c->progress.bytes = 0; /* puzzles given inline */
    p->progress = c->progress.on ? &c->progress : NULL;
    p->puzzles = c->puzzles.len ? c->puzzles.s : NULL;
}

int cli_common_run(cli_common *c, cli_work_fn work, char **files, int nfiles)
{
    cli_pipeline *p = &c->pipe;
    p->read_opts = c->rules.used ? &c->rules.opts : NULL;
    if (c->output == NONET_FORMAT_CSV) {
        if (c->csv_header) fputs(c->csv_header, stdout);
        else cli_csv_header();
    }
    p->work = work;
    p->ctx = c;
    p->make_state = c->make_state ? c->make_state : cli_make_solver;
    p->free_state = c->make_state ? c->free_state : cli_free_solver;
    p->finish = finish;
    p->read_failed = read_failed;
    if (!p->unread) p->unread = cli_common_unread;
    c->counters.started = cli_now();
    cli_common_start(c, files, nfiles);
    int st = cli_pipeline_run(p, files, nfiles);
    cli_common_free(c);
    return st;
}

void cli_common_unread(void *ctx, cli_item *item)
{
    const cli_common *c = ctx;
    if (!c->output && c->unread_text) {
        c->unread_text(c, item);
        return;
    }
    nonet_format f = c->output ? c->output : item->unread.format;
    if (f == NONET_FORMAT_CSV && c->csv_columns < 0) return; /* rows of steps, none a puzzle */
    cli_put_unread(&item->out, f ? f : NONET_FORMAT_LINE, item, c->csv_columns ? c->csv_columns : 7,
                   c->csv_columns ? c->csv_status : 2);
}
