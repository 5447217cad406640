/*
 * solve.c - the public solving calls: options, the reusable workspace, engine
 * choice, and the bookkeeping every engine shares (limit, callbacks, bounds).
 */
#include "engine.h"

#include "error.h"
#include "puzzle.h"
#include "shape.h"
#ifdef NONET_HAVE_FAST9
#include "solve_fast.h"
#endif

#include <stdlib.h>
#include <string.h>

struct nonet_solver {
    nonet__workspace ws;   /* scratch memory shared by the engines */
};

#ifdef NONET_HAVE_FAST9
static const int engines_have_fast = 1;
#else
static const int engines_have_fast = 0;
#endif

static const char *const engine_names[NONET_ENGINE_COUNT] = {"auto", "backtrack", "bitmask",
                                                             "dlx", "fast", "planes"};

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

const char *nonet_engine_path(nonet_engine e)
{
    static const char *const fast_paths[] = {"scalar", "sse4.1", "avx2", "avx512"};
    if ((unsigned)e >= NONET_ENGINE_COUNT) return NULL;
    static const char *const planes_paths[] = {"portable", "portable", "avx2", "avx512"};
    if (e == NONET_ENGINE_PLANES) return planes_paths[nonet__planes_level()];
    if (e != NONET_ENGINE_FAST && e != NONET_ENGINE_AUTO) return "portable";
#ifdef NONET_HAVE_FAST9
    return fast_paths[nonet__fast9_simd_level()];
#else
    (void)fast_paths;
    return e == NONET_ENGINE_AUTO ? "portable" : NULL;
#endif
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

/* The engine AUTO stands for: the fastest one that supports the puzzle.
 * planes and bitmask walk the same tree; planes measured faster where it
 * runs a SIMD path, except on near-empty grids (under a fifth of the cells
 * given), where a node places about one cell and bitmask's counting
 * propagator costs 4 to 5 times less a node, and its portable build measured
 * slower than bitmask on 25x25. */
static nonet_engine resolve_auto(const nonet_puzzle *p)
{
    const nonet_shape *shape = p->shape;
    if (shape->classic9 && engines_have_fast) return NONET_ENGINE_FAST;
    if (!nonet__planes_supports(shape) || nonet__planes_level() < 2) return NONET_ENGINE_BITMASK;
    int givens = 0;
    for (int c = 0; c < shape->ncells; c++) givens += p->cells[c] != 0;
    return givens * 5 < shape->ncells ? NONET_ENGINE_BITMASK : NONET_ENGINE_PLANES;
}

void nonet_options_init(nonet_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->engine = NONET_ENGINE_AUTO;
    opt->limit = 2;
}

void *nonet__workspace_get(nonet__workspace *ws, size_t bytes)
{
    if (bytes > ws->size) {
        free(ws->mem);
        ws->mem = malloc(bytes);
        ws->size = ws->mem ? bytes : 0;
    }
    return ws->mem;
}

int nonet__found(nonet__search *job, const unsigned char *grid)
{
    if (job->solutions == 0 && job->first)
        memcpy(job->first, grid, (size_t)job->shape->ncells);
    job->solutions++;
    if (job->on_solution && job->on_solution(job->solution_ctx, grid)) {
        job->stop = 1;
        return 1;
    }
    if (job->limit && job->solutions >= job->limit) {
        job->stop = 1;
        return 1;
    }
    return 0;
}

int nonet__tick_slow(nonet__search *job)
{
    if (job->max_nodes && job->nodes > job->max_nodes) {
        job->stop = 2;
        return 1;
    }
    if (job->progress && (job->nodes & job->tick_mask) == 0 &&
        job->progress(job->progress_ctx, job->nodes)) {
        job->stop = 2;
        return 1;
    }
    return 0;
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
    free(s);
}

#ifdef NONET_HAVE_FAST9
/* Forwards the fast engine's progress calls to the public callback. */
static int fast_progress(void *ctx, uint64_t nodes)
{
    const nonet__search *job = ctx;
    return job->progress(job->progress_ctx, nodes);
}

/* Runs the dedicated 9x9 engine on a classic job. */
nonet_status nonet__solve_fast(nonet__search *job, nonet__workspace *ws)
{
    uint16_t cands[81];
    nonet__fast_job f = {0};
    (void)ws;
    f.givens = job->givens;
    if (job->cands) {
        for (int c = 0; c < 81; c++) cands[c] = (uint16_t)(job->cands[c] & 0x1FF);
        f.cands = cands;
    }
    f.limit = job->limit;
    f.max_nodes = job->max_nodes;
    f.on_solution = job->on_solution;
    f.solution_ctx = job->solution_ctx;
    f.progress = job->progress ? fast_progress : NULL;
    f.progress_ctx = job;
    f.solution = job->first;
    nonet__fast9_solve(&f);
    job->solutions = f.solutions;
    job->nodes = f.nodes;
    job->guesses = f.guesses;
    job->stop = f.aborted ? 2 : (job->limit && f.solutions >= job->limit) ? 1 : 0;
    return NONET_OK;
}
#define FAST_ENGINE nonet__solve_fast
#else
#define FAST_ENGINE NULL
#endif

typedef nonet_status (*engine_fn)(nonet__search *, nonet__workspace *);

static const engine_fn engines[NONET_ENGINE_COUNT] = {
    NULL, nonet__solve_backtrack, nonet__solve_bitmask, nonet__solve_dlx, FAST_ENGINE,
    nonet__solve_planes};

/* Whether a given lies outside its own candidate mask: the engines ignore a
 * given's mask, but such a puzzle has no solution (nonet_puzzle_check and
 * nonet_puzzle_verify reject it), so it is not searched. */
static int given_outside_candidates(const nonet_puzzle *p)
{
    for (int c = 0; p->cands && c < p->shape->ncells; c++)
        if (p->cells[c] && !(p->cands[c] >> (p->cells[c] - 1) & 1)) return 1;
    return 0;
}

nonet_status nonet_solver_run(nonet_solver *s, const nonet_puzzle *p, const nonet_options *opt,
                              unsigned char *solution, nonet_result *res, nonet_error *err)
{
    nonet_options defaults;
    if (!opt) {
        nonet_options_init(&defaults);
        opt = &defaults;
    }
    if (!s || !p || (unsigned)opt->engine >= NONET_ENGINE_COUNT)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad solver, puzzle or engine");
    const nonet_shape *shape = p->shape;
    nonet_engine e = opt->engine == NONET_ENGINE_AUTO ? resolve_auto(p) : opt->engine;
    if (!nonet_engine_supports(e, shape))
        return nonet__fail(err, NONET_ERR_UNSUPPORTED, p->line, 0, "the %s engine solves only %s",
                           nonet_engine_name(e),
                           e == NONET_ENGINE_PLANES
                               ? "boxed grids up to 32x32 without variants or extra groups"
                               : "the classic 9x9 puzzle");
    nonet__search job = {0};
    job.shape = shape;
    job.givens = p->cells;
    job.cands = p->cands;
    job.limit = opt->limit;
    job.max_nodes = opt->max_nodes;
    job.on_solution = opt->on_solution;
    job.solution_ctx = opt->solution_ctx;
    job.progress = opt->progress;
    job.progress_ctx = opt->progress_ctx;
    job.first = solution;
    job.tick_mask = tick_mask_for(shape);
    nonet_status st = given_outside_candidates(p) ? NONET_OK : engines[e](&job, &s->ws);
    if (res) {
        res->solutions = job.solutions;
        res->nodes = job.nodes;
        res->guesses = job.guesses;
        res->complete = st == NONET_OK && job.stop == 0;
        res->gave_up = job.stop == 2;
        res->engine = e;
    }
    if (st) return nonet__fail(err, st, p->line, 0, "out of memory while solving");
    if (job.stop == 2)
        return nonet__fail(err, NONET_ERR_LIMIT, p->line, 0, "gave up after %llu nodes",
                           job.nodes);
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
