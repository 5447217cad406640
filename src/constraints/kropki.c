/*
 * kropki.c - kropki dots: a white dot between two neighbours says their
 * digits differ by 1, a black dot that one is twice the other; the negative
 * rule (all dots given) says neighbours without a dot are neither (values:
 * 1 white dots only, 2 black dots only, 3 both). Pruned by pair tables.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int white(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return nonet__cons_pair(cand, k->cells[0], k->cells[1], ctx->white);
}

static int black(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return nonet__cons_pair(cand, k->cells[0], k->cells[1], ctx->black);
}

/* Digits a and b (1..n) stand in relation rel. */
static int related(const uint64_t *rel, int a, int b) { return (int)(rel[a - 1] >> (b - 1) & 1); }

static int check_white(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                       const unsigned char *grid)
{
    return related(ctx->white, grid[k->cells[0]], grid[k->cells[1]]);
}

static int check_black(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                       const unsigned char *grid)
{
    return related(ctx->black, grid[k->cells[0]], grid[k->cells[1]]);
}

static int negative(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    const int n = ctx->n;
    const uint64_t *rel = ctx->not_dots[nonet__cons_which(k)];
    int acc = 0;
    for (int c = 0; c < n * n; c++) {
        if (c % n + 1 < n && !ctx->dotted[c * 2] &&
            nonet__cons_fold(&acc, nonet__cons_pair(cand, c, c + 1, rel)))
            return -1;
        if (c + n < n * n && !ctx->dotted[c * 2 + 1] &&
            nonet__cons_fold(&acc, nonet__cons_pair(cand, c, c + n, rel)))
            return -1;
    }
    return acc;
}

static int check_negative(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                          const unsigned char *grid)
{
    const int n = ctx->n;
    const uint64_t *rel = ctx->not_dots[nonet__cons_which(k)];
    for (int c = 0; c < n * n; c++) {
        if (c % n + 1 < n && !ctx->dotted[c * 2] && !related(rel, grid[c], grid[c + 1])) return 0;
        if (c + n < n * n && !ctx->dotted[c * 2 + 1] && !related(rel, grid[c], grid[c + n]))
            return 0;
    }
    return 1;
}

const nonet__cons_type nonet__cons_white_dot = {
    NONET_CONS_WHITE_DOT,   "white-dot", "difference", 2, 2, 0, 0,
    nonet__cons_neighbours, white,       check_white,  0,
};

const nonet__cons_type nonet__cons_black_dot = {
    NONET_CONS_BLACK_DOT,   "black-dot", "ratio",     2, 2, 0, 0,
    nonet__cons_neighbours, black,       check_black, 0,
};

const nonet__cons_type nonet__cons_dots_negative = {
    NONET_CONS_DOTS_NEGATIVE, "dots-negative", "negative",     0, 0, 0, 1,
    nonet__cons_which_valid,  negative,        check_negative, 1,
};
