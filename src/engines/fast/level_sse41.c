/*
 * level_sse41.c - the fast engine for SSE4.1 and POPCNT (the level "sse4.1"
 * of levels.h). Propagation digit by digit (digits.inc); bit gathering by
 * tables (bits_table.inc).
 */
#include "engines/fast/levels.h"

#if F9_X86
#include "engines/fast/fast.h"
#include "engines/fast/state.h"

#define NF_ATTR F9_TARGET(F9_FEATURES_SSE41)
#define F9_LEVEL_RUN nonet__fast_run_sse41

#include "engines/fast/bits_table.inc"
#include "engines/fast/score.inc"
#include "engines/fast/search.inc"
#include "engines/fast/triads.inc"
#include "engines/fast/assign.inc"
#include "engines/fast/digits.inc"
#else
typedef int
    nonet__fast_level_sse41; /* not x86-64: this level is not built (ISO C wants a declaration) */
#endif
