/*
 * scan.c - the bitmask engine's scanning propagator (see
 * bitmask.h): placing a digit removes it from every peer (and, under
 * non-consecutive, its neighbours from the orthogonal neighbours); a cell
 * left with one candidate is queued (naked single); each house whose cells
 * lost a candidate is marked dirty (a bit in a set of houses, so marking a
 * cell's houses is one OR a word) and scanned with the once/twice bit-slice
 * for digits with one place (hidden singles) or none; when singles are
 * spent, locked candidates run over every segment from masks ORed in one
 * pass. Cheap per change, but a round touches every dirty house and a
 * locked pass the whole grid: the fastest propagator up to 25x25.
 *
 * Its trail records every change of cand[] (at >= 0) or placed[] (at < 0)
 * with the value before it; dirty is empty at every fixpoint.
 */
#include "engines/bitmask/bitmask.h"

#include <string.h>

typedef struct bm_undo {
    int32_t at;   /* >= 0: cand[at]; < 0: placed[~at] */
    uint64_t old; /* value before the change */
} undo;

/* Sets cand[c] to m, on the trail; key follows for an open cell. */
static inline void set_cand(bm *b, int c, uint64_t m)
{
    b->strail[b->ntrail].at = c;
    b->strail[b->ntrail++].old = b->cand[c];
    b->cand[c] = m;
    if (!b->val[c]) b->key[c] = (unsigned char)nonet__bm_popcount(m);
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
static int scan_assign(bm *b, int c, int d)
{
    const nonet_shape *s = b->s;
    uint64_t bit = 1ull << (d - 1);
    if (b->val[c]) return b->val[c] == d;
    if (!(b->cand[c] & bit)) return 0;
    int narrowed = b->cand[c] != bit; /* its other digits leave its houses */
    if (narrowed) set_cand(b, c, bit);
    b->val[c] = (unsigned char)d;
    b->key[c] = 255;
    b->filled[b->nfilled++] = c;
    if (narrowed) mark_houses(b, c);
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        int h = s->cell_house[i];
        if (b->placed[h] & bit) return 0;
        b->strail[b->ntrail].at = ~h;
        b->strail[b->ntrail++].old = b->placed[h];
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
        if (!b->cand[c] || !scan_assign(b, c, nonet__ctz(b->cand[c]) + 1)) return 0;
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
        if (i == n || !scan_assign(b, cells[i], nonet__ctz(bit) + 1) || !drain_queue(b)) return -1;
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
static int lock_group(bm *b, const bm_lines *d, const int *sids, int len, uint64_t done,
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
    bm_lines *rows = &b->lc[0], *cols = &b->lc[1];
    memset(rows->mask, 0, (size_t)rows->nseg * sizeof(uint64_t));
    memset(cols->mask, 0, (size_t)cols->nseg * sizeof(uint64_t));
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        rows->mask[rows->segid[c]] |= m;
        cols->mask[cols->segid[c]] |= m;
    }
    for (int dir = 0; dir < 2; dir++) {
        const bm_lines *d = &b->lc[dir];
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
static int scan_propagate(bm *b)
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
static void scan_undo_to(bm *b, size_t trail, int filled)
{
    while (b->ntrail > trail) {
        undo u = b->strail[--b->ntrail];
        if (u.at < 0) {
            b->placed[~u.at] = u.old;
        } else {
            b->cand[u.at] = u.old;
            if (!b->val[u.at]) b->key[u.at] = (unsigned char)nonet__bm_popcount(u.old);
        }
    }
    while (b->nfilled > filled) {
        int c = b->filled[--b->nfilled];
        b->val[c] = 0;
        b->key[c] = (unsigned char)nonet__bm_popcount(b->cand[c]);
    }
    b->qlen = 0;
    /* Branches open at a fixed point, where no house needs a scan. */
    memset(b->dirty, 0, (size_t)b->nwords * sizeof *b->dirty);
}

/* Sets cell_hmask: the houses of each cell as a set of bits. */
static void scan_setup(bm *b)
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

/* Places the scanning propagator's arrays (see bm_core.lay_out). */
static void scan_lay_out(bm *b, bm_layout *l)
{
    const nonet_shape *s = b->s;
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    b->strail = nonet__bm_take(l, (nc * n + nh * n + nc) * sizeof(undo));
    for (int dir = 0; dir < 2; dir++) b->lc[dir].mask = nonet__bm_take(l, nc * sizeof(uint64_t));
    b->nwords = (int)((nh + 63) / 64);
    b->dirty = nonet__bm_take(l, (size_t)b->nwords * sizeof(uint64_t));
    b->cell_hmask = nonet__bm_take(l, nc * (size_t)b->nwords * sizeof(uint64_t));
}

/* Sets the starting candidates and places the givens. 0 on a contradiction. */
static int scan_start(bm *b, const nonet__search *job)
{
    const nonet_shape *s = b->s;
    memset(b->placed, 0, (size_t)s->nhouses * sizeof *b->placed);
    memset(b->val, 0, (size_t)s->ncells);
    for (int w = 0; w < b->nwords; w++)
        b->dirty[w] = s->nhouses - w * 64 >= 64 ? ~0ull : (1ull << (s->nhouses - w * 64)) - 1;
    for (int c = 0; c < s->ncells; c++) {
        b->cand[c] = job->cands && !job->givens[c] ? job->cands[c] & s->full : s->full;
        b->key[c] = (unsigned char)nonet__bm_popcount(b->cand[c]);
    }
    for (int c = 0; c < s->ncells; c++)
        if (job->givens[c] && !scan_assign(b, c, job->givens[c])) return 0;
    b->qlen = 0; /* queued again below, once each: the queue holds ncells at most */
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = b->cand[c];
        if (!m) return 0;
        if (!b->val[c] && !(m & (m - 1))) b->queue[b->qlen++] = c;
    }
    return scan_propagate(b);
}

const bm_core nonet__bm_scan = {scan_lay_out, scan_setup,     scan_start,
                                scan_assign,  scan_propagate, scan_undo_to};
