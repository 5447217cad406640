/*
 * rounds_avx2.h - round propagation for the AVX2 levels (vec_avx2.h) and
 * the WebAssembly SIMD128 level (vec_wasm128.h: the same eight 32-bit lanes
 * as two v128 halves), through the backend's operations only (rules.h;
 * included after them and search.h): rounds.h's rounds on
 * four vectors, so that no rule has a scalar twin: vector j (0..2) holds
 * digits 1..8 of band j, a lane a digit, and vector 3 digit 9 of the three
 * bands, lane j = band j (lanes 3..7 stay 0). Every rule of rules.h works
 * lane by lane, so it runs on the four vectors alike; only the column check
 * across bands (vectors 0..2 side by side; lane moves in vector 3) and the
 * reductions over the digits of a band (the lanes of vector j, and lane j of
 * vector 3) see the layout. The rounds, their fixpoint and every stored
 * state are rounds.h's, so every level stops at the same state. The
 * propagation keeps the four vectors in registers from round to round and
 * stores them into the f9_state when it stops. The triad pass is
 * triads.h's on the same four vectors (f9_q_triads: same candidates
 * removed, no tables). Provides f9_propagate and f9_place_givens
 * (search.h).
 */
#ifndef NONET_ENGINES_FAST_ROUNDS_AVX2_H
#define NONET_ENGINES_FAST_ROUNDS_AVX2_H

/* F9_ROLLED marks a per-vector loop the compiler should keep as a loop.
 * Empty unless the backend defines it: vec_wasm128.h does, since clang's
 * wasm32 code keeps an unrolled loop's values in locals which V8 (16 xmm
 * registers, no memory operands) spills; as a loop the arrays are read one
 * vector at a time (~4% fewer instructions a puzzle in node, measured by
 * callgrind over node --no-liftoff on the 17-clue set; rolling every loop
 * costs ~3% more, unrolling every loop ~10% more). */
#ifndef F9_ROLLED
#define F9_ROLLED
#endif

/* f9q: the masks of a state in the four vectors of the file comment, and the
 * unsolved cells (lane j = band j, lanes 3..7 zero). */
typedef struct f9q {
    nv a[4];
    nv u;
} f9q;

/* q_load / q_store: the f9_state s into q and back. */
static inline NF_ATTR void f9_q_load(f9q *q, const f9_state *s)
{
    int j;
    for (j = 0; j < 3; j++) q->a[j] = nv_load(s->g[j]);
    q->a[3] = NV_SETR(s->g[0][8], s->g[1][8], s->g[2][8], 0, 0, 0, 0, 0);
    q->u = nv_load4(s->unsolved);
}
static inline NF_ATTR void f9_q_store(f9_state *s, const f9q *q)
{
    int j;
    /* whole 32-byte stores only (digit 9 with the zero lanes 9..15 after
       it): a later vector load of a line is then forwarded from the store
       buffer, which a scalar store under it would stall */
    for (j = 0; j < 3; j++) {
        nv_store(s->g[j], q->a[j]);
        nv_store(s->g[j] + 8, nv_pick(q->a[3], j));
    }
    nv_store4(s->unsolved, q->u);
}

/* assign (search.h) with vector stores of whole lines, for the reason of
 * q_store: band b's digit d loses the cell's peers and its other digits the
 * cell, digit d of the other bands the cell's column; the masks of
 * assign.h. dirty is left alone (the rounds ignore it). */
static inline NF_ATTR int f9_assign(f9_state *s, int d, int b, unsigned p)
{
    const uint32_t bit = 1u << p, col = f9_col_of[p], peer = f9_peer_in_band[p];
    const nv idx = NV_SETR(0, 1, 2, 3, 4, 5, 6, 7);
    const nv lo = nv_eq(idx, nv_c((uint32_t)d));
    const nv hi = nv_eq(idx, nv_c((uint32_t)d - 8u));
    const nv lane0 = NV_SETR(-1, 0, 0, 0, 0, 0, 0, 0);
    int j;
    if (!(s->g[b][d] & bit)) return 0;
    for (j = 0; j < 3; j++) {
        nv c0, c1;
        if (j == b) {
            c0 = NV_SEL(nv_c(peer), nv_c(bit), lo);
            c1 = nv_and(NV_SEL(nv_c(peer), nv_c(bit), hi), lane0);
        } else {
            c0 = nv_and(lo, nv_c(col));
            c1 = nv_and(hi, nv_c(col));
        }
        nv_store(s->g[j], nv_andn(nv_load(s->g[j]), c0));
        nv_store(s->g[j] + 8, nv_andn(nv_load(s->g[j] + 8), c1));
    }
    f9_unsolved_drop(s->unsolved, b, bit);
    return 1;
}

/* q_digits: *one = the cells of band j held by some digit, *two = those held
 * by two or more, in lane j (j = 0..2; the other lanes: garbage). */
static inline NF_ATTR void f9_q_digits(const nv *A, nv *one, nv *two)
{
    nv o[3], t[3], o3, t3, x;
    int j;
    /* lanes i and i + 4 of each band, then bands 0 and 1 side by side
       (lanes 0..3 band 0, 4..7 band 1): the last two steps of nv_reduce8
       stay within 128-bit halves, so they serve both bands at once */
    for (j = 0; j < 3; j++) {
        x = NF_ROT8_4(A[j]);
        o[j] = nv_or(A[j], x);
        t[j] = nv_and(A[j], x);
    }
    o[0] = nv_halves(o[0], o[1]);
    t[0] = nv_halves(t[0], t[1]);
    for (j = 0; j < 3; j += 2) {
        x = NF_ROT8_2(o[j]);
        t[j] = NV_OR3(t[j], NF_ROT8_2(t[j]), nv_and(o[j], x));
        o[j] = nv_or(o[j], x);
        x = NF_ROT8_1(o[j]);
        t[j] = NV_OR3(t[j], NF_ROT8_1(t[j]), nv_and(o[j], x));
        o[j] = nv_or(o[j], x);
    }
    /* band 1 is in lanes 4..7 of o[0]: lane 1 of its halves swapped */
    o3 = nv_lanes012(o[0], NF_ROT8_4(o[0]), o[2]);
    t3 = nv_lanes012(t[0], NF_ROT8_4(t[0]), t[2]);
    *two = nv_or(t3, nv_and(o3, A[3]));
    *one = nv_or(o3, A[3]);
}

/* q_place: fixes the cells P (laid out as f9q's masks) to their digits:
 * removes each digit from the rows, columns and boxes of its new cells and
 * the new cells from the other digits (rounds.h's nv_place). Returns
 * nonzero when two new cells of one digit share a house. */
static inline NF_ATTR int f9_q_place(f9q *q, const nv *P)
{
    nv c[4], sg[4], bad, col, col9, all, r1, r2, sgs, bxs;
    int j;
    /* columns across the bands: digits 1..8 vector by vector, digit 9 lane
       by lane */
    for (j = 0; j < 4; j++) c[j] = nv_fold(P[j]);
    bad = NV_MAJ(c[0], c[1], c[2]);
    col = nv_spread(NV_OR3(c[0], c[1], c[2]));
    r1 = nv_rot3_1(c[3]);
    r2 = nv_rot3_2(c[3]);
    bad = nv_or(bad, NV_MAJ(c[3], r1, r2));
    col9 = nv_spread(NV_OR3(c[3], r1, r2));
    /* the new cells of each band, lane j */
    all = nv_and(nv_or(nv_lanes012(nv_allor8(P[0]), nv_allor8(P[1]), nv_allor8(P[2])), P[3]),
                 NV_LANES3);
    /* the row segments of vectors 0..2 interleaved at bit offsets 0, 1, 2
       (as in f9_q_rowkeep): one box check and one box occupancy for the three */
    for (j = 0; j < 4; j++) sg[j] = nv_rowsegs(P[j]);
    sgs = NV_OR3(sg[0], NV_SL(sg[1], 1), NV_SL(sg[2], 2));
    bad = NV_OR3(bad, NV_MAJ(sgs, NV_SR(sgs, 9), NV_SR(sgs, 18)),
                 NV_MAJ(sg[3], NV_SR(sg[3], 9), NV_SR(sg[3], 18)));
    bxs = nv_and(NV_OR3(sgs, NV_SR(sgs, 9), NV_SR(sgs, 18)), nv_c(0x1ffu));
    F9_ROLLED
    for (j = 0; j < 4; j++) {
        nv p = P[j], pe, bx;
        /* rows 0 and 2 are the two 16-bit halves of a lane (f9_rowsingles) */
        nv x02 = nv_and(p, nv_c(0x7fc01ffu));
        nv x1 = nv_and(p, nv_c(0x3fe00u));
        /* same digit twice: in a row, in a column of this band (in a box:
           above) */
        nv multi = nv_or(nv_and(x02, nv_sub1_16(x02)), nv_and(x1, nv_sub1(x1)));
        bad = NV_OR3(bad, multi, NV_MAJ(p, NV_SR(p, 9), NV_SR(p, 18)));
        /* the boxes of the new cells (bit 3 * box), then all their cells */
        bx = j == 0   ? nv_and(bxs, nv_c(0x49u))
             : j == 1 ? nv_and(NV_SR(bxs, 1), nv_c(0x49u))
             : j == 2 ? nv_and(NV_SR(bxs, 2), nv_c(0x49u))
                      : nv_and(NV_OR3(sg[3], NV_SR(sg[3], 9), NV_SR(sg[3], 18)), nv_c(0x49u));
        bx = NV_OR3(bx, NV_SL(bx, 1), NV_SL(bx, 2));
        /* the peers of the new cells in the band */
        pe = nv_or(nv_andn(nv_c(0x7fc01ffu), nv_zero16(x02)), nv_fill(x1, 0x3fe00u));
        pe = nv_or(pe, nv_spread(bx));
        pe = j < 3 ? NV_OR3(pe, col, nv_lane(all, j)) : NV_OR3(pe, col9, all);
        q->a[j] = NV_ANBC(q->a[j], pe, p);
    }
    q->u = nv_andn(q->u, all);
    return nv_any(bad);
}

/* q_rowkeep: rules.h's nv_rowkeep on the four vectors a into A, with one
 * permutation check for vectors 0..2: a band's row segments are bits
 * 9 * row + 3 * box, so those of vectors 1 and 2 moved up by 1 and 2 bits
 * fill the gaps of vector 0's, and every move of the check (lines by 9 and
 * 18 bits, boxes by 3 and 6 within a line) keeps a bit within its own
 * vector's positions; the triple mask then marks all three. */
static inline NF_ATTR void f9_q_rowkeep(const nv *a, nv *A)
{
    const nv m49 = nv_c(0x1249249u);
    nv sg[4], k, k9;
    int j;
    for (j = 0; j < 4; j++) sg[j] = nv_rowsegs(a[j]);
    k = nv_perm3(NV_OR3(sg[0], NV_SL(sg[1], 1), NV_SL(sg[2], 2)), 3, nv_c(0x241209u * 7u));
    k9 = nv_perm3(sg[3], 3, nv_c(0x241209u));
    sg[0] = nv_and(k, m49);
    sg[1] = nv_and(NV_SR(k, 1), m49);
    sg[2] = nv_and(NV_SR(k, 2), m49);
    sg[3] = k9;
    for (j = 0; j < 4; j++) A[j] = nv_and(a[j], NV_OR3(sg[j], NV_SL(sg[j], 1), NV_SL(sg[j], 2)));
}

/* rowsingles: rules.h's nv_rowsingles (the bits alone in their row), rows
 * 0 and 2 at once: they lie in the two 16-bit halves of a lane (bits 0..8
 * and 18..26), so one 16-bit "x & (x - 1) == 0" tests both. */
static inline NF_ATTR nv f9_rowsingles(nv a)
{
    nv x02 = nv_and(a, nv_c(0x7fc01ffu)), x1 = nv_and(a, nv_c(0x3fe00u));
    nv m02 = nv_zero16(nv_and(x02, nv_sub1_16(x02)));
    return nv_or(nv_and(x02, m02), nv_single(x1));
}

/* q_round: one round of rounds.h's f9_round on q. Returns -1 on
 * contradiction, 0 when the state it stores is a fixpoint, 1 otherwise. */
static inline NF_ATTR int f9_q_round(f9q *q)
{
    const nv lanes3 = NV_LANES3;
    nv A[4], c[4], P[4], L, l[4], ob, ob9, r1, r2, one, two, n, badv, z;
    int ch = 0, j;
    f9_q_rowkeep(q->a, A);
    for (j = 0; j < 4; j++) c[j] = nv_fold(A[j]);
    /* columns x bands of each stack: the same check with lines = bands;
       digit 9's bands are lanes */
    L = NV_OR3(c[0], NV_SL(c[1], 9), NV_SL(c[2], 18));
    L = nv_perm3(L, 1, nv_c(0x36db6dbu));
    l[0] = nv_and(L, nv_c(0x1ffu));
    l[1] = nv_and(NV_SR(L, 9), nv_c(0x1ffu));
    l[2] = NV_SR(L, 18);
    ob = NV_ONE3(l[0], l[1], l[2]); /* columns left in one band only */
    r1 = nv_rot3_1(c[3]);
    r2 = nv_rot3_2(c[3]);
    l[3] = nv_perm3_lines(c[3], r1, r2, 1, nv_c(0xdbu));
    ob9 = NV_ONE3(l[3], nv_rot3_1(l[3]), nv_rot3_2(l[3]));
    z = nv_c(0);
    F9_ROLLED
    for (j = 0; j < 4; j++) {
        nv a = nv_and(A[j], nv_spread(l[j]));
        /* only the column pass counts as a change (see rounds.h) */
        ch |= nv_differ(a, A[j]);
        A[j] = a;
        z = nv_or(z, j < 3 ? nv_zero(a) : nv_and(nv_zero(a), lanes3));
    }
    f9_q_digits(A, &one, &two);
    /* an empty cell, or a solved cell left with two digits */
    badv = nv_and(nv_or(nv_xor(one, nv_c(F9_ALL27)), nv_andn(two, q->u)), lanes3);
    /* naked singles: unsolved cells with one candidate */
    n = nv_andn(nv_and(q->u, one), two);
    F9_ROLLED
    for (j = 0; j < 4; j++) {
        nv a = A[j], u = j < 3 ? nv_lane(q->u, j) : q->u, nj = j < 3 ? nv_lane(n, j) : n;
        nv x = nv_and(NV_ONE3(a, NV_SR(a, 9), NV_SR(a, 18)), j < 3 ? ob : ob9);
        /* hidden singles: alone in their row, or alone in a column that is
           left in this band only; naked singles */
        x = NV_ORAND(f9_rowsingles(a), nv_and(a, nv_spread(x)), u);
        P[j] = NV_AORBC(x, nj, a);
    }
    if (nv_any(nv_or(z, badv))) return -1;
    for (j = 0; j < 4; j++) q->a[j] = A[j];
    if (!nv_any(NV_OR3(nv_or(P[0], P[1]), P[2], P[3]))) return ch;
    return f9_q_place(q, P) ? -1 : 1;
}

/* q_solved_ok: with no cell unsolved, every cell holds exactly one digit. */
static inline NF_ATTR int f9_q_solved_ok(const f9q *q)
{
    nv one, two;
    f9_q_digits(q->a, &one, &two);
    return !nv_any(nv_and(nv_or(nv_xor(one, nv_c(F9_ALL27)), two), NV_LANES3));
}

/* The triad pass (triads.h's f9_triads) on the four vectors, every digit
 * of a band at once. A band's 18 segments share one 32-bit lane, each at its
 * first cell's bit: row r's segment in box k at bit 9 * r + 3 * k, and the
 * column segment of stack s, column i of the stack at bit 9 * i + 3 * s + 1,
 * so that the segments sharing a box are 9 and 18 bits apart for both, and
 * a row's segments 3 and 6 bits apart. */
#define F9_SEGR 0x1249249u /* row segments */
#define F9_SEGC 0x2492492u /* column segments */

/* seg_rowmates / seg_boxmates: at each segment's bit, whether the same row
 * (other boxes; row segments only) / the same box (other rows, or other
 * columns of the stack) has a bit in x. */
static inline NF_ATTR nv f9_seg_rowmates(nv x)
{
    return nv_or(
        nv_or(nv_and(NV_SR(x, 3), nv_c(0x241209u)), nv_and(NV_SR(x, 6), nv_c(0x40201u))),
        nv_or(nv_and(NV_SL(x, 3), nv_c(0x1209048u)), nv_and(NV_SL(x, 6), nv_c(0x1008040u))));
}
static inline NF_ATTR nv f9_seg_boxmates(nv x)
{
    return nv_and(nv_or(nv_or(NV_SR(x, 9), NV_SR(x, 18)), nv_or(NV_SL(x, 9), NV_SL(x, 18))),
                  nv_c(F9_SEGR | F9_SEGC));
}

/* seg_count: digits per segment of one band: x, y = two masks of the
 * band's digits 1..8 (lanes), x9, y9 their digit 9 (every lane). *x3 gets
 * the segments where at least 3 digits of x are and *x4 at least 4, in
 * lanes 0..3, and the same of y in lanes 4..7. */
static inline NF_ATTR void f9_seg_count(nv x, nv y, nv x9, nv y9, nv *n3, nv *n4)
{
    nv c1, c2, c3, c4, b1, b2, b3, b4, t1, t2, n9;
    /* lanes i and i + 4; then x's counts in lanes 0..3, y's in 4..7 */
    t1 = NF_ROT8_4(x);
    t2 = NF_ROT8_4(y);
    c1 = nv_halves(nv_or(x, t1), nv_or(y, t2));
    c2 = nv_halves(nv_and(x, t1), nv_and(y, t2));
    /* two counts up to 2 into one up to 4, within 128-bit halves */
    b1 = NF_ROT8_2(c1);
    b2 = NF_ROT8_2(c2);
    c4 = nv_and(c2, b2);
    c3 = nv_or(nv_and(c2, b1), nv_and(c1, b2));
    c2 = NV_OR3(c2, b2, nv_and(c1, b1));
    c1 = nv_or(c1, b1);
    /* two counts up to 4 (saturating at "4 or more") */
    b1 = NF_ROT8_1(c1);
    b2 = NF_ROT8_1(c2);
    b3 = NF_ROT8_1(c3);
    b4 = NF_ROT8_1(c4);
    c4 = NV_OR3(NV_OR3(c4, b4, nv_and(c3, b1)), nv_and(c2, b2), nv_and(c1, b3));
    c3 = nv_or(NV_OR3(c3, b3, nv_and(c2, b1)), nv_and(c1, b2));
    c2 = NV_OR3(c2, b2, nv_and(c1, b1));
    /* digit 9 */
    n9 = nv_halves(x9, y9);
    *n4 = nv_or(c4, nv_and(c3, n9));
    *n3 = nv_or(c3, nv_and(c2, n9));
}

/* q_triads: f9_triads on q (same candidates removed). Returns -1 on
 * contradiction, 0 when nothing changed, 1 when candidates were removed. */
static NF_ATTR int f9_q_triads(f9q *q)
{
    const nv segr = nv_c(F9_SEGR), segc = nv_c(F9_SEGC);
    const nv lo = NV_SETR(-1, -1, -1, -1, 0, 0, 0, 0);
    nv S[4], L[4], cs[4], must[4], drop[4], x3p[4], x3l[4], bad = nv_c(0), n3, n4, r1, r2;
    int j, ch = 0;
    for (j = 0; j < 4; j++) {
        nv v = q->a[j], f = NV_OR3(v, NV_SR(v, 9), NV_SR(v, 18));
        nv rs = nv_rowsegs(v); /* at the F9_SEGR bits */
        cs[j] = NV_OR3(NV_SL(nv_and(f, nv_c(0x49u)), 1), NV_SL(nv_and(f, nv_c(0x92u)), 9),
                       NV_SL(nv_and(f, nv_c(0x124u)), 17));
        S[j] = nv_or(rs, cs[j]);
        /* locked: alone in its box, or a row segment alone in its row */
        L[j] = nv_or(nv_andn(S[j], f9_seg_boxmates(S[j])), nv_andn(rs, f9_seg_rowmates(rs)));
    }
    /* or a column segment alone in its column (the other bands) */
    r1 = nv_rot3_1(cs[3]);
    r2 = nv_rot3_2(cs[3]);
    L[3] = nv_or(L[3], nv_andn(cs[3], nv_or(r1, r2)));
    for (j = 0; j < 3; j++)
        L[j] = nv_or(L[j], nv_andn(cs[j], nv_or(cs[j == 0 ? 1 : 0], cs[j == 2 ? 1 : 2])));
    for (j = 0; j < 3; j++) {
        f9_seg_count(S[j], L[j], nv_lane(S[3], j), nv_lane(L[3], j), &n3, &n4);
        /* fewer than 3 possible digits, or more than 3 locked */
        bad = nv_or(bad, nv_or(nv_and(nv_andn(nv_c(F9_SEGR | F9_SEGC), n3), lo), nv_andn(n4, lo)));
        x3p[j] = nv_lane(nv_andn(n3, n4), 0);
        x3l[j] = nv_lane(n3, 4);
    }
    if (nv_any(bad)) return -1;
    x3p[3] = nv_lanes012(x3p[0], x3p[1], x3p[2]);
    x3l[3] = nv_lanes012(x3l[0], x3l[1], x3l[2]);
    for (j = 0; j < 4; j++) {
        nv free_ = nv_andn(S[j], L[j]);
        must[j] = nv_and(free_, x3p[j]);
        drop[j] = nv_and(free_, x3l[j]);
    }
    r1 = nv_rot3_1(must[3]);
    r2 = nv_rot3_2(must[3]);
    for (j = 0; j < 4; j++) {
        nv m = must[j], v = q->a[j], rc, cc, c9, clr;
        nv line = j < 3 ? nv_or(must[j == 0 ? 1 : 0], must[j == 2 ? 1 : 2]) : nv_or(r1, r2);
        nv x = NV_OR3(f9_seg_rowmates(m), f9_seg_boxmates(m), nv_or(drop[j], nv_and(line, segc)));
        rc = nv_and(x, segr);
        cc = nv_and(x, segc);
        c9 = NV_OR3(nv_and(NV_SR(cc, 1), nv_c(0x49u)), nv_and(NV_SR(cc, 9), nv_c(0x92u)),
                    nv_and(NV_SR(cc, 17), nv_c(0x124u)));
        clr =
            nv_or(NV_OR3(rc, NV_SL(rc, 1), NV_SL(rc, 2)), NV_OR3(c9, NV_SL(c9, 9), NV_SL(c9, 18)));
        ch |= nv_meet(v, clr);
        q->a[j] = nv_andn(v, clr);
    }
    return ch;
}

F9_NOINLINE NF_ATTR int f9_propagate_triads(f9_state *s);

/* propagate (round-based): rounds to a fixpoint; when stuck and triads_left,
 * triads once. Returns 0 on contradiction, 1 when stuck, 2 when solved; s
 * holds the state reached unless 0. */
static NF_ATTR int f9_propagate(f9_state *s, int triads_left)
{
    f9q q;
    f9_q_load(&q, s);
    for (;;) {
        int r = f9_q_round(&q);
        if (r < 0) return 0;
        if (!nv_any(q.u)) {
            if (!f9_q_solved_ok(&q)) return 0;
            f9_q_store(s, &q);
            return 2;
        }
        if (r == 0) {
            f9_q_store(s, &q);
            return triads_left ? f9_propagate_triads(s) : 1;
        }
    }
}

/* propagate_triads: s is stuck (a fixpoint of the rounds): the triad pass,
 * then the rounds again when it removed candidates (no triads). Returns as
 * f9_propagate. Out of line: only the root chain runs it, and inside the
 * search's loop its registers would crowd the rounds'. */
F9_NOINLINE NF_ATTR int f9_propagate_triads(f9_state *s)
{
    f9q q;
    int r;
    f9_q_load(&q, s);
    r = f9_q_triads(&q);
    if (r < 0) return 0;
    if (r == 0) return 1;
    f9_q_store(s, &q);
    return f9_propagate(s, 0);
}

/* place_givens: places every given at once (values above 9 are a
 * contradiction). Returns 0 on contradiction. */
static NF_ATTR int f9_place_givens(f9_state *s, const unsigned char *givens)
{
    _Alignas(64) uint32_t pg[3][16];
    f9q q;
    nv P[4];
    int b;
    if (!f9_given_planes(givens, pg)) return 0;
    f9_q_load(&q, s);
    for (b = 0; b < 3; b++) P[b] = nv_load(pg[b]);
    P[3] = NV_SETR(pg[0][8], pg[1][8], pg[2][8], 0, 0, 0, 0, 0);
    if (f9_q_place(&q, P)) return 0;
    f9_q_store(s, &q);
    return 1;
}

#endif
