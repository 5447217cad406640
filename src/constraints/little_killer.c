/*
 * little_killer.c - little killer sums: the digits of the cells on a
 * diagonal (outside the grid's clue, in order) add up to the clue; digits
 * may repeat (where the shape's houses allow). Pruned by exact reachable
 * sums: consecutive cells sharing a house (a box the diagonal crosses)
 * form a group of distinct digits, whose assignments are walked; a cell
 * keeps the digits of the assignments that the other groups' sums can
 * complete to the clue. Without such groups (or above 16x16), reachable
 * sums with repeats (nonet__cons_sum_exact).
 */
#include "constraints/constraints.h"

#include <stddef.h>
#include <string.h>

enum { MAX_GROUP = 3, MAX_GROUPS = 64 };

/* 1 when cells a and b share a house. */
static int share_house(const nonet_shape *s, int a, int b)
{
    for (int i = s->cell_house_at[a]; i < s->cell_house_at[a + 1]; i++)
        for (int j = s->cell_house_at[b]; j < s->cell_house_at[b + 1]; j++)
            if (s->cell_house[i] == s->cell_house[j]) return 1;
    return 0;
}

/* Splits the cells into groups of consecutive cells (at most MAX_GROUP)
 * that pairwise share a house, so hold distinct digits: group g is
 * cells[at[g] .. at[g + 1]). Returns the number of groups. */
static int groups_of(const nonet_shape *s, const int *cells, int ncells, int *at)
{
    int ng = 0;
    for (int i = 0; i < ncells; i++) {
        int j = ng ? at[ng - 1] : 0, fits = ng && i - j < MAX_GROUP;
        for (; fits && j < i; j++) fits = share_house(s, cells[j], cells[i]);
        if (!fits) at[ng++] = i;
    }
    at[ng] = ncells;
    return ng;
}

/* One group's walk over its distinct assignments. */
typedef struct walk {
    const uint64_t *cand;
    const int *cells;
    int to, nw, clue;
    uint64_t *sums;              /* mode sums: the group's sums are set here */
    const uint64_t *pre, *after; /* mode keep: what a sum must meet */
    signed char *live;           /* per sum: -1 unknown, 0, 1 */
    uint64_t pick[MAX_GROUP], keep[MAX_GROUP];
} walk;

/* 1 when some sum t of the groups before (pre) gives t + u in after. */
static int sum_live(walk *w, int u)
{
    if (u > w->clue) return 0;
    if (w->live[u] < 0) {
        uint64_t tmp[NONET__SUM_WORDS] = {0}, meet = 0;
        nonet__cons_sums_shift_or(tmp, w->pre, w->nw, u, 1);
        for (int i = 0; i < w->nw; i++) meet |= tmp[i] & w->after[i];
        w->live[u] = meet != 0;
    }
    return w->live[u];
}

static void walk_from(walk *w, int i, int at, uint64_t used, int sum)
{
    if (at == w->to) {
        if (w->sums) w->sums[sum / 64] |= 1ull << (sum % 64);
        else if (sum_live(w, sum))
            for (int j = 0; j < at - i; j++) w->keep[j] |= w->pick[j];
        return;
    }
    for (uint64_t m = w->cand[w->cells[at]] & ~used; m; m &= m - 1) {
        uint64_t bit = m & (~m + 1);
        w->pick[at - i] = bit;
        walk_from(w, i, at + 1, used | bit, sum + nonet__cons_lo(bit));
    }
}

/* Exact reachable sums with the digits of each group distinct (sums below
 * NONET__SUM_BITS): prefix sets pre[g] of the groups before g, suffix sets
 * back[g] (the t for which t plus the groups from g on can make the clue),
 * then each group's assignments kept when their sum joins the two. */
static int propagate_groups(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand,
                            const int *at, int ng)
{
    const int sum = k->values[0], nw = sum / 64 + 1;
    uint64_t pre[MAX_GROUPS + 1][NONET__SUM_WORDS], back[MAX_GROUPS + 1][NONET__SUM_WORDS];
    uint64_t gs[NONET__SUM_WORDS];
    signed char live[NONET__SUM_BITS];
    walk w = {cand, k->cells, 0, nw, sum, gs, NULL, NULL, live, {0}, {0}};
    memset(pre[0], 0, sizeof pre[0]);
    pre[0][0] = 1;
    memset(back[ng], 0, sizeof back[ng]);
    back[ng][sum / 64] = 1ull << (sum % 64);
    for (int g = 0; g < ng; g++) {
        memset(gs, 0, sizeof gs);
        w.to = at[g + 1];
        walk_from(&w, at[g], at[g], 0, 0);
        memset(pre[g + 1], 0, sizeof pre[g + 1]);
        for (int u = 0; u <= sum; u++)
            if (gs[u / 64] >> (u % 64) & 1) nonet__cons_sums_shift_or(pre[g + 1], pre[g], nw, u, 1);
    }
    if (!(pre[ng][sum / 64] >> (sum % 64) & 1)) return -1;
    for (int g = ng - 1; g >= 0; g--) {
        memset(gs, 0, sizeof gs);
        w.to = at[g + 1];
        walk_from(&w, at[g], at[g], 0, 0);
        memset(back[g], 0, sizeof back[g]);
        for (int u = 0; u <= sum; u++)
            if (gs[u / 64] >> (u % 64) & 1)
                nonet__cons_sums_shift_or(back[g], back[g + 1], nw, u, 0);
    }
    int acc = 0;
    w.sums = NULL;
    for (int g = 0; g < ng; g++) {
        memset(live, -1, (size_t)sum + 1);
        memset(w.keep, 0, sizeof w.keep);
        w.to = at[g + 1];
        w.pre = pre[g];
        w.after = back[g + 1];
        walk_from(&w, at[g], at[g], 0, 0);
        for (int i = at[g]; i < at[g + 1]; i++)
            if (nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], w.keep[i - at[g]])))
                return -1;
    }
    (void)ctx;
    return acc;
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    int at[MAX_GROUPS + 1], sum = k->values[0];
    if (k->ncells <= MAX_GROUPS && sum < NONET__SUM_BITS && ctx->n <= 16) {
        int ng = groups_of(ctx->s, k->cells, k->ncells, at);
        if (ng < k->ncells) return propagate_groups(ctx, k, cand, at, ng);
    }
    return nonet__cons_sum_exact(cand, k->cells, k->ncells, sum, sum);
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    int sum = 0;
    for (int i = 0; i < k->ncells; i++) sum += grid[k->cells[i]];
    return sum == k->values[0];
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)nvalues;
    for (int i = 1; i < ncells; i++) {
        int dr = cells[i] / s->n - cells[i - 1] / s->n, dc = cells[i] % s->n - cells[i - 1] % s->n;
        if ((dr != 1 && dr != -1) || (dc != 1 && dc != -1)) return "cells not along a diagonal";
    }
    return values[0] < 1 ? "a sum out of range" : NULL;
}

const nonet__cons_type nonet__cons_little_killer = {
    NONET_CONS_LITTLE_KILLER,
    "little-killer",
    "littlekillersum",
    1,
    0,
    1,
    1,
    valid,
    propagate,
    check,
    0,
};
