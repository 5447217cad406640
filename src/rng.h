/*
 * rng.h - the library's one random generator: xoshiro256** seeded through
 * splitmix64, held in a caller-owned state passed by pointer (no global
 * state, never rand()). Every seeded feature (shuffle, generation) draws
 * from one of these, so the same seed gives the same output everywhere.
 *
 * Invariant: the state is never all zero (nonet__rng_seed guarantees it).
 */
#ifndef NONET_RNG_H
#define NONET_RNG_H

#include <stdint.h>

typedef struct nonet__rng {
    uint64_t s[4];   /* xoshiro256** state */
} nonet__rng;

/* One splitmix64 step: advances *x and returns a well-mixed 64-bit value.
 * Also the way to derive independent seeds from (seed, index) pairs. */
uint64_t nonet__splitmix64(uint64_t *x);

/* Seeds r from a 64-bit seed (any value, 0 included). */
void nonet__rng_seed(nonet__rng *r, uint64_t seed);

/* Returns the next 64 random bits and advances r. */
uint64_t nonet__rng_next(nonet__rng *r);

/* Returns a uniform number in 0..n-1 (n >= 1), without modulo bias. */
uint64_t nonet__rng_below(nonet__rng *r, uint64_t n);

/* Shuffles perm[0..n-1] uniformly (Fisher-Yates). */
void nonet__rng_shuffle(nonet__rng *r, unsigned char *perm, int n);

#endif
