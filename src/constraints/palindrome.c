/*
 * palindrome.c - palindrome lines: the line reads the same from both ends,
 * so its i-th cell and its i-th from the end hold the same digit. Pruned by
 * intersecting the two cells' candidates.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int acc = 0;
    for (int i = 0, j = k->ncells - 1; i < j; i++, j--) {
        uint64_t both = cand[k->cells[i]] & cand[k->cells[j]];
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], both)) ||
            nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[j], both)))
            return -1;
    }
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    for (int i = 0, j = k->ncells - 1; i < j; i++, j--)
        if (grid[k->cells[i]] != grid[k->cells[j]]) return 0;
    return 1;
}

const nonet__cons_type nonet__cons_palindrome = {
    NONET_CONS_PALINDROME, "palindrome", "palindrome", 2, 0, 0, 0, NULL, propagate, check, 0,
};
