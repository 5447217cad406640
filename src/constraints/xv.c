/*
 * xv.c - XV: an X between two neighbours says their digits sum to 10, a V
 * that they sum to 5; the negative rule says neighbours without a mark sum
 * to neither (values: 1 X only, 2 V only, 3 both). Pruned by pair tables.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int prop_x(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return nonet__cons_pair(cand, k->cells[0], k->cells[1], ctx->x);
}

static int prop_v(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return nonet__cons_pair(cand, k->cells[0], k->cells[1], ctx->v);
}

static int check_x(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                   const unsigned char *grid)
{
    (void)ctx;
    return grid[k->cells[0]] + grid[k->cells[1]] == 10;
}

static int check_v(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                   const unsigned char *grid)
{
    (void)ctx;
    return grid[k->cells[0]] + grid[k->cells[1]] == 5;
}

static int negative(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    const int n = ctx->n;
    const uint64_t *rel = ctx->not_xv[nonet__cons_which(k)];
    int acc = 0;
    for (int c = 0; c < n * n; c++) {
        if (c % n + 1 < n && !ctx->xv[c * 2] &&
            nonet__cons_fold(&acc, nonet__cons_pair(cand, c, c + 1, rel)))
            return -1;
        if (c + n < n * n && !ctx->xv[c * 2 + 1] &&
            nonet__cons_fold(&acc, nonet__cons_pair(cand, c, c + n, rel)))
            return -1;
    }
    return acc;
}

/* Whether neighbours a and b (digits) keep the negative rule `which`. */
static int unmarked_ok(int which, int a, int b)
{
    return !((which & 1) && a + b == 10) && !((which & 2) && a + b == 5);
}

static int check_negative(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                          const unsigned char *grid)
{
    const int n = ctx->n, which = nonet__cons_which(k);
    for (int c = 0; c < n * n; c++) {
        if (c % n + 1 < n && !ctx->xv[c * 2] && !unmarked_ok(which, grid[c], grid[c + 1])) return 0;
        if (c + n < n * n && !ctx->xv[c * 2 + 1] && !unmarked_ok(which, grid[c], grid[c + n]))
            return 0;
    }
    return 1;
}

const nonet__cons_type nonet__cons_x = {
    NONET_CONS_X, "x", "xv", 2, 2, 0, 0, nonet__cons_neighbours, prop_x, check_x, 0,
};

const nonet__cons_type nonet__cons_v = {
    NONET_CONS_V, "v", "xv", 2, 2, 0, 0, nonet__cons_neighbours, prop_v, check_v, 0,
};

const nonet__cons_type nonet__cons_xv_negative = {
    NONET_CONS_XV_NEGATIVE,  "xv-negative", "negative",     0, 0, 0, 1,
    nonet__cons_which_valid, negative,      check_negative, 1,
};
