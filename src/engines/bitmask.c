/*
 * solve_bitmask.c - the general engine: bit-mask candidates per cell,
 * constraint propagation, fewest-candidates-first branching.
 *
 * Each cell keeps a uint64_t mask of the digits it may still take, each
 * house a mask of the digits already placed in it. Placing a digit removes
 * it from every peer (and, under non-consecutive, its neighbours from the
 * orthogonal neighbours); a cell left with one candidate is queued (naked
 * single); a digit with one place left in a house is placed (hidden single,
 * found with the once/twice bit-slice over the house). Where the shape has
 * boxes or jigsaw regions, locked candidates run between regions and lines
 * from one table of segment masks. When nothing more follows, the search
 * branches on the open cell with the fewest candidates. Works for every
 * shape and variant.
 *
 * Invariants between propagation steps: val[c] != 0 implies cand[c] is
 * exactly that digit's bit; placed[h] is the set of digits placed in h; a
 * house whose cells lost a candidate since its last scan is dirty (a bit in
 * a set of houses, so marking a cell's houses is one OR a word); every
 * change to cand[] or placed[] since the root is on the trail, so undoing to
 * a mark restores the state exactly. Memory comes from the workspace only.
 */
#include "core/assert.h"
#include "core/bits.h"
#include "engines/engine.h"
#include "core/shape.h"

#include <string.h>

typedef struct undo {
    int32_t at;   /* >= 0: cand[at]; < 0: placed[~at] */
    uint64_t old; /* value before the change */
} undo;

typedef struct frame {
    int cell;  /* branch cell, or -1 when branching on a house's places */
    int house; /* house branch: the house, its digit bit; rest = places */
    uint64_t bit;
    int filled;    /* nfilled at the branch */
    size_t trail;  /* trail length at the branch */
    uint64_t rest; /* digits not yet tried */
} frame;

/* Locked candidates along rows (lc[0]) or columns (lc[1]). A segment is
 * the cells a line shares with one region; segments are numbered line by
 * line, so line l owns the ids line_at[l] .. line_at[l+1]. */
typedef struct lc_dir {
    int nseg;        /* segments in this direction */
    int *segid;      /* ncells: segment of each cell */
    int *seg_line;   /* nseg: the line of each segment */
    int *seg_region; /* nseg: the region of each segment */
    int *line_at;    /* n + 1: first segment of each line */
    int *line_seg;   /* nseg: 0, 1, 2, ... (segment lists of lines) */
    int *reg_seg_at; /* CSR with reg_seg: the segments of each region */
    int *reg_seg;
    const int *line_cell; /* the shape's rows or columns, n cells each */
    uint64_t *mask;       /* nseg: OR of each segment's candidates (scratch) */
} lc_dir;

typedef struct bm {
    const nonet_shape *s;
    uint64_t *cand;     /* ncells candidate masks */
    uint64_t *placed;   /* nhouses placed-digit masks */
    unsigned char *val; /* ncells placed digits, 0 = open */
    int *filled;        /* cells placed, in order */
    int nfilled;
    int *queue; /* cells found to have one candidate */
    int qlen;
    uint64_t *dirty;      /* nwords: bit h set when a cell of house h changed since its last scan */
    uint64_t *cell_hmask; /* ncells * nwords: the houses of each cell, as bits */
    int nwords;           /* 64-bit words in a set of houses */
    undo *trail;
    size_t ntrail;
    frame *stack;
    int locked;   /* 1: run locked candidates (real boxes or a jigsaw) */
    int by_peers; /* 1: ties between cells go to the most open peers */
    lc_dir lc[2];
    int *reg_at, *reg_cell; /* CSR: the cells of each region */
    int *reg_house;         /* n: a house with the same cells as each region */
} bm;

static inline void set_cand(bm *b, int c, uint64_t m)
{
    b->trail[b->ntrail].at = c;
    b->trail[b->ntrail++].old = b->cand[c];
    b->cand[c] = m;
}

/* Marks the houses of cell c dirty (one OR a word of the house set). */
static inline void mark_houses(bm *b, int c)
{
    const uint64_t *hm = b->cell_hmask + (size_t)c * (size_t)b->nwords;
    for (int w = 0; w < b->nwords; w++) b->dirty[w] |= hm[w];
}

/* Removes the digits `m` from cell c. Returns 0 when c is left empty. */
static inline int remove_digits(bm *b, int c, uint64_t m)
{
    uint64_t x = b->cand[c];
    if (!(x & m)) return 1;
    x &= ~m;
    set_cand(b, c, x);
    if (!x) return 0;
    mark_houses(b, c);
    if (!(x & (x - 1)) && !b->val[c]) b->queue[b->qlen++] = c;
    return 1;
}

/* Places digit d in cell c and removes it from c's peers. Returns 0 on a
 * contradiction. */
static int assign(bm *b, int c, int d)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << (d - 1);
    if (b->val[c]) return b->val[c] == d;
    if (!(b->cand[c] & bit)) return 0;
    int narrowed = b->cand[c] != bit; /* its other digits leave its houses */
    if (narrowed) set_cand(b, c, bit);
    b->val[c] = (unsigned char)d;
    b->filled[b->nfilled++] = c;
    if (narrowed) mark_houses(b, c);
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        int h = s->cell_house[i];
        if (b->placed[h] & bit) return 0;
        b->trail[b->ntrail].at = ~h;
        b->trail[b->ntrail++].old = b->placed[h];
        b->placed[h] |= bit;
    }
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++)
        if (!remove_digits(b, s->peer[i], bit)) return 0;
    if (s->adj_at[c] != s->adj_at[c + 1]) {
        uint64_t near = (bit << 1 | bit >> 1) & s->full;
        for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++)
            if (!remove_digits(b, s->adj[i], near)) return 0;
    }
    return 1;
}

/* Places every queued naked single. Returns 0 on a contradiction. */
static int drain_queue(bm *b)
{
    while (b->qlen) {
        int c = b->queue[--b->qlen];
        if (b->val[c]) continue;
        if (!b->cand[c] || !assign(b, c, nonet__ctz(b->cand[c]) + 1)) return 0;
    }
    return 1;
}

/* Places the digits with one place left in house h. Returns -1 on a
 * contradiction, else the number of digits placed. */
static int house_singles(bm *b, int h)
{
    const nonet_shape *s = b->s;
    int n = s->n, placed = 0;
    const int *cells = s->house + (size_t)h * (size_t)n;
    uint64_t once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        uint64_t m = b->cand[cells[i]];
        twice |= once & m;
        once |= m;
    }
    if (once != s->full) return -1;
    uint64_t hidden = once & ~twice & ~b->placed[h];
    while (hidden) {
        uint64_t bit = hidden & (~hidden + 1);
        hidden ^= bit;
        int i = 0;
        while (i < n && !(b->cand[cells[i]] & bit)) i++;
        if (i == n || !assign(b, cells[i], nonet__ctz(bit) + 1) || !drain_queue(b)) return -1;
        placed++;
    }
    return placed;
}

/* Hidden singles in every dirty house, until none is dirty. Returns -1 on a
 * contradiction, else the number of digits placed. */
static int hidden_singles(bm *b)
{
    int placed = 0;
    for (int w = 0; w < b->nwords; w++) {
        while (b->dirty[w]) {
            int h = w * 64 + nonet__ctz(b->dirty[w]);
            b->dirty[w] &= b->dirty[w] - 1;
            int k = house_singles(b, h);
            if (k < 0) return -1;
            placed += k;
        }
    }
    return placed;
}

/* Removes `m` from the `len` cells at `cells` whose segment (segid) is not
 * `keep`. Returns -1 on a contradiction, else the number of cells changed. */
static int clear_outside(bm *b, const int *cells, int len, const int *segid, int keep, uint64_t m)
{
    int changed = 0;
    for (int i = 0; i < len; i++) {
        int c = cells[i];
        if (segid[c] == keep || !(b->cand[c] & m)) continue;
        if (!remove_digits(b, c, m)) return -1;
        changed++;
    }
    return changed;
}

/* The segments `first`..`first + len` (of one line or one region) whose
 * digits open in the whole appear in that segment alone, cleared from the
 * other part: the region (claiming, `from_line`) or the line (pointing).
 * `done` are the digits placed in the whole. Returns -1 or cells changed. */
static int lock_group(bm *b, const lc_dir *d, const int *sids, int len, uint64_t done,
                      int from_line)
{
    uint64_t once = 0, twice = done;
    for (int i = 0; i < len; i++) {
        uint64_t m = d->mask[sids[i]];
        twice |= once & m;
        once |= m;
    }
    int n = b->s->n, changed = 0;
    for (int i = 0; i < len; i++) {
        int sid = sids[i];
        uint64_t m = d->mask[sid] & ~twice;
        if (!m) continue;
        /* The other part is the rest of its segments: clear only what they hold. */
        const int *os = from_line ? d->reg_seg + d->reg_seg_at[d->seg_region[sid]]
                                  : d->line_seg + d->line_at[d->seg_line[sid]];
        const int *oend = from_line ? d->reg_seg + d->reg_seg_at[d->seg_region[sid] + 1]
                                    : d->line_seg + d->line_at[d->seg_line[sid] + 1];
        uint64_t other = 0;
        for (; os < oend; os++) other |= *os == sid ? 0 : d->mask[*os];
        m &= other;
        if (!m) continue;
        const int *cells = from_line ? b->reg_cell + b->reg_at[d->seg_region[sid]]
                                     : d->line_cell + (size_t)d->seg_line[sid] * (size_t)n;
        int k = clear_outside(b, cells, n, d->segid, sid, m);
        if (k < 0) return -1;
        changed += k;
    }
    return changed;
}

/* Locked candidates between regions (boxes or jigsaw) and lines, both
 * directions, from one pass that ORs every segment (a line's cells in one
 * region). Clearing uses masks taken before it: they can only be supersets
 * of the current ones, and every deduction from a superset still holds.
 * Returns -1 on a contradiction, else the number of cells changed. */
static int locked_candidates(bm *b)
{
    const nonet_shape *s = b->s;
    int n = s->n, changed = 0;
    lc_dir *rows = &b->lc[0], *cols = &b->lc[1];
    memset(rows->mask, 0, (size_t)rows->nseg * sizeof(uint64_t));
    memset(cols->mask, 0, (size_t)cols->nseg * sizeof(uint64_t));
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        rows->mask[rows->segid[c]] |= m;
        cols->mask[cols->segid[c]] |= m;
    }
    for (int dir = 0; dir < 2; dir++) {
        const lc_dir *d = &b->lc[dir];
        for (int l = 0; l < n; l++) {
            int k = lock_group(b, d, d->line_seg + d->line_at[l], d->line_at[l + 1] - d->line_at[l],
                               b->placed[dir * n + l], 1);
            if (k < 0) return -1;
            changed += k;
        }
        for (int g = 0; g < n; g++) {
            int k =
                lock_group(b, d, d->reg_seg + d->reg_seg_at[g],
                           d->reg_seg_at[g + 1] - d->reg_seg_at[g], b->placed[b->reg_house[g]], 0);
            if (k < 0) return -1;
            changed += k;
        }
    }
    return changed;
}

/* Runs naked and hidden singles to a fixed point, then locked candidates
 * (boxes or jigsaw regions against lines) while they remove something.
 * Returns 0 on a contradiction. */
static int propagate(bm *b)
{
    for (;;) {
        if (!drain_queue(b)) return 0;
        int k = hidden_singles(b);
        if (k < 0) return 0;
        if (k || b->qlen) continue;
        if (!b->locked) return 1;
        int x = locked_candidates(b);
        if (x < 0) return 0;
        if (!x && !b->qlen) return 1;
    }
}

/* Undoes every change after the given marks. */
static void undo_to(bm *b, size_t trail, int filled)
{
    while (b->ntrail > trail) {
        undo u = b->trail[--b->ntrail];
        if (u.at >= 0) b->cand[u.at] = u.old;
        else b->placed[~u.at] = u.old;
    }
    while (b->nfilled > filled) b->val[b->filled[--b->nfilled]] = 0;
    b->qlen = 0;
    /* Branches open at a fixed point, where no house needs a scan. */
    memset(b->dirty, 0, (size_t)b->nwords * sizeof *b->dirty);
}

/* The number of peers of c not yet placed. Counted only for ties in
 * pick_cell, which is cheaper than keeping it up to date on every placement. */
static int open_peers(const bm *b, int c)
{
    const nonet_shape *s = b->s;
    int k = 0;
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) k += !b->val[s->peer[i]];
    return k;
}

/* The open cell with the fewest candidates, or -1 when the grid is full;
 * its candidate count goes to *count. With by_peers, ties go to the cell
 * with the most open peers (its choice settles the most): on the bench's
 * 12x12 to 25x25 and jigsaw grids that takes half the nodes or fewer.
 * Without it (boxed grids up to 9x9) the first such cell wins, which keeps
 * the order in which their solutions come out as it always was. */
static int pick_cell(const bm *b, int *count)
{
    int best = -1, best_count = 65, best_peers = -1; /* -1: not counted yet */
    for (int c = 0; c < b->s->ncells; c++) {
        if (b->val[c]) continue;
        uint64_t m = b->cand[c], rest = m & (m - 1);
        int k;
        if (best_count <= 2) { /* the usual case: only two bits or fewer matter */
            if (rest & (rest - 1)) continue;
            k = rest ? 2 : m ? 1 : 0;
        } else {
            k = nonet__popcount(m);
        }
        if (k > best_count) continue;
        int peers = -1;
        if (k == best_count) {
            if (!b->by_peers) continue;
            if (best_peers < 0) best_peers = open_peers(b, best);
            if ((peers = open_peers(b, c)) <= best_peers) continue;
        }
        best = c;
        best_count = k;
        best_peers = peers;
        if (k <= 2 && !b->by_peers) break;
    }
    *count = best_count;
    return best;
}

/* A house with an open digit in exactly two places (*bit), or -1. */
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
static void open_branch(bm *b, frame *f, int c, int count)
{
    f->trail = b->ntrail;
    f->filled = b->nfilled;
    f->cell = c;
    f->rest = b->cand[c];
    int h = count > 2 && !b->by_peers ? find_pair(b, &f->bit) : -1;
    if (h < 0) return;
    const int n = b->s->n, *cells = b->s->house + (size_t)h * (size_t)n;
    f->cell = -1;
    f->house = h;
    f->rest = 0;
    for (int i = 0; i < n; i++)
        if (b->cand[cells[i]] & f->bit) f->rest |= 1ull << i;
}

/* Tries the next choice of branch f. Returns 0 on a contradiction. */
static int try_next(bm *b, frame *f)
{
    uint64_t low = f->rest & (~f->rest + 1);
    f->rest ^= low;
    if (f->cell >= 0) return assign(b, f->cell, nonet__ctz(low) + 1) && propagate(b);
    int cell = b->s->house[(size_t)f->house * (size_t)b->s->n + (size_t)nonet__ctz(low)];
    return assign(b, cell, nonet__ctz(f->bit) + 1) && propagate(b);
}

/* A workspace layout: take() hands out 8-byte-aligned pieces from base, or,
 * with base NULL, only counts them, so one function (lay_out) both sizes the
 * block and places the arrays in it. */
typedef struct layout {
    char *base;
    size_t used;
} layout;

static void *take(layout *l, size_t bytes)
{
    void *p = l->base ? l->base + l->used : NULL;
    l->used += (bytes + 7) & ~(size_t)7;
    return p;
}

/* Numbers the segments of direction dir and lists them per line and per
 * region. `seen`, `slot` and `fill` are n ints of scratch. */
static void build_segments(bm *b, int dir, int *seen, int *slot)
{
    const nonet_shape *s = b->s;
    int n = s->n, nseg = 0;
    lc_dir *d = &b->lc[dir];
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

/* Sets cell_hmask: the houses of each cell as a set of bits. */
static void build_hmasks(bm *b)
{
    const nonet_shape *s = b->s;
    size_t nw = (size_t)b->nwords;
    memset(b->cell_hmask, 0, (size_t)s->ncells * nw * sizeof(uint64_t));
    for (int c = 0; c < s->ncells; c++)
        for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
            int h = s->cell_house[i];
            b->cell_hmask[(size_t)c * nw + (size_t)(h / 64)] |= 1ull << (h % 64);
        }
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

/* Places the engine's arrays in l (see layout); returns the 2n ints of
 * scratch that setup's table building uses. */
static int *lay_out(bm *b, const nonet_shape *s, layout *l)
{
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    size_t trail_cap = nc * n + nh * n + nc;
    b->cand = take(l, nc * sizeof(uint64_t));
    b->placed = take(l, nh * sizeof(uint64_t));
    b->reg_house = take(l, n * sizeof(int));
    b->trail = take(l, trail_cap * sizeof(undo));
    b->stack = take(l, (nc + 1) * sizeof(frame));
    for (int dir = 0; dir < 2; dir++) {
        lc_dir *d = &b->lc[dir];
        d->mask = take(l, nc * sizeof(uint64_t));
        d->segid = take(l, nc * sizeof(int));
        d->seg_line = take(l, nc * sizeof(int));
        d->seg_region = take(l, nc * sizeof(int));
        d->line_seg = take(l, nc * sizeof(int));
        d->reg_seg = take(l, nc * sizeof(int));
        d->line_at = take(l, (n + 1) * sizeof(int));
        d->reg_seg_at = take(l, (n + 1) * sizeof(int));
    }
    b->reg_at = take(l, (n + 1) * sizeof(int));
    b->reg_cell = take(l, nc * sizeof(int));
    int *scratch = take(l, 2 * n * sizeof(int));
    b->filled = take(l, nc * sizeof(int));
    b->queue = take(l, nc * sizeof(int));
    b->nwords = (int)((nh + 63) / 64);
    b->dirty = take(l, (size_t)b->nwords * sizeof(uint64_t));
    b->cell_hmask = take(l, nc * (size_t)b->nwords * sizeof(uint64_t));
    b->val = take(l, nc);
    return scratch;
}

/* Lays out the engine's arrays in the workspace and builds its tables. */
static int setup(bm *b, const nonet_shape *s, nonet__workspace *ws)
{
    int n = s->n;
    layout count = {NULL, 0};
    lay_out(b, s, &count);
    layout l = {nonet__workspace_get(ws, count.used), 0};
    if (!l.base) return 0;
    int *scratch = lay_out(b, s, &l);
    b->s = s;
    build_hmasks(b);
    b->nfilled = b->qlen = 0;
    b->ntrail = 0;
    b->locked = (s->box_rows > 1 && s->box_cols > 1) || !s->box_rows;
    b->by_peers = s->n > 9 || !s->box_rows;
    if (b->locked) {
        build_regions(b, scratch);
        build_reg_house(b);
        build_segments(b, 0, scratch, scratch + n);
        build_segments(b, 1, scratch, scratch + n);
    }
    return 1;
}

/* Sets the starting candidates and places the givens. 0 on a contradiction. */
static int start(bm *b, const nonet__search *job)
{
    const nonet_shape *s = b->s;
    memset(b->placed, 0, (size_t)s->nhouses * sizeof *b->placed);
    memset(b->val, 0, (size_t)s->ncells);
    for (int w = 0; w < b->nwords; w++)
        b->dirty[w] = s->nhouses - w * 64 >= 64 ? ~0ull : (1ull << (s->nhouses - w * 64)) - 1;
    for (int c = 0; c < s->ncells; c++)
        b->cand[c] = job->cands && !job->givens[c] ? job->cands[c] & s->full : s->full;
    for (int c = 0; c < s->ncells; c++)
        if (job->givens[c] && !assign(b, c, job->givens[c])) return 0;
    b->qlen = 0; /* queued again below, once each: the queue holds ncells at most */
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        if (!m) return 0;
        if (!b->val[c] && !(m & (m - 1))) b->queue[b->qlen++] = c;
    }
    return propagate(b);
}

/* The invariants of the file comment, checked (NONET_ASSERT) after the
 * root's propagation and at each solution: a placed cell keeps exactly its
 * digit, filled[] lists the placed cells, placed[h] is the set of digits
 * placed in house h, and no cell is left without a candidate. */
static int bm_ok(const bm *b)
{
    const nonet_shape *s = b->s;
    int placed_cells = 0;
    for (int c = 0; c < s->ncells; c++) {
        int v = b->val[c];
        if (v > s->n || !(b->cand[c] & s->full) || (b->cand[c] & ~s->full) ||
            (v && b->cand[c] != 1ull << (v - 1)))
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

nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws)
{
    bm b;
    if (!setup(&b, job->shape, ws)) return NONET_ERR_NOMEM;
    nonet__tick(job);
    if (!start(&b, job)) return NONET_OK;
    NONET_ASSERT(bm_ok(&b));
    int depth = 0;
    for (;;) {
        int count, c = pick_cell(&b, &count);
        if (c < 0) {
            NONET_ASSERT(bm_ok(&b) && b.nfilled == b.s->ncells);
            if (nonet__found(job, b.val)) return NONET_OK;
        } else {
            open_branch(&b, &b.stack[depth++], c, count);
        }
        /* Try the next digit of the innermost branch that has one left. */
        for (;;) {
            if (!depth) return NONET_OK;
            frame *f = &b.stack[depth - 1];
            undo_to(&b, f->trail, f->filled);
            if (!f->rest) {
                depth--;
                continue;
            }
            job->guesses++;
            if (nonet__tick(job)) return NONET_OK;
            if (try_next(&b, f)) break;
        }
    }
}
