/*
 * check.h - what the test of the invariant checkers (tests/unit/test_checks)
 * needs to show the planes engine's state checker, pl_state_ok (core.h),
 * catching a damaged state: a run's context set up as planes.c sets it up,
 * the root state propagated, and the checker itself, all at the portable
 * level (level_portable_16.c and level_portable_32.c define the entries of
 * their lanes; planes.c picks by the side). The engine does not use them.
 */
#ifndef NONET_ENGINES_PLANES_CHECK_H
#define NONET_ENGINES_PLANES_CHECK_H

#include "engines/planes/state.h"

/* Sets k up for job (its shape must be supported) with memory from ws, as
 * a search does. Returns 0 when out of memory. */
int nonet__planes_setup(pl_ctx *k, nonet__search *job, nonet__workspace *ws);

/* Builds the root state at k->states from k->job's givens and propagates it
 * to its fixpoint. Returns 0 on a contradiction. */
int nonet__planes_start_portable(pl_ctx *k);

/* 1 when the state at st keeps core.h's invariants. */
int nonet__planes_state_ok_portable(const pl_ctx *k, void *st);

/* The same two on the lanes of 16 bits (side up to 16) and of 32 bits. */
int nonet__planes_start_16_portable(pl_ctx *k);
int nonet__planes_start_32_portable(pl_ctx *k);
int nonet__planes_state_ok_16_portable(const pl_ctx *k, void *st);
int nonet__planes_state_ok_32_portable(const pl_ctx *k, void *st);

#endif
