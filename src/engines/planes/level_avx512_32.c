/*
 * level_avx512_32.c - the planes engine (core.h) on 32-bit lanes (sides up
 * to 32) for AVX-512 CPUs (the level "avx512" of levels.h): 512-bit
 * vectors; nonzero lanes found by a test into a mask register. This file
 * sets core.h's parameters and names the entries.
 */
#include "engines/planes/levels.h"

#if F9_X86
#include <immintrin.h>

#define PL_LANES 32
#define PL_CHUNK_BYTES 64
#define PL_ATTR F9_TARGET(PL_FEATURES_AVX512)
#define PL_NZMASK(x) ((uint32_t)_mm512_test_epi32_mask((__m512i)(x), (__m512i)(x)))
#include "engines/planes/core.h"

/* The search on 32-bit lanes at this level (state.h). */
void nonet__planes_search_32_avx512(pl_ctx *k) { pl_search(k); }
#else
/* Not x86-64: this level is not built (ISO C wants a declaration). */
typedef int nonet__planes_level_avx512_32;
#endif
