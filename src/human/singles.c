/*
 * singles.c - full houses, hidden singles and naked singles, in Sudoku
 * Explainer's order: houses as boxes, columns, rows (then the variants'
 * houses), digits ascending; naked singles row by row.
 *
 * SE rates a full house (the last empty cell of a house) 1.0, a hidden
 * single 1.2 in a box and 1.5 in a row or column, a naked single 2.3. A
 * jigsaw region or a hyper window counts as a box; a diagonal or any other
 * extra house as a line.
 */
#include "human/human.h"

/* Emits the placement of digit d in cell c found in house h (h < 0: none). */
static int emit_single(nonet__hctx *x, const nonet__htech *t, int h, int c, int d, int rating)
{
    nonet__step_begin(x, t);
    x->step->rating = rating;
    x->step->pub.digits = 1ull << d;
    if (h >= 0) nonet__step_base(x, h);
    nonet__step_cell(x, c);
    nonet__step_place(x, c, d);
    return nonet__hemit(x);
}

nonet__hfound nonet__find_full_house(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    const nonet__hgrid *s = x->grid;
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        uint64_t missing = g->full & ~s->placed[h];
        if (!missing || (missing & (missing - 1))) continue;
        int d = nonet__ctz(missing);
        uint64_t p = s->pos[(size_t)h * (size_t)g->n + (size_t)d];
        if (p && !(p & (p - 1)) &&
            emit_single(x, t, h, g->house[h * g->n + nonet__ctz(p)], d, t->rating))
            return NONET__HF_FOUND;
    }
    return NONET__HF_NONE;
}

nonet__hfound nonet__find_hidden_single(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    const nonet__hgrid *s = x->grid;
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        uint64_t open = g->full & ~s->placed[h];
        if (!(open & (open - 1))) continue; /* full house or filled: not hidden */
        const uint64_t *pos = s->pos + (size_t)h * (size_t)g->n;
        uint64_t single = 0; /* digits with one place: found without branching */
        for (int d = 0; d < g->n; d++) {
            uint64_t p = pos[d];
            single |= (uint64_t)(p != 0 && !(p & (p - 1))) << d;
        }
        for (; single; single &= single - 1) {
            int d = nonet__ctz(single);
            if (emit_single(x, t, h, g->house[h * g->n + nonet__ctz(pos[d])], d,
                            g->boxlike[h] ? t->rating : t->rating + 3))
                return NONET__HF_FOUND;
        }
    }
    return NONET__HF_NONE;
}

nonet__hfound nonet__find_naked_single(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgrid *s = x->grid;
    for (int c = 0; c < x->geo->ncells; c++) {
        uint64_t m = s->cand[c];
        if (m && !(m & (m - 1)) && emit_single(x, t, -1, c, nonet__ctz(m), t->rating))
            return NONET__HF_FOUND;
    }
    return NONET__HF_NONE;
}
