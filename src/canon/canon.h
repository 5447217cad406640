/*
 * canon.h - internals of the canonical-form module (src/canon/): the
 * reusable workspace behind nonet_canon, the generic row-by-row search for
 * boxed shapes, the dedicated 9x9 search, and the small geometric groups of
 * jigsaw and variant shapes.
 *
 * Vocabulary used by every file here. A transformation maps a source grid
 * onto a target grid: target cell (r, c) takes the source cell (rows[r],
 * cols[c]) of the source, read transposed first when `transpose`, and a
 * digit d becomes digits[d]. For a boxed shape with boxes of R rows and C
 * columns, rows come in bands of R (N/R bands) and columns in stacks of C
 * (N/C stacks); the group moves bands, rows within a band, stacks, columns
 * within a stack, transposes when R == C, and relabels the digits.
 *
 * The search builds the target grid one row at a time. A candidate is a
 * partial transformation that gives the smallest possible rows so far; the
 * rows still to come decide between the candidates that tie. Columns that
 * nothing has told apart yet stay in unordered groups (see boxed.c), so a
 * candidate stands for many transformations at once.
 */
#ifndef NONET_CANON_H
#define NONET_CANON_H

#include "nonet.h"

#include <stddef.h>
#include <stdint.h>

/* The three ways a row is scored (boxed.c). */
enum canon_mode {
    CANON_MINLEX,  /* blank 0, digits relabelled by first appearance */
    CANON_PATTERN, /* blank 0, given 1: the layout of the givens only */
    CANON_DIGITS   /* rows already fixed by a PATTERN pass; digits as in MINLEX */
};

/* The group a shape's puzzles are canonicalised under. */
enum canon_group_kind {
    CANON_GROUP_BOXED, /* full band/stack group (boxes R x C, no other rule) */
    CANON_GROUP_SMALL  /* jigsaw or variants: the symmetries of the square that keep the shape */
};

/* A geometric symmetry of the square: transpose first, then reverse rows
 * and/or columns (the 8 elements of the dihedral group). */
typedef struct canon_d4 {
    unsigned char transpose, flip_rows, flip_cols;
} canon_d4;

/* What nonet__canon_group_of found for a shape (worked out for each call:
 * a freed shape's address may be reused, so it is never cached). */
typedef struct canon_group {
    const nonet_shape *shape;  /* the shape it describes (borrowed) */
    int kind;                  /* enum canon_group_kind */
    int n, box_rows, box_cols; /* N; R x C for BOXED */
    int transpose;             /* BOXED: 1 when R == C */
    int nd4;                   /* SMALL: number of geometric elements kept */
    canon_d4 d4[8];            /* SMALL: those elements (the identity first) */
    int reverse_only;          /* SMALL: digits may only be kept or reversed (d -> N+1-d) */
} canon_group;

/* Result of one canonicalisation, before it is handed to the caller. */
typedef struct canon_out {
    unsigned char *cells;             /* N*N canonical cells (caller's buffer) */
    nonet_transform *transform;       /* NULL, or receives a transformation reaching it */
    unsigned long long automorphisms; /* distinct maps of the givens onto the form */
    int boxes;                        /* 9x9 search: 1 also refuses a digit repeated in a box */
} canon_out;

/* The reusable workspace (nonet_canon). Buffers grow to the largest need and
 * are reused; nothing is allocated once they are large enough. */
struct nonet_canon {
    unsigned char *grid[2]; /* the source grid as read, and transposed */
    size_t grid_cap;        /* cells held by each grid buffer */
    unsigned char *cand[2]; /* candidate lists: current and next level */
    size_t cand_cap[2];     /* bytes held by each list */
    unsigned char *keys;    /* scratch for nonet__canon_count_distinct */
    size_t keys_cap;
    uint32_t *sig; /* signatures for counting automorphisms */
    size_t sig_cap;
    size_t max_bytes; /* bound on one candidate list (NONET_ERR_LIMIT past it) */
    void *fast9;      /* the 9x9 search's own workspace (fast9.c), or NULL */
};

/* Finds the group of `shape` into g. Returns NONET_OK or NONET_ERR_NOMEM. */
nonet_status nonet__canon_group_of(canon_group *g, const nonet_shape *shape, nonet_error *err);

/* Returns NONET_OK when t is an element of group g, else NONET_ERR_ARG with
 * err saying why. */
nonet_status nonet__canon_check(const canon_group *g, const nonet_transform *t, nonet_error *err);

/* Sets the geometry of t (size, transpose, rows, cols) to symmetry e of
 * side n; the digits are left alone. */
void nonet__canon_d4_transform(const canon_d4 *e, int n, nonet_transform *t);

/* Applies the geometry and digits of t (assumed valid) to in, writing out. */
void nonet__canon_apply(const nonet_transform *t, const unsigned char *in, unsigned char *out);

/* Puzzles with constraints (cons.c): NONET_OK when t keeps every
 * constraint of p (a symmetry of the square; digits relabelled only when no
 * constraint reads their values), else NONET_ERR_ARG naming the first
 * constraint it would break. */
nonet_status nonet__canon_cons_check(const nonet_puzzle *p, const nonet_transform *t,
                                     nonet_error *err);

/* NONET_OK when p has no constraint, else NONET_ERR_UNSUPPORTED naming it:
 * a canonical form reads the givens only, so it would call puzzles with
 * different constraints the same. */
nonet_status nonet__canon_cons_none(const nonet_puzzle *p, nonet_error *err);

/* 1 when every constraint of p survives any relabelling of the digits (a
 * quadruple's digits relabelled with the cells'), else 0. */
int nonet__canon_cons_relabel(const nonet_puzzle *p);

/* Appends p's constraints moved by t (checked above) to q. Returns 0, or -1
 * when out of memory. */
int nonet__canon_cons_move(const nonet_puzzle *p, const nonet_transform *t, nonet_puzzle *q);

/* Fails with NONET_ERR_NOMEM ("out of memory"); returns it. */
nonet_status nonet__canon_nomem(nonet_error *err);

/* Fails with NONET_ERR_LIMIT naming the bound of w; returns it. */
nonet_status nonet__canon_too_many(nonet_error *err, const nonet_canon *w);

/* Generic search for a boxed shape: fills out->cells with the canonical form
 * of `cells` in `mode` (MINLEX or PATTERN; PATTERN runs the DIGITS pass
 * after), out->transform when non-NULL, and out->automorphisms. Returns
 * NONET_OK, NONET_ERR_NOMEM, or NONET_ERR_LIMIT when the candidates outgrow
 * the workspace bound. The givens must not repeat a digit in a row or a
 * column. */
nonet_status nonet__canon_boxed(nonet_canon *w, const canon_group *g, const unsigned char *cells,
                                int mode, canon_out *out, nonet_error *err);

/* The same for classic 9x9 boxed puzzles, with the dedicated search
 * (fast9.c); same contract. */
nonet_status nonet__canon_fast9(nonet_canon *w, const unsigned char *cells, int mode,
                                canon_out *out, nonet_error *err);

/* Canonical form under a SMALL group (small.c): every element tried. */
nonet_status nonet__canon_small(nonet_canon *w, const canon_group *g, const unsigned char *cells,
                                int mode, canon_out *out, nonet_error *err);

/* Counts the distinct signatures among the `count` signatures of `len`
 * words each in w->sig; 0 when out of memory. */
unsigned long long nonet__canon_count_distinct(nonet_canon *w, size_t count, size_t len);

/* Makes room for `count` signatures of `len` words in w->sig. Returns 0 or -1. */
int nonet__canon_sig_room(nonet_canon *w, size_t count, size_t len);

/* Grows *buf to at least `need` bytes (doubling). Returns 0 or -1. */
int nonet__canon_grow(unsigned char **buf, size_t *cap, size_t need);

/* Frees the 9x9 search's workspace. */
void nonet__canon_fast9_free(void *fast9);

#endif
