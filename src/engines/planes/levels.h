/*
 * levels.h - the table of the planes engine's instruction-set levels, in the
 * scheme of the fast engine's table (engines/fast/levels.h, whose macros it
 * uses): each row's CPU features give both the target attribute its
 * level_ID_W.c files are compiled with and what dispatch checks on the CPU,
 * so the two cannot disagree.
 *
 * A row: X(ID, NAME, RANK, FEATURES)
 *   ID        the level's files are level_ID_16.c and level_ID_32.c (16- and
 *             32-bit lanes); their entries nonet__planes_search_16_ID and
 *             nonet__planes_search_32_ID
 *   NAME      what nonet_engine_path() says
 *   RANK      0 portable, 2 AVX2, 3 AVX-512 (the fast engine's ranks; there
 *             is no SSE level): NONET_PLANES_MAX_LEVEL caps it
 *   FEATURES  the CPU features the level's code may use
 * Dispatch takes the last usable row, so rows go from slowest to fastest.
 * Every level runs the same C (core.h) and gives the same results
 * (unit/engine_paths checks them all).
 */
#ifndef NONET_ENGINES_PLANES_LEVELS_H
#define NONET_ENGINES_PLANES_LEVELS_H

#include "engines/fast/levels.h"

/* clang-format off */
/* AVX2: the fast engine's "avx2-nobmi2" features (no PDEP/PEXT is used). */
#define PL_FEATURES_AVX2(F) F9_FEATURES_AVX2(F)
/* AVX-512: the mask registers of F, VL, BW and DQ on 256- and 512-bit
 * vectors (no VPOPCNTDQ, so Skylake-X and Cascade Lake run it too). */
#define PL_FEATURES_AVX512(F) F("avx512f") F("avx512vl") F("avx512bw") F("avx512dq") \
    F("avx2") F("bmi") F("bmi2") F("popcnt")
/* clang-format on */

#if F9_X86
#define PL_LEVELS(X)                                                                               \
    X(portable, "portable", 0, F9_FEATURES_NONE)                                                   \
    X(avx2, "avx2", 2, PL_FEATURES_AVX2)                                                           \
    X(avx512, "avx512", 3, PL_FEATURES_AVX512)
#else
#define PL_LEVELS(X) X(portable, "portable", 0, F9_FEATURES_NONE)
#endif

#endif
