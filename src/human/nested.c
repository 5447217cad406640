/*
 * nested.c - what a nested level of dynamic forcing chains (SE's "+"
 * levels) does when its propagation runs dry: it runs a fixed list of
 * rules on the reduced grid and goes on with what the first rule that
 * yields a usable hint removes (SE's getAdvancedPotentials).
 *
 *   level 1  pointing/claiming, hidden pair, naked pair, X-Wing
 *   level 2  + producer 21 chains (cycles, forcing X- and XY-chains)
 *   level 3  + producer 21 chains, static cell and region forcing chains
 *   level 4  level 1's list + dynamic forcing chains
 *   level 5  level 1's list + dynamic forcing chains + level 2 ones
 *
 * A hint is usable when it relies on candidates the propagation removed
 * (its rule parents: for a locked digit, its places gone from the first
 * house outside the second; for a fish, from the base lines outside the
 * cover lines; for a hidden pair, the pair's digits gone from the house's
 * other cells; for a naked pair, the pair cells' other digits; for a
 * chain, what made each of its "on" nodes single). Each removal becomes an
 * "off" node whose parents are those candidates' "off" nodes; a nested
 * chain is remembered with it, its complexity counted once per hint that
 * relies on it. The rules scan in SE's order; removals within one hint go
 * in cell order.
 */
#include "human/chains.h"

#include "core/grow.h"

#include <stdlib.h>
#include <string.h>

/* One dry point of a search in frame `depth`. */
typedef struct nctx {
    nonet__chainer *ch;
    nonet__cframe *f;
    const nonet__hgeo *g;
    const nonet__hgrid *s; /* the search's source */
    const nonet__hgrid *w; /* the reduced grid */
    int depth, level, n;
    int *tail; /* end of the frame's "off" queue */
    int added;
} nctx;

/* Adds "off" node for candidate cand (unless known) with parents the "off"
 * records of candidates par[0..npar) and nested chain `nest`. */
static int add_off(nctx *z, int cand, const int *par, int npar, int nest)
{
    nonet__cframe *f = z->f;
    if (nonet__cf_get(f, cand * 2) >= 0) return 0;
    if (nonet__cf_room(f, 1, npar)) return -1;
    int r = nonet__cf_add(f, cand * 2, NONET__CAUSE_ADV);
    for (int i = 0; i < npar; i++) {
        int p = nonet__cf_get(f, par[i] * 2);
        if (p >= 0) nonet__cf_parent(f, r, p);
    }
    f->rec[r].nest = nest;
    nonet__cf_put(f, r);
    f->queues.off[(*z->tail)++] = r;
    z->added++;
    return 0;
}

/* Adds the removal of digit d from the cells of house h at positions m. */
static int add_house_offs(nctx *z, int h, int d, uint64_t m, const int *par, int npar)
{
    for (; m; m &= m - 1)
        if (add_off(z, z->g->house[h * z->n + nonet__ctz(m)] * z->n + d, par, npar, -1)) return -1;
    return 0;
}

/* Candidates (digit d at positions m of house h) as rule parents. */
static int house_cands(const nctx *z, int h, int d, uint64_t m, int *par, int k)
{
    for (; m; m &= m - 1) par[k++] = z->g->house[h * z->n + nonet__ctz(m)] * z->n + d;
    return k;
}

/* ------------------------------------------------------------------ */
/* Level 1 rules                                                        */
/* ------------------------------------------------------------------ */

/* Pointing and claiming: digit d of h1 confined to h2 (two places or more).
 * Only digits with places of h1 gone can count (gone != 0): their mask is
 * computed once for each run of pairs with the same h1 (the table lists
 * pairs by h1). */
static int rule_locking(nctx *z)
{
    const nonet__hgeo *g = z->g;
    size_t nh = (size_t)g->nhouses, n = (size_t)z->n;
    int par[NONET_MAX_SIZE], last = -1;
    uint64_t chg = 0;
    for (int k = 0; k < g->nlock; k++) {
        int h1 = g->lock[2 * k], h2 = g->lock[2 * k + 1];
        if (nonet__cspend(z->ch, (unsigned long long)z->n)) return -1;
        if (h1 != last) {
            last = h1;
            chg = 0;
            for (int d = 0; d < z->n; d++)
                if (z->s->pos[(size_t)h1 * n + (size_t)d] & ~z->w->pos[(size_t)h1 * n + (size_t)d])
                    chg |= 1ull << d;
        }
        uint64_t in12 = g->inter[(size_t)h1 * nh + (size_t)h2],
                 in21 = g->inter[(size_t)h2 * nh + (size_t)h1];
        for (uint64_t dm = chg; dm; dm &= dm - 1) {
            int d = nonet__ctz(dm);
            uint64_t p1 = z->w->pos[(size_t)h1 * n + (size_t)d];
            uint64_t gone = z->s->pos[(size_t)h1 * n + (size_t)d] & ~p1 & ~in12;
            if (!gone || !(p1 & (p1 - 1)) || (p1 & ~in12)) continue;
            uint64_t e = z->w->pos[(size_t)h2 * n + (size_t)d] & ~in21;
            if (!e) continue;
            int np = house_cands(z, h1, d, gone, par, 0);
            if (add_house_offs(z, h2, d, e, par, np)) return -1;
        }
    }
    return 0;
}

/* Hidden pairs (houses with five empty cells or more). */
static int rule_hidden_pair(nctx *z)
{
    const nonet__hgeo *g = z->g;
    size_t n = (size_t)z->n;
    int par[2 * NONET_MAX_SIZE];
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        if (nonet__cspend(z->ch, (unsigned long long)z->n * (unsigned long long)z->n)) return -1;
        if (nonet__house_empty(z->w, g, h) <= 4) continue;
        const uint64_t *pw = z->w->pos + (size_t)h * n, *ps = z->s->pos + (size_t)h * n;
        for (int d2 = 1; d2 < z->n; d2++) {
            if (nonet__at_most(pw[d2], 1)) continue;
            for (int d1 = 0; d1 < d2; d1++) {
                uint64_t u = pw[d1] | pw[d2], pair = (1ull << d1) | (1ull << d2);
                if (nonet__at_most(pw[d1], 1) || !nonet__at_most(u, 2)) continue;
                int any = 0;
                for (uint64_t m = u; m; m &= m - 1)
                    any |=
                        (z->w->cand[g->house[(size_t)h * n + (size_t)nonet__ctz(m)]] & ~pair) != 0;
                if (!any || !((ps[d1] & ~pw[d1]) | (ps[d2] & ~pw[d2]))) continue;
                int np = 0;
                for (int j = 0; j < z->n; j++) {
                    int c = g->house[(size_t)h * n + (size_t)j];
                    if (u >> j & 1) continue;
                    if (z->s->cand[c] >> d1 & 1) par[np++] = c * z->n + d1;
                    if (z->s->cand[c] >> d2 & 1) par[np++] = c * z->n + d2;
                }
                if (!np) continue;
                for (uint64_t m = u; m; m &= m - 1) {
                    int c = g->house[(size_t)h * n + (size_t)nonet__ctz(m)];
                    for (uint64_t o = z->w->cand[c] & ~pair; o; o &= o - 1)
                        if (add_off(z, c * z->n + nonet__ctz(o), par, np, -1)) return -1;
                }
            }
        }
    }
    return 0;
}

/* Naked pairs (houses with four empty cells or more). */
static int rule_naked_pair(nctx *z)
{
    const nonet__hgeo *g = z->g;
    size_t n = (size_t)z->n;
    int par[2 * NONET_MAX_SIZE];
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_bcr[i];
        if (nonet__cspend(z->ch, (unsigned long long)z->n * (unsigned long long)z->n)) return -1;
        if (nonet__house_empty(z->w, g, h) < 4) continue;
        const int *hc = g->house + (size_t)h * n;
        for (int i2 = 1; i2 < z->n; i2++) {
            uint64_t m2 = z->w->cand[hc[i2]];
            if (!(m2 & (m2 - 1)) || !nonet__at_most(m2, 2)) continue;
            for (int i1 = 0; i1 < i2; i1++) {
                uint64_t m1 = z->w->cand[hc[i1]], u = m1 | m2;
                if (!(m1 & (m1 - 1)) || !nonet__at_most(u, 2)) continue;
                uint64_t x1 = z->s->cand[hc[i1]] & ~u, x2 = z->s->cand[hc[i2]] & ~u;
                if (!x1 && !x2) continue;
                int any = 0;
                for (int j = 0; j < z->n && !any; j++)
                    any = j != i1 && j != i2 && (z->w->cand[hc[j]] & u);
                if (!any) continue;
                int np = 0;
                for (; x1; x1 &= x1 - 1) par[np++] = hc[i1] * z->n + nonet__ctz(x1);
                for (; x2; x2 &= x2 - 1) par[np++] = hc[i2] * z->n + nonet__ctz(x2);
                for (int j = 0; j < z->n; j++) {
                    if (j == i1 || j == i2) continue;
                    for (uint64_t o = z->w->cand[hc[j]] & u; o; o &= o - 1)
                        if (add_off(z, hc[j] * z->n + nonet__ctz(o), par, np, -1)) return -1;
                }
            }
        }
    }
    return 0;
}

/* X-Wings: base columns (cover rows), then base rows (cover columns).
 * A pair of base lines is one only for digits with exactly two places in
 * each, the same two: the digits of each line with two places are listed
 * first (tw), so a pair looks at the digits both lines have that way, in
 * ascending order as before. */
static int rule_xwing(nctx *z)
{
    size_t n = (size_t)z->n;
    int par[2 * NONET_MAX_SIZE];
    uint64_t okd = 0, tw[NONET_MAX_SIZE];
    for (int d = 0; d < z->n; d++) {
        int placed = 0;
        for (int r = 0; r < z->n; r++) placed += (int)(z->w->placed[r] >> d & 1);
        if (placed + 4 <= z->n) okd |= 1ull << d;
    }
    for (int pass = 0; pass < 2; pass++) {
        int base0 = pass ? 0 : z->n, cover0 = pass ? z->n : 0;
        for (int l = 0; l < z->n; l++) {
            tw[l] = 0;
            for (uint64_t dm = okd; dm; dm &= dm - 1) {
                uint64_t p = z->w->pos[(size_t)(base0 + l) * n + (size_t)nonet__ctz(dm)];
                if (p && (p & (p - 1)) && !((p & (p - 1)) & ((p & (p - 1)) - 1))) tw[l] |= dm & -dm;
            }
        }
        for (int l2 = 1; l2 < z->n; l2++)
            for (int l1 = 0; l1 < l2; l1++) {
                if (nonet__cspend(z->ch, (unsigned long long)z->n * (unsigned long long)z->n))
                    return -1;
                for (uint64_t dm = tw[l1] & tw[l2]; dm; dm &= dm - 1) {
                    int d = nonet__ctz(dm);
                    int b1 = base0 + l1, b2 = base0 + l2;
                    uint64_t p1 = z->w->pos[(size_t)b1 * n + (size_t)d],
                             p2 = z->w->pos[(size_t)b2 * n + (size_t)d];
                    uint64_t u = p1 | p2, lines = (1ull << l1) | (1ull << l2);
                    if (p1 != p2) continue;
                    uint64_t g1 = z->s->pos[(size_t)b1 * n + (size_t)d] & ~p1 & ~u;
                    uint64_t g2 = z->s->pos[(size_t)b2 * n + (size_t)d] & ~p2 & ~u;
                    int any = 0;
                    for (uint64_t c = u; c; c &= c - 1)
                        any |= (z->w->pos[(size_t)(cover0 + nonet__ctz(c)) * n + (size_t)d] &
                                ~lines) != 0;
                    if (!any || !(g1 | g2)) continue;
                    int np = house_cands(z, b1, d, g1, par, 0);
                    np = house_cands(z, b2, d, g2, par, np);
                    for (uint64_t c = u; c; c &= c - 1) {
                        int h = cover0 + nonet__ctz(c);
                        uint64_t e = z->w->pos[(size_t)h * n + (size_t)d] & ~lines;
                        if (add_house_offs(z, h, d, e, par, np)) return -1;
                    }
                }
            }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Chains as rules                                                      */
/* ------------------------------------------------------------------ */

/* Room for one more nested chain in frame f. */
static int nest_room(nonet__cframe *f)
{
    if (f->nnest < f->capnest) return 0;
    int cx = f->capnest, sig = f->capnest;
    if (nonet__grow((void **)&f->nest_cx, &cx, f->nnest + 1L, sizeof *f->nest_cx, 64) ||
        nonet__grow((void **)&f->nest_sig, &sig, f->nnest + 1L, sizeof *f->nest_sig, 64))
        return -1;
    f->capnest = cx;
    return 0;
}

/* Runs a chaining producer on the reduced grid one frame deeper (which:
 * 0 producer 21, 1 static multiple, 2 dynamic, 3 dynamic level 2) and adds
 * the removals of its usable hints, best first. */
static int rule_chains(nctx *z, int which)
{
    nonet__chainer *ch = z->ch;
    if (z->depth + 1 >= NONET__CDEPTH) return 0;
    nonet__cframe *nf = &ch->frame[z->depth + 1];
    nonet__hgrid_copy(&nf->src, z->w);
    nonet__ckeep k = {1, -1, 0, 0, 0, 0};
    int res = which == 0 ? nonet__cycles_run(ch, z->depth + 1, z->s, &k)
              : which == 1
                  ? nonet__forcing_run(ch, z->depth + 1, NONET__CHAIN_MULTIPLE, 0, z->s, &k)
                  : nonet__forcing_run(ch, z->depth + 1, NONET__CHAIN_DYNAMIC, which == 2 ? 0 : 2,
                                       z->s, &k);
    if (res) return -1;
    nonet__chint_sort(ch, nf);
    for (int i = 0; i < nf->nhint; i++) {
        const nonet__chint *h = &nf->hint[i];
        if (!h->nrp) continue;
        if (nest_room(z->f)) return -1;
        int nest = z->f->nnest++;
        z->f->nest_cx[nest] = h->cx;
        z->f->nest_sig[nest] = h->sig;
        for (int j = 0; j < h->nel; j++)
            if (add_off(z, nf->hint_ints[h->el_at + j], nf->hint_ints + h->rp_at, h->nrp, nest))
                return -1;
    }
    return 0;
}

int nonet__nested_offs(nonet__chainer *ch, int depth, int level, int *tail)
{
    nonet__cframe *f = &ch->frame[depth];
    nctx z = {ch, f, ch->geo, &f->src, &f->work, depth, level, ch->n, tail, 0};
    int (*const basic[])(nctx *) = {rule_locking, rule_hidden_pair, rule_naked_pair, rule_xwing};
    for (int i = 0; i < 4; i++) {
        if (basic[i](&z)) return -1;
        if (z.added) return z.added;
    }
    int list[2], m = 0;
    if (level == 2) list[m++] = 0;
    else if (level == 3) list[m++] = 0, list[m++] = 1;
    else if (level == 4) list[m++] = 2;
    else if (level >= 5) list[m++] = 2, list[m++] = 3;
    for (int i = 0; i < m; i++) {
        if (nonet__cprogress(ch) || rule_chains(&z, list[i])) return -1;
        if (z.added) return z.added;
    }
    return 0;
}
