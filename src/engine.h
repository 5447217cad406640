/*
 * engine.h - what every search engine receives and reports.
 *
 * solve.c fills a nonet__search from the public options and calls one engine.
 * An engine must: honour givens and candidate masks; count solutions through
 * nonet__found (which applies the limit and the callback); count nodes through
 * nonet__tick (which applies max_nodes and the progress callback); give 0
 * solutions, not fail, when the givens contradict each other; take working
 * memory only from the workspace.
 */
#ifndef NONET_ENGINE_H
#define NONET_ENGINE_H

#include "nonet.h"

typedef struct nonet__workspace {
    void *mem;        /* one block reused by every run */
    size_t size;      /* its size in bytes */
} nonet__workspace;

typedef struct nonet__search {
    const nonet_shape *shape;
    const unsigned char *givens;       /* ncells, 0 = empty */
    const uint64_t *cands;             /* NULL or ncells masks */
    unsigned long long limit;          /* 0 = no limit */
    unsigned long long max_nodes;      /* 0 = no bound */
    nonet_solution_fn on_solution;
    void *solution_ctx;
    nonet_progress_fn progress;
    void *progress_ctx;
    unsigned char *first;              /* NULL or receives the first solution */
    unsigned long long solutions;      /* out: found */
    unsigned long long nodes;          /* out: nodes entered */
    unsigned long long guesses;        /* out: trial assignments */
    int stop;                          /* out: 1 limit or callback stop, 2 gave up */
    unsigned long long tick_mask;      /* progress runs when (nodes & tick_mask) == 0:
                                          2^k - 1, smaller for larger shapes */
} nonet__search;

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

/* The weight of an open peer in a tie between two cells with the fewest
 * candidates (the bitmask and planes engines): peers with few candidates
 * left weigh most (1024 / count^2, 0 above 32), and four times that when they
 * share a digit with the cell, since choosing the cell may then settle them.
 * (Exactly four times: the planes engine sums the two parts apart.) */
static inline int nonet__tie_weight(int count, int shares)
{
    static const unsigned short w[33] = {0, 1024, 256, 113, 64, 40, 28, 20, 16, 12, 10, 8, 7,
                                         6, 5, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1,
                                         1, 1, 1, 1, 1, 1};
    return count > 32 ? 0 : w[count] << (shares ? 2 : 0);
}

/* Restarts, shared by the bitmask and planes engines so that both walk the
 * same tree. A near-empty big grid has solutions everywhere, but a search
 * that goes wrong early can spend an exponential time under a choice that
 * had none; restarting with another order gets out. So on a sparse grid
 * (side 16 or more, under a fifth of the cells placed at the root) the first
 * run, in the usual order, gets a budget of guesses; while no solution has
 * been found, a run that spends its budget is dropped and the next run
 * starts from the root with a larger budget, ties going to the first cell
 * and each branch trying its digits in a seeded order. Solutions are only
 * ever found in one run (a run that has found one is never dropped), and
 * budgets grow without bound, so some run ends by itself: counts, limits
 * and "no solution" stay exact. Nodes and guesses count every run. */
#ifndef NONET_RESTART_UNIT
#define NONET_RESTART_UNIT 4
#endif
typedef struct nonet__restarts {
    int on;                    /* the grid is sparse: restarts are allowed */
    unsigned run;              /* 0: the usual order; 1, 2, ...: seeded orders */
    unsigned long long used;   /* guesses of this run */
    unsigned long long budget; /* guesses this run may make while nothing is found */
} nonet__restarts;

/* Sets r for a grid of side n with `placed` of its ncells placed at the
 * root fixpoint. */
static inline void nonet__restarts_init(nonet__restarts *r, int n, int ncells, int placed)
{
    r->on = n >= 16 && placed * 5 < ncells;
    r->run = 0;
    r->used = 0;
    r->budget = (unsigned long long)ncells;
}

/* Counts one guess; returns 1 when the run must be dropped now (restarts
 * on, nothing found yet, budget spent), having moved r to the next run. */
static inline int nonet__restart_due(nonet__restarts *r, const nonet__search *job, int ncells)
{
    if (!r->on || job->solutions || ++r->used <= r->budget) return 0;
    r->run++;
    r->used = 0;
    /* Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... of budgets (optimal
     * within a constant factor when nothing is known of the runs). */
    unsigned long long x = r->run - 1, size = 1, factor = 1;
    while (size < x + 1) size = 2 * size + 1, factor <<= 1;
    while (size - 1 != x) {
        size = (size - 1) >> 1;
        factor >>= 1;
        x %= size;
    }
    r->budget = (unsigned long long)ncells * factor * NONET_RESTART_UNIT / 4;
    return 1;
}

/* In a seeded run, the position (0..left-1, among the digits of `cell` not
 * yet tried, lowest first) of the digit to try next. */
static inline int nonet__restart_pick(unsigned run, int cell, int left)
{
    uint64_t z = (uint64_t)run * 0x9E3779B97F4A7C15ull + (uint64_t)cell * 0xD1B54A32D192ED03ull +
                 (uint64_t)left;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (int)((z ^ (z >> 31)) % (uint64_t)left);
}

nonet_status nonet__solve_backtrack(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws);
/* The bitmask engine with its scanning (counting 0) or counting (1)
 * propagator, whichever the grid (both walk the same tree; for tests). */
nonet_status nonet__solve_bitmask_with(nonet__search *job, nonet__workspace *ws, int counting);
nonet_status nonet__solve_dlx(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_fast(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_planes(nonet__search *job, nonet__workspace *ws);

/* Whether the planes engine handles the shape: boxes (not a jigsaw map),
 * side up to 32, no variant and no extra group. */
int nonet__planes_supports(const nonet_shape *shape);
/* The planes engine's best code path on this CPU: 0 portable, 2 AVX2, 3
 * AVX-512; and the engine run on at most the given path (for tests and
 * benchmarks; every path gives the same results). */
int nonet__planes_level(void);
nonet_status nonet__solve_planes_at(nonet__search *job, nonet__workspace *ws, int level);

#endif
