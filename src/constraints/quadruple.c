/*
 * quadruple.c - quadruples: the clue's digits (1 to 4, a digit listed twice
 * appears twice) all appear among the cells around it. Pruned by places:
 * fewer places than a digit's count is a contradiction, exactly as many
 * fixes it there; when the clue's digits fill the cells, the cells keep only
 * them.
 */
#include "constraints/constraints.h"

#include <stddef.h>

static int propagate(const nonet__cons_ctx *ctx, const nonet__constraint *k, uint64_t *cand)
{
    (void)ctx;
    int acc = 0, need[65] = {0};
    uint64_t digits = 0;
    for (int i = 0; i < k->nvalues; i++) {
        need[k->values[i]]++;
        digits |= 1ull << (k->values[i] - 1);
    }
    for (uint64_t m = digits; m; m &= m - 1) {
        int d = __builtin_ctzll(m) + 1, places = 0;
        uint64_t bit = m & (~m + 1);
        for (int i = 0; i < k->ncells; i++) places += (cand[k->cells[i]] & bit) != 0;
        if (places < need[d]) return -1;
        for (int i = 0; places == need[d] && i < k->ncells; i++)
            if ((cand[k->cells[i]] & bit) &&
                nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], bit)))
                return -1;
    }
    for (int i = 0; k->nvalues == k->ncells && i < k->ncells; i++)
        if (nonet__cons_fold(&acc, nonet__cons_keep(cand, k->cells[i], digits))) return -1;
    return acc;
}

static int check(const nonet__cons_ctx *ctx, const nonet__constraint *k, const unsigned char *grid)
{
    (void)ctx;
    for (int i = 0; i < k->nvalues; i++) {
        int d = k->values[i], need = 0, have = 0;
        for (int j = 0; j < k->nvalues; j++) need += k->values[j] == d;
        for (int j = 0; j < k->ncells; j++) have += grid[k->cells[j]] == d;
        if (have < need) return 0;
    }
    return 1;
}

static const char *valid(const nonet_shape *s, const int *cells, int ncells, const int *values,
                         int nvalues)
{
    (void)cells;
    if (nvalues > ncells) return "more digits than cells";
    for (int i = 0; i < nvalues; i++)
        if (values[i] < 1 || values[i] > s->n) return "a digit out of range";
    return NULL;
}

const nonet__cons_type nonet__cons_quadruple = {
    NONET_CONS_QUADRUPLE, "quadruple", "quadruple", 1, 4, 1, 4, valid, propagate, check, 0,
};
