/*
 * bug.c - the Bivalue Universal Grave (BUG), types 1 to 4, as Sudoku
 * Explainer finds and rates them.
 *
 * A BUG is a state where every empty cell has two candidates and every
 * digit has zero or two places in every house: it has no solution or
 * several (flip every cell to its other candidate). So in a unique puzzle,
 * when removing a few "BUG values" from a few "BUG cells" would leave a
 * BUG, one of those values must be true. Type 1: one BUG cell: it holds
 * one of its BUG values. Type 2: one BUG value: it leaves every cell that
 * sees all BUG cells. Type 3: the BUG cells act as one cell holding the BUG
 * values, which form a naked set with other cells of a house they share.
 * Type 4: two BUG cells in one house sharing a non-BUG digit: that digit
 * is true in one of them, so each loses its other non-BUG digit.
 *
 * SE's way of finding the BUG cells (kept): houses box, row, column (then
 * the variants' houses), digits ascending; a digit with other than zero or
 * two places whose places fall in exactly one cell of three or more
 * candidates makes that cell a BUG cell for it; none such cell: no BUG;
 * two or more: decided in another house. Ratings: type 1 5.6, types 2
 * and 4 5.7, type 3 5.7 + 0.1 per digit of its set beyond one.
 * Only for puzzles known to be unique on shapes whose rules are all houses.
 */
#include "human/human.h"

#include <string.h>

#define MAXBUG 64

typedef struct bugs {
    nonet__hctx *x;
    const nonet__htech *t;
    int cells[MAXBUG];     /* BUG cells, in the order found */
    uint64_t vals[MAXBUG]; /* their BUG values */
    int n;
    uint64_t all;     /* every BUG value */
    uint64_t *common; /* nw words: cells seeing every BUG cell, not BUG cells */
    int have_common;
    uint64_t *tmp; /* ncells: candidates without the BUG values */
} bugs;

/* Index of c among the BUG cells, or -1. */
static int bug_index(const bugs *b, int c)
{
    for (int i = 0; i < b->n; i++)
        if (b->cells[i] == c) return i;
    return -1;
}

/* Records BUG value d of cell c. Returns 0 when the search must stop (no
 * BUG of types 1-3 is possible any more), else 1. */
static int add_bug(bugs *b, int c, int d)
{
    const nonet__hgeo *g = b->x->geo;
    int i = bug_index(b, c);
    if (i < 0) {
        if (b->n == MAXBUG) return 0;
        i = b->n++;
        b->cells[i] = c;
        b->vals[i] = 0;
    }
    b->vals[i] |= 1ull << d;
    b->all |= 1ull << d;
    b->tmp[c] &= ~(1ull << d);
    const uint64_t *peers = g->peer_bits + (size_t)c * (size_t)g->nw;
    int any = 0;
    for (int w = 0; w < g->nw; w++) {
        b->common[w] = b->have_common ? b->common[w] & peers[w] : peers[w];
        for (int k = 0; k < b->n; k++)
            if (b->cells[k] >> 6 == w) b->common[w] &= ~(1ull << (b->cells[k] & 63));
        any |= b->common[w] != 0;
    }
    b->have_common = 1;
    return !(b->n > 1 && nonet__hcount(b->all) > 1 && !any);
}

/* SE's scan for BUG cells. Returns 1 when the state may be a BUG. */
static int scan(bugs *b)
{
    const nonet__hgeo *g = b->x->geo;
    const nonet__hgrid *s = b->x->grid;
    for (int i = 0; i < g->nhouses; i++) {
        int h = g->order_brc[i];
        for (int d = 0; d < g->n; d++) {
            uint64_t p = s->pos[(size_t)h * (size_t)g->n + (size_t)d];
            int card = nonet__hcount(p), nbug = 0, cell = -1;
            if (card == 0 || card == 2) continue;
            for (; p; p &= p - 1) {
                int c = g->house[h * g->n + nonet__ctz(p)];
                if (nonet__hcount(s->cand[c]) >= 3) nbug++, cell = c;
            }
            if (nbug == 0 || (nbug == 1 && !add_bug(b, cell, d))) return 0;
        }
    }
    return 1;
}

/* 1 when the candidates without the BUG values form a BUG. */
static int is_grave(const bugs *b)
{
    const nonet__hgeo *g = b->x->geo;
    for (int c = 0; c < g->ncells; c++)
        if (!b->x->grid->value[c] && nonet__hcount(b->tmp[c]) != 2) return 0;
    for (int h = 0; h < g->nhouses; h++)
        for (int d = 0; d < g->n; d++) {
            int k = 0;
            for (int i = 0; i < g->n; i++) k += (int)(b->tmp[g->house[h * g->n + i]] >> d & 1);
            if (k != 0 && k != 2) return 0;
        }
    return 1;
}

/* Starts a BUG step of `type`: the BUG cells and values as its pattern. */
static void begin(bugs *b, int type, int rating)
{
    nonet__step_begin(b->x, b->t);
    b->x->step->pub.variant = type;
    b->x->step->rating = rating;
    b->x->step->pub.digits = b->all;
    for (int i = 0; i < b->n; i++) nonet__step_cell(b->x, b->cells[i]);
}

/* 1 when c sees every BUG cell (and is none). */
static int in_common(const bugs *b, int c) { return (int)(b->common[c >> 6] >> (c & 63) & 1); }

/* Type 1: the one BUG cell keeps only its BUG values. */
static int type1(bugs *b)
{
    begin(b, 1, 56);
    nonet__step_elim_mask(b->x, b->cells[0], ~b->all);
    return nonet__hemit(b->x);
}

/* Type 2: the one BUG value leaves the cells seeing every BUG cell. */
static int type2(bugs *b)
{
    int d = nonet__ctz(b->all);
    begin(b, 2, 57);
    for (int c = 0; c < b->x->geo->ncells; c++)
        if (in_common(b, c)) nonet__step_elim(b->x, c, d);
    return nonet__hemit(b->x);
}

/* 1 when house h holds every BUG cell. */
static int holds_all(const bugs *b, int h)
{
    const nonet__hgeo *g = b->x->geo;
    for (int i = 0; i < b->n; i++)
        if (!(g->house_bits[(size_t)h * (size_t)g->nw + (size_t)(b->cells[i] >> 6)] >>
                  (b->cells[i] & 63) &
              1))
            return 0;
    return 1;
}

/* Type 4: two BUG cells in one house sharing one non-BUG digit lose
 * their other non-BUG digit, once for each house they share. */
static int type4(bugs *b)
{
    const nonet__hgeo *g = b->x->geo;
    const nonet__hgrid *s = b->x->grid;
    int c1 = b->cells[0], c2 = b->cells[1];
    uint64_t both = s->cand[c1] & s->cand[c2] & ~b->all;
    if (nonet__hcount(both) != 1) return 0;
    for (int k = g->ch_at[c1]; k < g->ch_at[c1 + 1]; k++) {
        int h = g->ch_se[k];
        if (!holds_all(b, h)) continue;
        begin(b, 4, 57);
        nonet__step_base(b->x, h);
        nonet__step_elim_mask(b->x, c1, ~b->vals[0] & ~both);
        nonet__step_elim_mask(b->x, c2, ~b->vals[1] & ~both);
        if (nonet__hemit(b->x)) return 1;
    }
    return 0;
}

/* Type 3 in house h: naked sets of deg-1 cells of `rc` plus the BUG values. */
static int type3_in(bugs *b, int h, const int *rc, int m)
{
    const nonet__hgrid *s = b->x->grid;
    int idx[8];
    for (int deg = 2; deg <= 6; deg++) {
        if (m < deg) continue;
        for (int ok = nonet__comb_first(idx, deg - 1, m); ok;
             ok = nonet__comb_next(idx, deg - 1, m)) {
            uint64_t others = 0, in = 0;
            int fit = 1;
            for (int i = 0; i < deg - 1; i++) {
                uint64_t c = s->cand[rc[idx[i]]];
                fit &= nonet__hcount(c) > 1;
                others |= c;
                in |= 1ull << idx[i];
            }
            uint64_t set = others | b->all;
            if (!fit || nonet__hcount(others) != deg || nonet__hcount(set) != deg) continue;
            begin(b, 3, 57 + deg - 1);
            nonet__step_base(b->x, h);
            for (int i = 0; i < deg - 1; i++) nonet__step_extra(b->x, rc[idx[i]]);
            for (int i = 0; i < m; i++)
                if (!(in >> i & 1)) nonet__step_elim_mask(b->x, rc[i], set);
            if (nonet__hemit(b->x)) return 1;
        }
    }
    return 0;
}

/* Type 3: in each house holding every BUG cell, naked sets of common
 * peers with the BUG values (rc: room for the house's common peers). */
static int type3(bugs *b, int *rc)
{
    const nonet__hgeo *g = b->x->geo;
    int c1 = b->cells[0];
    for (int k = g->ch_at[c1]; k < g->ch_at[c1 + 1]; k++) {
        int h = g->ch_se[k], m = 0;
        if (!holds_all(b, h)) continue;
        const uint64_t *hb = g->house_bits + (size_t)h * (size_t)g->nw;
        for (int j = g->speer_at[c1]; j < g->speer_at[c1 + 1]; j++) {
            int c = g->speer[j];
            if (in_common(b, c) && (hb[c >> 6] >> (c & 63) & 1)) rc[m++] = c;
        }
        if (type3_in(b, h, rc, m)) return 1;
    }
    return 0;
}

nonet__hfound nonet__find_bug(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    size_t need = 2 * (size_t)g->ncells + 2 * (size_t)g->nw + (size_t)g->ncells;
    if (need > x->scratch_ints) return NONET__HF_NONE;
    bugs b;
    memset(&b, 0, sizeof b);
    b.x = x;
    b.t = t;
    b.tmp = (uint64_t *)(void *)x->scratch;
    b.common = b.tmp + g->ncells;
    int *rc = (int *)(void *)(b.common + g->nw);
    memcpy(b.tmp, x->grid->cand, (size_t)g->ncells * sizeof *b.tmp);
    if (!scan(&b) || !is_grave(&b) || b.n == 0) return NONET__HF_NONE;
    int any = 0;
    for (int w = 0; w < g->nw; w++) any |= b.common[w] != 0;
    if (b.n == 1) return type1(&b);
    if (nonet__hcount(b.all) == 1) {
        if (any && type2(&b)) return NONET__HF_FOUND;
        return b.n == 2 && type4(&b);
    }
    if (!any) return NONET__HF_NONE;
    if (b.n == 2 && type4(&b)) return NONET__HF_FOUND;
    return type3(&b, rc);
}
