/*
 * cage.c - killer cages: distinct digits, summing to the cage's number when
 * it has one. Sums are pruned through the lists of digit sets of each size
 * and sum (the context's combinations): a set is live when every cell can
 * take one of its digits and the cells together can take all of them; a
 * cell keeps the digits of the live sets.
 */
#include "constraints/constraints.h"

#include <stddef.h>

/* Bounds only (grids above 16x16, where no lists are built). */
static int sum_by_bounds(uint64_t *cand, const int *cells, int ncells, int sum)
{
    return nonet__cons_sum_within(cand, cells, ncells, sum, sum);
}

int nonet__cons_sum_distinct(const nonet__cons_ctx *ctx, uint64_t *cand, const int *cells,
                             int ncells, int sum, uint64_t digits)
{
    int acc = 0;
    for (int i = 0; i < ncells; i++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, cells[i], digits))) return -1;
    if (ncells > ctx->n || sum < 0 || (ctx->combo_at && sum > ctx->maxsum)) return -1;
    if (!ctx->combo_at || ncells > 16) {
        int r = sum_by_bounds(cand, cells, ncells, sum);
        return r < 0 ? -1 : (acc | r);
    }
    uint64_t keep[16] = {0}, live = 0;
    int stride = ctx->maxsum + 2, at = ncells * stride + sum;
    for (int j = ctx->combo_at[at]; j < ctx->combo_at[at + 1]; j++) {
        uint64_t set = ctx->combo[j], seen = 0;
        if (set & ~digits) continue;
        int i = 0;
        for (; i < ncells && (cand[cells[i]] & set); i++) seen |= cand[cells[i]] & set;
        if (i < ncells || seen != set) continue;
        for (i = 0; i < ncells; i++) keep[i] |= cand[cells[i]] & set;
        live = 1;
    }
    if (!live) return -1;
    for (int i = 0; i < ncells; i++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, cells[i], keep[i]))) return -1;
    return acc;
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    int acc = 0;
    if (nonet__cons_fold(&acc, nonet__cons_distinct(cand, k->cells, k->ncells))) return -1;
    if (!k->nvalues) return acc;
    int r = nonet__cons_sum_distinct(ctx, cand, k->cells, k->ncells, k->values[0], ctx->full);
    return r < 0 ? -1 : (acc | r);
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int sum = 0;
    for (int i = 0; i < k->ncells; i++) sum += grid[k->cells[i]];
    return nonet__cons_all_differ(grid, k->cells, k->ncells) &&
           (!k->nvalues || sum == k->values[0]);
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    if (ncells > s->n) return "more cells than digits";
    if (nvalues && (values[0] < 1 || values[0] > s->n * (s->n + 1) / 2))
        return "a sum out of range";
    return NULL;
}

const nonet__cons_type nonet__cons_cage = {
    NONET_CONS_CAGE, "cage", "killercage", 1, 0, 0, 1, valid, propagate, check, 0,
};
