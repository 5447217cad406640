/*
 * level_scalar.c - the fast engine in portable C (the scalar level of
 * levels.h, built on every platform): propagation digit by digit
 * (digits.inc), bit gathering by tables (bits_table.inc).
 */
#include "engines/fast/fast.h"
#include "engines/fast/levels.h"
#include "engines/fast/state.h"

#define NF_ATTR
#define F9_LEVEL_RUN nonet__fast_run_scalar

#include "engines/fast/bits_table.inc"
#include "engines/fast/score.inc"
#include "engines/fast/search.inc"
#include "engines/fast/triads.inc"
#include "engines/fast/assign.inc"
#include "engines/fast/digits.inc"
