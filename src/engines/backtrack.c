/*
 * solve_backtrack.c - plain backtracking, the teaching baseline.
 *
 * Fills the empty cells in row-major order, trying digits from the smallest
 * up and checking each against its houses (through one bit mask of used
 * digits per house), its non-house links and the candidate masks. No
 * inference, no cell ordering: slow on hard puzzles by design, and the
 * simplest code to trust when cross-checking the other engines.
 *
 * State invariant at depth k: cells order[0..k-1] hold trial digits, and
 * used[h] is exactly the set of digits placed (givens and trials) in house h.
 */
#include "core/bits.h"
#include "engines/engine.h"
#include "core/shape.h"

#include <string.h>

typedef struct bt {
    const nonet_shape *s;
    const uint64_t *cands;
    unsigned char *grid; /* ncells current digits */
    uint64_t *used;      /* nhouses masks of placed digits */
    int *order;          /* empty cells, row-major */
    uint64_t *left;      /* per depth: digits still to try */
} bt;

/* Digits of `m` that may go in empty cell c now. */
static uint64_t allowed(const bt *b, int c, uint64_t m)
{
    const nonet_shape *s = b->s;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
        m &= ~b->used[s->cell_house[i]];
    for (int i = s->xpeer_at[c]; i < s->xpeer_at[c + 1]; i++) {
        int d = b->grid[s->xpeer[i]];
        if (d) m &= ~(1ull << (d - 1));
    }
    for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
        int d = b->grid[s->adj[i]];
        if (d > 1) m &= ~(1ull << (d - 2));
        if (d && d < s->n) m &= ~(1ull << d);
    }
    return m;
}

/* Sets (on = 1) or clears digit d of cell c in the grid and house masks. */
static void place(bt *b, int c, int d, int on)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << (d - 1);
    b->grid[c] = on ? (unsigned char)d : 0;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        if (on) b->used[s->cell_house[i]] |= bit;
        else b->used[s->cell_house[i]] &= ~bit;
    }
}

/* Candidates of empty cell c before any trial digit. */
static uint64_t start_mask(const bt *b, int c)
{
    return allowed(b, c, b->cands ? b->cands[c] : b->s->full);
}

/* Places the givens (their candidate masks do not apply); returns the number of empty cells, or -1 on a clash. */
static int place_givens(bt *b, const unsigned char *givens)
{
    const nonet_shape *s = b->s;
    int empty = 0;
    for (int c = 0; c < s->ncells; c++) {
        if (!givens[c]) {
            b->order[empty++] = c;
            continue;
        }
        if (!(allowed(b, c, s->full) >> (givens[c] - 1) & 1)) return -1;
        place(b, c, givens[c], 1);
    }
    return empty;
}

nonet_status nonet__solve_backtrack(nonet__search *job, nonet__workspace *ws)
{
    const nonet_shape *s = job->shape;
    size_t nc = (size_t)s->ncells;
    size_t bytes =
        nc * (sizeof(uint64_t) + sizeof(int) + 1) + (size_t)s->nhouses * sizeof(uint64_t);
    char *mem = nonet__workspace_get(ws, bytes);
    if (!mem) return NONET_ERR_NOMEM;
    bt b = {s, job->cands, NULL, NULL, NULL, NULL};
    b.left = (uint64_t *)mem;
    b.used = b.left + nc;
    b.order = (int *)(b.used + s->nhouses);
    b.grid = (unsigned char *)(b.order + nc);
    memset(b.used, 0, (size_t)s->nhouses * sizeof *b.used);
    memset(b.grid, 0, nc);
    int empty = place_givens(&b, job->givens);
    nonet__tick(job);
    if (empty < 0) return NONET_OK;
    int k = 0;
    b.left[0] = empty ? start_mask(&b, b.order[0]) : 0;
    for (;;) {
        if (k == empty) {
            if (nonet__found(job, b.grid)) return NONET_OK;
            if (k == 0) return NONET_OK;
            place(&b, b.order[k - 1], b.grid[b.order[k - 1]], 0);
            k--;
            continue;
        }
        if (!b.left[k]) { /* no digit left here: back up */
            if (k == 0) return NONET_OK;
            k--;
            place(&b, b.order[k], b.grid[b.order[k]], 0);
            continue;
        }
        uint64_t m = b.left[k];
        int d = nonet__ctz(m) + 1;
        if (m & (m - 1)) job->guesses++;
        b.left[k] = m & (m - 1);
        place(&b, b.order[k], d, 1);
        if (nonet__tick(job)) return NONET_OK;
        k++;
        if (k < empty) b.left[k] = start_mask(&b, b.order[k]);
    }
}
