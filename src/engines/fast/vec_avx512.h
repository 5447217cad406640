/*
 * vec_avx512.h - the AVX-512 backend of the round propagation (rounds.h,
 * rules.h): nv holds the masks of the 9 digits of one band, one 32-bit
 * lane per digit, in one 512-bit vector (lanes 9..15 stay zero); the nv_*
 * operations mean what every backend's do. Also this level's cell
 * primitives: the digits of a cell (one mask test) and the branch weights of
 * a cell (all digits at once). Included by level_avx512.c, which defines NF_ATTR.
 */
#ifndef NONET_ENGINES_FAST_VEC_AVX512_H
#define NONET_ENGINES_FAST_VEC_AVX512_H

#include "engines/fast/state.h"

#include <immintrin.h>

typedef __m512i nv;
static inline NF_ATTR nv nv_load(const uint32_t *row)
{
    return _mm512_load_si512((const void *)row);
}
static inline NF_ATTR void nv_store(uint32_t *row, nv a) { _mm512_store_si512((void *)row, a); }
static inline NF_ATTR nv nv_c(uint32_t x) { return _mm512_set1_epi32((int)x); }
static inline NF_ATTR nv nv_and(nv a, nv b) { return _mm512_and_si512(a, b); }
static inline NF_ATTR nv nv_or(nv a, nv b) { return _mm512_or_si512(a, b); }
static inline NF_ATTR nv nv_sub1(nv a) { return _mm512_sub_epi32(a, _mm512_set1_epi32(1)); }
#define NV_SR(a, n) _mm512_srli_epi32((a), (n))
#define NV_SL(a, n) _mm512_slli_epi32((a), (n))
/* three-input logic: one ternary-logic instruction each */
#define NV_OR3(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xfe)   /* a | b | c */
#define NV_ORAND(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xa8) /* (a | b) & c */
#define NV_SEL(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xe4)   /* c ? a : b */
#define NV_AORBC(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xf8) /* a | (b & c) */
#define NV_ONE3(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0x16)  /* exactly one */
#define NV_MAJ(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xe8)   /* two or more */
#define NV_ANBC(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xba)  /* (a & ~b) | c */
#define NV_ABNC(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0x40)  /* a & b & ~c */
/* single: x where x has at most one bit, else 0 (each lane) */
static inline NF_ATTR nv nv_single(nv x)
{
    return _mm512_maskz_mov_epi32(_mm512_testn_epi32_mask(x, nv_sub1(x)), x);
}
/* fill: c where x is nonzero, else 0 (each lane) */
static inline NF_ATTR nv nv_fill(nv x, uint32_t c)
{
    return _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(x, x), nv_c(c));
}
static inline NF_ATTR int nv_anyzero(nv a)
{
    return _mm512_mask_testn_epi32_mask(0x1ff, a, a) != 0;
}
static inline NF_ATTR int nv_any(nv a) { return _mm512_test_epi32_mask(a, a) != 0; }
static inline NF_ATTR int nv_differ(nv a, nv b) { return _mm512_cmpneq_epi32_mask(a, b) != 0; }
/* rot: lane i gets lane i + k (mod 16) */
#define NV_ROT(x, k) _mm512_alignr_epi32((x), (x), (k))
static inline NF_ATTR uint32_t nv_lane0(nv a) { return (uint32_t)_mm512_cvtsi512_si32(a); }

/* allreduce: one = cells held by some digit, two = cells held by two or more
 * digits, over the 9 digits of x. */
static inline NF_ATTR void nv_allreduce(nv x, uint32_t *one, uint32_t *two)
{
    nv o = x, t = _mm512_setzero_si512(), o2;
#define NV_STEP(k)                                                                                 \
    o2 = NV_ROT(o, k);                                                                             \
    t = NV_OR3(t, NV_ROT(t, k), _mm512_and_si512(o, o2));                                          \
    o = _mm512_or_si512(o, o2)
    NV_STEP(8);
    NV_STEP(4);
    NV_STEP(2);
    NV_STEP(1);
#undef NV_STEP
    *one = nv_lane0(o);
    *two = nv_lane0(t);
}

/* allor: the cells held by some digit of x. */
static inline NF_ATTR uint32_t nv_allor(nv x)
{
    x = _mm512_or_si512(x, NV_ROT(x, 8));
    x = _mm512_or_si512(x, NV_ROT(x, 4));
    x = _mm512_or_si512(x, NV_ROT(x, 2));
    return nv_lane0(_mm512_or_si512(x, NV_ROT(x, 1)));
}

/* cell_digits: the digits still possible at band bit p of band b (bit d for
 * digit d+1). */
static inline NF_ATTR uint32_t f9_cell_digits(const f9_state *s, int b, unsigned p)
{
    return (uint32_t)_mm512_test_epi32_mask(_mm512_load_si512((const void *)s->g[b]),
                                            _mm512_set1_epi32((int)(1u << p)));
}

/* scorer: the branch weights of the bivalue cells of band b (see
 * score.h for what they mean), all 9 digits of a cell at once, one lane
 * per digit; the band's vectors are loaded once. */
typedef struct f9_scorer {
    __m512i gb, gb1, gb2, vb, vb1, vb2;
} f9_scorer;

/* Loads the three bands' masks and the bivalue sets once for band b. */
static inline NF_ATTR void f9_scorer_init(f9_scorer *k, const f9_state *s, const uint32_t *bvs,
                                          int b)
{
    int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
    k->gb = _mm512_load_si512((const void *)s->g[b]);
    k->gb1 = _mm512_load_si512((const void *)s->g[b1]);
    k->gb2 = _mm512_load_si512((const void *)s->g[b2]);
    k->vb = _mm512_set1_epi32((int)bvs[b]);
    k->vb1 = _mm512_set1_epi32((int)bvs[b1]);
    k->vb2 = _mm512_set1_epi32((int)bvs[b2]);
}

/* score: the product of the weights of the two digits cm of band bit p. */
static inline NF_ATTR int f9_score(const f9_scorer *k, unsigned p, uint32_t cm)
{
    __m512i col = _mm512_set1_epi32((int)f9_col_of[p]), x, y1, y2, w;
    uint32_t wl[16];
    x = _mm512_and_si512(k->gb, _mm512_set1_epi32((int)f9_peer_in_band[p]));
    y1 = _mm512_and_si512(k->gb1, col);
    y2 = _mm512_and_si512(k->gb2, col);
    w = _mm512_add_epi32(_mm512_popcnt_epi32(x),
                         _mm512_popcnt_epi32(_mm512_or_si512(y1, _mm512_slli_epi32(y2, 1))));
    w = _mm512_add_epi32(
        w, _mm512_slli_epi32(
               _mm512_add_epi32(_mm512_popcnt_epi32(_mm512_and_si512(x, k->vb)),
                                _mm512_popcnt_epi32(_mm512_or_si512(
                                    _mm512_and_si512(y1, k->vb1),
                                    _mm512_slli_epi32(_mm512_and_si512(y2, k->vb2), 1)))),
               1));
    _mm512_storeu_si512((void *)wl, w);
    return (int)(wl[F9_CTZ(cm)] * wl[F9_CTZ(cm & (cm - 1))]);
}

#endif
