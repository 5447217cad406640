/*
 * intersections.c - locked candidates: pointing (a digit of a box confined
 * to one line) and claiming (a digit of a line confined to one box), and
 * Sudoku Explainer's "direct" forms, which show only the hidden single the
 * elimination would reveal and place it.
 *
 * The pairs of houses come from the shape (nonet__hgeo.lock, SE's order
 * for rows, columns and boxes; the variants' houses after them), so a
 * diagonal or a hyper window locks a digit too. Ratings (SE): direct
 * pointing 1.7, direct claiming 1.9, pointing 2.6, claiming 2.8.
 *
 * t->ask.how: NONET__ASK_DIRECT, NONET__ASK_CLAIMING (pairs whose first house
 * is a line).
 */
#include "human/human.h"

#include <string.h>

/* Builds the pattern of digit d of house h1 locked in house h2. */
static void begin_lock(nonet__hctx *x, const nonet__htech *t, int h1, int h2, int d)
{
    const nonet__hgeo *g = x->geo;
    nonet__step_begin(x, t);
    x->step->pub.digits = 1ull << d;
    nonet__step_base(x, h1);
    nonet__step_cover(x, h2);
    for (uint64_t p = x->grid->pos[(size_t)h1 * (size_t)g->n + (size_t)d]; p; p &= p - 1)
        nonet__step_cell(x, g->house[h1 * g->n + nonet__ctz(p)]);
}

/* Direct mode: for each house h3 of h1's kind crossing h2 where d would be
 * left with one place once removed from h2, emits that placement. */
static int direct_singles(nonet__hctx *x, const nonet__htech *t, int k, int d)
{
    const nonet__hgeo *g = x->geo;
    size_t nh = (size_t)g->nhouses;
    int h1 = g->lock[2 * k], h2 = g->lock[2 * k + 1];
    for (int j = g->d3_at[k]; j < g->d3_at[k + 1]; j++) {
        int h3 = g->d3[j];
        /* the places of d in h3 that go: those in h2 but not in h1 (h1 and
         * h3 may share a cell, as the two diagonals do) */
        uint64_t across =
            g->inter[(size_t)h3 * nh + (size_t)h2] & ~g->inter[(size_t)h3 * nh + (size_t)h1];
        uint64_t p3 = x->grid->pos[(size_t)h3 * (size_t)g->n + (size_t)d];
        uint64_t left = p3 & ~across;
        if (!(p3 & (p3 - 1)) || !left || (left & (left - 1))) continue;
        begin_lock(x, t, h1, h2, d);
        int c = g->house[h3 * g->n + nonet__ctz(left)];
        nonet__step_extra(x, c);
        nonet__step_place(x, c, d);
        if (nonet__hemit(x)) return 1;
    }
    return 0;
}

/* Normal mode: emits the removal of d from h2 outside h1. */
static int lock_elims(nonet__hctx *x, const nonet__htech *t, int h1, int h2, int d)
{
    const nonet__hgeo *g = x->geo;
    uint64_t out = x->grid->pos[(size_t)h2 * (size_t)g->n + (size_t)d] &
                   ~g->inter[(size_t)h2 * (size_t)g->nhouses + (size_t)h1];
    if (!out) return 0;
    begin_lock(x, t, h1, h2, d);
    for (; out; out &= out - 1) nonet__step_elim(x, g->house[h2 * g->n + nonet__ctz(out)], d);
    return nonet__hemit(x);
}

const uint64_t *nonet__locks(nonet__hctx *x)
{
    nonet__hcache *c = x->cache;
    if (c->valid && c->grid == x->grid && c->version == x->grid->version) return c->lockd;
    const nonet__hgeo *g = x->geo;
    memset(c->lockd, 0, (size_t)g->nlock * sizeof *c->lockd);
    for (int h = 0; h < g->nhouses; h++) {
        const uint64_t *pos = x->grid->pos + (size_t)h * (size_t)g->n;
        for (int d = 0; d < g->n; d++) {
            uint64_t p = pos[d];
            if (!(p & (p - 1))) continue;
            size_t at = (size_t)h * (size_t)g->n + (size_t)nonet__ctz(p);
            for (int j = g->lk_at[at]; j < g->lk_at[at + 1]; j++) {
                int k = g->lk[j];
                uint64_t in2 =
                    g->inter[(size_t)h * (size_t)g->nhouses + (size_t)g->lock[2 * k + 1]];
                if (!(p & ~in2)) c->lockd[k] |= 1ull << d;
            }
        }
    }
    c->grid = x->grid;
    c->version = x->grid->version;
    c->valid = 1;
    return c->lockd;
}

nonet__hfound nonet__find_locked(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int direct = (t->ask.how & NONET__ASK_DIRECT) != 0;
    int claiming = (t->ask.how & NONET__ASK_CLAIMING) != 0;
    int from = claiming ? g->nlock_point : 0, to = claiming ? g->nlock : g->nlock_point;
    const uint64_t *lockd = nonet__locks(x);
    for (int k = from; k < to; k++) {
        int h1 = g->lock[2 * k], h2 = g->lock[2 * k + 1];
        for (uint64_t m = lockd[k]; m; m &= m - 1) {
            int d = nonet__ctz(m);
            if (direct ? direct_singles(x, t, k, d) : lock_elims(x, t, h1, h2, d))
                return NONET__HF_FOUND;
        }
    }
    return NONET__HF_NONE;
}
