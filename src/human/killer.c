/*
 * killer.c - the steps of puzzles with constraints beyond the houses
 * (docs/CONSTRAINTS.md, "Human steps"): cage combinations, innies and
 * outies (the 45 rule) and the other constraint types' own rules. They are
 * nonet's extension of Sudoku Explainer's set, rated on its scale.
 *
 * - Cage Combinations: the cage's propagator (constraints/cage.c: the digit
 *   sets of its size and sum that its cells can hold, no repeat) run on the
 *   current candidates; what it removes is the step.
 * - Innies / Outies: a group of houses (one house, or 2..n-1 adjacent rows
 *   or columns) holds every digit once per house, so its cells sum to
 *   houses * n(n+1)/2. Less the cages wholly inside it, the cells left (the
 *   innies) have a known sum; when every cell of the group is caged, the
 *   cells the cages poking out of it leave outside (the outies) have one
 *   too. Up to four such cells are restricted by trying every assignment of
 *   their candidates with that sum, cells that see each other or share a
 *   cage holding different digits.
 * - Constraint Logic: any other constraint's propagator (thermometer,
 *   arrow, dots, ...) run on the current candidates.
 *
 * Every propagator is sound (it never removes a digit some solution of
 * that constraint uses), so every step is too; a propagator that finds a
 * contradiction gives no step (the state is broken, the engine says so).
 */
#include "human/human.h"

#include "constraints/constraints.h"
#include "core/shape.h"

#include <string.h>

/* Innies and outies restrict groups of at most this many cells. */
enum { MAX_GROUP = 4 };

/* Fills m (ncells) with each cell's candidates, a placed digit as its one. */
static void load_masks(const nonet__hctx *x, uint64_t *m)
{
    const nonet__hgrid *s = x->grid;
    for (int c = 0; c < x->geo->ncells; c++)
        m[c] = s->value[c] ? 1ull << (s->value[c] - 1) : s->cand[c];
}

/* The mask scratch: ncells uint64_t at the start of x->scratch. */
static uint64_t *mask_room(const nonet__hctx *x) { return (uint64_t *)(void *)x->scratch; }

/* Runs constraint k's propagator on the current candidates and emits what
 * it removes as a step of row t. */
static nonet__hfound emit_propagated(nonet__hctx *x, const nonet__htech *t,
                                     const nonet__constraint *k)
{
    uint64_t *m = mask_room(x);
    load_masks(x, m);
    if (nonet__cons_type_of(k->kind)->propagate(x->cons, k, m) <= 0) return NONET__HF_NONE;
    const nonet__hgrid *s = x->grid;
    int any = 0;
    for (int c = 0; c < x->geo->ncells && !any; c++) any = !s->value[c] && (s->cand[c] & ~m[c]);
    if (!any) return NONET__HF_NONE;
    nonet__step_begin(x, t);
    uint64_t digits = 0;
    for (int i = 0; i < k->ncells; i++) {
        nonet__step_cell(x, k->cells[i]);
        if (!s->value[k->cells[i]]) digits |= m[k->cells[i]];
    }
    x->step->pub.digits = digits;
    if (k->kind == NONET_CONS_CAGE && k->nvalues) x->step->pub.sum = k->values[0];
    for (int c = 0; c < x->geo->ncells; c++)
        if (!s->value[c]) nonet__step_elim_mask(x, c, s->cand[c] & ~m[c]);
    return nonet__hemit(x);
}

/* 1 when constraint k still has an empty cell (or covers the whole grid). */
static int open_constraint(const nonet__hctx *x, const nonet__constraint *k)
{
    if (!k->ncells) return 1;
    for (int i = 0; i < k->ncells; i++)
        if (!x->grid->value[k->cells[i]]) return 1;
    return 0;
}

nonet__hfound nonet__find_cage_combination(nonet__hctx *x, const nonet__htech *t)
{
    if (!x->cons) return NONET__HF_NONE;
    for (int i = 0; i < x->cons->count; i++) {
        const nonet__constraint *k = &x->cons->list[i];
        if (k->kind != NONET_CONS_CAGE || !open_constraint(x, k)) continue;
        nonet__hfound r = emit_propagated(x, t, k);
        if (r != NONET__HF_NONE) return r;
    }
    return NONET__HF_NONE;
}

nonet__hfound nonet__find_constraint_logic(nonet__hctx *x, const nonet__htech *t)
{
    if (!x->cons) return NONET__HF_NONE;
    for (int i = 0; i < x->cons->count; i++) {
        const nonet__constraint *k = &x->cons->list[i];
        if (k->kind == NONET_CONS_CAGE || !open_constraint(x, k)) continue;
        nonet__hfound r = emit_propagated(x, t, k);
        if (r != NONET__HF_NONE) return r;
    }
    return NONET__HF_NONE;
}

/* ------------------------------------------------------------------ */
/* Innies and outies                                                    */
/* ------------------------------------------------------------------ */

/* A group of cells with a known sum, being restricted. */
typedef struct sum_group {
    int ncells;
    int cell[MAX_GROUP];
    uint64_t mask[MAX_GROUP];     /* candidates (a placed digit as its one) */
    uint64_t feasible[MAX_GROUP]; /* digits some assignment gives the cell */
    int differ[MAX_GROUP];        /* bit j: cells i and j must differ */
    int digit[MAX_GROUP];         /* the assignment being tried (1-based) */
} sum_group;

/* Tries every assignment of cells i.. summing to `left`. */
static void try_assign(sum_group *gr, int i, int left)
{
    if (i >= gr->ncells || i >= MAX_GROUP) {
        if (left) return;
        for (int j = 0; j < gr->ncells; j++) gr->feasible[j] |= 1ull << (gr->digit[j] - 1);
        return;
    }
    int lo = 0, hi = 0; /* bounds of the cells after i */
    for (int j = i + 1; j < gr->ncells; j++) {
        lo += nonet__cons_lo(gr->mask[j]);
        hi += nonet__cons_hi(gr->mask[j]);
    }
    for (uint64_t m = gr->mask[i]; m; m &= m - 1) {
        int d = nonet__ctz(m) + 1, ok = left - d >= lo && left - d <= hi;
        for (int j = 0; ok && j < i; j++) ok = !(gr->differ[i] >> j & 1) || gr->digit[j] != d;
        if (!ok) continue;
        gr->digit[i] = d;
        try_assign(gr, i + 1, left - d);
    }
}

/* What innies and outies share while one state is searched. */
typedef struct sum_scan {
    nonet__hctx *x;
    const nonet__htech *t;
    int *cage_of; /* ncells: the summed cage holding each cell, or -1 */
    int *inside;  /* cages: cells of each cage in the group */
    unsigned char *in_group;
    int houses[64]; /* the group's houses */
    int nhouses;
} sum_scan;

/* Restricts cells (count k, sum `sum`) and emits the step when it removes
 * something. */
static nonet__hfound restrict_group(sum_scan *sc, const int *cells, int k, int sum)
{
    nonet__hctx *x = sc->x;
    const nonet__hgrid *s = x->grid;
    sum_group gr;
    memset(&gr, 0, sizeof gr);
    gr.ncells = k;
    int open = 0;
    for (int i = 0; i < k; i++) {
        int c = cells[i];
        gr.cell[i] = c;
        gr.mask[i] = s->value[c] ? 1ull << (s->value[c] - 1) : s->cand[c];
        open |= !s->value[c];
        for (int j = 0; j < i; j++)
            if (nonet__sees(x->geo, c, cells[j]) ||
                (sc->cage_of[c] >= 0 && sc->cage_of[c] == sc->cage_of[cells[j]])) {
                gr.differ[i] |= 1 << j;
                gr.differ[j] |= 1 << i;
            }
    }
    if (!open || sum < k) return NONET__HF_NONE;
    try_assign(&gr, 0, sum);
    int removes = 0;
    for (int i = 0; i < k; i++) {
        if (!gr.feasible[i]) return NONET__HF_NONE; /* a contradiction: no step */
        removes |= !s->value[gr.cell[i]] && (gr.mask[i] & ~gr.feasible[i]);
    }
    if (!removes) return NONET__HF_NONE;
    nonet__step_begin(x, sc->t);
    x->step->rating = sc->t->rating + 2 * (sc->nhouses - 1 < 5 ? sc->nhouses - 1 : 5);
    uint64_t digits = 0;
    for (int i = 0; i < k; i++) {
        nonet__step_cell(x, gr.cell[i]);
        if (!s->value[gr.cell[i]]) digits |= gr.feasible[i];
    }
    x->step->pub.digits = digits;
    x->step->pub.sum = sum;
    for (int h = 0; h < sc->nhouses; h++) nonet__step_base(x, sc->houses[h]);
    for (int i = 0; i < k; i++)
        if (!s->value[gr.cell[i]])
            nonet__step_elim_mask(x, gr.cell[i], gr.mask[i] & ~gr.feasible[i]);
    return nonet__hemit(x);
}

/* The 45 rule on the group of sc->houses: innies, or outies. */
static nonet__hfound scan_group(sum_scan *sc, int outies)
{
    const nonet__hgeo *g = sc->x->geo;
    const nonet__cons_ctx *cons = sc->x->cons;
    int n = g->n, total = sc->nhouses * n * (n + 1) / 2;
    memset(sc->in_group, 0, (size_t)g->ncells);
    for (int h = 0; h < sc->nhouses; h++)
        for (int i = 0; i < n; i++) sc->in_group[g->house[sc->houses[h] * n + i]] = 1;
    for (int j = 0; j < cons->count; j++) {
        const nonet__constraint *k = &cons->list[j];
        sc->inside[j] = 0;
        if (k->kind == NONET_CONS_CAGE && k->nvalues)
            for (int i = 0; i < k->ncells; i++) sc->inside[j] += sc->in_group[k->cells[i]];
    }
    int cells[MAX_GROUP], count = 0, sum = total, covered = 1;
    for (int c = 0; c < g->ncells; c++) {
        if (!sc->in_group[c]) continue;
        int j = sc->cage_of[c];
        if (j < 0) covered = 0;
        int whole = j >= 0 && sc->inside[j] == cons->list[j].ncells;
        if (!outies && !whole) {
            if (count == MAX_GROUP) return NONET__HF_NONE;
            cells[count++] = c;
        }
    }
    if (outies && !covered) return NONET__HF_NONE;
    for (int j = 0; j < cons->count; j++) {
        const nonet__constraint *k = &cons->list[j];
        if (!sc->inside[j]) continue;
        if (!outies) {
            if (sc->inside[j] == k->ncells) sum -= k->values[0];
            continue;
        }
        sum -= k->values[0]; /* outies: the cages touching the group, less the group */
        for (int i = 0; i < k->ncells; i++) {
            if (sc->in_group[k->cells[i]]) continue;
            if (count == MAX_GROUP) return NONET__HF_NONE;
            cells[count++] = k->cells[i];
        }
    }
    if (outies) sum = -sum;
    if (!count) return NONET__HF_NONE;
    return restrict_group(sc, cells, count, sum);
}

/* The house of kind `kind` numbered `no`, or -1. */
static int house_of(const nonet__hgeo *g, int kind, int no)
{
    for (int h = 0; h < g->nhouses; h++)
        if (g->shape->house_kind[h] == kind && g->shape->house_no[h] == no) return h;
    return -1;
}

/* Sets sc->cage_of; returns 0, or -1 when a cell lies in two summed cages
 * (the sums would be counted twice: no 45 rule then). */
static int map_cages(sum_scan *sc)
{
    const nonet__cons_ctx *cons = sc->x->cons;
    for (int c = 0; c < sc->x->geo->ncells; c++) sc->cage_of[c] = -1;
    for (int j = 0; j < cons->count; j++) {
        const nonet__constraint *k = &cons->list[j];
        if (k->kind != NONET_CONS_CAGE || !k->nvalues) continue;
        for (int i = 0; i < k->ncells; i++) {
            if (sc->cage_of[k->cells[i]] >= 0) return -1;
            sc->cage_of[k->cells[i]] = j;
        }
    }
    return 0;
}

nonet__hfound nonet__find_innies_outies(nonet__hctx *x, const nonet__htech *t)
{
    if (!x->cons || x->geo->n > 64) return NONET__HF_NONE;
    const nonet__hgeo *g = x->geo;
    int outies = (t->ask.how & NONET__ASK_OUTIES) != 0;
    size_t nc = (size_t)g->ncells;
    if (x->scratch_ints < 3 * nc + (size_t)x->cons->count) return NONET__HF_NONE;
    sum_scan sc = {x,   t, x->scratch, x->scratch + nc, (unsigned char *)(x->scratch + 2 * nc),
                   {0}, 0};
    if (map_cages(&sc)) return NONET__HF_NONE;
    for (int i = 0; i < g->nhouses; i++) { /* one house, in SE's order */
        sc.houses[0] = g->order_bcr[i];
        sc.nhouses = 1;
        nonet__hfound r = scan_group(&sc, outies);
        if (r != NONET__HF_NONE) return r;
    }
    for (int span = 2; span < g->n && span <= 64; span++) /* adjacent rows, then columns */
        for (int kind = NONET__ROW; kind <= NONET__COLUMN; kind++)
            for (int first = 0; first + span <= g->n; first++) {
                sc.nhouses = span;
                for (int h = 0; h < span; h++) sc.houses[h] = house_of(g, kind, first + h);
                if (sc.houses[0] < 0 || sc.houses[span - 1] < 0) continue;
                nonet__hfound r = scan_group(&sc, outies);
                if (r != NONET__HF_NONE) return r;
            }
    return NONET__HF_NONE;
}
