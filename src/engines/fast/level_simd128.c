/*
 * level_simd128.c - the fast engine for WebAssembly with 128-bit SIMD (the
 * level "simd128" of levels.h, built when the module is compiled with
 * -msimd128): the AVX2 levels' rounds (rounds_avx2.inc, rules.inc) on
 * vec_wasm128.h, digits 1..8 of each band in a vector of two v128 halves,
 * digit 9 of the three bands in a fourth; bit gathering by tables
 * (bits_table.inc), branch weights digit by digit (score.inc).
 */
#include "engines/fast/levels.h"

#if F9_WASM128
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR
#define F9_LEVEL_RUN nonet__fast_run_simd128

#include "engines/fast/vec_wasm128.h"
#include "engines/fast/bits_table.inc"
#include "engines/fast/score.inc"
#include "engines/fast/search.inc"
#include "engines/fast/rules.inc"
#include "engines/fast/rounds_avx2.inc"
#else
typedef int nonet__fast_level_simd128; /* not WebAssembly with SIMD128: this level is not built
                                          (ISO C wants a declaration) */
#endif
