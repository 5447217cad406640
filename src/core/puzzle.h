/*
 * puzzle.h - the puzzle object: a shape, givens, optional pencilmarks and the
 * place in the input it came from.
 *
 * Invariants: cells[i] in 0..n; cands is NULL or holds a non-zero subset of
 * shape->full for every cell; row_line is NULL or gives the input line of each
 * grid row (so messages can point at the row); alphabet is "" or names every
 * digit (at least n symbols). Immutable once handed out. nonet__puzzle_ok
 * (core/assert.h) checks them where a puzzle is handed out or to an engine.
 */
#ifndef NONET_PUZZLE_H
#define NONET_PUZZLE_H

#include "nonet.h"

/* One constraint beyond the houses (docs/CONSTRAINTS.md): its kind, its cells
 * in the order its type reads them, and its numbers (a sum, digits, ...).
 * `cells` is one block holding the ncells cells then the nvalues values;
 * `values` points into it. What each kind requires of them is checked by
 * nonet_puzzle_add_constraint (src/constraints/) before one is stored. */
typedef struct nonet__constraint {
    int kind;    /* nonet_constraint_kind */
    int ncells;  /* cells it covers (0 for a rule of the whole grid) */
    int nvalues; /* numbers it carries */
    int *cells;  /* ncells cells, then the values (one block, owned) */
    int *values; /* cells + ncells */
} nonet__constraint;

struct nonet_puzzle {
    const nonet_shape *shape;          /* one reference held */
    unsigned char *cells;              /* ncells givens, 0 = empty; they follow the struct in
                                  its block (nonet__puzzle_alloc), freed with it */
    uint64_t *cands;                   /* NULL, or ncells candidate masks */
    long *row_line;                    /* NULL, or n input line numbers, one per row */
    long line;                         /* first input line, 0 if none */
    long index;                        /* 1-based position in its input */
    int format;                        /* nonet_format it was read as */
    char source[64];                   /* input name, its first 63 bytes */
    char *source_long;                 /* NULL, or the whole name when source cut it */
    char *comment;                     /* NULL, or the text after the grid on its line */
    char alphabet[NONET_MAX_SIZE + 1]; /* symbols it was read with, "" = default */
    nonet__constraint *cons;           /* NULL, or ncons constraints (owned) */
    int ncons, cons_cap;               /* constraints held, room for */
};

/* Allocates a puzzle with room for row lines when `with_rows`; cells zeroed,
 * no candidates. Takes a new reference to shape. NULL when out of memory. */
nonet_puzzle *nonet__puzzle_alloc(const nonet_shape *shape, int with_rows);

/* A puzzle of `shape` for a reader to fill, with what nonet__puzzle_alloc
 * gives: `old` (a puzzle handed back by the caller, or NULL) emptied and
 * reused when it has this very shape and no row lines are wanted, so that
 * reading a stream allocates nothing a puzzle; else a new one, `old` freed.
 * NULL when out of memory. */
nonet_puzzle *nonet__puzzle_recycle(nonet_puzzle *old, const nonet_shape *shape, int with_rows);

/* Sets p's comment to a copy of len bytes of text. Returns 0, or -1 when
 * out of memory. */
int nonet__puzzle_set_comment(nonet_puzzle *p, const char *text, size_t len);

/* Gives p a copy of the ncells candidate masks (each non-zero), turning a
 * cell with a single candidate into a given. Returns 0, or -1 when out of
 * memory. */
int nonet__puzzle_set_candidates(nonet_puzzle *p, const uint64_t *masks);

/* Sets p's input name: `name` (NULL: ""), whole whatever its length (a
 * name of 64 bytes or more is copied to the heap; when that copy cannot be
 * made, out of memory, p keeps the first 63 bytes). */
void nonet__puzzle_set_source(nonet_puzzle *p, const char *name);

/* Appends a constraint (copies of cells and values, not checked here).
 * Returns 0, or -1 when out of memory. */
int nonet__puzzle_push_constraint(nonet_puzzle *p, int kind, const int *cells, int ncells,
                                  const int *values, int nvalues);

/* Drops every constraint of p. */
void nonet__puzzle_clear_constraints(nonet_puzzle *p);

/* Checks the givens against the houses and links of the shape only (what
 * nonet_puzzle_check adds the constraints to). */
nonet_status nonet__puzzle_check_rules(const nonet_puzzle *p, nonet_error *err);

/* Checks a full grid against givens, candidates, houses and links only
 * (what nonet_puzzle_verify adds the constraints to). */
nonet_status nonet__puzzle_verify_rules(const nonet_puzzle *p, const unsigned char *grid,
                                        nonet_error *err);

/* Input line of row r of p (its row_line when known, else its first line). */
long nonet__puzzle_row_line(const nonet_puzzle *p, int row);

#endif
