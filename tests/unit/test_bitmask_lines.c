/*
 * test_bitmask_lines.c - the bitmask engine on jigsaw shapes whose regions
 * include a whole row or a whole column. The shape keeps no separate house
 * for such a region (it repeats the line), so the engine's locked candidates
 * take the region's placed digits from the line's house, and its segment
 * tables hold a region of one segment per line. Random consistent givens;
 * counts up to 3 must agree with the backtracking and DLX engines, and every
 * solution must verify.
 */
#include "harness.h"

#include <nonet.h>

#include <stdint.h>

/* Up to 3 solutions of p with engine e; each found must verify. */
static long count3(const nonet_puzzle *p, nonet_engine e)
{
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = 3;
    nonet_result res;
    unsigned char sol[NONET_MAX_CELLS];
    CHECK_EQ_INT(nonet_solve(p, &opt, sol, &res, NULL), NONET_OK);
    if (res.solutions) CHECK_EQ_INT(nonet_puzzle_verify(p, sol, NULL), NONET_OK);
    return (long)res.solutions;
}

/* The engines agree on `trials` random consistent givens of the map. */
static void cross_check_map(const char *map, unsigned variants, int trials)
{
    int reg[NONET_MAX_CELLS];
    CHECK_EQ_INT(nonet_regions_parse(map, strlen(map), reg, NULL), 6);
    nonet_shape_spec sp = {0};
    sp.size = 6;
    sp.regions = reg;
    sp.variants = variants;
    nonet_shape *s = nonet_shape_new(&sp, NULL);
    CHECK(s != NULL);
    if (!s) return;
    rng r = {12345};
    unsigned char cells[36];
    for (int t = 0; t < trials; t++) {
        memset(cells, 0, sizeof cells);
        int want = 4 + below(&r, 14);
        for (int k = 0; k < want; k++) {
            int c = below(&r, 36);
            cells[c] = (unsigned char)(1 + below(&r, 6));
            nonet_puzzle *q = nonet_puzzle_new(s, cells, NULL, NULL);
            if (nonet_puzzle_check(q, NULL)) cells[c] = 0;
            nonet_puzzle_free(q);
        }
        nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
        long a = count3(p, NONET_ENGINE_BITMASK);
        CHECK_EQ_INT(a, count3(p, NONET_ENGINE_BACKTRACK));
        CHECK_EQ_INT(a, count3(p, NONET_ENGINE_DLX));
        nonet_puzzle_free(p);
    }
    nonet_shape_free(s);
}

/* Regions A and F are rows 1 and 6. */
static const char ROWS[] = "AAAAAA\nBBBCCC\nBBDDCC\nBDDEEC\nDDEEEE\nFFFFFF\n";
/* The same map transposed: regions A and F are columns 1 and 6. */
static const char COLUMNS[] = "ABBBDF\nABBDDF\nABDDEF\nACDEEF\nACCEEF\nACCCEF\n";

static void test_row_regions(void)
{
    cross_check_map(ROWS, 0, 300);
    cross_check_map(ROWS, NONET_VARIANT_ANTI_KNIGHT, 100);
}

static void test_column_regions(void)
{
    cross_check_map(COLUMNS, 0, 300);
    cross_check_map(COLUMNS, NONET_VARIANT_X, 100);
}

static const harness_test TESTS[] = {
    {"row_regions", test_row_regions},
    {"column_regions", test_column_regions},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
