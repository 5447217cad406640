/*
 * test_nomem.c - running out of memory in the step engine: every
 * allocation made while explaining or rating a puzzle is made to fail in
 * turn, and the call must answer NONET_ERR_NOMEM or the answer it gives
 * with memory enough, never another step, a 20.0 rating or a crash.
 *
 * The allocations are counted by this program's own malloc, calloc and
 * realloc, which stand in for the C library's (glibc's __libc_* functions
 * do the work) for every caller, the static library included. Built only
 * with glibc and outside the sanitizer builds (tests/CMakeLists.txt).
 */
#include "nonet.h"

#include "harness.h"

#include <stdlib.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);

/* The allocation that fails: the fail_at-th counted one (0: none). */
static unsigned long counted, fail_at;
static int failed_one;

/* 1 when this allocation must fail. */
static int must_fail(void)
{
    if (++counted != fail_at) return 0;
    failed_one = 1;
    return 1;
}

void *malloc(size_t size) { return must_fail() ? NULL : __libc_malloc(size); }
void *calloc(size_t n, size_t size) { return must_fail() ? NULL : __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { return must_fail() ? NULL : __libc_realloc(p, size); }

/* Makes the k-th allocation from now fail (k 0: none fails). */
static void arm(unsigned long k)
{
    counted = 0;
    failed_one = 0;
    fail_at = k;
}

/* A chain puzzle of each kind: ER 9.0 (dynamic forcing chains, nested
 * levels), 7.1 (producer 21's cycles and forcing chains); both unique, so
 * the uniqueness rows ask the solver too. */
static const char *const puzzles[] = {
    "..2...9..9....6..18..4...3.....6..5..3...82........3.7.2.9..1..6.1.5.....7...4...",
    "78.6........2..........85....74.68..6...5.1.92..1...5..2.....9.5...84....46.....8",
};

/* The steps of one explanation: technique and eliminations or placements
 * of each, as text (enough to tell two steps apart). */
typedef struct path {
    char text[200][512];
    int n;
} path;

/* One step as text. */
static void step_text(const nonet_step *st, char *out, size_t size)
{
    int k = snprintf(out, size, "%d:", st->technique);
    for (int i = 0; i < st->nplacements && k > 0 && (size_t)k < size; i++)
        k += snprintf(out + k, size - (size_t)k, " +%d@%d", st->placements[i].digit,
                      st->placements[i].cell);
    for (int i = 0; i < st->neliminations && k > 0 && (size_t)k < size; i++)
        k += snprintf(out + k, size - (size_t)k, " -%d@%d", st->eliminations[i].digit,
                      st->eliminations[i].cell);
}

/* Explains p with a fresh explainer, the k-th allocation of the walk
 * failing. Returns the last status (NONET_END at the end); *got holds the
 * steps given. */
static nonet_status explain(const nonet_puzzle *p, unsigned long k, path *got)
{
    nonet_explainer *x = nonet_explainer_new(p, NULL);
    CHECK(x != NULL);
    if (!x) return NONET_ERR_ARG;
    got->n = 0;
    arm(k);
    nonet_step st;
    nonet_status s;
    while ((s = nonet_explainer_next(x, &st, NULL)) == NONET_OK && got->n < 200) {
        step_text(&st, got->text[got->n], sizeof got->text[0]);
        got->n++;
        if (nonet_explainer_apply(x, &st, NULL) != NONET_OK) break;
    }
    fail_at = 0; /* failed_one stays */
    nonet_explainer_free(x);
    return s;
}

/* Rates p with a fresh explainer, the k-th allocation of the rating failing. */
static nonet_status rate(const nonet_puzzle *p, unsigned long k, nonet_rating *r)
{
    nonet_explainer *x = nonet_explainer_new(p, NULL);
    CHECK(x != NULL);
    if (!x) return NONET_ERR_ARG;
    arm(k);
    nonet_status s = nonet_explainer_rate(x, r, NULL);
    fail_at = 0; /* failed_one stays */
    nonet_explainer_free(x);
    return s;
}

static path want, got;

/* Every allocation of an explanation fails in turn: each run gives the
 * steps of the full run, then stops with NONET_ERR_NOMEM (or ends as the
 * full run does when the failed allocation was not needed). */
static void test_explain(void)
{
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
        nonet_puzzle *p = nonet_puzzle_from_string(puzzles[i], NULL);
        CHECK(p != NULL);
        if (!p) continue;
        CHECK_EQ_INT(explain(p, 0, &want), NONET_END);
        CHECK(want.n > 10);
        int nomem = 0;
        for (unsigned long k = 1;; k++) {
            nonet_status s = explain(p, k, &got);
            if (!failed_one) break; /* the walk makes fewer than k allocations */
            CHECK(s == NONET_ERR_NOMEM || s == NONET_END);
            nomem += s == NONET_ERR_NOMEM;
            CHECK(got.n <= want.n);
            if (s == NONET_END) CHECK_EQ_INT(got.n, want.n);
            for (int j = 0; j < got.n && j < want.n; j++) CHECK_EQ_STR(got.text[j], want.text[j]);
        }
        CHECK(nomem > 0);
        nonet_puzzle_free(p);
    }
}

/* Every allocation of a rating fails in turn: NONET_ERR_NOMEM, never
 * another rating and never ER 20.0, or the full run's rating. */
static void test_rate(void)
{
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
        nonet_puzzle *p = nonet_puzzle_from_string(puzzles[i], NULL);
        CHECK(p != NULL);
        if (!p) continue;
        nonet_rating full, r;
        CHECK_EQ_INT(rate(p, 0, &full), NONET_OK);
        CHECK(full.finished);
        int nomem = 0;
        for (unsigned long k = 1;; k++) {
            nonet_status s = rate(p, k, &r);
            if (!failed_one) break;
            CHECK(s == NONET_ERR_NOMEM || s == NONET_OK);
            nomem += s == NONET_ERR_NOMEM;
            if (s == NONET_ERR_NOMEM) CHECK(r.er < 20.0 && r.er <= full.er);
            if (s == NONET_OK) {
                CHECK(r.er == full.er && r.ep == full.ep && r.ed == full.ed);
                CHECK_EQ_INT(r.steps, full.steps);
            }
        }
        CHECK(nomem > 0);
        nonet_puzzle_free(p);
    }
}

int main(int argc, char **argv)
{
    static const harness_test tests[] = {
        {"explain", test_explain}, {"rate", test_rate}, {NULL, NULL}};
    return harness_main(tests, argc, argv);
}
