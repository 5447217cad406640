/*
 * test_shapes.c - unit tests of the shape side of the API: variant names,
 * region maps as text, reader options (box, alphabet, variants, regions),
 * the nonet format written and read back, and the engines cross-checked on
 * every size and variant (random givens, counts up to 3 must agree, every
 * solution must verify) and on the benchmark sets of bench/data.
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>

#include "bench_sets.h" /* after nonet.h */

/* ------------------------------------------------------------------ */
/* Variant names and region maps                                        */
/* ------------------------------------------------------------------ */

static void test_variant_names(void)
{
    unsigned v = 99;
    nonet_error err;
    CHECK_EQ_INT(nonet_variants_parse("x,anti-knight", &v, &err), NONET_OK);
    CHECK_EQ_INT(v, NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT);
    CHECK_EQ_INT(nonet_variants_parse("windoku", &v, &err), NONET_OK);
    CHECK_EQ_INT(v, NONET_VARIANT_HYPER);
    CHECK_EQ_INT(nonet_variants_parse("none", &v, &err), NONET_OK);
    CHECK_EQ_INT(v, 0);
    CHECK_EQ_INT(nonet_variants_parse("x,zigzag", &v, &err), NONET_ERR_SHAPE);
    CHECK(strstr(err.message, "'zigzag'") != NULL);
    CHECK_EQ_STR(nonet_variant_name(NONET_VARIANT_NON_CONSECUTIVE), "non-consecutive");
    CHECK(nonet_variant_name(3) == NULL);
}

static void test_region_maps(void)
{
    int reg[NONET_MAX_CELLS];
    nonet_error err;
    const char *good = "# a 4x4 map\nAABB\nACBB\nCCDD\nCDDA\n";
    /* A has 4 cells (3 top-left + 1 bottom-right) but is not connected. */
    CHECK_EQ_INT(nonet_regions_parse(good, strlen(good), reg, &err), 4);
    CHECK_EQ_INT(reg[0], 0);
    CHECK_EQ_INT(reg[2], 1);
    CHECK_EQ_INT(reg[5], 2);
    CHECK_EQ_INT(reg[15], 0);
    nonet_shape_spec sp = {0};
    sp.size = 4;
    sp.regions = reg;
    CHECK(nonet_shape_new(&sp, &err) == NULL); /* A is split in two */
    CHECK(strstr(err.message, "not connected") != NULL);
    const char *bad = "AAAB\nAABB\nCCDD\nCCDD\n";
    CHECK_EQ_INT(nonet_regions_parse(bad, strlen(bad), reg, &err), -1);
    CHECK_EQ_INT(err.code, NONET_ERR_SHAPE);
    CHECK_EQ_INT(err.line, 1);
    CHECK(strstr(err.message, "region 'A' has 5 cells, expected 4") != NULL);
    const char *short_map = "AABB\nAABB\nCCDD\n";
    CHECK_EQ_INT(nonet_regions_parse(short_map, strlen(short_map), reg, &err), -1);
    CHECK(strstr(err.message, "3 rows, expected 4") != NULL);
}

/* ------------------------------------------------------------------ */
/* Reader options                                                       */
/* ------------------------------------------------------------------ */

/* Reads the first puzzle of `text` with options `o`; NULL with err set. */
static nonet_puzzle *read_with(const char *text, const nonet_read_options *o, nonet_error *err)
{
    nonet_reader *r = nonet_reader_new_mem(text, strlen(text), "t", NONET_FORMAT_AUTO, err);
    nonet_puzzle *p = NULL;
    if (r && (!o || nonet_reader_set_options(r, o, err) == NONET_OK)) nonet_reader_next(r, &p, err);
    nonet_reader_free(r);
    return p;
}

static void test_reader_options(void)
{
    nonet_read_options o;
    nonet_error err;
    nonet_read_options_init(&o);
    o.box_rows = 3;
    o.box_cols = 2;
    o.variants = NONET_VARIANT_X;
    nonet_puzzle *p = read_with("1.....\n......\n......\n......\n......\n......\n", &o, &err);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ_INT(nonet_shape_box_rows(nonet_puzzle_shape(p)), 3);
        CHECK_EQ_INT(nonet_shape_variants(nonet_puzzle_shape(p)), NONET_VARIANT_X);
        nonet_puzzle_free(p);
    }
    nonet_read_options_init(&o);
    o.alphabet = "0123456789ABCDEF";
    char line[258];
    memset(line, '.', 256);
    line[0] = '0';
    line[1] = 'F';
    line[256] = '\n';
    line[257] = 0;
    p = read_with(line, &o, &err);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ_INT(nonet_puzzle_cells(p)[0], 1);
        CHECK_EQ_INT(nonet_puzzle_cells(p)[1], 16);
        char out[512];
        nonet_result res = {0};
        res.solutions = 0;
        nonet_write_answer(out, sizeof out, NONET_FORMAT_LINE, p, &res, NULL);
        CHECK_EQ_STR(out, "No solution\n");
        nonet_puzzle_free(p);
    }
    o.alphabet = "0123456789ABCDE0";
    CHECK(read_with(line, &o, &err) == NULL);
    CHECK(strstr(err.message, "twice") != NULL);
    nonet_read_options_init(&o);
    o.box_rows = 3;
    o.box_cols = 4;
    CHECK(read_with("1........\n", &o, &err) == NULL); /* a 9-cell line is not 12x12 */
}

/* The cells of house h of s, sorted, into cells (room for N); its kind, or
 * -1 when h is out of range (cells untouched). */
static int house_sorted(const nonet_shape *s, int h, int *cells)
{
    const int *src = nonet_shape_house_cells(s, h);
    if (!src) return -1;
    int n = nonet_shape_size(s);
    for (int i = 0; i < n; i++) {
        int v = src[i], j = i;
        for (; j > 0 && cells[j - 1] > v; j--) cells[j] = cells[j - 1];
        cells[j] = v;
    }
    return nonet_shape_house_kind(s, h);
}

/* Counts the houses of each kind of s into count[kind]; checks that each
 * holds N distinct cells of the grid, and that the houses of one kind are
 * numbered 0, 1, ... in order. */
static void count_houses(const nonet_shape *s, int count[8])
{
    int n = nonet_shape_size(s), cells[NONET_MAX_SIZE];
    memset(count, 0, 8 * sizeof *count);
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        int kind = house_sorted(s, h, cells);
        CHECK(kind >= NONET_HOUSE_ROW && kind <= NONET_HOUSE_GROUP);
        if (kind < 0 || kind > 7) continue;
        CHECK_EQ_INT(nonet_shape_house_number(s, h), count[kind]);
        count[kind]++;
        for (int i = 1; i < n; i++) CHECK(cells[i] > cells[i - 1]);
        CHECK(cells[0] >= 0 && cells[n - 1] < n * n);
    }
}

/* nonet_shape_house_count, _kind, _number and _cells over boxes, the
 * variants' houses, an extra group and jigsaw regions. */
static void test_houses(void)
{
    nonet_error err;
    int count[8], cells[NONET_MAX_SIZE];
    nonet_shape *s = nonet_shape_new_classic(9, &err);
    CHECK_EQ_INT(nonet_shape_house_count(s), 27);
    count_houses(s, count);
    CHECK_EQ_INT(count[NONET_HOUSE_ROW], 9);
    CHECK_EQ_INT(count[NONET_HOUSE_COLUMN], 9);
    CHECK_EQ_INT(count[NONET_HOUSE_BOX], 9);
    CHECK_EQ_INT(house_sorted(s, 9, cells), NONET_HOUSE_COLUMN); /* the first column */
    CHECK_EQ_INT(nonet_shape_house_number(s, 9), 0);
    CHECK_EQ_INT(cells[1], 9);
    CHECK_EQ_INT(house_sorted(s, 18 + 4, cells), NONET_HOUSE_BOX); /* the middle box */
    CHECK_EQ_INT(nonet_shape_house_number(s, 18 + 4), 4);
    CHECK_EQ_INT(cells[0], 30);
    CHECK_EQ_INT(cells[8], 50);
    CHECK(nonet_shape_house_cells(s, 27) == NULL);
    CHECK(nonet_shape_house_cells(s, -1) == NULL);
    CHECK_EQ_INT(nonet_shape_house_kind(s, 27), -1);
    CHECK_EQ_INT(nonet_shape_house_number(s, -1), -1);
    nonet_shape_free(s);

    int group[9] = {80, 1, 11, 21, 31, 41, 51, 61, 71}; /* unsorted on purpose */
    nonet_shape_spec sp = {0};
    sp.size = 9;
    sp.variants = NONET_VARIANT_X | NONET_VARIANT_HYPER | NONET_VARIANT_DISJOINT;
    sp.groups = group;
    sp.group_count = 1;
    s = nonet_shape_new(&sp, &err);
    CHECK(s != NULL);
    count_houses(s, count);
    CHECK_EQ_INT(count[NONET_HOUSE_DIAGONAL], 2);
    CHECK_EQ_INT(count[NONET_HOUSE_HYPER], 4);
    CHECK_EQ_INT(count[NONET_HOUSE_DISJOINT], 9);
    CHECK_EQ_INT(count[NONET_HOUSE_GROUP], 1);
    int last = nonet_shape_house_count(s) - 1;
    CHECK_EQ_INT(house_sorted(s, last, cells), NONET_HOUSE_GROUP);
    CHECK_EQ_INT(cells[0], 1);
    CHECK_EQ_INT(cells[8], 80);
    CHECK_EQ_INT(house_sorted(s, 27 + 2, cells), NONET_HOUSE_HYPER); /* the first window */
    CHECK_EQ_INT(cells[0], 10);
    CHECK_EQ_INT(cells[8], 30);
    CHECK_EQ_INT(house_sorted(s, 27, cells), NONET_HOUSE_DIAGONAL); /* from the top left */
    CHECK_EQ_INT(cells[1], 10);
    nonet_shape_free(s);

    int map[16] = {0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3};
    memset(&sp, 0, sizeof sp);
    sp.size = 4;
    sp.regions = map;
    s = nonet_shape_new(&sp, &err);
    CHECK(s != NULL);
    if (s) {
        count_houses(s, count);
        CHECK_EQ_INT(count[NONET_HOUSE_REGION], 4);
        CHECK_EQ_INT(house_sorted(s, 8 + 3, cells), NONET_HOUSE_REGION); /* region 3 */
        CHECK_EQ_INT(cells[0], 9);
        CHECK_EQ_INT(cells[3], 15);
        nonet_shape_free(s);
    }
    memset(&sp, 0, sizeof sp);
    sp.size = 4;
    sp.box_rows = 1;
    sp.box_cols = 4;
    s = nonet_shape_new(&sp, &err);
    CHECK_EQ_INT(nonet_shape_house_count(s), 8); /* boxes of one row repeat the rows */
    nonet_shape_free(s);
}

static void test_symbols(void)
{
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", &err);
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 1), '1');
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 9), '9');
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 0), '.');
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 10), 0);
    CHECK_EQ_INT(nonet_puzzle_symbol(p, -1), 0);
    nonet_puzzle_free(p);

    nonet_read_options o;
    nonet_read_options_init(&o);
    char line[258];
    memset(line, '.', 256);
    line[256] = '\n';
    line[257] = 0;
    p = read_with(line, &o, &err);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ_INT(nonet_puzzle_symbol(p, 10), 'A');
        CHECK_EQ_INT(nonet_puzzle_symbol(p, 16), 'G');
        nonet_puzzle_free(p);
    }
    o.alphabet = "0123456789ABCDEF";
    p = read_with(line, &o, &err);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ_INT(nonet_puzzle_symbol(p, 1), '0');
        CHECK_EQ_INT(nonet_puzzle_symbol(p, 16), 'F');
        nonet_puzzle_free(p);
    }
    nonet_shape *s = nonet_shape_new_classic(64, &err);
    unsigned char cells[64 * 64] = {0};
    p = nonet_puzzle_new(s, cells, NULL, &err);
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 1), 0); /* the default symbols cover sides up to 61 */
    CHECK_EQ_INT(nonet_puzzle_symbol(p, 0), '.');
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

/* ------------------------------------------------------------------ */
/* The nonet format                                                     */
/* ------------------------------------------------------------------ */

static void test_nonet_round_trip(void)
{
    static const char text[] = "nonet 1\nsize 6\nvariants anti-king\nalphabet abcdef\n"
                               "regions\nAAABBB\nAACCBB\nADDCCB\nDDECCF\nDEEEFF\nDEEFFF\n"
                               "group r1c1 r2c2 r3c3 r4c4 r5c5 r6c6\n"
                               "givens\na.....\n......\n......\n......\n......\n.....f\n"
                               "pencilmarks\n. bc . . . .\n. . . . . .\n. . . . . .\n. . . . . "
                               ".\n. . . . . .\n. . . . . .\n";
    nonet_error err;
    nonet_puzzle *p = read_with(text, NULL, &err);
    CHECK(p != NULL);
    if (!p) {
        fprintf(stderr, "%ld: %s\n", err.line, err.message);
        return;
    }
    const nonet_shape *s = nonet_puzzle_shape(p);
    CHECK_EQ_INT(nonet_shape_size(s), 6);
    CHECK_EQ_INT(nonet_shape_box_rows(s), 0);
    CHECK_EQ_INT(nonet_shape_variants(s), NONET_VARIANT_ANTI_KING);
    CHECK_EQ_INT(nonet_puzzle_cells(p)[35], 6);
    CHECK(nonet_puzzle_candidates(p) != NULL);
    if (nonet_puzzle_candidates(p)) CHECK_EQ_INT(nonet_puzzle_candidates(p)[1], 6);
    char out[4096];
    nonet_result res = {0};
    size_t len = nonet_write_answer(out, sizeof out, NONET_FORMAT_NONET, p, &res, NULL);
    CHECK(len < sizeof out);
    CHECK(strstr(out, "alphabet abcdef\n") != NULL);
    CHECK(strstr(out, "group r1c1 r2c2 r3c3 r4c4 r5c5 r6c6\n") != NULL);
    CHECK(strstr(out, "solution none\n") != NULL);
    nonet_puzzle *q = read_with(out, NULL, &err);
    CHECK(q != NULL);
    if (q) {
        const nonet_shape *t = nonet_puzzle_shape(q);
        for (int c = 0; c < 36; c++) {
            CHECK_EQ_INT(nonet_puzzle_cells(q)[c], nonet_puzzle_cells(p)[c]);
            CHECK_EQ_INT(nonet_shape_region(t, c) == nonet_shape_region(t, 0),
                         nonet_shape_region(s, c) == nonet_shape_region(s, 0));
        }
        CHECK_EQ_INT(nonet_shape_variants(t), NONET_VARIANT_ANTI_KING);
        CHECK(nonet_puzzle_candidates(q) != NULL);
        if (nonet_puzzle_candidates(q)) CHECK_EQ_INT(nonet_puzzle_candidates(q)[1], 6);
        nonet_puzzle_free(q);
    }
    nonet_puzzle_free(p);
}

static void test_nonet_errors(void)
{
    nonet_error err;
    CHECK(read_with("nonet 1\nsize 4\nwibble\ngivens\n....\n....\n....\n....\n", NULL, &err) ==
          NULL);
    CHECK_EQ_INT(err.line, 3);
    CHECK(strstr(err.message, "unknown keyword") != NULL);
    CHECK(read_with("nonet 2\nsize 4\n", NULL, &err) == NULL);
    CHECK(strstr(err.message, "version") != NULL);
    CHECK(read_with("nonet 1\nsize 4\ngroup r1c1 r1c2 r1c3 r1c9\ngivens\n....\n....\n....\n....\n",
                    NULL, &err) == NULL);
    CHECK(strstr(err.message, "outside") != NULL);
}

/* ------------------------------------------------------------------ */
/* Engine cross-checks on every shape                                   */
/* ------------------------------------------------------------------ */

/* Counts up to 3 solutions with engine e within `bound` nodes (0 = no
 * bound); -1 when it gave up. Every solution found must verify. */
static long count_bounded(const nonet_puzzle *p, nonet_engine e, unsigned char *sol,
                          unsigned long long bound)
{
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = 3;
    opt.max_nodes = bound;
    nonet_result res;
    nonet_status st = nonet_solve(p, &opt, sol, &res, NULL);
    if (st == NONET_ERR_LIMIT) return -1;
    CHECK_EQ_INT(st, NONET_OK);
    if (res.solutions) CHECK_EQ_INT(nonet_puzzle_verify(p, sol, NULL), NONET_OK);
    return (long)res.solutions;
}

static long count3(const nonet_puzzle *p, nonet_engine e, unsigned char *sol)
{
    return count_bounded(p, e, sol, 20000);
}

/* Random consistent givens on shape s, then every engine's count. */
static void cross_check_shape(const nonet_shape *s, rng *r, int trials)
{
    int n = nonet_shape_size(s), nc = n * n;
    unsigned char cells[NONET_MAX_CELLS], sol[NONET_MAX_CELLS];
    for (int t = 0; t < trials; t++) {
        memset(cells, 0, (size_t)nc);
        int want = nc * (20 + below(r, 25)) / 100;
        for (int k = 0; k < want; k++) {
            int c = below(r, nc);
            cells[c] = (unsigned char)(1 + below(r, n));
            nonet_puzzle *q = nonet_puzzle_new(s, cells, NULL, NULL);
            if (nonet_puzzle_check(q, NULL)) cells[c] = 0;
            nonet_puzzle_free(q);
        }
        nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
        long a = count3(p, NONET_ENGINE_BITMASK, sol), b = count3(p, NONET_ENGINE_DLX, sol);
        long c = n <= 6 ? count3(p, NONET_ENGINE_BACKTRACK, sol) : -1;
        if (a >= 0 && b >= 0 && a != b) {
            fprintf(stderr, "size %d variants %u box %dx%d givens ", n, nonet_shape_variants(s),
                    nonet_shape_box_rows(s), nonet_shape_box_cols(s));
            for (int k = 0; k < nc; k++) fputc(cells[k] ? '0' + cells[k] : '.', stderr);
            fputc('\n', stderr);
        }
        if (a >= 0 && b >= 0) CHECK_EQ_INT(a, b);
        if (a >= 0 && c >= 0) CHECK_EQ_INT(a, c);
        nonet_puzzle_free(p);
    }
}

static void test_cross_check_variants(void)
{
    static const unsigned variants[] = {0,
                                        NONET_VARIANT_X,
                                        NONET_VARIANT_HYPER,
                                        NONET_VARIANT_DISJOINT,
                                        NONET_VARIANT_ANTI_KNIGHT,
                                        NONET_VARIANT_ANTI_KING,
                                        NONET_VARIANT_NON_CONSECUTIVE,
                                        NONET_VARIANT_X | NONET_VARIANT_ANTI_KING};
    static const int sizes[] = {4, 6, 8, 9, 12, 16};
    rng r = {42};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            nonet_shape_spec sp = {0};
            sp.size = sizes[i];
            sp.variants = variants[v];
            nonet_shape *s = nonet_shape_new(&sp, NULL);
            if (!s) continue; /* hyper needs square boxes */
            cross_check_shape(s, &r, sizes[i] >= 12 ? 2 : 6);
            nonet_shape_free(s);
        }
    int reg[NONET_MAX_CELLS];
    const char *map = "AAABBBBCC\nAADDDBBCC\nAADEEBCCC\nAADEBBFCC\nDDDEEEFFF\n"
                      "GGDHHEFII\nGGGHEEFII\nGGHHFFFII\nGGHHHHIII\n";
    CHECK_EQ_INT(nonet_regions_parse(map, strlen(map), reg, NULL), 9);
    nonet_shape_spec sp = {0};
    sp.size = 9;
    sp.regions = reg;
    for (int v = 0; v < 2; v++) {
        sp.variants = v ? NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT : 0;
        nonet_shape *s = nonet_shape_new(&sp, NULL);
        CHECK(s != NULL);
        if (s) cross_check_shape(s, &r, 8);
        nonet_shape_free(s);
    }
}

/* Every engine on the first puzzles of each benchmark set: one solution. */
static void test_bench_sets(void)
{
    static const char *const files[] = {"shapes_6x6.txt", "shapes_12x12.txt", "shapes_16x16.txt",
                                        "shapes_25x25.txt", "shapes_jigsaw9.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bench_set bs;
        if (!bench_set_open(&bs, files[i])) continue;
        nonet_puzzle *p;
        unsigned char sol[NONET_MAX_CELLS];
        for (int k = 0; k < 5 && nonet_reader_next(bs.rd, &p, NULL) == NONET_OK; k++) {
            int n = nonet_shape_size(nonet_puzzle_shape(p));
            CHECK_EQ_INT(count_bounded(p, NONET_ENGINE_BITMASK, sol, 0), 1);
            CHECK_EQ_INT(count_bounded(p, NONET_ENGINE_DLX, sol, 0), 1);
            if (n <= 6) CHECK_EQ_INT(count_bounded(p, NONET_ENGINE_BACKTRACK, sol, 0), 1);
            nonet_puzzle_free(p);
        }
        bench_set_close(&bs);
    }
}

static const harness_test TESTS[] = {
    {"variant_names", test_variant_names},
    {"region_maps", test_region_maps},
    {"reader_options", test_reader_options},
    {"houses", test_houses},
    {"symbols", test_symbols},
    {"nonet_round_trip", test_nonet_round_trip},
    {"nonet_errors", test_nonet_errors},
    {"cross_check_variants", test_cross_check_variants},
    {"bench_sets", test_bench_sets},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
