/*
 * little_killer.c - little killer sums: the digits of the cells on a
 * diagonal (outside the grid's clue, in order) add up to the clue; digits
 * may repeat (where the shape's houses allow). Pruned by reachable sums
 * (nonet__cons_sum_exact).
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    return nonet__cons_sum_exact(cand, k->cells, k->ncells, k->values[0], k->values[0]);
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int sum = 0;
    for (int i = 0; i < k->ncells; i++) sum += grid[k->cells[i]];
    return sum == k->values[0];
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)nvalues;
    for (int i = 1; i < ncells; i++) {
        int dr = cells[i] / s->n - cells[i - 1] / s->n, dc = cells[i] % s->n - cells[i - 1] % s->n;
        if ((dr != 1 && dr != -1) || (dc != 1 && dc != -1)) return "cells not along a diagonal";
    }
    return values[0] < 1 ? "a sum out of range" : NULL;
}

const nonet__cons_type nonet__cons_little_killer = {
    NONET_CONS_LITTLE_KILLER,
    "little-killer",
    "littlekillersum",
    1,
    0,
    1,
    1,
    valid,
    propagate,
    check,
    0,
};
