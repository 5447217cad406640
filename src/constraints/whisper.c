/*
 * whisper.c - German whispers: digits next to each other on the line differ
 * by at least the line's value, by default (N+1)/2 (5 on 9x9, 3 on 6x6).
 * Pruned by a pair table made for the line's difference.
 */
#include "constraints/constraints.h"

#include <stddef.h>

/* The least difference of line k on an n-digit grid. */
static int gap(const nonet__cons_ctx *ctx, const nonet__constraint *k)
{
    return k->nvalues ? k->values[0] : (ctx->n + 1) / 2;
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    uint64_t rel[64];
    int g = gap(ctx, k), acc = 0;
    for (int a = 1; a <= ctx->n; a++)
        rel[a - 1] = (nonet__cons_range(1, a - g) | nonet__cons_range(a + g, ctx->n)) & ctx->full;
    for (int i = 1; i < k->ncells; i++)
        if (nonet__cons_fold(&acc, nonet__cons_pair(cand, k->cells[i - 1], k->cells[i], rel)))
            return -1;
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    int g = gap(ctx, k);
    for (int i = 1; i < k->ncells; i++) {
        int d = grid[k->cells[i]] - grid[k->cells[i - 1]];
        if (d < g && -d < g) return 0;
    }
    return 1;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    (void)ncells;
    return nvalues && (values[0] < 1 || values[0] >= s->n) ? "a difference out of range" : NULL;
}

const nonet__cons_type nonet__cons_whisper = {
    NONET_CONS_WHISPER, "whisper", "whispers", 2, 0, 0, 1, valid, propagate, check, 0,
};
