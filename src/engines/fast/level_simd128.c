/*
 * level_simd128.c - the fast engine for WebAssembly with 128-bit SIMD (the
 * level "simd128" of levels.h, built when the module is compiled with
 * -msimd128): the AVX2 levels' rounds (rounds_avx2.h, three of its loops
 * kept rolled for V8 by vec_wasm128.h's F9_ROLLED; rules.h) on
 * vec_wasm128.h, digits 1..8 of each band in a vector of two v128 halves,
 * digit 9 of the three bands in a fourth; bit gathering by tables
 * (bits_table.h), branch weights digit by digit (score.h).
 */
#include "engines/fast/levels.h"

#if F9_WASM128
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR

#include "engines/fast/vec_wasm128.h"
#include "engines/fast/bits_table.h"
#include "engines/fast/score.h"
#include "engines/fast/search.h"
#include "engines/fast/rules.h"
#include "engines/fast/rounds_avx2.h"

/* The level's entry (state.h). */
NF_ATTR void nonet__fast_run_simd128(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_run(cx, givens, cands);
}
#else
typedef int nonet__fast_level_simd128; /* not WebAssembly with SIMD128: this level is not built
                                          (ISO C wants a declaration) */
#endif
