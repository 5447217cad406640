/*
 * level_avx2_16.c - the planes engine (core.h) on 16-bit lanes (sides up to
 * 16) for AVX2 CPUs (the level "avx2" of levels.h): 256-bit vectors;
 * nonzero lanes found by a compare, a pack of the 16-bit results to bytes
 * and a byte movemask. This file sets core.h's parameters and names the
 * entries.
 */
#include "engines/planes/levels.h"

#if F9_X86
#include <immintrin.h>

#define PL_LANES 16
#define PL_CHUNK_BYTES 32
#define PL_ATTR F9_TARGET(PL_FEATURES_AVX2)
#define PL_ZERO16(x) _mm256_cmpeq_epi16((__m256i)(x), _mm256_setzero_si256())
#define PL_NZMASK(x)                                                                               \
    (~(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(_mm256_castsi256_si128(PL_ZERO16(x)),            \
                                                  _mm256_extracti128_si256(PL_ZERO16(x), 1))) &    \
     0xffffu)
#include "engines/planes/core.h"

/* The search on 16-bit lanes at this level (state.h). */
void nonet__planes_search_16_avx2(pl_ctx *k) { pl_search(k); }
#else
/* Not x86-64: this level is not built (ISO C wants a declaration). */
typedef int nonet__planes_level_avx2_16;
#endif
