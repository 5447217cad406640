/*
 * uniqueness.c - unique rectangles and unique loops, types 1 to 4, as Sudoku
 * Explainer finds and rates them.
 *
 * A loop of cells that all hold digits a and b, each sharing a house with
 * the next, visiting every house either never or exactly once on an odd and
 * once on an even step, would let a and b swap in any solution: a puzzle
 * with one solution cannot end in it, so the cells holding more than a, b
 * (the extra cells) must not all lose their extras.
 * Type 1: one extra cell: it is not a or b. Type 2: the extra cells share
 * one extra digit x: x leaves every cell that sees them all. Type 3: two
 * extra cells act as one cell holding their extras, which forms a naked set
 * (or, with a and b, a hidden set) in a house they share. Type 4: a or b
 * has no other place than the two extra cells in a house they share: the
 * other digit leaves them.
 *
 * SE's search (kept exactly, so its choice is ours): from every bivalue
 * cell, row by row, a depth-first walk through cells holding both digits,
 * never leaving by a house of the kind it came in by, houses in the order
 * box, row, column; at most two extra cells unless all extras so far are
 * one digit (the union of extras grows across the sibling cells of a step
 * too, as in SE). Every hint found is collected; the lowest rating wins,
 * then the lowest type, then the first found. Rating 4.5, +0.1 for 6 cells,
 * +0.2 for 8, +0.5 from 10; type 3 adds 0.1 per digit of the set beyond one.
 *
 * Only for puzzles known to be unique, on shapes whose rules are all houses
 * (the engine checks); the loop's validity is checked against every house
 * of the shape, so jigsaw regions and the variants' houses count.
 */
#include "human/human.h"

#include <string.h>

/* One hint: enough to rebuild its step. */
typedef struct ulhint {
    int type;        /* 1..4 */
    int hidden;      /* type 3: 1 hidden set, 0 naked set */
    int house;       /* type 3/4: the shared house; -1 */
    int rating;      /* tenths */
    double exact;    /* SE's double for the same rating: ties are broken on it */
    uint64_t digits; /* type 2: extra digit; 3: the set's digits; 4: the locked digit */
    uint64_t where;  /* type 3: positions in the house of the set's other cells */
    int len;         /* loop length */
    int nex;         /* extra cells */
    int ex[2];       /* the two extra cells (types 3, 4) */
    int v1, v2;      /* the loop's digits */
} ulhint;

typedef struct ulsearch {
    nonet__hctx *x;
    const nonet__htech *t;
    int v1, v2;         /* the loop's digits (0-based) */
    int *loop, len;     /* current path */
    unsigned char *in;  /* ncells: on the path */
    unsigned char *par; /* nhouses * 2: visits of each house on odd / even steps */
    int *best_loop;     /* first mode: the best hint's loop */
    ulhint best;
    int have_best;
    int stop; /* the sink stopped the search */
} ulsearch;

static int loop_rating(int len)
{
    int r = 45;
    if (len >= 10) r += 3;
    if (len >= 8) r += 2;
    else if (len >= 6) r += 1;
    return r;
}

/* SE's rating as the double it computes (4.5 + 0.3 + 0.2 ..., then + k * 0.1
 * for type 3): hints are sorted on it, and 4.7 + 0.1 is not 4.5 + 0.3. */
static double exact_rating(int len, int plus)
{
    double r = 4.5;
    if (len >= 10) r += 0.3;
    if (len >= 8) r += 0.2;
    else if (len >= 6) r += 0.1;
    return plus ? r + plus * 0.1 : r;
}

/* 1 when every house holds loop cells either never or once at an odd and
 * once at an even position. */
static int valid_loop(ulsearch *u)
{
    const nonet__hgeo *g = u->x->geo;
    int ok = 1;
    for (int i = 0; i < u->len && ok; i++) {
        int c = u->loop[i], p = i & 1;
        for (int k = g->ch_at[c]; k < g->ch_at[c + 1]; k++) {
            unsigned char *v = &u->par[2 * g->ch[k] + p];
            if (*v) ok = 0;
            *v = 1;
        }
    }
    for (int i = 0; i < u->len; i++) {
        int c = u->loop[i];
        for (int k = g->ch_at[c]; k < g->ch_at[c + 1]; k++) {
            unsigned char *v = &u->par[2 * g->ch[k]];
            if (v[0] != v[1]) ok = 0;
        }
    }
    for (int i = 0; i < u->len; i++)
        for (int k = g->ch_at[u->loop[i]]; k < g->ch_at[u->loop[i] + 1]; k++)
            u->par[2 * g->ch[k]] = u->par[2 * g->ch[k] + 1] = 0;
    return ok;
}

/* Cells of the loop holding more than the two digits. */
static int extra_cells(const ulsearch *u, const int *loop, int len, int *ex, int cap)
{
    int k = 0;
    for (int i = 0; i < len; i++)
        if (nonet__hcount(u->x->grid->cand[loop[i]]) > 2) {
            if (k < cap) ex[k] = loop[i];
            k++;
        }
    return k;
}

/* Eliminations of type 2: the extra digit from every cell seeing all extra cells. */
static void elims_type2(ulsearch *u, const int *ex, int nex, int d)
{
    nonet__hctx *x = u->x;
    const nonet__hgeo *g = x->geo;
    for (int c = 0; c < g->ncells; c++) {
        if (!(x->grid->cand[c] >> d & 1)) continue;
        int all = 1;
        for (int i = 0; i < nex && all; i++) all = ex[i] != c && nonet__sees(g, ex[i], c);
        if (all) nonet__step_elim(x, c, d);
    }
}

/* Builds hint h on loop[0..len-1] into x->step; returns its eliminations. */
static int build(ulsearch *u, const ulhint *h, const int *loop)
{
    nonet__hctx *x = u->x;
    const nonet__hgeo *g = x->geo;
    const int *hc = h->house >= 0 ? g->house + h->house * g->n : NULL;
    int ex[64], nex = extra_cells(u, loop, h->len, ex, 64);
    nonet__step_begin(x, h->len == 4 ? u->t : u->t + 1);
    x->step->pub.variant = h->type;
    x->step->rating = h->rating;
    x->step->pub.digits = 1ull << h->v1 | 1ull << h->v2;
    for (int i = 0; i < h->len; i++) nonet__step_cell(x, loop[i]);
    for (int i = 0; i < nex && i < 64; i++) nonet__step_extra(x, ex[i]);
    if (h->house >= 0) nonet__step_base(x, h->house);
    switch (h->type) {
    case 1:
        if (nex > 0) nonet__step_elim_mask(x, ex[0], x->step->pub.digits);
        break;
    case 2: elims_type2(u, ex, nex < 64 ? nex : 64, nonet__ctz(h->digits)); break;
    case 3:
        for (int i = 0; hc && i < g->n; i++) {
            int c = hc[i];
            if (c == h->ex[0] || c == h->ex[1] || x->grid->value[c]) continue;
            if (h->hidden && (h->where >> i & 1)) nonet__step_elim_mask(x, c, ~h->digits);
            if (!h->hidden && !(h->where >> i & 1)) nonet__step_elim_mask(x, c, h->digits);
            if (!h->hidden && (h->where >> i & 1)) nonet__step_extra(x, c);
        }
        break;
    default: /* 4: the digit not locked leaves both extra cells */
        nonet__step_elim_mask(x, h->ex[0], x->step->pub.digits & ~h->digits);
        nonet__step_elim_mask(x, h->ex[1], x->step->pub.digits & ~h->digits);
    }
    return x->step->pub.neliminations;
}

/* Takes hint h on the current loop: the best so far (first mode) or
 * emitted now. */
static void offer(ulsearch *u, ulhint *h)
{
    h->v1 = u->v1;
    h->v2 = u->v2;
    h->exact = exact_rating(h->len, h->rating - loop_rating(h->len));
    if (u->stop || !build(u, h, u->loop)) return;
    if (!u->x->first) {
        u->stop = nonet__hemit(u->x);
        return;
    }
    if (u->have_best &&
        (h->exact > u->best.exact || (h->exact == u->best.exact && h->type >= u->best.type)))
        return;
    u->best = *h;
    u->have_best = 1;
    memcpy(u->best_loop, u->loop, (size_t)h->len * sizeof *u->loop);
}

/* Position of cell c in house h. */
static int index_in(const nonet__hgeo *g, int h, int c)
{
    for (int i = 0; i < g->n; i++)
        if (g->house[h * g->n + i] == c) return i;
    return -1;
}

/* Type 3 with a naked set of `deg` cells: c1 (standing for both extra
 * cells, with their extras) and deg-1 other cells of house h. */
static void type3_naked(ulsearch *u, ulhint *h, int deg, uint64_t extra, int i1, int i2)
{
    const nonet__hgeo *g = u->x->geo;
    const nonet__hgrid *s = u->x->grid;
    const int *hc = g->house + h->house * g->n;
    uint64_t both = extra & s->cand[h->ex[0]] & s->cand[h->ex[1]];
    int elig[NONET_MAX_SIZE], m = 0, idx[8];
    for (int i = 0; i < g->n; i++) {
        int cnt = nonet__hcount(s->cand[hc[i]]);
        if (i != i1 && i != i2 && cnt >= 2 && cnt <= deg) elig[m++] = i;
    }
    for (int ok = nonet__comb_first(idx, deg - 1, m); ok && !u->stop;
         ok = nonet__comb_next(idx, deg - 1, m)) {
        uint64_t others = 0, where = 0;
        for (int i = 0; i < deg - 1; i++) {
            others |= s->cand[hc[elig[idx[i]]]];
            where |= 1ull << elig[idx[i]];
        }
        if (nonet__hcount(both | others) != deg || nonet__hcount(extra | others) != deg) continue;
        h->hidden = 0;
        h->digits = extra | others;
        h->where = where;
        h->rating = loop_rating(h->len) + deg - 1;
        offer(u, h);
    }
}

/* Type 3 with a hidden set: digits v1, v2 and deg-2 digits outside the
 * extras, confined (the second extra cell left out) to deg cells of h. */
static void type3_hidden(ulsearch *u, ulhint *h, int deg, uint64_t extra, int i1, int i2)
{
    const nonet__hgeo *g = u->x->geo;
    const uint64_t *pos = u->x->grid->pos + (size_t)h->house * (size_t)g->n;
    uint64_t drop = ~(1ull << i2);
    int elig[NONET_MAX_SIZE], m = 0, idx[8];
    for (int d = 0; d < g->n; d++) {
        int cnt = nonet__hcount(pos[d] & drop);
        if (d != u->v1 && d != u->v2 && !(extra >> d & 1) && cnt >= 1 && cnt <= deg) elig[m++] = d;
    }
    uint64_t pair = (pos[u->v1] | pos[u->v2]) & drop;
    if (!(pos[u->v1] & drop) || !(pos[u->v2] & drop)) return;
    for (int ok = nonet__comb_first(idx, deg - 2, m); ok && !u->stop;
         ok = nonet__comb_next(idx, deg - 2, m)) {
        uint64_t where = pair, digits = 1ull << u->v1 | 1ull << u->v2;
        for (int i = 0; i < deg - 2; i++) {
            where |= pos[elig[idx[i]]] & drop;
            digits |= 1ull << elig[idx[i]];
        }
        if (nonet__hcount(where) != deg) continue;
        where &= ~(1ull << i1);
        h->hidden = 1;
        h->digits = digits;
        h->where = where;
        h->rating = loop_rating(h->len) + nonet__hcount(where) - 1;
        offer(u, h);
    }
}

/* Type 3 hints of extra cells c1, c2, for every set size and shared house. */
static void type3(ulsearch *u, int c1, int c2)
{
    const nonet__hgeo *g = u->x->geo;
    uint64_t extra =
        (u->x->grid->cand[c1] | u->x->grid->cand[c2]) & ~(1ull << u->v1 | 1ull << u->v2);
    int maxdeg = g->n - 2 < 7 ? g->n - 2 : 7;
    for (int deg = nonet__hcount(extra); deg <= maxdeg && !u->stop; deg++)
        for (int k = g->ch_at[c1]; k < g->ch_at[c1 + 1] && !u->stop; k++) {
            int hh = g->ch_se[k], i2 = index_in(g, hh, c2);
            if (i2 < 0) continue;
            int i1 = index_in(g, hh, c1), empty = nonet__house_empty(u->x->grid, g, hh);
            ulhint h = {.type = 3, .house = hh, .len = u->len, .nex = 2, .ex = {c1, c2}};
            if (2 * deg <= empty) type3_naked(u, &h, deg, extra, i1, i2);
            if (2 * deg < empty && deg - 2 <= g->n - 2 - nonet__hcount(extra))
                type3_hidden(u, &h, deg, extra, i1, i2);
        }
}

/* Type 4: in a house shared by c1 and c2, a loop digit with no other place. */
static void type4(ulsearch *u, int c1, int c2)
{
    const nonet__hgeo *g = u->x->geo;
    int r1 = -1, r2 = -1;
    for (int k = g->ch_at[c1]; k < g->ch_at[c1 + 1]; k++) {
        int hh = g->ch_se[k], i1 = index_in(g, hh, c1), i2 = index_in(g, hh, c2);
        if (i1 < 0 || i2 < 0) continue;
        uint64_t rest = ~(1ull << i1 | 1ull << i2);
        const uint64_t *pos = u->x->grid->pos + (size_t)hh * (size_t)g->n;
        if (!(pos[u->v1] & rest)) r1 = hh;
        if (!(pos[u->v2] & rest)) r2 = hh;
    }
    if (r1 < 0 && r2 < 0) return;
    ulhint h = {.type = 4,
                .house = r1 >= 0 ? r1 : r2,
                .rating = loop_rating(u->len),
                .digits = 1ull << (r1 >= 0 ? u->v1 : u->v2),
                .len = u->len,
                .nex = 2,
                .ex = {c1, c2}};
    offer(u, &h);
}

/* A closed loop: checks it and offers its hints in SE's order. */
static void on_loop(ulsearch *u)
{
    if (!valid_loop(u)) return;
    int ex[3], nex = extra_cells(u, u->loop, u->len, ex, 3);
    ulhint h = {
        .house = -1, .rating = loop_rating(u->len), .len = u->len, .nex = nex, .ex = {-1, -1}};
    uint64_t ab = 1ull << u->v1 | 1ull << u->v2;
    if (nex == 1) {
        h.type = 1;
        offer(u, &h);
    } else if (nex > 2) {
        h.type = 2;
        h.digits = u->x->grid->cand[ex[0]] & ~ab;
        h.digits &= -h.digits;
        offer(u, &h);
    } else if (nex == 2) {
        uint64_t r = (u->x->grid->cand[ex[0]] | u->x->grid->cand[ex[1]]) & ~ab;
        if (nonet__hcount(r) == 1) {
            h.type = 2;
            h.digits = r;
            offer(u, &h);
        } else if (nonet__hcount(r) >= 2) {
            type3(u, ex[0], ex[1]);
        }
        type4(u, ex[0], ex[1]);
    }
}

/* SE's walk: extends the path from `cell` through houses of a kind other
 * than the one it came in by. `ex` is the union of extra digits so far. */
static void walk(ulsearch *u, int cell, int allowed, uint64_t ex, int last)
{
    nonet__hctx *x = u->x;
    const nonet__hgeo *g = x->geo;
    uint64_t ab = 1ull << u->v1 | 1ull << u->v2;
    u->loop[u->len++] = cell;
    u->in[cell] = 1;
    for (int k = g->ch_at[cell]; k < g->ch_at[cell + 1] && !u->stop; k++) {
        int hh = g->ch_se[k];
        if (g->kclass[hh] == last) continue;
        for (int i = 0; i < g->n && !u->stop; i++) {
            int next = g->house[hh * g->n + i];
            if (next == u->loop[0] && u->len >= 4) {
                on_loop(u);
            } else if (!u->in[next] && (x->grid->cand[next] & ab) == ab) {
                uint64_t p = x->grid->cand[next];
                ex |= p & ~ab;
                int card = nonet__hcount(p);
                if (card == 2 || nonet__hcount(ex) == 1 || allowed > 0)
                    walk(u, next, allowed - (card > 2), ex, g->kclass[hh]);
            }
        }
    }
    u->len--;
    u->in[cell] = 0;
}

nonet__hfound nonet__find_unique_loop(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int nc = g->ncells;
    if ((size_t)3 * (size_t)nc + (size_t)g->nhouses > x->scratch_ints) return NONET__HF_NONE;
    ulsearch u = {0};
    u.x = x;
    u.t = t;
    u.loop = x->scratch;
    u.best_loop = x->scratch + nc;
    u.in = (unsigned char *)(x->scratch + 2 * nc);
    u.par = u.in + nc;
    memset(u.in, 0, (size_t)nc + 2 * (size_t)g->nhouses);
    for (int c = 0; c < nc && !u.stop; c++) {
        uint64_t m = x->grid->cand[c];
        if (nonet__hcount(m) != 2) continue;
        u.v1 = nonet__ctz(m);
        u.v2 = nonet__ctz(m & (m - 1));
        walk(&u, c, 2, 0, -1);
    }
    if (u.stop) return NONET__HF_FOUND;
    if (!u.have_best) return NONET__HF_NONE;
    build(&u, &u.best, u.best_loop);
    return nonet__hemit(x);
}
