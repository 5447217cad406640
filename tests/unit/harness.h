/*
 * harness.h - the tiny in-tree unit test harness.
 *
 * A test is a function `static void test_x(void)` listed in the file's
 * TESTS table; CHECK(cond) records a failure with file and line and goes on;
 * main() runs them all (or those named on the command line) and prints
 * "N passed, N failed".
 */
#ifndef NONET_HARNESS_H
#define NONET_HARNESS_H

#include <stdint.h>

#include <stdio.h>
#include <string.h>

static int harness_failures;

/* A small deterministic generator (64-bit LCG) for tests that build
 * puzzles or shapes at random: the same seed gives the same sequence
 * everywhere. */
typedef struct rng {
    uint64_t s;
} rng;

/* Returns a number in 0..n-1 (n > 0) and advances r. */
static inline int below(rng *r, int n)
{
    r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
    return (int)((r->s >> 33) % (uint64_t)n);
}

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            harness_failures++;                                                                    \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                         \
    do {                                                                                           \
        long long va_ = (long long)(a), vb_ = (long long)(b);                                      \
        if (va_ != vb_) {                                                                          \
            fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, va_,     \
                    vb_);                                                                          \
            harness_failures++;                                                                    \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                                         \
    do {                                                                                           \
        const char *sa_ = (a), *sb_ = (b);                                                         \
        if (strcmp(sa_, sb_) != 0) {                                                               \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #a, sa_, \
                    sb_);                                                                          \
            harness_failures++;                                                                    \
        }                                                                                          \
    } while (0)

typedef struct harness_test {
    const char *name;
    void (*fn)(void);
} harness_test;

static int harness_main(const harness_test *tests, int argc, char **argv)
{
    int passed = 0, failed = 0;
    for (const harness_test *t = tests; t->name; t++) {
        int wanted = argc < 2;
        for (int i = 1; i < argc; i++) wanted |= strcmp(argv[i], t->name) == 0;
        if (!wanted) continue;
        int before = harness_failures;
        t->fn();
        if (harness_failures == before) passed++;
        else {
            failed++;
            fprintf(stderr, "FAIL %s\n", t->name);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#endif
