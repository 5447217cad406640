/*
 * solve_bitmask.c - the general engine: bit-mask candidates per cell,
 * constraint propagation driven by counts, fewest-candidates-first branching.
 *
 * Each cell keeps a uint64_t mask of the digits it may still take; each
 * house keeps, per digit, the number of its cells that may still take it
 * (cnt). Placing a digit removes it from every peer (and, under
 * non-consecutive, its neighbours from the orthogonal neighbours). Every
 * removal of one digit from one cell ("elimination") updates the counts of
 * the cell's houses, and the rules fire on the transitions of those counts:
 * a cell left with one candidate is a naked single; a house count falling to
 * 1 is a hidden single, to 0 a contradiction. Where the shape has boxes or
 * jigsaw regions, locked candidates fire the same way: each segment (the
 * cells a row or column shares with a region) counts its places per digit,
 * each line and region counts its segments that still hold the digit, and
 * when that falls to 1 the digit is cleared from the rest of the region
 * (claiming) or of the line (pointing). So a node costs in proportion to
 * what changes, not to the size of the grid: on the 16x16 bench set a guess
 * places about 17 cells and makes about 64 eliminations on a 4,096-candidate
 * grid. When nothing more follows, the search branches on the open cell with
 * the fewest candidates (ties above 9x9 and on jigsaw: the most open peers).
 * Works for every shape and variant.
 *
 * The rules are those of the earlier scan-based engine (naked and hidden
 * singles in every house, locked candidates between regions and lines), and
 * their fixpoint does not depend on the order they fire in, so every node
 * stops at the same state and the search tree, the node and guess counts and
 * the order of the solutions are the same as before.
 *
 * Invariants between propagation steps: val[c] != 0 implies cand[c] is
 * exactly that digit's bit; placed[h] is the set of digits placed in h;
 * cnt[h * n + d] is the number of cells of h whose mask holds digit d + 1
 * (a placed cell counts); with `locked`, segcnt and the nonzero-segment counts
 * (lc_dir) agree with the masks the same way. Every elimination since the root is on
 * the trail and every placement on `filled`, so undoing to a mark restores
 * the state exactly. The event queues hold transitions seen since the last
 * undo; a queued event may be stale (already settled) and is then skipped.
 * Memory comes from the workspace only.
 */
#include "bits.h"
#include "engine.h"
#include "shape.h"

#include <string.h>

typedef struct frame {
    int cell;         /* branch cell, or -1 when branching on a house's places */
    int house;        /* house branch: the house, its digit bit; rest = places */
    uint64_t bit;
    int filled;       /* nfilled at the branch */
    size_t trail;     /* trail length at the branch */
    uint64_t rest;    /* digits (or places) not yet tried */
} frame;

/* Locked candidates along rows (lc[0]) or columns (lc[1]). A segment is
 * the cells a line shares with one region; segments are numbered line by
 * line, so line l owns the ids line_at[l] .. line_at[l+1]. */
typedef struct lc_dir {
    int nseg;             /* segments in this direction */
    int *segid;           /* ncells: segment of each cell */
    int *seg_line;        /* nseg: the line of each segment */
    int *seg_region;      /* nseg: the region of each segment */
    int *line_at;         /* n + 1: first segment of each line */
    int *reg_seg_at;      /* CSR with reg_seg: the segments of each region */
    int *reg_seg;
    const int *line_cell; /* the shape's rows or columns, n cells each */
    unsigned char *segcnt;   /* nseg * n: places of each digit in each segment */
    unsigned char *nz_line;  /* n * n: segments of line l holding digit d, at l * n + d */
    unsigned char *nz_reg;   /* n * n: segments of region g holding digit d */
} lc_dir;

/* Queued locked-candidates events: (kind, dir, line or region, digit). */
enum { LC_CLAIM = 0, LC_POINT = 1 };

typedef struct bm {
    const nonet_shape *s;
    int n;
    uint64_t *cand;       /* ncells candidate masks */
    unsigned char *ncand; /* ncells: the number of candidates of each cell */
    unsigned char *key;   /* ncells: ncand of an open cell, 255 for a placed one */
    uint64_t *placed;     /* nhouses placed-digit masks */
    unsigned char *cnt;   /* nhouses * n: places of each digit in each house */
    unsigned char *val;   /* ncells placed digits, 0 = open */
    int *filled;          /* cells placed, in order */
    int nfilled;
    uint32_t *trail;      /* eliminations: cell << 6 | digit index */
    size_t ntrail;
    int *queue;           /* cells left with one candidate */
    int qlen;
    int *hq;              /* hidden singles: h * n + d, when cnt fell to 1 */
    int hqlen;
    int *lq;              /* locked candidates: ((kind * 2 + dir) * n + unit) * n + d */
    int lqlen;
    frame *stack;
    int locked;           /* 1: run locked candidates (real boxes or a jigsaw) */
    int by_score;         /* 1: ties between cells go to the highest tie_score */
    nonet__restarts rs;   /* restarts of a sparse grid (engine.h) */
    lc_dir lc[2];
    int *reg_at, *reg_cell;   /* CSR: the cells of each region */
    int *reg_house;       /* n: a house with the same cells as each region */
} bm;

/* Counts the loss of digit index d by cell c in the segments of both
 * directions, queueing claiming / pointing when a line or a region is left
 * with one segment holding the digit. */
static void segments_lose(bm *b, int c, int d)
{
    int n = b->n;
    uint64_t bit = 1ull << d;
    for (int dir = 0; dir < 2; dir++) {
        lc_dir *ld = &b->lc[dir];
        int sid = ld->segid[c];
        if (--ld->segcnt[(size_t)sid * (size_t)n + (size_t)d]) continue;
        int l = ld->seg_line[sid], g = ld->seg_region[sid];
        if (--ld->nz_line[l * n + d] == 1 && !(b->placed[dir * n + l] & bit))
            b->lq[b->lqlen++] = ((LC_CLAIM * 2 + dir) * n + l) * n + d;
        if (--ld->nz_reg[g * n + d] == 1 && !(b->placed[b->reg_house[g]] & bit))
            b->lq[b->lqlen++] = ((LC_POINT * 2 + dir) * n + g) * n + d;
    }
}

/* Undoes segments_lose. */
static void segments_regain(bm *b, int c, int d)
{
    int n = b->n;
    for (int dir = 0; dir < 2; dir++) {
        lc_dir *ld = &b->lc[dir];
        int sid = ld->segid[c];
        if (ld->segcnt[(size_t)sid * (size_t)n + (size_t)d]++) continue;
        ld->nz_line[ld->seg_line[sid] * n + d]++;
        ld->nz_reg[ld->seg_region[sid] * n + d]++;
    }
}

/* Removes digit index d (which c holds) from cell c, counting it in c's
 * houses and segments and queueing what follows. Returns 0 when that leaves
 * c empty or a house without a place for the digit; the state stays
 * consistent for undo_to either way. */
static int eliminate(bm *b, int c, int d)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << d, x = b->cand[c] & ~bit;
    b->cand[c] = x;
    b->ncand[c]--;
    if (!b->val[c]) b->key[c]--;
    b->trail[b->ntrail++] = (uint32_t)c << 6 | (uint32_t)d;
    int ok = x != 0;
    if (!(x & (x - 1)) && ok && !b->val[c]) b->queue[b->qlen++] = c;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        int h = s->cell_house[i];
        int k = --b->cnt[(size_t)h * (size_t)b->n + (size_t)d];
        if (k == 1 && !(b->placed[h] & bit)) b->hq[b->hqlen++] = h * b->n + d;
        ok &= k != 0;
    }
    if (b->locked) segments_lose(b, c, d);
    return ok;
}

/* Removes the digits `m` from cell c. Returns 0 on a contradiction. */
static int remove_digits(bm *b, int c, uint64_t m)
{
    int ok = 1;
    for (m &= b->cand[c]; m && ok; m &= m - 1) ok = eliminate(b, c, nonet__ctz(m));
    return ok;
}

/* Places digit d in cell c and removes it from c's peers. Returns 0 on a
 * contradiction. */
static int assign(bm *b, int c, int d)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << (d - 1);
    if (b->val[c]) return b->val[c] == d;
    if (!(b->cand[c] & bit)) return 0;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
        if (b->placed[s->cell_house[i]] & bit) return 0;
    b->val[c] = (unsigned char)d;
    b->key[c] = 255;
    b->filled[b->nfilled++] = c;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
        b->placed[s->cell_house[i]] |= bit;
    int ok = remove_digits(b, c, b->cand[c] & ~bit);
    for (int i = s->peer_at[c]; ok && i < s->peer_at[c + 1]; i++) {
        int p = s->peer[i];
        if (b->cand[p] & bit) ok = eliminate(b, p, d - 1);
    }
    if (!ok) return 0;
    if (s->adj_at[c] != s->adj_at[c + 1]) {
        uint64_t near = (bit << 1 | bit >> 1) & s->full;
        for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++)
            if (!remove_digits(b, s->adj[i], near)) return 0;
    }
    return 1;
}

/* Places the single digit of a cell left with one. Returns 0 on a
 * contradiction. */
static int naked_single(bm *b, int c)
{
    if (b->val[c]) return 1;
    return b->cand[c] && assign(b, c, nonet__ctz(b->cand[c]) + 1);
}

/* Places digit index d in the one cell of house h that may hold it, unless
 * it is placed there already. Returns 0 on a contradiction. */
static int hidden_single(bm *b, int h, int d)
{
    uint64_t bit = 1ull << d;
    if (b->placed[h] & bit) return 1;
    const int n = b->n, *cells = b->s->house + (size_t)h * (size_t)n;
    for (int i = 0; i < n; i++)
        if (b->cand[cells[i]] & bit) return assign(b, cells[i], d + 1);
    return 0;
}

/* Clears digit index d from the `len` cells at `cells` outside segment
 * `keep` (by segid). Returns 0 on a contradiction. */
static int clear_outside(bm *b, const int *cells, int len, const int *segid, int keep, int d)
{
    uint64_t bit = 1ull << d;
    for (int i = 0; i < len; i++) {
        int c = cells[i];
        if (segid[c] != keep && (b->cand[c] & bit) && !eliminate(b, c, d)) return 0;
    }
    return 1;
}

/* Runs one locked-candidates event: line l (claiming) or region g
 * (pointing) of direction dir holds digit d in one segment only, so the
 * other part of that segment (its region, or its line) loses d. Returns 0
 * on a contradiction. */
static int locked_event(bm *b, int ev)
{
    int n = b->n, d = ev % n, unit = ev / n % n, dir = ev / n / n % 2, kind = ev / n / n / 2;
    const lc_dir *ld = &b->lc[dir];
    int sid = -1;
    if (kind == LC_CLAIM) {   /* the segments of a line are numbered in a row */
        for (int i = ld->line_at[unit]; i < ld->line_at[unit + 1] && sid < 0; i++)
            if (ld->segcnt[(size_t)i * (size_t)n + (size_t)d]) sid = i;
        if (sid < 0) return 0;
        int g = ld->seg_region[sid];
        return clear_outside(b, b->reg_cell + b->reg_at[g], n, ld->segid, sid, d);
    }
    for (int i = ld->reg_seg_at[unit]; i < ld->reg_seg_at[unit + 1] && sid < 0; i++)
        if (ld->segcnt[(size_t)ld->reg_seg[i] * (size_t)n + (size_t)d]) sid = ld->reg_seg[i];
    if (sid < 0) return 0;
    return clear_outside(b, ld->line_cell + (size_t)ld->seg_line[sid] * (size_t)n, n, ld->segid,
                         sid, d);
}

/* Runs the queued events until none is left: naked singles first, then
 * hidden singles, then locked candidates. Returns 0 on a contradiction. */
static int propagate(bm *b)
{
    for (;;) {
        int ok;
        if (b->qlen) {
            ok = naked_single(b, b->queue[--b->qlen]);
        } else if (b->hqlen) {
            int e = b->hq[--b->hqlen];
            ok = hidden_single(b, e / b->n, e % b->n);
        } else if (b->lqlen) {
            ok = locked_event(b, b->lq[--b->lqlen]);
        } else {
            return 1;
        }
        if (!ok) return 0;
    }
}

/* Undoes every change after the given marks and empties the queues. */
static void undo_to(bm *b, size_t trail, int filled)
{
    const nonet_shape *s = b->s;
    size_t n = (size_t)b->n;
    while (b->ntrail > trail) {
        uint32_t t = b->trail[--b->ntrail];
        int c = (int)(t >> 6), d = (int)(t & 63);
        b->cand[c] |= 1ull << d;
        b->ncand[c]++;
        if (!b->val[c]) b->key[c]++;
        for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
            b->cnt[(size_t)s->cell_house[i] * n + (size_t)d]++;
        if (b->locked) segments_regain(b, c, d);
    }
    while (b->nfilled > filled) {
        int c = b->filled[--b->nfilled];
        uint64_t bit = 1ull << (b->val[c] - 1);
        b->val[c] = 0;
        b->key[c] = b->ncand[c];
        for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
            b->placed[s->cell_house[i]] &= ~bit;
    }
    b->qlen = b->hqlen = b->lqlen = 0;
}

/* How much choosing c would settle: its open peers weighted by
 * nonet__tie_weight. Counted only for ties in pick_cell. */
static int tie_score(const bm *b, int c)
{
    const nonet_shape *s = b->s;
    int k = 0;
    for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) {
        int p = s->peer[i];
        if (!b->val[p]) k += nonet__tie_weight(b->ncand[p], (b->cand[p] & b->cand[c]) != 0);
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
    const int nc = b->s->ncells;
    const unsigned char *key = b->key;
    int least = 255;
    for (int c = 0; c < nc; c++) least = key[c] < least ? key[c] : least;
    *count = least;
    if (least == 255) return -1;
    int best = -1, best_score = -1, first = 0;
    if (b->rs.run) first = nonet__restart_pick(b->rs.run, -1, b->s->n) * b->s->n;
    for (int i = 0; i < nc; i++) {
        int c = i + first < nc ? i + first : i + first - nc;
        if (key[c] != least) continue;
        if (best < 0) {
            best = c;
            if (!b->by_score || b->rs.run) break;   /* the first such cell */
            continue;
        }
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
    int n = b->n;
    for (int h = 0; h < s->nhouses; h++) {
        const unsigned char *k = b->cnt + (size_t)h * (size_t)n;
        for (int d = 0; d < n; d++) {
            if (k[d] == 2 && !(b->placed[h] >> d & 1)) {
                *bit = 1ull << d;
                return h;
            }
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
    int h = count > 2 && !b->by_score && !b->rs.run ? find_pair(b, &f->bit) : -1;
    if (h < 0) return;
    const int n = b->n, *cells = b->s->house + (size_t)h * (size_t)n;
    f->cell = -1;
    f->house = h;
    f->rest = 0;
    for (int i = 0; i < n; i++)
        if (b->cand[cells[i]] & f->bit) f->rest |= 1ull << i;
}

/* The next choice of branch f, taken out of f->rest: the lowest, or in a
 * seeded run of a cell branch the one nonet__restart_pick names. */
static uint64_t next_choice(const bm *b, frame *f)
{
    uint64_t m = f->rest;
    if (b->rs.run && f->cell >= 0)
        for (int j = nonet__restart_pick(b->rs.run, f->cell, nonet__popcount(m)); j > 0; j--)
            m &= m - 1;
    uint64_t low = m & (~m + 1);
    f->rest ^= low;
    return low;
}

/* Tries the next choice of branch f. Returns 0 on a contradiction. */
static int try_next(bm *b, frame *f)
{
    uint64_t low = next_choice(b, f);
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

/* Numbers the segments of direction dir and lists them per region. `seen`
 * and `slot` are n ints of scratch. */
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

/* Places the engine's arrays in l (see layout); returns the 2n ints of
 * scratch that setup's table building uses. Queue bounds: a cell turns
 * single, a house count falls to 1 and a segment count of a line or region
 * falls to 1 at most once between two undos. */
static int *lay_out(bm *b, const nonet_shape *s, layout *l)
{
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    b->cand = take(l, nc * sizeof(uint64_t));
    b->placed = take(l, nh * sizeof(uint64_t));
    b->reg_house = take(l, n * sizeof(int));
    b->trail = take(l, nc * n * sizeof(uint32_t));
    b->stack = take(l, (nc + 1) * sizeof(frame));
    for (int dir = 0; dir < 2; dir++) {
        lc_dir *d = &b->lc[dir];
        d->segid = take(l, nc * sizeof(int));
        d->seg_line = take(l, nc * sizeof(int));
        d->seg_region = take(l, nc * sizeof(int));
        d->reg_seg = take(l, nc * sizeof(int));
        d->line_at = take(l, (n + 1) * sizeof(int));
        d->reg_seg_at = take(l, (n + 1) * sizeof(int));
        d->segcnt = take(l, nc * n);
        d->nz_line = take(l, n * n);
        d->nz_reg = take(l, n * n);
    }
    b->reg_at = take(l, (n + 1) * sizeof(int));
    b->reg_cell = take(l, nc * sizeof(int));
    int *scratch = take(l, 2 * n * sizeof(int));
    b->filled = take(l, nc * sizeof(int));
    b->queue = take(l, nc * sizeof(int));
    b->hq = take(l, nh * n * sizeof(int));
    b->lq = take(l, 4 * n * n * sizeof(int));
    b->cnt = take(l, nh * n);
    b->val = take(l, nc);
    b->ncand = take(l, nc);
    b->key = take(l, nc);
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
    b->n = n;
    b->nfilled = b->qlen = b->hqlen = b->lqlen = 0;
    b->ntrail = 0;
    b->locked = (s->box_rows > 1 && s->box_cols > 1) || !s->box_rows;
    b->by_score = s->n > 9 || !s->box_rows;
    if (b->locked) {
        build_regions(b, scratch);
        build_reg_house(b);
        build_segments(b, 0, scratch, scratch + n);
        build_segments(b, 1, scratch, scratch + n);
    }
    return 1;
}

/* Sets every count as for a grid where every cell may take every digit. */
static void full_counts(bm *b)
{
    const nonet_shape *s = b->s;
    size_t n = (size_t)b->n;
    memset(b->cnt, (int)n, (size_t)s->nhouses * n);
    for (int dir = 0; b->locked && dir < 2; dir++) {
        lc_dir *d = &b->lc[dir];
        memset(d->segcnt, 0, (size_t)d->nseg * n);
        memset(d->nz_line, 0, n * n);
        memset(d->nz_reg, 0, n * n);
        for (int c = 0; c < s->ncells; c++) d->segcnt[(size_t)d->segid[c] * n]++;
        for (int i = 0; i < d->nseg; i++) {
            memset(d->segcnt + (size_t)i * n + 1, d->segcnt[(size_t)i * n], n - 1);
            d->nz_line[(size_t)d->seg_line[i] * n]++;
            d->nz_reg[(size_t)d->seg_region[i] * n]++;
        }
        for (size_t u = 0; u < n; u++) {
            memset(d->nz_line + u * n + 1, d->nz_line[u * n], n - 1);
            memset(d->nz_reg + u * n + 1, d->nz_reg[u * n], n - 1);
        }
    }
}

/* Sets the starting candidates and places the givens; every rule fires from
 * the counts as the masks narrow. Returns 0 on a contradiction. */
static int start(bm *b, const nonet__search *job)
{
    const nonet_shape *s = b->s;
    memset(b->placed, 0, (size_t)s->nhouses * sizeof *b->placed);
    memset(b->val, 0, (size_t)s->ncells);
    for (int c = 0; c < s->ncells; c++) b->cand[c] = s->full;
    memset(b->ncand, s->n, (size_t)s->ncells);
    memset(b->key, s->n, (size_t)s->ncells);
    full_counts(b);
    for (int c = 0; job->cands && c < s->ncells; c++)
        if (!job->givens[c] && !remove_digits(b, c, ~job->cands[c])) return 0;
    for (int c = 0; c < s->ncells; c++)
        if (job->givens[c] && !assign(b, c, job->givens[c])) return 0;
    return propagate(b);
}

nonet_status nonet__solve_bitmask(nonet__search *job, nonet__workspace *ws)
{
    bm b;
    if (!setup(&b, job->shape, ws)) return NONET_ERR_NOMEM;
    nonet__tick(job);
    if (!start(&b, job)) return NONET_OK;
    const size_t root_trail = b.ntrail;
    const int root_filled = b.nfilled;
    nonet__restarts_init(&b.rs, job->shape->n, job->shape->ncells, b.nfilled);
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
            if (nonet__restart_due(&b.rs, job, job->shape->ncells)) {
                undo_to(&b, root_trail, root_filled);
                depth = 0;
                break;
            }
            job->guesses++;
            if (nonet__tick(job)) return NONET_OK;
            if (try_next(&b, f)) break;
        }
    }
}
