/*
 * solve_fast.h - private interface of nonet's dedicated classic-9x9 engine.
 *
 * The engine solves the classic 9x9 Sudoku (rows, columns, 3x3 boxes, no other
 * rule). It allocates nothing, keeps no global mutable state, and is reentrant:
 * any number of threads may call nonet__fast9_solve at once on their own jobs.
 */
#ifndef NONET_SOLVE_FAST_H
#define NONET_SOLVE_FAST_H

#include <stdint.h>

/* Called for each solution found; `grid` is 81 digits 1..9, row-major, valid
 * only during the call. Return 0 to go on, nonzero to stop the search. */
typedef int (*nonet__fast_solution_fn)(void *ctx, const unsigned char *grid);

/* Called about every 65536 search nodes; return nonzero to abort the search. */
typedef int (*nonet__fast_progress_fn)(void *ctx, uint64_t nodes);

typedef struct nonet__fast_job {
    /* --- in --- */
    const unsigned char *givens;   /* 81 cells row-major: 0 = empty, 1..9 = given */
    const uint16_t *cands;         /* NULL, or 81 masks: bit d-1 set = digit d still allowed
                                      in that cell (pencilmarks); a given cell's mask is ignored */
    uint64_t limit;                /* stop after this many solutions; 0 = find them all */
    uint64_t max_nodes;            /* give up after this many nodes; 0 = no bound */
    nonet__fast_solution_fn on_solution;   /* may be NULL */
    void *solution_ctx;
    nonet__fast_progress_fn progress;      /* may be NULL */
    void *progress_ctx;
    unsigned char *solution;       /* NULL, or 81 cells: receives the first solution found */
    int force_scalar;              /* nonzero: use the portable scalar path even where SIMD exists */
    /* --- out --- */
    uint64_t solutions;            /* solutions found (never more than limit when limit > 0) */
    uint64_t nodes;                /* search nodes entered (the root counts as one) */
    uint64_t guesses;              /* trial assignments made at branch points (0 = solved by logic alone) */
    int aborted;                   /* 1 when max_nodes or progress stopped the search, so
                                      `solutions` may be short of the true count */
} nonet__fast_job;

/* Solves job->givens; fills the out fields. Givens that break a rule (a digit
 * twice in a house) simply give 0 solutions. Never crashes on any input whose
 * givens are in 0..9 (other values: treated as a contradiction, 0 solutions). */
void nonet__fast9_solve(nonet__fast_job *job);

/* Which path nonet__fast9_solve uses on this CPU: 0 scalar, 1 SSE4.1, 2 AVX2,
 * 3 AVX-512 (F, BW, VL, DQ and VPOPCNTDQ). All paths give identical results. */
int nonet__fast9_simd_level(void);

#endif
