/*
 * level_avx2.c - the fast engine for AVX2 CPUs whose PDEP and PEXT are slow
 * (AMD before Zen 3: microcoded, tens of cycles): the level "avx2-nobmi2" of
 * levels.h. Propagation in rounds, 8 digits of a band in a vector, digit 9
 * of the three bands in a fourth (vec_avx2.h, rules.h, rounds_avx2.h);
 * bit gathering by tables (bits_table.h).
 */
#include "engines/fast/levels.h"

#if F9_X86
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR F9_TARGET(F9_FEATURES_AVX2)

#include "engines/fast/vec_avx2.h"
#include "engines/fast/bits_table.h"
#include "engines/fast/search.h"
#include "engines/fast/givens_avx2.h"
#include "engines/fast/rules.h"
#include "engines/fast/rounds_avx2.h"

/* The level's entry (state.h). */
NF_ATTR void nonet__fast_run_avx2(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_run(cx, givens, cands);
}
#else
typedef int
    nonet__fast_level_avx2; /* not x86-64: this level is not built (ISO C wants a declaration) */
#endif
