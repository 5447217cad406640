/*
 * wings.c - XY-Wing and XYZ-Wing (Sudoku Explainer's order and rules).
 *
 * A pivot with digits {x,y} (XYZ: {x,y,z}) sees two bivalue pincers
 * {x,z} and {y,z}: whichever digit the pivot takes, one pincer is z (XYZ:
 * or the pivot is), so z leaves every cell that sees both pincers (XYZ:
 * and the pivot). "Sees" is the shape's peer relation, so anti-knight and
 * anti-king links count. SE's order: pivots row by row, pincers in the
 * order of the pivot's peers (box, row, column). Ratings 4.2 and 4.4.
 * t->ask.how NONET__ASK_XYZ: XYZ-Wing.
 */
#include "human/human.h"

/* 1 when {xy, xz, yz} make an XY-Wing (xyz = 0) or XYZ-Wing pattern. */
static int wing_ok(uint64_t xy, uint64_t xz, uint64_t yz, int xyz)
{
    if (nonet__hcount(yz) != 2) return 0;
    uint64_t all = xy | xz | yz, common = xy & xz & yz;
    return nonet__hcount(all) == 3 && nonet__hcount(common) == (xyz ? 1 : 0);
}

/* Emits the wing (pivot a, pincers b and c); z = their common digit. */
static int wing_emit(nonet__hctx *x, const nonet__htech *t, int a, int b, int c, int xyz)
{
    const nonet__hgeo *geo = x->geo;
    const nonet__hgrid *s = x->grid;
    int z = nonet__ctz(s->cand[b] & s->cand[c]);
    size_t nw = (size_t)geo->nw;
    const uint64_t *pa = geo->peer_bits + (size_t)a * nw, *pb = geo->peer_bits + (size_t)b * nw;
    const uint64_t *pc = geo->peer_bits + (size_t)c * nw, *dz = s->dcells + (size_t)z * nw;
    nonet__step_begin(x, t);
    x->step->pub.digits = s->cand[a] | s->cand[b] | s->cand[c];
    nonet__step_cell(x, a);
    nonet__step_cell(x, b);
    nonet__step_cell(x, c);
    for (size_t w = 0; w < nw; w++) {
        uint64_t m = dz[w] & pb[w] & pc[w] & (xyz ? pa[w] : ~0ull);
        for (; m; m &= m - 1) {
            int v = (int)(w * 64) + nonet__ctz(m);
            if (v != a && v != b && v != c) nonet__step_elim(x, v, z);
        }
    }
    return nonet__hemit(x);
}

/* Wings with pivot a. */
static int wings_at(nonet__hctx *x, const nonet__htech *t, int a, int xyz)
{
    const nonet__hgeo *geo = x->geo;
    const nonet__hgrid *s = x->grid;
    uint64_t xy = s->cand[a];
    for (int i = geo->speer_at[a]; i < geo->speer_at[a + 1]; i++) {
        int b = geo->speer[i];
        uint64_t xz = s->cand[b];
        if (nonet__hcount(xz) != 2 || nonet__hcount(xy & ~xz) != 1) continue;
        for (int j = geo->speer_at[a]; j < geo->speer_at[a + 1]; j++) {
            int c = geo->speer[j];
            if (wing_ok(xy, xz, s->cand[c], xyz) && wing_emit(x, t, a, b, c, xyz)) return 1;
        }
    }
    return 0;
}

nonet__hfound nonet__find_xy_wing(nonet__hctx *x, const nonet__htech *t)
{
    int xyz = (t->ask.how & NONET__ASK_XYZ) != 0;
    for (int a = 0; a < x->geo->ncells; a++)
        if (nonet__hcount(x->grid->cand[a]) == 2 + xyz && wings_at(x, t, a, xyz))
            return NONET__HF_FOUND;
    return NONET__HF_NONE;
}

/* ------------------------------------------------------------------ */
/* W-Wing (extra, HoDoKu's)                                             */
/* ------------------------------------------------------------------ */

/* Emits the W-Wing of bivalue cells p and q ({x, y}, not seeing each
 * other) joined by the strong link on x in house h (places u and v, u
 * seeing p and v seeing q): p or q is y, so y leaves the cells seeing both. */
static int w_emit(nonet__hctx *x, const nonet__htech *t, int p, int q, int h, int u, int v, int dx)
{
    const nonet__hgeo *geo = x->geo;
    size_t nw = (size_t)geo->nw;
    int dy = nonet__ctz(x->grid->cand[p] & ~(1ull << dx));
    const uint64_t *pp = geo->peer_bits + (size_t)p * nw, *pq = geo->peer_bits + (size_t)q * nw;
    const uint64_t *dc = x->grid->dcells + (size_t)dy * nw;
    int any = 0;
    for (size_t w = 0; w < nw && !any; w++) any = (pp[w] & pq[w] & dc[w]) != 0;
    if (!any) return 0;
    nonet__step_begin(x, t);
    x->step->pub.digits = x->grid->cand[p];
    nonet__step_cell(x, p);
    nonet__step_cell(x, q);
    nonet__step_extra(x, u);
    nonet__step_extra(x, v);
    nonet__step_base(x, h);
    for (size_t w = 0; w < nw; w++)
        for (uint64_t m = pp[w] & pq[w] & dc[w]; m; m &= m - 1)
            nonet__step_elim(x, (int)(w * 64) + nonet__ctz(m), dy);
    return nonet__hemit(x);
}

/* W-Wings of p and q with the link digit dx. */
static int w_pair(nonet__hctx *x, const nonet__htech *t, int p, int q, int dx)
{
    const nonet__hgeo *geo = x->geo;
    for (int h = 0; h < geo->nhouses; h++) {
        uint64_t m = x->grid->pos[(size_t)h * (size_t)geo->n + (size_t)dx];
        if (!m || !(m & (m - 1)) || ((m & (m - 1)) & ((m & (m - 1)) - 1))) continue;
        int e0 = geo->house[h * geo->n + nonet__ctz(m)],
            e1 = geo->house[h * geo->n + nonet__ctz(m & (m - 1))];
        if (e0 == p || e0 == q || e1 == p || e1 == q) continue;
        for (int k = 0; k < 2; k++) {
            int a = k ? e1 : e0, b = k ? e0 : e1; /* a joins p, b joins q */
            if (nonet__sees(geo, a, p) && nonet__sees(geo, b, q) && w_emit(x, t, p, q, h, a, b, dx))
                return 1;
        }
    }
    return 0;
}

nonet__hfound nonet__find_w_wing(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *geo = x->geo;
    const nonet__hgrid *s = x->grid;
    for (int p = 0; p < geo->ncells; p++) {
        uint64_t m = s->cand[p];
        if (nonet__hcount(m) != 2) continue;
        for (int q = p + 1; q < geo->ncells; q++) {
            if (s->cand[q] != m || nonet__sees(geo, p, q)) continue;
            if (w_pair(x, t, p, q, nonet__ctz(m)) || w_pair(x, t, p, q, nonet__ctz(m & (m - 1))))
                return NONET__HF_FOUND;
        }
    }
    return NONET__HF_NONE;
}
