/*
 * renban.c - renban lines: the line's digits are distinct and form a run of
 * consecutive digits in any order. Pruned by windows: a run start is live
 * when every cell can take a digit of its window and the cells together can
 * take the whole window; a cell keeps the digits of the live windows.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    int acc = 0, len = k->ncells;
    if (nonet__cons_fold(&acc, nonet__cons_distinct(cand, k->cells, len))) return -1;
    uint64_t keep = 0;
    for (int start = 1; start + len - 1 <= ctx->n; start++) {
        uint64_t window = nonet__cons_range(start, start + len - 1), seen = 0;
        int i = 0;
        for (; i < len && (cand[k->cells[i]] & window); i++) seen |= cand[k->cells[i]] & window;
        if (i == len && seen == window) keep |= window;
    }
    for (int i = 0; i < len; i++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], keep))) return -1;
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int lo = 64, hi = 0;
    for (int i = 0; i < k->ncells; i++) {
        int d = grid[k->cells[i]];
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    return nonet__cons_all_differ(grid, k->cells, k->ncells) && hi - lo == k->ncells - 1;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    (void)values;
    (void)nvalues;
    return ncells > s->n ? "longer than the digits allow" : NULL;
}

const nonet__cons_type nonet__cons_renban = {
    NONET_CONS_RENBAN, "renban", "renban", 2, 0, 0, 0, valid, propagate, check, 0,
};
