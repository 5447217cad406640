/*
 * test_killer.c - killer and mixed puzzles: what `generate` makes (unique,
 * proved by the solver; the cages cover the grid, connected, distinct
 * digits, their sums right; the same seed gives the same puzzle) and the
 * human engine's steps on them (every step found, by every row, is sound:
 * no elimination removes the solution's digit, every placement is it; the
 * new rows find steps; a killer is explained to the end or the engine
 * says it is stuck).
 */
#include "nonet.h"

#include "harness.h"

#include <stdlib.h>

/* Solutions of p counted up to two, the first into sol. */
static int count2(const nonet_puzzle *p, unsigned char *sol)
{
    nonet_options o;
    nonet_options_init(&o);
    o.limit = 2;
    nonet_result res;
    if (nonet_solve(p, &o, sol, &res, NULL) != NONET_OK) return -1;
    return (int)res.solutions;
}

static int connected(int n, const int *cells, int m)
{
    int seen[64] = {1}, q[64] = {0}, head = 0, tail = 1;
    while (head < tail) {
        int a = cells[q[head++]];
        for (int i = 0; i < m; i++) {
            int b = cells[i], dr = a / n - b / n, dc = a % n - b % n;
            if (!seen[i] && dr * dr + dc * dc == 1) {
                seen[i] = 1;
                q[tail++] = i;
            }
        }
    }
    return tail == m;
}

/* Checks generated puzzle p (solution sol): unique, the solver's solution,
 * and for a killer the cages' shape. */
static void check_made(const nonet_puzzle *p, const unsigned char *sol, int killer)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    int n = nonet_shape_size(s), nc = n * n;
    unsigned char got[256];
    CHECK_EQ_INT(count2(p, got), 1);
    CHECK(memcmp(got, sol, (size_t)nc) == 0);
    CHECK(nonet_puzzle_verify(p, sol, NULL) == NONET_OK);
    CHECK(nonet_puzzle_constraint_count(p) > 0);
    if (!killer) return;
    int cover[256] = {0};
    for (int c = 0; c < nc; c++) CHECK(nonet_puzzle_cells(p)[c] == 0);
    for (int i = 0; i < nonet_puzzle_constraint_count(p); i++) {
        const int *cells, *values;
        int m, nv;
        if (nonet_puzzle_constraint(p, i, &cells, &m, &values, &nv) != NONET_CONS_CAGE) continue;
        int sum = 0;
        uint64_t digits = 0;
        for (int k = 0; k < m; k++) {
            cover[cells[k]]++;
            sum += sol[cells[k]];
            CHECK(!(digits >> sol[cells[k]] & 1));
            digits |= 1ull << sol[cells[k]];
        }
        CHECK(nv == 1 && values[0] == sum);
        CHECK(connected(n, cells, m));
    }
    for (int c = 0; c < nc; c++) CHECK_EQ_INT(cover[c], 1);
}

/* Makes puzzle k of a generator with options o on a side-n grid. */
static nonet_puzzle *make(const nonet_generate_options *o, int n, uint64_t k, unsigned char *sol)
{
    nonet_error err;
    nonet_shape *s = nonet_shape_new_classic(n, &err);
    nonet_generator *g = nonet_generator_new(o, &err);
    CHECK(s && g);
    nonet_puzzle *p = NULL;
    CHECK(nonet_generate(g, s, k, &p, sol, NULL, &err) == NONET_OK);
    nonet_generator_free(g);
    nonet_shape_free(s);
    return p;
}

static void test_killers_unique(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.killer = 1;
    o.seed = 11;
    for (int n = 4; n <= 6; n += 2)
        for (uint64_t k = 0; k < 12; k++) {
            unsigned char sol[256];
            nonet_puzzle *p = make(&o, n, k, sol);
            if (p) check_made(p, sol, 1);
            nonet_puzzle_free(p);
        }
}

static void test_mixed_unique(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = 5;
    o.constraints = 1u << NONET_CONS_THERMO | 1u << NONET_CONS_ARROW | 1u << NONET_CONS_WHITE_DOT |
                    1u << NONET_CONS_BLACK_DOT | 1u << NONET_CONS_X | 1u << NONET_CONS_V |
                    1u << NONET_CONS_CAGE;
    for (int n = 4; n <= 9; n += n == 6 ? 3 : 2)
        for (uint64_t k = 0; k < 4; k++) {
            unsigned char sol[256];
            nonet_puzzle *p = make(&o, n, k, sol);
            if (p) check_made(p, sol, 0);
            nonet_puzzle_free(p);
        }
    o.symmetry = NONET_SYMMETRY_ROTATE180; /* givens by orbits */
    unsigned char sol[256];
    nonet_puzzle *p = make(&o, 9, 0, sol);
    if (p) {
        check_made(p, sol, 0);
        const unsigned char *c = nonet_puzzle_cells(p);
        for (int i = 0; i < 81; i++) CHECK((c[i] != 0) == (c[80 - i] != 0));
    }
    nonet_puzzle_free(p);
}

/* The same seed and options give the same puzzle. */
static void test_deterministic(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.killer = 1;
    o.seed = 99;
    unsigned char a[256], b[256];
    char ta[4096], tb[4096];
    nonet_puzzle *p = make(&o, 6, 3, a), *q = make(&o, 6, 3, b);
    CHECK(p && q);
    if (p && q) {
        nonet_write_puzzle(ta, sizeof ta, NONET_FORMAT_NONET, p);
        nonet_write_puzzle(tb, sizeof tb, NONET_FORMAT_NONET, q);
        CHECK_EQ_STR(ta, tb);
        CHECK(memcmp(a, b, 36) == 0);
    }
    nonet_puzzle_free(p);
    nonet_puzzle_free(q);
}

/* Stops at the third call (the generator asks before each uniqueness
 * check), whatever the search's speed. */
static int stop_early(void *ctx, unsigned long long nodes)
{
    int *calls = ctx;
    (void)nodes;
    return ++*calls > 2;
}

/* The progress callback stops a 9x9 killer (--timeout): NONET_ERR_LIMIT,
 * and a puzzle handed back has one solution. */
static void test_progress_stops(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.killer = 1;
    o.seed = 5;
    int calls = 0;
    o.progress = stop_early;
    o.progress_ctx = &calls;
    nonet_error err;
    nonet_shape *s = nonet_shape_new_classic(9, &err);
    nonet_generator *g = nonet_generator_new(&o, &err);
    nonet_puzzle *p = NULL;
    unsigned char sol[81], got[81];
    CHECK(nonet_generate(g, s, 0, &p, sol, NULL, &err) == NONET_ERR_LIMIT);
    if (p) {
        CHECK_EQ_INT(count2(p, got), 1);
        CHECK(memcmp(got, sol, 81) == 0);
    }
    nonet_puzzle_free(p);
    nonet_generator_free(g);
    nonet_shape_free(s);
}

static void test_options_refused(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    nonet_error err;
    o.constraints = 1u << NONET_CONS_WHISPER;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
    nonet_generate_options_init(&o);
    o.killer = 1;
    o.clues = 20;
    CHECK(nonet_generator_new(&o, &err) == NULL && err.code == NONET_ERR_ARG);
}

/* ------------------------------------------------------------------ */
/* Human steps                                                          */
/* ------------------------------------------------------------------ */

typedef struct sound_ctx {
    const unsigned char *sol;
    int steps, bad;
} sound_ctx;

/* 1 when step st removes no digit of the solution and places only its. */
static int sound(const unsigned char *sol, const nonet_step *st)
{
    for (int i = 0; i < st->neliminations; i++)
        if (sol[st->eliminations[i].cell] == st->eliminations[i].digit) return 0;
    for (int i = 0; i < st->nplacements; i++)
        if (sol[st->placements[i].cell] != st->placements[i].digit) return 0;
    return 1;
}

static int each_step(void *ctx, const nonet_step *st)
{
    sound_ctx *sc = ctx;
    sc->steps++;
    sc->bad += !sound(sc->sol, st);
    return 0;
}

/* Explains p to the end: every step of every row at every state sound; the
 * killer rows used. Returns the steps taken; *finished set. */
static int explain_all(const nonet_puzzle *p, const unsigned char *sol, int *found, int *finished)
{
    nonet_error err;
    nonet_explainer *x = nonet_explainer_new(p, &err);
    CHECK(x != NULL);
    if (!x) return 0;
    int steps = 0, kc = nonet_technique_from_id("cage-combination");
    nonet_step st;
    nonet_status r;
    while ((r = nonet_explainer_next(x, &st, &err)) == NONET_OK) {
        CHECK(sound(sol, &st));
        for (int t = kc; t < nonet_technique_count() && t <= kc + 8; t++) {
            sound_ctx sc = {sol, 0, 0};
            CHECK(nonet_explainer_each(x, t, each_step, &sc) == NONET_OK);
            CHECK_EQ_INT(sc.bad, 0);
            found[t - kc] += sc.steps;
        }
        CHECK(nonet_explainer_apply(x, &st, &err) == NONET_OK);
        steps++;
    }
    CHECK(r == NONET_END);
    *finished = nonet_explainer_empty_cells(x) == 0;
    for (int c = 0; *finished && c < nonet_shape_cells(nonet_puzzle_shape(p)); c++)
        CHECK_EQ_INT(nonet_explainer_value(x, c), sol[c]);
    nonet_explainer_free(x);
    return steps;
}

static void test_human_sound(void)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.killer = 1;
    o.seed = 21;
    int found[9] = {0}, done = 0, total = 0;
    for (int n = 4; n <= 6; n += 2)
        for (uint64_t k = 0; k < 10; k++) {
            unsigned char sol[256];
            nonet_puzzle *p = make(&o, n, k, sol);
            if (!p) continue;
            int finished = 0;
            explain_all(p, sol, found, &finished);
            done += finished;
            total++;
            nonet_puzzle_free(p);
        }
    nonet_generate_options_init(&o);
    o.seed = 3;
    o.constraints = 1u << NONET_CONS_THERMO | 1u << NONET_CONS_ARROW | 1u << NONET_CONS_WHITE_DOT |
                    1u << NONET_CONS_X | 1u << NONET_CONS_CAGE;
    for (uint64_t k = 0; k < 6; k++) {
        unsigned char sol[256];
        nonet_puzzle *p = make(&o, 6, k, sol);
        if (!p) continue;
        int finished = 0;
        explain_all(p, sol, found, &finished);
        nonet_puzzle_free(p);
    }
    int kc = nonet_technique_from_id("cage-combination");
    CHECK(found[0] > 0); /* cage combinations */
    CHECK(found[nonet_technique_from_id("constraint-logic") - kc] > 0);
    CHECK(found[nonet_technique_from_id("innies") - kc] > 0);
    CHECK(found[nonet_technique_from_id("outies") - kc] > 0);
    CHECK(done > total / 2); /* most small killers are explained to the end */
}

/* A killer's rating is finished and uses the new rows; the uniqueness
 * rows are off with constraints (a killer with one solution is never said
 * to need them). */
static void test_rate_killer(void)
{
    static const char text[] = "nonet 1\nsize 6\n"
                               "cage 7 r1c1 r1c2 r2c1\ncage 12 r1c3 r1c4 r2c3\n"
                               "cage 12 r1c5 r1c6 r2c5\ncage 13 r3c1 r3c2 r4c1\n"
                               "cage 6 r3c3 r3c4 r4c3\ncage 13 r3c5 r3c6 r4c5\n"
                               "cage 12 r5c1 r5c2 r6c1\ncage 12 r5c3 r5c4 r6c3\n"
                               "cage 7 r5c5 r5c6 r6c5\n"
                               "givens\n......\n......\n......\n......\n......\n......\n";
    nonet_error err;
    nonet_reader *r =
        nonet_reader_new_mem(text, sizeof text - 1, "killer", NONET_FORMAT_AUTO, &err);
    CHECK(r != NULL);
    if (!r) return;
    nonet_puzzle *p = NULL;
    CHECK(nonet_reader_next(r, &p, &err) == NONET_OK);
    nonet_explainer *x = p ? nonet_explainer_new(p, &err) : NULL;
    CHECK(x != NULL);
    if (x) {
        CHECK_EQ_INT(nonet_explainer_solutions(x), 1);
        nonet_rating rt;
        CHECK(nonet_explainer_rate(x, &rt, &err) == NONET_OK);
        CHECK(rt.finished);
        CHECK(rt.er >= 2.4 && rt.er < 3.5);
        const char *id = nonet_technique_id(rt.hardest);
        CHECK(id && (!strcmp(id, "innies") || !strcmp(id, "outies")));
    }
    nonet_explainer_free(x);
    nonet_puzzle_free(p);
    nonet_reader_free(r);
}

static const harness_test TESTS[] = {
    {"killers_unique", test_killers_unique}, {"mixed_unique", test_mixed_unique},
    {"deterministic", test_deterministic},   {"options_refused", test_options_refused},
    {"progress_stops", test_progress_stops}, {"human_sound", test_human_sound},
    {"rate_killer", test_rate_killer},       {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
