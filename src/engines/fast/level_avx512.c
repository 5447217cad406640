/*
 * level_avx512.c - the fast engine for AVX-512 F/BW/VL/DQ/VPOPCNTDQ CPUs (the
 * level "avx512" of levels.h). Propagation in rounds, all 9 digits in one
 * vector (vec_avx512.h, rules.h, rounds.h), the branch weights of a cell at once
 * (vec_avx512.h); bit gathering with PEXT and PDEP (bits_bmi2.h).
 */
#include "engines/fast/levels.h"

#if F9_X86
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR F9_TARGET(F9_FEATURES_AVX512)

#include "engines/fast/vec_avx512.h"
#include "engines/fast/bits_bmi2.h"

#include "engines/fast/search.h"
#include "engines/fast/triads.h"
#include "engines/fast/assign.h"
#include "engines/fast/givens_avx2.h"
#include "engines/fast/rules.h"
#include "engines/fast/rounds.h"

/* The level's entry (state.h). */
NF_ATTR void nonet__fast_run_avx512(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_run(cx, givens, cands);
}
#else
typedef int
    nonet__fast_level_avx512; /* not x86-64: this level is not built (ISO C wants a declaration) */
#endif
