/*
 * constrained.c - the bitmask engine's search for puzzles with constraints
 * (killer cages, thermometers, dots, lines: src/constraints/). Each level of
 * the search keeps its own copy of the candidate masks; a node propagates to
 * a fixpoint (a settled cell's digit leaves its peers, and its neighbours'
 * consecutive digits under non-consecutive; hidden singles in every house;
 * then every constraint's propagator, and again while anything changes),
 * then branches on the open cell with the fewest candidates. Puzzles without
 * constraints never come here (nonet__solve_bitmask tests one pointer).
 *
 * Invariant: done[c] is 1 once cell c's single digit has been removed from
 * its peers; a full grid that reaches a leaf has every cell single and done,
 * so it keeps every house and link, and it is checked against every
 * constraint before it counts (a weak propagator cannot let a wrong grid
 * through).
 */
#include "engines/bitmask/bitmask.h"

#include "constraints/constraints.h"

#include <string.h>

typedef struct cs {
    const nonet_shape *s;
    const nonet__cons_ctx *ctx;
    int nc;
    uint64_t *cand;      /* (nc + 1) levels of nc masks */
    unsigned char *done; /* (nc + 1) levels of nc flags */
    unsigned char *grid; /* nc: the leaf's digits */
    unsigned *weight;    /* nc: failures met branching on each cell */
    uint64_t *snap[2];   /* nc each: the masks as two passes of the constraints began */
} cs;

static int single(uint64_t m) { return m && !(m & (m - 1)); }

/* Removes each newly settled cell's digit from its peers (and, under
 * non-consecutive, its neighbours' digits one off). Returns -1 on a
 * contradiction, 1 when something changed, else 0. */
static int spread_singles(const cs *x, uint64_t *cand, unsigned char *done)
{
    const nonet_shape *s = x->s;
    int changed = 0;
    for (int again = 1; again;) {
        again = 0;
        for (int c = 0; c < x->nc; c++) {
            if (done[c] || !single(cand[c])) continue;
            uint64_t d = cand[c], near = (d << 1 | d >> 1) & s->full;
            done[c] = 1;
            for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) {
                int p = s->peer[i];
                if (!(cand[p] & d)) continue;
                if (!(cand[p] &= ~d)) return -1;
                again = changed = 1;
            }
            for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
                int p = s->adj[i];
                if (!(cand[p] & near)) continue;
                if (!(cand[p] &= ~near)) return -1;
                again = changed = 1;
            }
        }
    }
    return changed;
}

/* Hidden singles in every house; -1 when a digit has no place in one. */
static int hidden_singles(const cs *x, uint64_t *cand)
{
    const nonet_shape *s = x->s;
    int changed = 0;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)s->n;
        uint64_t once = 0, twice = 0;
        for (int i = 0; i < s->n; i++) {
            twice |= once & cand[cells[i]];
            once |= cand[cells[i]];
        }
        if (once != s->full) return -1;
        for (uint64_t m = once & ~twice; m; m &= m - 1) {
            uint64_t bit = m & (~m + 1);
            for (int i = 0; i < s->n; i++) {
                int c = cells[i];
                if (!(cand[c] & bit) || cand[c] == bit) continue;
                cand[c] = bit;
                changed = 1;
            }
        }
    }
    return changed;
}

/* The node's fixpoint. `last` is NULL (run every constraint) or a state
 * the constraints had reached their fixpoint in (the parent's masks): the
 * constraints whose cells kept their masks since are skipped (see
 * nonet__cons_propagate_all), and after a pass, since the start of the
 * pass before. Returns 0 on a contradiction. */
static int propagate(const cs *x, uint64_t *cand, unsigned char *done, const uint64_t *last)
{
    const size_t bytes = (size_t)x->nc * sizeof *cand;
    for (int turn = 0;;) {
        int r = spread_singles(x, cand, done);
        if (r < 0) return 0;
        if ((r = hidden_singles(x, cand)) < 0) return 0;
        if (r) continue;
        uint64_t *start = x->snap[turn];
        memcpy(start, cand, bytes);
        if ((r = nonet__cons_propagate_all(x->ctx, cand, last)) < 0) return 0;
        if (!r) return 1;
        last = start;
        turn ^= 1;
    }
}

/* The open cell with the highest failures-to-candidates ratio (failures
 * counted from 1), the fewest candidates among equals; -1 when every cell is
 * single. */
static int pick(const cs *x, const uint64_t *cand)
{
    int best = -1, bk = 1;
    unsigned bw = 0;
    for (int c = 0; c < x->nc; c++) {
        int k = nonet__bm_popcount(cand[c]);
        if (k < 2) continue;
        unsigned w = x->weight[c] + 1;
        /* w / k > bw / bk, or equal with fewer candidates */
        uint64_t l = (uint64_t)w * (unsigned)bk, r = (uint64_t)bw * (unsigned)k;
        if (best < 0 || l > r || (l == r && k < bk)) {
            best = c;
            bk = k;
            bw = w;
        }
    }
    return best;
}

/* Searches below the node at `depth` (already propagated). Branching is
 * binary: the picked cell takes its lowest digit one level down; once that
 * branch is done (failed, or searched whole), the digit leaves the cell at
 * this level, which propagates again before the next pick (the refuted
 * digit often settles more than the cell itself). Returns 1 when the search
 * must stop. */
static int search(cs *x, nonet__search *job, int depth)
{
    const size_t nc = (size_t)x->nc;
    uint64_t *cand = x->cand + (size_t)depth * nc;
    unsigned char *done = x->done + (size_t)depth * nc;
    if (nonet__tick(job)) return 1;
    for (;;) {
        int c = pick(x, cand);
        if (c < 0) {
            for (size_t i = 0; i < nc; i++) x->grid[i] = (unsigned char)(nonet__ctz(cand[i]) + 1);
            return nonet__cons_check_all(x->ctx, x->grid) < 0 && nonet__found(job, x->grid);
        }
        uint64_t bit = cand[c] & (~cand[c] + 1);
        uint64_t *next = cand + nc;
        unsigned char *next_done = done + nc;
        memcpy(next, cand, nc * sizeof *next);
        memcpy(next_done, done, nc);
        next[c] = bit;
        job->guesses++;
        if (!propagate(x, next, next_done, cand)) x->weight[c]++;
        else if (search(x, job, depth + 1)) return 1;
        /* every solution with that digit there has been met: refute it
         * (next keeps this node's fixpoint meanwhile) */
        memcpy(next, cand, nc * sizeof *next);
        cand[c] &= ~bit;
        if (!propagate(x, cand, done, next)) return 0;
    }
}

nonet_status nonet__solve_constrained(nonet__search *job, nonet__workspace *ws)
{
    const nonet_shape *s = job->shape;
    const size_t nc = (size_t)s->ncells, levels = nc + 1;
    char *mem = nonet__workspace_get(ws, (levels + 2) * nc * (sizeof(uint64_t) + 1) +
                                             nc * (sizeof(unsigned) + 1));
    if (!mem) return NONET_ERR_NOMEM;
    cs x = {s, job->cons, s->ncells, (uint64_t *)mem, NULL, NULL, NULL, {NULL, NULL}};
    x.snap[0] = x.cand + levels * nc;
    x.snap[1] = x.snap[0] + nc;
    x.weight = (unsigned *)(x.snap[1] + nc);
    x.done = (unsigned char *)(x.weight + nc);
    x.grid = x.done + levels * nc;
    for (size_t c = 0; c < nc; c++) {
        int g = job->givens[c];
        x.cand[c] = g ? 1ull << (g - 1) : job->cands ? job->cands[c] & s->full : s->full;
        x.done[c] = 0;
        x.weight[c] = 0;
    }
    for (size_t c = 0; c < nc; c++)
        if (!x.cand[c]) return NONET_OK;
    if (propagate(&x, x.cand, x.done, NULL)) search(&x, job, 0);
    else nonet__tick(job);
    return NONET_OK;
}
