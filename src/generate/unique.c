/*
 * unique.c - the uniqueness checks of the generator, run on the engines
 * directly (no nonet_puzzle is made for a check): the dedicated 9x9 engine
 * for the classic shape, the bitmask engine for every other; the removal
 * checks (gen_unique_without) on other 9x9 shapes run on jig9.c's solver,
 * which gives the same answers (counts do not depend on the search order).
 *
 * A carved puzzle always has a known solution, so "is it still unique once
 * cell c is emptied" is asked as "is there a solution with another digit in
 * c": one search that stops at the first solution, with c's candidates
 * lacking the known digit. Every search adds its nodes to the puzzle's count
 * and passes the caller's progress callback on, so --timeout reaches into
 * the longest search.
 */
#include "generate/generate.h"

#include "core/shape.h"
#include "engines/planes/planes.h"

#include <string.h>

/* What the solution callback keeps: the first two solutions. */
typedef struct keep2 {
    unsigned char *first, *second;
    int ncells, seen;
} keep2;

static int keep_two(void *ctx, const unsigned char *grid)
{
    keep2 *k = ctx;
    unsigned char *to = k->seen == 0 ? k->first : k->seen == 1 ? k->second : NULL;
    if (to) memcpy(to, grid, (size_t)k->ncells);
    k->seen++;
    return 0;
}

/* Forwards progress to the caller's callback, adding the nodes of earlier
 * searches; remembers that it asked to stop. */
static int forward_progress(void *ctx, unsigned long long nodes)
{
    gen_search *s = ctx;
    if (s->progress && s->progress(s->progress_ctx, s->nodes + nodes)) s->gave_up = 1;
    return s->gave_up;
}

/* Whether the planes engine takes the count: boxes without variants (its
 * shapes) with at least a fifth of the cells given. Below that both walk
 * the same tree and the bitmask engine's node is cheaper (solve.c's auto
 * makes the same choice); above, planes' hidden pairs cut the tree and its
 * node is cheaper too: on 16x16 minimal carving half the instructions. */
static int dense_boxes(const nonet_shape *shape, const unsigned char *givens)
{
    if (shape->classic9 || !nonet__planes_supports(shape)) return 0;
    int k = 0;
    for (int c = 0; c < shape->ncells; c++) k += givens[c] != 0;
    return k * 5 >= shape->ncells;
}

/* gen_count with an engine: the dedicated 9x9 engine for the classic
 * shape (which takes progress every 65536 nodes), the planes engine for
 * dense boxed grids, the bitmask engine for any other (every 1024). */
static int count_engine(gen_search *search, const nonet_shape *shape, const unsigned char *givens,
                        const uint64_t *cands, int limit, unsigned long long max_nodes, keep2 *keep)
{
    nonet_status (*engine)(nonet__search *, nonet__workspace *) = nonet__solve_bitmask;
    nonet__search job;
    memset(&job, 0, sizeof job);
    job.shape = shape;
    job.givens = givens;
    job.cands = cands;
    job.limit = (unsigned long long)limit;
    job.max_nodes = max_nodes;
    job.on_solution = keep->second ? keep_two : NULL;
    job.solution_ctx = keep;
    job.first = keep->second ? NULL : keep->first;
    job.progress = search->progress ? forward_progress : NULL;
    job.progress_ctx = search;
    job.tick_mask = 1023;
    if (dense_boxes(shape, givens)) engine = nonet__solve_planes;
#ifdef NONET_HAVE_FAST9
    if (shape->classic9) {
        engine = nonet__solve_fast;
        job.tick_mask = 0xffff;
    }
#endif
    nonet_status st = engine(&job, &search->ws);
    search->nodes += job.nodes;
    search->guesses = job.guesses;
    if (st) return -3;
    if (search->gave_up) return -2;
    if (job.stop == 2) return -1;
    return (int)job.solutions;
}

/* Asks the caller's progress callback between searches, every 1024 nodes
 * or so: a long run of small searches (none reaching an engine's own
 * progress tick) still notices a timeout. */
static void between_searches(gen_search *search)
{
    if (!search->progress || search->nodes - search->asked < 1024) return;
    search->asked = search->nodes;
    if (search->progress(search->progress_ctx, search->nodes)) search->gave_up = 1;
}

int gen_count(gen_search *search, const nonet_shape *shape, const unsigned char *givens,
              const uint64_t *cands, int limit, unsigned long long max_nodes, unsigned char *first,
              unsigned char *second)
{
    keep2 keep = {first, second, shape->ncells, 0};
    between_searches(search);
    if (search->gave_up) return -2;
    return count_engine(search, shape, givens, cands, limit, max_nodes, &keep);
}

/* One emptied cell: is there a solution with another digit in it? */
static int unique_without_one(gen_search *search, const nonet_shape *shape,
                              const unsigned char *givens, const unsigned char *solution, int cell)
{
    uint64_t cands[NONET_MAX_CELLS];
    for (int c = 0; c < shape->ncells; c++) cands[c] = shape->full;
    cands[cell] = shape->full & ~(1ull << (solution[cell] - 1));
    int n = gen_count(search, shape, givens, cands, 1, 0, NULL, NULL);
    return n < 0 ? n : n == 0;
}

/* gen_unique_without on jig9.c's solver (gen_jig9_fits), givens emptied. */
static int unique_jig9(gen_search *search, const nonet_shape *shape, const unsigned char *givens,
                       const unsigned char *solution, const int *cells, int k)
{
    between_searches(search);
    if (search->gave_up) return -2;
    int n = k == 1
                ? gen_jig9_count(search, shape, givens, solution, cells[0], solution[cells[0]], 1)
                : gen_jig9_count(search, shape, givens, solution, -1, 0, 2);
    return n < 0 ? n : k == 1 ? n == 0 : n == 1;
}

int gen_unique_without(gen_search *search, const nonet_shape *shape, unsigned char *givens,
                       const unsigned char *solution, const int *cells, int k)
{
    for (int i = 0; i < k; i++) givens[cells[i]] = 0;
    int r;
    if (gen_jig9_fits(shape)) {
        r = unique_jig9(search, shape, givens, solution, cells, k);
    } else if (k == 1) {
        r = unique_without_one(search, shape, givens, solution, cells[0]);
    } else {
        r = gen_count(search, shape, givens, NULL, 2, 0, NULL, NULL);
        if (r >= 0) r = r == 1;
    }
    for (int i = 0; i < k; i++) givens[cells[i]] = solution[cells[i]];
    return r;
}
