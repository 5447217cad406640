/*
 * level_avx512_16.c - the planes engine (core.h) on 16-bit lanes (sides up
 * to 16) for AVX-512 CPUs (the level "avx512" of levels.h): 256-bit
 * vectors; nonzero lanes found by a test into a mask register. This file
 * sets core.h's parameters and names the entries.
 */
#include "engines/planes/levels.h"

#if F9_X86
#include <immintrin.h>

#define PL_LANES 16
#define PL_CHUNK_BYTES 32
#define PL_ATTR F9_TARGET(PL_FEATURES_AVX512)
#define PL_NZMASK(x) ((uint32_t)_mm256_test_epi16_mask((__m256i)(x), (__m256i)(x)))
#include "engines/planes/core.h"

/* The search on 16-bit lanes at this level (state.h). */
void nonet__planes_search_16_avx512(pl_ctx *k) { pl_search(k); }
#else
/* Not x86-64: this level is not built (ISO C wants a declaration). */
typedef int nonet__planes_level_avx512_16;
#endif
