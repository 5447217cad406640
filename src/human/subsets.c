/*
 * subsets.c - naked and hidden pairs, triples and quads, and Sudoku
 * Explainer's direct hidden pair and triple (a hidden subset shown only by
 * the hidden single it reveals in the same house, which it places).
 *
 * SE's rules, kept so that its choice of step is ours: houses are searched
 * boxes, columns, rows; a naked set of k cells only in a house with at
 * least 2k empty cells, a hidden set only with more than 2k (direct: more
 * than k); every member (cell or digit) has at least two candidates or
 * places. Tuples are tried in the numeric order of their bit masks.
 * Ratings: naked 3.0 / 3.6 / 5.0, hidden 3.4 / 4.0 / 5.4, direct hidden
 * pair 2.0, triple 2.5. t->ask.degree: k; t->ask.how NONET__ASK_DIRECT: the direct form.
 */
#include "human/human.h"

/* Emits the naked set of cells idx[0..k-1] (positions in h) on digits `u`. */
static int naked_emit(nonet__hctx *x, const nonet__htech *t, int h, const int *pos, int k,
                      uint64_t u)
{
    const nonet__hgeo *g = x->geo;
    const int *hc = g->house + h * g->n;
    uint64_t inside = 0;
    nonet__step_begin(x, t);
    x->step->pub.digits = u;
    nonet__step_base(x, h);
    for (int i = 0; i < k; i++) {
        nonet__step_cell(x, hc[pos[i]]);
        inside |= 1ull << pos[i];
    }
    for (int i = 0; i < g->n; i++)
        if (!(inside >> i & 1) && !x->grid->value[hc[i]]) nonet__step_elim_mask(x, hc[i], u);
    return nonet__hemit(x);
}

/* Naked sets of k cells in house h. */
static int naked_in(nonet__hctx *x, const nonet__htech *t, int h, int k)
{
    const nonet__hgeo *g = x->geo;
    const int *hc = g->house + h * g->n;
    int elig[NONET_MAX_SIZE], m = 0, idx[4], pos[4];
    for (int i = 0; i < g->n; i++) {
        uint64_t c = x->grid->cand[hc[i]];
        if ((c & (c - 1)) && nonet__at_most(c, k)) elig[m++] = i;
    }
    for (int ok = nonet__comb_first(idx, k, m); ok; ok = nonet__comb_next(idx, k, m)) {
        uint64_t u = 0;
        for (int i = 0; i < k; i++) {
            pos[i] = elig[idx[i]];
            u |= x->grid->cand[hc[pos[i]]];
        }
        if (nonet__hcount(u) == k && naked_emit(x, t, h, pos, k, u)) return 1;
    }
    return 0;
}

nonet__hfound nonet__find_naked_set(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int k = t->ask.degree;
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        if (nonet__house_empty(x->grid, g, h) >= 2 * k && naked_in(x, t, h, k))
            return NONET__HF_FOUND;
    }
    return NONET__HF_NONE;
}

/* Builds the pattern of hidden digits `u` on positions `where` of house h. */
static void hidden_begin(nonet__hctx *x, const nonet__htech *t, int h, uint64_t u, uint64_t where)
{
    const nonet__hgeo *g = x->geo;
    nonet__step_begin(x, t);
    x->step->pub.digits = u;
    nonet__step_base(x, h);
    for (uint64_t w = where; w; w &= w - 1) nonet__step_cell(x, g->house[h * g->n + nonet__ctz(w)]);
}

/* Direct form: the first digit outside u left with one place in h once the
 * hidden set's cells lose their other digits; emits its placement. */
static int hidden_direct(nonet__hctx *x, const nonet__htech *t, int h, uint64_t u, uint64_t where)
{
    const nonet__hgeo *g = x->geo;
    const uint64_t *pos = x->grid->pos + (size_t)h * (size_t)g->n;
    for (int d = 0; d < g->n; d++) {
        uint64_t p = pos[d], left = p & ~where;
        if ((u >> d & 1) || !(p & (p - 1)) || !left || (left & (left - 1))) continue;
        hidden_begin(x, t, h, u, where);
        int c = g->house[h * g->n + nonet__ctz(left)];
        nonet__step_extra(x, c);
        nonet__step_place(x, c, d);
        return nonet__hemit(x);
    }
    return 0;
}

/* Hidden sets of k digits in house h. */
static int hidden_in(nonet__hctx *x, const nonet__htech *t, int h, int k, int direct)
{
    const nonet__hgeo *g = x->geo;
    const uint64_t *pos = x->grid->pos + (size_t)h * (size_t)g->n;
    int elig[NONET_MAX_SIZE] = {0}, m = 0, idx[4] = {0};
    for (int d = 0; d < g->n; d++) {
        uint64_t p = pos[d];
        if ((p & (p - 1)) && nonet__at_most(p, k)) elig[m++] = d;
    }
    for (int ok = nonet__comb_first(idx, k, m); ok; ok = nonet__comb_next(idx, k, m)) {
        uint64_t where = 0, u = 0;
        for (int i = 0; i < k; i++) {
            where |= pos[elig[idx[i]]];
            u |= 1ull << elig[idx[i]];
        }
        if (!nonet__at_most(where, k) || nonet__at_most(where, k - 1)) continue;
        if (direct) {
            if (hidden_direct(x, t, h, u, where)) return 1;
            continue;
        }
        hidden_begin(x, t, h, u, where);
        for (uint64_t w = where; w; w &= w - 1)
            nonet__step_elim_mask(x, g->house[h * g->n + nonet__ctz(w)], ~u);
        if (nonet__hemit(x)) return 1;
    }
    return 0;
}

nonet__hfound nonet__find_hidden_set(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int k = t->ask.degree, direct = (t->ask.how & NONET__ASK_DIRECT) != 0;
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        int empty = nonet__house_empty(x->grid, g, h);
        if ((empty > 2 * k || (direct && empty > k)) && hidden_in(x, t, h, k, direct))
            return NONET__HF_FOUND;
    }
    return NONET__HF_NONE;
}
