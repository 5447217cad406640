/*
 * outcome.c - solving one item for solve, count and check: rule check,
 * search with stored solutions, timing, exit status and --stats counters;
 * and writing its record.
 */
#define _POSIX_C_SOURCE 200809L
#include "outcome.h"

#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* copy_source: src into dst of cap bytes, cut to fit (snprintf "%s" without
 * the formatting, on the per-puzzle path). */
static void copy_source(char *dst, size_t cap, const char *src)
{
    const char *end = memchr(src, '\0', cap - 1);
    size_t n = end ? (size_t)(end - src) : cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

void *cli_make_solver(void *ctx)
{
    (void)ctx;
    return nonet_solver_new();
}

void cli_free_solver(void *state) { nonet_solver_free(state); }

/* Solution callback state: stores up to `keep` grids. */
typedef struct keeper {
    cli_outcome *o;
    size_t cells;
    unsigned long long keep;
} keeper;

static int keep_solution(void *ctx, const unsigned char *grid)
{
    keeper *k = ctx;
    cli_outcome *o = k->o;
    if (o->spill && o->stored == CLI_SPILL_AT) { /* streaming: all but the last two go out */
        unsigned long long n = o->stored - 2;
        if (o->spill(o->spill_ctx, o->solutions, n)) return o->nomem = 1;
        memmove(o->solutions, o->solutions + (size_t)n * k->cells, 2 * k->cells);
        o->stored = 2;
        o->spilled += n;
    }
    if (o->stored >= k->keep) return 0;
    if (o->stored == 0 && !o->room) { /* the first: in the outcome itself */
        o->solutions = o->first;
        o->room = 1;
    }
    if (o->stored == o->room) { /* out of `first`: to the heap, then doubling in place */
        int inside = o->solutions == o->first;
        unsigned long long room = inside ? 4 : o->room * 2;
        unsigned char *grown = inside ? malloc((size_t)room * k->cells)
                                      : realloc(o->solutions, (size_t)room * k->cells);
        if (!grown) { /* stop: the record cannot hold what the search finds */
            o->nomem = 1;
            return 1;
        }
        if (inside) memcpy(grown, o->first, k->cells);
        o->solutions = grown;
        o->room = room;
    }
    memcpy(o->solutions + (size_t)o->stored * k->cells, grid, k->cells);
    o->stored++;
    return 0;
}

void cli_stats_read_failed(cli_stats *st)
{
    atomic_fetch_add(&st->read, 1);
    atomic_fetch_add(&st->invalid, 1);
}

void cli_stats_count(cli_stats *st, int invalid, int gave_up, unsigned long long solutions)
{
    atomic_fetch_add(&st->read, 1);
    if (invalid) atomic_fetch_add(&st->invalid, 1);
    else if (gave_up && solutions < 2) atomic_fetch_add(&st->gave_up, 1);
    else if (solutions == 0) atomic_fetch_add(&st->none, 1);
    else if (solutions == 1) atomic_fetch_add(&st->unique, 1);
    else atomic_fetch_add(&st->several, 1);
}

/* Empties the outcome for a new puzzle: every field zero, but without
 * clearing the error's message buffer and the room for the first solution
 * (kilobytes, on the per-puzzle path). The error's source is set only when
 * there is an error (cli_outcome_solve). */
static void outcome_start(cli_outcome *o)
{
    o->status = NONET_OK;
    o->err.code = NONET_OK;
    o->err.line = 0;
    o->err.column = 0;
    o->err.message[0] = '\0';
    o->err.source[0] = '\0';
    memset(&o->res, 0, sizeof o->res);
    o->solutions = NULL;
    o->stored = o->room = 0;
    o->nomem = 0;
    o->seconds = 0;
    o->spilled = 0;
    o->spill = NULL;
    o->spill_ctx = NULL;
}

void cli_outcome_solve(cli_outcome *o, nonet_solver *s, const nonet_options *opt,
                       unsigned long long keep, int timed, cli_item *item, cli_stats *stats)
{
    cli_outcome_solve_spilling(o, s, opt, keep, timed, item, stats, NULL, NULL);
}

void cli_outcome_solve_spilling(cli_outcome *o, nonet_solver *s, const nonet_options *opt,
                                unsigned long long keep, int timed, cli_item *item,
                                cli_stats *stats, cli_spill_fn spill, void *spill_ctx)
{
    const nonet_puzzle *p = item->puzzle;
    outcome_start(o);
    o->spill = spill;
    o->spill_ctx = spill_ctx;
    keeper k = {o, (size_t)nonet_shape_cells(nonet_puzzle_shape(p)), keep ? keep : 1};
    nonet_options mine = *opt;
    mine.on_solution = keep_solution;
    mine.solution_ctx = &k;
    double t0 = timed ? cli_now() : 0;
    o->status = nonet_solver_run(s, p, &mine, NULL, &o->res, &o->err);
    if (o->nomem) {
        o->status = NONET_ERR_NOMEM;
        snprintf(o->err.message, sizeof o->err.message, "out of memory while storing solution %llu",
                 o->spilled + o->stored + 1);
        o->err.line = nonet_puzzle_line(p);
    }
    if ((o->status != NONET_OK && o->status != NONET_ERR_LIMIT) || o->res.solutions == 0) {
        /* the puzzle's source, for any error reported from here on */
        copy_source(o->err.source, sizeof o->err.source, nonet_puzzle_source(p));
        /* A solution proves that the givens break no rule, so the rule check
         * runs only without one, to say why; its error wins, as if it had
         * run first. */
        nonet_error rule = o->err;
        if (nonet_puzzle_check(p, &rule) != NONET_OK) {
            o->status = rule.code;
            o->err = rule;
            memset(&o->res, 0, sizeof o->res);
        }
    }
    o->seconds = timed ? cli_now() - t0 : -1;
    if (stats)
        cli_stats_count(stats, o->status != NONET_OK && o->status != NONET_ERR_LIMIT,
                        o->res.gave_up, o->res.solutions);
    if (o->status != NONET_OK && o->status != NONET_ERR_LIMIT) {
        cli_put_item_error(item, &o->err);
        item->exit_status = o->status == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        return;
    }
    item->exit_status = o->res.gave_up          ? EXIT_GAVE_UP
                        : o->res.solutions == 1 ? EXIT_OK
                                                : EXIT_NOT_UNIQUE;
}

void cli_outcome_free(cli_outcome *o)
{
    if (o->solutions != o->first) free(o->solutions);
    o->solutions = NULL;
}

/* Formats the record once when it fits the room the buffer has (the common
 * case: the buffer is reused item after item), else sizes it, grows the
 * buffer and formats it again. */
int cli_append_record(cli_text *t, nonet_format f, const nonet_record *rec)
{
    size_t room = t->cap > t->len ? t->cap - t->len : 0;
    size_t need = nonet_write_record(room ? t->s + t->len : NULL, room, f, rec);
    if (need < room) {
        t->len += need;
        return 0;
    }
    if (t->cap < t->len + need + 1) {
        char *grown = realloc(t->s, t->len + need + 1);
        if (!grown) return t->failed = -1;
        t->s = grown;
        t->cap = t->len + need + 1;
    }
    nonet_write_record(t->s + t->len, need + 1, f, rec);
    t->len += need;
    return 0;
}

void cli_outcome_write(const cli_outcome *o, nonet_format f, cli_item *item)
{
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = item->puzzle;
    rec.result = &o->res;
    rec.solutions = o->solutions;
    rec.nsolutions = o->stored;
    rec.seconds = o->seconds;
    if (o->status != NONET_OK && o->status != NONET_ERR_LIMIT) {
        rec.status = "invalid";
        rec.message = o->err.message;
    }
    cli_append_record(&item->out, f, &rec);
}

void cli_stats_print(const cli_stats *st)
{
    double t = cli_now() - st->started;
    unsigned long n = atomic_load(&st->read);
    fprintf(stderr,
            "nonet: %lu puzzles: %lu unique, %lu several, %lu none, %lu invalid, %lu gave up; "
            "%.3f s, %.0f puzzles/s\n",
            n, atomic_load(&st->unique), atomic_load(&st->several), atomic_load(&st->none),
            atomic_load(&st->invalid), atomic_load(&st->gave_up), t, t > 0 ? n / t : 0.0);
}

void cli_csv_header(void) { fputs("index,puzzle,status,count,solution,seconds,message\n", stdout); }
