/*
 * cmd_solve.c - `nonet solve`: read puzzles, solve each, write the answers
 * in input order and in the input's format (or --output's).
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "common.h"
#include "output.h"

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
    "  -o, --output NAME   write this format: line, grid, luogu, poj, hdu, pretty,\n"
    "                      unicode, framed, pencil, candidates, csv, json, tdoku,\n"
    "                      nonet\n"
    "  -e, --engine NAME   auto (default), fast, planes, bitmask, dlx, backtrack\n"
    "      --simd LEVEL    cap the SIMD path of the fast and planes engines:\n"
    "                      scalar, sse4.1, avx2, avx512, best (default: the best\n"
    "                      this CPU runs; a cap above the CPU runs that best)\n"
    "  -q, --quiet         no warnings on standard error for puzzles with several\n"
    "                      solutions (errors are still reported)\n"
    "  -a, --all           print every solution, up to --limit\n"
    "  -l, --limit N       stop searching after N solutions (default 2; 0 = all)\n"
    "  -s, --stats         print a summary of the batch on standard error\n"
    "  -T, --no-time       leave the time out of csv and json records\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\nLimits:\n" CLI_HELP_LIMITS "\n"
    "A puzzle without a solution is answered 'No solution'; one with several gets\n"
    "its first solution (HDU output says 'Multiple Solutions'). A puzzle that\n"
    "exceeds --timeout or --max-nodes is answered 'Gave up', with a note on\n"
    "standard error, and the batch goes on.\n"
    "\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several, or was given up; 2 some input is malformed or breaks the\n"
    "rules; 3 usage error; 4 output or system error.\n";

/* Plain lines a lane item of `nonet solve` holds: enough that the item's own
 * steps cost little a line, few enough that a batch (64 lines) is four. */
#define SOLVE_LANE 16

/* Whether the run may answer plain lines in lanes (nonet_solve_lines): it
 * writes what the usual path would, byte for byte, only when the answer is
 * the line format's one solution (no --all, no -o other than line) and no
 * search is bounded (a given-up search is noted with its bound). */
static int lane_fits(const cli_common *c, const solve_own *own)
{
    return !own->all && c->timeout <= 0 && !c->opt.max_nodes &&
           (c->output == NONET_FORMAT_AUTO || c->output == NONET_FORMAT_LINE);
}

/* Notes on item->err that the puzzle at source:line has several solutions
 * (the first is written). */
static void warn_several(cli_item *item, const char *source, long line)
{
    cli_text_printf(&item->err,
                    "nonet: %s:%ld: the puzzle has several solutions; this is the first\n", source,
                    line);
}

/* The note on line `no` (text: its 82 bytes) without a solution: when its
 * givens break a rule, the error (as cli_outcome_solve reports it) and 1;
 * else 0. */
static int lane_rule_error(cli_item *item, const char *text, long no)
{
    char line[82];
    memcpy(line, text, 81);
    line[81] = '\0';
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(line, &err);
    int broken = p && nonet_puzzle_check(p, &err) != NONET_OK;
    nonet_puzzle_free(p);
    if (!broken) return 0;
    err.line = no;
    cli_put_item_error(item, &err);
    return 1;
}

/* Answers a lane item: its lines solved in one call, then for each line
 * what solve_one would add: the warning for several solutions, the error of
 * givens that break a rule, the --stats counts and the exit status. */
static void solve_lane(cli_common *c, const solve_own *own, nonet_solver *s, cli_item *item)
{
    const cli_lane *lane = item->lane;
    size_t done = 0;
    nonet_line_answer answers[CLI_LANE_MAX];
    nonet_error err;
    if (cli_text_reserve(&item->out, lane->lines.len)) return; /* reported when written */
    nonet_status st = nonet_solve_lines(s, &c->opt, lane->lines.s, lane->lines.len, answers,
                                        CLI_LANE_MAX, &done, &err);
    for (size_t i = 0; i < done; i++) {
        long no = lane->first_line + (long)i;
        size_t at = item->out.len; /* where this line's answer goes (the room was reserved) */
        unsigned char verdict = answers[i].verdict;
        int exit_status = verdict == NONET_LINE_GAVE_UP ? EXIT_GAVE_UP : EXIT_NOT_UNIQUE;
        int broken = 0;
        item->out.len += nonet_write_line_answer(item->out.s + at, item->out.cap - at, &answers[i]);
        if (verdict == NONET_LINE_UNIQUE) exit_status = EXIT_OK;
        else if (verdict == NONET_LINE_SEVERAL && !own->quiet) {
            warn_several(item, lane->source, no);
            cli_lane_mark(item, at);
        } else if (verdict == NONET_LINE_NONE &&
                   (broken = lane_rule_error(item, lane->lines.s + i * NONET_PLAIN_LINE, no))) {
            exit_status = EXIT_BAD_INPUT;
            cli_lane_mark(item, at);
        }
        if (exit_status > item->exit_status) item->exit_status = exit_status;
        if (c->stats)
            cli_stats_count(&c->counters, broken, verdict == NONET_LINE_GAVE_UP,
                            verdict == NONET_LINE_SEVERAL  ? 2
                            : verdict == NONET_LINE_UNIQUE ? 1
                                                           : 0);
    }
    item->out.s[item->out.len] = '\0'; /* as cli_text keeps it */
    if (st != NONET_OK) { /* the lines from `done` on are not answered: said after the rest */
        err.line = lane->first_line + (long)done;
        cli_put_item_error(item, &err);
        cli_lane_mark(item, item->out.len);
        item->exit_status = st == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
    }
}

/* Where solve --all hands the solutions out as they are found. */
typedef struct solve_stream {
    cli_item *item;
    nonet_format f;
    const nonet_result *res;
} solve_stream;

/* Writes n solutions (n >= 2: each as a grid of its own, as a record of
 * several is written) to the item's answer and streams it out when the
 * item may (item->stream). Returns nonzero when out of memory. */
static int stream_solutions(void *ctx, const unsigned char *grids, unsigned long long n)
{
    solve_stream *to = ctx;
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = to->item->puzzle;
    rec.result = to->res;
    rec.solutions = grids;
    rec.nsolutions = n;
    if (cli_append_record(&to->item->out, to->f, &rec)) return 1;
    if (to->item->stream) cli_output_stream(to->item->stream, to->item);
    return 0;
}

/* How a format writes the solutions of --all: 1, each as a grid of its own
 * (streamed as they are found); 0, only the first (CSV, HDU and tdoku
 * records carry one grid: one is stored); -1, all in one record (JSON: the
 * record's status and count come before its list, so the solutions, at
 * most --limit, are held until the search ends). */
static int writes_each(nonet_format f)
{
    if (f == NONET_FORMAT_JSON) return -1;
    return f != NONET_FORMAT_CSV && f != NONET_FORMAT_HDU && f != NONET_FORMAT_TDOKU;
}

/* Writes what a search for every solution found before it gave up: the
 * solutions still held (each as a grid), then the given-up answer. */
static void write_gave_up_all(cli_outcome *o, nonet_format f, cli_item *item)
{
    if (o->stored) {
        nonet_result found = o->res;
        found.gave_up = 0;
        nonet_record rec;
        memset(&rec, 0, sizeof rec);
        rec.puzzle = item->puzzle;
        rec.result = &found;
        rec.solutions = o->solutions;
        rec.nsolutions = o->stored;
        cli_append_record(&item->out, f, &rec);
    }
    o->res.solutions = 0; /* the answer after them: "Gave up" */
    o->stored = 0;
    cli_outcome_write(o, f, item);
}

/* Solves one puzzle and writes its answer (or, with --all, its solutions:
 * streamed in the formats that write each as a grid of its own, so memory
 * stays flat and what was found before a time-out is written). */
static void solve_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const solve_own *own = c->own;
    if (cli_item_lines(item)) {
        solve_lane(c, own, state, item);
        return;
    }
    const nonet_puzzle *p = item->puzzle;
    nonet_format f = cli_common_output(c, p);
    int each = own->all ? writes_each(f) : 0;
    unsigned long long keep = own->all && c->opt.limit ? c->opt.limit : own->all ? ULLONG_MAX : 1;
    if (own->all && !each) keep = 1;
    double deadline;
    nonet_options bounds = cli_common_bounds(c, &deadline);
    cli_outcome o;
    solve_stream to = {item, f, &o.res};
    cli_common_solve_spilling(c, &o, state, &bounds, keep, item, each > 0 ? stream_solutions : NULL,
                              &to);
    if (o.status != NONET_OK && o.status != NONET_ERR_LIMIT && o.status != NONET_ERR_RULE) {
        cli_outcome_free(&o); /* a clash of givens is still "no solution" */
        return;
    }
    if (o.res.gave_up && each > 0 && o.res.solutions) {
        write_gave_up_all(&o, f, item); /* what was found is kept */
        cli_outcome_free(&o);
        return;
    }
    if (o.res.gave_up) {
        o.res.solutions = 0; /* uniqueness unknown: the answer is "Gave up" */
        o.stored = 0;
    }
    if (o.res.solutions > 1 && !own->all && f != NONET_FORMAT_HDU && !own->quiet)
        warn_several(item, nonet_puzzle_source(p), nonet_puzzle_line(p));
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
                                  CLI_OPT_SIMD,
                                  0};
    static cli_common c; /* static: the region map is large */
    solve_own own = {0, 0};
    cli_common_init(&c, "solve", usage, &own);
    c.limits = 1;
    int st = cli_common_parse(&c, argc, argv, accepts, own_option);
    if (st != CLI_GO_ON) return st;
    if (lane_fits(&c, &own)) c.pipe.lane = SOLVE_LANE;
    if (own.all) c.pipe.jobs = 1; /* one puzzle at a time: its solutions stream out */
    return cli_common_run(&c, solve_one, argv + optind, argc - optind);
}
