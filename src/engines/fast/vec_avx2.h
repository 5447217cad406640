/*
 * vec_avx2.h - the AVX2 backend of the round propagation (rounds_avx2.inc,
 * rules.inc): nv is a 256-bit vector of eight 32-bit lanes, each a band mask
 * (digits 1..8 of one band, or digit 9 of the three bands in lanes 0..2);
 * the nv_* operations mean what every backend's do, lane by lane. Also the
 * lane moves the digit-9 vector needs, the reductions over digits 1..8 and
 * the digits of a cell (a shift and a sign-bit movemask), and the scorer of
 * the branch weights (score.inc's numbers). Included by the AVX2 levels'
 * files, which define NF_ATTR.
 */
#ifndef NONET_ENGINES_FAST_VEC_AVX2_H
#define NONET_ENGINES_FAST_VEC_AVX2_H

#include "engines/fast/state.h"

#include <immintrin.h>

typedef __m256i nv;
static inline NF_ATTR nv nv_load(const uint32_t *row)
{
    return _mm256_load_si256((const __m256i *)(const void *)row);
}
static inline NF_ATTR void nv_store(uint32_t *row, nv a)
{
    _mm256_store_si256((__m256i *)(void *)row, a);
}
static inline NF_ATTR nv nv_c(uint32_t x) { return _mm256_set1_epi32((int)x); }
static inline NF_ATTR nv nv_and(nv a, nv b) { return _mm256_and_si256(a, b); }
static inline NF_ATTR nv nv_or(nv a, nv b) { return _mm256_or_si256(a, b); }
static inline NF_ATTR nv nv_xor(nv a, nv b) { return _mm256_xor_si256(a, b); }
/* andn: a & ~b */
static inline NF_ATTR nv nv_andn(nv a, nv b) { return _mm256_andnot_si256(b, a); }
static inline NF_ATTR nv nv_sub1(nv a) { return _mm256_sub_epi32(a, _mm256_set1_epi32(1)); }
#define NV_SR(a, n) _mm256_srli_epi32((a), (n))
#define NV_SL(a, n) _mm256_slli_epi32((a), (n))
#define NV_OR3(a, b, c) nv_or(nv_or((a), (b)), (c))
#define NV_ORAND(a, b, c) nv_and(nv_or((a), (b)), (c))
#define NV_SEL(a, b, c) nv_or(nv_and((c), (a)), nv_andn((b), (c)))
#define NV_AORBC(a, b, c) nv_or((a), nv_and((b), (c)))
#define NV_ANBC(a, b, c) nv_or(nv_andn((a), (b)), (c))
#define NV_ABNC(a, b, c) nv_andn(nv_and((a), (b)), (c))
static inline NF_ATTR nv nv_maj(nv a, nv b, nv c)
{
    return nv_or(nv_and(a, b), nv_and(c, nv_or(a, b)));
}
static inline NF_ATTR nv nv_one3(nv a, nv b, nv c)
{
    return nv_andn(nv_xor(nv_xor(a, b), c), nv_maj(a, b, c));
}
#define NV_MAJ(a, b, c) nv_maj((a), (b), (c))
#define NV_ONE3(a, b, c) nv_one3((a), (b), (c))
/* single: x where x has at most one bit, else 0 (each lane) */
static inline NF_ATTR nv nv_single(nv x)
{
    __m256i m = _mm256_cmpeq_epi32(_mm256_and_si256(x, nv_sub1(x)), _mm256_setzero_si256());
    return _mm256_and_si256(x, m);
}
/* fill: c where x is nonzero, else 0 (each lane) */
static inline NF_ATTR nv nv_fill(nv x, uint32_t c)
{
    __m256i z = _mm256_cmpeq_epi32(x, _mm256_setzero_si256());
    return _mm256_andnot_si256(z, _mm256_set1_epi32((int)c));
}
/* zero: all ones in the lanes of a that are 0, else 0 */
static inline NF_ATTR nv nv_zero(nv a) { return _mm256_cmpeq_epi32(a, _mm256_setzero_si256()); }
static inline NF_ATTR int nv_any(nv a) { return !_mm256_testz_si256(a, a); }
static inline NF_ATTR int nv_differ(nv a, nv b)
{
    __m256i x = _mm256_xor_si256(a, b);
    return !_mm256_testz_si256(x, x);
}

/* lane moves of the digit-9 vector (lanes 0..2 = bands 0..2, lanes 3..7 0):
 * rot1 / rot2: lane i gets lane i+1 / i+2 (mod 3), lanes 3..7 stay;
 * lane(x, j): lane j of x in every lane. */
#define NV_ROT3_1 _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7)
#define NV_ROT3_2 _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7)
static inline NF_ATTR nv nv_rot3(nv x, nv idx) { return _mm256_permutevar8x32_epi32(x, idx); }
static inline NF_ATTR nv nv_lane(nv x, int j)
{
    return _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(j));
}
/* lanes012: lane 0 of a, lane 1 of b, lane 2 of c, lanes 3..7 of a */
static inline NF_ATTR nv nv_lanes012(nv a, nv b, nv c)
{
    return _mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x02), c, 0x04);
}
/* the lanes 0..2 of the digit-9 vector: all ones there, 0 elsewhere */
#define NV_LANES3 _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0)

/* rot of the 8 lanes (lane i gets lane i + k mod 8) */
#define NF_ROT8_4(x) _mm256_permute2x128_si256((x), (x), 1)
#define NF_ROT8_2(x) _mm256_shuffle_epi32((x), 0x4e)
#define NF_ROT8_1(x) _mm256_shuffle_epi32((x), 0xb1)

/* reduce8: *one = cells held by some lane of x, *two = cells held by two or
 * more lanes, each in every lane. */
static inline NF_ATTR void nv_reduce8(nv x, nv *one, nv *two)
{
    __m256i o = x, t = _mm256_setzero_si256(), o2;
#define NV_STEP(k)                                                                                 \
    o2 = NF_ROT8_##k(o);                                                                           \
    t = _mm256_or_si256(_mm256_or_si256(t, NF_ROT8_##k(t)), _mm256_and_si256(o, o2));              \
    o = _mm256_or_si256(o, o2)
    NV_STEP(4);
    NV_STEP(2);
    NV_STEP(1);
#undef NV_STEP
    *one = o;
    *two = t;
}

/* allor8: the cells held by some lane of x, in every lane. */
static inline NF_ATTR nv nv_allor8(nv x)
{
    __m256i v = _mm256_or_si256(x, NF_ROT8_4(x));
    v = _mm256_or_si256(v, NF_ROT8_2(v));
    return _mm256_or_si256(v, NF_ROT8_1(v));
}

/* cell_digits: the digits still possible at band bit p of band b (bit d for
 * digit d+1). */
static inline NF_ATTR uint32_t f9_cell_digits(const f9_state *s, int b, unsigned p)
{
    /* digits 0..7 of the band in one vector: a shift and a sign-bit movemask */
    return (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
               _mm256_sll_epi32(_mm256_load_si256((const __m256i *)(const void *)s->g[b]),
                                _mm_cvtsi32_si128((int)(31 - p))))) |
           ((s->g[b][8] >> p) & 1u) << 8;
}

/* The branch weights of the bivalue cells (score.inc's numbers: the
 * weight of digit d at a cell is its candidates among the cell's peers, the
 * bivalue ones counting 3 times; a cell's score is the product of its two
 * digits' weights), eight cells at once, one a lane. For the eight cells of
 * a batch: lane i is cell idx[i] (27 * band + band bit) with digits cand[i].
 * The peers in the cell's band are its row and box (without the cell); in
 * the other two bands its column, whose bits in band j move up by j so that
 * both bands' column bits fit one lane without meeting (column c, row r:
 * bit c + 9r + j). Population counts are nibble table lookups on bytes,
 * the 2x of the bivalue peers a second table. */

/* nv_lowdigit: the index of the lowest set bit of each lane (lanes nonzero,
 * below bit 24): the exponent of its float. */
static inline NF_ATTR nv nv_lowdigit(nv x)
{
    nv low = nv_and(x, _mm256_sub_epi32(_mm256_setzero_si256(), x));
    nv e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(low)), 23);
    return _mm256_sub_epi32(e, nv_c(127));
}

/* nv_bytecount: per byte, the count of x's bits weighted by the table t (a
 * nibble's count, or twice it). */
static inline NF_ATTR nv nv_bytecount(nv x, nv t)
{
    const nv m = nv_c(0x0f0f0f0fu);
    return _mm256_add_epi8(_mm256_shuffle_epi8(t, nv_and(x, m)),
                           _mm256_shuffle_epi8(t, nv_and(NV_SR(x, 4), m)));
}

/* f9_bv_cells: what a batch of cells needs of the state (see above). */
typedef struct f9_bv_ctx {
    nv g[3];  /* digits 1..8 of band j, lane d */
    nv g9[3]; /* digit 9 of band j, every lane */
    nv bv[3]; /* the bivalue cells of band j, every lane */
} f9_bv_ctx;

/* weight8: the weights of the digits D (one a lane, 0..8) at the lanes'
 * cells: own = the cell's band is lane's band j (all ones) for j = 0..2, in
 * and inb its peers in its band (all, bivalue), co and cob its column in the
 * other bands (all, bivalue; band j's bits up by j). Result: per lane, the
 * weight (a 32-bit count). */
static inline NF_ATTR nv f9_weight8(const f9_bv_ctx *k, nv D, const nv *own, nv in, nv inb,
                                    const nv *co, nv cob)
{
    const nv t1 = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2,
                                   2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const nv t2 = _mm256_add_epi8(t1, t1);
    nv is9 = _mm256_cmpeq_epi32(D, nv_c(8)), P[3], a, o, w;
    int j;
    for (j = 0; j < 3; j++)
        P[j] = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(k->g[j], D), k->g9[j], is9);
    a = NV_OR3(nv_and(own[0], P[0]), nv_and(own[1], P[1]), nv_and(own[2], P[2]));
    o = NV_OR3(nv_and(P[0], co[0]), nv_and(NV_SL(P[1], 1), co[1]), nv_and(NV_SL(P[2], 2), co[2]));
    w = _mm256_add_epi8(
        _mm256_add_epi8(nv_bytecount(nv_and(a, in), t1), nv_bytecount(o, t1)),
        _mm256_add_epi8(nv_bytecount(nv_and(a, inb), t2), nv_bytecount(nv_and(o, cob), t2)));
    /* bytes to their 32-bit lane */
    return _mm256_madd_epi16(_mm256_maddubs_epi16(w, _mm256_set1_epi8(1)), _mm256_set1_epi16(1));
}

/* best8: the largest key (score << 7 | 127 - cell index) of the first n (1..8)
 * cells of a batch: lane i of cells (16 bits a lane, 8 lanes) holds a
 * cell's digits << 7 | its index. */
static inline NF_ATTR nv f9_best8(const f9_bv_ctx *k, __m128i cells, int n)
{
    nv x = _mm256_cvtepu16_epi32(cells);
    nv ix = nv_and(x, nv_c(127)), cm = NV_SR(x, 7);
    nv m1 = _mm256_cmpgt_epi32(ix, nv_c(26)), m2 = _mm256_cmpgt_epi32(ix, nv_c(53));
    nv p = _mm256_sub_epi32(ix, nv_and(nv_or(m1, m2), nv_c(27)));
    nv band, own[3], co[3], r, c, row, box, in, inb, col, cob, w1, w2, key;
    int j;
    p = _mm256_sub_epi32(p, nv_and(m2, nv_c(27)));
    band = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_add_epi32(m1, m2));
    r = NV_SR(_mm256_mullo_epi16(p, nv_c(57)), 9);             /* p / 9 */
    c = _mm256_sub_epi32(p, _mm256_add_epi32(NV_SL(r, 3), r)); /* p % 9 */
    box = NV_SR(_mm256_mullo_epi16(c, nv_c(11)), 5);           /* c / 3 */
    row = _mm256_sllv_epi32(nv_c(0x1ffu), _mm256_add_epi32(NV_SL(r, 3), r));
    box = _mm256_sllv_epi32(nv_c(0x1c0e07u), _mm256_add_epi32(NV_SL(box, 1), box));
    in = nv_andn(nv_or(row, box), _mm256_sllv_epi32(nv_c(1), p));
    col = _mm256_sllv_epi32(nv_c(0x40201u), c);
    inb = nv_c(0);
    cob = nv_c(0);
    for (j = 0; j < 3; j++) {
        nv cj;
        own[j] = _mm256_cmpeq_epi32(band, nv_c((uint32_t)j));
        inb = nv_or(inb, nv_and(own[j], k->bv[j]));
        cj = nv_andn(col, own[j]);
        co[j] = _mm256_sll_epi32(cj, _mm_cvtsi32_si128(j));
        cob = nv_or(cob, _mm256_sll_epi32(nv_and(cj, k->bv[j]), _mm_cvtsi32_si128(j)));
    }
    inb = nv_and(inb, in);
    w1 = f9_weight8(k, nv_lowdigit(cm), own, in, inb, co, cob);
    w2 = f9_weight8(k, nv_lowdigit(nv_and(cm, nv_sub1(cm))), own, in, inb, co, cob);
    key = nv_or(NV_SL(_mm256_mullo_epi16(w1, w2), 7), _mm256_sub_epi32(nv_c(127), ix));
    /* lanes n..7: no cell */
    return nv_or(key,
                 _mm256_cmpgt_epi32(_mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 8), nv_c((uint32_t)n)));
}

/* best_bivalue (search.inc): the largest key score << 7 | (127 - cell index)
 * over the bivalue cells bvs of s (cell index 27 * band + band bit), -1 when
 * there is none. The cells of a batch enter a 128-bit shift register of two
 * words, 16 bits a cell, the last one in lane 0: no store a vector load
 * would wait for. */
static inline NF_ATTR int f9_best_bivalue(const f9_state *s, const uint32_t *bvs)
{
    f9_bv_ctx k;
    nv best = nv_c(0xffffffffu);
    uint64_t lo = 0, hi = 0;
    int b, n = 0;
    if (!(bvs[0] | bvs[1] | bvs[2])) return -1;
    for (b = 0; b < 3; b++) {
        k.g[b] = nv_load(s->g[b]);
        k.g9[b] = nv_c(s->g[b][8]);
        k.bv[b] = nv_c(bvs[b]);
    }
    for (b = 0; b < 3; b++) {
        uint32_t bv = bvs[b];
        while (bv) {
            unsigned p = F9_CTZ(bv);
            bv &= bv - 1;
            hi = hi << 16 | lo >> 48;
            lo = lo << 16 | f9_cell_digits(s, b, p) << 7 | (27u * (unsigned)b + p);
            if (++n == 8) {
                best = _mm256_max_epi32(
                    best, f9_best8(&k, _mm_set_epi64x((long long)hi, (long long)lo), 8));
                n = 0;
            }
        }
    }
    if (n)
        best =
            _mm256_max_epi32(best, f9_best8(&k, _mm_set_epi64x((long long)hi, (long long)lo), n));
    best = _mm256_max_epi32(best, NF_ROT8_4(best));
    best = _mm256_max_epi32(best, NF_ROT8_2(best));
    best = _mm256_max_epi32(best, NF_ROT8_1(best));
    return _mm256_cvtsi256_si32(best);
}

#endif
