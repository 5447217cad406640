/*
 * rng.h - a small seeded random number generator (xoshiro256**, seeded
 * through splitmix64), with its state passed by pointer: no global state, no
 * rand(). The same seed gives the same stream on every machine and compiler
 * (only 64-bit integer arithmetic, no floating point).
 *
 * Invariant: the four state words are never all zero (seeding guarantees it).
 */
#ifndef NONET_CORE_RNG_H
#define NONET_CORE_RNG_H

#include <stdint.h>

typedef struct nonet__rng {
    uint64_t s[4]; /* xoshiro256** state */
} nonet__rng;

/* One splitmix64 step: a well-mixed 64-bit function of x (a bijection).
 * Used to seed and to derive seeds. */
uint64_t nonet__rng_mix(uint64_t x);

/* Seeds r from `seed`; any value is fine, 0 included. */
void nonet__rng_seed(nonet__rng *r, uint64_t seed);

/* The seed of item `k` of a batch seeded with `seed`: item 0 gets `seed`
 * itself, so a reported per-item seed reproduces that item as item 0 of a
 * new batch; other items get well-separated seeds. */
uint64_t nonet__rng_derive(uint64_t seed, uint64_t k);

/* The next 64 random bits. */
uint64_t nonet__rng_next(nonet__rng *r);

/* A uniform integer in 0..n-1 (n >= 1), without modulo bias (Lemire's
 * multiply-and-reject). */
uint32_t nonet__rng_below(nonet__rng *r, uint32_t n);

/* Puts the n ints of a in a uniform random order (Fisher-Yates). */
void nonet__rng_shuffle(nonet__rng *r, int *a, int n);

#endif
