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
    int *mark;          /* ncells: 1 + the base cell whose excluders were marked last */
    int marked;         /* that base cell, or -1 */
    int *mark2;         /* ncells: stamp of the third cell's excluders; then ncells ints
                           for the pair's common excluders */
    int stamp;
    uint64_t *xb;       /* small grids: each base cell's excluders as a cell set, or NULL */
    int nw;             /* words of a cell set */
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
        if (a->xb) {
            uint64_t *w = a->xb + (size_t)a->ncand * (size_t)a->nw;
            memset(w, 0, (size_t)a->nw * sizeof *w);
            for (int j = start; j < k; j++) w[a->xl[j] >> 6] |= 1ull << (a->xl[j] & 63);
        }
        a->cand[a->ncand++] = c;
        a->xat[a->ncand] = k;
    }
}

/* With cell sets: the excluders common to b0, b1 (and b2 unless -1), in
 * b0's order, into out; returns their count, or 0 when below two. */
static int common_bits(const aligned *a, int b0, int b1, int b2, int *out)
{
    uint64_t w[4];
    int cnt = 0;
    for (int i = 0; i < a->nw; i++) {
        w[i] = a->xb[(size_t)b0 * a->nw + i] & a->xb[(size_t)b1 * a->nw + i];
        if (b2 >= 0) w[i] &= a->xb[(size_t)b2 * a->nw + i];
        cnt += nonet__hcount(w[i]);
    }
    if (cnt < 2) return 0;
    int k = 0;
    for (int j = a->xat[b0]; j < a->xat[b0 + 1]; j++) {
        int e = a->xl[j];
        if (w[e >> 6] >> (e & 63) & 1) out[k++] = e;
    }
    return k;
}

/* Excluders common to base cells b[0..n-1] (indexes among the base cells),
 * in the first one's order. Returns their count. */
static int common_excluders(const aligned *a, const int *b, int n, int *out)
{
    int k = 0;
    for (int j = a->xat[b[0]]; j < a->xat[b[0] + 1]; j++) {
        int e = a->xl[j], all = 1;
        for (int i = 1; i < n && all; i++) {
            all = 0;
            for (int q = a->xat[b[i]]; q < a->xat[b[i] + 1] && !all; q++) all = a->xl[q] == e;
        }
        if (all) out[k++] = e;
    }
    return k;
}

/* 1 when base cells b0 and b1 have two excluders in common or more (a
 * quick test before the lists; marks b1's excluders once per b1). */
static int share_two(aligned *a, int b0, int b1)
{
    if (a->marked != b1) {
        for (int q = a->xat[b1]; q < a->xat[b1 + 1]; q++) a->mark[a->xl[q]] = b1 + 1;
        a->marked = b1;
    }
    int k = 0;
    for (int j = a->xat[b0]; j < a->xat[b0 + 1] && k < 2; j++) k += a->mark[a->xl[j]] == b1 + 1;
    return k >= 2;
}

/* Tries base cells c[0..n-1] (n = 2 or 3) against excluders ex[0..nex):
 * every combination of their candidates is possible unless two cells that
 * see each other take the same digit or an excluder is left without a
 * candidate. Emits the candidates in no possible combination. */
static int try_cells(aligned *a, const int *c, int n, const int *ex, int nex)
{
    const nonet__hgeo *g = a->x->geo;
    const nonet__hgrid *s = a->x->g;
    uint64_t ok[3] = {0, 0, 0}, exm[4 * NONET_MAX_SIZE];
    uint64_t u = s->cand[c[0]] | s->cand[c[1]] | (n > 2 ? s->cand[c[2]] : 0);
    int k = 0;
    for (int i = 0; i < nex && k < 4 * NONET_MAX_SIZE; i++)   /* an excluder with a digit */
        if (!(s->cand[ex[i]] & ~u)) exm[k++] = s->cand[ex[i]];  /* off the cells never empties */
    int s01 = nonet__sees(g, c[0], c[1]);
    int s02 = n > 2 && nonet__sees(g, c[0], c[2]), s12 = n > 2 && nonet__sees(g, c[1], c[2]);
    if (!k && !s01 && !s02 && !s12) return 0;
    uint64_t c0 = s->cand[c[0]], c1 = s->cand[c[1]], c2 = n > 2 ? s->cand[c[2]] : 0;
    /* the last cell's digits are settled all at once: given the others'
     * digits `used`, an excluder whose digits are all used kills every
     * digit of the last cell, one with a single digit left kills that one */
    for (uint64_t m0 = c0; m0; m0 &= m0 - 1) {
        uint64_t b0 = m0 & -m0;
        for (uint64_t m1 = n > 2 ? c1 : 1; m1; m1 &= m1 - 1) {
            uint64_t b1 = n > 2 ? m1 & -m1 : 0, used = b0 | b1;
            if (b1 == b0 && s01) continue;
            uint64_t last = n > 2 ? c2 : c1, kill = 0;
            if (n > 2) kill = (s02 ? b0 : 0) | (s12 ? b1 : 0);
            else kill = s01 ? b0 : 0;
            for (int i = 0; i < k && (last & ~kill); i++) {
                uint64_t rest = exm[i] & ~used;
                if (!(rest & (rest - 1))) kill |= rest ? rest : ~0ull;
            }
            uint64_t live = last & ~kill;
            if (!live) continue;
            ok[0] |= b0;
            if (n > 2) {
                ok[1] |= b1;
                ok[2] |= live;
            } else {
                ok[1] |= live;
            }
            if (ok[0] == c0 && ok[1] == c1 && ok[2] == c2) return 0;   /* nothing goes */
        }
    }
    int any = 0;
    for (int i = 0; i < n; i++) any |= (s->cand[c[i]] & ~ok[i]) != 0;
    if (!any) return 0;
    nonet__step_begin(a->x, a->t);
    for (int i = 0; i < n; i++) {
        nonet__step_cell(a->x, c[i]);
        nonet__step_elim_mask(a->x, c[i], s->cand[c[i]] & ~ok[i]);
    }
    for (int i = 0; i < nex; i++) nonet__step_extra(a->x, ex[i]);
    return nonet__hemit(a->x);
}

static int pairs(aligned *a, int *ex)
{
    int idx[2], c[2];
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok; ok = nonet__comb_next(idx, 2, a->ncand)) {
        int nex;
        if (a->xb) nex = common_bits(a, idx[0], idx[1], -1, ex);
        else nex = share_two(a, idx[0], idx[1]) ? common_excluders(a, idx, 2, ex) : 0;
        if (nex < 2) continue;
        c[0] = a->cand[idx[0]];
        c[1] = a->cand[idx[1]];
        if (try_cells(a, c, 2, ex, nex)) return 1;
    }
    return 0;
}

/* The third cells of a triple: base cells among the excluders of b0 or
 * b1, in that order, without repeats and without b0, b1. */
static int twin_area(aligned *a, int b0, int b1, int *out)
{
    int k = 0, from[2] = {b0, b1}, st = ++a->stamp;
    for (int f = 0; f < 2; f++)
        for (int j = a->xat[from[f]]; j < a->xat[from[f] + 1]; j++) {
            int e = a->xl[j], sl = a->slot[e];
            if (sl < 0 || sl == b0 || sl == b1 || a->mark2[e] == st) continue;
            a->mark2[e] = st;
            out[k++] = sl;
        }
    return k;
}

/* The excluders of ex2[0..n2) that are excluders of base cell b2 too (in
 * ex2's order, which is the first base cell's). */
static int also_excluding(aligned *a, const int *ex2, int n2, int b2, int *out)
{
    int st = ++a->stamp, k = 0;
    for (int q = a->xat[b2]; q < a->xat[b2 + 1]; q++) a->mark2[a->xl[q]] = st;
    for (int i = 0; i < n2; i++)
        if (a->mark2[ex2[i]] == st) out[k++] = ex2[i];
    return k;
}

static int triples(aligned *a, int *ex, int *tail)
{
    int idx[2], c[3], *ex2 = a->mark2 + a->x->geo->ncells;
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok; ok = nonet__comb_next(idx, 2, a->ncand)) {
        int n2 = 0;   /* three share no more than two */
        if (a->xb) n2 = common_bits(a, idx[0], idx[1], -1, ex2);
        else if (share_two(a, idx[0], idx[1])) n2 = common_excluders(a, idx, 2, ex2);
        if (n2 < 2) continue;
        int nt = twin_area(a, idx[0], idx[1], tail);
        const uint64_t *x0 = a->xb ? a->xb + (size_t)idx[0] * (size_t)a->nw : NULL;
        const uint64_t *x1 = a->xb ? a->xb + (size_t)idx[1] * (size_t)a->nw : NULL;
        for (int i = 0; i < nt; i++) {
            if (a->nw == 2 && x0) {   /* 9x9 and the like: two words a set, tested inline */
                const uint64_t *x2 = a->xb + (size_t)tail[i] * 2;
                uint64_t w0 = x0[0] & x1[0] & x2[0], w1 = x0[1] & x1[1] & x2[1];
                if (!w0 ? nonet__at_most(w1, 1) : !w1 && !(w0 & (w0 - 1))) continue;
            }
            int nex = a->xb ? common_bits(a, idx[0], idx[1], tail[i], ex)
                            : also_excluding(a, ex2, n2, tail[i], ex);
            if (nex < 2) continue;
            c[0] = a->cand[idx[0]];
            c[1] = a->cand[idx[1]];
            c[2] = a->cand[tail[i]];
            if (try_cells(a, c, 3, ex, nex)) return 1;
        }
    }
    return 0;
}

int nonet__find_aligned(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    size_t nc = (size_t)g->ncells, npeers = (size_t)g->speer_at[g->ncells];
    if (9 * nc + npeers + 2 > x->scratch_ints) return 0;
    aligned a;
    memset(&a, 0, sizeof a);
    a.x = x;
    a.t = t;
    a.deg = t->param;
    a.cand = x->scratch;
    a.xat = a.cand + nc;
    a.slot = a.xat + nc + 1;
    a.xl = a.slot + nc;
    int *ex = a.xl + npeers, *tail = ex + nc;
    a.mark = tail + nc;
    a.mark2 = a.mark + nc;
    if ((size_t)(a.mark2 + 2 * nc - x->scratch) > x->scratch_ints) return 0;
    memset(a.mark, 0, 2 * nc * sizeof *a.mark);
    a.marked = -1;
    uint64_t xb[256 * 4];
    a.nw = g->nw;
    a.xb = g->nw <= 4 && g->ncells <= 256 ? xb : NULL;
    list_cells(&a);
    if (a.ncand < a.deg) return 0;
    return a.deg == 2 ? pairs(&a, ex) : triples(&a, ex, tail);
}
