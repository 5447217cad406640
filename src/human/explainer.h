/*
 * explainer.h - the nonet_explainer object, shared by the step engine
 * (engine.c) and the rater (rate.c).
 *
 * It owns a shape reference, the shape tables, the candidate state, the
 * step buffer, the finders' scratch memory and a solver for the uniqueness
 * question. Invariants: when `ready`, grid holds the state of the puzzle
 * last reset plus the steps and moves applied since; `start` is a private
 * copy of that puzzle's givens and candidates (for the solver); nsol is
 * NSOL_UNKNOWN until the puzzle has been solved, then 0, 1 or 2 (several)
 * with `solution` filled when 1, or NSOL_GAVE_UP when the progress callback
 * stopped the search. Memory is tied to the shape's rules: it is
 * rebuilt only when a puzzle with other rules arrives.
 */
#ifndef NONET_HUMAN_EXPLAINER_H
#define NONET_HUMAN_EXPLAINER_H

#include "human/human.h"

enum { NSOL_UNKNOWN = -1, NSOL_GAVE_UP = -2, NSOL_NOMEM = -3 };

struct nonet_explainer {
    const nonet_shape *shape; /* own reference; NULL before the first reset */
    nonet__hgeo geo;
    nonet__hgrid grid;
    nonet__hstep step;
    int *scratch;
    size_t scratch_ints;
    nonet__hcache cache;
    nonet__chainer *chains; /* the chain searches' memory */
    nonet_puzzle *start;    /* the puzzle as reset (own copy, for the solver) */
    nonet__cons_ctx *cons;  /* start's constraints for the finders, or NULL without any */
    nonet_solver *solver;
    unsigned char *solution; /* ncells */
    int nsol;                /* NSOL_UNKNOWN, NSOL_GAVE_UP, NSOL_NOMEM, else 0, 1, 2 */
    nonet_status stop;       /* why the last nonet__find_first stopped: LIMIT or NOMEM */
    unsigned char *enabled;  /* nonet__ntechs: 1 when the row is on */
    nonet_progress_fn progress;
    void *progress_ctx;
    int ready;
};

/* Runs the table from the top (extras only when `extras`). Returns FOUND
 * with the step in x->step, NONE when no technique applies, STOP when the
 * search could not go on: x->stop says why, NONET_ERR_LIMIT (the progress
 * callback, asked before each technique, gave up) or NONET_ERR_NOMEM. */
nonet__hfound nonet__find_first(nonet_explainer *x, int extras);

/* The progress callback's verdict, why nonet__find_first stopped, and the
 * state's contradiction, as errors (err filled; the status returned). */
nonet_status nonet__gave_up(const nonet_explainer *x, nonet_error *err);
nonet_status nonet__stopped(const nonet_explainer *x, nonet_error *err);
nonet_status nonet__broken(const nonet_explainer *x, nonet_error *err);

#endif
