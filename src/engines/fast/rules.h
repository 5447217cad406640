/*
 * rules.h - the propagation rules on one vector of band masks, a 32-bit
 * lane each (a digit of a band, or digit 9 of the three bands side by side:
 * each lane is checked on its own), for the round levels (rounds.h,
 * rounds_avx2.h); the backend (vec_avx2.h, vec_avx512.h, vec_wasm128.h)
 * gives the nv type and its operations. No rule crosses lanes.
 */
#ifndef NONET_ENGINES_FAST_RULES_H
#define NONET_ENGINES_FAST_RULES_H

/* rot1: position j of every triple (see nv_perm3) gets position j+1 (mod 3);
 * exact at the positions of the triples, anything elsewhere. */
static inline NF_ATTR nv nv_rot1(nv y, int gs, nv m01)
{
    return NV_SEL(NV_SR(y, gs), NV_SL(y, 2 * gs), m01);
}

/* perm3_lines: the 3x3 permutation check of nv_perm3 once the lines are
 * lined up: r1 / r2 hold, at the place of each line i of x, line i+1 / i+2
 * (mod 3). Keeps the entries of x that belong to some permutation: x[i][j]
 * with r1[j+1] & r2[j+2] or r1[j+2] & r2[j+1], that is rot1 of
 * (r1 & rot1(r2)) | (rot1(r1) & r2). */
static inline NF_ATTR nv nv_perm3_lines(nv x, nv r1, nv r2, int gs, nv m01)
{
    nv t = NV_AORBC(nv_and(r1, nv_rot1(r2, gs, m01)), nv_rot1(r1, gs, m01), r2);
    return nv_and(x, nv_rot1(t, gs, m01));
}

/* perm3: the 3x3 permutation check on matrices packed in 27 bits: 3 lines of
 * 9 bits (line i at bit 9*i); in each line, triples of positions that are gs
 * bits apart (gs = 3: a row's 3 box segments, marked by their lowest bit;
 * gs = 1: a stack's 3 columns). Keeps the entries of x that belong to some
 * permutation (a perfect matching of the 3 lines to the 3 positions of a
 * triple). m01: the first two positions of every triple. */
static inline NF_ATTR nv nv_perm3(nv x, int gs, nv m01)
{
    const nv all = nv_c(F9_ALL27);
    nv r1 = NV_ORAND(NV_SR(x, 9), NV_SL(x, 18), all); /* line i gets line i+1 */
    nv r2 = NV_ORAND(NV_SR(x, 18), NV_SL(x, 9), all); /* line i gets line i+2 */
    return nv_perm3_lines(x, r1, r2, gs, m01);
}

/* rowsegs: the row segments of a band mask, each at its first cell's bit
 * (9 * row + 3 * box), set when any of its three cells is. */
static inline NF_ATTR nv nv_rowsegs(nv a)
{
    return nv_and(NV_OR3(a, NV_SR(a, 1), NV_SR(a, 2)), nv_c(0x1249249u));
}

/* rowkeep: row x box permutation check of one band, all digits. */
static inline NF_ATTR nv nv_rowkeep(nv a)
{
    nv sg = nv_rowsegs(a);
    nv k = nv_perm3(sg, 3, nv_c(0x241209u));
    return nv_and(a, NV_OR3(k, NV_SL(k, 1), NV_SL(k, 2)));
}

/* fold: the 9-bit set of columns of a band mask; spread: back to cells. */
static inline NF_ATTR nv nv_fold(nv a)
{
    return nv_and(NV_OR3(a, NV_SR(a, 9), NV_SR(a, 18)), nv_c(0x1ffu));
}
static inline NF_ATTR nv nv_spread(nv c) { return NV_OR3(c, NV_SL(c, 9), NV_SL(c, 18)); }

/* rowsingles: the bits of a alone in their row. */
static inline NF_ATTR nv nv_rowsingles(nv a)
{
    return NV_OR3(nv_single(nv_and(a, nv_c(0x1ffu))), nv_single(nv_and(a, nv_c(0x3fe00u))),
                  nv_single(nv_and(a, nv_c(0x7fc0000u))));
}

#endif
