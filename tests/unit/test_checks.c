/*
 * test_checks.c - the invariant checkers behind NONET_ASSERT (core/assert.h)
 * say yes to sound structures and no to each kind of damage: a shape with a
 * house holding a cell twice or a peer list out of order, a puzzle with a
 * value above N or an empty candidate mask, a fast-engine state with a
 * digit twice in a row, a column or a box, or a solved cell with two digits.
 * They test the library's private checkers, so they include its private
 * headers (src/ is on this test's include path).
 */
#include "core/assert.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "engines/fast/state.h"

#include "harness.h"

#include <nonet.h>

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

static const harness_test TESTS[] = {
    {"shape", test_shape},
    {"puzzle", test_puzzle},
    {"fast_state", test_fast_state},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
