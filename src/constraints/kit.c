/*
 * kit.c - what several constraint types share: digit bounds of masks, pair
 * relations, distinct digits among a set of cells.
 */
#include "constraints/constraints.h"

#include "core/bits.h"

#include <string.h>

/* An empty mask (a cell with no candidate left) has no least digit above
 * every digit and no greatest below them: 65 and 0, so that a range built
 * on it is empty and the propagator reports the contradiction. */
int nonet__cons_lo(uint64_t m) { return m ? nonet__ctz(m) + 1 : 65; }

int nonet__cons_hi(uint64_t m) { return m ? 64 - __builtin_clzll(m) : 0; }

uint64_t nonet__cons_range(int lo, int hi)
{
    if (lo < 1) lo = 1;
    if (hi > 64) hi = 64;
    if (lo > hi) return 0;
    uint64_t upto = hi == 64 ? ~0ull : (1ull << hi) - 1;
    return upto & ~((1ull << (lo - 1)) - 1);
}

/* The partners (under rel) of every digit of m. */
static uint64_t partners(uint64_t m, const uint64_t *rel)
{
    uint64_t out = 0;
    for (; m; m &= m - 1) out |= rel[nonet__ctz(m)];
    return out;
}

int nonet__cons_pair(uint64_t *cand, int a, int b, const uint64_t *rel)
{
    int acc = 0;
    if (nonet__cons_fold(&acc, nonet__cons_keep(cand, b, partners(cand[a], rel)))) return -1;
    if (nonet__cons_fold(&acc, nonet__cons_keep(cand, a, partners(cand[b], rel)))) return -1;
    return acc;
}

int nonet__cons_distinct(uint64_t *cand, const int *cells, int ncells)
{
    int acc = 0;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < ncells; i++) {
            uint64_t m = cand[cells[i]];
            if (!m) return -1;
            if (m & (m - 1)) continue;
            for (int j = 0; j < ncells; j++) {
                if (j == i || !(cand[cells[j]] & m)) continue;
                int r = nonet__cons_keep(cand, cells[j], ~m);
                if (r < 0) return -1;
                acc = again = 1;
            }
        }
    }
    return acc;
}

int nonet__cons_all_differ(const unsigned char *grid, const int *cells, int ncells)
{
    uint64_t seen = 0;
    for (int i = 0; i < ncells; i++) {
        uint64_t bit = 1ull << (grid[cells[i]] - 1);
        if (seen & bit) return 0;
        seen |= bit;
    }
    return 1;
}

int nonet__cons_adjacent(int n, int a, int b)
{
    int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    return (ra == rb && (ca - cb == 1 || cb - ca == 1)) ||
           (ca == cb && (ra - rb == 1 || rb - ra == 1));
}

int nonet__cons_sum_within(uint64_t *cand, const int *cells, int ncells, int lo, int hi)
{
    int least = 0, most = 0, acc = 0;
    for (int i = 0; i < ncells; i++) {
        uint64_t m = cand[cells[i]];
        if (!m) return -1;
        least += nonet__cons_lo(m);
        most += nonet__cons_hi(m);
    }
    if (least > hi || most < lo) return -1;
    for (int i = 0; i < ncells; i++) {
        uint64_t m = cand[cells[i]];
        int others_least = least - nonet__cons_lo(m), others_most = most - nonet__cons_hi(m);
        uint64_t keep = nonet__cons_range(lo - others_most, hi - others_least);
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, cells[i], keep))) return -1;
    }
    return acc;
}

enum { SUM_WORDS = NONET__SUM_WORDS, SUM_BITS = NONET__SUM_BITS };

void nonet__cons_sums_shift_or(uint64_t *out, const uint64_t *in, int nw, int d, int up)
{
    int q = d / 64, r = d % 64;
    for (int w = 0; w < nw; w++) {
        int from = up ? w - q : w + q;
        uint64_t v = 0;
        if (from >= 0 && from < nw) v = r ? (up ? in[from] << r : in[from] >> r) : in[from];
        int carry = up ? from - 1 : from + 1;
        if (r && carry >= 0 && carry < nw) v |= up ? in[carry] >> (64 - r) : in[carry] << (64 - r);
        out[w] |= v;
    }
}

int nonet__cons_sum_exact(uint64_t *cand, const int *cells, int ncells, int lo, int hi)
{
    if (ncells > 64 || hi >= SUM_BITS || lo > hi)
        return nonet__cons_sum_within(cand, cells, ncells, lo, hi);
    if (lo < 0) lo = 0;
    const int nw = hi / 64 + 1;
    uint64_t pre[65][SUM_WORDS], back[65][SUM_WORDS], tmp[SUM_WORDS];
    memset(pre[0], 0, sizeof pre[0]);
    pre[0][0] = 1;
    for (int i = 0; i < ncells; i++) {
        memset(pre[i + 1], 0, sizeof pre[i + 1]);
        for (uint64_t m = cand[cells[i]]; m; m &= m - 1)
            nonet__cons_sums_shift_or(pre[i + 1], pre[i], nw, nonet__ctz(m) + 1, 1);
    }
    memset(back[ncells], 0, sizeof back[ncells]);
    for (int t = lo; t <= hi; t++) back[ncells][t / 64] |= 1ull << (t % 64);
    for (int i = ncells - 1; i >= 0; i--) {
        memset(back[i], 0, sizeof back[i]);
        for (uint64_t m = cand[cells[i]]; m; m &= m - 1)
            nonet__cons_sums_shift_or(back[i], back[i + 1], nw, nonet__ctz(m) + 1, 0);
    }
    if (!(back[0][0] & 1)) return -1;
    int acc = 0;
    for (int i = 0; i < ncells; i++) {
        uint64_t keep = 0;
        for (uint64_t m = cand[cells[i]]; m; m &= m - 1) {
            memset(tmp, 0, sizeof tmp);
            nonet__cons_sums_shift_or(tmp, back[i + 1], nw, nonet__ctz(m) + 1, 0);
            uint64_t meet = 0;
            for (int w = 0; w < nw; w++) meet |= tmp[w] & pre[i][w];
            if (meet) keep |= m & (~m + 1);
        }
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, cells[i], keep))) return -1;
    }
    return acc;
}

int nonet__cons_which(const nonet__constraint *k) { return k->nvalues ? k->values[0] : 3; }

/* The two cells must be orthogonal neighbours. */
const char *nonet__cons_neighbours(const nonet_shape *s, const int *cells, int ncells,
                                   const int *values, int nvalues)
{
    (void)ncells;
    (void)values;
    (void)nvalues;
    return nonet__cons_adjacent(s->n, cells[0], cells[1]) ? NULL : "cells not neighbours";
}

/* A negative rule's value names white (1), black (2) or both (3). */
const char *nonet__cons_which_valid(const nonet_shape *s, const int *cells, int ncells,
                                    const int *values, int nvalues)
{
    (void)s;
    (void)cells;
    (void)ncells;
    return nvalues && (values[0] < 1 || values[0] > 3) ? "a value other than 1, 2 or 3" : NULL;
}
