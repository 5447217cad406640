/*
 * triads.h - the triad pass on the f9_state, digit by digit with scalar
 * words and the segment tables (f9_seglock, f9_alone3): the scalar, SSE4.1
 * and AVX-512 levels (included after search.h, before their propagation
 * file). The AVX2 levels run rounds_avx2.h's vector twin on the four
 * vectors they hold, which removes the same candidates.
 */
#ifndef NONET_ENGINES_FAST_TRIADS_H
#define NONET_ENGINES_FAST_TRIADS_H

/* expand3 / expand9: a 3-bit (9-bit) set of row segments, bit 3*row + box,
 * to the 9-bit (27-bit) mask of their cells. */
static inline NF_ATTR uint32_t f9_expand3(uint32_t x)
{
    return (x & 1u) * 7u + (x & 2u) * 28u + (x & 4u) * 112u;
}
static inline NF_ATTR uint32_t f9_expand9(uint32_t x)
{
    return f9_expand3(x & 7u) | f9_expand3((x >> 3) & 7u) << 9 | f9_expand3(x >> 6) << 18;
}

/* seglocks: for one digit, fills *poss / *lock with its possible and locked
 * segments: bits 9*b + 3*row + box (row segments of band b) and
 * 32 + 9*b + column (column segments of band b). A segment is locked when it
 * is the digit's only segment in its line or in its box. */
static inline NF_ATTR void f9_seglocks(const uint32_t *f, uint64_t *poss, uint64_t *lock)
{
    uint64_t pr = 0, lr = 0;
    uint32_t c[3];
    int b;
    for (b = 0; b < 3; b++) {
        uint32_t a = f[b], sg = f9_seg3(a);
        pr |= (uint64_t)sg << (9 * b);
        lr |= (uint64_t)f9_seglock[sg] << (9 * b);
        c[b] = F9_FOLD(a);
    }
    for (b = 0; b < 3; b++) {
        uint32_t x = c[b], o = c[b == 0 ? 1 : 0] | c[b == 2 ? 1 : 2];
        pr |= (uint64_t)x << (32 + 9 * b);
        lr |= (uint64_t)((x & ~o) | f9_alone3[x]) << (32 + 9 * b);
    }
    *poss = pr;
    *lock = lr;
}

/* triads: reasoning across digits on the 54 three-cell segments (a row or a
 * column inside a box), which hold exactly 3 distinct digits:
 *   - a segment where only 3 digits are possible holds each of them, so each
 *     leaves the rest of the segment's line and box;
 *   - a segment with 3 locked digits holds no other digit.
 * Returns -1 on contradiction (a segment with < 3 possible or > 3 locked
 * digits), 0 when nothing changed, 1 when some candidates were removed (their
 * digits are marked dirty). */
static NF_ATTR int f9_triads(f9_state *s)
{
    const uint64_t all = 0x7ffffffull | 0x7ffffffull << 32;
    uint64_t P[9], L[9], p1 = 0, p2 = 0, p3 = 0, p4 = 0, l1 = 0, l2 = 0, l3 = 0, l4 = 0, x3p, x3l;
    int d, b, changed = 0;
    for (d = 0; d < 9; d++) {
        uint64_t pr, lr;
        uint32_t f[3] = {s->g[0][d], s->g[1][d], s->g[2][d]};
        f9_seglocks(f, &pr, &lr);
        P[d] = pr;
        L[d] = lr;
        p4 |= p3 & pr;
        p3 |= p2 & pr;
        p2 |= p1 & pr;
        p1 |= pr;
        l4 |= l3 & lr;
        l3 |= l2 & lr;
        l2 |= l1 & lr;
        l1 |= lr;
    }
    if ((~p3 & all) | l4) return -1;
    x3p = p3 & ~p4;
    x3l = l3;
    for (d = 0; d < 9; d++) {
        uint64_t must = P[d] & x3p & ~L[d], drop = P[d] & x3l & ~L[d];
        uint32_t mc[3];
        if (!(must | drop)) continue;
        for (b = 0; b < 3; b++) mc[b] = (uint32_t)(must >> (32 + 9 * b)) & 511u;
        for (b = 0; b < 3; b++) {
            uint32_t m = (uint32_t)(must >> (9 * b)) & 511u;
            uint32_t m0 = m & 7u, m1 = (m >> 3) & 7u, m2 = m >> 6;
            uint32_t rc = (F9_OTHERS3(m0) | F9_OTHERS3(m1) << 3 | F9_OTHERS3(m2) << 6) |
                          ((m1 | m2) | (m0 | m2) << 3 | (m0 | m1) << 6) |
                          ((uint32_t)(drop >> (9 * b)) & 511u);
            uint32_t x = mc[b];
            uint32_t cc =
                (F9_OTHERS3(x & 7u) | F9_OTHERS3((x >> 3) & 7u) << 3 | F9_OTHERS3(x >> 6) << 6) |
                mc[b == 0 ? 1 : 0] | mc[b == 2 ? 1 : 2] | ((uint32_t)(drop >> (32 + 9 * b)) & 511u);
            uint32_t clr = f9_expand9(rc) | cc * 0x40201u;
            if (s->g[b][d] & clr) {
                s->g[b][d] &= ~clr;
                changed = 1;
                s->dirty |= 1u << d;
            }
        }
    }
    return changed;
}

#endif
