/*
 * gen.h - random puzzles for the canonical-form tests: a random full grid
 * of any shape (a few random digits, then solved), and puzzles made from it
 * by keeping a chosen number of cells. Deterministic from the seed.
 */
#ifndef NONET_CANON_GEN_H
#define NONET_CANON_GEN_H

#include <nonet.h>
#include <stdint.h>

typedef struct gen_rng {
    uint64_t s;
} gen_rng;

/* A number in 0..n-1 (n > 0); advances r. */
int gen_below(gen_rng *r, int n);

/* Fills grid (N*N) with a random complete solution of `shape`. Returns 0,
 * or -1 when none was found (a shape with no solution). */
int gen_grid(const nonet_shape *shape, gen_rng *r, unsigned char *grid);

/* Fills cells with a random puzzle of `shape` holding `givens` cells of a
 * random solution grid. Returns 0 or -1 (as gen_grid). */
int gen_puzzle(const nonet_shape *shape, gen_rng *r, int givens, unsigned char *cells);

#endif
