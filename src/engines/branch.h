/*
 * branch.h - what the bitmask and planes engines share so that both branch
 * alike (on near-empty grids, where planes leaves out its hidden pairs, both
 * walk the same search tree): the tie-break weight between cells with the
 * fewest candidates, and the restarts of a search on a sparse grid. Header only
 * (inline functions, no state): each run keeps its nonet__restarts.
 */
#ifndef NONET_ENGINES_BRANCH_H
#define NONET_ENGINES_BRANCH_H

#include "engines/engine.h"

/* The weight of an open peer in a tie between two cells with the fewest
 * candidates (the bitmask and planes engines): peers with few candidates
 * left weigh most (1024 / count^2, 0 above 32), and four times that when they
 * share a digit with the cell, since choosing the cell may then settle them.
 * (Exactly four times: the planes engine sums the two parts apart.) */
static inline int nonet__tie_weight(int count, int shares)
{
    /* clang-format off */
    static const unsigned short w[33] = {0, 1024, 256, 113, 64, 40, 28, 20, 16, 12, 10, 8, 7,
                                         6, 5, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1,
                                         1, 1, 1, 1, 1, 1};
    /* clang-format on */
    return count > 32 ? 0 : w[count] << (shares ? 2 : 0);
}

/* Restarts, shared by the bitmask and planes engines so that both walk the
 * same tree. A near-empty big grid has solutions everywhere, but a search
 * that goes wrong early can spend an exponential time under a choice that
 * had none; restarting with another order gets out. So on a sparse grid
 * (side 16 or more, under a fifth of the cells placed at the root) the first
 * run, in the usual order, gets a budget of retries (a branch's second and
 * later choices: the guesses that undo a failure; a run with no failure
 * needs nearly a guess a cell, so guesses measured size, not trouble);
 * while no solution has been found, a run that spends its budget is dropped
 * and the next run starts from the root with a larger budget, ties going to
 * the first cell and each branch trying its digits in a seeded order. On a
 * sparse grid a cell branch also tries first the digits with the fewest
 * places summed over the cell's houses (the most constrained: a digit that
 * still fits in few places must go somewhere soon; this cut the restarts
 * of bench_sparse's 64x64 grids tenfold), the seeded order then picking
 * among those. Solutions are only ever found in one run (a run that has
 * found one is never dropped), and budgets grow without bound, so some run
 * ends by itself: counts, limits and "no solution" stay exact. Nodes and
 * guesses count every run. NONET_RESTART_UNIT: retries per cell of a side
 * in the first run's budget. */
#ifndef NONET_RESTART_UNIT
#define NONET_RESTART_UNIT 4
#endif
typedef struct nonet__restarts {
    int on;                    /* the grid is sparse: restarts are allowed */
    unsigned run;              /* 0: the usual order; 1, 2, ...: seeded orders */
    unsigned long long used;   /* retries of this run */
    unsigned long long budget; /* retries this run may make while nothing is found */
    unsigned long long unit;   /* the first run's budget: n * NONET_RESTART_UNIT */
} nonet__restarts;

/* Sets r for a grid of side n with `placed` of its ncells placed at the
 * root fixpoint. */
static inline void nonet__restarts_init(nonet__restarts *r, int n, int ncells, int placed)
{
    r->on = n >= 16 && placed * 5 < ncells;
    r->run = 0;
    r->used = 0;
    r->unit = (unsigned long long)n * NONET_RESTART_UNIT;
    r->budget = r->unit;
}

/* Called before each guess; `retry` is 1 when the branch has had a choice
 * before (a retry, counted). Returns 1 when the run must be dropped now
 * (restarts on, nothing found yet, budget spent), having moved r to the
 * next run. */
static inline int nonet__restart_due(nonet__restarts *r, const nonet__search *job, int retry)
{
    if (!r->on || job->solutions || !retry || ++r->used <= r->budget) return 0;
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
    r->budget = r->unit * factor;
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

#endif
