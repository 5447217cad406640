/*
 * table.c - the one table of constraint types, in nonet_constraint_kind
 * order; the public names and nonet_puzzle_add_constraint (what a kind
 * takes); the per-run context the propagators share; the loops over a
 * puzzle's constraints that the engines call.
 */
#include "constraints/constraints.h"

#include "core/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const nonet__cons_type *const types[NONET_CONS_COUNT] = {
    &nonet__cons_cage,      &nonet__cons_little_killer, &nonet__cons_sandwich,
    &nonet__cons_thermo,    &nonet__cons_arrow,         &nonet__cons_white_dot,
    &nonet__cons_black_dot, &nonet__cons_dots_negative, &nonet__cons_x,
    &nonet__cons_v,         &nonet__cons_xv_negative,   &nonet__cons_whisper,
    &nonet__cons_renban,    &nonet__cons_palindrome,    &nonet__cons_between,
    &nonet__cons_odd,       &nonet__cons_even,          &nonet__cons_min,
    &nonet__cons_max,       &nonet__cons_quadruple,     &nonet__cons_region,
    &nonet__cons_clone,
};

const nonet__cons_type *nonet__cons_type_of(int k) { return types[k]; }

const char *nonet_constraint_name(nonet_constraint_kind kind)
{
    return (unsigned)kind < NONET_CONS_COUNT ? types[kind]->name : NULL;
}

int nonet_constraint_from_name(const char *name)
{
    for (int k = 0; name && k < NONET_CONS_COUNT; k++)
        if (strcmp(types[k]->name, name) == 0) return k;
    return -1;
}

/* NULL when the cells are on the grid and distinct, else why not. */
static const char *cells_problem(const nonet_shape *s, const int *cells, int ncells)
{
    for (int i = 0; i < ncells; i++) {
        if (cells[i] < 0 || cells[i] >= s->ncells) return "a cell outside the grid";
        for (int j = 0; j < i; j++)
            if (cells[j] == cells[i]) return "a cell listed twice";
    }
    return NULL;
}

nonet_status nonet_puzzle_add_constraint(nonet_puzzle *p, nonet_constraint_kind kind,
                                         const int *cells, int ncells, const int *values,
                                         int nvalues, nonet_error *err)
{
    if (!p || (unsigned)kind >= NONET_CONS_COUNT || ncells < 0 || nvalues < 0 ||
        (ncells && !cells) || (nvalues && !values))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "no puzzle, an unknown constraint kind "
                           "or no cells");
    const nonet__cons_type *t = types[kind];
    const nonet_shape *s = p->shape;
    const char *why = cells_problem(s, cells, ncells);
    if (!why && (ncells < t->min_cells || (t->max_cells && ncells > t->max_cells)))
        why = "a number of cells it does not take";
    if (!why && (nvalues < t->min_values || nvalues > t->max_values))
        why = "a number of values it does not take";
    if (!why && t->valid) why = t->valid(s, cells, ncells, values, nvalues);
    if (why) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "%s: %s", t->name, why);
    if (nonet__puzzle_push_constraint(p, kind, cells, ncells, values, nvalues))
        return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    return NONET_OK;
}

int nonet_puzzle_constraint_count(const nonet_puzzle *p) { return p->ncons; }

nonet_constraint_kind nonet_puzzle_constraint(const nonet_puzzle *p, int i, const int **cells,
                                              int *ncells, const int **values, int *nvalues)
{
    const nonet__constraint *k = &p->cons[i];
    if (cells) *cells = k->cells;
    if (ncells) *ncells = k->ncells;
    if (values) *values = k->values;
    if (nvalues) *nvalues = k->nvalues;
    return (nonet_constraint_kind)k->kind;
}

const char *nonet__cons_describe(const nonet_shape *s, const nonet__constraint *k, char *buf,
                                 size_t cap)
{
    int used = snprintf(buf, cap, "%s", types[k->kind]->name);
    for (int i = 0; i < k->nvalues && used > 0 && (size_t)used < cap; i++)
        used += snprintf(buf + used, cap - (size_t)used, " %d", k->values[i]);
    if (k->ncells && used > 0 && (size_t)used < cap)
        snprintf(buf + used, cap - (size_t)used, " at r%dc%d", k->cells[0] / s->n + 1,
                 k->cells[0] % s->n + 1);
    return buf;
}

/* ------------------------------------------------------------------ */
/* The run's context                                                    */
/* ------------------------------------------------------------------ */

/* The pair relations of an n-digit grid. The negative rules' tables are
 * indexed by their value (1, 2, 3: which marks the rule covers). */
static void build_relations(nonet__cons_ctx *x)
{
    for (int a = 1; a <= x->n; a++) {
        uint64_t white = 0, black = 0, ten = 0, five = 0;
        for (int b = 1; b <= x->n; b++) {
            uint64_t bit = 1ull << (b - 1);
            if (a - b == 1 || b - a == 1) white |= bit;
            if (a == 2 * b || b == 2 * a) black |= bit;
            if (a + b == 10) ten |= bit;
            if (a + b == 5) five |= bit;
        }
        x->white[a - 1] = white;
        x->black[a - 1] = black;
        x->x[a - 1] = ten;
        x->v[a - 1] = five;
        for (int which = 1; which <= 3; which++) {
            x->not_dots[which][a - 1] =
                x->full & ~((which & 1 ? white : 0) | (which & 2 ? black : 0));
            x->not_xv[which][a - 1] = x->full & ~((which & 1 ? ten : 0) | (which & 2 ? five : 0));
        }
    }
}

/* Marks the pair of a two-cell constraint in `pairs` (ncells * 2). */
static void mark_pair(const nonet__cons_ctx *x, unsigned char *pairs, const nonet__constraint *k)
{
    int a = k->cells[0] < k->cells[1] ? k->cells[0] : k->cells[1];
    int b = k->cells[0] ^ k->cells[1] ^ a;
    pairs[a * 2 + (b - a == x->n)] = 1;
}

/* The digit sets of every size and sum (n <= 16). Returns 0 when out of
 * memory. */
static int build_combos(nonet__cons_ctx *x)
{
    int n = x->n, stride;
    x->maxsum = n * (n + 1) / 2;
    stride = x->maxsum + 2;
    x->combo_at = calloc((size_t)(n + 1) * (size_t)stride + 1, sizeof *x->combo_at);
    x->combo = malloc(((size_t)1 << n) * sizeof *x->combo);
    if (!x->combo_at || !x->combo) return 0;
    for (unsigned m = 1; m < 1u << n; m++) {
        int k = __builtin_popcount(m), sum = 0;
        for (unsigned t = m; t; t &= t - 1) sum += __builtin_ctz(t) + 1;
        x->combo_at[k * stride + sum + 1]++;
    }
    for (int i = 1; i <= (n + 1) * stride; i++) x->combo_at[i] += x->combo_at[i - 1];
    int *fill = malloc((size_t)(n + 1) * (size_t)stride * sizeof *fill);
    if (!fill) return 0;
    memcpy(fill, x->combo_at, (size_t)(n + 1) * (size_t)stride * sizeof *fill);
    for (unsigned m = 1; m < 1u << n; m++) {
        int k = __builtin_popcount(m), sum = 0;
        for (unsigned t = m; t; t &= t - 1) sum += __builtin_ctz(t) + 1;
        x->combo[fill[k * stride + sum]++] = (uint16_t)m;
    }
    free(fill);
    return 1;
}

static int has_cage(const nonet_puzzle *p)
{
    for (int i = 0; i < p->ncons; i++)
        if (p->cons[i].kind == NONET_CONS_CAGE || p->cons[i].kind == NONET_CONS_SANDWICH) return 1;
    return 0;
}

nonet__cons_ctx *nonet__cons_ctx_new(const nonet_puzzle *p)
{
    const nonet_shape *s = p->shape;
    nonet__cons_ctx *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->s = s;
    x->n = s->n;
    x->full = s->full;
    x->list = p->cons;
    x->count = p->ncons;
    build_relations(x);
    x->dotted = calloc((size_t)s->ncells * 2, 1);
    x->xv = calloc((size_t)s->ncells * 2, 1);
    x->extremum = calloc((size_t)s->ncells, 1);
    if (!x->dotted || !x->xv || !x->extremum || (s->n <= 16 && has_cage(p) && !build_combos(x)) ||
        !nonet__cons_innies_build(x, p)) {
        nonet__cons_ctx_free(x);
        return NULL;
    }
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *k = &p->cons[i];
        if (k->kind == NONET_CONS_WHITE_DOT || k->kind == NONET_CONS_BLACK_DOT)
            mark_pair(x, x->dotted, k);
        if (k->kind == NONET_CONS_X || k->kind == NONET_CONS_V) mark_pair(x, x->xv, k);
        if (k->kind == NONET_CONS_MIN || k->kind == NONET_CONS_MAX)
            for (int j = 0; j < k->ncells; j++)
                x->extremum[k->cells[j]] |= k->kind == NONET_CONS_MIN ? 1 : 2;
    }
    return x;
}

void nonet__cons_ctx_free(nonet__cons_ctx *ctx)
{
    if (!ctx) return;
    free(ctx->dotted);
    free(ctx->xv);
    free(ctx->extremum);
    free(ctx->combo_at);
    free(ctx->combo);
    free(ctx->derived);
    free(ctx->derived_cells);
    free(ctx);
}

int nonet__cons_propagate_all(const nonet__cons_ctx *ctx, uint64_t *cand, const uint64_t *last)
{
    int acc = 0;
    for (int i = 0; i < ctx->count; i++) {
        const nonet__constraint *k = &ctx->list[i];
        const nonet__cons_type *t = types[k->kind];
        if (!t->reads_around && k->ncells && !nonet__cons_dirty(cand, last, k->cells, k->ncells))
            continue;
        if (nonet__cons_fold(&acc, t->propagate(ctx, k, cand))) return -1;
    }
    if (nonet__cons_fold(&acc, nonet__cons_innies_propagate(ctx, cand, last))) return -1;
    return acc;
}

int nonet__cons_check_all(const nonet__cons_ctx *ctx, const unsigned char *grid)
{
    for (int i = 0; i < ctx->count; i++) {
        const nonet__constraint *k = &ctx->list[i];
        if (!types[k->kind]->check(ctx, k, grid)) return i;
    }
    return -1;
}
