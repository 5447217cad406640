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
 * 5.2. t->ask.degree: k.
 */
#include "human/human.h"

#include "core/shape.h"

/* Base and cover lines of one fish. */
typedef struct fish {
    int base0, cover0; /* first house of the base / cover kind */
    int k;
    uint64_t bases;  /* base line numbers (a bit each) */
    uint64_t covers; /* cover line numbers */
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
        for (uint64_t p = x->grid->pos[(size_t)h * n + f->d] & f->covers; p; p &= p - 1)
            nonet__step_cell(x, g->house[h * n + nonet__ctz(p)]);
    }
    for (uint64_t c = f->covers; c; c &= c - 1) {
        int h = f->cover0 + nonet__ctz(c);
        nonet__step_cover(x, h);
        for (uint64_t p = x->grid->pos[(size_t)h * n + f->d] & ~f->bases; p; p &= p - 1)
            nonet__step_elim(x, g->house[h * n + nonet__ctz(p)], f->d);
    }
    return nonet__hemit(x);
}

/* 1 when the cover lines hold d off the base lines. */
static int fish_useful(const nonet__hctx *x, const fish *f)
{
    for (uint64_t c = f->covers; c; c &= c - 1) {
        int h = f->cover0 + nonet__ctz(c);
        if (x->grid->pos[(size_t)h * (size_t)x->geo->n + (size_t)f->d] & ~f->bases) return 1;
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
        int cnt = nonet__hcount(x->grid->pos[(size_t)(f->base0 + l) * g->n + f->d]);
        if (cnt >= 2 && cnt <= k) elig[m++] = l;
    }
    for (int ok = nonet__comb_first(idx, k, m); ok; ok = nonet__comb_next(idx, k, m)) {
        f->bases = f->covers = 0;
        for (int i = 0; i < k; i++) {
            f->bases |= 1ull << elig[idx[i]];
            f->covers |= x->grid->pos[(size_t)(f->base0 + elig[idx[i]]) * g->n + f->d];
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
    for (int r = 0; r < x->geo->n; r++) k += (int)(x->grid->placed[r] >> d & 1);
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

nonet__hfound nonet__find_fish(nonet__hctx *x, const nonet__htech *t)
{
    int n = x->geo->n;
    return fish_pass(x, t, n, 0, t->ask.degree) || fish_pass(x, t, 0, n, t->ask.degree);
}

/* ------------------------------------------------------------------ */
/* Finned and sashimi fish (extra, HoDoKu's)                            */
/* ------------------------------------------------------------------ */

/* A finned fish: k base lines whose places of d lie in k cover lines but
 * for some "fins", all in one box (or jigsaw region). Either the fish holds
 * (d leaves the cover lines off the base lines) or a fin is d: so d leaves
 * the cells of the cover lines, off the base lines, in the fins' box.
 * Sashimi when a base line has a single place in the covers: emitted as
 * the row after the finned one (which has no finder of its own). */
typedef struct finned {
    int base0, cover0, k, d;
    uint64_t bases, covers;
    int fbox; /* the fins' region */
    int sashimi;
} finned;

/* Cell at line l (of the base kind) and index i along it. */
static int base_cell(const nonet__hgeo *g, const finned *f, int l, int i)
{
    return f->base0 == 0 ? l * g->n + i : i * g->n + l;
}

/* Checks the fins of f (base lines' places off the covers): all in one
 * region, set in f->fbox. Returns 1 when there is at least one and they are. */
static int fins_in_one_box(const nonet__hctx *x, finned *f)
{
    const nonet__hgeo *g = x->geo;
    int box = -1;
    f->sashimi = 0;
    for (uint64_t b = f->bases; b; b &= b - 1) {
        int l = nonet__ctz(b);
        uint64_t p = x->grid->pos[(size_t)(f->base0 + l) * g->n + f->d];
        if (!(p & f->covers)) return 0;
        if (!((p & f->covers) & ((p & f->covers) - 1))) f->sashimi = 1;
        for (uint64_t fin = p & ~f->covers; fin; fin &= fin - 1) {
            int r = g->shape->region[base_cell(g, f, l, nonet__ctz(fin))];
            if (box >= 0 && r != box) return 0;
            box = r;
        }
    }
    f->fbox = box;
    return box >= 0;
}

/* Emits f's eliminations: d in the covers, off the bases, in the fins' box. */
static int finned_emit(nonet__hctx *x, const nonet__htech *t, const finned *f)
{
    const nonet__hgeo *g = x->geo;
    int n = g->n;
    nonet__step_begin(x, t + f->sashimi);
    x->step->pub.digits = 1ull << f->d;
    for (uint64_t b = f->bases; b; b &= b - 1) {
        int l = nonet__ctz(b);
        nonet__step_base(x, f->base0 + l);
        uint64_t p = x->grid->pos[(size_t)(f->base0 + l) * n + f->d];
        for (uint64_t q = p & f->covers; q; q &= q - 1)
            nonet__step_cell(x, base_cell(g, f, l, nonet__ctz(q)));
        for (uint64_t q = p & ~f->covers; q; q &= q - 1)
            nonet__step_extra(x, base_cell(g, f, l, nonet__ctz(q)));
    }
    for (uint64_t c = f->covers; c; c &= c - 1) {
        int h = f->cover0 + nonet__ctz(c);
        nonet__step_cover(x, h);
        for (uint64_t p = x->grid->pos[(size_t)h * n + f->d] & ~f->bases; p; p &= p - 1) {
            int cell = g->house[h * n + nonet__ctz(p)];
            if (g->shape->region[cell] == f->fbox) nonet__step_elim(x, cell, f->d);
        }
    }
    return nonet__hemit(x);
}

/* Finned fish of digit f->d on the base lines chosen in f->bases. */
static int finned_covers(nonet__hctx *x, const nonet__htech *t, finned *f)
{
    const nonet__hgeo *g = x->geo;
    uint64_t all = 0;
    for (uint64_t b = f->bases; b; b &= b - 1)
        all |= x->grid->pos[(size_t)(f->base0 + nonet__ctz(b)) * g->n + f->d];
    if (nonet__at_most(all, f->k)) return 0; /* a plain fish, or none */
    int cols[NONET_MAX_SIZE], m = 0, idx[4];
    for (uint64_t a = all; a; a &= a - 1) cols[m++] = nonet__ctz(a);
    for (int ok = nonet__comb_first(idx, f->k, m); ok; ok = nonet__comb_next(idx, f->k, m)) {
        f->covers = 0;
        for (int i = 0; i < f->k; i++) f->covers |= 1ull << cols[idx[i]];
        if (fins_in_one_box(x, f) && finned_emit(x, t, f)) return 1;
    }
    return 0;
}

nonet__hfound nonet__find_finned_fish(nonet__hctx *x, const nonet__htech *t)
{
    const nonet__hgeo *g = x->geo;
    int n = g->n, k = t->ask.degree;
    for (int pass = 0; pass < 2; pass++) {
        finned f = {pass ? n : 0, pass ? 0 : n, k, 0, 0, 0, -1, 0};
        for (f.d = 0; f.d < n; f.d++) {
            int lines[NONET_MAX_SIZE] = {0}, m = 0, idx[4] = {0};
            for (int l = 0; l < n; l++)
                if (x->grid->pos[(size_t)(f.base0 + l) * n + f.d]) lines[m++] = l;
            for (int ok = nonet__comb_first(idx, k, m); ok; ok = nonet__comb_next(idx, k, m)) {
                f.bases = 0;
                for (int i = 0; i < k; i++) f.bases |= 1ull << lines[idx[i]];
                if (finned_covers(x, t, &f)) return NONET__HF_FOUND;
            }
        }
    }
    return NONET__HF_NONE;
}
