/*
 * region.c - extra regions: no digit repeats in the region; a region of N
 * cells holds every digit once, so a digit with one place left goes there.
 */
#include "constraints/constraints.h"

#include <stddef.h>

/* A digit with no place is a contradiction, with one place it goes there. */
static int hidden_singles(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    uint64_t once = 0, twice = 0;
    int acc = 0;
    for (int i = 0; i < k->ncells; i++) {
        twice |= once & cand[k->cells[i]];
        once |= cand[k->cells[i]];
    }
    if (once != ctx->full) return -1;
    for (uint64_t m = once & ~twice; m; m &= m - 1) {
        uint64_t bit = m & (~m + 1);
        for (int i = 0; i < k->ncells; i++)
            if ((cand[k->cells[i]] & bit) &&
                nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], bit)))
                return -1;
    }
    return acc;
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    int acc = 0;
    if (nonet__cons_fold(&acc, nonet__cons_distinct(cand, k->cells, k->ncells))) return -1;
    if (k->ncells == ctx->n && nonet__cons_fold(&acc, hidden_singles(ctx, k, cand))) return -1;
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    return nonet__cons_all_differ(grid, k->cells, k->ncells);
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    (void)values;
    (void)nvalues;
    return ncells > s->n ? "more cells than digits" : NULL;
}

const nonet__cons_type nonet__cons_region = {
    NONET_CONS_REGION, "region", "extraregion", 2, 0, 0, 0, valid, propagate, check, 0,
};
