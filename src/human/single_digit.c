/*
 * single_digit.c - HoDoKu's single-digit patterns made of two strong links
 * (extra techniques, not Sudoku Explainer's): skyscraper, 2-string kite and
 * turbot fish.
 *
 * A strong link is a house where digit d has exactly two places. Two of
 * them, a=b and c=e, whose ends b and c see each other (b-c, a weak link),
 * make the chain a=b-c=e: if a is not d then b is, so c is not, so e is.
 * Either a or e holds d, and d leaves every cell that sees both.
 * Named as HoDoKu names them: a skyscraper when both links are rows (or
 * both columns) joined in a column (a row); a 2-string kite when a row link
 * and a column link are joined in a box; a turbot fish for any other pair
 * (box links too). When a and e share a line the pattern is an X-Wing and
 * is left to the fish.
 *
 * SE finds these eliminations with its forcing X-chains (a 4-node chain
 * rates 6.6), which is the rating given here. The three rows share this
 * finder: the rows after the first have none of their own.
 */
#include "human/human.h"

#include "core/shape.h"

/* What the chain a=b-c=e is, as a row offset from the skyscraper row: 0
 * skyscraper, 1 2-string kite, 2 turbot fish; -1 when it is an X-Wing. */
static int classify(const nonet__hgeo *g, int h1, int h2, int a, int b, int c, int e)
{
    int n = g->n, k1 = g->kind[h1], k2 = g->kind[h2];
    int line = (k1 == NONET_HOUSE_ROW || k1 == NONET_HOUSE_COLUMN) &&
               (k2 == NONET_HOUSE_ROW || k2 == NONET_HOUSE_COLUMN);
    if (line && k1 == k2) {
        int across = k1 == NONET_HOUSE_ROW ? n : 1; /* rows: the ends share a column */
        int bc = across == n ? b % n == c % n : b / n == c / n;
        int ae = across == n ? a % n == e % n : a / n == e / n;
        if (ae) return -1;
        if (bc) return 0;
    }
    if (line && k1 != k2 && g->shape->region[b] == g->shape->region[c]) return 1;
    return 2;
}

/* Emits the chain a=b-c=e on digit d when it eliminates something. */
static int emit_chain(nonet__hctx *x, const nonet__htech *t, int h1, int h2, int a, int b, int c,
                      int e, int d)
{
    const nonet__hgeo *g = x->geo;
    int kind = classify(g, h1, h2, a, b, c, e);
    if (kind < 0) return 0;
    size_t nw = (size_t)g->nw;
    const uint64_t *pa = g->peer_bits + (size_t)a * nw, *pe = g->peer_bits + (size_t)e * nw;
    const uint64_t *dc = x->grid->dcells + (size_t)d * nw;
    int any = 0;
    for (size_t w = 0; w < nw && !any; w++) any = (pa[w] & pe[w] & dc[w]) != 0;
    if (!any) return 0;
    nonet__step_begin(x, t + kind);
    x->step->pub.digits = 1ull << d;
    nonet__step_base(x, h1);
    nonet__step_base(x, h2);
    int ids[4] = {a, b, c, e};
    for (int i = 0; i < 4; i++) {
        nonet__step_cell(x, ids[i]);
        nonet__step_node(x, ids[i], d, i == 0 || i == 2 ? 0 : 1, 0);
    }
    nonet__step_link(x, 0, 1, NONET_LINK_STRONG);
    nonet__step_link(x, 1, 2, NONET_LINK_WEAK);
    nonet__step_link(x, 2, 3, NONET_LINK_STRONG);
    for (size_t w = 0; w < nw; w++)
        for (uint64_t m = pa[w] & pe[w] & dc[w]; m; m &= m - 1) {
            int v = (int)(w * 64) + nonet__ctz(m);
            if (v != a && v != e) nonet__step_elim(x, v, d);
        }
    return nonet__hemit(x);
}

/* The two places of d in house h. */
static void ends(const nonet__hctx *x, int h, int d, int *p, int *q)
{
    uint64_t m = x->grid->pos[(size_t)h * (size_t)x->geo->n + (size_t)d];
    *p = x->geo->house[h * x->geo->n + nonet__ctz(m)];
    m &= m - 1;
    *q = x->geo->house[h * x->geo->n + nonet__ctz(m)];
}

/* Chains of the strong links in houses h1 and h2 (four ways to join them). */
static int pair(nonet__hctx *x, const nonet__htech *t, int h1, int h2, int d)
{
    int l1[2], l2[2];
    ends(x, h1, d, &l1[0], &l1[1]);
    ends(x, h2, d, &l2[0], &l2[1]);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int a = l1[1 - i], b = l1[i], c = l2[j], e = l2[1 - j];
            if (b == c || a == e || a == c || b == e || !nonet__sees(x->geo, b, c)) continue;
            if (emit_chain(x, t, h1, h2, a, b, c, e, d)) return 1;
        }
    return 0;
}

nonet__hfound nonet__find_x_chain4(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int *strong = x->scratch;
    if ((size_t)g->nhouses > x->scratch_ints) return NONET__HF_NONE;
    for (int d = 0; d < g->n; d++) {
        int ns = 0;
        for (int h = 0; h < g->nhouses; h++) {
            uint64_t m = x->grid->pos[(size_t)h * (size_t)g->n + (size_t)d];
            if (m && (m & (m - 1)) && !((m & (m - 1)) & ((m & (m - 1)) - 1))) strong[ns++] = h;
        }
        for (int i = 0; i < ns; i++)
            for (int j = i + 1; j < ns; j++)
                if (pair(x, t, strong[i], strong[j], d)) return NONET__HF_FOUND;
    }
    return NONET__HF_NONE;
}
