/*
 * test_generate.c - the generator through the public API: every puzzle has
 * exactly one solution (checked by a separate solve and by verifying the
 * solution), minimality, symmetry of the givens and of random jigsaw maps,
 * determinism, clue spread, every shape and variant, clue targets, the hard
 * search, the hooks, the bias of random full grids (chi-square over
 * 100,000 9x9 grids), and difficulty targets: every puzzle made for a band
 * or a technique re-rates inside it with a fresh explainer.
 */
#include "harness.h"

#include <nonet.h>

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static nonet_generator *make(uint64_t seed, nonet_symmetry sym)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = seed;
    o.symmetry = sym;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    CHECK(g != NULL);
    return g;
}

static nonet_shape *shape_of(int size, int br, int bc, unsigned variants)
{
    nonet_shape_spec sp = {0};
    sp.size = size;
    sp.box_rows = br;
    sp.box_cols = bc;
    sp.variants = variants;
    nonet_error err;
    nonet_shape *s = nonet_shape_new(&sp, &err);
    if (!s) fprintf(stderr, "shape: %s\n", err.message);
    CHECK(s != NULL);
    return s;
}

/* Solutions of `cells` on shape s, counted to 2 by the engine `e`. */
static unsigned long long count_with(const nonet_shape *s, const unsigned char *cells,
                                     nonet_engine e, unsigned char *first)
{
    nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
    nonet_options o;
    nonet_options_init(&o);
    o.engine = e;
    nonet_result r;
    nonet_solve(p, &o, first, &r, NULL);
    nonet_puzzle_free(p);
    return r.solutions;
}

/* Checks that p has exactly one solution, `sol`, by a fresh search with an
 * engine other than the generator's (dlx on small grids), and that `sol` is
 * a valid complete grid. */
static void check_unique(const nonet_puzzle *p, const unsigned char *sol)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    unsigned char first[NONET_MAX_CELLS];
    nonet_engine e = nonet_shape_size(s) <= 9 ? NONET_ENGINE_DLX : NONET_ENGINE_BITMASK;
    CHECK_EQ_INT(count_with(s, nonet_puzzle_cells(p), e, first), 1);
    CHECK(memcmp(first, sol, (size_t)nonet_shape_cells(s)) == 0);
    CHECK(nonet_puzzle_verify(p, sol, NULL) == NONET_OK);
}

/* The transforms of each symmetry: 0 identity, 1-3 quarter turns, 4
 * mirror, 5 flip, 6 diagonal, 7 anti-diagonal (count first). */
static const int group[8][9] = {{1, 0},    {2, 0, 2}, {4, 0, 1, 2, 3}, {2, 0, 4},
                                {2, 0, 5}, {2, 0, 6}, {2, 0, 7},       {8, 0, 1, 2, 3, 4, 5, 6, 7}};

/* Image of `cell` (side n) under transform t, written out independently of
 * the library's. */
static int transform(int t, int n, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    int img[8] = {cell,          c * n + m - r,   (m - r) * n + m - c, (m - c) * n + r,
                  r * n + m - c, (m - r) * n + c, c * n + r,           (m - c) * n + m - r};
    return img[t];
}

/* The cells of the orbit of `cell` under `sym` on side n (at most 8). */
static int orbit(nonet_symmetry sym, int n, int cell, int *out)
{
    int k = 0;
    for (int i = 1; i <= group[sym][0]; i++) {
        int x = transform(group[sym][i], n, cell), dup = 0;
        for (int j = 0; j < k; j++) dup |= out[j] == x;
        if (!dup) out[k++] = x;
    }
    return k;
}

/* Whether every transform of sym maps regions of j onto regions: cells
 * share a region exactly when their images do. */
static int map_symmetric(const nonet_shape *j, nonet_symmetry sym)
{
    int n = nonet_shape_size(j), cells = n * n;
    for (int i = 1; i <= group[sym][0]; i++)
        for (int x = 0; x < cells; x++)
            for (int y = 0; y < cells; y++) {
                int tx = transform(group[sym][i], n, x), ty = transform(group[sym][i], n, y);
                if ((nonet_shape_region(j, x) == nonet_shape_region(j, y)) !=
                    (nonet_shape_region(j, tx) == nonet_shape_region(j, ty)))
                    return 0;
            }
    return 1;
}

/* Checks that no given (no orbit of givens under sym) can be removed
 * keeping one solution. */
static void check_minimal(const nonet_puzzle *p, nonet_symmetry sym)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    int n = nonet_shape_size(s), cells = n * n, orb[8];
    unsigned char g[NONET_MAX_CELLS];
    for (int c = 0; c < cells; c++) {
        if (!nonet_puzzle_cells(p)[c]) continue;
        memcpy(g, nonet_puzzle_cells(p), (size_t)cells);
        int k = orbit(sym, n, c, orb);
        for (int i = 0; i < k; i++) g[orb[i]] = 0;
        if (count_with(s, g, NONET_ENGINE_AUTO, NULL) < 2) {
            fprintf(stderr, "removable given r%dc%d\n", c / n + 1, c % n + 1);
            CHECK(0);
            return;
        }
    }
}

/* Generates puzzle k, checks it has one solution, returns it (or NULL). */
static nonet_puzzle *gen_checked(nonet_generator *g, const nonet_shape *s, uint64_t k,
                                 unsigned char *sol, nonet_generate_result *res)
{
    nonet_puzzle *p = NULL;
    nonet_error err;
    nonet_status st = nonet_generate(g, s, k, &p, sol, res, &err);
    if (st) fprintf(stderr, "generate: %s\n", err.message);
    CHECK_EQ_INT(st, NONET_OK);
    if (!p) return NULL;
    check_unique(p, sol);
    int clues = 0;
    for (int c = 0; c < nonet_shape_cells(nonet_puzzle_shape(p)); c++)
        clues += nonet_puzzle_cells(p)[c] != 0;
    CHECK_EQ_INT(clues, res->clues);
    return p;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

static void test_names(void)
{
    for (int s = 0; s < NONET_SYMMETRY_COUNT; s++)
        CHECK_EQ_INT(nonet_symmetry_from_name(nonet_symmetry_name((nonet_symmetry)s)), s);
    CHECK_EQ_INT(nonet_symmetry_from_name("antidiagonal"), NONET_SYMMETRY_ANTIDIAGONAL);
    CHECK_EQ_INT(nonet_symmetry_from_name("sideways"), -1);
    CHECK_EQ_INT(nonet_symmetry_from_name(NULL), -1);
    CHECK(nonet_symmetry_name(NONET_SYMMETRY_COUNT) == NULL);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    CHECK_EQ_INT(o.minimal, 1);
    o.clues = -1;
    nonet_error err;
    CHECK(nonet_generator_new(&o, &err) == NULL);
    CHECK_EQ_INT(err.code, NONET_ERR_ARG);
    nonet_generator_free(NULL);
    nonet_generator *g = nonet_generator_new(NULL, NULL);
    nonet_puzzle *p = (nonet_puzzle *)&o;
    CHECK_EQ_INT(nonet_generate(g, NULL, 0, &p, NULL, NULL, NULL), NONET_ERR_ARG);
    CHECK(p == NULL);
    nonet_generator_free(g);
}

static void test_classic_unique_minimal(void)
{
    nonet_generator *g = make(11, NONET_SYMMETRY_NONE);
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    unsigned char sol[81];
    for (uint64_t k = 0; k < 200; k++) {
        nonet_generate_result res;
        nonet_puzzle *p = gen_checked(g, s, k, sol, &res);
        CHECK_EQ_INT(res.minimal, 1);
        CHECK_EQ_INT(res.target_met, 1);
        CHECK(res.clues >= 17 && res.clues <= 40);
        if (p && k < 50) check_minimal(p, NONET_SYMMETRY_NONE);
        nonet_puzzle_free(p);
    }
    nonet_shape_free(s);
    nonet_generator_free(g);
}

static void test_symmetries(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    for (int sym = NONET_SYMMETRY_NONE; sym <= NONET_SYMMETRY_RANDOM; sym++) {
        nonet_generator *g = make(5, (nonet_symmetry)sym);
        for (uint64_t k = 0; k < 12; k++) {
            unsigned char sol[81];
            nonet_generate_result res;
            nonet_puzzle *p = gen_checked(g, s, k, sol, &res);
            if (!p) continue;
            if (sym != NONET_SYMMETRY_RANDOM) CHECK_EQ_INT(res.symmetry, sym);
            else
                CHECK(res.symmetry >= NONET_SYMMETRY_ROTATE180 &&
                      res.symmetry <= NONET_SYMMETRY_DIHEDRAL);
            const unsigned char *c = nonet_puzzle_cells(p);
            int orb[8];
            for (int x = 0; x < 81; x++) {
                int n = orbit(res.symmetry, 9, x, orb);
                for (int i = 0; i < n; i++) CHECK(!c[x] == !c[orb[i]]);
            }
            if (k < 3) check_minimal(p, res.symmetry);
            CHECK_EQ_INT(res.minimal, 1);
            nonet_puzzle_free(p);
        }
        nonet_generator_free(g);
    }
    nonet_shape_free(s);
}

static void test_symmetry_errors(void)
{
    nonet_error err;
    nonet_puzzle *p = NULL;
    /* quarter turns and transposition turn 2x3 boxes into 3x2 ones */
    nonet_shape *six = shape_of(6, 2, 3, 0);
    int bad[] = {NONET_SYMMETRY_ROTATE90, NONET_SYMMETRY_DIAGONAL, NONET_SYMMETRY_ANTIDIAGONAL,
                 NONET_SYMMETRY_DIHEDRAL};
    for (int i = 0; i < 4; i++) {
        nonet_generator *g = make(1, (nonet_symmetry)bad[i]);
        CHECK_EQ_INT(nonet_generate(g, six, 0, &p, NULL, NULL, &err), NONET_ERR_SHAPE);
        CHECK(p == NULL);
        CHECK(strstr(err.message, "box") != NULL);
        nonet_generator_free(g);
    }
    int good[] = {NONET_SYMMETRY_ROTATE180, NONET_SYMMETRY_MIRROR, NONET_SYMMETRY_FLIP,
                  NONET_SYMMETRY_RANDOM};
    for (int i = 0; i < 4; i++) {
        nonet_generator *g = make(1, (nonet_symmetry)good[i]);
        unsigned char sol[36];
        nonet_generate_result res;
        nonet_puzzle_free(gen_checked(g, six, 0, sol, &res));
        nonet_generator_free(g);
    }
    /* a jigsaw map without a half-turn symmetry */
    static const char map[] = "AAAABB\nAABBBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n";
    int regions[NONET_MAX_CELLS];
    CHECK_EQ_INT(nonet_regions_parse(map, strlen(map), regions, &err), 6);
    nonet_shape_spec sp = {0};
    sp.size = 6;
    sp.regions = regions;
    nonet_shape *jig = nonet_shape_new(&sp, &err);
    CHECK(jig != NULL);
    nonet_generator *g = make(1, NONET_SYMMETRY_ROTATE180);
    CHECK_EQ_INT(nonet_generate(g, jig, 0, &p, NULL, NULL, &err), NONET_ERR_SHAPE);
    CHECK(strstr(err.message, "region") != NULL);
    nonet_generator_free(g);
    nonet_shape_free(jig);
    nonet_shape_free(six);
}

static void test_determinism(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generator *a = make(42, NONET_SYMMETRY_NONE), *b = make(42, NONET_SYMMETRY_NONE);
    nonet_generator *other = make(43, NONET_SYMMETRY_NONE);
    nonet_puzzle *pa[8], *pb[8];
    nonet_generate_result ra, rb;
    for (int k = 0; k < 8; k++)
        CHECK_EQ_INT(nonet_generate(a, s, (uint64_t)k, &pa[k], NULL, &ra, NULL), 0);
    for (int k = 7; k >= 0; k--)
        CHECK_EQ_INT(nonet_generate(b, s, (uint64_t)k, &pb[k], NULL, &rb, NULL), 0);
    int differ_from_other = 0;
    for (int k = 0; k < 8; k++) {
        CHECK(memcmp(nonet_puzzle_cells(pa[k]), nonet_puzzle_cells(pb[k]), 81) == 0);
        nonet_puzzle *q;
        nonet_generate(other, s, (uint64_t)k, &q, NULL, NULL, NULL);
        differ_from_other += memcmp(nonet_puzzle_cells(pa[k]), nonet_puzzle_cells(q), 81) != 0;
        nonet_puzzle_free(q);
        if (k) CHECK(memcmp(nonet_puzzle_cells(pa[k]), nonet_puzzle_cells(pa[k - 1]), 81) != 0);
    }
    CHECK_EQ_INT(differ_from_other, 8);
    /* a puzzle's own seed remakes it as number 0 */
    nonet_puzzle *q;
    nonet_generate(a, s, 5, &q, NULL, &ra, NULL);
    nonet_puzzle_free(q);
    nonet_generator *again = make(ra.seed, NONET_SYMMETRY_NONE);
    nonet_generate(again, s, 0, &q, NULL, &rb, NULL);
    CHECK(memcmp(nonet_puzzle_cells(q), nonet_puzzle_cells(pa[5]), 81) == 0);
    CHECK(ra.seed == rb.seed);
    nonet_puzzle_free(q);
    for (int k = 0; k < 8; k++) {
        nonet_puzzle_free(pa[k]);
        nonet_puzzle_free(pb[k]);
    }
    nonet_generator_free(again);
    nonet_generator_free(a);
    nonet_generator_free(b);
    nonet_generator_free(other);
    nonet_shape_free(s);
}

/* Rows 1-3 hold as many givens as rows 7-9 on average (gsf's fixed removal
 * order left the first row empty in 38% of its puzzles). */
static void test_clue_spread(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generator *g = make(7, NONET_SYMMETRY_NONE);
    long row[9] = {0}, empty_first = 0, n = 3000;
    for (long k = 0; k < n; k++) {
        nonet_puzzle *p;
        CHECK_EQ_INT(nonet_generate(g, s, (uint64_t)k, &p, NULL, NULL, NULL), 0);
        const unsigned char *c = nonet_puzzle_cells(p);
        int first = 0;
        for (int x = 0; x < 81; x++) row[x / 9] += c[x] != 0;
        for (int x = 0; x < 9; x++) first += c[x] != 0;
        empty_first += first == 0;
        nonet_puzzle_free(p);
    }
    double top = (row[0] + row[1] + row[2]) / (double)n,
           bottom = (row[6] + row[7] + row[8]) / (double)n;
    CHECK(fabs(top - bottom) < 0.02 * (top + bottom));
    for (int r = 0; r < 9; r++) CHECK(fabs(row[r] / (double)n - (top + bottom) / 6) < 0.1);
    CHECK(empty_first < n / 12); /* chance alone leaves it empty ~3% of the time */
    nonet_generator_free(g);
    nonet_shape_free(s);
}

/* One shape: a few puzzles, each unique; the first checked minimal. */
static void check_shape(const nonet_shape *s, nonet_symmetry sym, int count, int minimal)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = 99;
    o.symmetry = sym;
    o.minimal = minimal;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    unsigned char sol[NONET_MAX_CELLS];
    for (int k = 0; k < count; k++) {
        nonet_generate_result res;
        nonet_puzzle *p = gen_checked(g, s, (uint64_t)k, sol, &res);
        if (p && minimal && k == 0 && nonet_shape_size(s) <= 12) check_minimal(p, res.symmetry);
        CHECK_EQ_INT(res.minimal, minimal);
        nonet_puzzle_free(p);
    }
    nonet_generator_free(g);
}

static void test_sizes(void)
{
    static const int sizes[][3] = {{4, 0, 0}, {5, 0, 0},  {6, 0, 0},  {6, 3, 2},  {8, 0, 0},
                                   {8, 4, 2}, {10, 0, 0}, {12, 0, 0}, {12, 2, 6}, {16, 0, 0}};
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        nonet_shape *s = shape_of(sizes[i][0], sizes[i][1], sizes[i][2], 0);
        check_shape(s, NONET_SYMMETRY_NONE, sizes[i][0] <= 9 ? 4 : 1, 1);
        nonet_shape_free(s);
    }
    nonet_shape *s = shape_of(25, 0, 0, 0);
    check_shape(s, NONET_SYMMETRY_ROTATE180, 1, 0);
    nonet_shape_free(s);
    s = shape_of(36, 0, 0, 0); /* the pattern grid, shuffled */
    check_shape(s, NONET_SYMMETRY_NONE, 1, 0);
    nonet_shape_free(s);
}

static void test_variants(void)
{
    static const unsigned vs[] = {NONET_VARIANT_X,
                                  NONET_VARIANT_HYPER,
                                  NONET_VARIANT_DISJOINT,
                                  NONET_VARIANT_ANTI_KNIGHT,
                                  NONET_VARIANT_ANTI_KING,
                                  NONET_VARIANT_NON_CONSECUTIVE,
                                  NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT,
                                  NONET_VARIANT_HYPER | NONET_VARIANT_X,
                                  NONET_VARIANT_DISJOINT | NONET_VARIANT_ANTI_KING};
    for (unsigned i = 0; i < sizeof vs / sizeof vs[0]; i++) {
        nonet_shape *s = shape_of(9, 0, 0, vs[i]);
        check_shape(s, i % 2 ? NONET_SYMMETRY_ROTATE180 : NONET_SYMMETRY_NONE, 2, 1);
        nonet_shape_free(s);
    }
    nonet_shape *s = shape_of(6, 0, 0, NONET_VARIANT_X);
    check_shape(s, NONET_SYMMETRY_NONE, 3, 1);
    nonet_shape_free(s);
    /* rules without any complete grid are an error, not a hang */
    s = shape_of(4, 0, 0,
                 NONET_VARIANT_NON_CONSECUTIVE | NONET_VARIANT_X | NONET_VARIANT_ANTI_KING);
    nonet_generator *g = make(1, NONET_SYMMETRY_NONE);
    nonet_puzzle *p;
    nonet_error err;
    CHECK_EQ_INT(nonet_generate(g, s, 0, &p, NULL, NULL, &err), NONET_ERR_SHAPE);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

/* Random jigsaw maps: connected regions (the shape was built), symmetric
 * under the symmetry asked for, different from puzzle to puzzle. */
static void test_random_regions(void)
{
    static const int kinds[] = {NONET_SYMMETRY_NONE, NONET_SYMMETRY_ROTATE180,
                                NONET_SYMMETRY_MIRROR, NONET_SYMMETRY_ROTATE90,
                                NONET_SYMMETRY_DIHEDRAL};
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = 3;
        o.random_regions = 1;
        o.symmetry = (nonet_symmetry)kinds[i];
        nonet_generator *g = nonet_generator_new(&o, NULL);
        int prev[81] = {0}, changed = 0;
        for (uint64_t k = 0; k < 4; k++) {
            unsigned char sol[81];
            nonet_generate_result res;
            nonet_puzzle *p = gen_checked(g, s, k, sol, &res);
            if (!p) continue;
            const nonet_shape *j = nonet_puzzle_shape(p);
            CHECK_EQ_INT(nonet_shape_box_rows(j), 0);
            CHECK(map_symmetric(j, (nonet_symmetry)kinds[i]));
            int differs = 0;
            for (int x = 0; x < 81; x++) {
                differs += nonet_shape_region(j, x) != x / 27 * 3 + x % 9 / 3;
                changed += prev[x] != nonet_shape_region(j, x);
                prev[x] = nonet_shape_region(j, x);
            }
            /* under all eight transforms no swap keeps the boxes' regions
             * connected: a dihedral map may stay the boxes */
            if (kinds[i] != NONET_SYMMETRY_DIHEDRAL) CHECK(differs > 0);
            if (k == 0) check_minimal(p, res.symmetry);
            nonet_puzzle_free(p);
        }
        if (kinds[i] != NONET_SYMMETRY_DIHEDRAL) CHECK(changed > 0);
        nonet_generator_free(g);
    }
    nonet_shape_free(s);
}

/* The map's symmetry itself, through the library's own check: asking for a
 * symmetric puzzle on the drawn shape succeeds. */
static void test_random_regions_symmetric(void)
{
    nonet_shape *s = nonet_shape_new_classic(8, NULL);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.random_regions = 1;
    o.symmetry = NONET_SYMMETRY_ROTATE180;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    nonet_generator *again = make(8, NONET_SYMMETRY_ROTATE180);
    for (uint64_t k = 0; k < 3; k++) {
        nonet_puzzle *p, *q;
        CHECK_EQ_INT(nonet_generate_grid(g, s, k, &p, NULL), NONET_OK);
        CHECK_EQ_INT(nonet_generate(again, nonet_puzzle_shape(p), k, &q, NULL, NULL, NULL),
                     NONET_OK);
        nonet_puzzle_free(q);
        nonet_puzzle_free(p);
    }
    nonet_generator_free(again);
    nonet_generator_free(g);
    nonet_shape_free(s);
    /* rotate90 needs square boxes to start from */
    s = nonet_shape_new_classic(8, NULL);
    o.symmetry = NONET_SYMMETRY_ROTATE90;
    g = nonet_generator_new(&o, NULL);
    nonet_puzzle *p;
    nonet_error err;
    CHECK_EQ_INT(nonet_generate(g, s, 0, &p, NULL, NULL, &err), NONET_ERR_SHAPE);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

static void test_clue_target(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = 4;
    o.clues = 30;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    unsigned char sol[81];
    for (uint64_t k = 0; k < 10; k++) {
        nonet_generate_result res;
        nonet_puzzle_free(gen_checked(g, s, k, sol, &res));
        CHECK_EQ_INT(res.clues, 30);
        CHECK_EQ_INT(res.target_met, 1);
    }
    nonet_generator_free(g);
    o.clues = 16; /* no 9x9 puzzle has 16 clues */
    o.attempts = 3;
    g = nonet_generator_new(&o, NULL);
    nonet_generate_result res;
    nonet_puzzle_free(gen_checked(g, s, 0, sol, &res));
    CHECK_EQ_INT(res.target_met, 0);
    CHECK(res.clues > 16);
    CHECK_EQ_INT(res.attempts, 3);
    nonet_generator_free(g);
    o.clues = 0;
    o.minimal = 0;
    g = nonet_generator_new(&o, NULL);
    nonet_puzzle_free(gen_checked(g, s, 0, sol, &res));
    CHECK_EQ_INT(res.minimal, 0);
    CHECK(res.clues > 30);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

static void test_hard(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = 21;
    nonet_generator *plain = nonet_generator_new(&o, NULL);
    o.hard_steps = 40;
    nonet_generator *hard = nonet_generator_new(&o, NULL);
    double plain_total = 0, hard_total = 0;
    for (uint64_t k = 0; k < 6; k++) {
        unsigned char sol[81];
        nonet_generate_result res;
        nonet_puzzle *p = gen_checked(plain, s, k, sol, &res);
        nonet_options so;
        nonet_options_init(&so);
        nonet_result r;
        nonet_solve(p, &so, NULL, &r, NULL);
        nonet_puzzle_free(p);
        p = gen_checked(hard, s, k, sol, &res);
        CHECK_EQ_INT(res.minimal, 1);
        if (p) check_minimal(p, NONET_SYMMETRY_NONE);
        nonet_result rh;
        nonet_solve(p, &so, NULL, &rh, NULL);
        CHECK(res.score == (double)rh.guesses);
        CHECK(rh.guesses >= r.guesses); /* the search starts from the plain puzzle */
        plain_total += (double)r.guesses;
        hard_total += (double)rh.guesses;
        nonet_puzzle_free(p);
    }
    CHECK(hard_total > plain_total);
    nonet_generator_free(plain);
    nonet_generator_free(hard);
    nonet_shape_free(s);
}

static void test_from(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generator *g = make(2, NONET_SYMMETRY_NONE);
    nonet_puzzle *grid, *p;
    CHECK_EQ_INT(nonet_generate_grid(g, s, 3, &grid, NULL), NONET_OK);
    unsigned char sol[81];
    nonet_generate_result res;
    CHECK_EQ_INT(nonet_generate_from(g, grid, 0, &p, sol, &res, NULL), NONET_OK);
    CHECK(memcmp(sol, nonet_puzzle_cells(grid), 81) == 0);
    check_unique(p, sol);
    check_minimal(p, NONET_SYMMETRY_NONE);
    /* the grid nonet_generate carves for the same index */
    nonet_puzzle *q;
    CHECK_EQ_INT(nonet_generate(g, s, 3, &q, sol, &res, NULL), NONET_OK);
    CHECK(memcmp(sol, nonet_puzzle_cells(grid), 81) == 0);
    nonet_puzzle_free(q);
    /* a start that breaks a rule */
    unsigned char cells[81] = {0};
    cells[0] = 5;
    cells[1] = 5;
    nonet_puzzle *bad = nonet_puzzle_new(s, cells, NULL, NULL);
    nonet_error err;
    CHECK_EQ_INT(nonet_generate_from(g, bad, 0, &q, sol, &res, &err), NONET_ERR_RULE);
    CHECK(q == NULL);
    nonet_puzzle_free(bad);
    nonet_puzzle_free(p);
    nonet_puzzle_free(grid);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

/* Steering hook: accepts removals while at least `floor` givens remain. */
static int keep_floor(void *ctx, const nonet_shape *s, const unsigned char *givens)
{
    int *floor = ctx, k = 0;
    for (int c = 0; c < nonet_shape_cells(s); c++) k += givens[c] != 0;
    floor[1]++;
    return k >= floor[0];
}

static int stop_now(void *ctx, unsigned long long nodes)
{
    (void)ctx;
    (void)nodes;
    return 1;
}

static void test_hooks(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    int floor[2] = {28, 0};
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.accept = keep_floor;
    o.accept_ctx = floor;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    unsigned char sol[81];
    nonet_generate_result res;
    nonet_puzzle_free(gen_checked(g, s, 0, sol, &res));
    CHECK(floor[1] > 0);
    CHECK(res.clues >= 28);
    nonet_generator_free(g);
    nonet_generate_options_init(&o);
    o.progress = stop_now;
    g = nonet_generator_new(&o, NULL);
    nonet_shape *big = nonet_shape_new_classic(16, NULL);
    nonet_puzzle *p;
    nonet_error err;
    CHECK_EQ_INT(nonet_generate(g, big, 0, &p, NULL, &res, &err), NONET_ERR_LIMIT);
    CHECK(p == NULL);
    nonet_generator_free(g);
    nonet_shape_free(big);
    nonet_shape_free(s);
}

/* Rates p afresh (a new explainer with SE's techniques) into *r. */
static void rate_fresh(const nonet_puzzle *p, nonet_rating *r)
{
    nonet_error err;
    nonet_explainer *x = nonet_explainer_new(p, &err);
    CHECK(x != NULL);
    if (!x) return;
    CHECK_EQ_INT(nonet_explainer_rate(x, r, &err), NONET_OK);
    nonet_explainer_free(x);
}

/* Makes `count` puzzles of shape s with options o and checks each: one
 * solution, the target met, the rating reported equal to a fresh rating,
 * and that rating in [lo, hi] (hi 0: no top) with the hardest step
 * `technique` (-1: any). */
static void check_rated(const nonet_shape *s, const nonet_generate_options *o, int count, double lo,
                        double hi, int technique)
{
    nonet_generator *g = nonet_generator_new(o, NULL);
    CHECK(g != NULL);
    for (int k = 0; g && k < count; k++) {
        unsigned char sol[NONET_MAX_CELLS];
        nonet_generate_result res;
        nonet_puzzle *p = gen_checked(g, s, (uint64_t)k, sol, &res);
        if (!p) continue;
        nonet_rating r;
        rate_fresh(p, &r);
        CHECK(res.rated && res.target_met && r.finished);
        CHECK(fabs(r.er - res.er) < 1e-9 && fabs(r.ep - res.ep) < 1e-9 &&
              fabs(r.ed - res.ed) < 1e-9);
        CHECK_EQ_INT(r.hardest, res.hardest);
        CHECK(r.er >= lo - 1e-9 && (hi <= 0 || r.er <= hi + 1e-9));
        if (technique >= 0) CHECK_EQ_INT(r.hardest, technique);
        if (r.er < lo - 1e-9 || (hi > 0 && r.er > hi + 1e-9))
            fprintf(stderr, "puzzle %d rates %.1f, outside %.1f-%.1f\n", k, r.er, lo, hi);
        nonet_puzzle_free(p);
    }
    nonet_generator_free(g);
}

/* Every band of `nonet generate --difficulty` but nightmare (its search
 * takes seconds a puzzle): each puzzle re-rates inside its band. */
static void test_rating_bands(void)
{
    static const double band[][2] = {{1.0, 1.5}, {1.6, 2.5}, {2.6, 4.4}, {4.5, 6.2}, {6.3, 8.9}};
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    for (int b = 0; b < 5; b++) {
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = 1000 + (uint64_t)b;
        o.rating_min = band[b][0];
        o.rating_max = band[b][1];
        check_rated(s, &o, 4, band[b][0], band[b][1], -1);
    }
    /* a band on another shape, with symmetry */
    nonet_shape *six = shape_of(6, 2, 3, 0);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = 7;
    o.symmetry = NONET_SYMMETRY_ROTATE180;
    o.rating_min = 1.0;
    o.rating_max = 1.5;
    check_rated(six, &o, 4, 1.0, 1.5, -1);
    nonet_shape_free(six);
    nonet_shape_free(s);
}

/* --technique: the hardest step is the technique asked for. */
static void test_rating_technique(void)
{
    static const char *ids[] = {"pointing", "naked-pair", "x-wing"};
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    for (int i = 0; i < 3; i++) {
        int t = nonet_technique_from_id(ids[i]);
        CHECK(t >= 0);
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = 50 + (uint64_t)i;
        o.technique = t;
        check_rated(s, &o, 3, nonet_technique_rating(t), 0, t);
    }
    nonet_shape_free(s);
}

/* Rating without a target, bad targets, and a target no puzzle meets. */
static void test_rating_options(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    CHECK_EQ_INT(o.technique, -1);
    o.rate = 1;
    o.seed = 3;
    check_rated(s, &o, 3, 1.0, 0, -1); /* rated, no band */
    nonet_error err;
    nonet_generate_options_init(&o);
    o.rating_min = 4.0;
    o.rating_max = 3.0;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    nonet_generate_options_init(&o);
    o.technique = nonet_technique_count();
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    /* 4x4 puzzles never need ER 9: three tries, then the closest */
    nonet_shape *four = nonet_shape_new_classic(4, NULL);
    nonet_generate_options_init(&o);
    o.rating_min = 9.0;
    o.rating_tries = 3;
    nonet_generator *g = nonet_generator_new(&o, NULL);
    unsigned char sol[81];
    nonet_generate_result res;
    nonet_puzzle *p = gen_checked(g, four, 0, sol, &res);
    CHECK(p != NULL && !res.target_met && res.tries == 3 && res.rated && res.er < 9.0);
    nonet_puzzle_free(p);
    nonet_generator_free(g);
    /* determinism: the same seed gives the same puzzle */
    nonet_generate_options_init(&o);
    o.seed = 11;
    o.rating_min = 2.6;
    o.rating_max = 4.4;
    nonet_generator *a = nonet_generator_new(&o, NULL), *b = nonet_generator_new(&o, NULL);
    nonet_puzzle *pa = gen_checked(a, s, 5, sol, &res), *pb = NULL;
    nonet_puzzle_free(gen_checked(b, s, 2, sol, &res));
    pb = gen_checked(b, s, 5, sol, &res);
    CHECK(pa && pb && memcmp(nonet_puzzle_cells(pa), nonet_puzzle_cells(pb), 81) == 0);
    nonet_puzzle_free(pa);
    nonet_puzzle_free(pb);
    nonet_generator_free(a);
    nonet_generator_free(b);
    nonet_shape_free(four);
    nonet_shape_free(s);
}

/* 100,000 random 9x9 grids: each digit equally often in each cell
 * (chi-square, 8 degrees of freedom a cell), first rows all different, and
 * the row where column 2 holds r1c1's digit spread evenly over rows 4-9
 * (bands and rows within them are shuffled, not fixed). */
static void test_grid_bias(void)
{
    enum { GRIDS = 100000 };
    static long freq[81][10];
    long lower[9] = {0}, same_first = 0; /* lower[r]: grids with r1c1's digit at r(r+1)c2 */
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_generator *g = make(2024, NONET_SYMMETRY_NONE);
    unsigned char first[9];
    for (long k = 0; k < GRIDS; k++) {
        nonet_puzzle *p;
        if (nonet_generate_grid(g, s, (uint64_t)k, &p, NULL) != NONET_OK) {
            CHECK(0);
            break;
        }
        const unsigned char *c = nonet_puzzle_cells(p);
        for (int x = 0; x < 81; x++) freq[x][c[x]]++;
        for (int r = 3; r < 9; r++)
            if (c[r * 9 + 1] == c[0]) lower[r]++;
        if (k == 0) memcpy(first, c, 9);
        else same_first += memcmp(first, c, 9) == 0;
        nonet_puzzle_free(p);
    }
    double expect = GRIDS / 9.0, worst = 0, total = 0;
    for (int x = 0; x < 81; x++) {
        double chi = 0;
        for (int d = 1; d <= 9; d++) chi += (freq[x][d] - expect) * (freq[x][d] - expect) / expect;
        total += chi;
        if (chi > worst) worst = chi;
    }
    /* 8 degrees of freedom: P(chi > 37.3) = 1e-5 per cell; the sum has 648,
     * mean 648 and deviation 36 */
    CHECK(worst < 37.3);
    CHECK(total < 648 + 6 * 36);
    CHECK(same_first < 5); /* one chance in 9! each */
    double expect_row = GRIDS / 6.0, chi_rows = 0;
    for (int r = 3; r < 9; r++)
        chi_rows += (lower[r] - expect_row) * (lower[r] - expect_row) / expect_row;
    CHECK(chi_rows < 25.7); /* 5 degrees of freedom, P = 1e-4 */
    if (worst >= 37.3 || chi_rows >= 25.7)
        fprintf(stderr, "worst cell chi-square %.1f, total %.1f, rows chi-square %.1f\n", worst,
                total, chi_rows);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

/* Issue 32: options nonet.h calls bad are refused with NONET_ERR_ARG, NaN
 * bounds and techniques below -1 included. */
static void test_bad_options(void)
{
    nonet_generate_options o;
    nonet_error err;
    nonet_generate_options_init(&o);
    o.technique = -7;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    nonet_generate_options_init(&o);
    o.rating_min = NAN;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    nonet_generate_options_init(&o);
    o.rating_max = NAN;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    nonet_generate_options_init(&o);
    o.rating_min = 2.0;
    o.rating_max = INFINITY;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
}

/* Issue 32: random jigsaw maps of sides 25 to 64 (drawn around a grid)
 * have a complete grid that keeps their rules, and are not the boxes. */
static void test_random_regions_large(void)
{
    static const int sides[] = {20, 25, 36, 49, 64};
    for (unsigned i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        int n = sides[i], br, bc;
        nonet_default_box(n, &br, &bc);
        nonet_shape *s = nonet_shape_new_classic(n, NULL);
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = 1;
        o.random_regions = 1;
        nonet_generator *g = nonet_generator_new(&o, NULL);
        nonet_puzzle *p = NULL;
        nonet_error err;
        CHECK_EQ_INT(nonet_generate_grid(g, s, 0, &p, &err), NONET_OK);
        if (p) {
            const nonet_shape *j = nonet_puzzle_shape(p);
            int differs = 0, full = 1;
            for (int x = 0; x < n * n; x++) {
                differs += nonet_shape_region(j, x) != (x / n / br) * (n / bc) + (x % n) / bc;
                full &= nonet_puzzle_cells(p)[x] != 0;
            }
            CHECK_EQ_INT(nonet_shape_box_rows(j), 0);
            CHECK(differs > 0);
            CHECK(full);
            CHECK_EQ_INT(nonet_puzzle_check(p, &err), NONET_OK);
        }
        nonet_puzzle_free(p);
        nonet_generator_free(g);
        nonet_shape_free(s);
    }
}

int main(int argc, char **argv)
{
    static const harness_test tests[] = {
        {"names", test_names},
        {"classic_unique_minimal", test_classic_unique_minimal},
        {"symmetries", test_symmetries},
        {"symmetry_errors", test_symmetry_errors},
        {"determinism", test_determinism},
        {"clue_spread", test_clue_spread},
        {"sizes", test_sizes},
        {"variants", test_variants},
        {"random_regions", test_random_regions},
        {"random_regions_symmetric", test_random_regions_symmetric},
        {"clue_target", test_clue_target},
        {"hard", test_hard},
        {"from", test_from},
        {"hooks", test_hooks},
        {"grid_bias", test_grid_bias},
        {"rating_bands", test_rating_bands},
        {"rating_technique", test_rating_technique},
        {"rating_options", test_rating_options},
        {"bad_options", test_bad_options},
        {"random_regions_large", test_random_regions_large},
        {NULL, NULL}};
    return harness_main(tests, argc, argv);
}
