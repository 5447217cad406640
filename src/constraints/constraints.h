/*
 * constraints.h - the constraint table: one row per kind, each with a
 * propagator and a final check of one signature, and the per-run context
 * they share.
 *
 * A propagator receives every cell's candidate mask (bit d-1 = digit d) and
 * removes only digits that no assignment keeping this one constraint can
 * use given the other cells' masks (sound; it need not find them all). It
 * returns -1 when some cell of the constraint is left with no candidate or
 * no assignment keeps it, 1 when it removed something, 0 otherwise. When all
 * its cells hold one candidate it must return -1 if they break the rule.
 */
#ifndef NONET_CONSTRAINTS_H
#define NONET_CONSTRAINTS_H

#include "core/puzzle.h"
#include "core/shape.h"

/* What the propagators of one run share, built from the puzzle once
 * (nonet__cons_ctx_new) and read only afterwards. */
/* A sum the cages imply through the houses (innies.c): the cells
 * derived_cells[at .. at + ncells) sum to `sum`; `distinct` when they share
 * a house. */
typedef struct nonet__derived {
    int at, ncells, sum, distinct;
} nonet__derived;

typedef struct nonet__cons_ctx {
    const nonet_shape *s;
    int n;
    uint64_t full;
    const nonet__constraint *list; /* the puzzle's constraints (borrowed) */
    int count;
    /* pair relations: rel[d] = digits a neighbour may hold beside digit d+1 */
    uint64_t white[64], black[64], x[64], v[64], not_dots[4][64], not_xv[4][64];
    /* ncells * 2: 1 when the pair (c, right of c) [0] or (c, below c) [1]
     * bears a white/black dot (dotted) or an X/V (xv) */
    unsigned char *dotted, *xv;
    /* ncells: bit 1 when the cell is a minimum cell, bit 2 a maximum cell
     * (a cell is compared only with neighbours not of its own kind) */
    unsigned char *extremum;
    /* cage combinations (n <= 16): the digit sets of k digits summing to
     * s are combo[combo_at[k * (maxsum + 2) + s] .. next) */
    int maxsum;
    int *combo_at;
    uint16_t *combo;
    /* the derived sums of the summed cages (innies.c) */
    nonet__derived *derived;
    int nderived;
    int *derived_cells;
} nonet__cons_ctx;

typedef int (*nonet__cons_propagate_fn)(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                                        uint64_t *cand);
typedef int (*nonet__cons_check_fn)(const nonet__cons_ctx *ctx, const nonet__constraint *k,
                                    const unsigned char *grid);
/* Checks what a kind takes beyond the counts of its row; returns NULL or a
 * message (a static string). */
typedef const char *(*nonet__cons_valid_fn)(const nonet_shape *s, const int *cells, int ncells,
                                            const int *values, int nvalues);

typedef struct nonet__cons_type {
    int kind;                   /* nonet_constraint_kind */
    const char *name;           /* in the nonet format */
    const char *fpuzzles;       /* its key in f-puzzles JSON */
    int min_cells, max_cells;   /* max 0: any number */
    int min_values, max_values; /* values it takes */
    nonet__cons_valid_fn valid; /* NULL: nothing more to check */
    nonet__cons_propagate_fn propagate;
    nonet__cons_check_fn check;
    /* 1 when propagate reads cells beyond k->cells (neighbours, the whole
     * grid); 0 (the default) lets the engines skip it while its own cells
     * keep their masks (nonet__cons_propagate_all) */
    int reads_around;
} nonet__cons_type;

/* The row of kind k (0 <= k < NONET_CONS_COUNT). */
const nonet__cons_type *nonet__cons_type_of(int k);

/* A new context for p's constraints, or NULL when out of memory. */
nonet__cons_ctx *nonet__cons_ctx_new(const nonet_puzzle *p);
void nonet__cons_ctx_free(nonet__cons_ctx *ctx);

/* Runs every propagator once, in order. `last` is NULL, or the masks of an
 * earlier state from which every propagator has run since (the state of the
 * caller's previous call began from, or a parent node's fixpoint): a
 * propagator reading only its own cells is then skipped when none of them
 * changed since `last` (its run would remove nothing more, as no
 * propagator's result depends on more than the masks it reads). Returns -1
 * on a contradiction, 1 when one removed something, 0 otherwise. */
int nonet__cons_propagate_all(const nonet__cons_ctx *ctx, uint64_t *cand, const uint64_t *last);

/* The index of the first constraint a full grid breaks, or -1. */
int nonet__cons_check_all(const nonet__cons_ctx *ctx, const unsigned char *grid);

/* Names constraint k for messages: "cage 15 at r1c1" ... into buf. */
const char *nonet__cons_describe(const nonet_shape *s, const nonet__constraint *k, char *buf,
                                 size_t cap);

/* ---- kit.c: what several types share ---------------------------------- */

/* cand[c] &= keep: -1 when nothing is left, 1 when it changed, else 0. */
static inline int nonet__cons_keep(uint64_t *cand, int c, uint64_t keep)
{
    uint64_t m = cand[c] & keep;
    if (m == cand[c]) return 0;
    cand[c] = m;
    return m ? 1 : -1;
}

/* Folds a step's result r into the running one *acc; returns 1 on -1. */
static inline int nonet__cons_fold(int *acc, int r)
{
    if (r < 0) return 1;
    if (r > 0) *acc = 1;
    return 0;
}

/* The lowest and highest digit (1-based) of a non-empty mask. */
int nonet__cons_lo(uint64_t m);
int nonet__cons_hi(uint64_t m);

/* Digits lo..hi (clipped to 1..64) as a mask; 0 when lo > hi. */
uint64_t nonet__cons_range(int lo, int hi);

/* Keeps on a and b only digits with a partner on the other side under the
 * symmetric relation rel (rel[d]: the partners of digit d+1). */
int nonet__cons_pair(uint64_t *cand, int a, int b, const uint64_t *rel);

/* The cells hold distinct digits: a cell down to one digit removes it from
 * the others, repeated to a fixpoint; -1 when two are fixed alike. */
int nonet__cons_distinct(uint64_t *cand, const int *cells, int ncells);

/* 1 when no two of the cells hold the same digit in grid. */
int nonet__cons_all_differ(const unsigned char *grid, const int *cells, int ncells);

/* 1 when cells a and b are orthogonal neighbours on a side-n grid. */
int nonet__cons_adjacent(int n, int a, int b);

/* The cells' digits sum to a number in lo..hi (repeats allowed): bounds
 * from each other cell's least and greatest candidate. */
int nonet__cons_sum_within(uint64_t *cand, const int *cells, int ncells, int lo, int hi);

/* The same, exactly: a digit stays on a cell when the other cells' masks
 * make up the rest of some sum in lo..hi (a subset-sum over the masks,
 * repeats allowed); falls back to the bounds above 64 cells or a sum of
 * SUM_BITS (512) and more. */
int nonet__cons_sum_exact(uint64_t *cand, const int *cells, int ncells, int lo, int hi);

/* Sets of sums 0..NONET__SUM_BITS-1, one bit each, in NONET__SUM_WORDS
 * words (nonet__cons_sum_exact, little_killer.c). */
enum { NONET__SUM_WORDS = 8, NONET__SUM_BITS = 64 * NONET__SUM_WORDS };

/* out |= in shifted up (up = 1) or down by d (0..SUM_BITS) bits, over nw
 * words; bits shifted past either end are dropped. */
void nonet__cons_sums_shift_or(uint64_t *out, const uint64_t *in, int nw, int d, int up);

/* The cells hold distinct digits from `digits` summing to `sum`: through
 * the combination lists when the context has them (n <= 16), else bounds.
 * (cage.c) */
int nonet__cons_sum_distinct(const nonet__cons_ctx *ctx, uint64_t *cand, const int *cells,
                             int ncells, int sum, uint64_t digits);

/* Which marks a negative rule covers: its value, 3 (both) by default. */
int nonet__cons_which(const nonet__constraint *k);

/* innies.c: builds ctx's derived sums from p's summed cages (0 when out of
 * memory) and propagates them (-1 contradiction, 1 changed, 0 not). */
int nonet__cons_innies_build(nonet__cons_ctx *x, const nonet_puzzle *p);
int nonet__cons_innies_propagate(const nonet__cons_ctx *x, uint64_t *cand, const uint64_t *last);

/* 1 when `last` is NULL or one of the cells' masks differs from it. */
static inline int nonet__cons_dirty(const uint64_t *cand, const uint64_t *last, const int *cells,
                                    int ncells)
{
    if (!last) return 1;
    for (int i = 0; i < ncells; i++)
        if (cand[cells[i]] != last[cells[i]]) return 1;
    return 0;
}

/* Validators shared by the two-cell marks and the negative rules: the two
 * cells are orthogonal neighbours; the value is 1, 2 or 3. */
const char *nonet__cons_neighbours(const nonet_shape *s, const int *cells, int ncells,
                                   const int *values, int nvalues);
const char *nonet__cons_which_valid(const nonet_shape *s, const int *cells, int ncells,
                                    const int *values, int nvalues);

/* Each type's row (one file each). */
extern const nonet__cons_type nonet__cons_cage, nonet__cons_little_killer, nonet__cons_sandwich,
    nonet__cons_thermo, nonet__cons_arrow, nonet__cons_white_dot, nonet__cons_black_dot,
    nonet__cons_dots_negative, nonet__cons_x, nonet__cons_v, nonet__cons_xv_negative,
    nonet__cons_whisper, nonet__cons_renban, nonet__cons_palindrome, nonet__cons_between,
    nonet__cons_odd, nonet__cons_even, nonet__cons_min, nonet__cons_max, nonet__cons_quadruple,
    nonet__cons_region, nonet__cons_clone;

#endif
