/*
 * solve_bitmask.c - the general engine: bit-mask candidates per cell,
 * constraint propagation, fewest-candidates-first branching.
 *
 * Each cell keeps a uint64_t mask of the digits it may still take, each
 * house a mask of the digits already placed in it. Placing a digit removes
 * it from every peer (and, under non-consecutive, its neighbours from the
 * orthogonal neighbours); a cell left with one candidate is queued (naked
 * single); a digit with one place left in a house is placed (hidden single,
 * found with the once/twice bit-slice over the house). When nothing more
 * follows, the search branches on the open cell with the fewest candidates.
 * Works for every shape and variant.
 *
 * Invariants between propagation steps: val[c] != 0 implies cand[c] is
 * exactly that digit's bit; placed[h] is the set of digits placed in h; every
 * change to cand[] or placed[] since the root is on the trail, so undoing to
 * a mark restores the state exactly. Memory comes from the workspace only.
 */
#include "bits.h"
#include "engine.h"
#include "shape.h"

#include <string.h>

typedef struct undo {
    int32_t at;       /* >= 0: cand[at]; < 0: placed[~at] */
    uint64_t old;     /* value before the change */
} undo;

typedef struct frame {
    int cell;         /* branch cell */
    int filled;       /* nfilled at the branch */
    size_t trail;     /* trail length at the branch */
    uint64_t rest;    /* digits not yet tried */
} frame;

typedef struct bm {
    const nonet_shape *s;
    uint64_t *cand;       /* ncells candidate masks */
    uint64_t *placed;     /* nhouses placed-digit masks */
    unsigned char *val;   /* ncells placed digits, 0 = open */
    int *filled;          /* cells placed, in order */
    int nfilled;
    int *queue;           /* cells found to have one candidate */
    int qlen;
    undo *trail;
    size_t ntrail;
    frame *stack;
} bm;

static inline void set_cand(bm *b, int c, uint64_t m)
{
    b->trail[b->ntrail].at = c;
    b->trail[b->ntrail++].old = b->cand[c];
    b->cand[c] = m;
}

/* Removes the digits `m` from cell c. Returns 0 when c is left empty. */
static inline int remove_digits(bm *b, int c, uint64_t m)
{
    uint64_t x = b->cand[c];
    if (!(x & m)) return 1;
    x &= ~m;
    set_cand(b, c, x);
    if (!x) return 0;
    if (!(x & (x - 1)) && !b->val[c]) b->queue[b->qlen++] = c;
    return 1;
}

/* Places digit d in cell c and removes it from c's peers. Returns 0 on a
 * contradiction. */
static int assign(bm *b, int c, int d)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << (d - 1);
    if (b->val[c]) return b->val[c] == d;
    if (!(b->cand[c] & bit)) return 0;
    if (b->cand[c] != bit) set_cand(b, c, bit);
    b->val[c] = (unsigned char)d;
    b->filled[b->nfilled++] = c;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        int h = s->cell_house[i];
        if (b->placed[h] & bit) return 0;
        b->trail[b->ntrail].at = ~h;
        b->trail[b->ntrail++].old = b->placed[h];
        b->placed[h] |= bit;
    }
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++)
        if (!remove_digits(b, s->peer[i], bit)) return 0;
    if (s->adj_at[c] != s->adj_at[c + 1]) {
        uint64_t near = (bit << 1 | bit >> 1) & s->full;
        for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++)
            if (!remove_digits(b, s->adj[i], near)) return 0;
    }
    return 1;
}

/* Places every queued naked single. Returns 0 on a contradiction. */
static int drain_queue(bm *b)
{
    while (b->qlen) {
        int c = b->queue[--b->qlen];
        if (b->val[c]) continue;
        if (!b->cand[c] || !assign(b, c, nonet__ctz(b->cand[c]) + 1)) return 0;
    }
    return 1;
}

/* One pass of hidden singles over every house. Returns -1 on a
 * contradiction, else the number of digits placed. */
static int hidden_singles(bm *b)
{
    const nonet_shape *s = b->s;
    int n = s->n, placed = 0;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)n;
        uint64_t once = 0, twice = 0;
        for (int i = 0; i < n; i++) {
            uint64_t m = b->cand[cells[i]];
            twice |= once & m;
            once |= m;
        }
        if (once != s->full) return -1;
        uint64_t hidden = once & ~twice & ~b->placed[h];
        while (hidden) {
            uint64_t bit = hidden & (~hidden + 1);
            hidden ^= bit;
            int i = 0;
            while (i < n && !(b->cand[cells[i]] & bit)) i++;
            if (i == n || !assign(b, cells[i], nonet__ctz(bit) + 1) || !drain_queue(b)) return -1;
            placed++;
        }
    }
    return placed;
}

/* Runs naked and hidden singles to a fixed point. Returns 0 on a contradiction. */
static int propagate(bm *b)
{
    for (;;) {
        if (!drain_queue(b)) return 0;
        int k = hidden_singles(b);
        if (k < 0) return 0;
        if (k == 0 && !b->qlen) return 1;
    }
}

/* Undoes every change after the given marks. */
static void undo_to(bm *b, size_t trail, int filled)
{
    while (b->ntrail > trail) {
        undo u = b->trail[--b->ntrail];
        if (u.at >= 0) b->cand[u.at] = u.old;
        else b->placed[~u.at] = u.old;
    }
    while (b->nfilled > filled) b->val[b->filled[--b->nfilled]] = 0;
    b->qlen = 0;
}

/* The open cell with the fewest candidates, or -1 when the grid is full. */
static int pick_cell(const bm *b)
{
    int best = -1, best_count = 65;
    for (int c = 0; c < b->s->ncells; c++) {
        if (b->val[c]) continue;
        int k = nonet__popcount(b->cand[c]);
        if (k < best_count) {
            best = c;
            best_count = k;
            if (k <= 2) break;
        }
    }
    return best;
}

/* Lays out the engine's arrays in the workspace. */
static int setup(bm *b, const nonet_shape *s, nonet__workspace *ws)
{
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    size_t trail_cap = nc * n + nh * n + nc;
    size_t bytes = nc * sizeof(uint64_t) + nh * sizeof(uint64_t) + trail_cap * sizeof(undo) +
                   (nc + 1) * sizeof(frame) + 2 * nc * sizeof(int) + nc;
    char *m = nonet__workspace_get(ws, bytes);
    if (!m) return 0;
    b->s = s;
    b->cand = (uint64_t *)m;
    b->placed = b->cand + nc;
    b->trail = (undo *)(b->placed + nh);
    b->stack = (frame *)(b->trail + trail_cap);
    b->filled = (int *)(b->stack + nc + 1);
    b->queue = b->filled + nc;
    b->val = (unsigned char *)(b->queue + nc);
    b->nfilled = b->qlen = 0;
    b->ntrail = 0;
    return 1;
}

/* Sets the starting candidates and places the givens. 0 on a contradiction. */
static int start(bm *b, const nonet__search *job)
{
    const nonet_shape *s = b->s;
    memset(b->placed, 0, (size_t)s->nhouses * sizeof *b->placed);
    memset(b->val, 0, (size_t)s->ncells);
    for (int c = 0; c < s->ncells; c++)
        b->cand[c] = job->cands && !job->givens[c] ? job->cands[c] & s->full : s->full;
    for (int c = 0; c < s->ncells; c++)
        if (job->givens[c] && !assign(b, c, job->givens[c])) return 0;
    b->qlen = 0;   /* the loop below queues every single once (the queue holds ncells) */
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        if (!m) return 0;
        if (!b->val[c] && !(m & (m - 1))) b->queue[b->qlen++] = c;
    }
    return propagate(b);
}

nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws)
{
    bm b;
    if (!setup(&b, job->shape, ws)) return NONET_ERR_NOMEM;
    nonet__tick(job);
    if (!start(&b, job)) return NONET_OK;
    int depth = 0;
    for (;;) {
        int c = pick_cell(&b);
        if (c < 0) {
            if (nonet__found(job, b.val)) return NONET_OK;
        } else {
            frame *f = &b.stack[depth++];
            f->cell = c;
            f->rest = b.cand[c];
            f->trail = b.ntrail;
            f->filled = b.nfilled;
        }
        /* Try the next digit of the innermost branch that has one left. */
        for (;;) {
            if (!depth) return NONET_OK;
            frame *f = &b.stack[depth - 1];
            undo_to(&b, f->trail, f->filled);
            if (!f->rest) {
                depth--;
                continue;
            }
            uint64_t bit = f->rest & (~f->rest + 1);
            f->rest ^= bit;
            job->guesses++;
            if (nonet__tick(job)) return NONET_OK;
            if (assign(&b, f->cell, nonet__ctz(bit) + 1) && propagate(&b)) break;
        }
    }
}
