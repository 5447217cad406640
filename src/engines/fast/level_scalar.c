/*
 * level_scalar.c - the fast engine in portable C (the scalar level of
 * levels.h, built on every platform): propagation digit by digit
 * (digits.h), bit gathering by tables (bits_table.h).
 */
#include "engines/fast/fast.h"
#include "engines/fast/levels.h"
#include "engines/fast/state.h"

#define NF_ATTR

#include "engines/fast/bits_table.h"
#include "engines/fast/score.h"
#include "engines/fast/search.h"
#include "engines/fast/triads.h"
#include "engines/fast/assign.h"
#include "engines/fast/digits.h"

/* The level's entry (state.h). */
NF_ATTR void nonet__fast_run_scalar(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_run(cx, givens, cands);
}
