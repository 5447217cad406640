/*
 * innies.c - sums the killer cages imply through the houses (the "45 rule"):
 * every house holds each digit once, so k houses sum to k * N(N+1)/2. For a
 * set of houses (each house alone, and runs of 2..N-1 adjacent rows or
 * columns):
 * - innies: the set's cells outside the summed cages lying wholly in it sum
 *   to the set's total minus those cages' sums;
 * - outies: when summed cages cover every cell of the set, the cells of
 *   those cages outside the set sum to the cages' sums minus the set's total.
 * Each such cell set of at most N cells (and not a cage itself) becomes a
 * derived sum, solved with the cage's combination lists when its cells share
 * a house (distinct digits), by bounds when not. Only "clean" cages count:
 * summed cages that share no cell with another summed cage. Derived sums are
 * implied by the cages and houses, so propagating them is sound.
 */
#include "constraints/constraints.h"

#include <stdlib.h>
#include <string.h>

typedef struct build {
    nonet__cons_ctx *x;
    const nonet_puzzle *p;
    int *cage_of;          /* ncells: the clean cage holding the cell, or -1 */
    unsigned char *in;     /* ncells: 1 inside the current set */
    unsigned char *inside; /* ncons: the cage lies wholly in the set */
    int *cells;            /* ncells scratch */
    int cap_sets, cap_cells, used_cells;
} build;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int has_house(const nonet_shape *s, int c, int h)
{
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
        if (s->cell_house[i] == h) return 1;
    return 0;
}

/* 1 when every cell shares one house. */
static int one_house(const nonet_shape *s, const int *cells, int ncells)
{
    for (int i = s->cell_house_at[cells[0]]; i < s->cell_house_at[cells[0] + 1]; i++) {
        int h = s->cell_house[i], j = 1;
        while (j < ncells && has_house(s, cells[j], h)) j++;
        if (j == ncells) return 1;
    }
    return 0;
}

/* Adds the derived sum of b->cells[0..ncells) unless it is empty, too big,
 * a clean cage or already known. Returns 0 when out of memory. */
static int add(build *b, int ncells, int sum)
{
    nonet__cons_ctx *x = b->x;
    if (ncells < 1 || ncells > x->n) return 1;
    int *cells = b->cells;
    qsort(cells, (size_t)ncells, sizeof *cells, cmp_int);
    int cage = b->cage_of[cells[0]];
    if (cage >= 0 && b->p->cons[cage].ncells == ncells) {
        int i = 1;
        while (i < ncells && b->cage_of[cells[i]] == cage) i++;
        if (i == ncells) return 1;
    }
    for (int d = 0; d < x->nderived; d++)
        if (x->derived[d].ncells == ncells &&
            !memcmp(x->derived_cells + x->derived[d].at, cells, (size_t)ncells * sizeof *cells))
            return 1;
    if (x->nderived == b->cap_sets) {
        b->cap_sets = b->cap_sets ? 2 * b->cap_sets : 64;
        void *m = realloc(x->derived, (size_t)b->cap_sets * sizeof *x->derived);
        if (!m) return 0;
        x->derived = m;
    }
    if (b->used_cells + ncells > b->cap_cells) {
        b->cap_cells = 2 * (b->cap_cells + ncells);
        void *m = realloc(x->derived_cells, (size_t)b->cap_cells * sizeof *x->derived_cells);
        if (!m) return 0;
        x->derived_cells = m;
    }
    memcpy(x->derived_cells + b->used_cells, cells, (size_t)ncells * sizeof *cells);
    nonet__derived *d = &x->derived[x->nderived++];
    d->at = b->used_cells;
    d->ncells = ncells;
    d->sum = sum;
    d->distinct = one_house(x->s, cells, ncells);
    b->used_cells += ncells;
    return 1;
}

/* The innies and outies of the set marked in b->in (k houses, `set` its
 * cells). Returns 0 when out of memory. */
static int derive(build *b, const int *set, int nset, int k)
{
    const nonet_puzzle *p = b->p;
    int total = k * b->x->n * (b->x->n + 1) / 2, inner = 0, touching = 0, covered = 1, nrem = 0;
    memset(b->inside, 0, (size_t)p->ncons);
    for (int i = 0; i < p->ncons; i++) {
        if (!p->cons[i].ncells || b->cage_of[p->cons[i].cells[0]] != i) continue;
        int in = 0;
        for (int j = 0; j < p->cons[i].ncells; j++) in += b->in[p->cons[i].cells[j]];
        if (!in) continue;
        touching += p->cons[i].values[0];
        if (in == p->cons[i].ncells) {
            b->inside[i] = 1;
            inner += p->cons[i].values[0];
        }
    }
    for (int i = 0; i < nset; i++) {
        int cage = b->cage_of[set[i]];
        if (cage < 0) covered = 0;
        if (cage < 0 || !b->inside[cage]) b->cells[nrem++] = set[i];
    }
    if (!add(b, nrem, total - inner)) return 0;
    if (!covered) return 1;
    int nout = 0;
    for (int i = 0; i < p->ncons; i++) {
        if (!p->cons[i].ncells || b->cage_of[p->cons[i].cells[0]] != i || b->inside[i]) continue;
        const nonet__constraint *k2 = &p->cons[i];
        int in = 0;
        for (int j = 0; j < k2->ncells; j++) in += b->in[k2->cells[j]];
        if (!in) continue;
        for (int j = 0; j < k2->ncells && nout <= b->x->n; j++)
            if (!b->in[k2->cells[j]]) b->cells[nout++] = k2->cells[j];
    }
    return nout > b->x->n || add(b, nout, touching - total);
}

/* Marks the houses of kind `kind` numbered lo..hi and derives from them. */
static int derive_run(build *b, int kind, int lo, int hi)
{
    const nonet_shape *s = b->x->s;
    int nset = 0, *set = b->cells + s->ncells;
    memset(b->in, 0, (size_t)s->ncells);
    for (int h = 0; h < s->nhouses; h++) {
        if (s->house_kind[h] != kind || s->house_no[h] < lo || s->house_no[h] > hi) continue;
        for (int i = 0; i < s->n; i++) {
            int c = s->house[(size_t)h * (size_t)s->n + (size_t)i];
            if (!b->in[c]) set[nset++] = c;
            b->in[c] = 1;
        }
    }
    /* b->cells is the builder's, freed by nonet__cons_innies_build: no leak here */
    return derive(b, set, nset, hi - lo + 1); // NOLINT(clang-analyzer-unix.Malloc)
}

int nonet__cons_innies_build(nonet__cons_ctx *x, const nonet_puzzle *p)
{
    const nonet_shape *s = p->shape;
    int nc = s->ncells, ok = 0, any = 0;
    build b = {x, p, NULL, NULL, NULL, NULL, 0, 0, 0};
    b.cage_of = malloc((size_t)nc * sizeof *b.cage_of);
    b.in = calloc((size_t)nc, 1);
    b.inside = calloc((size_t)p->ncons + 1, 1);
    b.cells = malloc((size_t)nc * 2 * sizeof *b.cells);
    if (!b.cage_of || !b.in || !b.inside || !b.cells) goto out;
    /* b.in counts the summed cages over each cell first */
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *k = &p->cons[i];
        if (k->kind != NONET_CONS_CAGE || !k->nvalues) continue;
        for (int j = 0; j < k->ncells; j++)
            if (b.in[k->cells[j]] < 2) b.in[k->cells[j]]++;
    }
    for (int c = 0; c < nc; c++) b.cage_of[c] = -1;
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *k = &p->cons[i];
        if (k->kind != NONET_CONS_CAGE || !k->nvalues) continue;
        int clean = 1;
        for (int j = 0; j < k->ncells; j++) clean &= b.in[k->cells[j]] == 1;
        if (!clean) continue;
        for (int j = 0; j < k->ncells; j++) b.cage_of[k->cells[j]] = i;
        any = 1;
    }
    ok = 1;
    if (!any) goto out;
    for (int h = 0; h < s->nhouses && ok; h++) {
        memset(b.in, 0, (size_t)nc);
        const int *set = s->house + (size_t)h * (size_t)s->n;
        for (int i = 0; i < s->n; i++) b.in[set[i]] = 1;
        ok = derive(&b, set, s->n, 1);
    }
    for (int kind = NONET__ROW; kind <= NONET__COLUMN; kind++)
        for (int len = 2; len < s->n && ok; len++)
            for (int lo = 0; lo + len <= s->n && ok; lo++)
                ok = derive_run(&b, kind, lo, lo + len - 1);
out:
    free(b.cage_of);
    free(b.in);
    free(b.inside);
    free(b.cells);
    return ok;
}

/* Pointing: a digit that every digit set of the sum holds must sit in one
 * of the cells; when the cells that can hold it share a house, it leaves
 * the rest of that house. */
static int point(const nonet__cons_ctx *x, uint64_t *cand, const int *cells, int ncells, int sum)
{
    const nonet_shape *s = x->s;
    if (!x->combo_at || ncells >= x->n || sum < 0 || sum > x->maxsum) return 0;
    uint64_t any = 0, req = x->full;
    for (int i = 0; i < ncells; i++) any |= cand[cells[i]];
    int at = ncells * (x->maxsum + 2) + sum, live = 0;
    for (int j = x->combo_at[at]; j < x->combo_at[at + 1]; j++)
        if (!(x->combo[j] & ~any)) {
            req &= x->combo[j];
            live = 1;
        }
    if (!live) return -1;
    int acc = 0;
    for (uint64_t m = req; m; m &= m - 1) {
        uint64_t d = m & (~m + 1);
        int hold[64], nhold = 0;
        for (int i = 0; i < ncells; i++)
            if (cand[cells[i]] & d) hold[nhold++] = cells[i];
        if (!nhold) return -1;
        for (int i = s->cell_house_at[hold[0]]; i < s->cell_house_at[hold[0] + 1]; i++) {
            int h = s->cell_house[i], j = 1;
            while (j < nhold && has_house(s, hold[j], h)) j++;
            if (j < nhold) continue;
            const int *hc = s->house + (size_t)h * (size_t)s->n;
            for (int q = 0; q < s->n; q++) {
                int c = hc[q], mine = 0;
                if (!(cand[c] & d)) continue;
                for (j = 0; j < nhold && !mine; j++) mine = hold[j] == c;
                if (mine) continue;
                if (nonet__cons_fold(&acc, nonet__cons_keep(cand, c, ~d))) return -1;
            }
        }
    }
    return acc;
}

int nonet__cons_innies_propagate(const nonet__cons_ctx *x, uint64_t *cand, const uint64_t *last)
{
    int acc = 0;
    for (int i = 0; i < x->count; i++) {
        const nonet__constraint *k = &x->list[i];
        if (k->kind != NONET_CONS_CAGE || !k->nvalues) continue;
        if (!nonet__cons_dirty(cand, last, k->cells, k->ncells)) continue;
        if (nonet__cons_fold(&acc, point(x, cand, k->cells, k->ncells, k->values[0]))) return -1;
    }
    for (int i = 0; i < x->nderived; i++) {
        const nonet__derived *d = &x->derived[i];
        const int *cells = x->derived_cells + d->at;
        if (!nonet__cons_dirty(cand, last, cells, d->ncells)) continue;
        int r = d->distinct ? nonet__cons_sum_distinct(x, cand, cells, d->ncells, d->sum, x->full)
                            : nonet__cons_sum_within(cand, cells, d->ncells, d->sum, d->sum);
        if (nonet__cons_fold(&acc, r)) return -1;
        if (d->distinct && nonet__cons_fold(&acc, point(x, cand, cells, d->ncells, d->sum)))
            return -1;
    }
    return acc;
}
