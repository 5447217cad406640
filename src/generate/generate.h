/*
 * generate.h - what the files of src/generate/ share: the generator object,
 * symmetries as cell orbits, the uniqueness checks, random grids and random
 * jigsaw maps, carving and the hard-puzzle search.
 *
 * src/generate/ may call the engines (engines/engine.h: the fast engine for
 * the classic 9x9, the bitmask engine for every other shape), the model
 * (core/: shape, puzzle, error, rng) and the human-style rater (human/,
 * through nonet.h's nonet_explainer_*); nothing below calls it (README.md).
 *
 * Everything a generator decides comes from its nonet__rng, seeded per
 * puzzle, and from node budgets counted in search nodes, never from the
 * clock: the same seed, shape and options give the same puzzle on every
 * machine and in any thread. (--timeout, through the progress callback, can
 * only stop a puzzle, never change it.)
 */
#ifndef NONET_GENERATE_H
#define NONET_GENERATE_H

#include "core/rng.h"
#include "engines/engine.h"
#include "nonet.h"

/* The cell permutations of one symmetry and the orbits they cut the grid
 * into. Invariant: orbit_cell[orbit_at[k] .. orbit_at[k+1]) are the cells of
 * orbit k, sorted; orbit_of[c] is the orbit holding c; the orbits partition
 * the grid. */
typedef struct gen_sym {
    nonet_symmetry kind; /* NONE .. DIHEDRAL (never RANDOM) */
    int norbits;
    int *orbit_at;   /* norbits + 1 */
    int *orbit_cell; /* ncells */
    int *orbit_of;   /* ncells */
} gen_sym;

/* A 9x9 shape prepared for jig9.c's solver: each house's cells and each
 * cell's peers as 81-bit boards (cells 0..63 in lo, 64..80 in hi), each
 * cell's houses as a set; with the house list and link count it was made
 * from, to tell whether it fits the shape of a call (shapes come and go). */
#define GEN_JIG9_PAIRS 512 /* house pairs kept for locked candidates */
typedef struct gen_jig9_pair {
    uint64_t in_lo, in_hi;     /* its cells shared with the other house */
    uint64_t rest_lo, rest_hi; /* the other house's other cells */
    uint64_t rest_houses;      /* the houses of those cells */
} gen_jig9_pair;
typedef struct gen_jig9 {
    int ready, nhouses, npeers, npairs;
    gen_jig9_pair pair[GEN_JIG9_PAIRS]; /* house a's: pair[pair_at[a] .. pair_at[a+1]) */
    int pair_at[65];
    unsigned variants;
    uint64_t all; /* every house */
    int house[64 * 9];
    uint64_t hlo[64], hhi[64];
    uint64_t plo[81], phi[81];
    uint64_t chouses[81];
    uint64_t peer_houses[81]; /* the houses of each cell's peers */
} gen_jig9;

/* Counters of one puzzle's searches, and how the caller's progress callback
 * and the node budgets stop them. */
typedef struct gen_search {
    nonet__workspace ws;        /* the bitmask engine's memory */
    nonet_progress_fn progress; /* the caller's, or NULL */
    void *progress_ctx;
    unsigned long long nodes;   /* search nodes spent on this puzzle */
    unsigned long long guesses; /* trial placements of the last count */
    unsigned long long asked;   /* `nodes` when progress was last called */
    int gave_up;                /* 1: the progress callback asked to stop */
    gen_jig9 jig9;              /* jig9.c's last shape */
} gen_search;

/* The rater of a generator with a difficulty target (difficulty.c): two
 * explainers, one limited to the techniques rated at most the target's top
 * (it steers carving), one with SE's whole set (it rates what was carved),
 * and the puzzle they are set to. */
typedef struct gen_rater {
    nonet_explainer *capped; /* NULL when nothing is capped (no top) */
    nonet_explainer *full;
    nonet_puzzle *scratch; /* givens under test, on the last shape rated */
    double top;            /* highest ER accepted; 0 = no top */
    double min;            /* lowest ER wanted; 0 = none */
    int technique;         /* the hardest step's technique row wanted, or -1 */
    gen_search *search;    /* whose progress callback the explainers ask */
} gen_rater;

/* A solution grid being carved: its shape, solution and symmetry. */
typedef struct gen_job {
    const nonet_shape *shape;
    const unsigned char *solution; /* ncells digits */
    const gen_sym *sym;
    nonet__rng *rng;
    gen_search *search;
    const nonet_generate_options *opt;
    gen_rater *rater; /* NULL, or the difficulty target's steering */
    double goal;      /* gen_hard stops once the score reaches it (0 = never) */
} gen_job;

struct nonet_generator {
    nonet_generate_options opt;
    gen_search search;
    gen_sym sym;
    nonet__rng rng;              /* the current puzzle's stream */
    int *region;                 /* NONET_MAX_CELLS: a drawn jigsaw map */
    unsigned char *grid;         /* NONET_MAX_CELLS: the solution grid */
    unsigned char *givens;       /* NONET_MAX_CELLS: the puzzle */
    unsigned char *best;         /* NONET_MAX_CELLS: the best try at a clue target */
    unsigned char *best_grid;    /* NONET_MAX_CELLS: its solution */
    unsigned char *closest;      /* NONET_MAX_CELLS: the try closest to a difficulty target */
    unsigned char *closest_grid; /* NONET_MAX_CELLS: its solution */
    const nonet_shape *known;    /* the shape `fits` is about (a reference), or NULL */
    int known_random;            /* random_regions when `fits` was filled */
    unsigned fits, misfits;      /* bit k: symmetry k checked to fit / not to fit it */
    gen_rater rater;             /* set up with a difficulty target or `rate` */
    int rating;                  /* 1: a difficulty target or `rate`: puzzles are rated */
    int steering;                /* 1: a difficulty target: carving is steered by the rater */
    nonet_solver *solver;        /* constrained.c's uniqueness checks (made on first use) */
};

/* ------------------------------------------------------------------ */
/* symmetry.c                                                           */
/* ------------------------------------------------------------------ */

/* Allocates the orbit arrays for any shape. Returns 0, or -1 when out of memory. */
int gen_sym_init(gen_sym *sym);
void gen_sym_free(gen_sym *sym);

/* Image of `cell` (grid side n) under transform t (0 identity, 1..3 quarter
 * turns clockwise, 4 mirror, 5 flip, 6 diagonal, 7 anti-diagonal). */
int gen_transform_cell(int t, int n, int cell);

/* Transforms of symmetry `kind` (identity first); returns their count. */
int gen_sym_transforms(nonet_symmetry kind, int *t);

/* Fills sym with the orbits of `kind` (not RANDOM) on a grid of side n. */
void gen_sym_orbits(gen_sym *sym, nonet_symmetry kind, int n);

/* Checker (NONET_ASSERT): 1 when sym's orbits partition the ncells cells as
 * gen_sym's invariant states. */
int gen_sym_ok(const gen_sym *sym, int ncells);

/* NONET_OK when every transform of `kind` maps each house of `shape` onto a
 * house and each extra link (anti-knight, anti-king, non-consecutive) onto
 * a link; else NONET_ERR_SHAPE naming the first house that is not mapped. */
nonet_status gen_sym_check(const nonet_shape *shape, nonet_symmetry kind, nonet_error *err);

/* The symmetry a puzzle uses: `kind` itself, or for RANDOM one drawn from
 * rng among ROTATE180..DIHEDRAL those `shape` allows (NONE when none does). */
nonet_symmetry gen_sym_pick(const nonet_shape *shape, nonet_symmetry kind, nonet__rng *rng);

/* ------------------------------------------------------------------ */
/* unique.c                                                             */
/* ------------------------------------------------------------------ */

/* Counts the solutions of `givens` on `shape` up to `limit`, the cells
 * restricted to `cands` when not NULL (ncells masks), within `max_nodes`
 * (0 = no bound). Uses the fast engine for the classic 9x9 and the bitmask
 * engine otherwise. The first solution goes to `first` and the second to
 * `second` (each may be NULL). Returns the count, -1 when the budget ran
 * out, -2 when the caller's progress callback stopped it (search->gave_up),
 * -3 when out of memory. */
int gen_count(gen_search *search, const nonet_shape *shape, const unsigned char *givens,
              const uint64_t *cands, int limit, unsigned long long max_nodes, unsigned char *first,
              unsigned char *second);

/* Whether `givens` (a subset of `solution`) has no solution but `solution`
 * once the cells of `cells` (count k) are emptied from it: 1 unique, 0 not,
 * negative as gen_count. For one cell it asks for a solution with another
 * digit there (cheaper than counting to 2). `givens` is restored. */
int gen_unique_without(gen_search *search, const nonet_shape *shape, unsigned char *givens,
                       const unsigned char *solution, const int *cells, int k);

/* ------------------------------------------------------------------ */
/* jig9.c                                                               */
/* ------------------------------------------------------------------ */

/* Whether jig9.c's solver takes `shape`: 9x9, not the classic shape (the
 * fast engine's), at most 64 houses, no non-consecutive links. */
int gen_jig9_fits(const nonet_shape *shape);

/* Counts the solutions of `givens` on `shape` (gen_jig9_fits) up to
 * `limit`, with `digit` (1-based) ruled out of `cell` when cell >= 0 and
 * empty. Adds its nodes to search->nodes and asks its progress callback
 * every 1024 nodes. Returns the count, or -2 when the callback stopped it
 * (search->gave_up). `hint` (NULL: none) is a grid whose digit each branch
 * tries first: a carved puzzle's solution, since another solution shares
 * most of its digits (an unavoidable set apart), so it is found sooner. The count does not depend on the search order, so it
 * agrees with gen_count's. */
int gen_jig9_count(gen_search *search, const nonet_shape *shape, const unsigned char *givens,
                   const unsigned char *hint, int cell, int digit, int limit);

/* ------------------------------------------------------------------ */
/* random_grid.c                                                      */
/* ------------------------------------------------------------------ */

/* Fills `grid` with a random complete grid of `shape`, the randomised
 * search making up to `tries` runs (shorter ones without `settle`). Returns NONET_OK; NONET_ERR_SHAPE when
 * the rules admit no grid, or (settle 0) when none was found within the
 * budgets; NONET_ERR_LIMIT when the progress callback stopped it;
 * NONET_ERR_NOMEM. With `settle` the last resort is an unbounded search of
 * the empty grid, which finds a grid or proves there is none. */
nonet_status gen_grid(gen_search *search, const nonet_shape *shape, nonet__rng *rng, int tries,
                      int settle, unsigned char *grid, nonet_error *err);

/* ------------------------------------------------------------------ */
/* regions.c                                                            */
/* ------------------------------------------------------------------ */

/* Draws a random jigsaw map of side n into `region`: n connected regions of
 * n cells, mapped onto each other by every transform of `kind`. Returns
 * NONET_OK, or NONET_ERR_SHAPE when no map of that symmetry can be drawn
 * for n (the start needs boxes or rows with that symmetry). */
nonet_status gen_regions(int n, nonet_symmetry kind, nonet__rng *rng, int *region,
                         nonet_error *err);

/* The same drawn around `grid`, a solution of the start map (see below)
 * and of every other rule: swaps trade only cells of the same digit, so
 * `grid` solves the map drawn. */
nonet_status gen_regions_for_grid(int n, nonet_symmetry kind, nonet__rng *rng,
                                  const unsigned char *grid, int *region, nonet_error *err);

/* Fills `region` with the start map of gen_regions (boxes, else rows) and
 * returns 1 when it has symmetry `kind`, 0 when neither has it. */
int gen_regions_start(int n, nonet_symmetry kind, int *region);

/* ------------------------------------------------------------------ */
/* carve.c                                                              */
/* ------------------------------------------------------------------ */

/* What a carve reached. */
typedef struct gen_carved {
    int clues;   /* givens left */
    int minimal; /* 1: no orbit of givens can go */
} gen_carved;

/* Carves job->solution into `givens`: the shortest prefix of a random order
 * of the orbits that has one solution, then (when minimal or aiming at a
 * clue count below it) a removal pass over its orbits in random order,
 * keeping each removal that leaves one solution and that opt->accept takes.
 * Returns 0, 1 when stopped by the progress callback with `givens` holding
 * a unique puzzle (not minimal), or -1 when stopped before any unique puzzle
 * or out of memory (search->gave_up tells which). */
int gen_carve(const gen_job *job, unsigned char *givens, gen_carved *out);

/* The removal pass alone over the givens present in `givens` (unique),
 * stopping at `target` clues (0 = as far as it goes). Same returns. */
int gen_minimize(const gen_job *job, unsigned char *givens, int target, gen_carved *out);

/* Checker (NONET_ASSERT): 1 when `givens` holds `clues` givens, each the
 * solution's digit, and whole orbits of job->sym only (givens or none). */
int gen_givens_ok(const gen_job *job, const unsigned char *givens, int clues);

/* ------------------------------------------------------------------ */
/* witness.c                                                            */
/* ------------------------------------------------------------------ */

/* Second solutions met while carving, each kept as its conflict set (the
 * orbits where it differs from the solution): once one orbit of a set is
 * left given, that orbit must stay. See witness.c for the invariant. */
typedef struct gen_witnesses {
    int norbits;
    int count;  /* witnesses held */
    int cap;    /* room for witnesses */
    int used;   /* orbit entries held */
    int room;   /* room for entries in `orbit` */
    int *start; /* cap + 1: witness i's orbits are orbit[start[i] .. start[i+1]) */
    int *orbit; /* room */
    int *left;  /* cap: given orbits of witness i's set (gen_witness_index on) */
    int *by_at; /* norbits + 1: per orbit, its witnesses in by[by_at[o] .. by_at[o+1]) */
    int *by;    /* the witnesses holding each given orbit, or NULL before indexing */
    int *stamp; /* norbits: scratch */
} gen_witnesses;

/* Allocates an empty store for `norbits` orbits. Returns 0, or -1 when out
 * of memory (w is then empty and gen_witness_free is still safe). */
int gen_witness_init(gen_witnesses *w, int norbits);
void gen_witness_free(gen_witnesses *w);

/* Keeps `alt`, a complete grid of job->shape's rules other than
 * job->solution, as a witness (dropped when no room is left). Only before
 * gen_witness_index. */
void gen_witness_add(gen_witnesses *w, const gen_job *job, const unsigned char *alt);

/* Keeps the unavoidable sets of two digits of job->solution as witnesses,
 * when every rule of the shape is a house (see witness.c). Only before
 * gen_witness_index. */
void gen_witness_pairs(gen_witnesses *w, const gen_job *job);

/* Sets the counts and the per-orbit index for the givens in `givens` (a
 * unique puzzle), ready for the removal pass. Returns 0, or -1 when out of
 * memory (the store then proves nothing). */
int gen_witness_index(gen_witnesses *w, const gen_sym *sym, const unsigned char *givens);

/* 1 when a witness proves that given orbit o must stay (it is the only
 * given orbit where that witness differs from the solution); w may be NULL. */
int gen_witness_holds(const gen_witnesses *w, int o);

/* Notes that given orbit o was emptied; w may be NULL. */
void gen_witness_removed(gen_witnesses *w, int o);

/* ------------------------------------------------------------------ */
/* hard.c                                                               */
/* ------------------------------------------------------------------ */

/* The difficulty of a unique puzzle: opt->score when set, else the search
 * guesses of the engine gen_count uses. Negative when a search failed. */
double gen_score(const gen_job *job, const unsigned char *givens);

/* Local search from the unique, minimal `givens` (solution `solution`, both
 * updated in place) for opt->hard_steps steps: drop an orbit or two, add
 * orbits back from another solution until one solution is left, minimise,
 * and keep the result when it scores at least as high. Returns the final
 * score, or a negative value when stopped by the progress callback (the
 * puzzle in place is still unique and minimal). */
double gen_hard(const gen_job *job, unsigned char *givens, unsigned char *solution);

/* ------------------------------------------------------------------ */
/* difficulty.c                                                         */
/* ------------------------------------------------------------------ */

/* Checks a difficulty target of `o`: NONET_OK, or NONET_ERR_ARG with err
 * set (max below min, a negative bound, a technique that is not SE's). */
nonet_status gen_rater_check(const nonet_generate_options *o, nonet_error *err);

/* 1 when `o` sets a difficulty target (rating band or technique). */
int gen_rater_target(const nonet_generate_options *o);

/* Sets r up for the target of `o` (none: rating only), its explainers asking
 * `search`'s progress callback. Returns 0, or -1 when out of memory. */
int gen_rater_init(gen_rater *r, const nonet_generate_options *o, gen_search *search);
void gen_rater_free(gen_rater *r);

/* Steering: whether `givens` (one solution) stays within the target's top:
 * the capped explainer solves it, with ER at most the top. Returns 1 yes, 0
 * no, -1 stopped by the progress callback, -3 out of memory. Always 1
 * without a top. */
int gen_rater_steer(gen_rater *r, const nonet_shape *shape, const unsigned char *givens);

/* The hard search's score of `givens` (one solution): its ER when the
 * steering would take it (the capped explainer's rating, SE's whenever there
 * is a top), else 0; without a cap, its ER by the whole set (0 when stuck). Returns 0
 * with *score set, -1 stopped by the progress callback, -3 out of memory. */
int gen_rater_score(gen_rater *r, const nonet_shape *shape, const unsigned char *givens,
                    double *score);

/* Rates `givens` (one solution) with SE's whole set into *out. Returns 0,
 * -1 stopped by the progress callback, -3 out of memory. */
int gen_rater_rate(gen_rater *r, const nonet_shape *shape, const unsigned char *givens,
                   nonet_rating *out);

/* Whether rating `rt` meets r's target: ER in the band, the hardest step
 * the technique asked for. */
int gen_rater_meets(const gen_rater *r, const nonet_rating *rt);

/* How far rating `rt` is from r's target (0 when met; smaller is closer). */
double gen_rater_distance(const gen_rater *r, const nonet_rating *rt);

/* ------------------------------------------------------------------ */
/* constrained.c                                                        */
/* ------------------------------------------------------------------ */

/* Checks the constraint options of `o` (killer, killer_max, constraints):
 * NONET_OK, or NONET_ERR_ARG with err set (a kind generate cannot draw, a
 * cage size below 2, a difficulty or clue target or hard search with them). */
nonet_status gen_constrained_check(const nonet_generate_options *o, nonet_error *err);

/* Makes a killer (opt.killer) or mixed puzzle (opt.constraints) around
 * g->grid on shape s (g->sym set for the symmetry): *out, `solution` and
 * `res` as nonet_generate gives them, and its returns. */
nonet_status gen_constrained(nonet_generator *g, const nonet_shape *s, nonet_puzzle **out,
                             unsigned char *solution, nonet_generate_result *res, nonet_error *err);

#endif
