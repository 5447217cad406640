/*
 * levels.h - the one table of the fast engine's instruction-set levels. It
 * drives both what is compiled (each level's file takes its target attribute
 * from its row's features) and what dispatch checks on the CPU (every
 * feature of the row, through __builtin_cpu_supports), so the two cannot
 * disagree.
 *
 * A row: X(ID, NAME, RANK, FEATURES, PDEP)
 *   ID        the level's file is level_ID.c; its entry nonet__fast_run_ID
 *   NAME      what nonet_engine_path() says
 *   RANK      0 scalar, 1 SSE (or WebAssembly SIMD128), 2 AVX2, 3 AVX-512:
 *             nonet_options.simd and NONET_FAST9_MAX_LEVEL cap it
 *             (a benchmark can measure a lower level on a CPU that has more)
 *   FEATURES  the CPU features the level's code may use (x86 only: the
 *             WebAssembly level's are the module's, checked when it loads)
 *   PDEP      1 when it uses PDEP/PEXT (BMI2): skipped on CPUs where they are
 *             microcoded (AMD before Zen 3), which then run the level below
 * Dispatch takes the last usable row, so rows go from slowest to fastest.
 * Every level gives the same results (tests/fast checks them all).
 */
#ifndef NONET_ENGINES_FAST_LEVELS_H
#define NONET_ENGINES_FAST_LEVELS_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) &&                            \
    !defined(NONET_FAST9_NO_SIMD)
#define F9_X86 1
#else
#define F9_X86 0
#endif

/* WebAssembly with 128-bit SIMD compiled in (-msimd128): an engine without
 * it refuses the whole module, so the level needs no run-time check. */
#if defined(__wasm__) && defined(__wasm_simd128__) && defined(__clang__) &&                        \
    !defined(NONET_FAST9_NO_SIMD)
#define F9_WASM128 1
#else
#define F9_WASM128 0
#endif

/* clang-format off */
#define F9_FEATURES_SSE41(F) F("sse4.1") F("popcnt")
#define F9_FEATURES_AVX2(F) F("avx2") F("bmi") F("popcnt")
#define F9_FEATURES_AVX2_BMI2(F) F("avx2") F("bmi") F("bmi2") F("popcnt")
#define F9_FEATURES_AVX512(F) F("avx512f") F("avx512vl") F("avx512bw") F("avx512dq") \
    F("avx512vpopcntdq") F("avx2") F("bmi") F("bmi2") F("popcnt")
/* clang-format on */

#if F9_X86
#define F9_LEVELS(X)                                                                               \
    X(scalar, "scalar", 0, F9_FEATURES_NONE, 0)                                                    \
    X(sse41, "sse4.1", 1, F9_FEATURES_SSE41, 0)                                                    \
    X(avx2, "avx2-nobmi2", 2, F9_FEATURES_AVX2, 0)                                                 \
    X(avx2_bmi2, "avx2", 2, F9_FEATURES_AVX2_BMI2, 1)                                              \
    X(avx512, "avx512", 3, F9_FEATURES_AVX512, 1)
#elif F9_WASM128
#define F9_LEVELS(X)                                                                               \
    X(scalar, "scalar", 0, F9_FEATURES_NONE, 0)                                                    \
    X(simd128, "simd128", 1, F9_FEATURES_NONE, 0)
#else
#define F9_LEVELS(X) X(scalar, "scalar", 0, F9_FEATURES_NONE, 0)
#endif
#define F9_FEATURES_NONE(F)

/* The target attribute of a level's functions: its features, joined by ','
 * ("sse2", which every x86-64 has, ends the list). */
#define F9_TARGET_ITEM(f) f ","
#define F9_TARGET(FEATURES) __attribute__((target(FEATURES(F9_TARGET_ITEM) "sse2")))

/* The CPU check of a level: every feature present. */
#define F9_CPU_ITEM(f) &&__builtin_cpu_supports(f)
#define F9_CPU_HAS(FEATURES) (1 FEATURES(F9_CPU_ITEM))

#endif
