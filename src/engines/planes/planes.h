/*
 * planes.h - the planes engine's shapes and levels, for the engine table
 * (solve.c), nonet_engine_path and the test that drives every level
 * (unit/engine_paths). The engine itself speaks engine.h's contract
 * (nonet__solve_planes).
 */
#ifndef NONET_ENGINES_PLANES_H
#define NONET_ENGINES_PLANES_H

#include "engines/engine.h"

/* Whether the planes engine handles the shape: boxes (not a jigsaw map),
 * side up to 32, no variant and no extra group. */
int nonet__planes_supports(const nonet_shape *shape);

/* Levels built into this library (levels.h), slowest first. */
int nonet__planes_level_count(void);

/* The name of level i (0 <= i < count), as nonet_engine_path() says it. */
const char *nonet__planes_level_name(int level);

/* 1 when this CPU has every feature of level i. */
int nonet__planes_level_usable(int level);

/* The level dispatch picks on this CPU under the cap `simd`: the last
 * usable one within the cap's rank and NONET_PLANES_MAX_LEVEL (0, the
 * portable level, when no other is). */
int nonet__planes_level_for(nonet_simd simd);

/* The level dispatch picks without a run-time cap: nonet__planes_level_for(BEST). */
int nonet__planes_level_chosen(void);

/* Solves job (engine.h; the shape must be supported) at level i, which
 * must be usable. Every level gives the same results. */
nonet_status nonet__planes_solve_at(nonet__search *job, nonet__workspace *ws, int level);

#endif
