/*
 * test_checks.c - the invariant checkers behind NONET_ASSERT (core/assert.h)
 * say yes to sound structures and no to each kind of damage: a shape with a
 * house holding a cell twice or a peer list out of order, a puzzle with a
 * value above N or an empty candidate mask, a fast-engine state with a
 * digit twice in a row, a column or a box, or a solved cell with two digits;
 * a bitmask-engine state (nonet__bm_ok) with a placed cell keeping two
 * candidates, a wrong key, an empty or out-of-range mask, placed[] or
 * filled[] out of step with the cells; a planes-engine state (state_ok, at
 * the root's fixpoint of a real run) with a lane above N, row and column
 * planes that disagree, a wrong count, a placed cell with two digits, a box
 * peer keeping a placed digit, or a wrong number of placed cells. They test the library's private checkers, so they include its private
 * headers (src/ is on this test's include path).
 */
#include "core/assert.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "engines/bitmask/bitmask.h"
#include "engines/fast/state.h"
#include "engines/planes/check.h"

#include "harness.h"

#include <nonet.h>

#include <stdlib.h>

static void test_shape(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    CHECK(nonet__shape_ok(s));
    int keep = s->house[1];
    s->house[1] = s->house[0]; /* row 1 holds its first cell twice */
    CHECK(!nonet__shape_ok(s));
    s->house[1] = keep;
    CHECK(nonet__shape_ok(s));
    int p0 = s->peer[0], p1 = s->peer[1];
    s->peer[0] = p1; /* the peers of cell 0 out of order */
    s->peer[1] = p0;
    CHECK(!nonet__shape_ok(s));
    s->peer[0] = p0;
    s->peer[1] = p1;
    s->region[5] = 9; /* a region id out of range */
    CHECK(!nonet__shape_ok(s));
    s->region[5] = 0;
    CHECK(nonet__shape_ok(s));
    nonet_shape_free(s);
    nonet_shape_spec sp = {0};
    int groups[4] = {0, 5, 10, 15};
    sp.size = 4;
    sp.variants = NONET_VARIANT_X | NONET_VARIANT_ANTI_KING;
    sp.groups = groups;
    sp.group_count = 1;
    s = nonet_shape_new(&sp, NULL);
    CHECK(s && nonet__shape_ok(s));
    nonet_shape_free(s);
}

static void test_puzzle(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", NULL);
    CHECK(p && nonet__puzzle_ok(p));
    p->cells[3] = 10; /* a digit above N */
    CHECK(!nonet__puzzle_ok(p));
    p->cells[3] = 0;
    uint64_t cands[81];
    for (int c = 0; c < 81; c++) cands[c] = 0x1ff;
    p->cands = cands;
    CHECK(nonet__puzzle_ok(p));
    cands[7] = 0; /* no candidate left */
    CHECK(!nonet__puzzle_ok(p));
    cands[7] = 0x3ff; /* a digit beyond N */
    CHECK(!nonet__puzzle_ok(p));
    p->cands = NULL;
    memcpy(p->alphabet, "abc", 4); /* an alphabet that cannot name 9 digits */
    CHECK(!nonet__puzzle_ok(p));
    p->alphabet[0] = '\0';
    CHECK(nonet__puzzle_ok(p));
    nonet_puzzle_free(p);
}

/* A fresh state: every digit possible everywhere, nothing solved. */
static void fresh(f9_state *s)
{
    memset(s, 0, sizeof *s);
    for (int b = 0; b < 3; b++) {
        for (int d = 0; d < 9; d++) s->g[b][d] = F9_ALL27;
        s->unsolved[b] = F9_ALL27;
    }
}

/* Places digit d+1 at band bit p of band b the plain way: the cell keeps
 * only d, which leaves its peers (enough for these checks). */
static void place(f9_state *s, int b, int p, int d)
{
    for (int e = 0; e < 9; e++) s->g[b][e] &= ~(1u << p);
    s->g[b][d] |= 1u << p;
    s->unsolved[b] &= ~(1u << p);
}

static void test_fast_state(void)
{
    f9_state s;
    fresh(&s);
    CHECK(nonet__fast_check_state(&s));
    place(&s, 0, 0, 4);
    CHECK(nonet__fast_check_state(&s));
    place(&s, 0, 5, 4); /* digit 5 twice in row 1 */
    CHECK(!nonet__fast_check_state(&s));
    fresh(&s);
    place(&s, 0, 0, 4);
    place(&s, 1, 0, 4); /* twice in column 1 (bands 1 and 2) */
    CHECK(!nonet__fast_check_state(&s));
    fresh(&s);
    place(&s, 0, 0, 4);
    place(&s, 0, 9, 4); /* twice in column 1 inside band 1 */
    CHECK(!nonet__fast_check_state(&s));
    fresh(&s);
    place(&s, 0, 0, 4);
    place(&s, 0, 10, 4); /* twice in box 1 */
    CHECK(!nonet__fast_check_state(&s));
    fresh(&s);
    place(&s, 2, 3, 2);
    s.g[2][7] |= 1u << 3; /* a solved cell with two digits */
    CHECK(!nonet__fast_check_state(&s));
    fresh(&s);
    s.g[1][12] = 1; /* a lane above digit 9 not empty */
    CHECK(!nonet__fast_check_state(&s));
}

/* A bitmask-engine state built by hand from a puzzle's givens: the givens
 * placed (filled[] in cell order, placed[] per house), every open cell with
 * every candidate. Arrays for a 9x9 shape. */
typedef struct bm_hand {
    bm b;
    uint64_t cand[81], placed[64];
    unsigned char val[81], key[81];
    int filled[81];
} bm_hand;

static void bm_build(bm_hand *h, const nonet_puzzle *p)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    memset(h, 0, sizeof *h);
    h->b.s = s;
    h->b.n = s->n;
    h->b.cand = h->cand;
    h->b.val = h->val;
    h->b.key = h->key;
    h->b.placed = h->placed;
    h->b.filled = h->filled;
    for (int c = 0; c < s->ncells; c++) {
        int v = nonet_puzzle_cells(p)[c];
        h->val[c] = (unsigned char)v;
        h->cand[c] = v ? 1ull << (v - 1) : s->full;
        h->key[c] = (unsigned char)(v ? 255 : s->n);
        if (v) h->filled[h->b.nfilled++] = c;
    }
    for (int k = 0; k < s->nhouses; k++)
        for (int i = 0; i < s->n; i++) {
            int v = h->val[s->house[k * s->n + i]];
            if (v) h->placed[k] |= 1ull << (v - 1);
        }
}

static void test_bitmask_state(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", NULL);
    static bm_hand h;
    bm_build(&h, p);
    CHECK(h.b.s->nhouses <= 64);
    CHECK(nonet__bm_ok(&h.b));
    h.cand[0] |= 1u << 6; /* the placed 4 of r1c1 keeps a 7 too */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.key[1] = 8; /* an open cell's key not its candidate count */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.cand[1] = 0; /* no candidate left */
    h.key[1] = 0;
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.cand[1] = 1ull << 9; /* a digit beyond 9 */
    h.key[1] = 1;
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.placed[0] &= ~(1ull << 3); /* row 1 forgets its placed 4 */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.placed[9] |= 1ull << 1; /* column 1 claims a 2 it does not hold */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.b.nfilled--; /* filled[] misses a placed cell */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.filled[2] = 1; /* filled[] lists an open cell */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    h.val[1] = 3; /* a placed digit without its candidate bit, key and house bits */
    CHECK(!nonet__bm_ok(&h.b));
    bm_build(&h, p);
    CHECK(nonet__bm_ok(&h.b));
    nonet_puzzle_free(p);
}

/* The parts of a planes state (9x9: lanes of 16 bits) at st. */
typedef struct pl_parts {
    uint16_t *A, *B;
    uint32_t *solved;
    uint8_t *cnt;
    int *nsolved;
} pl_parts;

static pl_parts pl_parts_of(const pl_ctx *k, char *st)
{
    pl_parts v = {(uint16_t *)(void *)st, (uint16_t *)(void *)(st + k->off_cols),
                  (uint32_t *)(void *)(st + k->off_solved), (uint8_t *)(st + k->off_cnt),
                  (int *)(void *)(st + k->off_nsolved)};
    return v;
}

/* Flips the candidate d of cell (r, c) in both planes and its count. */
static void pl_flip(pl_parts *v, int r, int c, int d, int on)
{
    if (on) {
        v->A[16 * r + d] |= (uint16_t)(1u << c);
        v->B[16 * c + d] |= (uint16_t)(1u << r);
        v->cnt[r * 9 + c]++;
    } else {
        v->A[16 * r + d] &= (uint16_t) ~(1u << c);
        v->B[16 * c + d] &= (uint16_t) ~(1u << r);
        v->cnt[r * 9 + c]--;
    }
}

static void test_planes_state(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", NULL);
    nonet__search job;
    memset(&job, 0, sizeof job);
    job.shape = nonet_puzzle_shape(p);
    job.givens = nonet_puzzle_cells(p);
    job.limit = 2;
    job.tick_mask = 0xffff;
    nonet__workspace ws = {NULL, 0};
    pl_ctx *k = malloc(sizeof *k);
    CHECK(k && nonet__planes_setup(k, &job, &ws));
    CHECK(nonet__planes_start_portable(k));
    char *st = k->states, *saved = malloc(k->state_bytes);
    memcpy(saved, st, k->state_bytes);
    pl_parts v = pl_parts_of(k, st);
    CHECK(nonet__planes_state_ok_portable(k, st));
    /* a placed cell (r1c1 = 1) and an open cell with a candidate d */
    CHECK(v.solved[0] & 1u);
    int ro = -1, co = -1, d = -1;
    for (int cell = 0; cell < 81 && ro < 0; cell++)
        if (!(v.solved[cell / 9] >> (cell % 9) & 1) && v.cnt[cell] >= 2) {
            ro = cell / 9;
            co = cell % 9;
            for (d = 0; !(v.A[16 * ro + d] >> co & 1); d++) {}
        }
    CHECK(ro >= 0);
    v.A[16 * 2 + 12] = 1; /* a lane above digit 9 */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    v.B[16 * co + d] &= (uint16_t) ~(1u << ro); /* the column planes disagree */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    v.cnt[ro * 9 + co]++; /* a wrong count */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    for (int e = 0; e < 9; e++) /* an open cell without a candidate */
        if (v.A[16 * ro + e] >> co & 1) pl_flip(&v, ro, co, e, 0);
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    pl_flip(&v, 0, 0, 4, 1); /* the placed r1c1 keeps a 5 too */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    int r2 = -1; /* an open cell of box 1 in column 1 below r1c1 */
    for (int r = 1; r < 3; r++)
        if (!(v.solved[r] & 1u) && r2 < 0) r2 = r;
    CHECK(r2 >= 0);
    if (r2 >= 0) {
        pl_flip(&v, r2, 0, 0, 1); /* a box peer keeps the placed 1 */
        CHECK(!nonet__planes_state_ok_portable(k, st));
        memcpy(st, saved, k->state_bytes);
    }
    (*v.nsolved)++; /* a wrong number of placed cells */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    v.solved[4] |= 1u << 12; /* a placed column beyond the grid */
    CHECK(!nonet__planes_state_ok_portable(k, st));
    memcpy(st, saved, k->state_bytes);
    CHECK(nonet__planes_state_ok_portable(k, st));
    free(saved);
    free(k);
    free(ws.mem);
    nonet_puzzle_free(p);
}

static const harness_test TESTS[] = {
    {"shape", test_shape},
    {"puzzle", test_puzzle},
    {"fast_state", test_fast_state},
    {"bitmask_state", test_bitmask_state},
    {"planes_state", test_planes_state},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
