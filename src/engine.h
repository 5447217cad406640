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

nonet_status nonet__solve_backtrack(nonet__search *job, nonet__workspace *ws);
nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws);
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
