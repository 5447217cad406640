/*
 * random_grid.c - random complete grids, by the fastest method each shape allows.
 *
 * - Classic 9x9: the three boxes on the main diagonal get random digits
 *   (they share no house), the dedicated engine completes them, and a random
 *   member of the grid's symmetry group is applied (digit relabelling, band,
 *   stack, row-in-band and column-in-stack orders, transposition).
 * - Any shape, sides up to 25, and every jigsaw or variant shape: a
 *   randomised search (fewest candidates first, digits in random order,
 *   restarts under a node budget).
 * - Boxes without variants above side 25, or when the search finds nothing
 *   within its budget: a pattern grid (digit = (row%R*C + row/R + col) mod N)
 *   put through a random member of the symmetry group. Every such grid is
 *   one transform away from the pattern: random in its cells' digits, but
 *   drawn from one class of essentially equal grids.
 * - When both fail: the bitmask engine's first solution of the empty grid
 *   (any rules), which also tells a shape without any grid.
 *
 * Each method draws only from the caller's rng, and the budgets are node
 * counts, so the grid depends only on the seed.
 */
#include "generate/generate.h"

#include "core/bits.h"
#include "core/error.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Symmetry-group transforms of box grids                               */
/* ------------------------------------------------------------------ */

/* A random order of `count` blocks of `size` lines each, with the lines
 * inside each block in random order too: perm[new line] = old line. */
static void block_order(nonet__rng *rng, int count, int size, int *perm)
{
    int blocks[NONET_MAX_SIZE], inner[NONET_MAX_SIZE];
    for (int b = 0; b < count; b++) blocks[b] = b;
    nonet__rng_shuffle(rng, blocks, count);
    for (int b = 0; b < count; b++) {
        for (int i = 0; i < size; i++) inner[i] = i;
        nonet__rng_shuffle(rng, inner, size);
        for (int i = 0; i < size; i++) perm[b * size + i] = blocks[b] * size + inner[i];
    }
}

/* Applies a random member of the symmetry group of R x C boxes to grid:
 * digits relabelled, bands and rows within them, stacks and columns within
 * them reordered, and (square boxes) a transposition half the time. */
static void shuffle_box_grid(const nonet_shape *s, nonet__rng *rng, unsigned char *grid)
{
    int n = s->n, R = s->box_rows, C = s->box_cols;
    int rows[NONET_MAX_SIZE], cols[NONET_MAX_SIZE], label[NONET_MAX_SIZE + 1];
    unsigned char *old = malloc((size_t)s->ncells);
    if (!old) return; /* the grid stays valid, only less shuffled */
    memcpy(old, grid, (size_t)s->ncells);
    block_order(rng, n / R, R, rows);
    block_order(rng, n / C, C, cols);
    for (int d = 0; d <= n; d++) label[d] = d;
    nonet__rng_shuffle(rng, label + 1, n);
    int transpose = R == C && nonet__rng_below(rng, 2);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int from = transpose ? cols[c] * n + rows[r] : rows[r] * n + cols[c];
            grid[r * n + c] = (unsigned char)label[old[from]];
        }
    free(old);
}

/* The pattern grid of R x C boxes: valid by construction. */
static void pattern_grid(const nonet_shape *s, unsigned char *grid)
{
    int n = s->n, R = s->box_rows, C = s->box_cols;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            grid[r * n + c] = (unsigned char)((r % R * C + r / R + c) % n + 1);
}

/* ------------------------------------------------------------------ */
/* Classic 9x9                                                          */
/* ------------------------------------------------------------------ */

#ifdef NONET_HAVE_FAST9
/* Random diagonal boxes completed by the dedicated engine, then shuffled.
 * Returns 0, or -1 when the engine found nothing (it always does). */
static int classic_grid(gen_search *search, const nonet_shape *s, nonet__rng *rng,
                        unsigned char *grid)
{
    unsigned char givens[81] = {0};
    int digits[9];
    for (int b = 0; b < 3; b++) {
        for (int i = 0; i < 9; i++) digits[i] = i + 1;
        nonet__rng_shuffle(rng, digits, 9);
        for (int i = 0; i < 9; i++)
            givens[(b * 3 + i / 3) * 9 + b * 3 + i % 3] = (unsigned char)digits[i];
    }
    nonet__search job;
    memset(&job, 0, sizeof job);
    job.shape = s;
    job.givens = givens;
    job.limit = 1;
    job.first = grid;
    job.tick_mask = 0xffff;
    nonet__solve_fast(&job, &search->ws);
    search->nodes += job.nodes;
    if (job.solutions != 1) return -1;
    shuffle_box_grid(s, rng, grid);
    return 0;
}
#endif

/* ------------------------------------------------------------------ */
/* Randomised search                                                    */
/* ------------------------------------------------------------------ */

/* The search state: candidates, placed digits and an undo trail. */
typedef struct filler {
    const nonet_shape *s;
    nonet__rng *rng;
    uint64_t *cand;      /* ncells */
    unsigned char *val;  /* ncells, 0 = open */
    int *trail_cell;     /* changed cells, in order; ~c for a placement in c */
    uint64_t *trail_old; /* their masks before the change */
    size_t ntrail, cap;
    int open; /* cells still open */
    unsigned long long nodes;
} filler;

/* Sets cand[c] to m, recording the old mask. */
static void set_cand(filler *f, int c, uint64_t m)
{
    f->trail_cell[f->ntrail] = c;
    f->trail_old[f->ntrail++] = f->cand[c];
    f->cand[c] = m;
}

/* Places digit d in c and removes it from the peers (and its neighbours'
 * values from the orthogonal neighbours under non-consecutive). Returns 0
 * when an open cell is left without a candidate. */
static int place(filler *f, int c, int d)
{
    const nonet_shape *s = f->s;
    uint64_t bit = 1ull << (d - 1);
    f->val[c] = (unsigned char)d;
    f->open--;
    f->trail_cell[f->ntrail++] = ~c;
    if (f->cand[c] != bit) set_cand(f, c, bit);
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) {
        int p = s->peer[i];
        if (f->val[p] || !(f->cand[p] & bit)) continue;
        set_cand(f, p, f->cand[p] & ~bit);
        if (!f->cand[p]) return 0;
    }
    uint64_t near = (bit << 1 | bit >> 1) & s->full;
    for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
        int p = s->adj[i];
        if (f->val[p] || !(f->cand[p] & near)) continue;
        set_cand(f, p, f->cand[p] & ~near);
        if (!f->cand[p]) return 0;
    }
    return 1;
}

/* Undoes changes back to trail length `mark`, reopening placed cells. */
static void undo_to(filler *f, size_t mark)
{
    while (f->ntrail > mark) {
        f->ntrail--;
        int c = f->trail_cell[f->ntrail];
        if (c < 0) {
            f->val[~c] = 0;
            f->open++;
        } else {
            f->cand[c] = f->trail_old[f->ntrail];
        }
    }
}

/* A digit with a single place left in some house, as a forced choice:
 * returns its cell with *digits set to it, -1 when there is none, -2 when
 * some digit has no place left in a house (a dead end). */
static int hidden_single(filler *f, uint64_t *digits)
{
    const nonet_shape *s = f->s;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)s->n;
        uint64_t once = 0, twice = 0, done = 0;
        for (int i = 0; i < s->n; i++) {
            uint64_t m = f->cand[cells[i]];
            if (f->val[cells[i]]) done |= m;
            twice |= once & m;
            once |= m;
        }
        if (once != s->full) return -2;
        uint64_t single = once & ~twice & ~done;
        if (!single) continue;
        uint64_t bit = single & (~single + 1);
        for (int i = 0; i < s->n; i++)
            if (f->cand[cells[i]] & bit) {
                *digits = bit;
                return cells[i];
            }
    }
    return -1;
}

/* The cell to branch on and the digits to try there: a hidden single when
 * there is one, else the open cell with the fewest candidates (ties to the
 * first found after a random start). -1 when no cell is open, -2 at a dead
 * end. */
static int pick(filler *f, uint64_t *digits)
{
    int best = -1, bestn = 65, nc = f->s->ncells;
    int start = (int)nonet__rng_below(f->rng, (uint32_t)nc);
    for (int k = 0; k < nc; k++) {
        int c = start + k < nc ? start + k : start + k - nc;
        if (f->val[c]) continue;
        int m = nonet__popcount(f->cand[c]);
        if (m < bestn) {
            best = c;
            bestn = m;
            if (m <= 1) break;
        }
    }
    if (best < 0) return -1;
    *digits = f->cand[best];
    if (bestn <= 1) return best;
    int h = hidden_single(f, digits);
    if (h == -2) return -2;
    if (h >= 0) return h;
    *digits = f->cand[best];
    return best;
}

/* Depth-first search with random digit order, at most `budget` nodes.
 * Returns 1 with the grid in f->val, 0 when it failed or ran out. */
static int fill_search(filler *f, unsigned long long budget)
{
    if (!f->open) return 1;
    if (++f->nodes > budget) return 0;
    uint64_t m;
    int c = pick(f, &m);
    if (c < 0) return 0;
    size_t mark = f->ntrail;
    while (m) {
        int k = (int)nonet__rng_below(f->rng, (uint32_t)nonet__popcount(m));
        uint64_t rest = m;
        while (k--) rest &= rest - 1;
        int d = nonet__ctz(rest) + 1;
        m &= ~(1ull << (d - 1));
        if (place(f, c, d) && fill_search(f, budget)) return 1;
        undo_to(f, mark);
        if (f->nodes > budget) return 0;
    }
    return 0;
}

/* Allocates the filler's arrays for shape s. Returns 0, or -1 when out of
 * memory (filler_free is still safe). */
static int filler_init(filler *f, const nonet_shape *s, nonet__rng *rng)
{
    memset(f, 0, sizeof *f);
    f->s = s;
    f->rng = rng;
    /* trail entries on one path: a placement and a change of its own mask
     * per cell, and each mask loses at most n digits */
    f->cap = (size_t)s->ncells * ((size_t)s->n + 2) + 64;
    f->cand = malloc((size_t)s->ncells * sizeof *f->cand);
    f->val = malloc((size_t)s->ncells);
    f->trail_cell = malloc(f->cap * sizeof *f->trail_cell);
    f->trail_old = malloc(f->cap * sizeof *f->trail_old);
    return f->cand && f->val && f->trail_cell && f->trail_old ? 0 : -1;
}

static void filler_free(filler *f)
{
    free(f->cand);
    free(f->val);
    free(f->trail_cell);
    free(f->trail_old);
}

/* Empties the filler's grid. */
static void filler_reset(filler *f)
{
    for (int c = 0; c < f->s->ncells; c++) f->cand[c] = f->s->full;
    memset(f->val, 0, (size_t)f->s->ncells);
    f->open = f->s->ncells;
    f->ntrail = 0;
    f->nodes = 0;
}

/* Notes nodes spent and asks the caller's progress callback. */
static void charge(gen_search *search, unsigned long long nodes)
{
    search->nodes += nodes;
    if (search->progress && search->progress(search->progress_ctx, search->nodes))
        search->gave_up = 1;
}

/* Runs up to `tries` randomised searches of `budget` nodes each. Returns
 * 1 with `grid` filled, 0 when none finished, -1 out of memory. */
static int search_grid(gen_search *search, const nonet_shape *s, nonet__rng *rng,
                       unsigned char *grid, int tries, unsigned long long budget)
{
    filler f;
    int found = filler_init(&f, s, rng);
    for (int t = 0; found == 0 && t < tries && !search->gave_up; t++) {
        filler_reset(&f);
        found = fill_search(&f, budget);
        charge(search, f.nodes);
    }
    if (found == 1) memcpy(grid, f.val, (size_t)s->ncells);
    filler_free(&f);
    return found;
}

/* Places up to n random digits in random cells, each consistent with the
 * ones before (forward checking), into f->val. */
static void random_seeds(filler *f)
{
    const nonet_shape *s = f->s;
    int cells[NONET_MAX_CELLS], placed = 0;
    for (int c = 0; c < s->ncells; c++) cells[c] = c;
    for (int i = 0; i < s->ncells && placed < s->n; i++) {
        int j = i + (int)nonet__rng_below(f->rng, (uint32_t)(s->ncells - i)), c = cells[j];
        cells[j] = cells[i];
        uint64_t m = f->cand[c];
        if (f->val[c] || !m) continue;
        int k = (int)nonet__rng_below(f->rng, (uint32_t)nonet__popcount(m));
        while (k--) m &= m - 1;
        size_t mark = f->ntrail;
        if (place(f, c, nonet__ctz(m) + 1)) placed++;
        else undo_to(f, mark);
    }
}

/* Relabels the digits of grid at random, when the rules allow it (every
 * rule but non-consecutive is blind to which digit is which). */
static void relabel(const nonet_shape *s, nonet__rng *rng, unsigned char *grid)
{
    int label[NONET_MAX_SIZE + 1];
    if (s->variants & NONET_VARIANT_NON_CONSECUTIVE) return;
    for (int d = 0; d <= s->n; d++) label[d] = d;
    nonet__rng_shuffle(rng, label + 1, s->n);
    for (int c = 0; c < s->ncells; c++) grid[c] = (unsigned char)label[grid[c]];
}

/* Random seed digits completed by the engine (hidden singles, locked
 * candidates: strong where the plain search flounders, on jigsaws and
 * variants), up to `tries` times within `budget` nodes each, then
 * relabelled. Returns 1 with `grid` filled, 0 when none finished, -1 out of
 * memory. */
static int seeded_grid(gen_search *search, const nonet_shape *s, nonet__rng *rng,
                       unsigned char *grid, int tries, unsigned long long budget)
{
    filler f;
    int found = filler_init(&f, s, rng);
    for (int t = 0; found == 0 && t < tries && !search->gave_up; t++) {
        filler_reset(&f);
        random_seeds(&f);
        int r = gen_count(search, s, f.val, NULL, 1, budget, grid, NULL);
        if (r == -3) found = -1;
        else if (r == 1) found = 1;
    }
    filler_free(&f);
    if (found == 1) relabel(s, rng, grid);
    return found;
}

/* ------------------------------------------------------------------ */
/* Choosing the method                                                  */
/* ------------------------------------------------------------------ */

/* Boxes and nothing else: the pattern and the group shuffles apply. */
static int plain_boxes(const nonet_shape *s)
{
    return s->box_rows > 0 && !s->variants && s->nhouses <= 3 * s->n;
}

nonet_status gen_grid(gen_search *search, const nonet_shape *s, nonet__rng *rng, int tries,
                      int settle, unsigned char *grid, nonet_error *err)
{
#ifdef NONET_HAVE_FAST9
    if (s->classic9 && classic_grid(search, s, rng, grid) == 0) return NONET_OK;
#endif
    if (plain_boxes(s) && s->n > 25) {
        pattern_grid(s, grid);
        shuffle_box_grid(s, rng, grid);
        return NONET_OK;
    }
    /* Without settle (a random jigsaw map that may admit no grid: the
     * caller draws another) a seeding that does not finish soon is given up
     * early: grids are found within about 50 nodes, and 9x9 jigsaws spent
     * three quarters of their grid nodes in runs that ran out of 16 a cell. */
    int r = plain_boxes(s)
                ? search_grid(search, s, rng, grid, tries, 64ull * (unsigned long long)s->ncells)
                : seeded_grid(search, s, rng, grid, tries,
                              (settle ? 16ull : 2ull) * (unsigned long long)s->ncells);
    if (r < 0) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    if (search->gave_up) return nonet__fail(err, NONET_ERR_LIMIT, 0, 0, "gave up");
    if (r == 1) return NONET_OK;
    if (plain_boxes(s)) {
        pattern_grid(s, grid);
        shuffle_box_grid(s, rng, grid);
        return NONET_OK;
    }
    if (!settle)
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "no complete grid found within the budget");
    /* The engine's own order: slow on large empty grids, but it settles
     * whether the rules admit a grid at all. */
    unsigned char empty[NONET_MAX_CELLS] = {0};
    int n = gen_count(search, s, empty, NULL, 1, 0, grid, NULL);
    if (n == -2) return nonet__fail(err, NONET_ERR_LIMIT, 0, 0, "gave up");
    if (n < 0) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    if (n == 0)
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                           "these rules admit no complete grid: no puzzle can be made");
    return NONET_OK;
}
