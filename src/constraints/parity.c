/*
 * parity.c - odd and even cells: each cell of the constraint holds an odd
 * (even) digit. Pruned by a mask.
 */
#include "constraints/constraints.h"

#include <stddef.h>

#define ODD_DIGITS 0x5555555555555555ull /* 1, 3, 5, ... */

static int keep_all(const nonet__constraint *k, uint64_t *cand, uint64_t mask)
{
    int acc = 0;
    for (int i = 0; i < k->ncells; i++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], mask))) return -1;
    return acc;
}

static int odd(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    return keep_all(k, cand, ODD_DIGITS);
}

static int even(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    return keep_all(k, cand, ~ODD_DIGITS);
}

static int all_parity(const nonet__constraint *k, const unsigned char *grid, int rest)
{
    for (int i = 0; i < k->ncells; i++)
        if (grid[k->cells[i]] % 2 != rest) return 0;
    return 1;
}

static int check_odd(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                     const unsigned char *grid)
{
    (void)ctx;
    return all_parity(k, grid, 1);
}

static int check_even(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                      const unsigned char *grid)
{
    (void)ctx;
    return all_parity(k, grid, 0);
}

const nonet__cons_type nonet__cons_odd = {
    NONET_CONS_ODD, "odd", "odd", 1, 0, 0, 0, NULL, odd, check_odd, 0,
};

const nonet__cons_type nonet__cons_even = {
    NONET_CONS_EVEN, "even", "even", 1, 0, 0, 0, NULL, even, check_even, 0,
};
