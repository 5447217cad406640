/*
 * rounds.h - round propagation, for the AVX-512 level (vec_avx512.h,
 * rules.h; included after them and search.h): every rule
 * runs on all 9 digits at once, one 32-bit vector lane per digit, with no
 * data-dependent branch inside a round, until a round changes nothing. The
 * rules and their fixpoint are digits.h's, so every level stops at the
 * same state. Provides f9_propagate and f9_place_givens (search.h).
 */
#ifndef NONET_ENGINES_FAST_ROUNDS_H
#define NONET_ENGINES_FAST_ROUNDS_H

/* place: fixes the cells P[j] (band j, a lane per digit) to their digits:
 * removes each digit from the rows, columns and boxes of its new cells and
 * the new cells from the other digits. Returns nonzero when two new cells of
 * one digit share a house. (Two digits on one cell are caught by the next
 * round's check, before the state is used.) */
static inline NF_ATTR int nv_place(f9_state *s, nv *A, const nv *P)
{
    nv c[3], bad = nv_c(0), col, pe[3];
    int j;
    for (j = 0; j < 3; j++) {
        nv p = P[j];
        nv x0 = nv_and(p, nv_c(0x1ffu));
        nv x1 = nv_and(p, nv_c(0x3fe00u));
        nv x2 = nv_and(p, nv_c(0x7fc0000u));
        nv sg = nv_rowsegs(p);
        nv bx = nv_and(NV_OR3(sg, NV_SR(sg, 9), NV_SR(sg, 18)), nv_c(0x49u));
        /* same digit twice: in a row, in a column of this band, in a box */
        nv multi =
            NV_OR3(nv_and(x0, nv_sub1(x0)), nv_and(x1, nv_sub1(x1)), nv_and(x2, nv_sub1(x2)));
        bad = NV_OR3(bad, multi, NV_MAJ(p, NV_SR(p, 9), NV_SR(p, 18)));
        bad = nv_or(bad, NV_MAJ(sg, NV_SR(sg, 9), NV_SR(sg, 18)));
        bx = NV_OR3(bx, NV_SL(bx, 1), NV_SL(bx, 2));
        pe[j] = NV_OR3(nv_fill(x0, 0x1ffu), nv_fill(x1, 0x3fe00u), nv_fill(x2, 0x7fc0000u));
        pe[j] = nv_or(pe[j], nv_spread(bx));
        c[j] = nv_fold(p);
    }
    bad = nv_or(bad, NV_MAJ(c[0], c[1], c[2]));
    col = nv_spread(NV_OR3(c[0], c[1], c[2]));
    for (j = 0; j < 3; j++) {
        uint32_t all = nv_allor(P[j]);
        nv q = NV_OR3(pe[j], col, nv_c(all));
        A[j] = NV_ANBC(A[j], q, P[j]);
        s->unsolved[j] &= ~all;
    }
    return nv_any(bad);
}

/* round: one pass of every rule over all digits at once, the same rules as
 * update + naked, so the fixpoint is the same. Returns -1 on contradiction,
 * 0 when the state it stores is a fixpoint (nothing placed and the column
 * pass removed nothing: the row pass is idempotent, so a next round would
 * change nothing), 1 otherwise. */
static NF_ATTR int f9_round(f9_state *s)
{
    nv A[3], c[3], L, l[3], ob, P[3];
    int bad = 0, ch = 0, any = 0, j;
    for (j = 0; j < 3; j++) {
        A[j] = nv_rowkeep(nv_load(s->g[j]));
        c[j] = nv_fold(A[j]);
    }
    /* columns x bands of each stack: the same check with lines = bands */
    L = NV_OR3(c[0], NV_SL(c[1], 9), NV_SL(c[2], 18));
    L = nv_perm3(L, 1, nv_c(0x36db6dbu));
    l[0] = nv_and(L, nv_c(0x1ffu));
    l[1] = nv_and(NV_SR(L, 9), nv_c(0x1ffu));
    l[2] = NV_SR(L, 18);
    ob = NV_ONE3(l[0], l[1], l[2]); /* columns left in one band only */
    for (j = 0; j < 3; j++) {
        nv a = nv_and(A[j], nv_spread(l[j]));
        nv x;
        uint32_t one, two, u = s->unsolved[j];
        /* only the column pass counts as a change: the row pass is
           idempotent, so when the column pass removed nothing and no cell
           is placed, the next round would see what this one saw */
        ch |= nv_differ(a, A[j]);
        A[j] = a;
        bad |= nv_anyzero(a);
        /* hidden singles: alone in their row, or alone in a column that is
           left in this band only */
        x = nv_and(NV_ONE3(a, NV_SR(a, 9), NV_SR(a, 18)), ob);
        x = NV_ORAND(nv_rowsingles(a), nv_and(a, nv_spread(x)), nv_c(u));
        nv_allreduce(a, &one, &two);
        /* an empty cell, or a solved cell left with two digits */
        bad |= one != F9_ALL27 || (two & ~u);
        /* naked singles: unsolved cells with one candidate */
        P[j] = NV_AORBC(x, nv_c(u & one & ~two), a);
        any |= nv_any(P[j]);
    }
    if (bad) return -1;
    if (any && nv_place(s, A, P)) return -1;
    for (j = 0; j < 3; j++) nv_store(s->g[j], A[j]);
    return (any | ch) != 0;
}

/* solved_ok: with no cell unsolved, every cell holds exactly one digit. */
static inline NF_ATTR int f9_solved_ok(const f9_state *s)
{
    int j;
    for (j = 0; j < 3; j++) {
        uint32_t one, two;
        nv_allreduce(nv_load(s->g[j]), &one, &two);
        if (one != F9_ALL27 || two) return 0;
    }
    return 1;
}

/* propagate (round-based): rounds to a fixpoint; when stuck and triads_left,
 * triads once. Returns 0 on contradiction, 1 when stuck, 2 when solved. */
static NF_ATTR int f9_propagate(f9_state *s, int triads_left)
{
    for (;;) {
        int r = f9_round(s);
        if (r < 0) return 0;
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) return f9_solved_ok(s) ? 2 : 0;
        if (r == 0) {
            if (!triads_left) return 1;
            triads_left = 0;
            r = f9_triads(s);
            if (r < 0) return 0;
            if (r == 0) return 1;
        }
    }
}

/* place_givens: places every given at once (values above 9 are a
 * contradiction). Returns 0 on contradiction. */
static NF_ATTR int f9_place_givens(f9_state *s, const unsigned char *givens)
{
    _Alignas(64) uint32_t pg[3][16];
    nv A[3], P[3];
    int b;
    if (!f9_given_planes(givens, pg)) return 0;
    for (b = 0; b < 3; b++) {
        A[b] = nv_load(s->g[b]);
        P[b] = nv_load(pg[b]);
    }
    if (nv_place(s, A, P)) return 0;
    for (b = 0; b < 3; b++) nv_store(s->g[b], A[b]);
    return 1;
}

#endif
