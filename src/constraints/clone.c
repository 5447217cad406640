/*
 * clone.c - clones: two areas of the same shape hold the same digits in the
 * same places; the 2k cells list the first area, then the second in the
 * matching order, so cell i and cell k + i are equal. Pruned by
 * intersecting their candidates.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int acc = 0, half = k->ncells / 2;
    for (int i = 0; i < half; i++) {
        int a = k->cells[i], b = k->cells[half + i];
        uint64_t both = cand[a] & cand[b];
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, a, both)) ||
            nonet__cons_fold(&acc, nonet__cons_keep(cand, b, both)))
            return -1;
    }
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int half = k->ncells / 2;
    for (int i = 0; i < half; i++)
        if (grid[k->cells[i]] != grid[k->cells[half + i]]) return 0;
    return 1;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)s;
    (void)cells;
    (void)values;
    (void)nvalues;
    return ncells % 2 ? "an odd number of cells (two areas of k cells each)" : NULL;
}

const nonet__cons_type nonet__cons_clone = {
    NONET_CONS_CLONE, "clone", "clone", 2, 0, 0, 0, valid, propagate, check, 0,
};
