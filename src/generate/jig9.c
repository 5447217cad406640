/*
 * jig9.c - the removal checks on 9x9 shapes other than the classic one
 * (jigsaw maps, extra houses, anti-knight, anti-king), on a solver made for
 * that size: each digit's candidates are an 81-bit board (two words), so
 * placing a digit is a few masks, naked singles come from a bit-slice count
 * over the nine boards and hidden singles from one AND a house and digit.
 * The bitmask engine answers the same questions for any size, but its
 * per-change trail and its house scans cost it about ten times more on 9x9.
 *
 * It only answers "how many solutions, up to a limit" (no grid is kept):
 * the answer does not depend on the search order, so routing a removal
 * check here changes no puzzle. The search copies the state at each branch
 * (a few hundred bytes), branching on an open cell with the fewest
 * candidates (first found).
 *
 * Invariants of a state: lo/hi[d] hold only open cells; a cell is open
 * until a digit is placed in it; done[d] holds the houses where d is
 * placed, and no candidate of d is left in a peer of a placed d.
 */
#include "generate/generate.h"

#include "core/bits.h"
#include "core/shape.h"

#include <string.h>

#define HI_FULL ((1ull << 17) - 1) /* cells 64..80 */

typedef struct j9state {
    uint64_t lo[9], hi[9];     /* candidates of each digit among open cells */
    uint64_t open_lo, open_hi; /* open cells */
    uint64_t done[9];          /* houses holding each digit */
    uint64_t hd[9], ld[9];     /* houses where each digit's places changed since
                                  the last hidden-single / locked scan of them */
} j9state;

/* One count: the prepared shape, the limit, what was found. */
typedef struct j9count {
    const gen_jig9 *j;
    gen_search *search;
    const unsigned char *hint; /* NULL, or a grid whose digits are tried first */
    int limit, found, stop;    /* stop: the limit was met or progress said stop */
    unsigned long long nodes;
} j9count;

int gen_jig9_fits(const nonet_shape *s)
{
    return s->n == 9 && !s->classic9 && s->nhouses <= 64 && s->adj_at[s->ncells] == 0;
}

/* Whether j was prepared for s: the same houses and extra links. */
static int prepared_for(const gen_jig9 *j, const nonet_shape *s)
{
    return j->ready && j->nhouses == s->nhouses && j->variants == s->variants &&
           j->npeers == s->peer_at[s->ncells] &&
           !memcmp(j->house, s->house, (size_t)s->nhouses * 9 * sizeof *s->house);
}

/* Sets bit c of the board (lo, hi). */
static void set_cell(uint64_t *lo, uint64_t *hi, int c)
{
    if (c < 64) *lo |= 1ull << c;
    else *hi |= 1ull << (c - 64);
}

static void prepare(gen_jig9 *j, const nonet_shape *s)
{
    memset(j, 0, sizeof *j);
    j->nhouses = s->nhouses;
    j->variants = s->variants;
    j->npeers = s->peer_at[s->ncells];
    memcpy(j->house, s->house, (size_t)s->nhouses * 9 * sizeof *s->house);
    for (int h = 0; h < s->nhouses; h++)
        for (int i = 0; i < 9; i++) {
            int c = s->house[h * 9 + i];
            set_cell(&j->hlo[h], &j->hhi[h], c);
            j->chouses[c] |= 1ull << h;
        }
    for (int c = 0; c < 81; c++)
        for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++) {
            set_cell(&j->plo[c], &j->phi[c], s->peer[i]);
            j->peer_houses[c] |= j->chouses[s->peer[i]];
        }
    j->all = s->nhouses == 64 ? ~0ull : (1ull << s->nhouses) - 1;
    j->npairs = 0;
    for (int a = 0; a < s->nhouses; a++) {
        j->pair_at[a] = j->npairs;
        for (int b = 0; b < s->nhouses; b++) {
            uint64_t il = j->hlo[a] & j->hlo[b], ih = j->hhi[a] & j->hhi[b];
            if (a == b || nonet__popcount(il) + nonet__popcount(ih) < 2 ||
                j->npairs == GEN_JIG9_PAIRS)
                continue;
            gen_jig9_pair *q = &j->pair[j->npairs++];
            q->in_lo = il;
            q->in_hi = ih;
            q->rest_lo = j->hlo[b] & ~il;
            q->rest_hi = j->hhi[b] & ~ih;
            q->rest_houses = 0;
            for (int c = 0; c < 81; c++)
                if (c < 64 ? q->rest_lo >> c & 1 : q->rest_hi >> (c - 64) & 1)
                    q->rest_houses |= j->chouses[c];
        }
    }
    j->pair_at[s->nhouses] = j->npairs;
    j->ready = 1;
}

/* Places digit d (0-based) in open cell c. Returns 0 when d is not a
 * candidate there. */
static int place(const gen_jig9 *j, j9state *st, int d, int c)
{
    uint64_t bl = c < 64 ? 1ull << c : 0, bh = c < 64 ? 0 : 1ull << (c - 64);
    if (!((st->lo[d] & bl) | (st->hi[d] & bh))) return 0;
    uint64_t hc = j->chouses[c];
    for (int e = 0; e < 9; e++) {
        st->hd[e] |= hc; /* (also for the digits c did not hold: no harm) */
        st->ld[e] |= hc;
        st->lo[e] &= ~bl;
        st->hi[e] &= ~bh;
    }
    st->hd[d] |= j->peer_houses[c];
    st->ld[d] |= j->peer_houses[c];
    st->lo[d] &= ~j->plo[c];
    st->hi[d] &= ~j->phi[c];
    st->open_lo &= ~bl;
    st->open_hi &= ~bh;
    st->done[d] |= j->chouses[c];
    return 1;
}

/* The one digit left in open cell c (as a naked single), or -1 when none. */
static int digit_at(const j9state *st, int c)
{
    for (int d = 0; d < 9; d++)
        if (c < 64 ? st->lo[d] >> c & 1 : st->hi[d] >> (c - 64) & 1) return d;
    return -1;
}

/* Places the naked singles in (sl, sh). Returns 0 on a contradiction. */
static int place_singles(const gen_jig9 *j, j9state *st, uint64_t sl, uint64_t sh)
{
    while (sl) {
        int c = nonet__ctz(sl), d = digit_at(st, c);
        sl &= sl - 1;
        if (d < 0 || !place(j, st, d, c)) return 0;
    }
    while (sh) {
        int c = 64 + nonet__ctz(sh), d = digit_at(st, c);
        sh &= sh - 1;
        if (d < 0 || !place(j, st, d, c)) return 0;
    }
    return 1;
}

/* Hidden singles of digit d in the houses still without it. Returns -1 on
 * a contradiction (a house with no place for d), else the digits placed.
 * The first house seen with two places for d goes to *pair (as house * 9 +
 * d) when *pair < 0. */
static int hidden_digit(const gen_jig9 *j, j9state *st, int d, int *pair)
{
    int placed = 0;
    uint64_t todo = st->hd[d] & ~st->done[d];
    st->hd[d] = 0;
    while (todo) {
        int h = nonet__ctz(todo);
        todo &= todo - 1;
        if (st->done[d] >> h & 1) continue; /* placed by this pass */
        uint64_t x = st->lo[d] & j->hlo[h], y = st->hi[d] & j->hhi[h];
        if (!(x | y)) return -1;
        uint64_t x1 = x & (x - 1), y1 = y & (y - 1); /* without the lowest place */
        if (x ? x1 | y : y1) {                       /* two places or more */
            if (*pair < 0 && (x ? (!x1 || !y) && !((x1 | y) & ((x1 | y) - 1)) : !(y1 & (y1 - 1))))
                *pair = h * 9 + d;
            continue;
        }
        if (!place(j, st, d, x ? nonet__ctz(x) : 64 + nonet__ctz(y))) return -1;
        placed++;
    }
    return placed;
}

/* Locked candidates: where digit d's places in house A all lie in house
 * B, d leaves the rest of B (every pair of houses sharing two cells or
 * more, both ways). Returns the number of boards changed. */
static int locked(const gen_jig9 *j, j9state *st)
{
    int changed = 0;
    for (int d = 0; d < 9; d++) {
        uint64_t lo = st->lo[d], hi = st->hi[d], todo = st->ld[d] & ~st->done[d], moved = 0;
        st->ld[d] = 0;
        while (todo) {
            int a = nonet__ctz(todo);
            todo &= todo - 1;
            uint64_t x = lo & j->hlo[a], y = hi & j->hhi[a];
            for (int p = j->pair_at[a]; p < j->pair_at[a + 1]; p++) {
                const gen_jig9_pair *q = &j->pair[p];
                if ((x & ~q->in_lo) | (y & ~q->in_hi)) continue;
                if (!((lo & q->rest_lo) | (hi & q->rest_hi))) continue;
                lo &= ~q->rest_lo;
                hi &= ~q->rest_hi;
                moved |= q->rest_houses;
            }
        }
        st->hd[d] |= moved;
        st->ld[d] |= moved;
        changed += lo != st->lo[d] || hi != st->hi[d];
        st->lo[d] = lo;
        st->hi[d] = hi;
    }
    return changed;
}

/* What a node branches on: a cell's candidates (house < 0) or the two
 * places of a digit in a house. */
typedef struct j9branch {
    int cell, house, digit;
} j9branch;

/* Naked and hidden singles to a fixed point, then locked candidates while
 * they remove something. Returns 0 on a contradiction; else, with no open
 * cell left, br->cell = br->house = -1, or else the branch: a cell with
 * two candidates, else a digit with two places in a house, else a cell
 * with three, else the first open cell. */
static int propagate(const gen_jig9 *j, j9state *st, j9branch *br)
{
    for (;;) {
        uint64_t l1 = 0, l2 = 0, l3 = 0, l4 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
        for (int d = 0; d < 9; d++) {
            l4 |= l3 & st->lo[d];
            l3 |= l2 & st->lo[d];
            l2 |= l1 & st->lo[d];
            l1 |= st->lo[d];
            h4 |= h3 & st->hi[d];
            h3 |= h2 & st->hi[d];
            h2 |= h1 & st->hi[d];
            h1 |= st->hi[d];
        }
        if ((st->open_lo & ~l1) | (st->open_hi & ~h1)) return 0; /* an open cell is empty */
        if ((l1 & ~l2) | (h1 & ~h2)) {
            if (!place_singles(j, st, l1 & ~l2, h1 & ~h2)) return 0;
            continue;
        }
        int placed = 0, pair = -1;
        for (int d = 0; d < 9; d++) {
            int k = hidden_digit(j, st, d, &pair);
            if (k < 0) return 0;
            placed += k;
        }
        if (placed) continue;
        if (!(st->open_lo | st->open_hi)) {
            br->cell = br->house = -1;
            return 1;
        }
        if (locked(j, st)) continue;
        br->house = -1;
        uint64_t bl = l2 & ~l3, bh = h2 & ~h3; /* two candidates */
        if (!(bl | bh) && pair >= 0) {
            br->house = pair / 9;
            br->digit = pair % 9;
            return 1;
        }
        if (!(bl | bh)) {
            bl = l3 & ~l4;
            bh = h3 & ~h4;
        }
        if (!(bl | bh)) {
            bl = st->open_lo;
            bh = st->open_hi;
        }
        br->cell = bl ? nonet__ctz(bl) : 64 + nonet__ctz(bh);
        return 1;
    }
}

/* Counts a node; asks the progress callback every 1024. */
static void tick(j9count *x)
{
    gen_search *s = x->search;
    if (++x->nodes & 1023 || !s->progress) return;
    if (s->progress(s->progress_ctx, s->nodes + x->nodes)) {
        s->gave_up = 1;
        x->stop = 1;
    }
}

/* Counts the solutions below st until x->limit. */
static void search(j9count *x, j9state *st)
{
    j9branch br;
    if (!propagate(x->j, st, &br)) return;
    if (br.cell < 0 && br.house < 0) {
        x->stop = ++x->found >= x->limit;
        return;
    }
    if (br.house >= 0) {                        /* d in one of its two places in the house */
        int d = br.digit, c[2] = {0, 0}, k = 0; /* propagate saw two places */
        uint64_t pl = st->lo[d] & x->j->hlo[br.house], ph = st->hi[d] & x->j->hhi[br.house];
        for (; pl && k < 2; pl &= pl - 1) c[k++] = nonet__ctz(pl);
        for (; ph && k < 2; ph &= ph - 1) c[k++] = 64 + nonet__ctz(ph);
        int first = x->hint && x->hint[c[1]] == d + 1; /* the hint's place first */
        for (int i = 0; i < 2 && !x->stop; i++) {
            j9state child = *st;
            tick(x);
            if (place(x->j, &child, d, c[i ^ first])) search(x, &child);
        }
        return;
    }
    int c = br.cell, h = x->hint ? x->hint[c] - 1 : -1;
    if (h >= 0 && (c < 64 ? st->lo[h] >> c & 1 : st->hi[h] >> (c - 64) & 1)) {
        j9state child = *st; /* the hint's digit first */
        tick(x);
        if (place(x->j, &child, h, c)) search(x, &child);
    }
    for (int d = 0; d < 9 && !x->stop; d++) {
        if (d == h || !(c < 64 ? st->lo[d] >> c & 1 : st->hi[d] >> (c - 64) & 1)) continue;
        j9state child = *st;
        tick(x);
        if (place(x->j, &child, d, c)) search(x, &child);
    }
}

int gen_jig9_count(gen_search *search_, const nonet_shape *s, const unsigned char *givens,
                   const unsigned char *hint, int cell, int digit, int limit)
{
    gen_jig9 *j = &search_->jig9;
    if (!prepared_for(j, s)) prepare(j, s);
    j9state st;
    for (int d = 0; d < 9; d++) {
        st.lo[d] = ~0ull;
        st.hi[d] = HI_FULL;
        st.done[d] = 0;
        st.hd[d] = st.ld[d] = j->all;
    }
    st.open_lo = ~0ull;
    st.open_hi = HI_FULL;
    if (cell >= 0 && !givens[cell]) {
        if (cell < 64) st.lo[digit - 1] &= ~(1ull << cell);
        else st.hi[digit - 1] &= ~(1ull << (cell - 64));
    }
    j9count x = {j, search_, hint, limit, 0, 0, 0};
    int ok = 1;
    for (int c = 0; c < 81 && ok; c++)
        if (givens[c]) ok = place(j, &st, givens[c] - 1, c);
    if (ok) search(&x, &st);
    search_->nodes += x.nodes;
    if (search_->gave_up) return -2;
    return x.found;
}
