/*
 * bitmask.h - the state of the bitmask engine, shared by its search
 * (bitmask.c) and its two propagators: scan.c (rules found by
 * scanning the houses that changed; fastest up to 25x25) and count.c
 * (rules fired by counts kept per house, segment and cell; its cost follows
 * what changes, not the grid, so it wins on big and near-empty grids).
 *
 * Both propagators apply the same rules (naked and hidden singles in every
 * house; locked candidates between regions and lines where the shape has
 * real boxes or jigsaw regions) to their fixpoint, which does not depend on
 * the order the rules fire in; so a node ends in the same state, and the
 * search walks the same tree, whichever runs.
 *
 * Invariants between propagation steps (both propagators): val[c] != 0
 * implies cand[c] is exactly that digit's bit; key[c] is 255 for a placed
 * cell and the number of candidates of an open one; placed[h] is the set of
 * digits placed in h; every change since the root is on the propagator's
 * trail (ntrail entries) and every placement on `filled`, so undoing to a
 * mark restores the state exactly. Memory comes from the workspace only.
 */
#ifndef NONET_ENGINES_BITMASK_H
#define NONET_ENGINES_BITMASK_H

#include "core/bits.h"
#include "core/shape.h"
#include "engines/branch.h"
#include "engines/engine.h"

/* A workspace layout: take() hands out 8-byte-aligned pieces from base, or,
 * with base NULL, only counts them, so one function both sizes the block
 * and places the arrays in it. */
typedef struct bm_layout {
    char *base;
    size_t used;
} bm_layout;

/* The next `bytes` of l (NULL while only counting). */
static inline void *nonet__bm_take(bm_layout *l, size_t bytes)
{
    void *p = l->base ? l->base + l->used : NULL;
    l->used += (bytes + 7) & ~(size_t)7;
    return p;
}

/* A branch point of the search. */
typedef struct bm_frame {
    int cell;  /* branch cell, or -1 when branching on a house's places */
    int house; /* house branch: the house, its digit bit; rest = places */
    uint64_t bit;
    int filled;    /* nfilled at the branch */
    size_t trail;  /* ntrail at the branch */
    uint64_t rest; /* digits (or places) not yet tried */
} bm_frame;

/* Locked candidates along rows (lc[0]) or columns (lc[1]). A segment is the
 * cells a line shares with one region; segments are numbered line by line,
 * so line l owns the ids line_at[l] .. line_at[l+1]. */
typedef struct bm_lines {
    int nseg;        /* segments in this direction */
    int *segid;      /* ncells: segment of each cell */
    int *seg_line;   /* nseg: the line of each segment */
    int *seg_region; /* nseg: the region of each segment */
    int *line_at;    /* n + 1: first segment of each line */
    int *line_seg;   /* nseg: 0, 1, 2, ... (segment lists of lines) */
    int *reg_seg_at; /* CSR with reg_seg: the segments of each region */
    int *reg_seg;
    const int *line_cell; /* the shape's rows or columns, n cells each */
    /* scan propagator */
    uint64_t *mask; /* nseg: OR of each segment's candidates (scratch) */
    /* count propagator */
    int *segoff;            /* ncells: segid times n (the segment's counts) */
    unsigned char *segcnt;  /* nseg * n: places of each digit in each segment */
    unsigned char *nz_line; /* n * n: segments of line l holding digit d, at l * n + d */
    unsigned char *nz_reg;  /* n * n: segments of region g holding digit d */
} bm_lines;

typedef struct bm bm;

/* A propagator: its arrays, its tables, and the four steps the search uses. */
typedef struct bm_core {
    /* Places its own arrays in l (nonet__bm_take). */
    void (*lay_out)(bm *b, bm_layout *l);
    /* Builds its tables once the shared ones are built. */
    void (*setup)(bm *b);
    /* Sets the starting candidates from the job, places the givens and
     * propagates. Returns 0 on a contradiction. */
    int (*start)(bm *b, const nonet__search *job);
    /* Places digit d (1..n) in cell c. Returns 0 on a contradiction. */
    int (*assign)(bm *b, int c, int d);
    /* Runs the rules to their fixpoint. Returns 0 on a contradiction. */
    int (*propagate)(bm *b);
    /* Undoes every change after the marks and empties the queues. */
    void (*undo_to)(bm *b, size_t trail, int filled);
} bm_core;

extern const bm_core nonet__bm_scan;
extern const bm_core nonet__bm_count;

struct bm {
    const nonet_shape *s;
    int n;
    const bm_core *core;
    uint64_t *cand;     /* ncells candidate masks */
    unsigned char *val; /* ncells placed digits, 0 = open */
    unsigned char *key; /* ncells: candidates of an open cell, 255 when placed */
    uint64_t *placed;   /* nhouses placed-digit masks */
    int *filled;        /* cells placed, in order */
    int nfilled;
    int *queue; /* cells left with one candidate (naked singles) */
    int qlen;
    size_t ntrail; /* entries on the propagator's trail */
    bm_frame *stack;
    int locked;         /* 1: locked candidates (real boxes or a jigsaw) */
    int by_score;       /* 1: ties between cells go to the highest tie score */
    nonet__restarts rs; /* restarts of a sparse grid (branch.h) */
    bm_lines lc[2];
    int *reg_at, *reg_cell; /* CSR: the cells of each region */
    int *reg_house;         /* n: a house with the same cells as each region */
    /* scan propagator */
    struct bm_undo *strail; /* changes: cand[at] or placed[~at] before them */
    uint64_t *dirty;        /* nwords: houses changed since their last scan */
    uint64_t *cell_hmask;   /* ncells * nwords: the houses of each cell, as bits */
    int nwords;             /* 64-bit words in a set of houses */
    /* count propagator */
    uint32_t *ctrail;     /* eliminations: cell << 6 | digit index */
    unsigned char *ncand; /* ncells: candidates of each cell, placed or not */
    unsigned char *cnt;   /* nhouses * n: places of each digit in each house */
    int *hoff;            /* beside the shape's cell_house: each house times n */
    int *hq;              /* hidden singles: h * n + d, when cnt fell to 1 */
    int hqlen;
    int *lq; /* locked candidates events (count.c) */
    int lqlen;
};

/* Number of set bits of a mask without a library call (the builds have no
 * popcount instruction by default), for the propagators' hot paths. */
static inline int nonet__bm_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The bitmask engine with its scanning (counting 0) or counting (1)
 * propagator, whichever the grid (both walk the same tree; for tests). */
nonet_status nonet__solve_bitmask_with(nonet__search *job, nonet__workspace *ws, int counting);

/* 1 when b keeps the invariants above at a fixpoint (NONET_ASSERT's
 * checker: a placed cell keeps exactly its digit, keys count candidates,
 * filled[] and placed[] agree with val[]). */
int nonet__bm_ok(const bm *b);

#endif
