/*
 * solve_bitmask.c - the general engine: bit-mask candidates per cell,
 * constraint propagation, fewest-candidates-first branching.
 *
 * Each cell keeps a uint64_t mask of the digits it may still take, each
 * house a mask of the digits already placed in it. Placing a digit removes
 * it from every peer (and, under non-consecutive, its neighbours from the
 * orthogonal neighbours); a cell left with one candidate is queued (naked
 * single); a digit with one place left in a house is placed (hidden single,
 * found with the once/twice bit-slice over the house). When nothing more
 * follows, the search branches on the open cell with the fewest candidates.
 * Works for every shape and variant.
 *
 * Invariants between propagation steps: val[c] != 0 implies cand[c] is
 * exactly that digit's bit; placed[h] is the set of digits placed in h; every
 * change to cand[] or placed[] since the root is on the trail, so undoing to
 * a mark restores the state exactly. Memory comes from the workspace only.
 */
#include "bits.h"
#include "engine.h"
#include "shape.h"

#include <string.h>

typedef struct undo {
    int32_t at;       /* >= 0: cand[at]; < 0: placed[~at] */
    uint64_t old;     /* value before the change */
} undo;

typedef struct frame {
    int cell;         /* branch cell, or -1 when branching on a house's places */
    int house;        /* house branch: the house, its digit bit; rest = places */
    uint64_t bit;
    int filled;       /* nfilled at the branch */
    size_t trail;     /* trail length at the branch */
    uint64_t rest;    /* digits not yet tried */
} frame;

typedef struct bm {
    const nonet_shape *s;
    uint64_t *cand;       /* ncells candidate masks */
    uint64_t *placed;     /* nhouses placed-digit masks */
    unsigned char *val;   /* ncells placed digits, 0 = open */
    int *filled;          /* cells placed, in order */
    int nfilled;
    int *queue;           /* cells found to have one candidate */
    int qlen;
    unsigned char *dirty; /* nhouses: 1 when a cell of the house changed since its last scan */
    undo *trail;
    size_t ntrail;
    frame *stack;
} bm;

static inline void set_cand(bm *b, int c, uint64_t m)
{
    b->trail[b->ntrail].at = c;
    b->trail[b->ntrail++].old = b->cand[c];
    b->cand[c] = m;
}

/* Removes the digits `m` from cell c. Returns 0 when c is left empty. */
static inline int remove_digits(bm *b, int c, uint64_t m)
{
    uint64_t x = b->cand[c];
    if (!(x & m)) return 1;
    x &= ~m;
    set_cand(b, c, x);
    if (!x) return 0;
    const nonet_shape *s = b->s;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) b->dirty[s->cell_house[i]] = 1;
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
    if (b->cand[c] != bit) set_cand(b, c, bit);
    b->val[c] = (unsigned char)d;
    b->filled[b->nfilled++] = c;
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

/* One pass of hidden singles over every house. Returns -1 on a
 * contradiction, else the number of digits placed. */
static int hidden_singles(bm *b)
{
    const nonet_shape *s = b->s;
    int n = s->n, placed = 0;
    for (int h = 0; h < s->nhouses; h++) {
        if (!b->dirty[h]) continue;
        b->dirty[h] = 0;
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
    }
    return placed;
}

/* OR of the candidates of `len` cells from `first`, `step` apart. */
static inline uint64_t seg_mask(const bm *b, int first, int step, int len)
{
    uint64_t m = 0;
    for (int i = 0; i < len; i++) m |= b->cand[first + i * step];
    return m;
}

/* Removes `m` from the cells of line segment `line` (row when step 1,
 * column when step n) that lie outside box stack/band `keep` of width w.
 * Returns -1 on a contradiction, else the number of cells changed. */
static int clear_line(bm *b, int first, int step, int keep, int w, uint64_t m)
{
    int n = b->s->n, changed = 0;
    for (int i = 0; i < n; i++) {
        if (i / w == keep) continue;
        int c = first + i * step;
        if (!(b->cand[c] & m)) continue;
        if (!remove_digits(b, c, m)) return -1;
        changed++;
    }
    return changed;
}

/* Removes `m` from the cells of the box at (r0, c0), size br x bc, that are
 * not in its row (or column) `skip`. Returns -1 or the cells changed. */
static int clear_box(bm *b, int r0, int c0, int br, int bc, int skip_row, int skip_col,
                     uint64_t m)
{
    int n = b->s->n, changed = 0;
    for (int r = r0; r < r0 + br; r++)
        for (int c = c0; c < c0 + bc; c++) {
            int cell = r * n + c;
            if (r == skip_row || c == skip_col || !(b->cand[cell] & m)) continue;
            if (!remove_digits(b, cell, m)) return -1;
            changed++;
        }
    return changed;
}

/* Locked candidates along one direction: rows when `cols` is 0, columns
 * otherwise. A digit of a box confined to one line leaves the rest of the
 * line (pointing); a digit of a line confined to one box leaves the rest of
 * the box (claiming). Returns -1 on a contradiction, else cells changed. */
static int locked_lines(bm *b, int cols)
{
    const nonet_shape *s = b->s;
    int n = s->n, changed = 0;
    int along = cols ? s->box_cols : s->box_rows;   /* box lines across this direction */
    int w = cols ? s->box_rows : s->box_cols;       /* segment length */
    int step = cols ? n : 1, across = cols ? 1 : n;
    uint64_t seg[NONET_MAX_SIZE];
    for (int line = 0; line < n; line++) {
        int nseg = n / w;
        uint64_t once = 0, twice = b->placed[cols * n + line];
        for (int j = 0; j < nseg; j++) {
            seg[j] = seg_mask(b, line * across + j * w * step, step, w);
            twice |= once & seg[j];
            once |= seg[j];
        }
        for (int j = 0; j < nseg; j++) {
            uint64_t claim = seg[j] & ~twice;   /* the line's open digits only in box j */
            if (!claim) continue;
            int band0 = line / along * along;
            int k = cols ? clear_box(b, j * w, band0, w, along, -1, line, claim)
                         : clear_box(b, band0, j * w, along, w, line, -1, claim);
            if (k < 0) return -1;
            changed += k;
        }
    }
    for (int band = 0; band < n; band += along)
        for (int j = 0; j < n / w; j++) {
            int box = cols ? j * (n / along) + band / along : band / along * (n / w) + j;
            uint64_t lines[NONET_MAX_SIZE], any = 0, twice = b->placed[2 * n + box];
            for (int k = 0; k < along; k++) {
                lines[k] = seg_mask(b, (band + k) * across + j * w * step, step, w);
                twice |= any & lines[k];
                any |= lines[k];
            }
            for (int k = 0; k < along; k++) {
                uint64_t point = lines[k] & ~twice;   /* box's digits only on line k */
                if (!point) continue;
                int x = clear_line(b, (band + k) * across, step, j, w, point);
                if (x < 0) return -1;
                changed += x;
            }
        }
    return changed;
}

/* Removes `m` from the cells of line `line` (columns when `cols`) outside
 * region g, or, when `inside` is set, from region g's cells off the line.
 * Returns -1 on a contradiction, else the number of cells changed. */
static int clear_region_line(bm *b, int cols, int line, int g, int inside, uint64_t m)
{
    const nonet_shape *s = b->s;
    int n = s->n, changed = 0;
    for (int c = 0; c < s->ncells; c++) {
        int on_line = (cols ? c % n : c / n) == line, in_g = s->region[c] == g;
        if (inside ? (!in_g || on_line) : (!on_line || in_g)) continue;
        if (!(b->cand[c] & m)) continue;
        if (!remove_digits(b, c, m)) return -1;
        changed++;
    }
    return changed;
}

/* Locked candidates between jigsaw regions and lines (rows when `cols` is
 * 0): a region's open digits confined to one line leave the rest of that
 * line; a line's open digits confined to one region leave the rest of that
 * region. Returns -1 on a contradiction, else the number of cells changed. */
static int locked_regions(bm *b, int cols)
{
    const nonet_shape *s = b->s;
    int n = s->n, changed = 0;
    uint64_t seg[NONET_MAX_SIZE][NONET_MAX_SIZE], done[NONET_MAX_SIZE];   /* [region][line] */
    for (int g = 0; g < n; g++) {
        done[g] = 0;
        for (int l = 0; l < n; l++) seg[g][l] = 0;
    }
    for (int c = 0; c < s->ncells; c++) {
        int g = s->region[c], l = cols ? c % n : c / n;
        seg[g][l] |= b->cand[c];
        if (b->val[c]) done[g] |= b->cand[c];
    }
    for (int g = 0; g < n; g++) {   /* pointing: region -> line */
        uint64_t once = 0, twice = done[g];
        for (int l = 0; l < n; l++) {
            twice |= once & seg[g][l];
            once |= seg[g][l];
        }
        for (int l = 0; l < n; l++) {
            uint64_t m = seg[g][l] & ~twice;
            int k = m ? clear_region_line(b, cols, l, g, 0, m) : 0;
            if (k < 0) return -1;
            changed += k;
        }
    }
    for (int l = 0; l < n; l++) {   /* claiming: line -> region */
        uint64_t once = 0, twice = b->placed[cols * n + l];
        for (int g = 0; g < n; g++) {
            twice |= once & seg[g][l];
            once |= seg[g][l];
        }
        for (int g = 0; g < n; g++) {
            uint64_t m = seg[g][l] & ~twice;
            int k = m ? clear_region_line(b, cols, l, g, 1, m) : 0;
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
    int boxes = b->s->box_rows > 1 && b->s->box_cols > 1, jigsaw = !b->s->box_rows;
    for (;;) {
        if (!drain_queue(b)) return 0;
        int k = hidden_singles(b);
        if (k < 0) return 0;
        if (k || b->qlen) continue;
        if (!boxes && !jigsaw) return 1;
        int (*locked)(bm *, int) = boxes ? locked_lines : locked_regions;
        int x = locked(b, 0), y = x < 0 ? -1 : locked(b, 1);
        if (x < 0 || y < 0) return 0;
        if (!x && !y && !b->qlen) return 1;
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
    memset(b->dirty, 0, (size_t)b->s->nhouses);
}

/* The open cell with the fewest candidates, or -1 when the grid is full;
 * its candidate count goes to *count. */
static int pick_cell(const bm *b, int *count)
{
    int best = -1, best_count = 65;
    for (int c = 0; c < b->s->ncells; c++) {
        if (b->val[c]) continue;
        int k = nonet__popcount(b->cand[c]);
        if (k < best_count) {
            best = c;
            best_count = k;
            if (k <= 2) break;
        }
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

/* Opens a branch: on the best cell's candidates, or, when that cell has
 * more than two, on the two places of a digit in a house. */
static void open_branch(bm *b, frame *f, int c, int count)
{
    f->trail = b->ntrail;
    f->filled = b->nfilled;
    f->cell = c;
    f->rest = b->cand[c];
    int h = count > 2 ? find_pair(b, &f->bit) : -1;
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

/* Lays out the engine's arrays in the workspace. */
static int setup(bm *b, const nonet_shape *s, nonet__workspace *ws)
{
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    size_t trail_cap = nc * n + nh * n + nc;
    size_t bytes = nc * sizeof(uint64_t) + nh * sizeof(uint64_t) + trail_cap * sizeof(undo) +
                   (nc + 1) * sizeof(frame) + 2 * nc * sizeof(int) + nc + nh;
    char *m = nonet__workspace_get(ws, bytes);
    if (!m) return 0;
    b->s = s;
    b->cand = (uint64_t *)m;
    b->placed = b->cand + nc;
    b->trail = (undo *)(b->placed + nh);
    b->stack = (frame *)(b->trail + trail_cap);
    b->filled = (int *)(b->stack + nc + 1);
    b->queue = b->filled + nc;
    b->val = (unsigned char *)(b->queue + nc);
    b->dirty = b->val + nc;
    b->nfilled = b->qlen = 0;
    b->ntrail = 0;
    return 1;
}

/* Sets the starting candidates and places the givens. 0 on a contradiction. */
static int start(bm *b, const nonet__search *job)
{
    const nonet_shape *s = b->s;
    memset(b->placed, 0, (size_t)s->nhouses * sizeof *b->placed);
    memset(b->val, 0, (size_t)s->ncells);
    memset(b->dirty, 1, (size_t)s->nhouses);
    for (int c = 0; c < s->ncells; c++)
        b->cand[c] = job->cands && !job->givens[c] ? job->cands[c] & s->full : s->full;
    for (int c = 0; c < s->ncells; c++)
        if (job->givens[c] && !assign(b, c, job->givens[c])) return 0;
    b->qlen = 0;   /* queued again below, once each: the queue holds ncells at most */
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        if (!m) return 0;
        if (!b->val[c] && !(m & (m - 1))) b->queue[b->qlen++] = c;
    }
    return propagate(b);
}

nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws)
{
    bm b;
    if (!setup(&b, job->shape, ws)) return NONET_ERR_NOMEM;
    nonet__tick(job);
    if (!start(&b, job)) return NONET_OK;
    int depth = 0;
    for (;;) {
        int count, c = pick_cell(&b, &count);
        if (c < 0) {
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
