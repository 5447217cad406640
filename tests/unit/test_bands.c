/*
 * test_bands.c - the library's difficulty bands (nonet_difficulty_*) and
 * minimality test (nonet_solver_removable_given), which the tool, the
 * Python package and the web page all call: the bands' table (names, ranges
 * meeting at one decimal, lookups both ways, the edges of nonet_difficulty_of
 * against the ranges), and the minimality test against the plain definition
 * (each given removed in turn and the rest counted) on minimal puzzles,
 * puzzles with redundant givens, other shapes, bounds and bad arguments.
 */
#include "harness.h"

#include <nonet.h>

#include "../../cli/difficulty.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Difficulty bands                                                     */
/* ------------------------------------------------------------------ */

static void test_table(void)
{
    static const char *const names[] = {"easy",     "medium",     "hard",
                                        "fiendish", "diabolical", "nightmare"};
    CHECK_EQ_INT(nonet_difficulty_count(), 6);
    for (int b = 0; b < nonet_difficulty_count(); b++) {
        CHECK_EQ_STR(nonet_difficulty_name(b), names[b]);
        CHECK_EQ_INT(nonet_difficulty_from_name(names[b]), b);
        double lo = -1, hi = -1;
        CHECK_EQ_INT(nonet_difficulty_range(b, &lo, &hi), 0);
        CHECK(lo >= 1.0 && (hi == 0 || hi >= lo));
        CHECK((hi == 0) == (b == nonet_difficulty_count() - 1)); /* only the last has no top */
        if (b > 0) {                                             /* ranges meet at one decimal */
            double plo, phi;
            nonet_difficulty_range(b - 1, &plo, &phi);
            CHECK(fabs(lo - (phi + 0.1)) < 1e-9);
        }
        CHECK_EQ_INT(nonet_difficulty_range(b, NULL, NULL), 0);
    }
    double lo = 0;
    CHECK_EQ_INT(nonet_difficulty_range(0, &lo, NULL), 0);
    CHECK(lo == 1.0);
}

static void test_lookups_out_of_range(void)
{
    double lo = 7, hi = 7;
    CHECK(nonet_difficulty_name(-1) == NULL);
    CHECK(nonet_difficulty_name(nonet_difficulty_count()) == NULL);
    CHECK_EQ_INT(nonet_difficulty_range(-1, &lo, &hi), -1);
    CHECK_EQ_INT(nonet_difficulty_range(nonet_difficulty_count(), &lo, &hi), -1);
    CHECK(lo == 7 && hi == 7); /* nothing set */
    CHECK_EQ_INT(nonet_difficulty_from_name(NULL), -1);
    CHECK_EQ_INT(nonet_difficulty_from_name(""), -1);
    CHECK_EQ_INT(nonet_difficulty_from_name("Easy"), -1); /* case-sensitive */
    CHECK_EQ_INT(nonet_difficulty_from_name("extreme"), -1);
}

/* Every rating of one decimal from 0.0 to 25.0 falls in the band whose range
 * holds it, or in none below 1.0 and from 20.0 (no technique finishes). */
static void test_of_against_ranges(void)
{
    for (int tenths = 0; tenths <= 250; tenths++) {
        double er = tenths / 10.0;
        int want = -1;
        for (int b = 0; b < nonet_difficulty_count(); b++) {
            double lo, hi;
            nonet_difficulty_range(b, &lo, &hi);
            if (er > lo - 1e-9 && (hi == 0 || er < hi + 1e-9)) want = b;
        }
        if (tenths >= 200) want = -1;
        if (nonet_difficulty_of(er) != want)
            fprintf(stderr, "er %.1f: band %d, expected %d\n", er, nonet_difficulty_of(er), want);
        CHECK_EQ_INT(nonet_difficulty_of(er), want);
    }
    CHECK_EQ_INT(nonet_difficulty_of(1.54), 0); /* taken to one decimal: 1.5 */
    CHECK_EQ_INT(nonet_difficulty_of(1.55), 1); /* 1.6 */
    CHECK_EQ_INT(nonet_difficulty_of(0.94), -1);
    CHECK_EQ_INT(nonet_difficulty_of(0.95), 0);
    CHECK_EQ_INT(nonet_difficulty_of(19.94), 5);
    CHECK_EQ_INT(nonet_difficulty_of(-1), -1);
    CHECK_EQ_INT(nonet_difficulty_of(NAN), -1);
}

/* ------------------------------------------------------------------ */
/* Minimality                                                           */
/* ------------------------------------------------------------------ */

/* The first given whose removal leaves exactly one solution, by the
 * definition: -1 when none. */
static int removable_by_hand(nonet_solver *s, const nonet_puzzle *p)
{
    const nonet_shape *shape = nonet_puzzle_shape(p);
    int cells = nonet_shape_cells(shape);
    unsigned char grid[NONET_MAX_CELLS];
    memcpy(grid, nonet_puzzle_cells(p), (size_t)cells);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 3; /* one solution or more (a limit of its own, not the test's 2) */
    for (int c = 0; c < cells; c++) {
        if (!grid[c]) continue;
        unsigned char given = grid[c];
        grid[c] = 0;
        nonet_puzzle *q = nonet_puzzle_new(shape, grid, NULL, NULL);
        grid[c] = given;
        nonet_result res = {0};
        CHECK(q && nonet_solver_run(s, q, &opt, NULL, &res, NULL) == NONET_OK);
        nonet_puzzle_free(q);
        if (res.solutions == 1) return c;
    }
    return -1;
}

/* The test's answer on `text`, checked against the definition. */
static int check_text(nonet_solver *s, const char *text)
{
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(text, &err);
    CHECK(p != NULL);
    if (!p) return -2;
    int cell = -7;
    nonet_result res;
    CHECK_EQ_INT(nonet_solver_removable_given(s, p, NULL, &cell, &res, &err), NONET_OK);
    CHECK_EQ_INT(cell, removable_by_hand(s, p));
    CHECK(res.solutions >= 1 && !res.gave_up); /* the last search's counts */
    nonet_puzzle_free(p);
    return cell;
}

static const char minimal17[] =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
static const char solution17[] =
    "693784512487512936125963874932651487568247391741398625319475268856129743274836159";

static void test_minimal_puzzles(void)
{
    nonet_solver *s = nonet_solver_new();
    CHECK_EQ_INT(check_text(s, minimal17), -1);
    CHECK_EQ_INT(
        check_text(
            s, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
        -1);
    nonet_solver_free(s);
}

/* Givens of the solution added to a minimal puzzle are redundant: the test
 * names the first removable one, which is the first the definition finds. */
static void test_redundant_givens(void)
{
    nonet_solver *s = nonet_solver_new();
    rng r = {31};
    for (int round = 0; round < 20; round++) {
        char text[82];
        memcpy(text, minimal17, 82);
        int added = 1 + below(&r, 6);
        for (int k = 0; k < added; k++) {
            int c = below(&r, 81);
            text[c] = solution17[c];
        }
        int cell = check_text(s, text);
        if (strcmp(text, minimal17) != 0) CHECK(cell >= 0);
    }
    /* a full grid: its first cell can go */
    CHECK_EQ_INT(check_text(s, solution17), 0);
    nonet_solver_free(s);
}

/* Other shapes: generated 4x4, 6x6 and 8x8 puzzles, minimal as made. */
static void test_other_shapes(void)
{
    nonet_solver *s = nonet_solver_new();
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    for (int size = 4; size <= 8; size += 2) {
        nonet_shape *shape = nonet_shape_new_classic(size, NULL);
        o.seed = (uint64_t)size;
        nonet_generator *g = nonet_generator_new(&o, NULL);
        nonet_puzzle *p = NULL;
        nonet_generate_result res;
        CHECK(g && shape && nonet_generate(g, shape, 0, &p, NULL, &res, NULL) == NONET_OK);
        if (p) {
            int cell = -7;
            CHECK_EQ_INT(nonet_solver_removable_given(s, p, NULL, &cell, NULL, NULL), NONET_OK);
            CHECK_EQ_INT(cell, removable_by_hand(s, p));
            CHECK_EQ_INT(cell, res.minimal ? -1 : cell);
        }
        nonet_puzzle_free(p);
        nonet_generator_free(g);
        nonet_shape_free(shape);
    }
    nonet_solver_free(s);
}

/* A node bound too small for any search gives NONET_ERR_LIMIT, minimality
 * unknown (cell -1); bad arguments give NONET_ERR_ARG. */
static void test_bounds_and_arguments(void)
{
    nonet_solver *s = nonet_solver_new();
    nonet_puzzle *p = nonet_puzzle_from_string(minimal17, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_BITMASK;
    opt.max_nodes = 1;
    int cell = 5;
    nonet_result res;
    nonet_error err;
    CHECK_EQ_INT(nonet_solver_removable_given(s, p, &opt, &cell, &res, &err), NONET_ERR_LIMIT);
    CHECK_EQ_INT(cell, -1);
    CHECK(res.gave_up);
    opt.max_nodes = 0;
    opt.limit = 1; /* the test sets its own limit: a limit of 1 would call every given removable */
    CHECK_EQ_INT(nonet_solver_removable_given(s, p, &opt, &cell, NULL, NULL), NONET_OK);
    CHECK_EQ_INT(cell, -1);
    CHECK_EQ_INT(nonet_solver_removable_given(NULL, p, NULL, &cell, NULL, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(err.code, NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_solver_removable_given(s, NULL, NULL, &cell, NULL, NULL), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_solver_removable_given(s, p, NULL, NULL, NULL, NULL), NONET_ERR_ARG);
    nonet_puzzle_free(p);
    nonet_solver_free(s);
}

/* The tool's help texts name the bands as the library's table does: the
 * names in order, and each band with its range ("hard (2.6-4.4)", the first
 * "easy (ER 1.0-1.5)", the last "nightmare (9.0 and up)") in order, the
 * help's line breaks and indentation read as one space. */
static void test_help_texts(void)
{
    char names[256] = "", bands[512] = "", want[512] = "";
    size_t k = 0;
    for (const char *p = CLI_DIFFICULTY_BANDS; *p && k + 1 < sizeof bands; p++)
        if (!(*p == ' ' || *p == '\n') || (k && bands[k - 1] != ' '))
            bands[k++] = *p == '\n' ? ' ' : *p;
    bands[k] = 0;
    for (int b = 0; b < nonet_difficulty_count(); b++) {
        double lo, hi;
        nonet_difficulty_range(b, &lo, &hi);
        char part[64];
        snprintf(part, sizeof part, "%s%s", b ? ", " : "", nonet_difficulty_name(b));
        strcat(names, part);
        if (hi == 0)
            snprintf(part, sizeof part, "%s%s (%.1f and up)", b ? ", " : "",
                     nonet_difficulty_name(b), lo);
        else
            snprintf(part, sizeof part, "%s%s (%s%.1f-%.1f)", b ? ", " : "",
                     nonet_difficulty_name(b), b ? "" : "ER ", lo, hi);
        strcat(want, part);
    }
    strcat(want, " ");
    CHECK_EQ_STR(CLI_DIFFICULTY_NAMES, names);
    CHECK_EQ_STR(bands, want);
}

int main(int argc, char **argv)
{
    static const harness_test tests[] = {{"table", test_table},
                                         {"lookups_out_of_range", test_lookups_out_of_range},
                                         {"of_against_ranges", test_of_against_ranges},
                                         {"minimal_puzzles", test_minimal_puzzles},
                                         {"redundant_givens", test_redundant_givens},
                                         {"other_shapes", test_other_shapes},
                                         {"bounds_and_arguments", test_bounds_and_arguments},
                                         {"help_texts", test_help_texts},
                                         {NULL, NULL}};
    return harness_main(tests, argc, argv);
}
