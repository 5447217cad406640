/*
 * core.h - the body of the planes engine, written once over one lane width
 * and one instruction-set level. Each level_ID_W.c (W = 16 or 32) includes
 * it once, after defining:
 *   PL_LANES        16 (16-bit lanes, sides up to 16) or 32 (32-bit lanes,
 *                   up to 32): the lanes of a row and their width in bits
 *   PL_CHUNK_BYTES  the vector width in bytes (a chunk of lanes)
 *   PL_ATTR         the level's target attribute (or nothing)
 *   PL_NZMASK(x)    (optional) the nonzero lanes of a chunk x as a bit mask
 * and then defines its named entries (nonet__planes_search_W_ID, state.h)
 * over pl_search. Every function here is static and named once (pl_place,
 * pl_propagate, pl_search, ...): each file that includes it gets its own
 * copy, compiled for its lanes and its level. The C is the same in every
 * copy; only the compiler's instructions differ, so every copy computes the
 * same states.
 *
 * A state holds the candidates twice, as row planes and as column planes:
 * lane d of row r (A) has bit c set when digit d + 1 may go in cell (r, c),
 * and lane d of column c (B) has bit r set for the same; a placed digit
 * keeps its own bit. With them: solved[r], the placed columns of row r;
 * cnt[cell], the candidates of each cell; nsolved. Every candidate removed
 * is removed from both planes and counted: a cell, a row lane or a column
 * lane left with one place queues a single, left with none is a
 * contradiction. Boxes and locked candidates are whole-lane passes over the
 * row planes: a band's rows folded lane by lane (once / twice) give each
 * box's places per column, cut into segments of bc bits. Hidden pairs
 * (k->pairs: not on sparse grids) compare the lanes with two places of the
 * row planes and of the column planes.
 * pl_state_ok checks these invariants under NONET_ASSERT.
 */
#ifndef NONET_ENGINES_PLANES_CORE_H
#define NONET_ENGINES_PLANES_CORE_H

#if !defined(PL_LANES) || !defined(PL_CHUNK_BYTES) || !defined(PL_ATTR)
#error "engines/planes/core.h: define PL_LANES, PL_CHUNK_BYTES and PL_ATTR first (a level_ID_W.c)"
#endif

#include "engines/planes/state.h"

/* A lane: the places of one digit in one row (or column), a bit each. */
#if PL_LANES == 16
typedef uint16_t pl_lane;
#else
typedef uint32_t pl_lane;
#endif

/* Lane arrays of row r and column c; chunk i of row r as one vector. */
#define PL_ROW(v, r) ((v)->A + PL_LANES * (size_t)(r))
#define PL_COL(v, c) ((v)->B + PL_LANES * (size_t)(c))
#define PL_CL ((int)(PL_CHUNK_BYTES / sizeof(pl_lane))) /* lanes in a chunk */
#define PL_NC (PL_LANES / PL_CL)                        /* chunks in a row */
#define PL_CHUNK(v, r, i) (*(pl_vec *)(PL_ROW(v, r) + PL_CL * (i)))

/* A chunk: PL_CHUNK_BYTES bytes of lanes, the machine's vector width (rows are
 * 128-aligned). Vector code only ever handles chunks: the compilers lower
 * wider generic vectors badly. */
typedef pl_lane pl_vec __attribute__((vector_size(PL_CHUNK_BYTES)));
/* The same bytes as 64-bit words, to OR a chunk's lanes together quickly. */
typedef uint64_t pl_words __attribute__((vector_size(PL_CHUNK_BYTES)));

typedef struct pl_view {
    pl_lane *A;       /* n rows of PL_LANES lanes: the columns of each digit */
    pl_lane *B;       /* n columns of PL_LANES lanes: the rows of each digit */
    uint32_t *solved; /* n: placed columns of each row */
    uint8_t *cnt;     /* ncells: candidates of each cell */
    int *nsolved;     /* cells placed */
} pl_view;

/* Points v at the state at `st` (laid out as pl_ctx says). */
PL_ATTR static void pl_view_of(const pl_ctx *k, void *st, pl_view *v)
{
    v->A = st;
    v->B = (pl_lane *)((char *)st + k->off_cols);
    v->solved = (uint32_t *)((char *)st + k->off_solved);
    v->cnt = (uint8_t *)((char *)st + k->off_cnt);
    v->nsolved = (int *)((char *)st + k->off_nsolved);
}

/* Whether any lane of x is nonzero. */
PL_ATTR static inline int pl_any(const pl_vec *x)
{
    pl_words w = (pl_words)*x;
    uint64_t m = 0;
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) m |= w[i];
    return m != 0;
}

/* The nonzero lanes of a chunk as a bit mask (bit l: lane l), by the
 * level's PL_NZMASK where it has one, else lane by lane. */
PL_ATTR static inline uint64_t pl_nonzero(const pl_vec *x)
{
#ifdef PL_NZMASK
    return PL_NZMASK(*x);
#else
    uint64_t m = 0;
    for (int l = 0; l < PL_CL; l++) m |= (uint64_t)((*x)[l] != 0) << l;
    return m;
#endif
}

/* A chunk of zero lanes. */
#define PL_NONE ((pl_vec){0})
/* Lanes (all ones) where x is zero, and where x has at most one bit. */
#define PL_ZERO(x) ((pl_vec)((x) == 0))
#define PL_POW2(x) ((pl_vec)(((x) & ((x)-1)) == 0))

/* ---- counting removed candidates ---- */

/* Checks lane d of row r after it lost places: 0 when the digit has no place
 * left in the row; one place not yet filled is queued (hidden single). */
PL_ATTR static inline int pl_row_check(pl_ctx *k, const pl_view *v, int r, int d)
{
    pl_lane x = PL_ROW(v, r)[d];
    if (!x) return 0;
    if (!(x & (x - 1)) && !(v->solved[r] & x)) k->queue[k->qlen++] = PL_EV(PL_EV_ROW, r, d);
    return 1;
}

/* The same for lane d of column c. */
PL_ATTR static inline int pl_col_check(pl_ctx *k, const pl_view *v, int c, int d)
{
    pl_lane y = PL_COL(v, c)[d];
    if (!y) return 0;
    if (!(y & (y - 1)) && !(v->solved[nonet__ctz(y)] >> c & 1))
        k->queue[k->qlen++] = PL_EV(PL_EV_COL, c, d);
    return 1;
}

/* Counts the loss of one candidate by cell (r, c): 0 when none is left, and
 * a cell left with one is queued (naked single). */
PL_ATTR static inline int pl_cell_lost(pl_ctx *k, const pl_view *v, int r, int c)
{
    int left = --v->cnt[r * k->n + c];
    if (left == 1 && !(v->solved[r] >> c & 1)) k->queue[k->qlen++] = PL_EV(PL_EV_CELL, r, c);
    return left != 0;
}

/* Digit index d left cell (r, c) in the row planes: takes it out of the
 * column planes and counts it (the caller checks row r's lane). Returns 0
 * on a contradiction. */
PL_ATTR static inline int pl_gone_from_row(pl_ctx *k, const pl_view *v, int r, int c, int d)
{
    PL_COL(v, c)[d] &= (pl_lane) ~(1u << r);
    return pl_cell_lost(k, v, r, c) && pl_col_check(k, v, c, d);
}

/* Checks chunk i of row r after the lanes where `changed` is nonzero lost
 * places: 0 when one of them has no place left in the row; the ones left
 * with one place not yet filled are queued (hidden singles). */
PL_ATTR static inline int pl_row_lanes(pl_ctx *k, const pl_view *v, int r, int i,
                                       const pl_vec *changed)
{
    pl_vec x = PL_CHUNK(v, r, i), ch = ~PL_ZERO(*changed), empty = PL_ZERO(x) & ch;
    if (pl_any(&empty)) return 0;
    pl_vec one = PL_POW2(x) & ch & PL_ZERO(x & (pl_lane)v->solved[r]);
    for (uint64_t m = pl_nonzero(&one); m; m &= m - 1)
        k->queue[k->qlen++] = PL_EV(PL_EV_ROW, r, i * PL_CL + nonet__ctz(m));
    return 1;
}

/* Writes `*nw` (a subset of it) over chunk i of row r, taking every
 * candidate it drops out of the column planes and counting it. Returns -1 on
 * a contradiction, else 1 when the chunk changed, 0 when not. */
PL_ATTR static int pl_rewrite(pl_ctx *k, const pl_view *v, int r, int i, const pl_vec *nw)
{
    pl_vec lost = PL_CHUNK(v, r, i) & ~*nw;
    uint64_t lanes = pl_nonzero(&lost);
    if (!lanes) return 0;
    PL_CHUNK(v, r, i) = *nw;
    for (; lanes; lanes &= lanes - 1) {
        int l = nonet__ctz(lanes);
        for (pl_lane m = lost[l]; m; m &= (pl_lane)(m - 1))
            if (!pl_gone_from_row(k, v, r, nonet__ctz(m), i * PL_CL + l)) return -1;
    }
    return pl_row_lanes(k, v, r, i, &lost) ? 1 : -1;
}

/* ---- placing ---- */

/* Places digit index d in cell (r, c): the cell's other digits leave it, d
 * leaves the rest of its row, column and box. Returns 0 on a contradiction
 * (the state is then thrown away). */
PL_ATTR static int pl_place(pl_ctx *k, const pl_view *v, int r, int c, int d)
{
    const int n = k->n, br = k->br, b0 = r - r % br;
    const pl_lane bit = (pl_lane)(1u << c), rbit = (pl_lane)(1u << r);
    pl_lane *row = PL_ROW(v, r), *col = PL_COL(v, c);
    if (v->solved[r] & bit) return (row[d] & bit) != 0;
    if (!(row[d] & bit)) return 0;
    v->solved[r] |= bit;
    v->cnt[r * n + c] = 1;
    ++*v->nsolved;
    /* The cell's other digits leave row r and column c. */
    pl_lane rest = row[d] & (pl_lane)~bit;
    for (int i = 0; i < PL_NC; i++) {
        pl_vec x = PL_CHUNK(v, r, i), had = x & bit;
        if (i == d / PL_CL) {
            had[d % PL_CL] = 0;
            x[d % PL_CL] = 0;
        }
        uint64_t lanes = pl_nonzero(&had);
        if (!lanes) continue;
        PL_CHUNK(v, r, i) = x & (pl_lane)~bit;
        for (; lanes; lanes &= lanes - 1) {
            int e = i * PL_CL + nonet__ctz(lanes);
            col[e] &= (pl_lane)~rbit;
            if (!pl_col_check(k, v, c, e)) return 0;
        }
        if (!pl_row_lanes(k, v, r, i, &had)) return 0;
    }
    row[d] = bit;
    /* d leaves the rest of row r ... */
    for (; rest; rest &= (pl_lane)(rest - 1))
        if (!pl_gone_from_row(k, v, r, nonet__ctz(rest), d)) return 0;
    /* ... of column c ... */
    pl_lane others = col[d] & (pl_lane)~rbit;
    col[d] = rbit;
    for (; others; others &= (pl_lane)(others - 1)) {
        int r2 = nonet__ctz(others);
        PL_ROW(v, r2)[d] &= (pl_lane)~bit;
        if (!pl_cell_lost(k, v, r2, c) || !pl_row_check(k, v, r2, d)) return 0;
    }
    /* ... and of its box (column c is done). */
    const pl_lane seg = (pl_lane)k->segmask[c / k->bc];
    for (int r2 = b0; r2 < b0 + br; r2++) {
        pl_lane *x = PL_ROW(v, r2) + d, lost = r2 == r ? 0 : *x & seg;
        if (!lost) continue;
        *x &= (pl_lane)~seg;
        for (; lost; lost &= (pl_lane)(lost - 1))
            if (!pl_gone_from_row(k, v, r2, nonet__ctz(lost), d)) return 0;
        if (!pl_row_check(k, v, r2, d)) return 0;
    }
    return 1;
}

/* Runs the queued singles until none is left. Returns 0 on a
 * contradiction. */
PL_ATTR static int pl_drain(pl_ctx *k, const pl_view *v)
{
    while (k->qlen) {
        int ev = k->queue[--k->qlen], kind = ev >> 16, a = ev >> 8 & 255, x = ev & 255;
        if (kind == PL_EV_CELL) { /* row a, column x */
            if (v->solved[a] >> x & 1) continue;
            const pl_lane *row = PL_ROW(v, a);
            int d = 0;
            while (d < k->n && !(row[d] >> x & 1)) d++;
            if (d == k->n || !pl_place(k, v, a, x, d)) return 0;
        } else if (kind == PL_EV_ROW) { /* row a, digit x */
            pl_lane m = PL_ROW(v, a)[x];
            if (!m) return 0;
            if (v->solved[a] & m) continue;
            if (!pl_place(k, v, a, nonet__ctz(m), x)) return 0;
        } else { /* column a, digit x */
            pl_lane m = PL_COL(v, a)[x];
            if (!m) return 0;
            int r = nonet__ctz(m);
            if (v->solved[r] >> a & 1) continue;
            if (!pl_place(k, v, r, a, x)) return 0;
        }
    }
    return 1;
}

/* ---- boxes and locked candidates: passes over the row planes ---- */

/* For each lane of x, at each segment's lowest bit: `any` set when the
 * segment holds a bit, `multi` when it holds two or more. Other bits of the
 * results are garbage: mask them with low. */
#define PL_SEGMENTS(k, x, any, multi)                                                              \
    do {                                                                                           \
        pl_vec x_ = (x), o_ = x_, t_ = PL_NONE;                                                    \
        for (int j_ = 1; j_ < (k)->bc; j_++) {                                                     \
            pl_vec y_ = x_ >> j_;                                                                  \
            t_ |= o_ & y_;                                                                         \
            o_ |= y_;                                                                              \
        }                                                                                          \
        (any) = o_;                                                                                \
        (multi) = t_;                                                                              \
    } while (0)

/* The same, `any` only. */
#define PL_SEGMENTS_ANY(k, x, any)                                                                 \
    do {                                                                                           \
        pl_vec x_ = (x), o_ = x_;                                                                  \
        for (int j_ = 1; j_ < (k)->bc; j_++) o_ |= x_ >> j_;                                       \
        (any) = o_;                                                                                \
    } while (0)

/* Expands segment-low flags to whole segments (flags are bc bits apart, so
 * the subtraction never borrows across segments; lanes wrap modulo 2^W). */
#define PL_EXPAND(k, f) (((f) << (k)->bc) - (f))

/* Chunk i of k's lanes of `low` below n (zero at or above n). */
#define PL_LOWV(k, i)                                                                              \
    (*(const pl_vec *)((PL_LANES == 16 ? (const char *)(k)->lowv_16                                \
                                       : (const char *)(k)->lowv_32) +                             \
                       PL_CHUNK_BYTES * (size_t)(i)))

/* Box counts of the lanes of chunk i: the digits with one place left in a
 * box, as segment-low flags per band in single[b * PL_LANES + lane]. Returns 0
 * when a box has no place for a digit. */
PL_ATTR static int pl_box_chunk(const pl_ctx *k, const pl_view *v, int i, pl_lane *single)
{
    const int br = k->br, nb = k->nb;
    const pl_vec low = (pl_vec){0} + (pl_lane)k->low, lowv = PL_LOWV(k, i);
    pl_vec bad = PL_NONE;
    for (int b = 0; b < nb; b++) {
        pl_vec bo = PL_NONE, bt = bo, bp = bo, sa, sm, ta, pa;
        for (int r = b * br; r < b * br + br; r++) {
            pl_vec x = PL_CHUNK(v, r, i);
            bt |= bo & x;
            bo |= x;
            bp |= x & (pl_lane)v->solved[r];
        }
        PL_SEGMENTS(k, bo, sa, sm);
        PL_SEGMENTS_ANY(k, bt, ta);
        PL_SEGMENTS_ANY(k, bp, pa);
        bad |= lowv & ~sa;
        *(pl_vec *)(single + (size_t)b * PL_LANES + (size_t)i * PL_CL) = sa & ~(sm | ta | pa) & low;
    }
    return !pl_any(&bad);
}

/* Finds the digits with one place left in a box and places them. Returns -1
 * on a contradiction (a box without a place for a digit), else the number
 * of digits placed. */
PL_ATTR static int pl_box_pass(pl_ctx *k, const pl_view *v)
{
    const int n = k->n, br = k->br, nb = k->nb;
    _Alignas(64) pl_lane single[PL_LANES * PL_LANES];
    for (int i = 0; i < PL_NC; i++)
        if (!pl_box_chunk(k, v, i, single)) return -1;
    int placed = 0;
    for (int b = 0; b < nb; b++)
        for (int d = 0; d < n; d++)
            for (pl_lane f = single[b * PL_LANES + d]; f; f &= (pl_lane)(f - 1)) {
                pl_lane lowest = f & (pl_lane) ~(f - 1);
                pl_lane seg = (pl_lane)((pl_lane)(lowest << k->bc) - lowest), m = 0;
                int r = b * br;
                while (r < b * br + br && !(m = PL_ROW(v, r)[d] & seg)) r++;
                if (!m || !pl_place(k, v, r, nonet__ctz(m), d)) return -1;
                placed++;
            }
    return placed;
}

/* Locked candidates between boxes and rows, both ways, in chunk i of the
 * rows of band b: a row whose digit lies in one box clears it from the box's
 * other rows (claiming); a box whose digit lies in one row clears it from
 * the rest of the row (pointing). Two rows claiming one box, or one row
 * pointed to two boxes, clear the digit away, which is the contradiction it
 * is. Returns -1 on a contradiction, else the chunks changed. */
PL_ATTR static int pl_lock_rows(pl_ctx *k, const pl_view *v, int b, int i)
{
    const int br = k->br, r0 = b * br;
    const pl_vec low = (pl_vec){0} + (pl_lane)k->low;
    pl_vec sa[PL_LANES], cl[PL_LANES], u1 = PL_NONE, u2 = u1, o1 = u1, t1 = u1;
    for (int j = 0; j < br; j++) {
        pl_vec s;
        PL_SEGMENTS_ANY(k, PL_CHUNK(v, r0 + j, i), s);
        s &= low;
        sa[j] = s;
        cl[j] = s & PL_POW2(s);
        u2 |= u1 & cl[j];
        u1 |= cl[j];
        t1 |= o1 & s;
        o1 |= s;
    }
    pl_vec one_row = o1 & ~t1;
    int changed = 0;
    for (int j = 0; j < br; j++) {
        pl_vec others = u2 | (u1 & ~cl[j]), p = sa[j] & one_row;
        pl_vec keep = PL_ZERO(p) | (PL_POW2(p) & PL_EXPAND(k, p));
        pl_vec nw = PL_CHUNK(v, r0 + j, i) & ~PL_EXPAND(k, others) & keep;
        int ch = pl_rewrite(k, v, r0 + j, i, &nw);
        if (ch < 0) return -1;
        changed += ch;
    }
    return changed;
}

/* Locked candidates between boxes and columns, both ways, in chunk i: a box
 * whose digit lies in one column clears it from the column's other bands
 * (pointing); a column whose digit lies in one band clears it from the box's
 * other columns (claiming). Returns -1 on a contradiction, else the chunks
 * changed. */
PL_ATTR static int pl_lock_columns(pl_ctx *k, const pl_view *v, int i)
{
    const int br = k->br, nb = k->nb;
    const pl_vec low = (pl_vec){0} + (pl_lane)k->low;
    pl_vec bo[PL_LANES], q[PL_LANES], clear[PL_LANES], co = PL_NONE, ct = co, q1 = co, q2 = co;
    for (int b = 0; b < nb; b++) {
        pl_vec x = PL_NONE;
        for (int r = b * br; r < b * br + br; r++) x |= PL_CHUNK(v, r, i);
        bo[b] = x;
        ct |= co & x;
        co |= x;
    }
    pl_vec one_band = co & ~ct;
    for (int b = 0; b < nb; b++) {
        pl_vec sa, sm, ca, cm, cl = bo[b] & one_band;
        PL_SEGMENTS(k, bo[b], sa, sm);
        q[b] = PL_EXPAND(k, sa & ~sm & low) & bo[b];
        q2 |= q1 & q[b];
        q1 |= q[b];
        PL_SEGMENTS(k, cl, ca, cm);
        pl_vec one = PL_EXPAND(k, ca & ~cm & low) & cl;
        clear[b] = PL_EXPAND(k, ca & low) & ~one;
    }
    int changed = 0;
    for (int b = 0; b < nb; b++) {
        pl_vec drop = q2 | (q1 & ~q[b]) | clear[b];
        for (int r = b * br; r < b * br + br; r++) {
            pl_vec nw = PL_CHUNK(v, r, i) & ~drop;
            int ch = pl_rewrite(k, v, r, i, &nw);
            if (ch < 0) return -1;
            changed += ch;
        }
    }
    return changed;
}

/* One pass of locked candidates over the whole grid. Returns -1 on a
 * contradiction, else the chunks changed. */
PL_ATTR static int pl_locked_pass(pl_ctx *k, const pl_view *v)
{
    int changed = 0;
    for (int i = 0; i < PL_NC; i++) {
        for (int b = 0; b < k->nb; b++) {
            int ch = pl_lock_rows(k, v, b, i);
            if (ch < 0) return -1;
            changed += ch;
        }
        int ch = pl_lock_columns(k, v, i);
        if (ch < 0) return -1;
        changed += ch;
    }
    return changed;
}

/* ---- hidden pairs: two digits with the same two places in a house ---- */

/* The lanes of `x` (PL_NC chunks) with exactly two bits, as a bit mask. */
PL_ATTR static inline uint64_t pl_two_places(const pl_lane *x)
{
    uint64_t m = 0;
    for (int i = 0; i < PL_NC; i++) {
        pl_vec a = *(const pl_vec *)(x + PL_CL * i), y = a & (a - 1);
        pl_vec two = ~PL_ZERO(y) & PL_POW2(y);
        m |= pl_nonzero(&two) << (i * PL_CL);
    }
    return m;
}

/* The lanes of `x` (PL_NC chunks) equal to `val`, as a bit mask. */
PL_ATTR static inline uint64_t pl_lanes_equal(const pl_lane *x, pl_lane val)
{
    uint64_t m = 0;
    for (int i = 0; i < PL_NC; i++) {
        pl_vec e = PL_ZERO(*(const pl_vec *)(x + PL_CL * i) ^ val);
        m |= pl_nonzero(&e) << (i * PL_CL);
    }
    return m;
}

/* Clears the columns `cols` of row r from every lane but d and e (the cells
 * keep those two digits only). Returns -1 on a contradiction, else the
 * chunks changed. */
PL_ATTR static int pl_keep_two(pl_ctx *k, const pl_view *v, int r, pl_lane cols, int d, int e)
{
    int changed = 0;
    for (int i = 0; i < PL_NC; i++) {
        pl_vec x = PL_CHUNK(v, r, i), nw = x & (pl_lane)~cols;
        if (d / PL_CL == i) nw[d % PL_CL] = x[d % PL_CL];
        if (e / PL_CL == i) nw[e % PL_CL] = x[e % PL_CL];
        int ch = pl_rewrite(k, v, r, i, &nw);
        if (ch < 0) return -1;
        changed += ch;
    }
    return changed;
}

/* The pairs of lanes of `x` (PL_NC chunks, digit places in one house) with
 * the same two places: each pair's lower digit d and higher e go to
 * pairs[] as d << 8 | e. Returns the number of pairs (at most 16). */
PL_ATTR static int pl_find_pairs(const pl_lane *x, int *pairs)
{
    int np = 0;
    for (uint64_t m = pl_two_places(x); m && np < 16; m &= m - 1) {
        int d = nonet__ctz(m);
        uint64_t same = pl_lanes_equal(x, x[d]) & m & (m - 1);
        if (same) pairs[np++] = d << 8 | nonet__ctz(same);
    }
    return np;
}

/* One pass of hidden pairs over rows and columns: two digits whose places
 * in a line are the same two cells clear every other digit from those
 * cells. (Boxes too measured 3% fewer guesses at 16x16, 7% at 25x25, but 5%
 * and 6% more instructions: a box's places must be gathered from its rows.)
 * Returns -1 on a contradiction, else the chunks changed. */
PL_ATTR static int pl_pairs_pass(pl_ctx *k, const pl_view *v)
{
    const int n = k->n;
    int pairs[16], changed = 0, ch;
    for (int r = 0; r < n; r++) {
        const pl_lane *x = PL_ROW(v, r);
        for (int j = 0, np = pl_find_pairs(x, pairs); j < np; j++) {
            int d = pairs[j] >> 8, e = pairs[j] & 255;
            if ((ch = pl_keep_two(k, v, r, x[d], d, e)) < 0) return -1;
            changed += ch;
        }
    }
    for (int c = 0; c < n; c++) {
        const pl_lane *y = PL_COL(v, c);
        for (int j = 0, np = pl_find_pairs(y, pairs); j < np; j++) {
            int d = pairs[j] >> 8, e = pairs[j] & 255;
            for (pl_lane m = y[d]; m; m &= (pl_lane)(m - 1)) {
                if ((ch = pl_keep_two(k, v, nonet__ctz(m), (pl_lane)(1u << c), d, e)) < 0)
                    return -1;
                changed += ch;
            }
        }
    }
    return changed;
}

/* Propagates to the fixpoint of naked and hidden singles (rows, columns,
 * boxes), locked candidates and, when k->pairs, hidden pairs (each rule
 * only removes candidates, so the fixpoint does not depend on their order).
 * Returns 0 on a contradiction. */
PL_ATTR static int pl_propagate(pl_ctx *k, const pl_view *v)
{
    for (;;) {
        if (!pl_drain(k, v)) return 0;
        if (*v->nsolved == k->ncells) return 1;
        int x = pl_box_pass(k, v);
        if (x < 0) return 0;
        if (x || k->qlen) continue;
        x = pl_locked_pass(k, v);
        if (x < 0) return 0;
        if (x || k->qlen) continue;
        if (!k->pairs) return 1;
        x = pl_pairs_pass(k, v);
        if (x < 0) return 0;
        if (!x && !k->qlen) return 1;
    }
}

/* ---- branching ---- */

/* Sets the tie sums of the state: each open cell's weight (nonet__tie_weight
 * of its count, unshared; 0 when placed) and their sums over every row,
 * column, box and segment. */
PL_ATTR static void pl_tie_sums(pl_ctx *k, const pl_view *v)
{
    const int n = k->n, br = k->br, bc = k->bc, ns = n / bc;
    pl_ties *t = &k->ties;
    memset(t->colseg, 0, (size_t)k->nb * (size_t)n * sizeof t->colseg[0]);
    for (int r = 0; r < n; r++) {
        int *cs = t->colseg + r / br * n, sum = 0;
        for (int s = 0; s < ns; s++) {
            int seg = 0;
            for (int c = s * bc; c < s * bc + bc; c++) {
                int w = v->solved[r] >> c & 1 ? 0 : nonet__tie_weight(v->cnt[r * n + c], 0);
                t->cell[r * n + c] = (uint16_t)w;
                seg += w;
                cs[c] += w;
            }
            t->rowseg[r * ns + s] = seg;
            sum += seg;
        }
        t->row[r] = sum;
    }
    for (int c = 0; c < n; c++) {
        int sum = 0;
        for (int b = 0; b < k->nb; b++) sum += t->colseg[b * n + c];
        t->col[c] = sum;
    }
    for (int b = 0; b < k->nb; b++)
        for (int s = 0; s < ns; s++) {
            int sum = 0;
            for (int r = b * br; r < b * br + br; r++) sum += t->rowseg[r * ns + s];
            t->box[b * ns + s] = sum;
        }
}

/* The weight of the open peers of cell (r, c), unshared: the lower bound of
 * its tie score (a quarter of the upper bound). */
PL_ATTR static inline int pl_tie_base(const pl_ctx *k, int r, int c)
{
    const int n = k->n, band = r / k->br, ns = n / k->bc, s = c / k->bc;
    const pl_ties *t = &k->ties;
    return t->row[r] + t->col[c] + t->box[band * ns + s] - t->rowseg[r * ns + s] -
           t->colseg[band * n + c] - t->cell[r * n + c];
}

/* How much choosing cell (r, c) would settle, as the bitmask engine's
 * tie_score: the sum over its open peers (row, column, box) of
 * nonet__tie_weight, that is the peers' unshared weights (`base`, from the
 * tie sums) plus three times those of the peers sharing a digit with the
 * cell. */
PL_ATTR static int pl_tie_score(const pl_ctx *k, const pl_view *v, int r, int c, int base)
{
    const int n = k->n, br = k->br, b0 = r - r % br;
    const pl_ties *t = &k->ties;
    const pl_lane *row = PL_ROW(v, r), *col = PL_COL(v, c);
    const uint32_t seg = k->segmask[c / k->bc], bit = 1u << c;
    int digits[32], nd = 0;
    uint32_t row_share = 0, col_share = 0;
    for (int i = 0; i < PL_NC; i++) {
        pl_vec has = PL_CHUNK(v, r, i) & (pl_lane)bit;
        for (uint64_t m = pl_nonzero(&has); m; m &= m - 1) {
            int d = i * PL_CL + nonet__ctz(m);
            digits[nd++] = d;
            row_share |= row[d];
            col_share |= col[d];
        }
    }
    int shared = 0;
    for (uint32_t m = row_share & ~bit; m; m &= m - 1) shared += t->cell[r * n + nonet__ctz(m)];
    /* r is a row: pick_cell scores cells only, as no count reaches its
     * initial best_count (65 > n), which the analyzer cannot see. */
    /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
    for (uint32_t m = col_share & ~(1u << r); m; m &= m - 1)
        shared += t->cell[nonet__ctz(m) * n + c];
    for (int r2 = b0; r2 < b0 + br; r2++) {
        if (r2 == r) continue;
        const pl_lane *x = PL_ROW(v, r2);
        uint32_t sh = 0;
        for (int j = 0; j < nd; j++) sh |= x[digits[j]];
        for (uint32_t m = sh & seg & ~bit; m; m &= m - 1) shared += t->cell[r2 * n + nonet__ctz(m)];
    }
    return base + 3 * shared;
}

/* The open cell with the fewest candidates (as row * n + column), or -1
 * when every cell is placed; its count goes to *count. Ties as in the
 * bitmask engine: the highest tie score with by_score (in the usual run),
 * else the first (in a seeded run, from a seeded row on). A tied cell whose
 * score cannot pass the best (four times its base) is not scored. */
PL_ATTR static int pl_pick_cell(pl_ctx *k, const pl_view *v, int *count)
{
    const int n = k->n, by_score = k->by_score && !k->rs.run;
    const int r0 = k->rs.run ? nonet__restart_pick(k->rs.run, -1, n) : 0;
    int best = -1, best_count = 65, best_score = -1;
    for (int i = 0; i < n; i++) {
        int r = i + r0 < n ? i + r0 : i + r0 - n;
        for (uint32_t open = ~v->solved[r] & k->full; open; open &= open - 1) {
            int c = nonet__ctz(open), cnt = v->cnt[r * n + c];
            if (cnt > best_count) continue;
            int score = -1;
            if (cnt == best_count) {
                if (!by_score) continue;
                if (best_score < 0) {
                    pl_tie_sums(k, v);
                    best_score =
                        pl_tie_score(k, v, best / n, best % n, pl_tie_base(k, best / n, best % n));
                }
                int base = pl_tie_base(k, r, c);
                if (4 * base <= best_score) continue;
                if ((score = pl_tie_score(k, v, r, c, base)) <= best_score) continue;
            }
            best = r * n + c;
            best_count = cnt;
            best_score = score;
            if (cnt <= 2 && !by_score) goto done;
        }
    }
done:
    *count = best_count;
    return best;
}

/* Whether cell `cell` (row-major) may hold digit index d. */
PL_ATTR static inline int pl_has(const pl_ctx *k, const pl_view *v, int cell, int d)
{
    return PL_ROW(v, cell / k->n)[d] >> (cell % k->n) & 1;
}

/* The first house (in the shape's order) with a digit in exactly two
 * places, its lowest such digit index in *d, or -1. */
PL_ATTR static int pl_find_pair(const pl_ctx *k, const pl_view *v, int *digit)
{
    const nonet_shape *s = k->shape;
    const int n = k->n;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)n;
        for (int d = 0; d < n; d++) {
            int places = 0;
            for (int i = 0; i < n && places < 3; i++) places += pl_has(k, v, cells[i], d);
            if (places == 2) {
                *digit = d;
                return h;
            }
        }
    }
    return -1;
}

/* Opens a branch on cell `cell` of the state at `st` (see the bitmask
 * engine's open_branch: small grids branch on a digit's two places in a
 * house when the cell has more than two candidates). */
PL_ATTR static void pl_open_branch(const pl_ctx *k, void *st, pl_frame *f, int cell, int count)
{
    pl_view v;
    pl_view_of(k, st, &v);
    const int n = k->n;
    f->cell = cell;
    f->rest = 0;
    for (int d = 0; d < n; d++) f->rest |= (uint64_t)pl_has(k, &v, cell, d) << d;
    int digit, h = count > 2 && !k->by_score && !k->rs.run ? pl_find_pair(k, &v, &digit) : -1;
    if (h < 0) return;
    const int *cells = k->shape->house + (size_t)h * (size_t)n;
    f->cell = -1;
    f->house = h;
    f->digit = digit;
    f->rest = 0;
    for (int i = 0; i < n; i++) f->rest |= (uint64_t)pl_has(k, &v, cells[i], digit) << i;
}

/* The digits of m (candidates of `cell`) with the fewest places summed
 * over the cell's row, column and box (the bitmask engine's fewest_places:
 * the value order of nonet__restarts on a sparse grid). */
PL_ATTR static uint64_t pl_fewest_places(const pl_ctx *k, const pl_view *v, int cell, uint64_t m)
{
    const int n = k->n, r = cell / n, c = cell % n, r0 = r - r % k->br;
    const pl_lane seg = (pl_lane)k->segmask[c / k->bc];
    int least = 1 << 30;
    uint64_t ties = 0;
    for (uint64_t x = m; x; x &= x - 1) {
        int d = nonet__ctz(x);
        int places = nonet__popcount(PL_ROW(v, r)[d]) + nonet__popcount(PL_COL(v, c)[d]);
        for (int r2 = r0; r2 < r0 + k->br; r2++)
            places += nonet__popcount((uint64_t)(PL_ROW(v, r2)[d] & seg));
        if (places < least) least = places, ties = 0;
        if (places == least) ties |= x & (~x + 1);
    }
    return ties;
}

/* Tries the next choice of branch f in the state at `st` (a copy of the
 * branch's state). Returns 0 on a contradiction. */
PL_ATTR static int pl_try_next(pl_ctx *k, void *st, pl_frame *f)
{
    pl_view v;
    pl_view_of(k, st, &v);
    uint64_t m = f->rest;
    if (k->rs.on && f->cell >= 0) m = pl_fewest_places(k, &v, f->cell, m);
    if (k->rs.run && f->cell >= 0) /* a seeded run (see nonet__restarts) */
        for (int j = nonet__restart_pick(k->rs.run, f->cell, nonet__popcount(m)); j > 0; j--)
            m &= m - 1;
    int i = nonet__ctz(m), cell, d;
    f->rest &= ~(m & (~m + 1));
    if (f->cell >= 0) {
        cell = f->cell;
        d = i;
    } else {
        cell = k->shape->house[(size_t)f->house * (size_t)k->n + (size_t)i];
        d = f->digit;
    }
    k->qlen = 0;
    return pl_place(k, &v, cell / k->n, cell % k->n, d) && pl_propagate(k, &v);
}

/* ---- the search ---- */

/* Writes the digits of a full state to k->grid. */
PL_ATTR static void pl_write_grid(pl_ctx *k, void *st)
{
    pl_view v;
    pl_view_of(k, st, &v);
    const int n = k->n;
    for (int r = 0; r < n; r++)
        for (int d = 0; d < n; d++)
            for (pl_lane m = PL_ROW(&v, r)[d]; m; m &= (pl_lane)(m - 1))
                k->grid[r * n + nonet__ctz(m)] = (unsigned char)(d + 1);
}

/* Sets the root state from the givens and candidate masks and propagates.
 * Returns 0 on a contradiction. */
PL_ATTR static int pl_start(pl_ctx *k, void *st)
{
    const nonet__search *job = k->job;
    const int n = k->n;
    pl_view v;
    pl_view_of(k, st, &v);
    memset(st, 0, k->state_bytes);
    k->qlen = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            uint64_t m = job->cands && !job->givens[cell] ? job->cands[cell] & k->shape->full
                                                          : k->shape->full;
            if (!m) return 0;
            v.cnt[cell] = (uint8_t)nonet__popcount(m);
            for (; m; m &= m - 1) {
                PL_ROW(&v, r)[nonet__ctz(m)] |= (pl_lane)(1u << c);
                PL_COL(&v, c)[nonet__ctz(m)] |= (pl_lane)(1u << r);
            }
            if (v.cnt[cell] == 1) k->queue[k->qlen++] = PL_EV(PL_EV_CELL, r, c);
        }
    for (int x = 0; x < n; x++)
        for (int d = 0; d < n; d++)
            if (!pl_row_check(k, &v, x, d) || !pl_col_check(k, &v, x, d)) return 0;
    for (int cell = 0; cell < k->ncells; cell++)
        if (job->givens[cell] && !pl_place(k, &v, cell / n, cell % n, job->givens[cell] - 1))
            return 0;
    return pl_propagate(k, &v);
}

/* The invariants of a state (this file's header), checked (NONET_ASSERT)
 * at the root's fixpoint and at each solution: lanes at or above n and bits
 * at or above n are zero; the column planes mirror the row planes; cnt
 * counts each cell's lanes and is at least 1; a placed cell keeps its
 * digit's bit only and no peer in its row, column or box keeps that digit;
 * nsolved counts the placed cells. */
PL_ATTR static inline int pl_state_ok(const pl_ctx *k, void *st)
{
    const int n = k->n, br = k->br, bc = k->bc;
    pl_view v;
    pl_view_of(k, st, &v);
    int placed = 0;
    for (int r = 0; r < n; r++) {
        if (v.solved[r] & ~k->full) return 0;
        for (int d = n; d < PL_LANES; d++)
            if (PL_ROW(&v, r)[d] || PL_COL(&v, r)[d]) return 0;
        for (int d = 0; d < n; d++)
            if ((PL_ROW(&v, r)[d] | PL_COL(&v, r)[d]) & ~k->full) return 0;
        for (int c = 0; c < n; c++) {
            int cnt = 0, digit = -1;
            for (int d = 0; d < n; d++) {
                int in_row = (int)(PL_ROW(&v, r)[d] >> c & 1);
                if (in_row != (int)(PL_COL(&v, c)[d] >> r & 1)) return 0;
                cnt += in_row;
                if (in_row) digit = d;
            }
            if (!cnt || cnt != v.cnt[r * n + c]) return 0;
            if (!(v.solved[r] >> c & 1)) continue;
            placed++;
            if (cnt != 1 || PL_ROW(&v, r)[digit] != (pl_lane)(1u << c) ||
                PL_COL(&v, c)[digit] != (pl_lane)(1u << r))
                return 0;
            for (int r2 = r - r % br; r2 < r - r % br + br; r2++)
                if (r2 != r && PL_ROW(&v, r2)[digit] & k->segmask[c / bc]) return 0;
        }
    }
    return placed == *v.nsolved;
}

/* The depth-first search: every branch point keeps its state, and each
 * choice is tried in a copy of it. Node and guess counts as in the bitmask
 * engine. */
PL_ATTR static void pl_search(pl_ctx *k)
{
    nonet__search *job = k->job;
    nonet__tick(job);
    if (!pl_start(k, k->states)) return;
    pl_view root;
    pl_view_of(k, k->states, &root);
    NONET_ASSERT(pl_state_ok(k, k->states));
    nonet__restarts_init(&k->rs, k->n, k->ncells, *root.nsolved);
    if (!k->rs.on) { /* hidden pairs from here on, the root's fixpoint first */
        k->pairs = 1;
        k->qlen = 0;
        if (!pl_propagate(k, &root)) return;
        NONET_ASSERT(pl_state_ok(k, k->states));
    }
    int depth = 0;
    for (;;) {
        void *st = k->states + (size_t)depth * k->state_bytes;
        pl_view v;
        pl_view_of(k, st, &v);
        int count, cell = pl_pick_cell(k, &v, &count);
        if (cell < 0) {
            NONET_ASSERT(pl_state_ok(k, st) && *v.nsolved == k->ncells);
            pl_write_grid(k, st);
            if (nonet__found(job, k->grid)) return;
        } else {
            pl_open_branch(k, st, &k->frames[depth++], cell, count);
        }
        for (int retry = cell < 0;; retry = 1) {
            if (!depth) return;
            pl_frame *f = &k->frames[depth - 1];
            if (!f->rest) {
                depth--;
                continue;
            }
            if (nonet__restart_due(&k->rs, job, retry)) {
                depth = 0; /* states[0], the root, is never written after start */
                break;
            }
            job->guesses++;
            if (nonet__tick(job)) return;
            void *child = k->states + (size_t)depth * k->state_bytes;
            memcpy(child, k->states + (size_t)(depth - 1) * k->state_bytes, k->state_bytes);
            if (pl_try_next(k, child, f)) break;
        }
    }
}

#endif
