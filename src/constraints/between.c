/*
 * between.c - between lines: the digits on the line lie strictly between
 * the digits of its two ends (its first and last cell). Pruned by bounds:
 * inner cells within the ends' extreme digits; an end keeps a digit when it
 * can be the lower end below every inner cell's least possible maximum, or
 * the upper end above their greatest least digit, with the other end able
 * to take the other side.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int acc = 0, last = k->ncells - 1, e1 = k->cells[0], e2 = k->cells[last];
    if (!cand[e1] || !cand[e2]) return -1;
    uint64_t ends = cand[e1] | cand[e2];
    uint64_t inner = nonet__cons_range(nonet__cons_lo(ends) + 1, nonet__cons_hi(ends) - 1);
    int low_cap = 65, high_floor = 0; /* lower end < low_cap, upper end > high_floor */
    for (int i = 1; i < last; i++) {
        int c = k->cells[i];
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, c, inner))) return -1;
        int lo = nonet__cons_lo(cand[c]), hi = nonet__cons_hi(cand[c]);
        low_cap = hi < low_cap ? hi : low_cap;
        high_floor = lo > high_floor ? lo : high_floor;
    }
    uint64_t low = nonet__cons_range(1, low_cap - 1), high = nonet__cons_range(high_floor + 1, 64);
    if (last == 1) low = high = ~0ull; /* no inner cell: the ends only differ */
    for (int side = 0; side < 2; side++) {
        int me = side ? e2 : e1, other = side ? e1 : e2;
        uint64_t keep = 0;
        for (uint64_t m = cand[me]; m; m &= m - 1) {
            int d = __builtin_ctzll(m) + 1;
            uint64_t bit = m & (~m + 1);
            if ((bit & low) && (cand[other] & high & nonet__cons_range(d + 1, 64))) keep |= bit;
            if ((bit & high) && (cand[other] & low & nonet__cons_range(1, d - 1))) keep |= bit;
        }
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, me, keep))) return -1;
    }
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int a = grid[k->cells[0]], b = grid[k->cells[k->ncells - 1]];
    int lo = a < b ? a : b, hi = a ^ b ^ lo;
    if (a == b) return 0;
    for (int i = 1; i + 1 < k->ncells; i++)
        if (grid[k->cells[i]] <= lo || grid[k->cells[i]] >= hi) return 0;
    return 1;
}

const nonet__cons_type nonet__cons_between = {
    NONET_CONS_BETWEEN, "between", "betweenline", 2, 0, 0, 0, NULL, propagate, check, 0,
};
