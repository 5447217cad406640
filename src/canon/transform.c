/*
 * transform.c - transformations as plain data (nonet_transform): identity,
 * membership in a shape's group, applying to cells and puzzles, composing,
 * inverting, and drawing one at random from a seed (the shuffle).
 */
#include "canon/canon.h"

#include "core/bits.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "core/rng.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

void nonet_transform_identity(nonet_transform *t, int size)
{
    memset(t, 0, sizeof *t);
    if (size < NONET_MIN_SIZE || size > NONET_MAX_SIZE) return;
    t->size = size;
    for (int i = 0; i < size; i++) t->rows[i] = t->cols[i] = (unsigned char)i;
    for (int d = 0; d <= size; d++) t->digits[d] = (unsigned char)d;
}

nonet_status nonet_transform_check(const nonet_transform *t, const nonet_shape *shape,
                                   nonet_error *err)
{
    if (!t || !shape) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no transformation or shape");
    canon_group g;
    nonet_status st = nonet__canon_group_of(&g, shape, err);
    return st ? st : nonet__canon_check(&g, t, err);
}

void nonet__canon_apply(const nonet_transform *t, const unsigned char *in, unsigned char *out)
{
    int n = t->size;
    for (int r = 0; r < n; r++) {
        const unsigned char *src = in + (size_t)t->rows[r] * (size_t)(t->transpose ? 1 : n);
        size_t step = t->transpose ? (size_t)n : 1;
        for (int c = 0; c < n; c++) out[r * n + c] = t->digits[src[t->cols[c] * step]];
    }
}

nonet_status nonet_transform_apply(const nonet_transform *t, const nonet_shape *shape,
                                   const unsigned char *in, unsigned char *out, nonet_error *err)
{
    if (!in || !out) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no cells");
    nonet_status st = nonet_transform_check(t, shape, err);
    if (st) return st;
    for (int i = 0; i < shape->ncells; i++)
        if (in[i] > shape->n)
            return nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d holds %d, outside 0..%d", i,
                               in[i], shape->n);
    nonet__canon_apply(t, in, out);
    return NONET_OK;
}

/* 1 when t is made of permutations of its size. */
static int well_formed(const nonet_transform *t)
{
    int n = t->size;
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE || t->transpose < 0 || t->transpose > 1) return 0;
    uint64_t r = 0, c = 0, d = 0;
    for (int i = 0; i < n; i++) {
        if (t->rows[i] >= n || t->cols[i] >= n || t->digits[i + 1] < 1 || t->digits[i + 1] > n)
            return 0;
        r |= 1ull << t->rows[i];
        c |= 1ull << t->cols[i];
        d |= 1ull << (t->digits[i + 1] - 1);
    }
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    return t->digits[0] == 0 && r == all && c == all && d == all;
}

nonet_status nonet_transform_compose(const nonet_transform *a, const nonet_transform *b,
                                     nonet_transform *out, nonet_error *err)
{
    if (!a || !b || !out) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no transformation");
    if (!well_formed(a) || !well_formed(b) || a->size != b->size)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the transformations do not compose");
    /* b reads a's output: target (r,c) of b <- (b.rows[r], b.cols[c]) of a's
     * output, read transposed when b transposes; that cell of a's output
     * reads a's source. Work out where each target row and column comes
     * from, in a's source. */
    nonet_transform t;
    int n = a->size;
    t.size = n;
    t.transpose = a->transpose ^ b->transpose;
    for (int i = 0; i < n; i++) {
        /* with b transposing, target row i reads a's output column b->rows[i] */
        t.rows[i] = b->transpose ? a->cols[b->rows[i]] : a->rows[b->rows[i]];
        t.cols[i] = b->transpose ? a->rows[b->cols[i]] : a->cols[b->cols[i]];
    }
    t.digits[0] = 0;
    for (int d = 1; d <= n; d++) t.digits[d] = b->digits[a->digits[d]];
    memset(t.rows + n, 0, sizeof t.rows - (size_t)n);
    memset(t.cols + n, 0, sizeof t.cols - (size_t)n);
    memset(t.digits + n + 1, 0, sizeof t.digits - (size_t)n - 1);
    *out = t;
    return NONET_OK;
}

nonet_status nonet_transform_invert(const nonet_transform *t, nonet_transform *out,
                                    nonet_error *err)
{
    if (!t || !out) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no transformation");
    if (!well_formed(t)) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "not a transformation");
    nonet_transform v;
    int n = t->size;
    memset(&v, 0, sizeof v);
    v.size = n;
    v.transpose = t->transpose;
    /* t: target (r,c) <- source (rows[r], cols[c]) (transposed: source
     * (cols[c], rows[r])). The inverse reads the target: source row x sits
     * at target row inv(rows)[x] (or target column when transposed). */
    for (int i = 0; i < n; i++) {
        if (t->transpose) {
            v.rows[t->cols[i]] = (unsigned char)i;
            v.cols[t->rows[i]] = (unsigned char)i;
        } else {
            v.rows[t->rows[i]] = (unsigned char)i;
            v.cols[t->cols[i]] = (unsigned char)i;
        }
    }
    for (int d = 1; d <= n; d++) v.digits[t->digits[d]] = (unsigned char)d;
    *out = v;
    return NONET_OK;
}

/* Moves p's candidates by t into the new puzzle q. */
static void move_candidates(const nonet_puzzle *p, const nonet_transform *t, nonet_puzzle *q)
{
    int n = p->shape->n;
    uint64_t *tmp = q->cands;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int sr = t->transpose ? t->cols[c] : t->rows[r];
            int sc = t->transpose ? t->rows[r] : t->cols[c];
            uint64_t m = p->cands[sr * n + sc], out = 0;
            for (; m; m &= m - 1) out |= 1ull << (t->digits[nonet__ctz(m) + 1] - 1);
            tmp[r * n + c] = out;
        }
}

nonet_puzzle *nonet_puzzle_transform(const nonet_puzzle *p, const nonet_transform *t,
                                     nonet_error *err)
{
    if (!p) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no puzzle");
        return NULL;
    }
    if (nonet_transform_check(t, p->shape, err) || nonet__canon_cons_check(p, t, err)) return NULL;
    nonet_puzzle *q = nonet__puzzle_alloc(p->shape, 0);
    if (q && p->cands) q->cands = malloc((size_t)p->shape->ncells * sizeof *q->cands);
    if (q && p->comment && nonet__puzzle_set_comment(q, p->comment, strlen(p->comment))) {
        nonet_puzzle_free(q);
        q = NULL;
    }
    if (q && nonet__canon_cons_move(p, t, q)) {
        nonet_puzzle_free(q);
        q = NULL;
    }
    if (!q || (p->cands && !q->cands)) {
        nonet_puzzle_free(q);
        nonet__canon_nomem(err);
        return NULL;
    }
    nonet__canon_apply(t, p->cells, q->cells);
    if (p->cands) move_candidates(p, t, q);
    q->line = p->line;
    q->index = p->index;
    q->format = p->format;
    nonet__puzzle_set_source(q, nonet_puzzle_source(p));
    memcpy(q->alphabet, p->alphabet, sizeof q->alphabet);
    return q;
}

/* ------------------------------------------------------------------ */
/* Random elements                                                      */
/* ------------------------------------------------------------------ */

/* Fills perm with a uniform permutation of blocks of `size` (the blocks
 * shuffled, and the items inside each block shuffled). */
static void random_blocks(nonet__rng *r, unsigned char *perm, int n, int size)
{
    int blocks[NONET_MAX_SIZE], inner[NONET_MAX_SIZE];
    int nb = n / size;
    for (int b = 0; b < nb; b++) blocks[b] = b;
    nonet__rng_shuffle(r, blocks, nb);
    for (int b = 0; b < nb; b++) {
        for (int i = 0; i < size; i++) inner[i] = blocks[b] * size + i;
        nonet__rng_shuffle(r, inner, size);
        for (int i = 0; i < size; i++) perm[b * size + i] = (unsigned char)inner[i];
    }
}

/* Fills digits[1..n] with a uniform permutation of 1..n. */
static void random_digits(nonet__rng *r, unsigned char *digits, int n)
{
    int d[NONET_MAX_SIZE];
    for (int i = 0; i < n; i++) d[i] = i + 1;
    nonet__rng_shuffle(r, d, n);
    for (int i = 0; i < n; i++) digits[i + 1] = (unsigned char)d[i];
}

nonet_status nonet_transform_random(const nonet_shape *shape, uint64_t seed, nonet_transform *t,
                                    nonet_error *err)
{
    if (!shape || !t) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no shape or transformation");
    canon_group g;
    nonet_status st = nonet__canon_group_of(&g, shape, err);
    if (st) return st;
    nonet__rng r;
    nonet__rng_seed(&r, seed);
    int n = g.n;
    nonet_transform_identity(t, n);
    if (g.kind == CANON_GROUP_BOXED) {
        random_blocks(&r, t->rows, n, g.box_rows);
        random_blocks(&r, t->cols, n, g.box_cols);
        t->transpose = g.transpose ? (int)nonet__rng_below(&r, 2) : 0;
    } else {
        nonet__canon_d4_transform(&g.d4[nonet__rng_below(&r, (uint32_t)g.nd4)], n, t);
    }
    if (g.kind == CANON_GROUP_SMALL && g.reverse_only) {
        if (nonet__rng_below(&r, 2))
            for (int d = 1; d <= n; d++) t->digits[d] = (unsigned char)(n + 1 - d);
    } else {
        random_digits(&r, t->digits, n);
    }
    return NONET_OK;
}

uint64_t nonet_seed_derive(uint64_t seed, uint64_t index) { return nonet__rng_derive(seed, index); }
