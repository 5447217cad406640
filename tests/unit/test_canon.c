/*
 * test_canon.c - canonical forms, transformations and automorphisms:
 * - every form is unchanged by thousands of random transformations of the
 *   group, and the transformation returned maps the input onto its form;
 * - the forms equal the exhaustive oracle's (tests/canon/oracle.c) on
 *   sampled puzzles of every density (grids, single rows and bands
 *   included), on 9x9 through both the dedicated and the generic search,
 *   and on boxed shapes from 4x4 to 12x12;
 * - 16x16 and 25x25 forms are unchanged by shuffles;
 * - jigsaw and variant shapes: their groups, invariance, the
 *   non-consecutive relabellings;
 * - the transformation calls (identity, check, apply, compose, invert,
 *   random, puzzles with pencilmarks) and the errors;
 * - with the shared collections: the 49,158 17-clue puzzles (all
 *   essentially different) have 49,158 distinct forms.
 */
#include "harness.h"

#include "canon/canon.h"
#include "../canon/gen.h"
#include "../canon/oracle.h"

#include <nonet.h>
#include <stdlib.h>
#include <string.h>

#ifndef SHARED_DATA
#define SHARED_DATA "../shared/data/puzzles"
#endif

static nonet_canon *ws;

/* A boxed shape R x C (NULL on failure, which fails the test). */
static nonet_shape *boxed(int r, int c)
{
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = r * c;
    sp.box_rows = r;
    sp.box_cols = c;
    nonet_shape *s = nonet_shape_new(&sp, NULL);
    CHECK(s != NULL);
    return s;
}

/* Canonicalises cells, shuffles them `shuffles` times with random elements
 * of the group and checks every copy gives the same form, automorphism
 * count, and a transformation that maps the copy onto the form. */
static void check_invariant(const nonet_shape *s, const unsigned char *cells, int form, gen_rng *r,
                            int shuffles)
{
    int n = nonet_shape_size(s), nc = n * n;
    unsigned char f0[NONET_MAX_CELLS], f1[NONET_MAX_CELLS], moved[NONET_MAX_CELLS],
        back[NONET_MAX_CELLS];
    nonet_transform t, sh;
    unsigned long long a0 = 0, a1 = 0;
    nonet_error err;
    nonet_status st = nonet_canon_grid(ws, s, cells, (nonet_canon_form)form, f0, &t, &a0, &err);
    CHECK_EQ_INT(st, NONET_OK);
    if (st) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    CHECK(nonet_transform_check(&t, s, NULL) == NONET_OK);
    CHECK(nonet_transform_apply(&t, s, cells, back, NULL) == NONET_OK &&
          !memcmp(back, f0, (size_t)nc));
    for (int k = 0; k < shuffles; k++) {
        CHECK(nonet_transform_random(s, (uint64_t)gen_below(r, 1 << 30) << 20 | (uint64_t)k, &sh,
                                     NULL) == NONET_OK);
        CHECK(nonet_transform_apply(&sh, s, cells, moved, NULL) == NONET_OK);
        CHECK(nonet_canon_grid(ws, s, moved, (nonet_canon_form)form, f1, &t, &a1, NULL) ==
              NONET_OK);
        CHECK(!memcmp(f0, f1, (size_t)nc));
        CHECK_EQ_INT(a1, a0);
        CHECK(nonet_transform_apply(&t, s, moved, back, NULL) == NONET_OK &&
              !memcmp(back, f1, (size_t)nc));
    }
}

/* The library's form of cells against the oracle's (boxes r x c), and the
 * automorphism counts; `generic` runs 9x9 through the generic search. */
static void check_oracle(int r, int c, const unsigned char *cells, int form, int generic)
{
    int n = r * c, nc = n * n;
    unsigned char lib[NONET_MAX_CELLS], ora[NONET_MAX_CELLS];
    unsigned long long al = 0, ao = 0;
    if (generic) {
        canon_group g;
        memset(&g, 0, sizeof g);
        g.kind = CANON_GROUP_BOXED;
        g.n = n;
        g.box_rows = r;
        g.box_cols = c;
        g.transpose = r == c;
        canon_out out = {lib, NULL, 0, 0};
        CHECK_EQ_INT(nonet__canon_boxed(ws, &g, cells, form, &out, NULL), NONET_OK);
        al = out.automorphisms;
    } else {
        nonet_shape *s = boxed(r, c);
        CHECK_EQ_INT(nonet_canon_grid(ws, s, cells, (nonet_canon_form)form, lib, NULL, &al, NULL),
                     NONET_OK);
        nonet_shape_free(s);
    }
    CHECK_EQ_INT(oracle_canon(n, r, c, cells, form, ora, &ao), 0);
    int same = !memcmp(lib, ora, (size_t)nc);
    CHECK(same);
    CHECK_EQ_INT(al, ao);
    if (!same || al != ao) {
        fprintf(stderr, "  %dx%d form %d%s: ", r, c, form, generic ? " (generic)" : "");
        for (int i = 0; i < nc; i++) fputc('0' + cells[i], stderr);
        fputc('\n', stderr);
    }
}

/* ------------------------------------------------------------------ */
/* 9x9                                                                  */
/* ------------------------------------------------------------------ */

/* Thousands of random 9x9 puzzles of every density, each shuffled; both
 * forms. */
static void test_invariant_9x9(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    gen_rng r = {1};
    unsigned char cells[81];
    for (int i = 0; i < 1500; i++) {
        int givens = i % 10 == 9 ? 81 : 17 + gen_below(&r, 30);
        if (i % 50 == 7) givens = gen_below(&r, 10);
        CHECK(gen_puzzle(s, &r, givens, cells) == 0);
        check_invariant(s, cells, i & 1, &r, givens == 81 ? 1 : 2);
    }
    nonet_shape_free(s);
}

/* The 9x9 forms against the exhaustive oracle, dedicated and generic
 * search, on random puzzles and on the shapes that exercise the ties:
 * grids, one full row, one full band, one given. */
static void test_oracle_9x9(void)
{
    static const char *special[] = {
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        "534678912000000000000000000000000000000000000000000000000000000000000000000000000",
        "534678912672195348198342567000000000000000000000000000000000000000000000000000000",
        "000000000000000000000000000000050000000000000000000000000000000000000000000000000",
        "100000000000000000000000000000000000000000000000000000000000000000000000000000002",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"};
    unsigned char cells[81];
    for (size_t k = 0; k < sizeof special / sizeof *special; k++) {
        for (int i = 0; i < 81; i++) cells[i] = (unsigned char)(special[k][i] - '0');
        int full = k < 2;
        check_oracle(3, 3, cells, NONET_CANON_MINLEX, 0);
        check_oracle(3, 3, cells, NONET_CANON_MINLEX, 1);
        if (!full && k != 4) { /* the oracle's pattern pass keeps every map of a grid: slow */
            check_oracle(3, 3, cells, NONET_CANON_PATTERN, 0);
            check_oracle(3, 3, cells, NONET_CANON_PATTERN, 1);
        }
    }
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    gen_rng r = {2};
    for (int i = 0; i < 40; i++) {
        CHECK(gen_puzzle(s, &r, 18 + gen_below(&r, 40), cells) == 0);
        check_oracle(3, 3, cells, i & 1, 0);
        check_oracle(3, 3, cells, i & 1, 1);
    }
    nonet_shape_free(s);
}

/* The 17-clue collection through shuffles and the oracle (skipped when the
 * shared collections are absent). */
static void test_17clue_sample(void)
{
    FILE *fp = fopen(SHARED_DATA "/puzzles2_17_clue", "r");
    if (!fp) {
        printf("17-clue sample: skipped (no %s)\n", SHARED_DATA);
        return;
    }
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    gen_rng r = {3};
    char line[256];
    unsigned char cells[81];
    for (int k = 0; fgets(line, sizeof line, fp);) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (k++ % 16) continue; /* every 16th: about 3,000 puzzles */
        for (int i = 0; i < 81; i++)
            cells[i] = line[i] >= '1' && line[i] <= '9' ? (unsigned char)(line[i] - '0') : 0;
        check_invariant(s, cells, k & 1, &r, 1);
        if (k % 1024 == 1) check_oracle(3, 3, cells, k / 1024 & 1, 0);
    }
    fclose(fp);
    nonet_shape_free(s);
}

/* Compares two 81-byte forms for qsort. */
static int form_cmp(const void *a, const void *b) { return memcmp(a, b, 81); }

/* The 17-clue puzzles are all essentially different: as many distinct
 * forms as puzzles, in both forms. */
static void test_17clue_distinct(void)
{
    FILE *fp = fopen(SHARED_DATA "/puzzles2_17_clue", "r");
    if (!fp) {
        printf("17-clue classes: skipped (no %s)\n", SHARED_DATA);
        return;
    }
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    unsigned char *forms[2] = {malloc(60000 * 81), malloc(60000 * 81)};
    char line[256];
    size_t n = 0;
    while (fgets(line, sizeof line, fp) && n < 60000) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        unsigned char cells[81];
        for (int i = 0; i < 81; i++)
            cells[i] = line[i] >= '1' && line[i] <= '9' ? (unsigned char)(line[i] - '0') : 0;
        for (int f = 0; f < 2; f++)
            CHECK(nonet_canon_grid(ws, s, cells, (nonet_canon_form)f, forms[f] + 81 * n, NULL, NULL,
                                   NULL) == NONET_OK);
        n++;
    }
    fclose(fp);
    CHECK_EQ_INT(n, 49158);
    for (int f = 0; f < 2; f++) {
        qsort(forms[f], n, 81, form_cmp);
        size_t distinct = n ? 1 : 0;
        for (size_t i = 1; i < n; i++)
            distinct += memcmp(forms[f] + 81 * i, forms[f] + 81 * (i - 1), 81) != 0;
        CHECK_EQ_INT(distinct, n);
        free(forms[f]);
    }
    nonet_shape_free(s);
}

/* ------------------------------------------------------------------ */
/* Other sizes                                                          */
/* ------------------------------------------------------------------ */

/* Boxed shapes 4x4 to 12x12 against the oracle, every density. */
static void test_oracle_sizes(void)
{
    static const int shapes[][3] = {{2, 2, 60}, {2, 3, 30}, {3, 2, 30}, {2, 4, 12},
                                    {4, 2, 12}, {2, 5, 4},  {1, 4, 20}, {3, 4, 2}};
    gen_rng r = {4};
    unsigned char cells[NONET_MAX_CELLS];
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
        int R = shapes[k][0], C = shapes[k][1], n = R * C;
        nonet_shape *s = boxed(R, C);
        for (int i = 0; i < shapes[k][2]; i++) {
            int givens = gen_below(&r, n * n + 1);
            if (n >= 10) givens = n * n / 3 + gen_below(&r, n * n / 3);
            CHECK(gen_puzzle(s, &r, givens, cells) == 0);
            check_oracle(R, C, cells, i & 1, 0);
            check_invariant(s, cells, i & 1, &r, 2);
        }
        nonet_shape_free(s);
    }
}

/* Larger boxed shapes: forms unchanged by shuffles. */
static void test_invariant_large(void)
{
    static const int shapes[][3] = {{4, 4, 6}, {3, 5, 3}, {5, 5, 2}};
    gen_rng r = {5};
    unsigned char cells[NONET_MAX_CELLS];
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
        int R = shapes[k][0], C = shapes[k][1], n = R * C;
        nonet_shape *s = boxed(R, C);
        for (int i = 0; i < shapes[k][2]; i++) {
            if (gen_puzzle(s, &r, n * n / 4 + gen_below(&r, n * n / 4), cells)) continue;
            check_invariant(s, cells, i & 1, &r, 2);
        }
        nonet_shape_free(s);
    }
}

/* ------------------------------------------------------------------ */
/* Jigsaw and variants                                                  */
/* ------------------------------------------------------------------ */

/* A 9x9 shape with these variants, or with this jigsaw map (81 letters). */
static nonet_shape *variant_shape(unsigned variants, const char *map)
{
    nonet_shape_spec sp;
    int regions[81];
    memset(&sp, 0, sizeof sp);
    sp.size = 9;
    sp.variants = variants;
    if (map) {
        CHECK_EQ_INT(nonet_regions_parse(map, strlen(map), regions, NULL), 9);
        sp.regions = regions;
    }
    nonet_shape *s = nonet_shape_new(&sp, NULL);
    CHECK(s != NULL);
    return s;
}

/* Counts the group's symmetries of the square: the identity with each
 * relabelling... by trying all 8 geometries on a transformation check. */
static int square_symmetries(const nonet_shape *s)
{
    int count = 0;
    for (int e = 0; e < 8; e++) {
        nonet_transform t;
        nonet_transform_identity(&t, 9);
        t.transpose = e >> 2 & 1;
        for (int i = 0; i < 9; i++) {
            t.rows[i] = (unsigned char)(e >> 1 & 1 ? 8 - i : i);
            t.cols[i] = (unsigned char)(e & 1 ? 8 - i : i);
        }
        count += nonet_transform_check(&t, s, NULL) == NONET_OK;
    }
    return count;
}

static void test_small_groups(void)
{
    /* a jigsaw map with a half-turn symmetry, and one with none */
    static const char *sym_map = "AAABBCCCC\nAAABBBCFC\nADABBBBFC\nADDDEEEFC\nGDDEEEFFC\nGDEEEFFFI"
                                 "\nGDHHHHIFI\nGDGHHHIII\nGGGGHHIII\n";
    static const char *odd_map = "AAAABCCCC\nAABBBBCCC\nAAABBBBCC\nDDDEEEEFF\nDDDEEFFFF\nGDDEEEFFF"
                                 "\nGDGHHHIII\nGGGHHHHII\nGGGHHIIII\n";
    struct {
        unsigned variants;
        const char *map;
        int symmetries;
    } cases[] = {{NONET_VARIANT_X, NULL, 8},
                 {NONET_VARIANT_HYPER, NULL, 8},
                 {NONET_VARIANT_ANTI_KNIGHT, NULL, 8},
                 {NONET_VARIANT_NON_CONSECUTIVE, NULL, 8},
                 {0, sym_map, 2},
                 {0, odd_map, 1}};
    gen_rng r = {6};
    unsigned char cells[81];
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        nonet_shape *s = variant_shape(cases[k].variants, cases[k].map);
        if (!s) continue;
        CHECK_EQ_INT(square_symmetries(s), cases[k].symmetries);
        for (int i = 0; i < 20; i++) {
            if (gen_puzzle(s, &r, 20 + gen_below(&r, 30), cells)) continue;
            check_invariant(s, cells, i & 1, &r, 3);
        }
        nonet_shape_free(s);
    }
    /* non-consecutive: only the identity and d -> 10-d relabel */
    nonet_shape *nc = variant_shape(NONET_VARIANT_NON_CONSECUTIVE, NULL);
    nonet_transform t;
    nonet_transform_identity(&t, 9);
    CHECK_EQ_INT(nonet_transform_check(&t, nc, NULL), NONET_OK);
    for (int d = 1; d <= 9; d++) t.digits[d] = (unsigned char)(10 - d);
    CHECK_EQ_INT(nonet_transform_check(&t, nc, NULL), NONET_OK);
    t.digits[1] = 2;
    t.digits[2] = 9;
    CHECK_EQ_INT(nonet_transform_check(&t, nc, NULL), NONET_ERR_ARG);
    nonet_shape_free(nc);
}

/* ------------------------------------------------------------------ */
/* Transformations                                                      */
/* ------------------------------------------------------------------ */

static void test_transforms(void)
{
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL), *s6 = boxed(2, 3);
    gen_rng r = {7};
    unsigned char cells[81], a[81], b[81], c[81];
    CHECK(gen_puzzle(s9, &r, 30, cells) == 0);
    nonet_transform id, t1, t2, t12, inv;
    nonet_transform_identity(&id, 9);
    CHECK(nonet_transform_apply(&id, s9, cells, a, NULL) == NONET_OK && !memcmp(a, cells, 81));
    for (int k = 0; k < 200; k++) {
        CHECK(nonet_transform_random(s9, (uint64_t)k, &t1, NULL) == NONET_OK);
        CHECK(nonet_transform_random(s9, (uint64_t)k + 1000, &t2, NULL) == NONET_OK);
        CHECK(nonet_transform_compose(&t1, &t2, &t12, NULL) == NONET_OK);
        nonet_transform_apply(&t1, s9, cells, a, NULL);
        nonet_transform_apply(&t2, s9, a, b, NULL);
        nonet_transform_apply(&t12, s9, cells, c, NULL);
        CHECK(!memcmp(b, c, 81)); /* compose = one then the other */
        CHECK(nonet_transform_invert(&t12, &inv, NULL) == NONET_OK);
        nonet_transform_apply(&inv, s9, c, a, NULL);
        CHECK(!memcmp(a, cells, 81)); /* inverse undoes it */
    }
    /* the same seed gives the same transformation */
    nonet_transform_random(s9, 42, &t1, NULL);
    nonet_transform_random(s9, 42, &t2, NULL);
    CHECK(!memcmp(&t1, &t2, sizeof t1));
    CHECK(nonet_seed_derive(1, 2) != nonet_seed_derive(1, 3));
    CHECK(nonet_seed_derive(1, 2) == nonet_seed_derive(1, 2));
    /* not in the group: a row moved out of its band, a transposed 6x6 */
    nonet_transform_identity(&t1, 9);
    t1.rows[0] = 3;
    t1.rows[3] = 0;
    CHECK_EQ_INT(nonet_transform_check(&t1, s9, NULL), NONET_ERR_ARG);
    nonet_transform_identity(&t1, 6);
    t1.transpose = 1;
    CHECK_EQ_INT(nonet_transform_check(&t1, s6, NULL), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_transform_check(&t1, s9, NULL), NONET_ERR_ARG); /* wrong size */
    nonet_transform_identity(&t1, 9);
    t1.digits[1] = 2; /* not a permutation */
    CHECK_EQ_INT(nonet_transform_apply(&t1, s9, cells, a, NULL), NONET_ERR_ARG);
    nonet_shape_free(s9);
    nonet_shape_free(s6);
}

/* A puzzle with pencilmarks moved by a transformation: givens, marks,
 * comment and source follow. */
static void test_puzzle_transform(void)
{
    nonet_error err;
    nonet_reader *rd = nonet_reader_new_mem(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... # hi\n",
        86, "mem", NONET_FORMAT_AUTO, &err);
    nonet_puzzle *p = NULL;
    CHECK(rd && nonet_reader_next(rd, &p, &err) == NONET_OK);
    if (!p) return;
    const nonet_shape *s = nonet_puzzle_shape(p);
    uint64_t marks[81];
    for (int i = 0; i < 81; i++)
        marks[i] = nonet_puzzle_cells(p)[i] ? 1ull << (nonet_puzzle_cells(p)[i] - 1)
                                            : 0x1ffull ^ (1ull << (i % 9));
    nonet_puzzle *pm = nonet_puzzle_new(s, nonet_puzzle_cells(p), marks, NULL);
    nonet_transform t;
    nonet_transform_random(s, 9, &t, NULL);
    nonet_puzzle *q = nonet_puzzle_transform(pm, &t, &err);
    CHECK(q != NULL);
    if (q) {
        unsigned char moved[81];
        nonet_transform_apply(&t, s, nonet_puzzle_cells(pm), moved, NULL);
        CHECK(!memcmp(moved, nonet_puzzle_cells(q), 81));
        /* the mark of digit d at source cell x is the mark of digits[d] at its image */
        int ok = 1;
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) {
                int sr = t.transpose ? t.cols[c] : t.rows[r],
                    sc = t.transpose ? t.rows[r] : t.cols[c];
                uint64_t src = marks[9 * sr + sc], dst = nonet_puzzle_candidates(q)[9 * r + c];
                for (int d = 1; d <= 9; d++)
                    ok &= (int)(src >> (d - 1) & 1) == (int)(dst >> (t.digits[d] - 1) & 1);
            }
        CHECK(ok);
    }
    nonet_puzzle *q2 = nonet_puzzle_transform(p, &t, &err);
    CHECK(q2 && !strcmp(nonet_puzzle_comment(q2), " # hi") &&
          !strcmp(nonet_puzzle_source(q2), "mem"));
    nonet_puzzle_free(q);
    nonet_puzzle_free(q2);
    nonet_puzzle_free(pm);
    nonet_puzzle_free(p);
    nonet_reader_free(rd);
}

/* Bad input: repeated digits, digits out of range, NULL arguments, and
 * the error line of a puzzle. */
static void test_errors(void)
{
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL), *s6 = boxed(2, 3);
    unsigned char cells[81] = {0}, out[81];
    nonet_error err;
    cells[0] = cells[5] = 3;
    CHECK_EQ_INT(nonet_canon_grid(ws, s9, cells, NONET_CANON_MINLEX, out, NULL, NULL, &err),
                 NONET_ERR_RULE);
    CHECK(strstr(err.message, "row 1") != NULL);
    memset(cells, 0, sizeof cells);
    cells[4] = cells[76] = 7;
    CHECK_EQ_INT(nonet_canon_grid(ws, s9, cells, NONET_CANON_PATTERN, out, NULL, NULL, &err),
                 NONET_ERR_RULE);
    CHECK(strstr(err.message, "column 5") != NULL);
    cells[76] = 0;
    cells[9] = 10;
    CHECK_EQ_INT(nonet_canon_grid(ws, s9, cells, NONET_CANON_MINLEX, out, NULL, NULL, &err),
                 NONET_ERR_ARG);
    cells[9] = 0;
    CHECK_EQ_INT(nonet_canon_grid(ws, s9, cells, (nonet_canon_form)7, out, NULL, NULL, &err),
                 NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_canon_grid(NULL, s9, cells, NONET_CANON_MINLEX, out, NULL, NULL, &err),
                 NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_canon_grid(ws, s9, cells, NONET_CANON_MINLEX, NULL, NULL, NULL, &err),
                 NONET_ERR_ARG);
    memset(cells, 0, 36);
    cells[0] = cells[6] = 2; /* column 1 of a 6x6 */
    CHECK_EQ_INT(nonet_canon_grid(ws, s6, cells, NONET_CANON_MINLEX, out, NULL, NULL, &err),
                 NONET_ERR_RULE);
    nonet_puzzle *p = nonet_puzzle_from_string(
        "11...............................................................................", NULL);
    CHECK_EQ_INT(nonet_canon_puzzle(ws, p, NONET_CANON_MINLEX, out, NULL, NULL, &err),
                 NONET_ERR_RULE);
    nonet_puzzle_free(p);
    CHECK(nonet_canon_form_from_name("minlex") == NONET_CANON_MINLEX);
    CHECK(nonet_canon_form_from_name("pattern") == NONET_CANON_PATTERN);
    CHECK(nonet_canon_form_from_name("nope") == -1 && nonet_canon_form_from_name(NULL) == -1);
    CHECK_EQ_STR(nonet_canon_form_name(NONET_CANON_PATTERN), "pattern");
    CHECK(nonet_canon_form_name((nonet_canon_form)9) == NULL);
    nonet_canon_free(NULL);
    nonet_shape_free(s9);
    nonet_shape_free(s6);
}

/* Known answers: the first 17-clue puzzle of the shared collection is
 * stored in true minlex form; its pattern-first form as Dobrichev's tool
 * writes it; the automorphisms of the most symmetric grid (648). */
static void test_known(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    const char *in =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    const char *pattern =
        ".................1.....2.3......3.2...4....5...1.6.....3......6.7..8...952...7...";
    unsigned char cells[81], out[81];
    char text[82];
    unsigned long long aut = 0;
    for (int i = 0; i < 81; i++) cells[i] = in[i] == '.' ? 0 : (unsigned char)(in[i] - '0');
    for (int form = 0; form < 2; form++) {
        CHECK(nonet_canon_grid(ws, s, cells, (nonet_canon_form)form, out, NULL, &aut, NULL) ==
              NONET_OK);
        for (int i = 0; i < 81; i++) text[i] = out[i] ? (char)('0' + out[i]) : '.';
        text[81] = 0;
        CHECK_EQ_STR(text, form ? pattern : in);
        CHECK_EQ_INT(aut, 1);
    }
    const char *sym =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    for (int i = 0; i < 81; i++) cells[i] = (unsigned char)(sym[i] - '0');
    CHECK(nonet_canon_grid(ws, s, cells, NONET_CANON_MINLEX, out, NULL, &aut, NULL) == NONET_OK);
    CHECK_EQ_INT(aut, 648);
    nonet_shape_free(s);
}

/* nonet_canon_lines: random puzzles written as plain lines ('.' and '0'
 * blanks) get nonet_canon_grid's forms, in both forms; it stops at a line
 * that breaks a rule (row, column, box) or is not plain, naming it. */
static void test_lines(void)
{
    enum { N = 64 };
    static char text[(N + 1) * NONET_PLAIN_LINE], out[(N + 1) * NONET_PLAIN_LINE];
    static unsigned char cells[N][81];
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    gen_rng r = {7};
    for (int n = 0; n < N; n++) {
        CHECK(gen_puzzle(s, &r, n % 8 == 7 ? 81 : 17 + gen_below(&r, 40), cells[n]) == 0);
        for (int i = 0; i < 81; i++)
            text[n * NONET_PLAIN_LINE + i] = (char)(cells[n][i] ? '0' + cells[n][i] : ".0"[i & 1]);
        text[n * NONET_PLAIN_LINE + 81] = '\n';
    }
    for (int f = 0; f < 2; f++) {
        size_t lines = 0, len = 0;
        CHECK(nonet_canon_lines(ws, (nonet_canon_form)f, text, N * NONET_PLAIN_LINE, &lines, out,
                                sizeof out, &len, NULL) == NONET_OK);
        CHECK(lines == N && len == N * NONET_PLAIN_LINE);
        for (int n = 0; n < N; n++) {
            unsigned char form[81];
            char want[NONET_PLAIN_LINE];
            CHECK(nonet_canon_grid(ws, s, cells[n], (nonet_canon_form)f, form, NULL, NULL, NULL) ==
                  NONET_OK);
            for (int i = 0; i < 81; i++) want[i] = (char)(form[i] ? '0' + form[i] : '.');
            want[81] = '\n';
            CHECK(!memcmp(out + n * NONET_PLAIN_LINE, want, NONET_PLAIN_LINE));
        }
        /* a full line of room short: the last line is left */
        CHECK(nonet_canon_lines(ws, (nonet_canon_form)f, text, N * NONET_PLAIN_LINE, &lines, out,
                                N * NONET_PLAIN_LINE - 1, &len, NULL) == NONET_OK);
        CHECK(lines == N - 1 && len == (N - 1) * NONET_PLAIN_LINE);
    }
    /* line 3 breaks a rule: a repeat in a box, a column, a row (the last
       given is cell 80 for the box, the last SSE block's only cell) */
    static const int clash[3][2] = {{60, 80}, {8, 80}, {72, 80}};
    for (int k = 0; k < 3; k++) {
        char bad[4 * NONET_PLAIN_LINE];
        memcpy(bad, text, 4 * NONET_PLAIN_LINE);
        char *l = bad + 2 * NONET_PLAIN_LINE;
        memset(l, '.', 81);
        l[clash[k][0]] = l[clash[k][1]] = '5';
        nonet_error err;
        size_t lines = 9, len = 9;
        CHECK(nonet_canon_lines(ws, NONET_CANON_MINLEX, bad, sizeof bad, &lines, out, sizeof out,
                                &len, &err) == NONET_ERR_RULE);
        CHECK(lines == 2 && len == 2 * NONET_PLAIN_LINE && err.line == 3);
    }
    char bad[2 * NONET_PLAIN_LINE];
    memcpy(bad, text, sizeof bad);
    bad[NONET_PLAIN_LINE + 40] = 'x';
    size_t lines = 9;
    nonet_error err;
    CHECK(nonet_canon_lines(ws, NONET_CANON_PATTERN, bad, sizeof bad, &lines, out, sizeof out, NULL,
                            &err) == NONET_ERR_SYNTAX);
    CHECK(lines == 1 && err.line == 2);
    CHECK(nonet_canon_lines(ws, (nonet_canon_form)7, text, NONET_PLAIN_LINE, NULL, out, sizeof out,
                            NULL, NULL) == NONET_ERR_ARG);
    CHECK(nonet_canon_lines(NULL, NONET_CANON_MINLEX, text, NONET_PLAIN_LINE, NULL, out, sizeof out,
                            NULL, NULL) == NONET_ERR_ARG);
    nonet_shape_free(s);
}

static const harness_test tests[] = {{"lines", test_lines},
                                     {"invariant_9x9", test_invariant_9x9},
                                     {"oracle_9x9", test_oracle_9x9},
                                     {"17clue_sample", test_17clue_sample},
                                     {"17clue_distinct", test_17clue_distinct},
                                     {"oracle_sizes", test_oracle_sizes},
                                     {"invariant_large", test_invariant_large},
                                     {"small_groups", test_small_groups},
                                     {"transforms", test_transforms},
                                     {"puzzle_transform", test_puzzle_transform},
                                     {"errors", test_errors},
                                     {"known", test_known},
                                     {NULL, NULL}};

int main(int argc, char **argv)
{
    ws = nonet_canon_new();
    int st = harness_main(tests, argc, argv);
    nonet_canon_free(ws);
    return st;
}
