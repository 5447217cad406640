/*
 * level_avx2_32.c - the planes engine (core.h) on 32-bit lanes (sides up to
 * 32) for AVX2 CPUs (the level "avx2" of levels.h): 256-bit vectors;
 * nonzero lanes found by a compare and a movemask. This file sets core.h's
 * parameters and names the entries.
 */
#include "engines/planes/levels.h"

#if F9_X86
#include <immintrin.h>

#define PL_LANES 32
#define PL_CHUNK_BYTES 32
#define PL_ATTR F9_TARGET(PL_FEATURES_AVX2)
#define PL_NZMASK(x)                                                                               \
    (~(uint32_t)_mm256_movemask_ps(                                                                \
         _mm256_castsi256_ps(_mm256_cmpeq_epi32((__m256i)(x), _mm256_setzero_si256()))) &          \
     0xffu)
#include "engines/planes/core.h"

/* The search on 32-bit lanes at this level (state.h). */
void nonet__planes_search_32_avx2(pl_ctx *k) { pl_search(k); }
#else
/* Not x86-64: this level is not built (ISO C wants a declaration). */
typedef int nonet__planes_level_avx2_32;
#endif
