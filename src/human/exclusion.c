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
 * to all three. Ratings 6.2 (pair) and 7.5 (triple). t->ask.degree: 2 or 3.
 *
 * The memo (x->cache's ax_*): the rater runs these finders at every step
 * and they rarely find anything, so a full run that emitted nothing leaves
 * its grid G' behind. A base-cell set T tried now is skipped when its cells
 * were base cells in G' and T's cells and common excluders have the same
 * candidates as in G': those excluders were then common excluders of T too
 * (being one depends only on a cell's own candidates), so G' tried T with
 * the same candidates and at least these excluders (more only strengthen
 * the test) and eliminated nothing; neither can T now.
 */
#include "human/human.h"

#include <string.h>

typedef struct aligned {
    nonet__hctx *x;
    const nonet__htech *t;
    int deg;
    int *cand; /* base cells, row-major */
    int ncand;
    int *xat, *xl;  /* CSR over the base cells: their excluders, in SE's peer order */
    int *slot;      /* ncells: index among the base cells, or -1 */
    uint64_t *xb;   /* ncand * nw: each base cell's excluders as a cell set */
    uint64_t *both; /* nw: the excluders common to the cells being tried */
    int nw;
    const uint64_t *memo_cand;      /* the memo's grid G' (ncells), or NULL */
    const unsigned char *memo_base; /* its base cells */
    int emitted;                    /* 1 once a step was emitted */
    int *clean;                     /* ncand: base cell as in the memo (1) or not */
    uint64_t *dirty;                /* nw: cells whose candidates differ from the memo's */
} aligned;

/* Fills a->clean and a->dirty from the memo (list_cells done). */
static void memo_compare(aligned *a)
{
    const nonet__hgeo *g = a->x->geo;
    const uint64_t *cand = a->x->grid->cand;
    memset(a->dirty, 0, (size_t)a->nw * sizeof *a->dirty);
    for (int c = 0; c < g->ncells; c++)
        if (a->memo_cand[c] != cand[c]) a->dirty[c >> 6] |= 1ull << (c & 63);
    for (int i = 0; i < a->ncand; i++) {
        int c = a->cand[i];
        a->clean[i] = a->memo_base[c] && !(a->dirty[c >> 6] >> (c & 63) & 1);
    }
}

/* 1 when the memo proves every set holding base cells b0, b1 (and other
 * clean base cells) eliminates nothing: both clean, their common
 * excluders (a superset of the set's) unchanged. */
static int memo_pair_clean(const aligned *a, int b0, int b1)
{
    if (!a->memo_cand || !a->clean[b0] || !a->clean[b1]) return 0;
    for (int w = 0; w < a->nw; w++)
        if (a->xb[(size_t)b0 * (size_t)a->nw + (size_t)w] &
            a->xb[(size_t)b1 * (size_t)a->nw + (size_t)w] & a->dirty[w])
            return 0;
    return 1;
}

/* 1 when the memo proves that base cells c[0..n) with common excluders
 * ex[0..nex) eliminate nothing (see the top of the file). */
static int memo_nothing(const aligned *a, const int *c, int n, const int *ex, int nex)
{
    if (!a->memo_cand || nex >= 4 * NONET_MAX_SIZE) return 0;
    const uint64_t *cand = a->x->grid->cand;
    for (int i = 0; i < n; i++)
        if (!a->memo_base[c[i]] || a->memo_cand[c[i]] != cand[c[i]]) return 0;
    for (int i = 0; i < nex; i++)
        if (a->memo_cand[ex[i]] != cand[ex[i]]) return 0;
    return 1;
}

/* Lists the base cells and their excluders. */
static void list_cells(aligned *a)
{
    const nonet__hgeo *g = a->x->geo;
    const nonet__hgrid *s = a->x->grid;
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

/* Tries base cells c[0..n-1] (n = 2 or 3) against excluders ex[0..nex):
 * every combination of their candidates is possible unless two cells that
 * see each other take the same digit or an excluder is left without a
 * candidate. Emits the candidates in no possible combination. The last
 * cell's digits are settled at once for each choice of the others: an
 * excluder all of whose digits are used kills every digit, one with a
 * single digit left kills that one; excluders with a digit outside the
 * base cells never empty and are skipped; the search stops as soon as every
 * candidate has a possible combination. */
static int try_cells(aligned *a, const int *c, int n, const int *ex, int nex)
{
    const nonet__hgeo *g = a->x->geo;
    const nonet__hgrid *s = a->x->grid;
    uint64_t ok[3] = {0, 0, 0}, exm[4 * NONET_MAX_SIZE];
    uint64_t c0 = s->cand[c[0]], c1 = s->cand[c[1]], c2 = n > 2 ? s->cand[c[2]] : 0;
    int k = 0;
    for (int i = 0; i < nex && k < 4 * NONET_MAX_SIZE; i++) /* (more only weakens the test) */
        if (!(s->cand[ex[i]] & ~(c0 | c1 | c2))) exm[k++] = s->cand[ex[i]];
    int s01 = nonet__sees(g, c[0], c[1]);
    int s02 = n > 2 && nonet__sees(g, c[0], c[2]), s12 = n > 2 && nonet__sees(g, c[1], c[2]);
    if (!k && !s01 && !s02 && !s12) return 0;
    for (uint64_t m0 = c0; m0; m0 &= m0 - 1) {
        uint64_t b0 = m0 & -m0;
        for (uint64_t m1 = n > 2 ? c1 : 1; m1; m1 &= m1 - 1) {
            uint64_t b1 = n > 2 ? m1 & -m1 : 0, used = b0 | b1, last = n > 2 ? c2 : c1;
            if (b1 == b0 && s01) continue;
            uint64_t kill = n > 2 ? (s02 ? b0 : 0) | (s12 ? b1 : 0) : s01 ? b0 : 0;
            for (int i = 0; i < k && (last & ~kill); i++) {
                uint64_t rest = exm[i] & ~used;
                if (!(rest & (rest - 1))) kill |= rest ? rest : ~0ull;
            }
            uint64_t live = last & ~kill;
            if (!live) continue;
            ok[0] |= b0;
            ok[n - 1] |= live;
            if (n > 2) ok[1] |= b1;
            if (ok[0] == c0 && ok[1] == c1 && ok[2] == c2) return 0; /* nothing goes */
        }
    }
    a->emitted = 1;
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
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok;
         ok = nonet__comb_next(idx, 2, a->ncand)) {
        if (memo_pair_clean(a, idx[0], idx[1])) continue;
        int nex = common_excluders(a, idx, 2, ex);
        if (nex < 2) continue;
        c[0] = a->cand[idx[0]];
        c[1] = a->cand[idx[1]];
        if (memo_nothing(a, c, 2, ex, nex)) continue;
        if (try_cells(a, c, 2, ex, nex)) return 1;
    }
    return 0;
}

/* The third cells of a triple: base cells among the excluders of b0 or
 * b1, in that order, without repeats and without b0, b1. */
static int twin_area(const aligned *a, int b0, int b1, int *out)
{
    int k = 0, from[2] = {b0, b1};
    const uint64_t *x0 = a->xb + (size_t)b0 * (size_t)a->nw;
    for (int f = 0; f < 2; f++)
        for (int j = a->xat[from[f]]; j < a->xat[from[f] + 1]; j++) {
            int e = a->xl[j], sl = a->slot[e]; /* b1's excluders that are b0's: listed */
            if (sl < 0 || sl == b0 || sl == b1 || (f && (x0[e >> 6] >> (e & 63) & 1))) continue;
            out[k++] = sl;
        }
    return k;
}

/* 1 when base cells b0, b1 (and b2 unless -1) have two excluders in common
 * or more. */
static int share_two(const aligned *a, int b0, int b1, int b2)
{
    int total = 0;
    for (int w = 0; w < a->nw && total < 2; w++) {
        uint64_t m = a->xb[(size_t)b0 * (size_t)a->nw + (size_t)w] &
                     a->xb[(size_t)b1 * (size_t)a->nw + (size_t)w];
        if (b2 >= 0) m &= a->xb[(size_t)b2 * (size_t)a->nw + (size_t)w];
        total += m ? (m & (m - 1) ? 2 : 1) : 0;
    }
    return total >= 2;
}

/* Aligned triple exclusion: each pair of base cells with each third cell
 * of its twin area (tail: room for that area). */
static int triples(aligned *a, int *ex, int *tail)
{
    int idx[2], b[3], c[3];
    for (int ok = nonet__comb_first(idx, 2, a->ncand); ok;
         ok = nonet__comb_next(idx, 2, a->ncand)) {
        if (!share_two(a, idx[0], idx[1], -1)) continue; /* three share no more than two */
        int pclean = memo_pair_clean(a, idx[0], idx[1]);
        int nt = twin_area(a, idx[0], idx[1], tail);
        for (int i = 0; i < nt; i++) {
            if (pclean && a->clean[tail[i]]) continue;
            if (!share_two(a, idx[0], idx[1], tail[i])) continue;
            b[0] = idx[0];
            b[1] = idx[1];
            b[2] = tail[i];
            int nex = common_excluders(a, b, 3, ex);
            if (nex < 2) continue;
            for (int j = 0; j < 3; j++) c[j] = a->cand[b[j]];
            if (memo_nothing(a, c, 3, ex, nex)) continue;
            if (try_cells(a, c, 3, ex, nex)) return 1;
        }
    }
    return 0;
}

nonet__hfound nonet__find_aligned(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    size_t nc = (size_t)g->ncells, npeers = (size_t)g->speer_at[g->ncells], nw = (size_t)g->nw;
    size_t ints = 6 * nc + npeers + 2, words = (nc + 2) * nw;
    if (ints + 2 * words + 2 > x->scratch_ints) return NONET__HF_NONE;
    aligned a;
    memset(&a, 0, sizeof a);
    a.x = x;
    a.t = t;
    a.deg = t->ask.degree;
    a.nw = g->nw;
    a.xb = (uint64_t *)(void *)x->scratch; /* 8-byte words first: aligned */
    a.both = a.xb + nc * nw;
    a.dirty = a.both + nw;
    a.cand = (int *)(void *)(a.dirty + nw);
    a.xat = a.cand + nc;
    a.slot = a.xat + nc + 1;
    a.xl = a.slot + nc;
    int *ex = a.xl + npeers, *tail = ex + nc;
    a.clean = tail + nc;
    list_cells(&a);
    if (a.ncand < a.deg) return NONET__HF_NONE;
    nonet__hcache *memo = x->cache;
    int m = a.deg - 2;
    uint64_t *mc = memo->ax_cand + (size_t)m * nc;
    unsigned char *mb = memo->ax_base + (size_t)m * nc;
    if (memo->ax_valid[m]) {
        a.memo_cand = mc;
        a.memo_base = mb;
        memo_compare(&a);
    }
    int r = a.deg == 2 ? pairs(&a, ex) : triples(&a, ex, tail);
    if (r || a.emitted) {
        memo->ax_valid[m] = 0;
        return r ? (nonet__hfound)r : NONET__HF_NONE;
    }
    memcpy(mc, x->grid->cand, nc * sizeof *mc); /* this grid has nothing: the new memo */
    for (size_t c = 0; c < nc; c++) mb[c] = a.slot[c] >= 0;
    memo->ax_valid[m] = 1;
    return NONET__HF_NONE;
}
