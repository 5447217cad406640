/*
 * extremum.c - minimum and maximum cells: each cell of the constraint holds
 * a digit below (above) every orthogonal neighbour's that is not itself a
 * minimum (maximum) cell, as f-puzzles and SudokuPad read them (Fortress
 * sudoku: neighbouring grey cells are not compared). Pruned by bounds
 * between the cell and each such neighbour.
 */
#include "constraints/constraints.h"

#include <stddef.h>

/* The orthogonal neighbours of c that are not cells of the same kind
 * (`kind` 1 minimum, 2 maximum, ctx->extremum) into nb; returns how many. */
static int neighbours(const nonet__cons_ctx *ctx, int c, int kind, int *nb)
{
    const int n = ctx->n, r = c / n, col = c % n;
    int around[4], m = 0, k = 0;
    if (r > 0) around[m++] = c - n;
    if (r + 1 < n) around[m++] = c + n;
    if (col > 0) around[m++] = c - 1;
    if (col + 1 < n) around[m++] = c + 1;
    for (int i = 0; i < m; i++)
        if (!(ctx->extremum[around[i]] & kind)) nb[k++] = around[i];
    return k;
}

/* Cell `small` below cell `big`: bounds both ways. */
static int below(uint64_t *cand, int small, int big)
{
    int acc = 0;
    if (!cand[small] || !cand[big]) return -1;
    if (nonet__cons_fold(
            &acc,
            nonet__cons_keep(cand, small, nonet__cons_range(1, nonet__cons_hi(cand[big]) - 1))))
        return -1;
    if (nonet__cons_fold(
            &acc,
            nonet__cons_keep(cand, big, nonet__cons_range(nonet__cons_lo(cand[small]) + 1, 64))))
        return -1;
    return acc;
}

static int extremes(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand, int max)
{
    int acc = 0, nb[4];
    for (int i = 0; i < k->ncells; i++) {
        int c = k->cells[i], count = neighbours(ctx, c, max ? 2 : 1, nb);
        for (int j = 0; j < count; j++)
            if (nonet__cons_fold(&acc, max ? below(cand, nb[j], c) : below(cand, c, nb[j])))
                return -1;
    }
    return acc;
}

static int prop_min(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return extremes(ctx, k, cand, 0);
}

static int prop_max(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    return extremes(ctx, k, cand, 1);
}

static int check_extremes(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                          const unsigned char *grid, int max)
{
    int nb[4];
    for (int i = 0; i < k->ncells; i++) {
        int c = k->cells[i], count = neighbours(ctx, c, max ? 2 : 1, nb);
        for (int j = 0; j < count; j++)
            if (max ? grid[nb[j]] >= grid[c] : grid[nb[j]] <= grid[c]) return 0;
    }
    return 1;
}

static int check_min(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                     const unsigned char *grid)
{
    return check_extremes(ctx, k, grid, 0);
}

static int check_max(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                     const unsigned char *grid)
{
    return check_extremes(ctx, k, grid, 1);
}

const nonet__cons_type nonet__cons_min = {
    NONET_CONS_MIN, "min", "minimum", 1, 0, 0, 0, NULL, prop_min, check_min, 1,
};

const nonet__cons_type nonet__cons_max = {
    NONET_CONS_MAX, "max", "maximum", 1, 0, 0, 0, NULL, prop_max, check_max, 1,
};
