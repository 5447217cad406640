/*
 * shape.h - the rules of a puzzle: its houses and the extra "must differ" links.
 *
 * Invariants of a nonet_shape (established by nonet_shape_new, never changed):
 * - n in [NONET_MIN_SIZE, NONET_MAX_SIZE], ncells = n*n, full = the n low bits.
 * - Every house lists exactly n distinct cells that must hold every digit once.
 *   Houses are ordered rows (0..n-1), columns (n..2n-1), then regions (boxes or
 *   jigsaw, skipped when they would repeat the rows or columns), then variant
 *   and extra houses. No two houses hold the same cell set.
 * - cell_house[cell_house_at[c] .. cell_house_at[c+1]) are the houses of c.
 * - peer[peer_at[c] .. peer_at[c+1]) are all cells that must differ from c
 *   (house mates and anti-knight/anti-king links), sorted, without c itself.
 * - xpeer[...] is the part of peer that shares no house with c.
 * - adj[...] (non-consecutive only) are the orthogonal neighbours of c.
 * nonet__shape_ok (core/assert.h) checks these when a shape is built.
 */
#ifndef NONET_SHAPE_H
#define NONET_SHAPE_H

#include "nonet.h"

#include <stdatomic.h>

enum nonet__house_kind {
    NONET__ROW,
    NONET__COLUMN,
    NONET__BOX,
    NONET__REGION,
    NONET__DIAGONAL,
    NONET__HYPER,
    NONET__DISJOINT,
    NONET__GROUP
};

struct nonet_shape {
    atomic_long refs;                /* references held; freed at 0 */
    int n;                           /* side N */
    int ncells;                      /* N*N */
    int box_rows, box_cols;          /* box size, 0 when regions are a jigsaw map */
    unsigned variants;               /* NONET_VARIANT_* bits */
    int classic9;                    /* 9x9, 3x3 boxes, nothing else */
    uint64_t full;                   /* mask of all N digits */
    int *region;                     /* ncells: region (box or jigsaw) id of each cell */
    int nhouses;                     /* number of houses */
    int *house;                      /* nhouses * n cells */
    unsigned char *house_kind;       /* nhouses: enum nonet__house_kind */
    int *house_no;                   /* nhouses: 0-based number within its kind */
    int *cell_house_at, *cell_house; /* CSR: houses of each cell */
    int *peer_at, *peer;             /* CSR: all cells that must differ */
    int *xpeer_at, *xpeer;           /* CSR: peers sharing no house */
    int *adj_at, *adj;               /* CSR: orthogonal neighbours (non-consecutive) */
};

/* Names a house for messages: "row 3", "column 2", "box 5", "region 1",
 * "diagonal 1", ... Writes to buf (size cap) and returns buf. */
const char *nonet__house_name(const nonet_shape *s, int h, char *buf, size_t cap);

#endif
