/*
 * count.c - the bitmask engine's counting propagator (see
 * bitmask.h): each house keeps, per digit, the number of its cells that may
 * still take it (cnt), and every removal of one digit from one cell (an
 * "elimination") updates the counts of the cell's houses; the rules fire on
 * the transitions: a cell left with one candidate is a naked single, a house
 * count falling to 1 a hidden single, to 0 a contradiction. Where the shape
 * has boxes or jigsaw regions, locked candidates fire the same way: each
 * segment counts its places per digit, each line and region its segments
 * holding the digit, and when that falls to 1 the digit is cleared from the
 * rest of the region (claiming) or of the line (pointing). A node costs in
 * proportion to what changes, not to the grid: on a near-empty 64x64 grid a
 * placement changes a few hundred of 262,144 candidates.
 *
 * Invariants beside bitmask.h's: cnt[h * n + d] is the number of cells of h
 * whose mask holds digit d + 1 (a placed cell counts); segcnt and the
 * nonzero-segment counts agree with the masks the same way; ncand[c] is the
 * number of candidates of c. The trail lists the eliminations since the
 * root; the event queues hold transitions seen since the last undo, and a
 * queued event may be stale (already settled), which is then skipped.
 */
#include "engines/bitmask/bitmask.h"

#include <string.h>

/* Queued locked-candidates events: ((kind * 2 + dir) * n + unit) * n + d. */
enum { LC_CLAIM = 0, LC_POINT = 1 };

/* Counts the loss of digit index d by cell c in the segments of both
 * directions, queueing claiming / pointing when a line or a region is left
 * with one segment holding the digit. */
static void segments_lose(bm *b, int c, int d)
{
    int n = b->n;
    uint64_t bit = 1ull << d;
    for (int dir = 0; dir < 2; dir++) {
        bm_lines *ld = &b->lc[dir];
        if (--ld->segcnt[ld->segoff[c] + d]) continue;
        int sid = ld->segid[c], l = ld->seg_line[sid], g = ld->seg_region[sid];
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
        bm_lines *ld = &b->lc[dir];
        if (ld->segcnt[ld->segoff[c] + d]++) continue;
        int sid = ld->segid[c];
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
    b->ctrail[b->ntrail++] = (uint32_t)c << 6 | (uint32_t)d;
    int ok = x != 0;
    if (!(x & (x - 1)) && ok && !b->val[c]) b->queue[b->qlen++] = c;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++) {
        int at = b->hoff[i] + d, k = --b->cnt[at];
        if (k == 1) b->hq[b->hqlen++] = at; /* hidden_single skips a placed digit */
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
static int count_assign(bm *b, int c, int d)
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
    return b->cand[c] && count_assign(b, c, nonet__ctz(b->cand[c]) + 1);
}

/* Places digit index d in the one cell of house h that may hold it, unless
 * it is placed there already. Returns 0 on a contradiction. */
static int hidden_single(bm *b, int h, int d)
{
    uint64_t bit = 1ull << d;
    if (b->placed[h] & bit) return 1;
    const int n = b->n, *cells = b->s->house + (size_t)h * (size_t)n;
    for (int i = 0; i < n; i++)
        if (b->cand[cells[i]] & bit) return count_assign(b, cells[i], d + 1);
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
    const bm_lines *ld = &b->lc[dir];
    int sid = -1;
    if (kind == LC_CLAIM) { /* the segments of a line are numbered in a row */
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
static int count_propagate(bm *b)
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
static void count_undo_to(bm *b, size_t trail, int filled)
{
    const nonet_shape *s = b->s;
    while (b->ntrail > trail) {
        uint32_t t = b->ctrail[--b->ntrail];
        int c = (int)(t >> 6), d = (int)(t & 63);
        b->cand[c] |= 1ull << d;
        b->ncand[c]++;
        if (!b->val[c]) b->key[c]++;
        for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
            b->cnt[b->hoff[i] + d]++;
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

/* Sets every count as for a grid where every cell may take every digit. */
static void full_counts(bm *b)
{
    const nonet_shape *s = b->s;
    size_t n = (size_t)b->n;
    memset(b->cnt, (int)n, (size_t)s->nhouses * n);
    for (int dir = 0; b->locked && dir < 2; dir++) {
        bm_lines *d = &b->lc[dir];
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
static int count_start(bm *b, const nonet__search *job)
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
        if (job->givens[c] && !count_assign(b, c, job->givens[c])) return 0;
    return count_propagate(b);
}

/* Places the counting propagator's arrays (see bm_core.lay_out). Queue
 * bounds: a cell turns single, a house count falls to 1 and a segment count
 * of a line or region falls to 1 at most once between two undos. */
static void count_lay_out(bm *b, bm_layout *l)
{
    const nonet_shape *s = b->s;
    size_t nc = (size_t)s->ncells, nh = (size_t)s->nhouses, n = (size_t)s->n;
    b->ctrail = nonet__bm_take(l, nc * n * sizeof(uint32_t));
    b->ncand = nonet__bm_take(l, nc);
    b->cnt = nonet__bm_take(l, nh * n);
    b->hoff = nonet__bm_take(l, (size_t)s->cell_house_at[nc] * sizeof(int));
    b->hq = nonet__bm_take(l, nh * n * sizeof(int));
    b->lq = nonet__bm_take(l, 4 * n * n * sizeof(int));
    for (int dir = 0; dir < 2; dir++) {
        bm_lines *d = &b->lc[dir];
        d->segoff = nonet__bm_take(l, nc * sizeof(int));
        d->segcnt = nonet__bm_take(l, nc * n);
        d->nz_line = nonet__bm_take(l, n * n);
        d->nz_reg = nonet__bm_take(l, n * n);
    }
}

/* Sets hoff and segoff (bm_core.setup). */
static void count_setup(bm *b)
{
    const nonet_shape *s = b->s;
    for (int i = 0; i < s->cell_house_at[s->ncells]; i++) b->hoff[i] = s->cell_house[i] * s->n;
    for (int dir = 0; b->locked && dir < 2; dir++)
        for (int c = 0; c < s->ncells; c++) b->lc[dir].segoff[c] = b->lc[dir].segid[c] * s->n;
    b->hqlen = b->lqlen = 0;
}

const bm_core nonet__bm_count = {count_lay_out, count_setup,     count_start,
                                 count_assign,  count_propagate, count_undo_to};
