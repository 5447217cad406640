/*
 * state.h - the planes engine's run context and search frames, shared by
 * its dispatch (planes.c) and its levels (level_ID_W.c, each the body core.h
 * compiled for one lane width and one instruction set).
 *
 * A run's memory: pl_ctx on the caller's stack (the shape's constants, the
 * event queue, the tie sums) and, from the workspace, the stack of states
 * (one per depth, 128-byte aligned, laid out by the off_* offsets: row
 * planes, column planes, solved, cnt, nsolved; core.h states their
 * invariants), the branch frames, the queue and a grid to report. States
 * are copied, not undone: a branch point keeps its own.
 */
#ifndef NONET_ENGINES_PLANES_STATE_H
#define NONET_ENGINES_PLANES_STATE_H

#include "core/assert.h"
#include "core/bits.h"
#include "core/shape.h"
#include "engines/branch.h"
#include "engines/engine.h"
#include "engines/planes/levels.h"

#include <string.h>

/* Events in the queue: a cell left with one candidate (row, column), a digit
 * left with one place in a row (row, digit) or in a column (column, digit). */
enum { PL_EV_CELL = 0, PL_EV_ROW = 1, PL_EV_COL = 2 };
#define PL_EV(kind, a, b) ((kind) << 16 | (a) << 8 | (b))

typedef struct pl_frame {
    int cell;         /* branch cell, or -1 when branching on a house's places */
    int house, digit; /* house branch: the house and the digit index */
    uint64_t rest;    /* digit indexes (cell) or house positions not yet tried */
} pl_frame;

/* Sums of the weights of open cells (see tie_sums in the core), for the
 * tie-break of pick_cell. */
typedef struct pl_ties {
    uint16_t cell[32 * 32]; /* each cell's weight, 0 when placed */
    int row[32], col[32], box[32];
    int rowseg[32 * 32]; /* row r, box column s: at r * (n / bc) + s */
    int colseg[32 * 32]; /* band b, column c: at b * n + c */
} pl_ties;

typedef struct pl_ctx {
    nonet__search *job;
    const nonet_shape *shape;
    int n, ncells, br, bc, nb;          /* side, cells, box rows and columns, bands */
    int by_score;                       /* ties between cells go to the highest tie score */
    int pairs;                          /* propagate hidden pairs too (not on sparse grids) */
    uint32_t full;                      /* the n low bits */
    uint32_t low;                       /* the lowest bit of each box's columns */
    uint32_t segmask[32];               /* the columns of each box column */
    _Alignas(128) uint16_t lowv_16[16]; /* low in lanes below n, else 0 */
    _Alignas(128) uint32_t lowv_32[32];
    size_t off_cols, off_solved, off_cnt, off_nsolved, state_bytes; /* state layout */
    char *states;     /* the stack of states, one per depth */
    pl_frame *frames; /* the branch of each depth */
    int *queue;       /* pending events (PL_EV) */
    int qlen;
    unsigned char *grid; /* ncells: a solution being reported */
    pl_ties ties;        /* tie-break sums of the node being branched */
    nonet__restarts rs;  /* restarts of a sparse grid (branch.h) */
} pl_ctx;

/* The entries of each level: nonet__planes_search_16_ID (level_ID_16.c)
 * and nonet__planes_search_32_ID (level_ID_32.c) run the search of a
 * context that planes.c has set up, on lanes of 16 bits (side up to 16) or
 * of 32 bits (up to 32). */
#define PL_SEARCH_DECL(ID, NAME, RANK, FEATURES)                                                   \
    void nonet__planes_search_16_##ID(pl_ctx *k);                                                  \
    void nonet__planes_search_32_##ID(pl_ctx *k);
PL_LEVELS(PL_SEARCH_DECL)
#undef PL_SEARCH_DECL

#endif
