/*
 * test_engine_paths.c - every code path of the bitmask and planes engines
 * walks the same search: the bitmask engine's scanning and counting
 * propagators, and the planes engine's levels (portable, AVX2, AVX-512:
 * those this CPU runs) must give the same solution count, the same first
 * solution, the same node and guess counts, on the bench sets, on random
 * puzzles with many solutions (limits 1, 2, 5 and all, under a node bound),
 * with pencilmarks, on jigsaw and variant shapes (bitmask only) and on
 * near-empty big grids, where the search restarts. Every solution reported
 * must verify. Internal entry points (engines/bitmask/bitmask.h,
 * engines/planes/planes.h): this test links the static library.
 */
#include "harness.h"

#include "engines/bitmask/bitmask.h"
#include "engines/planes/planes.h"

#include <nonet.h>

#include <stdlib.h>

#include "bench_sets.h" /* after nonet.h */

/* Paths: the bitmask engine's two propagators, then the planes engine's
 * levels (PLANES + level, levels.h's order). */
enum { BM_SCAN, BM_COUNT, PLANES };

/* The number of paths built in. */
static int npaths(void) { return PLANES + nonet__planes_level_count(); }

/* The name of a path, for messages. */
static const char *path_name(int path)
{
    static char buf[64];
    if (path < PLANES) return path == BM_SCAN ? "bitmask/scan" : "bitmask/count";
    snprintf(buf, sizeof buf, "planes/%s", nonet__planes_level_name(path - PLANES));
    return buf;
}

typedef struct outcome {
    unsigned long long solutions, nodes, guesses, seen;
    int stop;
    int bad; /* a reported solution failed to verify */
    unsigned char first[NONET_MAX_CELLS];
    const nonet_puzzle *p;
} outcome;

/* Checks each solution the engine reports. */
static int on_solution(void *ctx, const unsigned char *grid)
{
    outcome *o = ctx;
    o->seen++;
    if (nonet_puzzle_verify(o->p, grid, NULL) != NONET_OK) o->bad = 1;
    return 0;
}

/* Whether path `path` runs here (the planes levels this CPU has). */
static int path_runs(int path)
{
    return path < PLANES || nonet__planes_level_usable(path - PLANES);
}

/* Runs one path on p. */
static void run(const nonet_puzzle *p, int path, unsigned long long limit,
                unsigned long long max_nodes, outcome *o)
{
    nonet__workspace ws = {NULL, 0};
    nonet__search job;
    memset(&job, 0, sizeof job);
    memset(o, 0, sizeof *o);
    o->p = p;
    job.shape = nonet_puzzle_shape(p);
    job.givens = nonet_puzzle_cells(p);
    job.cands = nonet_puzzle_candidates(p);
    job.limit = limit;
    job.max_nodes = max_nodes;
    job.on_solution = on_solution;
    job.solution_ctx = o;
    job.first = o->first;
    job.tick_mask = 1023;
    nonet_status st;
    if (path == BM_SCAN || path == BM_COUNT)
        st = nonet__solve_bitmask_with(&job, &ws, path == BM_COUNT);
    else st = nonet__planes_solve_at(&job, &ws, path - PLANES);
    free(ws.mem);
    CHECK_EQ_INT(st, NONET_OK);
    o->solutions = job.solutions;
    o->nodes = job.nodes;
    o->guesses = job.guesses;
    o->stop = job.stop;
}

/* Runs every path that supports p and checks they agree with the first.
 * Returns the first path's solution count. */
static unsigned long long agree(const nonet_puzzle *p, unsigned long long limit,
                                unsigned long long max_nodes)
{
    static outcome ref, o;
    int have = 0, ncells = nonet_shape_cells(nonet_puzzle_shape(p));
    int planes = nonet_engine_supports(NONET_ENGINE_PLANES, nonet_puzzle_shape(p));
    for (int path = 0; path < npaths(); path++) {
        if (!path_runs(path) || (path >= PLANES && !planes)) continue;
        outcome *x = have ? &o : &ref;
        run(p, path, limit, max_nodes, x);
        CHECK(!x->bad);
        CHECK_EQ_INT(x->seen, x->solutions);
        if (!have++) continue;
        if (o.solutions != ref.solutions || o.nodes != ref.nodes || o.guesses != ref.guesses ||
            o.stop != ref.stop || (ref.solutions && memcmp(o.first, ref.first, (size_t)ncells))) {
            fprintf(stderr, "%s: %llu solutions, %llu nodes, %llu guesses; %s: %llu, %llu, %llu\n",
                    path_name(path), o.solutions, o.nodes, o.guesses, path_name(0), ref.solutions,
                    ref.nodes, ref.guesses);
            CHECK(0);
        }
    }
    return ref.solutions;
}

/* A random full grid of the shape (the counting propagator from a few
 * random givens), then a puzzle keeping `keep` of 1000 of its cells, and
 * pencilmarks on some open cells when `marks`. NULL when the shape's random
 * start had no solution. */
static nonet_puzzle *random_puzzle(rng *r, const nonet_shape *s, int keep, int marks)
{
    int nc = nonet_shape_cells(s), n = nonet_shape_size(s);
    unsigned char cells[NONET_MAX_CELLS] = {0}, full[NONET_MAX_CELLS];
    uint64_t cands[NONET_MAX_CELLS];
    for (int k = 0; k < n; k++) {
        int c = below(r, nc);
        cells[c] = (unsigned char)(1 + below(r, n));
        nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
        if (nonet_puzzle_check(p, NULL) != NONET_OK) cells[c] = 0;
        nonet_puzzle_free(p);
    }
    nonet_puzzle *seed = nonet_puzzle_new(s, cells, NULL, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_BITMASK;
    opt.limit = 1;
    opt.max_nodes = 200000;
    nonet_result res;
    nonet_status st = nonet_solve(seed, &opt, full, &res, NULL);
    nonet_puzzle_free(seed);
    if (st != NONET_OK || res.solutions != 1) return NULL;
    for (int c = 0; c < nc; c++) {
        cells[c] = below(r, 1000) < keep ? full[c] : 0;
        uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
        cands[c] = all;
        if (marks && !cells[c] && below(r, 4) == 0) {
            cands[c] = (1ull << (full[c] - 1)) | ((uint64_t)below(r, 1 << 20) & all);
            if (below(r, 8) == 0) cands[c] &= ~(1ull << (full[c] - 1)); /* a wrong mark */
            if (!cands[c]) cands[c] = all;
        }
    }
    return nonet_puzzle_new(s, cells, marks ? cands : NULL, NULL);
}

/* Every path on the bench sets of bench/data (boxed and jigsaw). */
static void test_bench_sets(void)
{
    static const char *const files[] = {"shapes_6x6.txt", "shapes_12x12.txt", "shapes_16x16.txt",
                                        "shapes_25x25.txt", "shapes_jigsaw9.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bench_set bs;
        if (!bench_set_open(&bs, files[i])) continue;
        nonet_puzzle *p;
        int count = 0;
        while (nonet_reader_next(bs.rd, &p, NULL) == NONET_OK) {
            if (count++ < 60) CHECK_EQ_INT(agree(p, 2, 0), 1);
            nonet_puzzle_free(p);
        }
        bench_set_close(&bs);
    }
}

/* Random puzzles with many solutions, some with pencilmarks, on boxed sizes
 * 4 to 32: limits 1, 2, 5 and all (under a node bound). */
static void test_random_boxed(void)
{
    static const int sides[] = {4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 32};
    rng r = {16};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        nonet_shape *s = nonet_shape_new_classic(sides[i], NULL);
        for (int k = 0; k < 12; k++) {
            int keep = (int[]){0, 20, 150, 400, 600, 850}[k % 6];
            nonet_puzzle *p = random_puzzle(&r, s, keep, k % 4 == 3);
            if (!p) continue;
            agree(p, 1, 0);
            agree(p, 2, 0);
            agree(p, 5, 0);
            if (sides[i] <= 16) agree(p, 0, 3000);
            nonet_puzzle_free(p);
        }
        nonet_shape_free(s);
    }
}

/* The jigsaw shape of the first puzzle of the bench's jigsaw set (a new
 * reference), or NULL. */
static nonet_shape *jigsaw_shape(void)
{
    FILE *fp = fopen(BENCH_DATA "/shapes_jigsaw9.txt", "rb");
    if (!fp) return NULL;
    nonet_reader *rd = nonet_reader_new_file(fp, "jigsaw", NONET_FORMAT_AUTO, NULL);
    nonet_puzzle *p = NULL;
    nonet_shape *s = NULL;
    if (rd && nonet_reader_next(rd, &p, NULL) == NONET_OK)
        s = nonet_shape_ref(nonet_puzzle_shape(p));
    nonet_puzzle_free(p);
    nonet_reader_free(rd);
    fclose(fp);
    return s;
}

/* The bitmask propagators on jigsaw maps, variants and big grids. */
static void test_other_shapes(void)
{
    rng r = {17};
    nonet_shape_spec sp;
    nonet_shape *shapes[4];
    shapes[0] = jigsaw_shape();
    memset(&sp, 0, sizeof sp);
    sp.size = 9;
    sp.variants = NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT;
    shapes[1] = nonet_shape_new(&sp, NULL);
    sp.size = 16;
    sp.variants = NONET_VARIANT_NON_CONSECUTIVE;
    shapes[2] = nonet_shape_new(&sp, NULL);
    shapes[3] = nonet_shape_new_classic(36, NULL);
    for (int i = 0; i < 4; i++) {
        CHECK(shapes[i] != NULL);
        if (!shapes[i]) continue;
        for (int k = 0; k < 8; k++) {
            nonet_puzzle *p =
                random_puzzle(&r, shapes[i], (int[]){30, 300, 500, 700}[k % 4], k % 3 == 2);
            if (!p) continue;
            agree(p, 2, 20000);
            agree(p, 4, 20000);
            nonet_puzzle_free(p);
        }
        nonet_shape_free(shapes[i]);
    }
}

/* Near-empty grids, where the search restarts: every path agrees and the
 * solutions verify; an empty 64x64 grid gets three distinct solutions. */
static void test_sparse(void)
{
    static const int sides[] = {16, 25, 30, 32, 49, 64};
    rng r = {18};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        int n = sides[i];
        nonet_shape *s = nonet_shape_new_classic(n, NULL);
        unsigned char cells[NONET_MAX_CELLS];
        for (int k = 0; k < 3; k++) {
            memset(cells, 0, sizeof cells);
            for (int g = 0; g < k * n / 2; g++) {
                int c = below(&r, n * n);
                cells[c] = (unsigned char)(1 + below(&r, n));
                nonet_puzzle *q = nonet_puzzle_new(s, cells, NULL, NULL);
                if (nonet_puzzle_check(q, NULL) != NONET_OK) cells[c] = 0;
                nonet_puzzle_free(q);
            }
            nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
            CHECK_EQ_INT(agree(p, n > 32 ? 3 : 2, 2000000), n > 32 ? 3 : 2);
            nonet_puzzle_free(p);
        }
        nonet_shape_free(s);
    }
}

static const harness_test TESTS[] = {
    {"bench_sets", test_bench_sets},
    {"random_boxed", test_random_boxed},
    {"other_shapes", test_other_shapes},
    {"sparse", test_sparse},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
