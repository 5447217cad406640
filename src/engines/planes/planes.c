/*
 * planes.c - the planes engine: boxed grids up to 32x32 (no variants,
 * jigsaw regions or extra groups) with the candidates held as bit planes,
 * one lane per digit and row, so that one pass of whole-lane operations
 * checks a digit in every row, column or box at once.
 *
 * Owns: the setup of a run's context (state.h: shape constants, the stack
 * of states in the workspace), the level table (levels.h) turned into
 * dispatch, and the entry points. The engine itself is core.h, compiled
 * once per lane width (16 or 32 bits) and per level by the level_ID_W.c
 * files, each naming its entry nonet__planes_search_W_ID: the portable C,
 * and on x86 with GCC or clang the same C built for AVX2 and for AVX-512,
 * picked at run time. The C is the same in every build, so
 * every level reaches the same states, solutions, node and guess counts
 * (unit/engine_paths checks it).
 *
 * The rules are those of the bitmask engine on a boxed grid (naked and
 * hidden singles in rows, columns and boxes; locked candidates between boxes
 * and lines) plus hidden pairs in rows and columns, and so is the
 * branching (fewest candidates, ties by open peers above 9x9; a digit's two
 * places on small grids). On a near-empty grid (where the search restarts,
 * branch.h) the pairs are left out, so it walks bitmask's search tree there;
 * elsewhere a smaller one, with the same answers.
 *
 * Invariants of a state (see core.h's header): lane d of row r holds the
 * columns where digit d + 1 may go; a placed cell keeps its digit's bit only,
 * and that digit is gone from every peer; cnt[cell] is the number of lanes
 * holding the cell; lanes at or above n and bits at or above n are zero.
 * The states are copied, not undone: a branch point keeps its own.
 * Nothing here allocates (memory comes from the workspace) or keeps state
 * between calls.
 */
#include "engines/planes/planes.h"

#include "engines/planes/check.h"

#include "core/assert.h"
#include "engines/planes/state.h"

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
    for (int g = 0; g < n / k->bc; g++)
        k->segmask[g] = (uint32_t)((1ull << k->bc) - 1) << (g * k->bc);
    for (int d = 0; d < n; d++) {
        if (d < 16) k->lowv_16[d] = (uint16_t)k->low;
        k->lowv_32[d] = k->low;
    }
    size_t planes = (size_t)n * (lane_bytes * 8) * lane_bytes; /* n rows of W lanes */
    k->off_cols = planes;
    k->off_solved = 2 * planes;
    k->off_cnt = k->off_solved + (size_t)n * sizeof(uint32_t);
    k->off_nsolved = (k->off_cnt + (size_t)k->ncells + 7) & ~(size_t)7;
    k->state_bytes = (k->off_nsolved + sizeof(int) + 127) & ~(size_t)127;
    int open = 0;
    for (int c = 0; c < k->ncells; c++) open += !job->givens[c];
    size_t depth = (size_t)open + 1; /* a branch places at least one cell */
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

/* NONET_PLANES_MAX_LEVEL caps the rank of the level dispatch may choose
 * (core/config.h). */
#include "core/config.h"

/* The CPU check of each level, from its row's features. */
#if F9_X86
#define PL_CHECK(ID, NAME, RANK, FEATURES)                                                         \
    static int has_##ID(void) { return F9_CPU_HAS(FEATURES); }
PL_LEVELS(PL_CHECK)
#else
/* The portable level runs everywhere. */
static int has_portable(void) { return 1; }
#endif

typedef struct pl_level {
    const char *name;
    int rank;
    int (*has)(void);             /* this CPU has its features */
    void (*search_16)(pl_ctx *k); /* the search on 16-bit lanes (side up to 16) */
    void (*search_32)(pl_ctx *k); /* on 32-bit lanes (side up to 32) */
} pl_level;

#define PL_ROW(ID, NAME, RANK, FEATURES)                                                           \
    {NAME, RANK, has_##ID, nonet__planes_search_16_##ID, nonet__planes_search_32_##ID},
static const pl_level levels[] = {PL_LEVELS(PL_ROW)};
#undef PL_ROW

#define PL_NLEVELS ((int)(sizeof levels / sizeof levels[0]))

int nonet__planes_level_count(void) { return PL_NLEVELS; }

const char *nonet__planes_level_name(int level)
{
    return level >= 0 && level < PL_NLEVELS ? levels[level].name : NULL;
}

int nonet__planes_level_usable(int level)
{
    return level >= 0 && level < PL_NLEVELS && levels[level].has();
}

int nonet__planes_level_for(nonet_simd simd)
{
    int cap = nonet__simd_rank(simd);
    if (cap > NONET_PLANES_MAX_LEVEL) cap = NONET_PLANES_MAX_LEVEL;
    for (int i = PL_NLEVELS - 1; i > 0; i--)
        if (levels[i].rank <= cap && nonet__planes_level_usable(i)) return i;
    return 0;
}

int nonet__planes_level_chosen(void) { return nonet__planes_level_for(NONET_SIMD_BEST); }

nonet_status nonet__planes_solve_at(nonet__search *job, nonet__workspace *ws, int level)
{
    NONET_ASSERT(nonet__planes_supports(job->shape) && nonet__planes_level_usable(level));
    pl_ctx k;
    if (!setup(&k, job, ws, job->shape->n > 16 ? 4 : 2)) return NONET_ERR_NOMEM;
    if (k.n > 16) levels[level].search_32(&k);
    else levels[level].search_16(&k);
    return NONET_OK;
}

nonet_status nonet__solve_planes(nonet__search *job, nonet__workspace *ws)
{
    return nonet__planes_solve_at(job, ws, nonet__planes_level_for(job->simd));
}

int nonet__planes_setup(pl_ctx *k, nonet__search *job, nonet__workspace *ws)
{
    return setup(k, job, ws, job->shape->n > 16 ? 4 : 2);
}

int nonet__planes_start_portable(pl_ctx *k)
{
    return k->n > 16 ? nonet__planes_start_32_portable(k) : nonet__planes_start_16_portable(k);
}

int nonet__planes_state_ok_portable(const pl_ctx *k, void *st)
{
    return k->n > 16 ? nonet__planes_state_ok_32_portable(k, st)
                     : nonet__planes_state_ok_16_portable(k, st);
}
