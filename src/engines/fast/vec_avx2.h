/*
 * vec_avx2.h - the AVX2 backend of the round propagation (rounds_avx2.h,
 * rules.h): nv is a 256-bit vector of eight 32-bit lanes, each a band mask
 * (digits 1..8 of one band, or digit 9 of the three bands in lanes 0..2);
 * the nv_* operations mean what every backend's do, lane by lane. Also the
 * lane moves the digit-9 vector needs, the reductions over digits 1..8 and
 * the digits of a cell (a shift and a sign-bit movemask), and the scorer of
 * the branch weights (score.h's, over masks made ready once a band). Included by the AVX2 levels'
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

/* meet: a and b have a bit in common; eq: all ones in the lanes where a and
 * b are equal, else 0. */
static inline NF_ATTR int nv_meet(nv a, nv b) { return !_mm256_testz_si256(a, b); }
static inline NF_ATTR nv nv_eq(nv a, nv b) { return _mm256_cmpeq_epi32(a, b); }
/* setr: the eight lanes, lane 0 first */
#define NV_SETR(a0, a1, a2, a3, a4, a5, a6, a7)                                                    \
    _mm256_setr_epi32((int)(a0), (int)(a1), (int)(a2), (int)(a3), (int)(a4), (int)(a5), (int)(a6), \
                      (int)(a7))
/* load4 / store4: lanes 0..3 from / to 16 aligned bytes (load4: lanes 4..7
 * zero) */
static inline NF_ATTR nv nv_load4(const uint32_t *p)
{
    return _mm256_zextsi128_si256(_mm_load_si128((const __m128i *)(const void *)p));
}
static inline NF_ATTR void nv_store4(uint32_t *p, nv a)
{
    _mm_store_si128((__m128i *)(void *)p, _mm256_castsi256_si128(a));
}
/* the 16-bit halves of each lane on their own: sub1_16 subtracts 1 from
 * each, zero16 is all ones in the halves that are 0 */
static inline NF_ATTR nv nv_sub1_16(nv a) { return _mm256_sub_epi16(a, _mm256_set1_epi16(1)); }
static inline NF_ATTR nv nv_zero16(nv a) { return _mm256_cmpeq_epi16(a, _mm256_setzero_si256()); }
/* halves: lanes 0..3 of a, lanes 4..7 of b */
static inline NF_ATTR nv nv_halves(nv a, nv b) { return _mm256_blend_epi32(a, b, 0xf0); }

/* lane moves of the digit-9 vector (lanes 0..2 = bands 0..2, lanes 3..7 0):
 * rot3_1 / rot3_2: lane i gets lane i+1 / i+2 (mod 3), lanes 3..7 stay;
 * pick(x, j): lane j of x in lane 0, the others 0 (lane 3 of x, which is);
 * lane(x, j): lane j of x in every lane. */
static inline NF_ATTR nv nv_rot3_1(nv x)
{
    return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7));
}
static inline NF_ATTR nv nv_rot3_2(nv x)
{
    return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7));
}
static inline NF_ATTR nv nv_pick(nv x, int j)
{
    return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(j, 3, 3, 3, 3, 3, 3, 3));
}
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

/* unsolved_drop: the cell bit of band b leaves u (the state's unsolved),
 * with one 16-byte load and store: a later vector load of u is then
 * forwarded from the store buffer, which a scalar store under it would
 * stall. */
static inline NF_ATTR void f9_unsolved_drop(uint32_t *u, int b, uint32_t bit)
{
    __m128i v = _mm_load_si128((const __m128i *)(const void *)u);
    v = _mm_andnot_si128(
        _mm_and_si128(_mm_cmpeq_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(b)),
                      _mm_set1_epi32((int)bit)),
        v);
    _mm_store_si128((__m128i *)(void *)u, v);
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

/* scorer: score.h's branch weights (included below), with the digit
 * masks of the other two bands side by side (b2 at bit 27) made once a
 * band for all 9 digits (two vector widenings), so a weight reads one
 * 64-bit word instead of two masks. */
typedef struct f9_scorer {
    _Alignas(32) uint64_t c[12]; /* digit d of bands b1 | b2 << 27; 9..11 unused */
    const uint32_t *g0;          /* the digit masks of band b */
    uint64_t bv1;                /* the bivalue cells of b1 | b2 << 27 */
    uint32_t bv0;                /* the bivalue cells of b */
} f9_scorer;

/* Prepares k to score the bivalue cells of band b. */
static inline NF_ATTR void f9_scorer_init(f9_scorer *k, const f9_state *s, const uint32_t *bvs,
                                          int b)
{
    int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2, h;
    for (h = 0; h < 8; h += 4) {
        __m256i x1 =
            _mm256_cvtepu32_epi64(_mm_load_si128((const __m128i *)(const void *)(s->g[b1] + h)));
        __m256i x2 =
            _mm256_cvtepu32_epi64(_mm_load_si128((const __m128i *)(const void *)(s->g[b2] + h)));
        _mm256_store_si256((__m256i *)(void *)(k->c + h),
                           _mm256_or_si256(x1, _mm256_slli_epi64(x2, 27)));
    }
    k->c[8] = s->g[b1][8] | (uint64_t)s->g[b2][8] << 27;
    k->g0 = s->g[b];
    k->bv0 = bvs[b];
    k->bv1 = bvs[b1] | (uint64_t)bvs[b2] << 27;
}

/* cols: digit d's masks of bands b1 and b2 side by side, made ready. */
static inline NF_ATTR uint64_t f9_scorer_cols(const f9_scorer *k, int d) { return k->c[d]; }

#define F9_SCORER_OWN
#include "engines/fast/score.h"

#endif
