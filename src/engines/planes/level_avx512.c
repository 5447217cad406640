/*
 * level_avx512.c - the planes engine for AVX-512 CPUs (the level "avx512"
 * of levels.h): core.inc on 256-bit vectors for 16-bit lanes and 512-bit
 * vectors for 32-bit lanes, nonzero lanes found by a test into a mask
 * register.
 */
#include "engines/planes/levels.h"

#if F9_X86
#include "engines/planes/state.h"

#include <immintrin.h>

#define PL_ATTR F9_TARGET(PL_FEATURES_AVX512)
#define PL_CB16 32
#define PL_CB32 64
#define PL_NZMASK16(x) ((uint32_t)_mm256_test_epi16_mask((__m256i)(x), (__m256i)(x)))
#define PL_NZMASK32(x) ((uint32_t)_mm512_test_epi32_mask((__m512i)(x), (__m512i)(x)))
#define PL_LEVEL_RUN nonet__planes_run_avx512

#include "engines/planes/widths.inc"
#else
typedef int nonet__planes_level_avx512; /* not x86-64: this level is not built (ISO C wants a
                                           declaration) */
#endif
