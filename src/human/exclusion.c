/*
 * exclusion.c - Aligned Pair Exclusion and Aligned Triple Exclusion, as
 * Sudoku Explainer finds them.
 *
 * For a few base cells, every combination of their candidates is tried: it
 * is impossible when two base cells that see each other take the same
 * digit, or when a cell seeing every base cell (an "excluder") would have
 * no candidate left. A candidate of a base cell that is in no possible
 * combination goes.
 *
 * SE's rules (kept so its choice is ours): base cells are empty cells with
 * two or more candidates none of whose peers is a naked single, that have
 * at least one excluder among their peers (a peer with two candidates for
 * pairs, two or three for triples). Pairs: any two such cells (in row-major
 * order, pairs in the numeric order of their index masks) with at least two
 * common excluders. Triples: a pair as above, plus a third base cell that is
 * an excluder of the first or second, with at least two excluders common
 * to all three. Ratings 6.2 (pair) and 7.5 (triple). t->param: 2 or 3.
 */
#include "human/human.h"

#include <string.h>

typedef struct aligned {
    nonet__hctx *x;
    const nonet__htech *t;
    int deg;
    int *cand;          /* base cells, row-major */
    int ncand;
    int *xat, *xl;      /* CSR over the base cells: their excluders, in SE's peer order */
    int *slot;          /* ncells: index among the base cells, or -1 */
    uint64_t *xb;       /* ncand * nw: each base cell's excluders as a cell set */
    uint64_t *both;     /* nw: the excluders common to the cells being tried */
    int nw;
} aligned;

/* Lists the base cells and their excluders. */
static void list_cells(aligned *a)
{
    const nonet__hgeo *g = a->x->geo;
    const nonet__hgrid *s = a->x->g;
    int k = 0;
    a->ncand = 0;
    for (int c = 0; c < g->ncells; c++) {
        a->slot[c] = -1;
        if (nonet__hcount(s->cand[c]) < 2) continue;
        int start = k, single = 0;
        for (int j = g->speer_at[c]; j < g->speer_at[c + 1]; j++) {
            int p = g->speer[j], cnt = nonet__hcount(s->cand[p]);
            if (cnt == 1) single = 1;
            else if (cnt >= 2 && cnt <= a->deg) a->xl[k++] = p;
        }
        if (single || k == start) {
            k = start;
            continue;
        }
        a->slot[c] = a->ncand;
        a->xat[a->ncand] = start;
        uint64_t *xb = a->xb + (size_t)a->ncand * (size_t)a->nw;
        memset(xb, 0, (size_t)a->nw * sizeof *xb);
        for (int j = start; j < k; j++) xb[a->xl[j] >> 6] |= 1ull << (a->xl[j] & 63);
        a->cand[a->ncand++] = c;
        a->xat[a->ncand] = k;
    }
}

/* Excluders common to base cells b[0..n-1] (indexes among the base
 * cells), in the first one's order, when there are at least two of them.
 * Returns their count (0 when fewer than two). */
static int common_excluders(const aligned *a, const int *b, int n, int *out)
{
    int total = 0;
    for (int w = 0; w < a->nw; w++) {
        uint64_t m = a->xb[(size_t)b[0] * (size_t)a->nw + (size_t)w];
        for (int i = 1; i < n; i++) m &= a->xb[(size_t)b[i] * (size_t)a->nw + (size_t)w];
        a->both[w] = m;
        total += nonet__hcount(m);
    }
    if (total < 2) return 0;
    int k = 0;
    for (int j = a->xat[b[0]]; j < a->xat[b[0] + 1]; j++) {
        int e = a->xl[j];
        if (a->both[e >> 6] >> (e & 63) & 1) out[k++] = e;
    }
    return k;
}

/* 1 when digits v[0..n-1] on cells c[0..n-1] are possible together. */
static int possible(const aligned *a, const int *c, const int *v, int n, const int *ex, int nex)
{
    const nonet__hgeo *g = a->x->geo;
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (v[i] == v[j] && nonet__sees(g, c[i], c[j])) return 0;
        used |= 1ull << v[i];
    }
    for (int i = 0; i < nex; i++)
        if (!(a->x->g->cand[ex[i]] & ~used)) return 0;
    return 1;
}

/* Tries base cells c[0..n-1]; emits the exclusions found. */
static int try_cells(aligned *a, const int *c, int n, const int *ex, int nex)
{
    const nonet__hgrid *s = a->x->g;
    uint64_t ok[3] = {0, 0, 0};
    int v[3];
    for (uint64_t m0 = s->cand[c[0]]; m0; m0 &= m0 - 1)
        for (uint64_t m1 = s->cand[c[1]]; m1; m1 &= m1 - 1)
            for (uint64_t m2 = n > 2 ? s->cand[c[2]] : 1; m2; m2 &= m2 - 1) {
                v[0] = nonet__ctz(m0);
                v[1] = nonet__ctz(m1);
                v[2] = nonet__ctz(m2);
                if (!possible(a, c, v, n, ex, nex)) continue;
                for (int i = 0; i < n; i++) ok[i] |= 1ull << v[i];
            }
    nonet__step_begin(a->x, a->t);
    for (int i = 0; i < n; i++) {
        nonet__step_cell(a->x, c[i]);
        nonet__step_elim_mask(a->x, c[i], s->cand[c[i]] & ~ok[i]);
    }
    for (int i = 0; i < nex; i++) nonet__step_extra(a->x, ex[i]);
    return nonet__hemit(a->x);
}

/* Aligned pair exclusion: every pair of base cells in SE's order (ex:
 * room for the common excluders). */
static int pairs(aligned *a, int *ex)
{
    int idx[2], c[2];
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok; ok = nonet__comb_next(idx, 2, a->ncand)) {
        int nex = common_excluders(a, idx, 2, ex);
        if (nex < 2) continue;
        c[0] = a->cand[idx[0]];
        c[1] = a->cand[idx[1]];
        if (try_cells(a, c, 2, ex, nex)) return 1;
    }
    return 0;
}

/* The third cells of a triple: base cells among the excluders of b0 or
 * b1, in that order, without repeats and without b0, b1. */
static int twin_area(const aligned *a, int b0, int b1, int *out)
{
    int k = 0, from[2] = {b0, b1};
    for (int f = 0; f < 2; f++)
        for (int j = a->xat[from[f]]; j < a->xat[from[f] + 1]; j++) {
            int e = a->xl[j], sl = a->slot[e], dup = 0;
            if (sl < 0 || sl == b0 || sl == b1) continue;
            for (int i = 0; i < k && !dup; i++) dup = out[i] == sl;
            if (!dup) out[k++] = sl;
        }
    return k;
}

/* Aligned triple exclusion: each pair of base cells with each third cell
 * of its twin area (tail: room for that area). */
static int triples(aligned *a, int *ex, int *tail)
{
    int idx[2], b[3], c[3];
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok; ok = nonet__comb_next(idx, 2, a->ncand)) {
        int nt = twin_area(a, idx[0], idx[1], tail);
        for (int i = 0; i < nt; i++) {
            b[0] = idx[0];
            b[1] = idx[1];
            b[2] = tail[i];
            int nex = common_excluders(a, b, 3, ex);
            if (nex < 2) continue;
            for (int j = 0; j < 3; j++) c[j] = a->cand[b[j]];
            if (try_cells(a, c, 3, ex, nex)) return 1;
        }
    }
    return 0;
}

int nonet__find_aligned(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    size_t nc = (size_t)g->ncells, npeers = (size_t)g->speer_at[g->ncells], nw = (size_t)g->nw;
    size_t ints = 5 * nc + npeers + 2, words = (nc + 1) * nw;
    if (ints + 2 * words + 2 > x->scratch_ints) return 0;
    aligned a;
    memset(&a, 0, sizeof a);
    a.x = x;
    a.t = t;
    a.deg = t->param;
    a.nw = g->nw;
    a.xb = (uint64_t *)(void *)x->scratch;   /* 8-byte words first: aligned */
    a.both = a.xb + nc * nw;
    a.cand = (int *)(void *)(a.both + nw);
    a.xat = a.cand + nc;
    a.slot = a.xat + nc + 1;
    a.xl = a.slot + nc;
    int *ex = a.xl + npeers, *tail = ex + nc;
    list_cells(&a);
    if (a.ncand < a.deg) return 0;
    return a.deg == 2 ? pairs(&a, ex) : triples(&a, ex, tail);
}
