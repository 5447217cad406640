/*
 * cmd_generate.c - `nonet generate`: new puzzles with exactly one solution,
 * minimal by default, for any shape, from a seed.
 *
 * Without FILEs, puzzle k (0-based) of the run is number k of the library's
 * generator for the seed, so the output is the same for any --jobs: the
 * pipeline produces the indexes in order and writes the puzzles in that
 * order as they are made. With FILEs, every puzzle read is a start: its
 * solution (or, with --hard, the puzzle itself) gives COUNT new puzzles,
 * numbered on from the puzzles before it.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "carry.h"
#include "difficulty.h"
#include "common.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Steps of the hard search that --hard alone asks for. */
#define DEFAULT_HARD_STEPS 100

static const char usage[] =
    "Usage: nonet generate [OPTIONS] [FILE...]\n"
    "Make new puzzles, each with exactly one solution and minimal by default (no\n"
    "given can be removed), and print them in order as they are made. The same\n"
    "--seed and options give the same puzzles on every machine, for any --jobs.\n"
    "With FILEs ('-' for standard input), every puzzle read is a start: new\n"
    "puzzles are carved from its solution (with --hard: from the puzzle itself).\n"
    "\n"
    "Options:\n"
    "  -n, --count N        puzzles to make (default 1; with FILEs: for each\n"
    "                       puzzle read)\n"
    "      --seed S         seed, 0 to 18446744073709551615 (default: from the\n"
    "                       clock; every json/csv record carries its puzzle's own\n"
    "                       seed, which remakes it as '--seed THAT -n 1')\n"
    "      --size N         side of the grid, 4 to 64 (default 9); minimal\n"
    "                       puzzles from 25 up take longer than the default\n"
    "                       bound (see Time below)\n"
    "      --regions random a new random jigsaw map for every puzzle\n"
    "      --symmetry NAME  symmetry of the givens: none (default), rotate180,\n"
    "                       rotate90, mirror, flip, diagonal, anti-diagonal,\n"
    "                       dihedral, random\n"
    "      --clues N        aim at N givens (the count reached is reported when\n"
    "                       N cannot be reached)\n"
    "      --no-minimal     stop at the first puzzle with one solution\n"
    "      --hard           search for hard puzzles (local search keeping the\n"
    "                       puzzle that needs the most guesses)\n"
    "      --hard-steps N   steps of that search (default 100; implies --hard)\n"
    "      --rating MIN-MAX  Sudoku Explainer rating band (ER) of the puzzles,\n"
    "                       e.g. 2.6-4.4; MIN+ for no top; one number for that ER\n"
    "      --difficulty NAME  a named band: " CLI_DIFFICULTY_BANDS
    "      --technique NAME  the hardest step must be this technique (an id of\n"
    "                       'nonet explain', e.g. x-wing, naked-triple)\n"
    "      --killer         killer puzzles: cages cover the grid, no givens\n"
    "      --cage-max N     cells of the largest cage (default 5; 4 on 6x6, 3 on\n"
    "                       4x4)\n"
    "      --constraints LIST  add a few of these kinds, drawn to fit the grid\n"
    "                       (comma-separated: cage, thermo, arrow, white-dot,\n"
    "                       black-dot, x, v); the givens are then carved (with\n"
    "                       --killer: the cages join them, still no givens)\n"
    "  -o, --output NAME    write this format (default line, with FILEs the\n"
    "                       input's; nonet when the puzzles' rules are not the\n"
    "                       classic ones of their size, and a format that\n"
    "                       cannot hold them is refused): line, grid, luogu,\n"
    "                       poj, hdu, pretty, unicode, framed, pencil, candidates,\n"
    "                       csv, json, tdoku, nonet\n"
    "  -s, --stats          print a summary of the run on standard error\n"
    "  -h, --help           show this help and exit\n"
    "\n";

/* The rest of the help, after the shared options (one string would pass
 * the 4095 bytes C99 compilers must take). */
static const char usage_tail[] =
    "\n"
    "A symmetry that does not map the rules onto themselves (a jigsaw map or\n"
    "boxes without it, like rotate90 on 2x3 boxes) is refused. json records\n"
    "carry index, puzzle, solution, clues, seed, symmetry and minimal (and\n"
    "score with --hard; er, ep, ed and hardest with a difficulty target);\n"
    "csv: index,puzzle,solution,clues,seed (and er,ep,ed).\n"
    "\n"
    "Time: every puzzle is given up after --timeout seconds, 60 by default\n"
    "(up to 31536000, a year, when asked), with status 1 and a note 'gave up'\n"
    "on standard error; a puzzle printed then has one solution but is not\n"
    "minimal (none is printed when no grid was made in time). On a\n"
    "loaded 2-core test machine a minimal puzzle takes under a second at 16x16\n"
    "and about 20 s at 20x20; from 24x24 up minimal carving does not end within\n"
    "the bound (25x25 ran 14 minutes), while --no-minimal takes about 0.3 s at\n"
    "25x25 and 50 s at 36x36, and from 49x49 up it is given up at the bound too.\n"
    "\n"
    "With --rating, --difficulty or --technique, a given is removed only while\n"
    "a solver limited to the techniques rated up to the band's top still solves\n"
    "the puzzle; the puzzle is then rated with every technique, and another is\n"
    "carved (from ER 4.5 up: searched for) until one is in the band, up to 200\n"
    "puzzles; the closest is printed if none is. Such puzzles are not always\n"
    "minimal: easy ones keep givens a harder solve could do without.\n"
    "\n"
    "Killer and constrained puzzles are written in the nonet format (or json);\n"
    "they take no --clues, --hard or difficulty target. See docs/CONSTRAINTS.md.\n"
    "\n"
    "Exit status: 0 every puzzle made as asked; 1 some puzzle missed its --clues\n"
    "or difficulty target or was given up (--timeout); 2 some input is malformed\n"
    "or has no solution; 3 usage error (also options no puzzle can satisfy); 4\n"
    "output or system error.\n";

/* Seconds a puzzle may take by default (issue 32: minimal carving from
 * 25x25 up runs for many minutes): the run then answers "gave up". */
#define GENERATE_TIMEOUT 60

/* The run: options and counters shared by the threads. */
typedef struct gen_run {
    nonet_generate_options gopt;
    long long count;         /* -n */
    unsigned long long seed; /* --seed, or drawn from the clock */
    int seed_given;
    int size;           /* --size, 0 when not given */
    int hard;           /* --hard or --hard-steps */
    int rated;          /* --rating, --difficulty or --technique: records carry the rating */
    const char *target; /* that option as given, for messages */
    nonet_shape *shape; /* the rules of generated puzzles (no FILEs) */
    cli_common *common;
    atomic_llong made, missed, gave_up, clues;
    long long shown; /* puzzles written (writer thread only) */
} gen_run;

/* A worker's generator and its --timeout deadline. */
typedef struct gen_state {
    nonet_generator *g;
    double deadline;
    unsigned long long max_nodes; /* --max-nodes, 0 = none */
} gen_state;

/* ------------------------------------------------------------------ */
/* Per-thread state                                                     */
/* ------------------------------------------------------------------ */

static int past_deadline(void *ctx, unsigned long long nodes)
{
    const gen_state *st = ctx;
    if (st->max_nodes && nodes > st->max_nodes) return 1;
    return st->deadline > 0 && cli_now() > st->deadline;
}

static void *make_state(void *ctx)
{
    const gen_run *run = ((const cli_common *)ctx)->own;
    gen_state *st = calloc(1, sizeof *st);
    if (!st) return NULL;
    nonet_generate_options o = run->gopt;
    o.progress = past_deadline;
    o.progress_ctx = st;
    st->max_nodes = run->common->opt.max_nodes;
    st->g = nonet_generator_new(&o, NULL);
    if (!st->g) {
        free(st);
        return NULL;
    }
    return st;
}

static void free_state(void *state)
{
    gen_state *st = state;
    if (!st) return;
    nonet_generator_free(st->g);
    free(st);
}

/* ------------------------------------------------------------------ */
/* Records                                                              */
/* ------------------------------------------------------------------ */

/* Appends a grid of shape s as one line of symbols (no newline). */
static int put_line(cli_text *t, const nonet_shape *s, const unsigned char *grid)
{
    char small[4200];
    size_t n = nonet_write_grid(small, sizeof small, NONET_FORMAT_LINE, s, grid);
    if (n >= sizeof small || n == 0) return -1;
    return cli_text_put(t, small, n - 1); /* without its newline */
}

/* Appends the region map of a jigsaw shape as one line of letters. */
static int put_regions(cli_text *t, const nonet_shape *s)
{
    static const char sym[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int cells = nonet_shape_cells(s);
    for (int c = 0; c < cells; c++)
        if (cli_text_put(t, &sym[nonet_shape_region(s, c)], 1)) return -1;
    return 0;
}

/* Appends the variants of s as a comma-separated list. */
static int put_variants(cli_text *t, const nonet_shape *s)
{
    unsigned v = nonet_shape_variants(s);
    int first = 1;
    for (unsigned bit = 1; bit && bit <= v; bit <<= 1)
        if (v & bit) {
            if (cli_text_printf(t, "%s%s", first ? "" : ",", nonet_variant_name(bit))) return -1;
            first = 0;
        }
    return 0;
}

/* One JSON Lines record of a generated puzzle. */
static int put_json(cli_text *t, long long index, const nonet_puzzle *p, const unsigned char *sol,
                    const nonet_generate_result *res, int hard)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    int r = cli_text_printf(t, "{\"index\":%lld,\"puzzle\":\"", index);
    r |= put_line(t, s, nonet_puzzle_cells(p));
    r |= cli_text_put(t, "\",\"solution\":\"", 14);
    r |= put_line(t, s, sol);
    r |= cli_text_printf(t, "\",\"clues\":%d,\"seed\":%llu,\"symmetry\":\"%s\",\"minimal\":%s",
                         res->clues, (unsigned long long)res->seed,
                         nonet_symmetry_name(res->symmetry), res->minimal ? "true" : "false");
    if (nonet_shape_size(s) != 9) r |= cli_text_printf(t, ",\"size\":%d", nonet_shape_size(s));
    if (!nonet_shape_box_rows(s)) {
        r |= cli_text_put(t, ",\"regions\":\"", 12);
        r |= put_regions(t, s);
        r |= cli_text_put(t, "\"", 1);
    }
    if (nonet_shape_variants(s)) {
        r |= cli_text_put(t, ",\"variants\":\"", 13);
        r |= put_variants(t, s);
        r |= cli_text_put(t, "\"", 1);
    }
    if (hard) r |= cli_text_printf(t, ",\"score\":%.0f", res->score);
    if (res->rated) {
        r |= cli_text_printf(t, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f", res->er, res->ep, res->ed);
        const char *difficulty = cli_difficulty_name(res->er);
        if (difficulty) r |= cli_text_printf(t, ",\"difficulty\":\"%s\"", difficulty);
        if (res->hardest >= 0) /* "hardest" is a rating in explain's records */
            r |= cli_text_printf(t, ",\"technique\":\"%s\"", nonet_technique_id(res->hardest));
    }
    r |= cli_text_put(t, "}\n", 2);
    return r;
}

/* One CSV row: index,puzzle,solution,clues,seed and, when rated, er,ep,ed. */
static int put_csv(cli_text *t, long long index, const nonet_puzzle *p, const unsigned char *sol,
                   const nonet_generate_result *res, int rated)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    int r = cli_text_printf(t, "%lld,", index);
    r |= put_line(t, s, nonet_puzzle_cells(p));
    r |= cli_text_put(t, ",", 1);
    r |= put_line(t, s, sol);
    r |= cli_text_printf(t, ",%d,%llu", res->clues, (unsigned long long)res->seed);
    if (rated) r |= cli_text_printf(t, ",%.1f,%.1f,%.1f", res->er, res->ep, res->ed);
    r |= cli_text_put(t, "\n", 1);
    return r;
}

/* The puzzle in any other format (tdoku with its solution). */
static int put_other(cli_text *t, nonet_format f, const nonet_puzzle *p, const unsigned char *sol)
{
    nonet_result result;
    memset(&result, 0, sizeof result);
    result.solutions = 1;
    result.complete = 1;
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = p;
    rec.seconds = -1;
    if (f == NONET_FORMAT_TDOKU) {
        rec.result = &result;
        rec.solutions = sol;
        rec.nsolutions = 1;
    }
    return cli_append_record(t, f, &rec);
}

/* The format puzzle p is written in: -o, else the start's or line, when
 * it holds p's rules; else nonet (no -o) or -1, the error noted on item. */
static int output_format(const gen_run *run, cli_item *item, const nonet_puzzle *p)
{
    const cli_common *c = run->common;
    const nonet_puzzle *start = item->puzzle;
    nonet_format fallback = start ? (nonet_format)nonet_puzzle_format(start) : NONET_FORMAT_LINE;
    if (nonet_puzzle_constraint_count(p) > 0) /* checked by check_output: nonet or f-puzzles */
        return c->output ? c->output : NONET_FORMAT_NONET;
    return cli_puzzle_format(item, "generate", c->output, fallback, nonet_puzzle_shape(p), 1);
}

static int put_record(const gen_run *run, cli_item *item, long long index, const nonet_puzzle *p,
                      const unsigned char *sol, const nonet_generate_result *res)
{
    int f = output_format(run, item, p);
    if (f < 0) return 0; /* noted on item */
    if (f == NONET_FORMAT_JSON) return put_json(&item->out, index, p, sol, res, run->hard);
    if (f == NONET_FORMAT_CSV) return put_csv(&item->out, index, p, sol, res, run->rated);
    return put_other(&item->out, f, p, sol);
}

/* ------------------------------------------------------------------ */
/* One puzzle                                                           */
/* ------------------------------------------------------------------ */

/* Names where a message is about: the input line of the start, or the
 * puzzle's number. */
static void put_where(cli_item *item, long long index)
{
    const nonet_puzzle *p = item->puzzle;
    if (p)
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: ", nonet_puzzle_source(p)[0] ? nonet_puzzle_source(p) : "-",
                        nonet_puzzle_line(p));
    else cli_text_printf(&item->err, "nonet: generate: puzzle %lld: ", index);
}

/* Makes puzzle `index` (from item->puzzle when reading) and writes it.
 * Returns 0, or -1 when the start (or the system) failed, so that its other
 * puzzles need not be tried. */
static int make_one(gen_run *run, gen_state *st, cli_item *item, long long index)
{
    const cli_common *c = run->common;
    unsigned char sol[NONET_MAX_CELLS];
    nonet_generate_result res;
    nonet_error err;
    nonet_puzzle *p = NULL;
    st->deadline = c->timeout > 0 ? cli_now() + c->timeout : 0;
    nonet_status s =
        item->puzzle
            ? nonet_generate_from(st->g, item->puzzle, (uint64_t)index, &p, sol, &res, &err)
            : nonet_generate(st->g, run->shape, (uint64_t)index, &p, sol, &res, &err);
    if (s == NONET_ERR_LIMIT) {
        put_where(item, index + 1);
        cli_text_printf(&item->err, "gave up after %g seconds (--timeout)%s\n", c->timeout,
                        !p           ? ""
                        : run->rated ? "; the puzzle printed has one solution but may miss the "
                                       "difficulty target"
                                     : "; the puzzle printed has one solution but is not minimal");
        atomic_fetch_add(&run->gave_up, 1);
        if (item->exit_status < EXIT_GAVE_UP) item->exit_status = EXIT_GAVE_UP;
    } else if (s != NONET_OK) {
        put_where(item, index + 1);
        cli_text_printf(&item->err, "%s\n", err.message);
        item->exit_status = s == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        return -1;
    }
    if (!p) return 0;
    if (s == NONET_OK && !res.target_met) {
        put_where(item, index + 1);
        if (run->gopt.clues > 0 && res.clues != run->gopt.clues)
            cli_text_printf(&item->err, "%d clues reached (--clues %d)\n", res.clues,
                            run->gopt.clues);
        else
            cli_text_printf(
                &item->err, "the closest of %d puzzles rates ER %.1f, hardest step %s (%s)\n",
                res.tries, res.er, res.hardest >= 0 ? nonet_technique_id(res.hardest) : "none",
                run->target);
        atomic_fetch_add(&run->missed, 1);
        if (item->exit_status < EXIT_NOT_FOUND) item->exit_status = EXIT_NOT_FOUND;
    }
    atomic_fetch_add(&run->made, 1);
    atomic_fetch_add(&run->clues, res.clues);
    if (put_record(run, item, index + 1, p, sol, &res)) item->exit_status = EXIT_SYSTEM;
    nonet_puzzle_free(p);
    return 0;
}

static void generate_item(void *ctx, void *state, cli_item *item)
{
    gen_run *run = ((cli_common *)ctx)->own;
    if (!state) {
        cli_text_printf(&item->err, "nonet: out of memory\n");
        item->exit_status = EXIT_SYSTEM;
        return;
    }
    if (!item->puzzle) {
        make_one(run, state, item, (long long)item->seq);
        return;
    }
    for (long long j = 0; j < run->count; j++)
        if (make_one(run, state, item, (long long)item->seq * run->count + j)) break;
}

/* Hands out puzzle numbers 0 .. count-1. */
static int produce(void *ctx, cli_item *item)
{
    const gen_run *run = ((const cli_common *)ctx)->own;
    return (long long)item->seq < run->count;
}

/* ------------------------------------------------------------------ */
/* Progress and summary                                                 */
/* ------------------------------------------------------------------ */

static void written(void *ctx, const cli_item *item)
{
    gen_run *run = ((cli_common *)ctx)->own;
    (void)item;
    run->shown = atomic_load(&run->made);
}

static void finish(void *ctx)
{
    const cli_common *c = ctx;
    const gen_run *run = c->own;
    if (!c->stats) return;
    double secs = cli_now() - c->counters.started;
    long long made = atomic_load(&run->made);
    fprintf(stderr,
            "nonet: generate: seed %llu: %lld puzzles in %.3f s (%.1f/s), %.2f clues on average, "
            "%lld missed the target, %lld gave up\n",
            run->seed, made, secs, made / (secs > 0 ? secs : 1e-9),
            made ? (double)atomic_load(&run->clues) / (double)made : 0.0,
            (long long)atomic_load(&run->missed), (long long)atomic_load(&run->gave_up));
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

/* Parses a whole decimal number in lo..hi; -1 when invalid. */
static long long parse_count(const char *text, long long lo, long long hi)
{
    char *end;
    if (*text < '0' || *text > '9') return -1;
    long long v = strtoll(text, &end, 10);
    return *end || v < lo || v > hi ? -1 : v;
}

/* Parses an ER (0.1 to 20, one decimal place at most matters) at *text,
 * leaving *end after it; -1 when there is none. */
static double parse_er(const char *text, const char **end)
{
    *end = text;
    if ((*text < '0' || *text > '9') && *text != '.') return -1;
    char *after;
    double v = strtod(text, &after);
    *end = after;
    return v >= 0.1 && v <= 20.0 ? v : -1;
}

/* Parses --rating: "MIN-MAX", "MIN..MAX", "MIN+" or "ER" into the options.
 * Returns 0, or -1 when invalid. */
static int parse_band(const char *text, nonet_generate_options *o)
{
    const char *end;
    double lo = parse_er(text, &end), hi;
    if (lo < 0) return -1;
    if (!*end) hi = lo;
    else if (!strcmp(end, "+")) hi = 0;
    else {
        const char *rest = end + (*end == '-' ? 1 : strncmp(end, "..", 2) == 0 ? 2 : 0);
        if (rest == end || (hi = parse_er(rest, &end)) < 0 || *end || hi < lo) return -1;
    }
    o->rating_min = lo;
    o->rating_max = hi;
    return 0;
}

/* Applies --rating, --difficulty or --technique; exits with the usage
 * status after naming a bad value. Returns 1. */
static int difficulty_option(gen_run *run, int opt)
{
    const char *cmd = "generate";
    run->rated = 1;
    run->target = opt == CLI_OPT_RATING       ? "--rating"
                  : opt == CLI_OPT_DIFFICULTY ? "--difficulty"
                                              : "--technique";
    if (opt == CLI_OPT_RATING) {
        if (parse_band(optarg, &run->gopt))
            exit(cli_usage_error(cmd, "bad rating band '%s' (e.g. 2.6-4.4, 9.0+)", optarg));
    } else if (opt == CLI_OPT_DIFFICULTY) {
        if (cli_difficulty_find(optarg, &run->gopt.rating_min, &run->gopt.rating_max))
            exit(cli_usage_error(cmd, "unknown difficulty '%s'", optarg));
    } else {
        int t = nonet_technique_from_id(optarg);
        if (t < 0 || nonet_technique_is_extra(t))
            exit(
                cli_usage_error(cmd, "unknown technique '%s' (one of Sudoku Explainer's)", optarg));
        run->gopt.technique = t;
    }
    return 1;
}

/* Applies --constraints LIST (kind names, comma-separated); exits with the
 * usage status after naming a bad one. Returns 1. */
static int constraints_option(gen_run *run)
{
    char name[64];
    for (const char *at = optarg; *at;) {
        size_t len = strcspn(at, ",");
        int kind = -1;
        if (len < sizeof name) {
            memcpy(name, at, len);
            name[len] = '\0';
            kind = nonet_constraint_from_name(name);
        }
        if (kind < 0)
            exit(cli_usage_error("generate", "unknown constraint '%.*s' in --constraints", (int)len,
                                 at));
        run->gopt.constraints |= 1u << kind;
        at += len + (at[len] == ',');
    }
    if (!run->gopt.constraints)
        exit(cli_usage_error("generate", "--constraints needs a list of kinds"));
    return 1;
}

/* Applies generate's own options; 1 when `opt` was one, else 0. A bad value
 * ends the command with the usage status, after naming it. */
static int own_option(void *vrun, int opt)
{
    gen_run *run = vrun;
    const char *cmd = "generate";
    long long v;
    char *end;
    switch (opt) {
    case 'h':
        fputs(usage, stdout);
        fputs(CLI_HELP_READING "\nLimits:\n" CLI_HELP_LIMITS, stdout);
        fputs(usage_tail, stdout);
        exit(EXIT_OK);
    case CLI_OPT_COUNT:
        if ((run->count = parse_count(optarg, 1, 1000000000000LL)) < 0)
            exit(cli_usage_error(cmd, "bad count '%s'", optarg));
        return 1;
    case CLI_OPT_SEED:
        if (*optarg < '0' || *optarg > '9') exit(cli_usage_error(cmd, "bad seed '%s'", optarg));
        errno = 0;
        run->seed = strtoull(optarg, &end, 10);
        if (*end || errno == ERANGE) /* above 2^64-1: not clamped */
            exit(cli_usage_error(cmd, "bad seed '%s' (0 to 18446744073709551615)", optarg));
        run->seed_given = 1;
        return 1;
    case CLI_OPT_SIZE:
        if ((run->size = (int)parse_count(optarg, NONET_MIN_SIZE, NONET_MAX_SIZE)) < 0)
            exit(cli_usage_error(cmd, "bad size '%s' (4 to 64)", optarg));
        return 1;
    case CLI_OPT_SYMMETRY:
        if ((v = nonet_symmetry_from_name(optarg)) < 0)
            exit(cli_usage_error(cmd, "unknown symmetry '%s'", optarg));
        run->gopt.symmetry = (nonet_symmetry)v;
        return 1;
    case CLI_OPT_CLUES:
        if ((v = parse_count(optarg, 1, NONET_MAX_CELLS)) < 0)
            exit(cli_usage_error(cmd, "bad clue count '%s'", optarg));
        run->gopt.clues = (int)v;
        return 1;
    case CLI_OPT_NO_MINIMAL: run->gopt.minimal = 0; return 1;
    case CLI_OPT_HARD: run->hard = 1; return 1;
    case CLI_OPT_HARD_STEPS:
        if ((v = parse_count(optarg, 1, 1000000000)) < 0)
            exit(cli_usage_error(cmd, "bad step count '%s'", optarg));
        run->gopt.hard_steps = (int)v;
        run->hard = 1;
        return 1;
    case CLI_OPT_RATING:
    case CLI_OPT_DIFFICULTY:
    case CLI_OPT_TECHNIQUE: return difficulty_option(run, opt); /* exits on a bad value */
    case CLI_OPT_KILLER: run->gopt.killer = 1; return 1;
    case CLI_OPT_KILLER_MAX:
        if ((v = parse_count(optarg, 2, NONET_MAX_SIZE)) < 0)
            exit(cli_usage_error(cmd, "bad cage size '%s' (2 to the grid's side)", optarg));
        run->gopt.killer_max = (int)v;
        return 1;
    case CLI_OPT_CONSTRAINTS: return constraints_option(run); /* exits on a bad value */
    case CLI_OPT_REGIONS:
        if (strcmp(optarg, "random") != 0) return 0; /* a map file: the shared option */
        run->gopt.random_regions = 1;
        return 1;
    default: return 0;
    }
}

/* Builds the shape of generated puzzles from --size, --box, --regions and
 * --variant. Returns 0, or the exit status after saying why not. */
static int build_shape(gen_run *run, const cli_common *c)
{
    const nonet_read_options *ro = &c->rules.opts;
    int size = run->size, from_box = ro->box_rows * ro->box_cols;
    if (!size) size = ro->region_size ? ro->region_size : from_box ? from_box : 9;
    if (ro->region_size && ro->region_size != size)
        return cli_usage_error("generate", "the region map is %dx%d, not %dx%d", ro->region_size,
                               ro->region_size, size, size);
    if (from_box && from_box != size)
        return cli_usage_error("generate", "boxes of %dx%d do not tile a %dx%d grid", ro->box_rows,
                               ro->box_cols, size, size);
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = size;
    sp.box_rows = ro->box_rows;
    sp.box_cols = ro->box_cols;
    sp.regions = ro->region_size ? ro->regions : NULL;
    sp.variants = ro->variants;
    nonet_error err;
    run->shape = nonet_shape_new(&sp, &err);
    if (!run->shape) return cli_usage_error("generate", "%s", err.message);
    return 0;
}

/* Refuses values no puzzle of the shape can meet: more clues than cells. */
static int check_values(const gen_run *run)
{
    int cells = nonet_shape_cells(run->shape);
    if (run->gopt.clues > cells)
        return cli_usage_error("generate", "--clues %d: a %dx%d puzzle has %d cells",
                               run->gopt.clues, nonet_shape_size(run->shape),
                               nonet_shape_size(run->shape), cells);
    return 0;
}

/* Refuses an output format (-o) that cannot hold the rules of the shape
 * (random regions: jigsaw regions of the shape's size). */
static int check_output(const gen_run *run)
{
    const cli_common *c = run->common;
    int jigsaw = run->gopt.random_regions;
    if ((run->gopt.killer || run->gopt.constraints) && c->output &&
        c->output != NONET_FORMAT_NONET && c->output != NONET_FORMAT_FPUZZLES)
        return cli_usage_error("generate",
                               "the %s format cannot hold constraints: leave -o out (nonet is "
                               "then written), or use -o nonet or -o fpuzzles",
                               nonet_format_name(c->output));
    if (!c->output || c->output == NONET_FORMAT_NONET || c->output == NONET_FORMAT_JSON) return 0;
    if (!jigsaw && cli_carries(c->output, run->shape, 1)) return 0;
    char rules[160];
    if (jigsaw) snprintf(rules, sizeof rules, "jigsaw regions");
    else cli_rules_text(rules, sizeof rules, run->shape);
    return cli_usage_error("generate",
                           "the %s format cannot hold the rules of these puzzles (%s): leave -o "
                           "out (nonet is then written) or use -o nonet",
                           nonet_format_name(c->output), rules);
}

/* Makes grid 0 once, so that rules no puzzle can satisfy (a symmetry the
 * shape lacks, variants random regions cannot carry, rules without any
 * grid) are one clear message rather than one a puzzle. It runs under
 * --timeout like a puzzle: when it gives up, so would puzzle 1 (the same
 * grid), and the run ends as given up (status 1). */
static int probe(const gen_run *run)
{
    nonet_error err;
    gen_state st = {NULL, run->common->timeout > 0 ? cli_now() + run->common->timeout : 0,
                    run->common->opt.max_nodes};
    nonet_generate_options o = run->gopt;
    o.progress = past_deadline;
    o.progress_ctx = &st;
    nonet_generator *g = nonet_generator_new(&o, &err);
    if (!g) return cli_usage_error("generate", "%s", err.message);
    nonet_puzzle *p = NULL;
    nonet_status s = nonet_generate_grid(g, run->shape, 0, &p, &err);
    nonet_puzzle_free(p);
    nonet_generator_free(g);
    if (s == NONET_ERR_SHAPE) return cli_usage_error("generate", "%s", err.message);
    if (s == NONET_ERR_LIMIT) {
        fprintf(stderr, "nonet: generate: gave up after %g seconds (--timeout) making a grid\n",
                run->common->timeout);
        return EXIT_GAVE_UP;
    }
    if (s == NONET_ERR_NOMEM) {
        fprintf(stderr, "nonet: out of memory\n");
        return EXIT_SYSTEM;
    }
    return 0;
}

/* A seed from the clock and the process, when --seed is not given. */
static unsigned long long clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((unsigned long long)ts.tv_sec * 1000000007ull) ^ (unsigned long long)ts.tv_nsec ^
           ((unsigned long long)getpid() << 32);
}

int cmd_generate(int argc, char **argv)
{
    static const int accepts[] = {CLI_OPT_COUNT,
                                  CLI_OPT_SEED,
                                  CLI_OPT_SIZE,
                                  CLI_OPT_BOX,
                                  CLI_OPT_REGIONS,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_SYMMETRY,
                                  CLI_OPT_CLUES,
                                  CLI_OPT_NO_MINIMAL,
                                  CLI_OPT_HARD,
                                  CLI_OPT_HARD_STEPS,
                                  CLI_OPT_RATING,
                                  CLI_OPT_DIFFICULTY,
                                  CLI_OPT_TECHNIQUE,
                                  CLI_OPT_KILLER,
                                  CLI_OPT_KILLER_MAX,
                                  CLI_OPT_CONSTRAINTS,
                                  'o',
                                  's',
                                  'h',
                                  0};
    static gen_run run;  /* static: large, and lives as long as the run */
    static cli_common c; /* static: the region map is large */
    memset(&run, 0, sizeof run);
    nonet_generate_options_init(&run.gopt);
    run.count = -1;
    cli_common_init(&c, "generate", usage, &run);
    c.pipe.jobs = cli_cores();
    run.common = &c;
    c.limits = 1;
    c.timeout = GENERATE_TIMEOUT; /* --timeout replaces it */
    int st = cli_common_parse(&c, argc, argv, accepts, own_option);
    if (st != CLI_GO_ON) return st;
    if (run.hard && !run.gopt.hard_steps) run.gopt.hard_steps = DEFAULT_HARD_STEPS;
    if (!run.seed_given) run.seed = clock_seed();
    run.gopt.seed = run.seed;
    int nfiles = argc - optind, reading = nfiles > 0 || c.puzzles.len > 0;
    if (run.count < 0) run.count = 1;
    if (!reading) {
        if ((st = build_shape(&run, &c)) != 0 || (st = check_values(&run)) != 0 ||
            (st = check_output(&run)) != 0 || (st = probe(&run)) != 0) {
            nonet_shape_free(run.shape);
            return st;
        }
        c.expected = run.count;
    } else if (run.gopt.random_regions) {
        cli_common_free(&c);
        return cli_usage_error("generate",
                               "--regions random makes its own shapes: it takes no FILE");
    }
    if (c.output == NONET_FORMAT_CSV)
        puts(run.rated ? "index,puzzle,solution,clues,seed,er,ep,ed"
                       : "index,puzzle,solution,clues,seed");
    cli_pipeline *p = &c.pipe;
    p->read_opts = c.rules.used ? &c.rules.opts : NULL;
    p->work = generate_item;
    p->ctx = &c;
    p->make_state = make_state;
    p->free_state = free_state;
    p->finish = finish;
    p->produce = reading ? NULL : produce;
    /* one puzzle a batch streams each as soon as it is made; the fast 9x9
     * case takes a few to keep the hand-over cost small */
    p->batch = !reading && nonet_shape_is_classic9(run.shape) && !run.hard ? 16 : 1;
    p->written = written;
    c.counters.started = cli_now();
    cli_common_start(&c, argv + optind, nfiles);
    st = cli_pipeline_run(p, argv + optind, nfiles);
    cli_common_free(&c);
    nonet_shape_free(run.shape);
    return st;
}
