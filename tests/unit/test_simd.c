/*
 * test_simd.c - the run-time SIMD cap through the public API only
 * (nonet_options.simd, nonet_simd_name/_from_name, nonet_engine_path_capped):
 * every cap gives the same solution count, the same solutions in the same
 * order, the same node and guess counts and the same stop as the uncapped
 * run, for the fast engine on classic 9x9 puzzles (hard ones, random ones
 * with many solutions under limits 1, 2, 40 and a node bound) and for the
 * planes engine and auto on the 16x16 and 25x25 sets of bench/data; the
 * caps name the paths they give, a cap above the CPU is accepted and gives
 * the best path it has, and an out-of-range cap is an argument error.
 * On a CPU with fewer levels several caps give the same path: the test
 * prints which distinct paths it compared.
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>

#include "bench_sets.h" /* after nonet.h */

static const nonet_simd caps[] = {NONET_SIMD_BEST, NONET_SIMD_SCALAR, NONET_SIMD_SSE41,
                                  NONET_SIMD_AVX2, NONET_SIMD_AVX512};
#define NCAPS ((int)(sizeof caps / sizeof caps[0]))

/* What one run gives: its result, status, and a hash of every solution in
 * the order found (FNV-1a over the grids), the first kept whole. */
typedef struct run_out {
    nonet_result res;
    nonet_status st;
    unsigned long long seen, hash;
    int bad; /* a reported solution failed to verify */
    unsigned char first[NONET_MAX_CELLS];
    const nonet_puzzle *p;
} run_out;

/* Hashes and verifies each solution. */
static int on_solution(void *ctx, const unsigned char *grid)
{
    run_out *o = ctx;
    int nc = nonet_shape_cells(nonet_puzzle_shape(o->p));
    if (nonet_puzzle_verify(o->p, grid, NULL) != NONET_OK) o->bad = 1;
    for (int c = 0; c < nc; c++) o->hash = (o->hash ^ grid[c]) * 1099511628211ull;
    o->seen++;
    return 0;
}

/* Solves p with engine e under cap `simd`. */
static void run(const nonet_puzzle *p, nonet_engine e, nonet_simd simd, unsigned long long limit,
                unsigned long long max_nodes, run_out *o)
{
    nonet_options opt;
    nonet_options_init(&opt);
    memset(o, 0, sizeof *o);
    o->p = p;
    o->hash = 1469598103934665603ull;
    opt.engine = e;
    opt.simd = simd;
    opt.limit = limit;
    opt.max_nodes = max_nodes;
    opt.on_solution = on_solution;
    opt.solution_ctx = o;
    o->st = nonet_solve(p, &opt, o->first, &o->res, NULL);
}

/* Runs p under every cap and checks each agrees with the uncapped run.
 * Returns the uncapped solution count. */
static unsigned long long agree(const nonet_puzzle *p, nonet_engine e, unsigned long long limit,
                                unsigned long long max_nodes)
{
    static run_out ref, o;
    int nc = nonet_shape_cells(nonet_puzzle_shape(p));
    run(p, e, NONET_SIMD_BEST, limit, max_nodes, &ref);
    CHECK(ref.st == NONET_OK || ref.st == NONET_ERR_LIMIT);
    CHECK(!ref.bad);
    CHECK_EQ_INT(ref.seen, ref.res.solutions);
    for (int k = 1; k < NCAPS; k++) {
        run(p, e, caps[k], limit, max_nodes, &o);
        CHECK(!o.bad);
        if (o.st != ref.st || o.res.solutions != ref.res.solutions ||
            o.res.nodes != ref.res.nodes || o.res.guesses != ref.res.guesses ||
            o.res.complete != ref.res.complete || o.res.gave_up != ref.res.gave_up ||
            o.res.engine != ref.res.engine || o.hash != ref.hash ||
            (ref.res.solutions && memcmp(o.first, ref.first, (size_t)nc) != 0)) {
            fprintf(stderr,
                    "%s under --simd %s (%s): %llu solutions, %llu nodes, %llu guesses; "
                    "uncapped (%s): %llu, %llu, %llu\n",
                    nonet_engine_name(e), nonet_simd_name(caps[k]),
                    nonet_engine_path_capped(e, caps[k]), o.res.solutions, o.res.nodes,
                    o.res.guesses, nonet_engine_path(e), ref.res.solutions, ref.res.nodes,
                    ref.res.guesses);
            CHECK(0);
        }
    }
    return ref.res.solutions;
}

/* Names: every level round-trips; unknown names and out-of-range levels fail. */
static void test_names(void)
{
    static const char *const names[] = {"best", "scalar", "sse4.1", "avx2", "avx512"};
    CHECK_EQ_INT(NONET_SIMD_COUNT, NCAPS);
    for (int k = 0; k < NCAPS; k++) {
        CHECK_EQ_STR(nonet_simd_name(caps[k]), names[k]);
        CHECK_EQ_INT(nonet_simd_from_name(names[k]), caps[k]);
    }
    CHECK(nonet_simd_name((nonet_simd)NONET_SIMD_COUNT) == NULL);
    CHECK(nonet_simd_name((nonet_simd)-1) == NULL);
    CHECK_EQ_INT(nonet_simd_from_name("avx9"), -1);
    CHECK_EQ_INT(nonet_simd_from_name("AVX2"), -1);
    CHECK_EQ_INT(nonet_simd_from_name(""), -1);
    CHECK_EQ_INT(nonet_simd_from_name(NULL), -1);
}

/* The rank of a path name: what the cap must be at least to allow it. */
static int path_rank(const char *path)
{
    if (strcmp(path, "avx512") == 0) return 3;
    if (strcmp(path, "avx2") == 0 || strcmp(path, "avx2-nobmi2") == 0) return 2;
    if (strcmp(path, "sse4.1") == 0) return 1;
    return 0;
}

/* Paths: BEST is nonet_engine_path; a cap never gives a path above it;
 * raising the cap never lowers the path; the top cap (above every CPU's
 * best or equal to it) gives the best path; the engines without SIMD paths
 * say "portable" under every cap; out-of-range arguments give NULL. */
static void test_paths(void)
{
    static const int rank[] = {3, 0, 1, 2, 3};
    for (int e = 0; e < NONET_ENGINE_COUNT; e++) {
        const char *best = nonet_engine_path((nonet_engine)e);
        const char *capped = nonet_engine_path_capped((nonet_engine)e, NONET_SIMD_BEST);
        CHECK((best == NULL) == (capped == NULL));
        if (!best || !capped) continue;
        CHECK_EQ_STR(capped, best);
        CHECK_EQ_STR(nonet_engine_path_capped((nonet_engine)e, NONET_SIMD_AVX512), best);
        int last = -1;
        for (int k = 1; k < NCAPS; k++) {
            const char *path = nonet_engine_path_capped((nonet_engine)e, caps[k]);
            CHECK(path != NULL);
            if (!path) continue;
            CHECK(path_rank(path) <= rank[k]);
            CHECK(path_rank(path) >= last);
            last = path_rank(path);
        }
        if (e == NONET_ENGINE_FAST || e == NONET_ENGINE_AUTO)
            CHECK_EQ_STR(nonet_engine_path_capped((nonet_engine)e, NONET_SIMD_SCALAR), "scalar");
        else if (e == NONET_ENGINE_PLANES) {
            CHECK_EQ_STR(nonet_engine_path_capped((nonet_engine)e, NONET_SIMD_SCALAR), "portable");
            CHECK_EQ_STR(nonet_engine_path_capped((nonet_engine)e, NONET_SIMD_SSE41), "portable");
        } else
            for (int k = 0; k < NCAPS; k++)
                CHECK_EQ_STR(nonet_engine_path_capped((nonet_engine)e, caps[k]), "portable");
    }
    CHECK(nonet_engine_path_capped(NONET_ENGINE_PLANES, (nonet_simd)NONET_SIMD_COUNT) == NULL);
    CHECK(nonet_engine_path_capped((nonet_engine)NONET_ENGINE_COUNT, NONET_SIMD_BEST) == NULL);
    fprintf(stderr, "paths here: fast");
    for (int k = 1; k < NCAPS; k++)
        fprintf(stderr, " %s=%s", nonet_simd_name(caps[k]),
                nonet_engine_path_capped(NONET_ENGINE_FAST, caps[k])
                    ? nonet_engine_path_capped(NONET_ENGINE_FAST, caps[k])
                    : "none");
    fprintf(stderr, "; planes");
    for (int k = 1; k < NCAPS; k++)
        fprintf(stderr, " %s=%s", nonet_simd_name(caps[k]),
                nonet_engine_path_capped(NONET_ENGINE_PLANES, caps[k]));
    fprintf(stderr, "\n");
}

/* The cap in the options: the default is BEST; out of range is an argument
 * error; every cap, the one above the CPU included, solves. */
static void test_options(void)
{
    nonet_options opt;
    memset(&opt, 0x5a, sizeof opt);
    nonet_options_init(&opt);
    CHECK_EQ_INT(opt.simd, NONET_SIMD_BEST);
    nonet_puzzle *p = nonet_puzzle_from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", NULL);
    nonet_solver *s = nonet_solver_new();
    nonet_result res;
    nonet_error err;
    for (int k = 0; k < NCAPS; k++) {
        opt.simd = caps[k];
        CHECK_EQ_INT(nonet_solver_run(s, p, &opt, NULL, &res, &err), NONET_OK);
        CHECK_EQ_INT(res.solutions, 1);
    }
    opt.simd = (nonet_simd)NONET_SIMD_COUNT;
    CHECK_EQ_INT(nonet_solver_run(s, p, &opt, NULL, &res, &err), NONET_ERR_ARG);
    opt.simd = (nonet_simd)-1;
    CHECK_EQ_INT(nonet_solver_run(s, p, &opt, NULL, &res, &err), NONET_ERR_ARG);
    nonet_solver_free(s);
    nonet_puzzle_free(p);
}

/* Hard classic puzzles (published, well known), then random ones with many
 * solutions cut from a solution grid: the fast engine and auto agree under
 * every cap. */
static void test_fast(void)
{
    static const char *const hard[] = {
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        "11...............................................................................",
    };
    if (!nonet_engine_path(NONET_ENGINE_FAST)) return; /* built without the fast engine */
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
        nonet_puzzle *p = nonet_puzzle_from_string(hard[i], NULL);
        CHECK(p != NULL);
        if (!p) continue;
        agree(p, NONET_ENGINE_FAST, 2, 0);
        agree(p, NONET_ENGINE_AUTO, 2, 0);
        agree(p, NONET_ENGINE_FAST, 0, 0);
        nonet_puzzle_free(p);
    }
    static const char grid[] =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    rng r = {7};
    for (int k = 0; k < 120; k++) {
        char text[82];
        int keep = (int[]){150, 250, 300, 350, 450}[k % 5];
        for (int c = 0; c < 81; c++) text[c] = below(&r, 1000) < keep ? grid[c] : '.';
        text[81] = 0;
        nonet_puzzle *p = nonet_puzzle_from_string(text, NULL);
        CHECK(p != NULL);
        if (!p) continue;
        agree(p, NONET_ENGINE_FAST, 1, 0);
        agree(p, NONET_ENGINE_FAST, 2, 0);
        agree(p, NONET_ENGINE_FAST, 40, 0);
        agree(p, NONET_ENGINE_FAST, 0, 5000);
        nonet_puzzle_free(p);
    }
}

/* The big boxed sets of bench/data: planes and auto agree under every cap;
 * auto runs planes where the cap leaves it a SIMD path, bitmask where not. */
static void test_planes(void)
{
    static const char *const files[] = {"shapes_16x16.txt", "shapes_25x25.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bench_set bs;
        if (!bench_set_open(&bs, files[i])) continue;
        nonet_puzzle *p;
        int count = 0;
        while (nonet_reader_next(bs.rd, &p, NULL) == NONET_OK) {
            if (count++ < 30) {
                CHECK_EQ_INT(agree(p, NONET_ENGINE_PLANES, 2, 0), 1);
                agree(p, NONET_ENGINE_PLANES, 0, 2000);
                run_out o;
                run(p, NONET_ENGINE_AUTO, NONET_SIMD_SCALAR, 2, 0, &o);
                CHECK_EQ_INT(o.res.engine, NONET_ENGINE_BITMASK);
                CHECK_EQ_INT(o.res.solutions, 1);
                run(p, NONET_ENGINE_AUTO, NONET_SIMD_BEST, 2, 0, &o);
                int simd = strcmp(nonet_engine_path(NONET_ENGINE_PLANES), "portable") != 0;
                CHECK_EQ_INT(o.res.engine, simd ? NONET_ENGINE_PLANES : NONET_ENGINE_BITMASK);
            }
            nonet_puzzle_free(p);
        }
        bench_set_close(&bs);
    }
}

static const harness_test TESTS[] = {
    {"names", test_names}, {"paths", test_paths},   {"options", test_options},
    {"fast", test_fast},   {"planes", test_planes}, {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
