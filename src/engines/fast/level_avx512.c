/*
 * level_avx512.c - the fast engine for AVX-512 F/BW/VL/DQ/VPOPCNTDQ CPUs (the
 * level "avx512" of levels.h). Propagation in rounds, all 9 digits in one
 * vector (vec_avx512.h, rules.inc, rounds.inc), the branch weights of a cell at once
 * (vec_avx512.h); bit gathering with PEXT and PDEP (bits_bmi2.inc).
 */
#include "engines/fast/levels.h"

#if F9_X86
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR F9_TARGET(F9_FEATURES_AVX512)
#define F9_LEVEL_RUN nonet__fast_run_avx512

#include "engines/fast/vec_avx512.h"
#include "engines/fast/bits_bmi2.inc"

#include "engines/fast/search.inc"
#include "engines/fast/triads.inc"
#include "engines/fast/assign.inc"
#include "engines/fast/givens_avx2.inc"
#include "engines/fast/rules.inc"
#include "engines/fast/rounds.inc"
#else
typedef int
    nonet__fast_level_avx512; /* not x86-64: this level is not built (ISO C wants a declaration) */
#endif
