/*
 * sandwich.c - sandwich sums: on a whole row or column (its cells in order),
 * the digits between the 1 and the N add up to the clue. A placement of the
 * 1 and the N is live when the cells between can hold distinct digits from
 * 2..N-1 with that sum. Up to 16x16, through the combination lists:
 * a placement and a digit set of its inside are live together when the
 * inside can hold the set and the outside the other middle digits; every
 * cell keeps what the live pairs give it (so the 1 and the N keep only the
 * places some gap reaching the sum allows, and the outside keeps the
 * digits no inside set needs). Above, by bounds: the 1 and the N keep only
 * live places, and when one placement is left its inside is pruned as a
 * cage of middle digits.
 */
#include "constraints/constraints.h"

#include <stddef.h>
#include <string.h>

/* Whether the cells strictly between positions i and j (i < j) of the line
 * can hold distinct middle digits summing to sum: a count and bounds test. */
static int inside_possible(const int *line, int i, int j, int sum, int n, const uint64_t *cand,
                           uint64_t mid)
{
    int k = j - i - 1, least = 0, most = 0;
    if (k == 0) return sum == 0;
    if (k > n - 2 || sum < k * (k + 3) / 2 || sum > k * (2 * n - 1 - k) / 2) return 0;
    for (int p = i + 1; p < j; p++) {
        uint64_t m = cand[line[p]] & mid;
        if (!m) return 0;
        least += nonet__cons_lo(m);
        most += nonet__cons_hi(m);
    }
    return least <= sum && sum <= most;
}

/* 1 when every cell of line[from..to) but those of [skip_from..skip_to)
 * can hold a digit of `set` and they together can hold all of it (a
 * necessary test for the cells to hold exactly the digits of `set`, one
 * each); the digits each can hold are or-ed into keep[] at the same
 * positions. */
static int holds_set(const uint64_t *cand, const int *line, int from, int to, int skip_from,
                     int skip_to, uint64_t set, uint64_t *keep)
{
    uint64_t seen = 0;
    for (int p = from; p < to; p++) {
        if (p == skip_from) p = skip_to;
        if (p >= to) break;
        uint64_t m = cand[line[p]] & set;
        if (!m) return 0;
        seen |= m;
        keep[p] |= m;
    }
    return seen == set;
}

/* The exact pass (n <= 16, combination lists built): a placement of the 1
 * and the N with one digit set of its inside (middle digits summing to the
 * clue, the set's size the gap) is live when the 1 and N can go there, the
 * inside cells can hold that set and the outside cells the rest of the
 * middle digits (holds_set); each cell keeps what some live placement and
 * set give it. */
static int propagate_sets(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    const int n = ctx->n, *line = k->cells, sum = k->values[0];
    const uint64_t one = 1, big = 1ull << (n - 1), mid = ctx->full & ~(one | big);
    uint64_t keep[64] = {0}, trial[64];
    int live = 0, stride = ctx->maxsum + 2;
    if (sum > ctx->maxsum) return -1;
    for (int a = 0; a < n; a++) {
        if (!(cand[line[a]] & one)) continue;
        for (int b = 0; b < n; b++) {
            if (b == a || !(cand[line[b]] & big)) continue;
            int i = a < b ? a : b, j = a ^ b ^ i, gap = j - i - 1, at = gap * stride + sum;
            /* an empty gap: the one (empty) set, when the clue is 0 */
            int q = gap ? ctx->combo_at[at] : sum ? 1 : 0, end = gap ? ctx->combo_at[at + 1] : 1;
            for (; q < end; q++) {
                uint64_t set = gap ? ctx->combo[q] : 0;
                if (set & ~mid) continue;
                memset(trial, 0, (size_t)n * sizeof *trial);
                if (!holds_set(cand, line, i + 1, j, j, j, set, trial) ||
                    !holds_set(cand, line, 0, n, i, j + 1, mid & ~set, trial))
                    continue;
                trial[a] = one;
                trial[b] = big;
                for (int p = 0; p < n; p++) keep[p] |= trial[p];
                live = 1;
            }
        }
    }
    if (!live) return -1;
    int acc = 0;
    for (int p = 0; p < n; p++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, line[p], keep[p]))) return -1;
    return acc;
}

/* The bounds pass (grids above 16x16): placements by a count and bounds
 * test; one placement left prunes its inside as a cage. */
static int propagate_bounds(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    const int n = ctx->n, *line = k->cells, sum = k->values[0];
    const uint64_t one = 1, big = 1ull << (n - 1), mid = ctx->full & ~(one | big);
    uint64_t may_one = 0, may_big = 0; /* positions (bits) */
    int live = 0, li = 0, lj = 0;
    for (int a = 0; a < n; a++) {
        if (!(cand[line[a]] & one)) continue;
        for (int b = 0; b < n; b++) {
            if (b == a || !(cand[line[b]] & big)) continue;
            int i = a < b ? a : b, j = a ^ b ^ i;
            if (!inside_possible(line, i, j, sum, n, cand, mid)) continue;
            may_one |= 1ull << a;
            may_big |= 1ull << b;
            live++;
            li = i;
            lj = j;
        }
    }
    if (!live) return -1;
    int acc = 0;
    for (int p = 0; p < n; p++) {
        uint64_t drop = (may_one >> p & 1 ? 0 : one) | (may_big >> p & 1 ? 0 : big);
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, line[p], ~drop))) return -1;
    }
    if (live == 1 && lj - li > 1) {
        int r = nonet__cons_sum_distinct(ctx, cand, line + li + 1, lj - li - 1, sum, mid);
        if (r < 0) return -1;
        acc |= r;
    }
    return acc;
}

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    if (ctx->combo_at && ctx->n <= 16) return propagate_sets(ctx, k, cand);
    return propagate_bounds(ctx, k, cand);
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    int a = -1, b = -1, sum = 0;
    for (int p = 0; p < ctx->n; p++) {
        if (grid[k->cells[p]] == 1) a = p;
        if (grid[k->cells[p]] == ctx->n) b = p;
    }
    if (a < 0 || b < 0) return 0;
    for (int p = (a < b ? a : b) + 1; p < (a < b ? b : a); p++) sum += grid[k->cells[p]];
    return sum == k->values[0];
}

/* The cells must be one row or one column, in order either way. */
static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)nvalues;
    int n = s->n;
    if (ncells != n) return "not a whole row or column";
    int step = cells[1] - cells[0];
    if (step != 1 && step != -1 && step != n && step != -n) return "not a whole row or column";
    for (int i = 1; i < n; i++)
        if (cells[i] - cells[i - 1] != step) return "not a whole row or column";
    if ((step == 1 || step == -1) && cells[0] / n != cells[n - 1] / n)
        return "not a whole row or column";
    return values[0] < 0 ? "a sum out of range" : NULL;
}

const nonet__cons_type nonet__cons_sandwich = {
    NONET_CONS_SANDWICH, "sandwich", "sandwichsum", 4, 0, 1, 1, valid, propagate, check, 0,
};
