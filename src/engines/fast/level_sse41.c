/*
 * level_sse41.c - the fast engine for SSE4.1 and POPCNT (the level "sse4.1"
 * of levels.h). Propagation digit by digit (digits.h); bit gathering by
 * tables (bits_table.h).
 */
#include "engines/fast/levels.h"

#if F9_X86
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR F9_TARGET(F9_FEATURES_SSE41)

#include "engines/fast/bits_table.h"
#include "engines/fast/score.h"
#include "engines/fast/search.h"
#include "engines/fast/triads.h"
#include "engines/fast/assign.h"
#include "engines/fast/digits.h"

/* The level's entry (state.h). */
NF_ATTR void nonet__fast_run_sse41(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_run(cx, givens, cands);
}
#else
typedef int
    nonet__fast_level_sse41; /* not x86-64: this level is not built (ISO C wants a declaration) */
#endif
