/*
 * thermo.c - thermometers: digits strictly increase from the bulb (the
 * first cell) along the line. Pruned by ranges: each cell above its
 * predecessor's least digit, below its successor's greatest.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int acc = 0, floor = 0, ceil = 65;
    for (int i = 0; i < k->ncells; i++) {
        int c = k->cells[i];
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, c, nonet__cons_range(floor + 1, 64))))
            return -1;
        floor = nonet__cons_lo(cand[c]);
    }
    for (int i = k->ncells - 1; i >= 0; i--) {
        int c = k->cells[i];
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, c, nonet__cons_range(1, ceil - 1))))
            return -1;
        ceil = nonet__cons_hi(cand[c]);
    }
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    for (int i = 1; i < k->ncells; i++)
        if (grid[k->cells[i]] <= grid[k->cells[i - 1]]) return 0;
    return 1;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    (void)values;
    (void)nvalues;
    return ncells > s->n ? "longer than the digits allow" : NULL;
}

const nonet__cons_type nonet__cons_thermo = {
    NONET_CONS_THERMO, "thermo", "thermometer", 2, 0, 0, 0, valid, propagate, check, 0,
};
