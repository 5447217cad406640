/*
 * engine.h - what every search engine receives and reports.
 *
 * solve.c fills a nonet__search from the public options and calls one engine
 * from its table. An engine must: honour givens and candidate masks; count
 * solutions through nonet__found (bookkeeping.c: applies the limit and the
 * callback); count nodes through nonet__tick (applies max_nodes and the
 * progress callback), or keep the same accounts itself; give 0 solutions,
 * not fail, when the givens contradict each other; take working memory only
 * from the workspace; and leave `solutions`, `nodes`, `guesses` and `stop`
 * set when it returns.
 */
#ifndef NONET_ENGINE_H
#define NONET_ENGINE_H

#include "nonet.h"

typedef struct nonet__workspace {
    void *mem;   /* one block reused by every run */
    size_t size; /* its size in bytes */
} nonet__workspace;

typedef struct nonet__search {
    const nonet_shape *shape;
    const unsigned char *givens;  /* ncells, 0 = empty */
    const uint64_t *cands;        /* NULL or ncells masks */
    unsigned long long limit;     /* 0 = no limit */
    unsigned long long max_nodes; /* 0 = no bound */
    nonet_solution_fn on_solution;
    void *solution_ctx;
    nonet_progress_fn progress;
    void *progress_ctx;
    unsigned char *first;               /* NULL or receives the first solution */
    unsigned long long solutions;       /* out: found */
    unsigned long long nodes;           /* out: nodes entered */
    unsigned long long guesses;         /* out: trial assignments */
    int stop;                           /* out: 1 limit or callback stop, 2 gave up */
    unsigned long long tick_mask;       /* progress runs when (nodes & tick_mask) == 0:
                                          2^k - 1, smaller for larger shapes */
    nonet_simd simd;                    /* cap on the SIMD level (fast, planes); 0 = BEST */
    const struct nonet__cons_ctx *cons; /* NULL, or the puzzle's constraints (only the
                                           bitmask engine takes them) */
} nonet__search;

/* The highest level rank (engines/fast/levels.h: 0 scalar, 1 SSE, 2 AVX2,
 * 3 AVX-512) that the cap `simd` allows; BEST (and anything out of range)
 * allows them all. */
static inline int nonet__simd_rank(nonet_simd simd)
{
    switch (simd) {
    case NONET_SIMD_SCALAR: return 0;
    case NONET_SIMD_SSE41: return 1;
    case NONET_SIMD_AVX2: return 2;
    case NONET_SIMD_BEST:
    case NONET_SIMD_AVX512: break;
    }
    return 3;
}

/* Returns `bytes` of zeroed-or-not scratch memory from ws, growing it when
 * needed; NULL when out of memory. Earlier pointers from ws become invalid. */
void *nonet__workspace_get(nonet__workspace *ws, size_t bytes);

/* Records a solution; returns 1 when the search must stop now. */
int nonet__found(nonet__search *job, const unsigned char *grid);

/* The rare part of nonet__tick: bounds and the progress callback. */
int nonet__tick_slow(nonet__search *job);

/* Counts one node; returns 1 when the search must give up now. */
static inline int nonet__tick(nonet__search *job)
{
    job->nodes++;
    if ((job->nodes & job->tick_mask) == 0 || (job->max_nodes && job->nodes > job->max_nodes))
        return nonet__tick_slow(job);
    return 0;
}

nonet_status nonet__solve_backtrack(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_dlx(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_fast(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_planes(nonet__search *job, nonet__workspace *ws);
/* The bitmask engine's search for puzzles with constraints (job->cons set). */
nonet_status nonet__solve_constrained(nonet__search *job, nonet__workspace *ws);

/* 1 when opt holds a known engine and SIMD cap (else the public calls
 * return NONET_ERR_ARG). */
int nonet__options_ok(const nonet_options *opt);

/* nonet_solver_run on the classic 9x9 givens `cells` (81, 0 = empty) without
 * a puzzle object, for a caller that solves many (nonet_solve_lines): the
 * solver keeps the classic shape, made on the first call. opt must be
 * valid (a known engine and SIMD cap); err must not be NULL. Fills res;
 * returns NONET_OK (a search that gave up included: res->gave_up tells),
 * NONET_ERR_UNSUPPORTED (an engine that cannot solve a 9x9 grid) or
 * NONET_ERR_NOMEM, with err set. */
nonet_status nonet__solve_classic9(nonet_solver *s, const unsigned char *cells,
                                   const nonet_options *opt, unsigned char *first,
                                   nonet_result *res, nonet_error *err);

#endif
