/*
 * test_api.c - unit tests of the public C API (nonet.h).
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>
#include <string.h>

static const char *const ACWING1 =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
static const char *const ACWING1_SOL =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

static const nonet_engine ENGINES[] = {NONET_ENGINE_BACKTRACK, NONET_ENGINE_BITMASK,
                                       NONET_ENGINE_DLX,       NONET_ENGINE_FAST,
                                       NONET_ENGINE_PLANES,    NONET_ENGINE_AUTO};
#define NENGINES ((int)(sizeof ENGINES / sizeof ENGINES[0]))

/* Counts solutions of p with engine e (limit 0), checking each one. */
typedef struct counter {
    const nonet_puzzle *p;
    unsigned long long valid, invalid;
} counter;

static int count_cb(void *ctx, const unsigned char *grid)
{
    counter *c = ctx;
    if (nonet_puzzle_verify(c->p, grid, NULL) == NONET_OK) c->valid++;
    else c->invalid++;
    return 0;
}

static long long count_all(const nonet_puzzle *p, nonet_engine e)
{
    counter c = {p, 0, 0};
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = 0;
    opt.on_solution = count_cb;
    opt.solution_ctx = &c;
    nonet_result res;
    if (!nonet_engine_supports(e, nonet_puzzle_shape(p))) return -2;
    if (nonet_solve(p, &opt, NULL, &res, NULL) != NONET_OK) return -1;
    CHECK_EQ_INT(c.invalid, 0);
    CHECK_EQ_INT(c.valid, res.solutions);
    CHECK(res.complete);
    return (long long)res.solutions;
}

static nonet_puzzle *empty_puzzle(const nonet_shape *s)
{
    unsigned char cells[NONET_MAX_CELLS] = {0};
    return nonet_puzzle_new(s, cells, NULL, NULL);
}

/* ------------------------------------------------------------------ */

static void test_version(void)
{
    CHECK_EQ_STR(nonet_version(), NONET_VERSION);
    CHECK_EQ_STR(nonet_engine_name(NONET_ENGINE_DLX), "dlx");
    CHECK_EQ_INT(nonet_engine_from_name("bitmask"), NONET_ENGINE_BITMASK);
    CHECK_EQ_INT(nonet_engine_from_name("nope"), -1);
    CHECK_EQ_INT(nonet_format_from_name("acwing"), NONET_FORMAT_LINE);
    CHECK_EQ_INT(nonet_format_from_name("hdu"), NONET_FORMAT_HDU);
}

/* nonet_engine_path: a known name for every engine, the same for auto and
 * fast (auto runs fast on 9x9), NULL out of range. */
static void test_engine_path(void)
{
    const char *fast = nonet_engine_path(NONET_ENGINE_FAST);
    CHECK_EQ_STR(nonet_engine_path(NONET_ENGINE_DLX), "portable");
    CHECK_EQ_STR(nonet_engine_path(NONET_ENGINE_BITMASK), "portable");
    CHECK_EQ_STR(nonet_engine_path(NONET_ENGINE_BACKTRACK), "portable");
    const char *planes = nonet_engine_path(NONET_ENGINE_PLANES);
    CHECK(!strcmp(planes, "avx512") || !strcmp(planes, "avx2") || !strcmp(planes, "portable"));
    CHECK_EQ_STR(nonet_engine_name(NONET_ENGINE_PLANES), "planes");
    CHECK_EQ_INT(nonet_engine_from_name("planes"), NONET_ENGINE_PLANES);
    CHECK(nonet_engine_path((nonet_engine)NONET_ENGINE_COUNT) == NULL);
    CHECK(nonet_engine_path((nonet_engine)-1) == NULL);
    if (fast) {
        CHECK(!strcmp(fast, "avx512") || !strcmp(fast, "avx2") || !strcmp(fast, "avx2-nobmi2") ||
              !strcmp(fast, "sse4.1") || !strcmp(fast, "scalar"));
        CHECK_EQ_STR(nonet_engine_path(NONET_ENGINE_AUTO), fast);
    } else {
        CHECK_EQ_STR(nonet_engine_path(NONET_ENGINE_AUTO), "portable");
    }
}

static void test_default_boxes(void)
{
    static const int want[][3] = {{4, 2, 2},  {6, 2, 3},  {8, 2, 4},  {9, 3, 3},  {10, 2, 5},
                                  {12, 3, 4}, {15, 3, 5}, {16, 4, 4}, {20, 4, 5}, {64, 8, 8}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int r, c;
        CHECK_EQ_INT(nonet_default_box(want[i][0], &r, &c), 0);
        CHECK_EQ_INT(r, want[i][1]);
        CHECK_EQ_INT(c, want[i][2]);
    }
    CHECK_EQ_INT(nonet_default_box(3, NULL, NULL), -1);
    CHECK_EQ_INT(nonet_default_box(65, NULL, NULL), -1);
}

static void test_shape_errors(void)
{
    nonet_error err;
    nonet_shape_spec sp = {0};
    sp.size = 3;
    CHECK(nonet_shape_new(&sp, &err) == NULL);
    CHECK_EQ_INT(err.code, NONET_ERR_SHAPE);
    sp.size = 9;
    sp.box_rows = 2;
    sp.box_cols = 4;
    CHECK(nonet_shape_new(&sp, &err) == NULL);
    CHECK(strstr(err.message, "2x4") != NULL);
    /* A jigsaw map with a region of 3 cells and one of 5. */
    int reg[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 3, 3, 3};
    memset(&sp, 0, sizeof sp);
    sp.size = 4;
    sp.regions = reg;
    CHECK(nonet_shape_new(&sp, &err) == NULL);
    CHECK(strstr(err.message, "region 3 has 3 cells") != NULL);
    /* Disconnected region. */
    int reg2[16] = {0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3};
    sp.regions = reg2;
    CHECK(nonet_shape_new(&sp, &err) == NULL);
    CHECK(strstr(err.message, "not connected") != NULL);
    memset(&sp, 0, sizeof sp);
    sp.size = 6;
    sp.variants = NONET_VARIANT_HYPER;
    CHECK(nonet_shape_new(&sp, &err) == NULL);
    CHECK(strstr(err.message, "square boxes") != NULL);
}

static void test_shape_queries(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    CHECK(s != NULL);
    CHECK_EQ_INT(nonet_shape_size(s), 9);
    CHECK_EQ_INT(nonet_shape_cells(s), 81);
    CHECK_EQ_INT(nonet_shape_region(s, 80), 8);
    CHECK_EQ_INT(nonet_shape_region(s, 30), 4);
    CHECK(nonet_shape_is_classic9(s));
    CHECK(nonet_engine_supports(NONET_ENGINE_DLX, s));
    nonet_shape *t = nonet_shape_ref(s);
    CHECK(t == s);
    nonet_shape_free(t);
    nonet_shape_free(s);
    nonet_shape_spec sp = {0};
    sp.size = 9;
    sp.variants = NONET_VARIANT_X;
    s = nonet_shape_new(&sp, NULL);
    CHECK(s && !nonet_shape_is_classic9(s));
    CHECK(!nonet_engine_supports(NONET_ENGINE_FAST, s));
    CHECK(!nonet_engine_supports(NONET_ENGINE_PLANES, s));
    nonet_shape_free(s);
    /* planes: boxed sides up to 32, nothing else */
    s = nonet_shape_new_classic(32, NULL);
    CHECK(nonet_engine_supports(NONET_ENGINE_PLANES, s));
    nonet_shape_free(s);
    s = nonet_shape_new_classic(36, NULL);
    CHECK(!nonet_engine_supports(NONET_ENGINE_PLANES, s));
    nonet_shape_free(s);
    int group[6] = {0, 7, 14, 21, 28, 35}; /* the main diagonal */
    memset(&sp, 0, sizeof sp);
    sp.size = 6;
    sp.groups = group;
    sp.group_count = 1;
    s = nonet_shape_new(&sp, NULL);
    CHECK(s && !nonet_engine_supports(NONET_ENGINE_PLANES, s));
    nonet_shape_free(s);
    /* an unsupported engine is named in the error */
    s = nonet_shape_new_classic(36, NULL);
    unsigned char cells[36 * 36] = {0};
    nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_PLANES;
    nonet_error err;
    CHECK_EQ_INT(nonet_solve(p, &opt, NULL, NULL, &err), NONET_ERR_UNSUPPORTED);
    CHECK(strstr(err.message, "planes engine solves only boxed grids up to 32x32") != NULL);
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

static void test_from_string(void)
{
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(ACWING1, &err);
    CHECK(p != NULL);
    if (p) {
        CHECK_EQ_INT(nonet_puzzle_cells(p)[0], 4);
        CHECK_EQ_INT(nonet_puzzle_cells(p)[1], 0);
        nonet_puzzle_free(p);
    }
    CHECK(nonet_puzzle_from_string("123", &err) == NULL);
    CHECK_EQ_INT(err.code, NONET_ERR_SYNTAX);
    char bad[82];
    memcpy(bad, ACWING1, 82);
    bad[10] = '?';
    CHECK(nonet_puzzle_from_string(bad, &err) == NULL);
    CHECK_EQ_INT(err.column, 11);
    CHECK(strstr(err.message, "'?'") != NULL);
}

static void test_check_and_verify(void)
{
    char text[82];
    memcpy(text, ACWING1, 82);
    text[1] = '4'; /* 4 twice in row 1 */
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(text, &err);
    CHECK(p != NULL);
    CHECK_EQ_INT(nonet_puzzle_check(p, &err), NONET_ERR_RULE);
    CHECK(strstr(err.message, "digit 4 appears twice in row 1") != NULL);
    nonet_puzzle_free(p);
    p = nonet_puzzle_from_string(ACWING1, NULL);
    CHECK_EQ_INT(nonet_puzzle_check(p, NULL), NONET_OK);
    unsigned char g[81];
    for (int i = 0; i < 81; i++) g[i] = (unsigned char)(ACWING1_SOL[i] - '0');
    CHECK_EQ_INT(nonet_puzzle_verify(p, g, NULL), NONET_OK);
    unsigned char t = g[3];
    g[3] = g[4];
    g[4] = t;
    CHECK_EQ_INT(nonet_puzzle_verify(p, g, &err), NONET_ERR_RULE);
    g[4] = g[3];
    g[3] = t;
    g[0] = 1; /* breaks the given 4 */
    CHECK_EQ_INT(nonet_puzzle_verify(p, g, &err), NONET_ERR_RULE);
    nonet_puzzle_free(p);
}

static void test_engines_solve(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(ACWING1, NULL);
    for (int i = 0; i < NENGINES; i++) {
        nonet_options opt;
        nonet_options_init(&opt);
        opt.engine = ENGINES[i];
        unsigned char sol[81];
        nonet_result res;
        if (!nonet_engine_supports(ENGINES[i], nonet_puzzle_shape(p))) continue;
        CHECK_EQ_INT(nonet_solve(p, &opt, sol, &res, NULL), NONET_OK);
        CHECK_EQ_INT(res.solutions, 1);
        CHECK(res.complete);
        CHECK_EQ_INT(nonet_puzzle_verify(p, sol, NULL), NONET_OK);
        CHECK(res.engine != NONET_ENGINE_AUTO);
    }
    nonet_puzzle_free(p);
}

/* 288 4x4 grids: every engine must count them exactly. */
static void test_engines_count_empty(void)
{
    static const int sizes[] = {4};
    static const long long want[] = {288};
    for (int k = 0; k < 1; k++) {
        nonet_shape *s = nonet_shape_new_classic(sizes[k], NULL);
        nonet_puzzle *p = empty_puzzle(s);
        for (int i = 0; i < NENGINES; i++) {
            long long n = count_all(p, ENGINES[i]);
            if (n != -2) CHECK_EQ_INT(n, want[k]);
        }
        nonet_puzzle_free(p);
        nonet_shape_free(s);
    }
}

/* Variants on 6x6 with the first row given: the engines agree and every
 * solution is valid. */
static void test_engines_variants(void)
{
    static const unsigned variants[] = {NONET_VARIANT_X,
                                        NONET_VARIANT_DISJOINT,
                                        NONET_VARIANT_ANTI_KING,
                                        NONET_VARIANT_ANTI_KNIGHT,
                                        NONET_VARIANT_NON_CONSECUTIVE,
                                        NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        nonet_shape_spec sp = {0};
        sp.size = 6;
        sp.variants = variants[v];
        nonet_shape *s = nonet_shape_new(&sp, NULL);
        CHECK(s != NULL);
        if (!s) continue;
        unsigned char cells[36] = {1, 2, 3, 4, 5, 6};
        nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
        long long first = count_all(p, NONET_ENGINE_BITMASK);
        CHECK(first >= 0);
        CHECK_EQ_INT(count_all(p, NONET_ENGINE_DLX), first);
        CHECK_EQ_INT(count_all(p, NONET_ENGINE_BACKTRACK), first);
        nonet_puzzle_free(p);
        nonet_shape_free(s);
    }
}

static void test_contradiction_and_none(void)
{
    char text[82];
    memcpy(text, ACWING1, 82);
    text[1] = '4';
    nonet_puzzle *p = nonet_puzzle_from_string(text, NULL);
    /* No solution: r1c9 would need a digit its row, column and box all hold. */
    char none[82];
    memset(none, '.', 81);
    none[81] = '\0';
    memcpy(none, "12345678", 8);
    none[17] = '9';
    nonet_puzzle *q = nonet_puzzle_from_string(none, NULL);
    CHECK(q != NULL);
    for (int i = 0; i < NENGINES; i++) {
        if (!nonet_engine_supports(ENGINES[i], nonet_puzzle_shape(p))) continue;
        nonet_options opt;
        nonet_options_init(&opt);
        opt.engine = ENGINES[i];
        nonet_result res;
        CHECK_EQ_INT(nonet_solve(p, &opt, NULL, &res, NULL), NONET_OK);
        CHECK_EQ_INT(res.solutions, 0);
        CHECK(res.complete);
        CHECK_EQ_INT(nonet_solve(q, &opt, NULL, &res, NULL), NONET_OK);
        CHECK_EQ_INT(res.solutions, 0);
    }
    nonet_puzzle_free(p);
    nonet_puzzle_free(q);
}

static void test_candidates(void)
{
    /* Empty 4x4 with r1c1 limited to {3} and r1c2 to {1,2}: 288/4 = 72
     * grids have 3 at r1c1, and every one of them has 1, 2 or 4 at r1c2;
     * by symmetry two thirds keep r1c2 in {1,2}: 48. */
    nonet_shape *s = nonet_shape_new_classic(4, NULL);
    unsigned char cells[16] = {0};
    uint64_t cands[16];
    for (int i = 0; i < 16; i++) cands[i] = 0xF;
    cands[0] = 1u << 2;
    cands[1] = 0x3;
    nonet_puzzle *p = nonet_puzzle_new(s, cells, cands, NULL);
    for (int i = 0; i < NENGINES; i++) {
        long long n = count_all(p, ENGINES[i]);
        if (n != -2) CHECK_EQ_INT(n, 48);
    }
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

static int stop_after_three(void *ctx, const unsigned char *grid)
{
    (void)grid;
    return ++*(int *)ctx >= 3;
}

static void test_limits_and_callbacks(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_puzzle *p = empty_puzzle(s);
    for (int i = 0; i < NENGINES; i++) {
        nonet_options opt;
        nonet_options_init(&opt);
        opt.engine = ENGINES[i];
        nonet_result res;
        unsigned char sol[81];
        if (!nonet_engine_supports(ENGINES[i], s)) continue;
        CHECK_EQ_INT(nonet_solve(p, &opt, sol, &res, NULL), NONET_OK);
        CHECK_EQ_INT(res.solutions, 2);
        CHECK(!res.complete && !res.gave_up);
        CHECK_EQ_INT(nonet_puzzle_verify(p, sol, NULL), NONET_OK);
        int seen = 0;
        opt.limit = 0;
        opt.on_solution = stop_after_three;
        opt.solution_ctx = &seen;
        CHECK_EQ_INT(nonet_solve(p, &opt, NULL, &res, NULL), NONET_OK);
        CHECK_EQ_INT(seen, 3);
        CHECK_EQ_INT(res.solutions, 3);
        opt.on_solution = NULL;
        opt.max_nodes = 20;
        nonet_error err;
        CHECK_EQ_INT(nonet_solve(p, &opt, NULL, &res, &err), NONET_ERR_LIMIT);
        CHECK(res.gave_up && !res.complete);
    }
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

static void test_solve_string(void)
{
    char out[82];
    nonet_error err;
    CHECK_EQ_INT(nonet_solve_string(ACWING1, 2, out, sizeof out, &err), 1);
    CHECK_EQ_STR(out, ACWING1_SOL);
    CHECK_EQ_INT(nonet_solve_string("..", 2, out, sizeof out, &err), -1);
}

/* ------------------------------------------------------------------ */
/* Reading and writing                                                  */
/* ------------------------------------------------------------------ */

/* Reads all of text; returns the number of puzzles, storing errors' lines. */
static int read_all(const char *text, nonet_format f, nonet_format *detected, long *err_lines,
                    int *nerr)
{
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(text, strlen(text), "t.txt", f, &err);
    int count = 0;
    *nerr = 0;
    nonet_puzzle *p;
    nonet_status st;
    while ((st = nonet_reader_next(r, &p, &err)) != NONET_END) {
        if (st == NONET_OK) {
            count++;
            nonet_puzzle_free(p);
        } else {
            CHECK_EQ_STR(err.source, "t.txt");
            err_lines[(*nerr)++] = err.line;
            if (nonet_status_is_fatal(st)) break;
        }
    }
    if (detected) *detected = nonet_reader_format(r);
    nonet_reader_free(r);
    return count;
}

static void test_read_line_format(void)
{
    char text[400];
    snprintf(text, sizeof text, "# comment\n\n%s\r\n%.80s\n%s\nend\n%s\n", ACWING1, ACWING1,
             ACWING1, ACWING1);
    nonet_format f;
    long lines[8];
    int nerr;
    CHECK_EQ_INT(read_all(text, NONET_FORMAT_AUTO, &f, lines, &nerr), 2);
    CHECK_EQ_INT(f, NONET_FORMAT_LINE);
    CHECK_EQ_INT(nerr, 1);
    CHECK_EQ_INT(lines[0], 4);
}

static void test_read_detect(void)
{
    nonet_format f;
    long lines[8];
    int nerr;
    const char *grid = "\xEF\xBB\xBF"
                       "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n"
                       "....1....\n...6.3.7.\n5..2.....\n1.4......\n";
    CHECK_EQ_INT(read_all(grid, NONET_FORMAT_AUTO, &f, lines, &nerr), 1);
    CHECK_EQ_INT(f, NONET_FORMAT_GRID);
    CHECK_EQ_INT(nerr, 0);
    const char *poj = "2\n103000509\n002109400\n000704000\n300502006\n060000050\n"
                      "700803004\n000401000\n009205800\n804000107\n";
    CHECK_EQ_INT(read_all(poj, NONET_FORMAT_AUTO, &f, lines, &nerr), 1);
    CHECK_EQ_INT(f, NONET_FORMAT_POJ);
    CHECK_EQ_INT(nerr, 1); /* announced 2, found 1 */
    const char *luogu = "8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n"
                        "0 5 0 0 0 7 0 0 0\n0 0 0 0 4 5 7 0 0\n0 0 0 1 0 0 0 3 0\n"
                        "0 0 1 0 0 0 0 6 8\n0 0 8 5 0 0 0 1 0\n0 9 0 0 0 0 4 0 0\n";
    CHECK_EQ_INT(read_all(luogu, NONET_FORMAT_AUTO, &f, lines, &nerr), 1);
    CHECK_EQ_INT(f, NONET_FORMAT_LUOGU);
    /* 16 symbols: a 4x4 puzzle line, not a 16x16 row. */
    CHECK_EQ_INT(read_all("1.3..4..2..1.3..\n", NONET_FORMAT_AUTO, &f, lines, &nerr), 1);
    CHECK_EQ_INT(f, NONET_FORMAT_LINE);
    CHECK_EQ_INT(read_all("12345\n", NONET_FORMAT_AUTO, &f, lines, &nerr), 0);
    CHECK_EQ_INT(nerr, 1);
    CHECK_EQ_INT(read_all("", NONET_FORMAT_AUTO, &f, lines, &nerr), 0);
    CHECK_EQ_INT(nerr, 1);
}

static void test_read_grid_errors(void)
{
    /* Row 3 of the first grid is short; the second grid still reads. */
    const char *text = "4.....8.5\n.3.......\n...7....\n.2.....6.\n....8.4..\n"
                       "....1....\n...6.3.7.\n5..2.....\n1.4......\n\n"
                       "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n"
                       "....1....\n...6.3.7.\n5..2.....\n1.4......\n";
    long lines[8];
    int nerr;
    CHECK_EQ_INT(read_all(text, NONET_FORMAT_GRID, NULL, lines, &nerr), 1);
    CHECK_EQ_INT(nerr, 1);
    CHECK_EQ_INT(lines[0], 3);
}

static void test_read_hdu_bad_region(void)
{
    /* 4x4 with the walls of a 2x2-box grid, but one inner wall missing so
     * that two boxes merge into a region of 8. */
    const char *text = "1\n"
                       "144 48 144 48\n"
                       "192 96 192 96\n"
                       "144 48 144 48\n"
                       "192 64 64 96\n";
    long lines[8];
    int nerr;
    CHECK_EQ_INT(read_all(text, NONET_FORMAT_AUTO, NULL, lines, &nerr), 0);
    CHECK_EQ_INT(nerr, 1);
    CHECK_EQ_INT(lines[0], 4);
}

static void test_write(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(ACWING1, NULL);
    unsigned char sol[81];
    nonet_result res;
    nonet_solve(p, NULL, sol, &res, NULL);
    char buf[512];
    size_t n = nonet_write_grid(buf, sizeof buf, NONET_FORMAT_LINE, nonet_puzzle_shape(p), sol);
    CHECK_EQ_INT(n, 82);
    CHECK(memcmp(buf, ACWING1_SOL, 81) == 0 && buf[81] == '\n');
    char small[10];
    CHECK_EQ_INT(
        nonet_write_grid(small, sizeof small, NONET_FORMAT_LINE, nonet_puzzle_shape(p), sol), 82);
    CHECK_EQ_INT(strlen(small), 9);
    n = nonet_write_grid(buf, sizeof buf, NONET_FORMAT_LUOGU, nonet_puzzle_shape(p), sol);
    CHECK_EQ_INT(n, 9 * 18);
    CHECK(strncmp(buf, "4 1 7 3 6 9 8 2 5\n", 18) == 0);
    n = nonet_write_grid(buf, sizeof buf, NONET_FORMAT_PRETTY, nonet_puzzle_shape(p), sol);
    CHECK(strncmp(buf, "4 1 7   3 6 9   8 2 5\n", 22) == 0);
    res.solutions = 0;
    res.gave_up = 0;
    nonet_write_answer(buf, sizeof buf, NONET_FORMAT_LINE, p, &res, NULL);
    CHECK_EQ_STR(buf, "No solution\n");
    res.solutions = 2;
    nonet_write_answer(buf, sizeof buf, NONET_FORMAT_HDU, p, &res, sol);
    CHECK_EQ_STR(buf, "Case 1:\nMultiple Solutions\n");
    nonet_puzzle_free(p);
}

static void test_big_shapes(void)
{
    /* Empty 16x16 and 25x25: the general engines find a valid grid. */
    static const int sizes[] = {16, 25};
    static const nonet_engine fast_enough[] = {NONET_ENGINE_BITMASK, NONET_ENGINE_DLX};
    for (int k = 0; k < 2; k++) {
        nonet_shape *s = nonet_shape_new_classic(sizes[k], NULL);
        nonet_puzzle *p = empty_puzzle(s);
        for (int i = 0; i < 2; i++) {
            nonet_options opt;
            nonet_options_init(&opt);
            opt.engine = fast_enough[i];
            opt.limit = 1;
            unsigned char sol[NONET_MAX_CELLS];
            nonet_result res;
            CHECK_EQ_INT(nonet_solve(p, &opt, sol, &res, NULL), NONET_OK);
            CHECK_EQ_INT(res.solutions, 1);
            CHECK_EQ_INT(nonet_puzzle_verify(p, sol, NULL), NONET_OK);
        }
        nonet_puzzle_free(p);
        nonet_shape_free(s);
    }
}

/* nonet_solver_run_cells answers as nonet_solver_run on the puzzle made of
 * the same cells: every engine, a few shapes, limits and a node bound. */
static void check_run_cells_same(nonet_solver *s, const nonet_shape *shape,
                                 const unsigned char *cells, const nonet_options *opt)
{
    nonet_puzzle *p = nonet_puzzle_new(shape, cells, NULL, NULL);
    CHECK(p != NULL);
    if (!p) return;
    unsigned char a[NONET_MAX_CELLS] = {0}, b[NONET_MAX_CELLS] = {0};
    nonet_result ra, rb;
    nonet_error ea, eb;
    nonet_status sa = nonet_solver_run(s, p, opt, a, &ra, &ea);
    nonet_status sb = nonet_solver_run_cells(s, shape, cells, opt, b, &rb, &eb);
    CHECK_EQ_INT(sb, sa);
    CHECK_EQ_INT(rb.solutions, ra.solutions);
    CHECK_EQ_INT(rb.nodes, ra.nodes);
    CHECK_EQ_INT(rb.guesses, ra.guesses);
    CHECK_EQ_INT(rb.complete, ra.complete);
    CHECK_EQ_INT(rb.gave_up, ra.gave_up);
    CHECK_EQ_INT(rb.engine, ra.engine);
    int n = nonet_shape_cells(shape);
    CHECK(memcmp(a, b, (size_t)n) == 0);
    if (rb.solutions) CHECK_EQ_INT(nonet_puzzle_verify(p, b, NULL), NONET_OK);
    if (sa != NONET_OK) CHECK_EQ_STR(eb.message, ea.message);
    nonet_puzzle_free(p);
}

static void test_solver_run_cells(void)
{
    nonet_solver *s = nonet_solver_new();
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL), *s6 = nonet_shape_new_classic(6, NULL);
    nonet_shape_spec sp = {0};
    sp.size = 9;
    sp.variants = NONET_VARIANT_X;
    nonet_shape *x9 = nonet_shape_new(&sp, NULL);
    unsigned char acwing[81], few[81] = {1, 2, 3}, clash[81] = {5, 5}, six[36] = {1, 2, 3};
    for (int i = 0; i < 81; i++)
        acwing[i] = ACWING1[i] == '.' ? 0 : (unsigned char)(ACWING1[i] - '0');
    const unsigned char *grids9[] = {acwing, few, clash};
    for (int i = 0; i < NENGINES; i++) {
        static const unsigned long long limits[] = {2, 1, 5};
        for (int l = 0; l < 3; l++) {
            nonet_options opt;
            nonet_options_init(&opt);
            opt.engine = ENGINES[i];
            opt.limit = limits[l];
            opt.max_nodes = 20000; /* the clash takes backtrack long: both give up alike */
            for (int g = 0; g < 3; g++) {
                if (nonet_engine_supports(ENGINES[i], s9))
                    check_run_cells_same(s, s9, grids9[g], &opt);
                if (nonet_engine_supports(ENGINES[i], x9))
                    check_run_cells_same(s, x9, grids9[g], &opt);
            }
            if (nonet_engine_supports(ENGINES[i], s6)) check_run_cells_same(s, s6, six, &opt);
        }
        nonet_options opt; /* a node bound: both give up alike */
        nonet_options_init(&opt);
        opt.engine = ENGINES[i];
        opt.limit = 0;
        opt.max_nodes = 3;
        if (nonet_engine_supports(ENGINES[i], s9)) check_run_cells_same(s, s9, few, &opt);
    }
    /* the errors: a value above N (named), NULLs, an engine that cannot */
    nonet_error err;
    unsigned char bad[81] = {0};
    bad[40] = 10;
    CHECK_EQ_INT(nonet_solver_run_cells(s, s9, bad, NULL, NULL, NULL, &err), NONET_ERR_ARG);
    CHECK(strstr(err.message, "cell 40 holds 10") != NULL);
    CHECK_EQ_INT(nonet_solver_run_cells(NULL, s9, acwing, NULL, NULL, NULL, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_solver_run_cells(s, NULL, acwing, NULL, NULL, NULL, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_solver_run_cells(s, s9, NULL, NULL, NULL, NULL, &err), NONET_ERR_ARG);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_FAST;
    CHECK_EQ_INT(nonet_solver_run_cells(s, s6, six, &opt, NULL, NULL, &err), NONET_ERR_UNSUPPORTED);
    /* defaults (opt NULL): the solution */
    unsigned char sol[81];
    nonet_result res;
    CHECK_EQ_INT(nonet_solver_run_cells(s, s9, acwing, NULL, sol, &res, NULL), NONET_OK);
    CHECK_EQ_INT(res.solutions, 1);
    for (int i = 0; i < 81; i++) CHECK_EQ_INT(sol[i], ACWING1_SOL[i] - '0');
    nonet_shape_free(s9), nonet_shape_free(s6), nonet_shape_free(x9);
    nonet_solver_free(s);
}

/* nonet_cells_from_string reads what nonet_puzzle_from_string reads, for a
 * shape of that side, and reports the same errors. */
static void test_cells_from_string(void)
{
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL), *s16 = nonet_shape_new_classic(16, NULL);
    unsigned char cells[NONET_MAX_CELLS];
    nonet_error err;
    char text[300];
    snprintf(text, sizeof text, "%s \t\r\n", ACWING1); /* trailing blanks go */
    CHECK_EQ_INT(nonet_cells_from_string(s9, text, strlen(text), cells, &err), NONET_OK);
    nonet_puzzle *p = nonet_puzzle_from_string(ACWING1, NULL);
    CHECK(memcmp(cells, nonet_puzzle_cells(p), 81) == 0);
    nonet_puzzle_free(p);
    /* len counts, no NUL needed: the first 81 bytes of a longer text */
    memcpy(text, ACWING1, 81);
    memcpy(text + 81, "XYZ", 4);
    CHECK_EQ_INT(nonet_cells_from_string(s9, text, 81, cells, &err), NONET_OK);
    CHECK_EQ_INT(cells[0], 4);
    CHECK_EQ_INT(cells[1], 0);
    /* 16x16: letters beyond 9, '0' and '.' blank */
    for (int i = 0; i < 256; i++) text[i] = i % 17 == 0 ? '.' : "123456789ABCDEFG"[i % 16];
    text[5] = '0';
    CHECK_EQ_INT(nonet_cells_from_string(s16, text, 256, cells, &err), NONET_OK);
    p = nonet_puzzle_from_string((text[256] = '\0', text), NULL);
    CHECK(p != NULL);
    if (p) CHECK(memcmp(cells, nonet_puzzle_cells(p), 256) == 0);
    nonet_puzzle_free(p);
    CHECK_EQ_INT(cells[0], 0);
    CHECK_EQ_INT(cells[5], 0);
    CHECK_EQ_INT(cells[15], 16);
    /* errors: length of another side, a bad symbol with its column, NULLs */
    CHECK_EQ_INT(nonet_cells_from_string(s16, ACWING1, 81, cells, &err), NONET_ERR_SYNTAX);
    CHECK(strstr(err.message, "81 symbols") != NULL);
    memcpy(text, ACWING1, 82);
    text[10] = '?';
    CHECK_EQ_INT(nonet_cells_from_string(s9, text, 81, cells, &err), NONET_ERR_SYNTAX);
    CHECK_EQ_INT(err.column, 11);
    CHECK(strstr(err.message, "'?'") != NULL);
    text[10] = 'A'; /* a symbol of larger sides only */
    CHECK_EQ_INT(nonet_cells_from_string(s9, text, 81, cells, &err), NONET_ERR_SYNTAX);
    CHECK_EQ_INT(nonet_cells_from_string(NULL, ACWING1, 81, cells, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_cells_from_string(s9, NULL, 81, cells, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_cells_from_string(s9, ACWING1, 81, NULL, &err), NONET_ERR_ARG);
    nonet_shape_free(s9), nonet_shape_free(s16);
}

static const harness_test TESTS[] = {
    {"version", test_version},
    {"engine_path", test_engine_path},
    {"default_boxes", test_default_boxes},
    {"shape_errors", test_shape_errors},
    {"shape_queries", test_shape_queries},
    {"from_string", test_from_string},
    {"check_and_verify", test_check_and_verify},
    {"engines_solve", test_engines_solve},
    {"engines_count_empty", test_engines_count_empty},
    {"engines_variants", test_engines_variants},
    {"contradiction_and_none", test_contradiction_and_none},
    {"candidates", test_candidates},
    {"limits_and_callbacks", test_limits_and_callbacks},
    {"solve_string", test_solve_string},
    {"read_line_format", test_read_line_format},
    {"read_detect", test_read_detect},
    {"read_grid_errors", test_read_grid_errors},
    {"read_hdu_bad_region", test_read_hdu_bad_region},
    {"write", test_write},
    {"big_shapes", test_big_shapes},
    {"solver_run_cells", test_solver_run_cells},
    {"cells_from_string", test_cells_from_string},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
