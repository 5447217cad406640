/*
 * solve.c - the public solving calls: options, the reusable workspace, the
 * engine table and its choice (auto), the names of the SIMD caps and the
 * paths they give, and turning a search's accounts into
 * a nonet_result. The bookkeeping the engines report through is bookkeeping.c.
 */
#include "engines/engine.h"

#include "constraints/constraints.h"
#include "core/assert.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#ifdef NONET_HAVE_FAST9
#include "engines/fast/fast.h"
#endif
#include "engines/planes/planes.h"

#include <stdlib.h>
#include <string.h>

struct nonet_solver {
    nonet__workspace ws;   /* scratch memory shared by the engines */
    nonet_shape *classic9; /* nonet_solve_lines' shape, made on its first call */
};

#ifdef NONET_HAVE_FAST9
static const int engines_have_fast = 1;
#else
static const int engines_have_fast = 0;
#endif

static const char *const engine_names[NONET_ENGINE_COUNT] = {
    "auto", "backtrack", "bitmask", "dlx", "fast", "planes",
};

const char *nonet_engine_name(nonet_engine e)
{
    return (unsigned)e < NONET_ENGINE_COUNT ? engine_names[e] : NULL;
}

int nonet_engine_from_name(const char *name)
{
    for (int i = 0; name && i < NONET_ENGINE_COUNT; i++)
        if (strcmp(name, engine_names[i]) == 0) return i;
    return -1;
}

static const char *const simd_names[NONET_SIMD_COUNT] = {
    "best", "scalar", "sse4.1", "avx2", "avx512",
};

const char *nonet_simd_name(nonet_simd simd)
{
    return (unsigned)simd < NONET_SIMD_COUNT ? simd_names[simd] : NULL;
}

int nonet_simd_from_name(const char *name)
{
    for (int i = 0; name && i < NONET_SIMD_COUNT; i++)
        if (strcmp(name, simd_names[i]) == 0) return i;
    return -1;
}

const char *nonet_engine_path_capped(nonet_engine e, nonet_simd simd)
{
    if ((unsigned)e >= NONET_ENGINE_COUNT || (unsigned)simd >= NONET_SIMD_COUNT) return NULL;
    if (e == NONET_ENGINE_PLANES) return nonet__planes_level_name(nonet__planes_level_for(simd));
    if (e != NONET_ENGINE_FAST && e != NONET_ENGINE_AUTO) return "portable";
#ifdef NONET_HAVE_FAST9
    return nonet__fast_level_name(nonet__fast_level_for(simd));
#else
    return e == NONET_ENGINE_AUTO ? "portable" : NULL;
#endif
}

const char *nonet_engine_path(nonet_engine e)
{
    return nonet_engine_path_capped(e, NONET_SIMD_BEST);
}

int nonet_engine_supports(nonet_engine e, const nonet_shape *shape)
{
    switch (e) {
    case NONET_ENGINE_AUTO:
    case NONET_ENGINE_BACKTRACK:
    case NONET_ENGINE_BITMASK:
    case NONET_ENGINE_DLX: return 1;
    case NONET_ENGINE_FAST: return shape->classic9 && engines_have_fast;
    case NONET_ENGINE_PLANES: return nonet__planes_supports(shape);
    }
    return 0;
}

/* The engine AUTO stands for: the fastest one that supports the puzzle, at
 * every SIMD cap the same one, so that a puzzle with several solutions gets
 * the same ones on every machine. On boxed grids planes adds hidden pairs
 * to bitmask's rules (36% fewer guesses at 16x16, 58% fewer at 25x25 on
 * bench/data's sets) and measured faster at its SIMD levels and even at its
 * portable one (14% fewer instructions than bitmask at 16x16, 3% more at
 * 25x25); on near-empty grids (under a fifth of the cells given)
 * both walk the same tree, a node places about one cell and bitmask's
 * counting propagator costs 4 to 5 times less a node. */
static nonet_engine resolve_auto(const nonet_shape *shape, const unsigned char *cells)
{
    if (shape->classic9 && engines_have_fast) return NONET_ENGINE_FAST;
    if (!nonet__planes_supports(shape)) return NONET_ENGINE_BITMASK;
    int givens = 0;
    for (int c = 0; c < shape->ncells; c++) givens += cells[c] != 0;
    return givens * 5 < shape->ncells ? NONET_ENGINE_BITMASK : NONET_ENGINE_PLANES;
}

void nonet_options_init(nonet_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->engine = NONET_ENGINE_AUTO;
    opt->limit = 2;
    opt->simd = NONET_SIMD_BEST;
}

/* Nodes between progress calls: 65536 on a 9x9 grid, fewer as a node's work
 * grows with the grid (about 5.3 million cell visits apart), so a caller's
 * timeout is noticed within a fraction of a second on any shape. */
static unsigned long long tick_mask_for(const nonet_shape *shape)
{
    unsigned long long every = 65536ull * 81 / (unsigned long long)shape->ncells, mask = 1;
    while (mask * 2 <= every && mask < 65536) mask *= 2;
    return mask - 1;
}

nonet_solver *nonet_solver_new(void) { return calloc(1, sizeof(nonet_solver)); }

void nonet_solver_free(nonet_solver *s)
{
    if (!s) return;
    free(s->ws.mem);
    nonet_shape_free(s->classic9);
    free(s);
}

#ifdef NONET_HAVE_FAST9
#define FAST_ENGINE nonet__solve_fast
#else
#define FAST_ENGINE NULL
#endif

typedef nonet_status (*engine_fn)(nonet__search *, nonet__workspace *);

static const engine_fn engines[NONET_ENGINE_COUNT] = {
    NULL, /* auto: resolved to one of the others first */
    nonet__solve_backtrack,
    nonet__solve_bitmask,
    nonet__solve_dlx,
    FAST_ENGINE,
    nonet__solve_planes,
};

/* Whether a given lies outside its own candidate mask: the engines ignore a
 * given's mask, but such a puzzle has no solution (nonet_puzzle_check and
 * nonet_puzzle_verify reject it), so it is not searched. */
static int given_outside_candidates(const nonet_puzzle *p)
{
    for (int c = 0; p->cands && c < p->shape->ncells; c++)
        if (p->cells[c] && !(p->cands[c] >> (p->cells[c] - 1) & 1)) return 1;
    return 0;
}

int nonet__options_ok(const nonet_options *opt)
{
    return (unsigned)opt->engine < NONET_ENGINE_COUNT && (unsigned)opt->simd < NONET_SIMD_COUNT;
}

/* The engine opt asks for on `shape`, AUTO resolved for the givens `cells`:
 * sets *e and returns its search, or NULL with err set (NONET_ERR_UNSUPPORTED
 * at `line`) when that engine cannot solve the shape (or is not built). */
static engine_fn engine_for(const nonet_options *opt, const nonet_shape *shape,
                            const unsigned char *cells, long line, nonet_engine *e,
                            nonet_error *err)
{
    *e = opt->engine == NONET_ENGINE_AUTO ? resolve_auto(shape, cells) : opt->engine;
    /* (engines[e] is NULL only for AUTO, resolved above, and for FAST when not
     * built, which supports nothing) */
    if (nonet_engine_supports(*e, shape) && engines[*e]) return engines[*e];
    nonet__fail(
        err, NONET_ERR_UNSUPPORTED, line, 0, "the %s engine solves only %s", nonet_engine_name(*e),
        *e == NONET_ENGINE_PLANES ? "boxed grids up to 32x32 without variants or extra groups"
                                  : "the classic 9x9 puzzle");
    return NULL;
}

/* A search job for the givens `cells` of `shape` under opt, the first
 * solution to `solution` (may be NULL). */
static nonet__search job_for(const nonet_shape *shape, const unsigned char *cells,
                             const uint64_t *cands, const nonet_options *opt,
                             unsigned char *solution)
{
    nonet__search job = {0};
    job.shape = shape;
    job.givens = cells;
    job.cands = cands;
    job.limit = opt->limit;
    job.max_nodes = opt->max_nodes;
    job.on_solution = opt->on_solution;
    job.solution_ctx = opt->solution_ctx;
    job.progress = opt->progress;
    job.progress_ctx = opt->progress_ctx;
    job.first = solution;
    job.tick_mask = tick_mask_for(shape);
    job.simd = opt->simd;
    return job;
}

/* The counts of a finished job: `st` is what the engine returned. */
static void result_of(const nonet__search *job, nonet_status st, nonet_engine e, nonet_result *res)
{
    res->solutions = job->solutions;
    res->nodes = job->nodes;
    res->guesses = job->guesses;
    res->complete = st == NONET_OK && job->stop == 0;
    res->gave_up = job->stop == 2;
    res->engine = e;
}

/* nonet_solver_run for a puzzle with constraints: only the bitmask engine
 * (and auto, which picks it) takes them; the others decline. */
static nonet_status run_constrained(nonet_solver *s, const nonet_puzzle *p,
                                    const nonet_options *opt, unsigned char *solution,
                                    nonet_result *res, nonet_error *err)
{
    if (opt->engine != NONET_ENGINE_AUTO && opt->engine != NONET_ENGINE_BITMASK)
        return nonet__fail(err, NONET_ERR_UNSUPPORTED, p->line, 0,
                           "the %s engine does not solve puzzles with constraints "
                           "(cages, lines, dots...): use bitmask or auto",
                           nonet_engine_name(opt->engine));
    nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
    if (!ctx) return nonet__fail(err, NONET_ERR_NOMEM, p->line, 0, "out of memory");
    nonet__search job = job_for(p->shape, p->cells, p->cands, opt, solution);
    job.cons = ctx;
    nonet_status st = given_outside_candidates(p) ? NONET_OK : nonet__solve_bitmask(&job, &s->ws);
    nonet__cons_ctx_free(ctx);
    if (res) result_of(&job, st, NONET_ENGINE_BITMASK, res);
    if (st) return nonet__fail(err, st, p->line, 0, "out of memory while solving");
    if (job.stop == 2)
        return nonet__fail(err, NONET_ERR_LIMIT, p->line, 0, "gave up after %llu nodes", job.nodes);
    return NONET_OK;
}

/* The search of nonet_solver_run on givens `cells` (and candidate masks
 * `cands`, NULL when none) of `shape` without constraints; `skip` (a given
 * outside its mask) answers no solution without searching. Errors carry
 * `line`. */
static nonet_status run_cells(nonet_solver *s, const nonet_shape *shape, const unsigned char *cells,
                              const uint64_t *cands, int skip, long line, const nonet_options *opt,
                              unsigned char *solution, nonet_result *res, nonet_error *err)
{
    nonet_engine e;
    engine_fn run = engine_for(opt, shape, cells, line, &e, err);
    if (!run) return NONET_ERR_UNSUPPORTED;
    nonet__search job = job_for(shape, cells, cands, opt, solution);
    nonet_status st = skip ? NONET_OK : run(&job, &s->ws);
    if (res) result_of(&job, st, e, res);
    if (st) return nonet__fail(err, st, line, 0, "out of memory while solving");
    if (job.stop == 2)
        return nonet__fail(err, NONET_ERR_LIMIT, line, 0, "gave up after %llu nodes", job.nodes);
    return NONET_OK;
}

nonet_status nonet_solver_run(nonet_solver *s, const nonet_puzzle *p, const nonet_options *opt,
                              unsigned char *solution, nonet_result *res, nonet_error *err)
{
    nonet_options defaults;
    if (!opt) {
        nonet_options_init(&defaults);
        opt = &defaults;
    }
    if (!s || !p || !nonet__options_ok(opt))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad solver, puzzle, engine or SIMD cap");
    NONET_ASSERT(nonet__puzzle_ok(p));
    if (p->ncons) return run_constrained(s, p, opt, solution, res, err);
    return run_cells(s, p->shape, p->cells, p->cands, given_outside_candidates(p), p->line, opt,
                     solution, res, err);
}

/* 1 when every one of the count values is at most n: a maximum without an
 * early exit, which the compiler turns into vector code (an OR of tests it
 * leaves scalar: 300 instructions on 81 cells, 3% of a 17-clue solve). */
static int cells_in_range(const unsigned char *cells, int count, int n)
{
    unsigned char top = 0;
    for (int i = 0; i < count; i++) top = cells[i] > top ? cells[i] : top;
    return top <= n;
}

nonet_status nonet_solver_run_cells(nonet_solver *s, const nonet_shape *shape,
                                    const unsigned char *cells, const nonet_options *opt,
                                    unsigned char *solution, nonet_result *res, nonet_error *err)
{
    nonet_options defaults;
    if (!opt) {
        nonet_options_init(&defaults);
        opt = &defaults;
    }
    if (!s || !shape || !cells || !nonet__options_ok(opt))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "bad solver, shape, cells, engine or SIMD cap");
    if (!cells_in_range(cells, shape->ncells, shape->n)) {
        int i = 0;
        while (cells[i] <= shape->n) i++;
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d holds %d, outside 0..%d", i, cells[i],
                           shape->n);
    }
    return run_cells(s, shape, cells, NULL, 0, 0, opt, solution, res, err);
}

nonet_status nonet__solve_classic9(nonet_solver *s, const unsigned char *cells,
                                   const nonet_options *opt, unsigned char *first,
                                   nonet_result *res, nonet_error *err)
{
    if (!s->classic9 && !(s->classic9 = nonet_shape_new_classic(9, err))) return err->code;
    nonet_engine e;
    engine_fn run = engine_for(opt, s->classic9, cells, 0, &e, err);
    if (!run) return NONET_ERR_UNSUPPORTED;
    nonet__search job = job_for(s->classic9, cells, NULL, opt, first);
    nonet_status st = run(&job, &s->ws);
    result_of(&job, st, e, res);
    if (st) return nonet__fail(err, st, 0, 0, "out of memory while solving");
    return NONET_OK;
}

nonet_status nonet_solve(const nonet_puzzle *p, const nonet_options *opt, unsigned char *solution,
                         nonet_result *res, nonet_error *err)
{
    nonet_solver *s = nonet_solver_new();
    if (!s) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    nonet_status st = nonet_solver_run(s, p, opt, solution, res, err);
    nonet_solver_free(s);
    return st;
}
