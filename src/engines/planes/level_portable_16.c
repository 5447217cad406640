/*
 * level_portable_16.c - the planes engine (core.h) on 16-bit lanes (sides
 * up to 16) in portable C (the level "portable" of levels.h, built on every
 * platform): GCC/clang generic vectors of 32 bytes, which the compiler
 * lowers to whatever the baseline target has; nonzero lanes found lane by
 * lane. Also the checkers' test entries (check.h). This file sets core.h's
 * parameters and names the entries.
 */
#define PL_LANES 16
#define PL_CHUNK_BYTES 32
#define PL_ATTR
#include "engines/planes/core.h"

#include "engines/planes/check.h"

/* The search on 16-bit lanes at this level (state.h). */
void nonet__planes_search_16_portable(pl_ctx *k) { pl_search(k); }

/* For the checkers' test (check.h): the root state and the state checker. */
int nonet__planes_start_16_portable(pl_ctx *k) { return pl_start(k, k->states); }

int nonet__planes_state_ok_16_portable(const pl_ctx *k, void *st) { return pl_state_ok(k, st); }
