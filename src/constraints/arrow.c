/*
 * arrow.c - arrows: the digits along the arrow add up to the number in its
 * circle. A circle of k cells reads its digits as a k-digit decimal number
 * (cells[0] the leading digit); the arrow's cells follow the circle's in
 * `cells`. Pruned by bounds both ways: the arrow's sum within the circle's
 * range, each circle digit within what the sum's range leaves it.
 */
#include "constraints/constraints.h"

#include <stddef.h>

/* The circle's cell count: values[0] when given, else 1. */
static int circle_cells(const nonet__constraint *k) { return k->nvalues ? k->values[0] : 1; }

/* Sets *lo and *hi to the least and greatest sum of the cells' digits. */
static void sum_range(const uint64_t *cand, const int *cells, int ncells, long *lo, long *hi)
{
    *lo = *hi = 0;
    for (int i = 0; i < ncells; i++) {
        *lo += nonet__cons_lo(cand[cells[i]]);
        *hi += nonet__cons_hi(cand[cells[i]]);
    }
}

/* The circle's number range (weights 10^(k-1-i)). */
static void number_range(const uint64_t *cand, const int *cells, int k, long *lo, long *hi)
{
    *lo = *hi = 0;
    for (int i = 0; i < k; i++) {
        *lo = *lo * 10 + nonet__cons_lo(cand[cells[i]]);
        *hi = *hi * 10 + nonet__cons_hi(cand[cells[i]]);
    }
}

/* Keeps on circle digit i (weight w) what the arrow's range [slo, shi]
 * leaves beside the other circle digits' range [rlo, rhi]. */
static int prune_digit(uint64_t *cand, int c, long w, long slo, long shi, long rlo, long rhi)
{
    uint64_t keep = 0;
    for (uint64_t m = cand[c]; m; m &= m - 1) {
        long d = __builtin_ctzll(m) + 1;
        if (d * w + rlo <= shi && d * w + rhi >= slo) keep |= m & (~m + 1);
    }
    return nonet__cons_keep(cand, c, keep);
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int kc = circle_cells(k), acc = 0;
    const int *arrow = k->cells + kc;
    long nlo, nhi, slo, shi;
    for (int i = 0; i < k->ncells; i++)
        if (!cand[k->cells[i]]) return -1;
    number_range(cand, k->cells, kc, &nlo, &nhi);
    if (nonet__cons_fold(&acc, nonet__cons_sum_within(cand, arrow, k->ncells - kc, (int)nlo,
                                                      nhi > 1 << 30 ? 1 << 30 : (int)nhi)))
        return -1;
    sum_range(cand, arrow, k->ncells - kc, &slo, &shi);
    long w = 1;
    for (int i = kc - 1; i >= 0; i--, w *= 10) {
        number_range(cand, k->cells, kc, &nlo, &nhi);
        uint64_t m = cand[k->cells[i]];
        long mine_lo = nonet__cons_lo(m) * w, mine_hi = nonet__cons_hi(m) * w;
        if (nonet__cons_fold(
                &acc, prune_digit(cand, k->cells[i], w, slo, shi, nlo - mine_lo, nhi - mine_hi)))
            return -1;
    }
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int kc = circle_cells(k);
    long number = 0, sum = 0;
    for (int i = 0; i < kc; i++) number = number * 10 + grid[k->cells[i]];
    for (int i = kc; i < k->ncells; i++) sum += grid[k->cells[i]];
    return number == sum;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)s;
    (void)cells;
    int kc = nvalues ? values[0] : 1;
    if (kc < 1 || kc > 4) return "a circle of 1 to 4 cells";
    return ncells <= kc ? "no cells on the arrow" : NULL;
}

const nonet__cons_type nonet__cons_arrow = {
    NONET_CONS_ARROW, "arrow", "arrow", 2, 0, 0, 1, valid, propagate, check, 0,
};
