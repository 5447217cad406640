/*
 * level_avx2.c - the planes engine for AVX2 CPUs (the level "avx2" of
 * levels.h): core.inc on 256-bit vectors, nonzero lanes found by a compare
 * and a byte movemask (16-bit lanes packed to bytes first).
 */
#include "engines/planes/levels.h"

#if F9_X86
#include "engines/planes/state.h"

#include <immintrin.h>

#define PL_ATTR F9_TARGET(PL_FEATURES_AVX2)
#define PL_CB16 32
#define PL_CB32 32
#define PL_ZERO16(x) _mm256_cmpeq_epi16((__m256i)(x), _mm256_setzero_si256())
#define PL_NZMASK16(x)                                                                             \
    (~(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(_mm256_castsi256_si128(PL_ZERO16(x)),            \
                                                  _mm256_extracti128_si256(PL_ZERO16(x), 1))) &    \
     0xffffu)
#define PL_NZMASK32(x)                                                                             \
    (~(uint32_t)_mm256_movemask_ps(                                                                \
         _mm256_castsi256_ps(_mm256_cmpeq_epi32((__m256i)(x), _mm256_setzero_si256()))) &          \
     0xffu)
#define PL_LEVEL_RUN nonet__planes_run_avx2

#include "engines/planes/widths.inc"
#else
typedef int nonet__planes_level_avx2; /* not x86-64: this level is not built (ISO C wants a
                                         declaration) */
#endif
