/*
 * vec_avx2.h - the AVX2 backend of the round propagation (rounds.inc): nv
 * holds the masks of digits 0..7 of one band in a 256-bit vector, one 32-bit
 * lane a digit, and digit 8 in a scalar beside it; the nv_* operations mean
 * what every backend's do. Also the digits of a cell (a shift and a sign-bit
 * movemask). Included by the AVX2 levels' files, which define NF_ATTR.
 */
#ifndef NONET_ENGINES_FAST_VEC_AVX2_H
#define NONET_ENGINES_FAST_VEC_AVX2_H

#include "engines/fast/state.h"

#include <immintrin.h>

typedef struct {
    __m256i v;
    uint32_t s;
} nv; /* digits 0..7, digit 8 */
static inline NF_ATTR nv nv_mk(__m256i v, uint32_t s)
{
    nv r;
    r.v = v;
    r.s = s;
    return r;
}
static inline NF_ATTR nv nv_load(const uint32_t *row)
{
    return nv_mk(_mm256_load_si256((const __m256i *)(const void *)row), row[8]);
}
static inline NF_ATTR void nv_store(uint32_t *row, nv a)
{
    _mm256_store_si256((__m256i *)(void *)row, a.v);
    row[8] = a.s;
}
static inline NF_ATTR nv nv_c(uint32_t x) { return nv_mk(_mm256_set1_epi32((int)x), x); }
static inline NF_ATTR nv nv_and(nv a, nv b) { return nv_mk(_mm256_and_si256(a.v, b.v), a.s & b.s); }
static inline NF_ATTR nv nv_or(nv a, nv b) { return nv_mk(_mm256_or_si256(a.v, b.v), a.s | b.s); }
static inline NF_ATTR nv nv_xor(nv a, nv b) { return nv_mk(_mm256_xor_si256(a.v, b.v), a.s ^ b.s); }
/* andn: a & ~b */
static inline NF_ATTR nv nv_andn(nv a, nv b)
{
    return nv_mk(_mm256_andnot_si256(b.v, a.v), a.s & ~b.s);
}
static inline NF_ATTR nv nv_sub1(nv a)
{
    return nv_mk(_mm256_sub_epi32(a.v, _mm256_set1_epi32(1)), a.s - 1u);
}
static inline NF_ATTR nv nv_sr(nv a, int n) { return nv_mk(_mm256_srli_epi32(a.v, n), a.s >> n); }
static inline NF_ATTR nv nv_sl(nv a, int n) { return nv_mk(_mm256_slli_epi32(a.v, n), a.s << n); }
#define NV_SR(a, n) nv_sr((a), (n))
#define NV_SL(a, n) nv_sl((a), (n))
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
static inline NF_ATTR nv nv_single(nv x)
{
    __m256i m = _mm256_cmpeq_epi32(
        _mm256_and_si256(x.v, _mm256_sub_epi32(x.v, _mm256_set1_epi32(1))), _mm256_setzero_si256());
    return nv_mk(_mm256_and_si256(x.v, m), (x.s & (x.s - 1u)) ? 0u : x.s);
}
static inline NF_ATTR nv nv_fill(nv x, uint32_t c)
{
    __m256i z = _mm256_cmpeq_epi32(x.v, _mm256_setzero_si256());
    return nv_mk(_mm256_andnot_si256(z, _mm256_set1_epi32((int)c)), x.s ? c : 0u);
}
static inline NF_ATTR int nv_anyzero(nv a)
{
    return !_mm256_testz_si256(_mm256_cmpeq_epi32(a.v, _mm256_setzero_si256()),
                               _mm256_set1_epi32(-1)) ||
           !a.s;
}
static inline NF_ATTR int nv_any(nv a) { return !_mm256_testz_si256(a.v, a.v) || a.s; }
static inline NF_ATTR int nv_differ(nv a, nv b)
{
    __m256i x = _mm256_xor_si256(a.v, b.v);
    return !_mm256_testz_si256(x, x) || a.s != b.s;
}
/* rot of the 8 vector lanes (lane i gets lane i + k mod 8); the scalar digit
 * 8 is folded in after the vector steps (see nv_allreduce) */
#define NF_ROT8_4(x) _mm256_permute2x128_si256((x), (x), 1)
#define NF_ROT8_2(x) _mm256_shuffle_epi32((x), 0x4e)
#define NF_ROT8_1(x) _mm256_shuffle_epi32((x), 0xb1)

/* allreduce: one = cells held by some digit, two = cells held by two or more
 * digits, over the 9 digits of x. */
static inline NF_ATTR void nv_allreduce(nv x, uint32_t *one, uint32_t *two)
{
    __m256i o = x.v, t = _mm256_setzero_si256(), o2;
    uint32_t o0, t0;
#define NV_STEP(k)                                                                                 \
    o2 = NF_ROT8_##k(o);                                                                           \
    t = _mm256_or_si256(_mm256_or_si256(t, NF_ROT8_##k(t)), _mm256_and_si256(o, o2));              \
    o = _mm256_or_si256(o, o2)
    NV_STEP(4);
    NV_STEP(2);
    NV_STEP(1);
#undef NV_STEP
    o0 = (uint32_t)_mm256_cvtsi256_si32(o);
    t0 = (uint32_t)_mm256_cvtsi256_si32(t);
    *one = o0 | x.s;
    *two = t0 | (o0 & x.s);
}

/* allor: the cells held by some digit of x. */
static inline NF_ATTR uint32_t nv_allor(nv x)
{
    __m256i v = _mm256_or_si256(x.v, NF_ROT8_4(x.v));
    v = _mm256_or_si256(v, NF_ROT8_2(v));
    v = _mm256_or_si256(v, NF_ROT8_1(v));
    return (uint32_t)_mm256_cvtsi256_si32(v) | x.s;
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

#endif
