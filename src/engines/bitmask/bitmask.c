/*
 * bitmask.c - the general engine: bit-mask candidates per cell,
 * constraint propagation, fewest-candidates-first branching. Works for every
 * shape and variant.
 *
 * Owns the search (depth-first over branch points, with undo marks), the
 * branching and the restarts; the rules run in one of two propagators with
 * the same fixpoint (see bitmask.h): scanning up to 25x25, counting on
 * bigger grids and on sparse ones from 16x16 (both measured the faster
 * there). The search branches on the open cell with the fewest candidates;
 * ties above 9x9 and on jigsaw go to the cell whose open peers are closest to
 * settled (tie_score), on small boxed grids to the first cell, or to a
 * digit's two places in a house when the cell has more than two. On sparse
 * grids the search restarts (branch.h: nonet__restarts).
 */
#include "engines/bitmask/bitmask.h"

#include "core/assert.h"

#include <string.h>

/* How much choosing c would settle: its open peers weighted by
 * nonet__tie_weight. Counted only for ties in pick_cell. */
static int tie_score(const bm *b, int c)
{
    const nonet_shape *s = b->s;
    int k = 0;
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) {
        int p = s->peer[i];
        if (!b->val[p]) k += nonet__tie_weight(b->key[p], (b->cand[p] & b->cand[c]) != 0);
    }
    return k;
}

/* The open cell with the fewest candidates, or -1 when the grid is full;
 * its candidate count goes to *count. With by_score, ties go to the cell
 * with the highest tie_score (its choice settles the most): on the bench's
 * 12x12, 16x16 and 25x25 sets that takes 2, 3 and 7 times fewer guesses
 * than counting open peers did, and that took half of what the first cell
 * took. Without it (boxed grids up to 9x9) the first such cell wins, which
 * keeps the order in which small grids' solutions come out as it always
 * was; in the seeded runs of a restarted search, the first from a seeded
 * row on (nonet__restart_pick). The least count is found first, by a scan
 * of `key` that compilers vectorise. */
static int pick_cell(const bm *b, int *count)
{
    const size_t nc = (size_t)b->s->ncells;
    const unsigned char *key = b->key, *end = key + nc, *p;
    unsigned char least = 255;
    for (size_t c = 0; c < nc; c++) least = key[c] < least ? key[c] : least;
    *count = least;
    if (least == 255) return -1;
    if (!b->by_score || b->rs.run) { /* the first such cell */
        size_t first =
            b->rs.run ? (size_t)nonet__restart_pick(b->rs.run, -1, b->n) * (size_t)b->n : 0;
        p = memchr(key + first, least, nc - first);
        if (!p) p = memchr(key, least, first);
        return (int)(p - key);
    }
    int best = (int)((const unsigned char *)memchr(key, least, nc) - key), best_score = -1;
    for (p = key + best + 1; p < end && (p = memchr(p, least, (size_t)(end - p))); p++) {
        int c = (int)(p - key);
        if (best_score < 0) best_score = tie_score(b, best);
        int score = tie_score(b, c);
        if (score > best_score) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* A house with an open digit in exactly two places (the first such house,
 * its lowest such digit as *bit), or -1. */
static int find_pair(const bm *b, uint64_t *bit)
{
    const nonet_shape *s = b->s;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)s->n;
        uint64_t once = 0, twice = 0, thrice = 0;
        for (int i = 0; i < s->n; i++) {
            uint64_t m = b->cand[cells[i]];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        uint64_t two = twice & ~thrice & ~b->placed[h];
        if (two) {
            *bit = two & (~two + 1);
            return h;
        }
    }
    return -1;
}

/* Opens a branch: on the best cell's candidates, or, on small grids when
 * that cell has more than two, on the two places of a digit in a house
 * (on big grids, where this seldom happens, it measured no better). */
static void open_branch(bm *b, bm_frame *f, int c, int count)
{
    f->trail = b->ntrail;
    f->filled = b->nfilled;
    f->cell = c;
    f->rest = b->cand[c];
    int h = count > 2 && !b->by_score && !b->rs.run ? find_pair(b, &f->bit) : -1;
    if (h < 0) return;
    const int n = b->n, *cells = b->s->house + (size_t)h * (size_t)n;
    f->cell = -1;
    f->house = h;
    f->rest = 0;
    for (int i = 0; i < n; i++)
        if (b->cand[cells[i]] & f->bit) f->rest |= 1ull << i;
}

/* fewest_places from the counting propagator's counts per house and digit
 * (the same sums: cnt counts every cell whose mask holds the digit). */
static uint64_t fewest_counted(const bm *b, int c, uint64_t m)
{
    const nonet_shape *s = b->s;
    const int at = s->cell_house_at[c], end = s->cell_house_at[c + 1];
    int least = 1 << 30;
    uint64_t ties = 0;
    for (uint64_t x = m; x; x &= x - 1) {
        int d = nonet__ctz(x), places = 0;
        for (int i = at; i < end; i++) places += b->cnt[b->hoff[i] + d];
        if (places < least) least = places, ties = 0;
        if (places == least) ties |= x & (~x + 1);
    }
    return ties;
}

/* The digits of m (candidates of cell c) with the fewest places summed
 * over c's houses (nonet__restarts' value order on a sparse grid). The
 * places of each digit are added up bit-sliced: plane i holds bit i of
 * every digit's sum (3 houses of at most 64 cells: 8 planes). */
static uint64_t fewest_places(const bm *b, int c, uint64_t m)
{
    const nonet_shape *s = b->s;
    if (b->cnt) return fewest_counted(b, c, m);
    uint64_t plane[9] = {0};
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        const int *cells = s->house + (size_t)s->cell_house[i] * (size_t)s->n;
        for (int j = 0; j < s->n; j++)
            for (uint64_t carry = b->cand[cells[j]] & m, k = 0; carry; k++) {
                uint64_t t = plane[k] & carry;
                plane[k] ^= carry;
                carry = t;
            }
    }
    for (int k = 8; k >= 0; k--)
        if (m & ~plane[k]) m &= ~plane[k];
    return m;
}

/* The next choice of branch f, taken out of f->rest: the lowest, or in a
 * seeded run of a cell branch the one nonet__restart_pick names; on a
 * sparse grid, among a cell's digits with the fewest places (fewest_places). */
static uint64_t next_choice(const bm *b, bm_frame *f)
{
    uint64_t m = f->rest;
    if (b->rs.on && f->cell >= 0) m = fewest_places(b, f->cell, m);
    if (b->rs.run && f->cell >= 0)
        for (int j = nonet__restart_pick(b->rs.run, f->cell, nonet__popcount(m)); j > 0; j--)
            m &= m - 1;
    uint64_t low = m & (~m + 1);
    f->rest ^= low;
    return low;
}

/* Tries the next choice of branch f. Returns 0 on a contradiction. */
static int try_next(bm *b, bm_frame *f)
{
    uint64_t low = next_choice(b, f);
    if (f->cell >= 0)
        return b->core->assign(b, f->cell, nonet__ctz(low) + 1) && b->core->propagate(b);
    int cell = b->s->house[(size_t)f->house * (size_t)b->s->n + (size_t)nonet__ctz(low)];
    return b->core->assign(b, cell, nonet__ctz(f->bit) + 1) && b->core->propagate(b);
}

/* Numbers the segments of direction dir and lists them per region. `seen`
 * and `slot` are n ints of scratch. */
static void build_segments(bm *b, int dir, int *seen, int *slot)
{
    const nonet_shape *s = b->s;
    int n = s->n, nseg = 0;
    bm_lines *d = &b->lc[dir];
    d->line_cell = s->house + (size_t)dir * (size_t)n * (size_t)n;
    for (int g = 0; g < n; g++) seen[g] = -1;
    for (int l = 0; l < n; l++) {
        d->line_at[l] = nseg;
        for (int i = 0; i < n; i++) {
            int c = d->line_cell[l * n + i], g = s->region[c];
            if (seen[g] != l) {
                seen[g] = l;
                slot[g] = nseg;
                d->seg_line[nseg] = l;
                d->seg_region[nseg] = g;
                d->line_seg[nseg] = nseg;
                nseg++;
            }
            d->segid[c] = slot[g];
        }
    }
    d->line_at[n] = d->nseg = nseg;
    memset(d->reg_seg_at, 0, (size_t)(n + 1) * sizeof(int));
    for (int i = 0; i < nseg; i++) d->reg_seg_at[d->seg_region[i] + 1]++;
    for (int g = 0; g < n; g++) slot[g] = d->reg_seg_at[g + 1] += d->reg_seg_at[g];
    for (int i = nseg - 1; i >= 0; i--) d->reg_seg[--slot[d->seg_region[i]]] = i;
}

/* Lists the cells of each region (reg_at / reg_cell). `fill` is n ints. */
static void build_regions(bm *b, int *fill)
{
    const nonet_shape *s = b->s;
    int n = s->n;
    memset(b->reg_at, 0, (size_t)(n + 1) * sizeof(int));
    for (int c = 0; c < s->ncells; c++) b->reg_at[s->region[c] + 1]++;
    for (int g = 0; g < n; g++) fill[g] = b->reg_at[g + 1] += b->reg_at[g];
    for (int c = s->ncells - 1; c >= 0; c--) b->reg_cell[--fill[s->region[c]]] = c;
}

/* Sets reg_house: the region's own house, or, when the shape skipped it as
 * a repeat, the row or column with the same cells. */
static void build_reg_house(bm *b)
{
    const nonet_shape *s = b->s;
    int n = s->n;
    for (int g = 0; g < n; g++) {
        int c0 = b->reg_cell[b->reg_at[g]], c1 = b->reg_cell[b->reg_at[g] + 1];
        b->reg_house[g] = c0 / n == c1 / n ? c0 / n : n + c0 % n;
    }
    for (int h = 2 * n; h < s->nhouses; h++) {
        int k = s->house_kind[h];
        if (k == NONET__BOX || k == NONET__REGION)
            b->reg_house[s->region[s->house[(size_t)h * (size_t)n]]] = h;
    }
}

/* Places the shared arrays and the propagator's in l; returns the 2n ints
 * of scratch that setup's table building uses. */
static int *lay_out(bm *b, bm_layout *l)
{
    const nonet_shape *s = b->s;
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    b->cand = nonet__bm_take(l, nc * sizeof(uint64_t));
    b->placed = nonet__bm_take(l, nh * sizeof(uint64_t));
    b->reg_house = nonet__bm_take(l, n * sizeof(int));
    b->stack = nonet__bm_take(l, (nc + 1) * sizeof(bm_frame));
    for (int dir = 0; dir < 2; dir++) {
        bm_lines *d = &b->lc[dir];
        d->segid = nonet__bm_take(l, nc * sizeof(int));
        d->seg_line = nonet__bm_take(l, nc * sizeof(int));
        d->seg_region = nonet__bm_take(l, nc * sizeof(int));
        d->line_seg = nonet__bm_take(l, nc * sizeof(int));
        d->reg_seg = nonet__bm_take(l, nc * sizeof(int));
        d->line_at = nonet__bm_take(l, (n + 1) * sizeof(int));
        d->reg_seg_at = nonet__bm_take(l, (n + 1) * sizeof(int));
    }
    b->reg_at = nonet__bm_take(l, (n + 1) * sizeof(int));
    b->reg_cell = nonet__bm_take(l, nc * sizeof(int));
    int *scratch = nonet__bm_take(l, 2 * n * sizeof(int));
    b->filled = nonet__bm_take(l, nc * sizeof(int));
    b->queue = nonet__bm_take(l, nc * sizeof(int));
    b->val = nonet__bm_take(l, nc);
    b->key = nonet__bm_take(l, nc);
    b->core->lay_out(b, l);
    return scratch;
}

/* Lays out the engine's arrays in the workspace and builds its tables. */
static int setup(bm *b, const nonet_shape *s, const bm_core *core, nonet__workspace *ws)
{
    int n = s->n;
    memset(b, 0, sizeof *b);
    b->s = s;
    b->n = n;
    b->core = core;
    bm_layout count = {NULL, 0};
    lay_out(b, &count);
    bm_layout l = {nonet__workspace_get(ws, count.used), 0};
    if (!l.base) return 0;
    int *scratch = lay_out(b, &l);
    b->locked = (s->box_rows > 1 && s->box_cols > 1) || !s->box_rows;
    b->by_score = s->n > 9 || !s->box_rows;
    if (b->locked) {
        build_regions(b, scratch);
        build_reg_house(b);
        build_segments(b, 0, scratch, scratch + n);
        build_segments(b, 1, scratch, scratch + n);
    }
    core->setup(b);
    return 1;
}

/* The invariants of bitmask.h, checked (NONET_ASSERT) after the root's
 * propagation and at each solution (bitmask.h): a placed cell keeps exactly its digit
 * and its key is 255, an open cell's key counts its candidates (none
 * outside the shape's digits, at least one), filled[] lists the placed
 * cells, and placed[h] is the set of digits placed in house h. */
int nonet__bm_ok(const bm *b)
{
    const nonet_shape *s = b->s;
    int placed_cells = 0;
    for (int c = 0; c < s->ncells; c++) {
        int v = b->val[c];
        uint64_t m = b->cand[c];
        if (v > s->n || !m || (m & ~s->full) || (v && m != 1ull << (v - 1)) ||
            b->key[c] != (v ? 255 : nonet__bm_popcount(m)))
            return 0;
        placed_cells += v != 0;
    }
    if (placed_cells != b->nfilled) return 0;
    for (int i = 0; i < b->nfilled; i++)
        if (!b->val[b->filled[i]]) return 0;
    for (int h = 0; h < s->nhouses; h++) {
        uint64_t m = 0;
        for (int i = 0; i < s->n; i++) {
            int v = b->val[s->house[h * s->n + i]];
            if (v) m |= 1ull << (v - 1);
        }
        if (m != b->placed[h]) return 0;
    }
    return 1;
}

/* The depth-first search over branch points (bm_frame), undoing to each
 * branch's marks before trying its next choice; restarts from the root on a
 * sparse grid (nonet__restarts). */
static void search(bm *b, nonet__search *job)
{
    if (!b->core->start(b, job)) return;
    const size_t root_trail = b->ntrail;
    const int root_filled = b->nfilled;
    NONET_ASSERT(nonet__bm_ok(b));
    nonet__restarts_init(&b->rs, b->n, job->shape->ncells, b->nfilled);
    int depth = 0;
    for (;;) {
        int count, c = pick_cell(b, &count);
        if (c < 0) {
            NONET_ASSERT(nonet__bm_ok(b) && b->nfilled == job->shape->ncells);
            if (nonet__found(job, b->val)) return;
        } else {
            open_branch(b, &b->stack[depth++], c, count);
        }
        /* Try the next digit of the innermost branch that has one left. */
        for (int retry = c < 0;; retry = 1) {
            if (!depth) return;
            bm_frame *f = &b->stack[depth - 1];
            b->core->undo_to(b, f->trail, f->filled);
            if (!f->rest) {
                depth--;
                continue;
            }
            if (nonet__restart_due(&b->rs, job, retry)) {
                b->core->undo_to(b, root_trail, root_filled);
                depth = 0;
                break;
            }
            job->guesses++;
            if (nonet__tick(job)) return;
            if (try_next(b, f)) break;
        }
    }
}

nonet_status nonet__solve_bitmask_with(nonet__search *job, nonet__workspace *ws, int counting)
{
    bm b;
    if (!setup(&b, job->shape, counting ? &nonet__bm_count : &nonet__bm_scan, ws))
        return NONET_ERR_NOMEM;
    nonet__tick(job);
    search(&b, job);
    return NONET_OK;
}

nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws)
{
    const nonet_shape *s = job->shape;
    if (job->cons) return nonet__solve_constrained(job, ws);
    int givens = 0;
    for (int c = 0; c < s->ncells; c++) givens += job->givens[c] != 0;
    return nonet__solve_bitmask_with(job, ws, s->n > 25 || (s->n >= 16 && givens * 5 < s->ncells));
}
