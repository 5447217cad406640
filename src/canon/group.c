/*
 * group.c - the group a shape's puzzles are canonicalised under (see the
 * Equivalence section of nonet.h): the full band/stack group for plain
 * boxed shapes, else the symmetries of the square that map the shape onto
 * itself, found by mapping every house and link and looking for it.
 */
#include "canon/canon.h"

#include "core/error.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* The 8 symmetries of the square, the identity first. */
static const canon_d4 all_d4[8] = {
    {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1}, {1, 0, 0}, {1, 0, 1}, {1, 1, 0}, {1, 1, 1},
};

/* 1 when `shape` is boxed with nothing else: boxes, no variant, no group. */
static int plain_boxed(const nonet_shape *s)
{
    if (!s->box_rows || s->variants) return 0;
    int boxes = s->box_rows == 1 || s->box_cols == 1 ? 0 : s->n;
    return s->nhouses == 2 * s->n + boxes;
}

/* Source cell that target cell (r, c) reads under symmetry e of side n. */
static int d4_source(const canon_d4 *e, int n, int r, int c)
{
    int sr = e->flip_rows ? n - 1 - r : r, sc = e->flip_cols ? n - 1 - c : c;
    return e->transpose ? sc * n + sr : sr * n + sc;
}

/* Fills to[] with the target cell of every source cell under e. */
static void d4_map(const canon_d4 *e, int n, int *to)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) to[d4_source(e, n, r, c)] = r * n + c;
}

/* 1 when the cells `to` maps house h onto form a house of s. `mark` is
 * scratch of ncells ints holding no value equal to `stamp`. */
static int house_kept(const nonet_shape *s, const int *to, int h, int *mark, int stamp)
{
    const int *cells = s->house + (size_t)h * (size_t)s->n;
    for (int i = 0; i < s->n; i++) mark[to[cells[i]]] = stamp;
    int c0 = to[cells[0]];
    for (int k = s->cell_house_at[c0]; k < s->cell_house_at[c0 + 1]; k++) {
        const int *other = s->house + (size_t)s->cell_house[k] * (size_t)s->n;
        int i = 0;
        while (i < s->n && mark[other[i]] == stamp) i++;
        if (i == s->n) return 1;
    }
    return 0;
}

/* 1 when `to` maps every link of a CSR list (at, list) onto a link. */
static int links_kept(const nonet_shape *s, const int *to, const int *at, const int *list)
{
    for (int c = 0; c < s->ncells; c++)
        for (int k = at[c]; k < at[c + 1]; k++) {
            int a = to[c], b = to[list[k]], found = 0;
            for (int j = at[a]; j < at[a + 1] && !found; j++) found = list[j] == b;
            if (!found) return 0;
        }
    return 1;
}

/* 1 when symmetry e maps shape s onto itself. `to` and `mark` are scratch
 * of ncells ints. */
static int d4_keeps(const nonet_shape *s, const canon_d4 *e, int *to, int *mark)
{
    d4_map(e, s->n, to);
    for (int i = 0; i < s->ncells; i++) mark[i] = -1;
    for (int h = 0; h < s->nhouses; h++)
        if (!house_kept(s, to, h, mark, h)) return 0;
    return links_kept(s, to, s->xpeer_at, s->xpeer) && links_kept(s, to, s->adj_at, s->adj);
}

nonet_status nonet__canon_group_of(canon_group *g, const nonet_shape *s, nonet_error *err)
{
    memset(g, 0, sizeof *g);
    g->shape = s;
    g->n = s->n;
    if (plain_boxed(s)) {
        g->kind = CANON_GROUP_BOXED;
        g->box_rows = s->box_rows;
        g->box_cols = s->box_cols;
        g->transpose = s->box_rows == s->box_cols;
        return NONET_OK;
    }
    g->kind = CANON_GROUP_SMALL;
    g->reverse_only = (s->variants & NONET_VARIANT_NON_CONSECUTIVE) != 0;
    int to[2 * NONET_MAX_CELLS]; /* 32 KB of stack: no allocation per puzzle */
    for (int i = 0; i < 8; i++)
        if (d4_keeps(s, &all_d4[i], to, to + s->ncells)) g->d4[g->nd4++] = all_d4[i];
    (void)err;
    return NONET_OK;
}

void nonet__canon_d4_transform(const canon_d4 *e, int n, nonet_transform *t)
{
    t->size = n;
    t->transpose = e->transpose;
    for (int i = 0; i < n; i++) {
        t->rows[i] = (unsigned char)(e->flip_rows ? n - 1 - i : i);
        t->cols[i] = (unsigned char)(e->flip_cols ? n - 1 - i : i);
    }
}

/* ------------------------------------------------------------------ */
/* Membership                                                           */
/* ------------------------------------------------------------------ */

/* 1 when p[0..n-1] is a permutation of base..base+n-1. */
static int is_perm(const unsigned char *p, int n, int base)
{
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        int v = p[i] - base;
        if (v < 0 || v >= n || (seen >> v & 1)) return 0;
        seen |= 1ull << v;
    }
    return 1;
}

/* 1 when perm keeps blocks of `size`: each target block reads one source block. */
static int keeps_blocks(const unsigned char *perm, int n, int size)
{
    for (int b = 0; b < n; b += size)
        for (int i = 1; i < size; i++)
            if (perm[b + i] / size != perm[b] / size) return 0;
    return 1;
}

/* 1 when the digits of t are the identity or d -> n+1-d. */
static int identity_or_reverse(const nonet_transform *t)
{
    int id = 1, rev = 1;
    for (int d = 1; d <= t->size; d++) {
        id &= t->digits[d] == d;
        rev &= t->digits[d] == t->size + 1 - d;
    }
    return id || rev;
}

/* 1 when t's geometry is one of the group's symmetries of the square. */
static int is_group_d4(const canon_group *g, const nonet_transform *t)
{
    for (int i = 0; i < g->nd4; i++) {
        nonet_transform e;
        nonet__canon_d4_transform(&g->d4[i], g->n, &e);
        if (e.transpose == t->transpose && !memcmp(e.rows, t->rows, (size_t)g->n) &&
            !memcmp(e.cols, t->cols, (size_t)g->n))
            return 1;
    }
    return 0;
}

nonet_status nonet__canon_check(const canon_group *g, const nonet_transform *t, nonet_error *err)
{
    int n = g->n;
    if (t->size != n)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the transformation is for %dx%d, not %dx%d",
                           t->size, t->size, n, n);
    if (!is_perm(t->rows, n, 0) || !is_perm(t->cols, n, 0) || t->transpose < 0 || t->transpose > 1)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the rows or columns are not a permutation");
    if (t->digits[0] != 0 || !is_perm(t->digits + 1, n, 1))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the digits are not a permutation");
    if (g->kind == CANON_GROUP_BOXED) {
        if (t->transpose && !g->transpose)
            return nonet__fail(err, NONET_ERR_ARG, 0, 0, "boxes of %dx%d cannot be transposed",
                               g->box_rows, g->box_cols);
        if (!keeps_blocks(t->rows, n, g->box_rows) || !keeps_blocks(t->cols, n, g->box_cols))
            return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the transformation breaks the boxes");
        return NONET_OK;
    }
    if (!is_group_d4(g, t))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "the transformation is not a symmetry of this shape");
    if (g->reverse_only && !identity_or_reverse(t))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "non-consecutive puzzles only take the identity or d -> N+1-d");
    return NONET_OK;
}
