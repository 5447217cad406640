/*
 * vec_wasm128.h - the WebAssembly SIMD128 backend of the round propagation
 * (rounds_avx2.h, rules.h): vec_avx2.h's operations, same meaning, on
 * clang's vector extensions: nv is eight 32-bit lanes (a 256-bit vector,
 * which clang's wasm32 code generation keeps as two v128 registers, lanes
 * 0..3 and 4..7), so the rounds keep AVX2's layout: digits 1..8 of a band
 * in a vector, digit 9 of the three bands in a fourth. A lane move within
 * a half is one i8x16.shuffle, nv_halves and the rotation by 4 lanes cost
 * nothing (they only pick halves); the reductions use v128.any_true and
 * i32x4.bitmask / i8x16.bitmask from <wasm_simd128.h>. Also the digit
 * planes of the givens and the digits of a cell; the branch weights are
 * score.h's. Included by level_simd128.c (NF_ATTR empty: the module is
 * built with -msimd128).
 */
#ifndef NONET_ENGINES_FAST_VEC_WASM128_H
#define NONET_ENGINES_FAST_VEC_WASM128_H

#include "engines/fast/state.h"

#include <wasm_simd128.h>

typedef uint32_t nv __attribute__((vector_size(32)));
typedef uint16_t nv16 __attribute__((vector_size(32)));

/* lo / hi: the two v128 halves (lanes 0..3, 4..7) */
static inline v128_t nv_lo(nv a) { return (v128_t)__builtin_shufflevector(a, a, 0, 1, 2, 3); }
static inline v128_t nv_hi(nv a) { return (v128_t)__builtin_shufflevector(a, a, 4, 5, 6, 7); }

static inline nv nv_load(const uint32_t *row)
{
    nv a;
    memcpy(&a, row, sizeof a);
    return a;
}
static inline void nv_store(uint32_t *row, nv a) { memcpy(row, &a, sizeof a); }
static inline nv nv_c(uint32_t x) { return (nv){x, x, x, x, x, x, x, x}; }
static inline nv nv_and(nv a, nv b) { return a & b; }
static inline nv nv_or(nv a, nv b) { return a | b; }
static inline nv nv_xor(nv a, nv b) { return a ^ b; }
/* andn: a & ~b */
static inline nv nv_andn(nv a, nv b) { return a & ~b; }
static inline nv nv_sub1(nv a) { return a - 1u; }
/* rounds_avx2.h: its three marked loops stay loops for V8 */
#define F9_ROLLED _Pragma("clang loop unroll(disable)")
#define NV_SR(a, n) ((a) >> (n))
#define NV_SL(a, n) ((a) << (n))
#define NV_OR3(a, b, c) ((a) | (b) | (c))
#define NV_ORAND(a, b, c) (((a) | (b)) & (c))
#define NV_SEL(a, b, c) nv_or(nv_and((c), (a)), nv_andn((b), (c)))
#define NV_AORBC(a, b, c) nv_or((a), nv_and((b), (c)))
#define NV_ANBC(a, b, c) nv_or(nv_andn((a), (b)), (c))
#define NV_ABNC(a, b, c) nv_andn(nv_and((a), (b)), (c))
static inline nv nv_maj(nv a, nv b, nv c) { return (a & b) | (c & (a | b)); }
static inline nv nv_one3(nv a, nv b, nv c) { return (a ^ b ^ c) & ~nv_maj(a, b, c); }
#define NV_MAJ(a, b, c) nv_maj((a), (b), (c))
#define NV_ONE3(a, b, c) nv_one3((a), (b), (c))
/* eq: all ones in the lanes where a and b are equal, else 0 */
static inline nv nv_eq(nv a, nv b) { return (nv)(a == b); }
/* single: x where x has at most one bit, else 0 (each lane) */
static inline nv nv_single(nv x) { return x & (nv)((x & (x - 1u)) == 0u); }
/* fill: c where x is nonzero, else 0 (each lane) */
static inline nv nv_fill(nv x, uint32_t c) { return (nv)(x != 0u) & c; }
/* zero: all ones in the lanes of a that are 0, else 0 */
static inline nv nv_zero(nv a) { return (nv)(a == 0u); }
static inline int nv_any(nv a) { return wasm_v128_any_true(nv_lo(a) | nv_hi(a)); }
static inline int nv_differ(nv a, nv b) { return nv_any(a ^ b); }
/* meet: a and b have a bit in common */
static inline int nv_meet(nv a, nv b) { return nv_any(a & b); }
/* setr: the eight lanes, lane 0 first */
#define NV_SETR(a0, a1, a2, a3, a4, a5, a6, a7)                                                    \
    ((nv){(uint32_t)(a0), (uint32_t)(a1), (uint32_t)(a2), (uint32_t)(a3), (uint32_t)(a4),          \
          (uint32_t)(a5), (uint32_t)(a6), (uint32_t)(a7)})
/* load4 / store4: lanes 0..3 from / to 16 bytes (load4: lanes 4..7 zero) */
static inline nv nv_load4(const uint32_t *p) { return NV_SETR(p[0], p[1], p[2], p[3], 0, 0, 0, 0); }
static inline void nv_store4(uint32_t *p, nv a) { wasm_v128_store(p, nv_lo(a)); }
/* the 16-bit halves of each lane on their own: sub1_16 subtracts 1 from
 * each, zero16 is all ones in the halves that are 0 */
static inline nv nv_sub1_16(nv a) { return (nv)((nv16)a - (uint16_t)1); }
static inline nv nv_zero16(nv a) { return (nv)((nv16)a == (uint16_t)0); }
/* halves: lanes 0..3 of a, lanes 4..7 of b */
static inline nv nv_halves(nv a, nv b)
{
    return __builtin_shufflevector(a, b, 0, 1, 2, 3, 12, 13, 14, 15);
}

/* lane moves of the digit-9 vector (lanes 0..2 = bands 0..2, lanes 3..7 0):
 * rot3_1 / rot3_2: lane i gets lane i+1 / i+2 (mod 3), lanes 3..7 stay;
 * pick(x, j): lane j of x in lane 0, the others 0 (lane 3 of x, which is);
 * lane(x, j): lane j of x in every lane (j is a constant once inlined). */
static inline nv nv_rot3_1(nv x) { return __builtin_shufflevector(x, x, 1, 2, 0, 3, 4, 5, 6, 7); }
static inline nv nv_rot3_2(nv x) { return __builtin_shufflevector(x, x, 2, 0, 1, 3, 4, 5, 6, 7); }
static inline nv nv_pick(nv x, int j) { return NV_SETR(x[j], 0, 0, 0, 0, 0, 0, 0); }
static inline nv nv_lane(nv x, int j) { return nv_c(x[j]); }
/* lanes012: lane 0 of a, lane 1 of b, lane 2 of c, lanes 3..7 of a */
static inline nv nv_lanes012(nv a, nv b, nv c)
{
    return __builtin_shufflevector(__builtin_shufflevector(a, b, 0, 9, 2, 3, 4, 5, 6, 7), c, 0, 1,
                                   10, 3, 4, 5, 6, 7);
}
/* the lanes 0..2 of the digit-9 vector: all ones there, 0 elsewhere */
#define NV_LANES3 NV_SETR(-1, -1, -1, 0, 0, 0, 0, 0)

/* rot of the 8 lanes (lane i gets lane i + k mod 8) as vec_avx2.h's: by 4
 * the halves swapped, by 2 and 1 within each half */
#define NF_ROT8_4(x) __builtin_shufflevector((x), (x), 4, 5, 6, 7, 0, 1, 2, 3)
#define NF_ROT8_2(x) __builtin_shufflevector((x), (x), 2, 3, 0, 1, 6, 7, 4, 5)
#define NF_ROT8_1(x) __builtin_shufflevector((x), (x), 1, 0, 3, 2, 5, 4, 7, 6)

/* allor8: the cells held by some lane of x, in every lane. */
static inline nv nv_allor8(nv x)
{
    nv v = x | NF_ROT8_4(x);
    v = v | NF_ROT8_2(v);
    return v | NF_ROT8_1(v);
}

/* unsolved_drop: the cell bit of band b leaves u (the state's unsolved),
 * with one 16-byte load and store, as vec_avx2.h's (a scalar store under a
 * later vector load stalls it on the CPUs that run the module). */
static inline void f9_unsolved_drop(uint32_t *u, int b, uint32_t bit)
{
    v128_t v = wasm_v128_load(u);
    v128_t m = wasm_v128_and(wasm_i32x4_eq(wasm_i32x4_make(0, 1, 2, 3), wasm_i32x4_splat(b)),
                             wasm_i32x4_splat((int32_t)bit));
    wasm_v128_store(u, wasm_v128_andnot(v, m));
}

/* cell_digits: the digits still possible at band bit p of band b (bit d for
 * digit d+1): digits 0..7 of the band shifted to the sign bit, two
 * i32x4.bitmask. */
static inline uint32_t f9_cell_digits(const f9_state *s, int b, unsigned p)
{
    const uint32_t *g = s->g[b];
    v128_t lo = wasm_i32x4_shl(wasm_v128_load(g), 31 - p);
    v128_t hi = wasm_i32x4_shl(wasm_v128_load(g + 4), 31 - p);
    return wasm_i32x4_bitmask(lo) | wasm_i32x4_bitmask(hi) << 4 | ((g[8] >> p) & 1u) << 8;
}

/* given_planes: pg[b][d] = the cells of band b whose given is d+1 (d < 9),
 * pg[b][9..15] = 0, two byte compares per band and digit (bytes 0..15 and
 * 16..31 of the band). Returns 0 when a given is above 9 (then pg is
 * unspecified). */
static inline int f9_given_planes(const unsigned char *givens, uint32_t pg[3][16])
{
    unsigned char buf[96]; /* the 81 givens, then zeros: room for band 2's 32 bytes */
    v128_t over = wasm_i8x16_splat(0);
    int b, d;
    memcpy(buf, givens, 81);
    memset(buf + 81, 0, sizeof buf - 81);
    for (b = 0; b < 3; b++) {
        v128_t lo = wasm_v128_load(buf + 27 * b), hi = wasm_v128_load(buf + 27 * b + 16);
        over = wasm_v128_or(over, wasm_v128_or(wasm_u8x16_sub_sat(lo, wasm_i8x16_splat(9)),
                                               wasm_u8x16_sub_sat(hi, wasm_i8x16_splat(9))));
        for (d = 0; d < 9; d++) {
            v128_t k = wasm_i8x16_splat((int8_t)(d + 1));
            pg[b][d] = (wasm_i8x16_bitmask(wasm_i8x16_eq(lo, k)) |
                        wasm_i8x16_bitmask(wasm_i8x16_eq(hi, k)) << 16) &
                       F9_ALL27;
        }
        for (d = 9; d < 16; d++) pg[b][d] = 0;
    }
    return !wasm_v128_any_true(over);
}

#endif
