/*
 * test_jig9.c - the generator's 9x9 solver for shapes other than the classic
 * one (src/generate/jig9.c) against the bitmask engine (gen_count): on
 * random jigsaw maps and on 9x9 variant shapes (X, windoku, disjoint,
 * anti-knight, anti-king), random subsets of a grid's digits as givens,
 * with and without a digit ruled out of an empty cell, and with one given
 * changed (often no solution), the counts up to 1 and up to 2 must agree.
 */
#include "harness.h"

#include "core/shape.h"
#include "generate/generate.h"

#include <stdlib.h>

/* How often each count (0, 1, 2) came up, so the test shows it met all three. */
static int seen[3];

/* Compares the two solvers on `trials` random givens of shape s. */
static void agree_on(const nonet_shape *s, gen_search *se, nonet__rng *r, int trials)
{
    unsigned char grid[81], givens[81];
    CHECK_EQ_INT(gen_grid(se, s, r, 24, 1, grid, NULL), NONET_OK);
    for (int t = 0; t < trials; t++) {
        int keep = 18 + (int)nonet__rng_below(r, 30);
        for (int c = 0; c < 81; c++)
            givens[c] = nonet__rng_below(r, 81) < (uint32_t)keep ? grid[c] : 0;
        if (t % 4 == 3) { /* one given changed: often no solution at all */
            int c = (int)nonet__rng_below(r, 81);
            givens[c] = (unsigned char)(1 + nonet__rng_below(r, 9));
        }
        for (int limit = 1; limit <= 2; limit++) {
            int n = gen_jig9_count(se, s, givens, t % 2 ? grid : NULL, -1, 0, limit);
            CHECK_EQ_INT(n, gen_count(se, s, givens, NULL, limit, 0, NULL, NULL));
            if (n >= 0 && n <= 2) seen[n]++;
        }
        int cell = (int)nonet__rng_below(r, 81), digit = grid[cell];
        uint64_t cands[81];
        for (int c = 0; c < 81; c++) cands[c] = s->full;
        cands[cell] &= ~(1ull << (digit - 1));
        for (int limit = 1; limit <= 2; limit++)
            CHECK_EQ_INT(gen_jig9_count(se, s, givens, t % 2 ? NULL : grid, cell, digit, limit),
                         gen_count(se, s, givens, cands, limit, 0, NULL, NULL));
    }
}

static void test_random_maps(void)
{
    gen_search se;
    memset(&se, 0, sizeof se);
    nonet__rng r;
    nonet__rng_seed(&r, 33);
    int region[81];
    for (int m = 0; m < 40; m++) {
        CHECK_EQ_INT(gen_regions(9, NONET_SYMMETRY_NONE, &r, region, NULL), NONET_OK);
        nonet_shape_spec sp = {0};
        sp.size = 9;
        sp.regions = region;
        nonet_shape *s = nonet_shape_new(&sp, NULL);
        CHECK(s != NULL);
        CHECK(gen_jig9_fits(s));
        /* a map without a grid makes gen_grid fail: skip it */
        unsigned char grid[81];
        if (gen_grid(&se, s, &r, 4, 0, grid, NULL) == NONET_OK) agree_on(s, &se, &r, 60);
        nonet_shape_free(s);
    }
    free(se.ws.mem);
}

static void test_variants(void)
{
    static const unsigned kinds[] = {
        NONET_VARIANT_X,         NONET_VARIANT_HYPER,
        NONET_VARIANT_DISJOINT,  NONET_VARIANT_ANTI_KNIGHT,
        NONET_VARIANT_ANTI_KING, NONET_VARIANT_X | NONET_VARIANT_ANTI_KING};
    gen_search se;
    memset(&se, 0, sizeof se);
    nonet__rng r;
    nonet__rng_seed(&r, 34);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        nonet_shape_spec sp = {0};
        sp.size = 9;
        sp.box_rows = sp.box_cols = 3;
        sp.variants = kinds[k];
        nonet_shape *s = nonet_shape_new(&sp, NULL);
        CHECK(s != NULL);
        CHECK(gen_jig9_fits(s));
        agree_on(s, &se, &r, 200);
        nonet_shape_free(s);
    }
    for (int n = 0; n < 3; n++) CHECK(seen[n] > 10);
    nonet_shape *classic = nonet_shape_new_classic(9, NULL);
    CHECK(!gen_jig9_fits(classic)); /* the fast engine's */
    nonet_shape_free(classic);
    free(se.ws.mem);
}

static const harness_test TESTS[] = {
    {"random_maps", test_random_maps},
    {"variants", test_variants},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
