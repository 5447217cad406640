/*
 * fast.h - the classic 9x9 engine's levels, for dispatch (fast.c) and the
 * test that drives every level (tests/fast). The engine itself speaks
 * engine.h's contract: nonet__solve_fast(job, ws).
 *
 * The engine solves the classic 9x9 Sudoku (rows, columns, 3x3 boxes, no
 * other rule). It allocates nothing, keeps no global mutable state, and is
 * reentrant: any number of threads may solve at once on their own jobs.
 */
#ifndef NONET_ENGINES_FAST_FAST_H
#define NONET_ENGINES_FAST_FAST_H

#include "engines/engine.h"

/* Levels built into this library (levels.h), slowest first. */
int nonet__fast_level_count(void);

/* The name of level i (0 <= i < count), as nonet_engine_path() says it. */
const char *nonet__fast_level_name(int level);

/* 1 when this CPU runs level i: it has every feature of the level, and fast
 * PDEP/PEXT when the level uses them. */
int nonet__fast_level_usable(int level);

/* The level dispatch picks on this CPU under the cap `simd`: the last
 * usable one within the cap's rank and NONET_FAST9_MAX_LEVEL's (0, scalar,
 * when no other is). */
int nonet__fast_level_for(nonet_simd simd);

/* The level dispatch picks without a run-time cap: nonet__fast_level_for(BEST). */
int nonet__fast_level_chosen(void);

/* Solves job (engine.h; job->shape must be the classic 9x9) at level i,
 * which must be usable. Fills solutions, nodes, guesses and stop. */
void nonet__fast_solve_at(nonet__search *job, int level);

#endif
