/*
 * fish.c - basic fish: X-Wing, Swordfish, Jellyfish (k = 2, 3, 4 lines)
 * on rows and columns, any size.
 *
 * A digit whose places in k base lines all lie in k cover lines is removed
 * from the rest of the cover lines. SE's order: columns as base lines
 * first, then rows; within each, base line tuples in the numeric order of
 * their masks, and for each tuple the digits ascending; a digit is tried
 * only when it has at least 2k empty places left (placed count + 2k <= N),
 * and every base line holds it in at least two places. Ratings 3.2, 3.8,
 * 5.2. t->param: k.
 */
#include "human/human.h"

/* Base and cover lines of one fish. */
typedef struct fish {
    int base0, cover0;    /* first house of the base / cover kind */
    int k;
    uint64_t bases;       /* base line numbers (a bit each) */
    uint64_t covers;      /* cover line numbers */
    int d;
} fish;

/* Emits fish f (its eliminations: d in the cover lines off the base lines). */
static int fish_emit(nonet__hctx *x, const nonet__htech *t, const fish *f)
{
    const nonet__hgeo *g = x->geo;
    int n = g->n;
    nonet__step_begin(x, t);
    x->step->pub.digits = 1ull << f->d;
    for (uint64_t b = f->bases; b; b &= b - 1) {
        int h = f->base0 + nonet__ctz(b);
        nonet__step_base(x, h);
        for (uint64_t p = x->g->pos[(size_t)h * n + f->d] & f->covers; p; p &= p - 1)
            nonet__step_cell(x, g->house[h * n + nonet__ctz(p)]);
    }
    for (uint64_t c = f->covers; c; c &= c - 1) {
        int h = f->cover0 + nonet__ctz(c);
        nonet__step_cover(x, h);
        for (uint64_t p = x->g->pos[(size_t)h * n + f->d] & ~f->bases; p; p &= p - 1)
            nonet__step_elim(x, g->house[h * n + nonet__ctz(p)], f->d);
    }
    return nonet__hemit(x);
}

/* 1 when the cover lines hold d off the base lines. */
static int fish_useful(const nonet__hctx *x, const fish *f)
{
    for (uint64_t c = f->covers; c; c &= c - 1) {
        int h = f->cover0 + nonet__ctz(c);
        if (x->g->pos[(size_t)h * (size_t)x->geo->n + (size_t)f->d] & ~f->bases) return 1;
    }
    return 0;
}

/* Searches digit f->d's fish in tuple order. With `first`, stops at the
 * first useful one (left in *f, returns 1); otherwise emits them all
 * (returns 1 when the sink stopped the search). */
static int fish_digit(nonet__hctx *x, const nonet__htech *t, fish *f, int first)
{
    const nonet__hgeo *g = x->geo;
    int elig[NONET_MAX_SIZE], m = 0, idx[4], k = f->k;
    for (int l = 0; l < g->n; l++) {
        int cnt = nonet__hcount(x->g->pos[(size_t)(f->base0 + l) * g->n + f->d]);
        if (cnt >= 2 && cnt <= k) elig[m++] = l;
    }
    for (int ok = nonet__comb_first(idx, k, m); ok; ok = nonet__comb_next(idx, k, m)) {
        f->bases = f->covers = 0;
        for (int i = 0; i < k; i++) {
            f->bases |= 1ull << elig[idx[i]];
            f->covers |= x->g->pos[(size_t)(f->base0 + elig[idx[i]]) * g->n + f->d];
        }
        if (nonet__hcount(f->covers) != k || !fish_useful(x, f)) continue;
        if (first) return 1;
        if (fish_emit(x, t, f)) return 1;
    }
    return 0;
}

/* Times digit d is placed (counted over the rows). */
static int placed_count(const nonet__hctx *x, int d)
{
    int k = 0;
    for (int r = 0; r < x->geo->n; r++) k += (int)(x->g->placed[r] >> d & 1);
    return k;
}

/* One pass: base lines of kind starting at base0, covers at cover0. */
static int fish_pass(nonet__hctx *x, const nonet__htech *t, int base0, int cover0, int k)
{
    fish best = {0}, f = {base0, cover0, k, 0, 0, 0};
    int found = 0;
    for (f.d = 0; f.d < x->geo->n; f.d++) {
        if (placed_count(x, f.d) + 2 * k > x->geo->n) continue;
        if (!x->first) {
            if (fish_digit(x, t, &f, 0)) return 1;
        } else if (fish_digit(x, t, &f, 1) && (!found || f.bases < best.bases)) {
            best = f;
            found = 1;
        }
    }
    return found && fish_emit(x, t, &best);
}

int nonet__find_fish(nonet__hctx *x, const nonet__htech *t)
{
    int n = x->geo->n;
    return fish_pass(x, t, n, 0, t->param) || fish_pass(x, t, 0, n, t->param);
}
