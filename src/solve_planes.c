/*
 * solve_planes.c - the planes engine: boxed grids up to 32x32 (no variants,
 * jigsaw regions or extra groups) with the candidates held as bit planes,
 * one lane per digit and row, so that one pass of whole-lane operations
 * checks a digit in every row, column or box at once.
 *
 * Owns: the context of a run (shape constants, event queue, the stack of
 * states), the choice of a lane width and of a code path, and the entry
 * points. The engine itself is solve_planes_core.inc, compiled once per lane
 * width (16 or 32 bits) and per instruction set: the portable C, and on x86
 * with GCC or clang the same C built for AVX2 and for AVX-512, picked at run
 * time. The C is the same in every build, so every path reaches the same
 * states, solutions, node and guess counts (test_planes checks it).
 *
 * The rules are those of the bitmask engine on a boxed grid (naked and
 * hidden singles in rows, columns and boxes; locked candidates between boxes
 * and lines) and so is the branching (fewest candidates, ties by open peers
 * above 9x9; a digit's two places on small grids), so it walks the same
 * search tree as bitmask and finds the solutions in the same order.
 *
 * Invariants of a state (see the core's header): lane d of row r holds the
 * columns where digit d + 1 may go; a placed cell keeps its digit's bit only,
 * and that digit is gone from every peer; cnt[cell] is the number of lanes
 * holding the cell; lanes at or above n and bits at or above n are zero.
 * The states are copied, not undone: a branch point keeps its own.
 * Nothing here allocates (memory comes from the workspace) or keeps state
 * between calls.
 */
#include "bits.h"
#include "engine.h"
#include "shape.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PL_X86 1
#include <immintrin.h>
#else
#define PL_X86 0
#endif

/* Events in the queue: a cell left with one candidate (row, column), a digit
 * left with one place in a row (row, digit) or in a column (column, digit). */
enum { PL_EV_CELL = 0, PL_EV_ROW = 1, PL_EV_COL = 2 };
#define PL_EV(kind, a, b) ((kind) << 16 | (a) << 8 | (b))

typedef struct pl_frame {
    int cell;          /* branch cell, or -1 when branching on a house's places */
    int house, digit;  /* house branch: the house and the digit index */
    uint64_t rest;     /* digit indexes (cell) or house positions not yet tried */
} pl_frame;

/* Sums of the weights of open cells (see tie_sums in the core), for the
 * tie-break of pick_cell. */
typedef struct pl_ties {
    uint16_t cell[32 * 32];   /* each cell's weight, 0 when placed */
    int row[32], col[32], box[32];
    int rowseg[32 * 32];      /* row r, box column s: at r * (n / bc) + s */
    int colseg[32 * 32];      /* band b, column c: at b * n + c */
} pl_ties;

typedef struct pl_ctx {
    nonet__search *job;
    const nonet_shape *shape;
    int n, ncells, br, bc, nb;   /* side, cells, box rows and columns, bands */
    int by_score;                /* ties between cells go to the highest tie score */
    uint32_t full;               /* the n low bits */
    uint32_t low;                /* the lowest bit of each box's columns */
    uint32_t segmask[32];        /* the columns of each box column */
    _Alignas(128) uint16_t lowv_16[16];    /* low in lanes below n, else 0 */
    _Alignas(128) uint32_t lowv_32[32];
    size_t off_cols, off_solved, off_cnt, off_nsolved, state_bytes;   /* state layout */
    char *states;                /* the stack of states, one per depth */
    pl_frame *frames;            /* the branch of each depth */
    int *queue;                  /* pending events (PL_EV) */
    int qlen;
    unsigned char *grid;         /* ncells: a solution being reported */
    pl_ties ties;                /* tie-break sums of the node being branched */
    nonet__restarts rs;          /* restarts of a sparse grid (engine.h) */
} pl_ctx;

/* ---- engine instantiations ----
 * Each copy: lane type PL_T, lanes a row PL_L, names PL(name), target
 * attribute PL_ATTR, vector chunk bytes PL_CB. */
#define PL_ATTR
#define PL_CB 32
#define PL_T uint16_t
#define PL_L 16
#define PL(name) name##_16
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#define PL_T uint32_t
#define PL_L 32
#define PL(name) name##_32
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#undef PL_ATTR

#if PL_X86
/* Nonzero lanes as a mask: 16-bit lanes give two movemask bits each, which
 * pext folds to one; 32-bit lanes one each (PL_NZMASK, see the core). */
#define PL_ATTR __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define PL_NZMASK(x)                                                           \
    _pext_u32(~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16((__m256i)(x), _mm256_setzero_si256())), \
              0x55555555u)
#define PL_T uint16_t
#define PL_L 16
#define PL(name) name##_16_avx2
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#undef PL_NZMASK
#define PL_NZMASK(x)                                                           \
    (~(uint32_t)_mm256_movemask_ps(                                            \
         _mm256_castsi256_ps(_mm256_cmpeq_epi32((__m256i)(x), _mm256_setzero_si256()))) & 0xffu)
#define PL_T uint32_t
#define PL_L 32
#define PL(name) name##_32_avx2
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#undef PL_NZMASK
#undef PL_ATTR

#define PL_ATTR __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,bmi,bmi2,popcnt")))
#define PL_NZMASK(x) ((uint32_t)_mm256_test_epi16_mask((__m256i)(x), (__m256i)(x)))
#define PL_T uint16_t
#define PL_L 16
#define PL(name) name##_16_avx512
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#undef PL_NZMASK
#undef PL_CB
#define PL_CB 64
#define PL_NZMASK(x) ((uint32_t)_mm512_test_epi32_mask((__m512i)(x), (__m512i)(x)))
#define PL_T uint32_t
#define PL_L 32
#define PL(name) name##_32_avx512
#include "solve_planes_core.inc"
#undef PL_T
#undef PL_L
#undef PL
#undef PL_NZMASK
#undef PL_ATTR
#endif
#undef PL_CB

/* Whether the planes engine can solve puzzles of this shape. */
int nonet__planes_supports(const nonet_shape *s)
{
    int basic = 2 * s->n + (s->box_rows == 1 || s->box_cols == 1 ? 0 : s->n);
    return s->box_rows > 0 && s->n <= 32 && !s->variants && s->nhouses == basic;
}

/* Lays out the states, frames and queue in the workspace and sets the
 * shape constants. Returns 0 when out of memory. */
static int setup(pl_ctx *k, nonet__search *job, nonet__workspace *ws, size_t lane_bytes)
{
    const nonet_shape *s = job->shape;
    int n = s->n;
    memset(k, 0, sizeof *k);
    k->job = job;
    k->shape = s;
    k->n = n;
    k->ncells = s->ncells;
    k->br = s->box_rows;
    k->bc = s->box_cols;
    k->nb = n / k->br;
    k->by_score = n > 9;
    k->full = (uint32_t)s->full;
    for (int c = 0; c < n; c += k->bc) k->low |= 1u << c;
    for (int g = 0; g < n / k->bc; g++) k->segmask[g] = (uint32_t)((1ull << k->bc) - 1) << (g * k->bc);
    for (int d = 0; d < n; d++) {
        if (d < 16) k->lowv_16[d] = (uint16_t)k->low;
        k->lowv_32[d] = k->low;
    }
    size_t planes = (size_t)n * (lane_bytes * 8) * lane_bytes;   /* n rows of W lanes */
    k->off_cols = planes;
    k->off_solved = 2 * planes;
    k->off_cnt = k->off_solved + (size_t)n * sizeof(uint32_t);
    k->off_nsolved = (k->off_cnt + (size_t)k->ncells + 7) & ~(size_t)7;
    k->state_bytes = (k->off_nsolved + sizeof(int) + 127) & ~(size_t)127;
    int open = 0;
    for (int c = 0; c < k->ncells; c++) open += !job->givens[c];
    size_t depth = (size_t)open + 1;   /* a branch places at least one cell */
    size_t bytes = 128 + depth * k->state_bytes + depth * sizeof(pl_frame) +
                   (size_t)4 * (size_t)k->ncells * sizeof(int) + (size_t)k->ncells;
    char *mem = nonet__workspace_get(ws, bytes);
    if (!mem) return 0;
    k->states = (char *)(((uintptr_t)mem + 127) & ~(uintptr_t)127);
    k->frames = (pl_frame *)(k->states + depth * k->state_bytes);
    k->queue = (int *)(k->frames + depth);
    k->grid = (unsigned char *)(k->queue + 4 * k->ncells);
    return 1;
}

/* NONET_PLANES_MAX_LEVEL (compile-time, default 3) caps the path dispatch
 * may choose, so a benchmark can measure a lower path on a CPU that has more
 * (as NONET_FAST9_MAX_LEVEL does for the fast engine). */
#ifndef NONET_PLANES_MAX_LEVEL
#define NONET_PLANES_MAX_LEVEL 3
#endif

/* The best code path this CPU runs: 0 portable, 2 AVX2, 3 AVX-512 (F, VL,
 * BW, DQ). (Numbered as the fast engine's levels; there is no SSE4.1 build.) */
int nonet__planes_level(void)
{
#if PL_X86
    if (NONET_PLANES_MAX_LEVEL >= 3 && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq"))
        return 3;
    if (NONET_PLANES_MAX_LEVEL >= 2 && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("bmi2"))
        return 2;
#endif
    return 0;
}

nonet_status nonet__solve_planes_at(nonet__search *job, nonet__workspace *ws, int level)
{
    pl_ctx k;
    int wide = job->shape->n > 16;
    if (!setup(&k, job, ws, wide ? 4 : 2)) return NONET_ERR_NOMEM;
    if (level > nonet__planes_level()) level = nonet__planes_level();
#if PL_X86
    if (level == 3) {
        if (wide)
            search_32_avx512(&k);
        else
            search_16_avx512(&k);
        return NONET_OK;
    }
    if (level == 2) {
        if (wide)
            search_32_avx2(&k);
        else
            search_16_avx2(&k);
        return NONET_OK;
    }
#endif
    if (wide)
        search_32(&k);
    else
        search_16(&k);
    return NONET_OK;
}

nonet_status nonet__solve_planes(nonet__search *job, nonet__workspace *ws)
{
    return nonet__solve_planes_at(job, ws, 3);
}
