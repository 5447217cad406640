/*
 * bench_generate.c - what the generator's goals ask, measured with the
 * library on one thread (CPU time of the process, so other programs on a
 * shared machine weigh less; each figure is the median of three runs):
 *   - minimal unique 9x9 puzzles per second, and the clue spread (average
 *     givens in rows 1-3 and in rows 7-9);
 *   - 16x16 minimal: median milliseconds a puzzle;
 *   - 25x25 unique, not minimal: median milliseconds a puzzle;
 *   - jigsaw 9x9 with a random map for every puzzle: puzzles per second;
 *   - 9x9 puzzles of each difficulty band (ER on Sudoku Explainer's scale,
 *     as `nonet generate --difficulty`): median milliseconds a puzzle and
 *     puzzles per second; each puzzle is re-rated by a fresh explainer
 *     (outside the timed part) and must fall in its band.
 * Every puzzle is checked to have exactly one solution, by a separate solve,
 * outside the timed part. bench/generate.sh prints these beside qqwing's
 * figure and the CLI's -j1/-j2 rates measured in the same run.
 *
 * Usage: bench_generate [SCALE] [bands]   (SCALE multiplies the puzzle
 * counts, default 1; "bands": the difficulty bands only)
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Generates `count` puzzles of `shape` with `o`, timing each; keeps the
 * puzzles for checking. Returns the total CPU seconds, per-puzzle times in
 * `each` (may be NULL). */
static double run(const nonet_shape *shape, const nonet_generate_options *o, int count,
                  nonet_puzzle **out, unsigned char *sols, double *each)
{
    nonet_generator *g = nonet_generator_new(o, NULL);
    int cells = nonet_shape_cells(shape);
    double total = 0;
    for (int k = 0; k < count; k++) {
        double t0 = cpu_now();
        if (nonet_generate(g, shape, (uint64_t)k, &out[k], sols + (size_t)k * (size_t)cells, NULL,
                           NULL) != NONET_OK) {
            fprintf(stderr, "bench_generate: generation failed\n");
            exit(1);
        }
        double t = cpu_now() - t0;
        total += t;
        if (each) each[k] = t;
    }
    nonet_generator_free(g);
    return total;
}

/* Checks that every puzzle has exactly its solution; frees them. */
static void check_free(nonet_puzzle **ps, const unsigned char *sols, int count)
{
    nonet_solver *s = nonet_solver_new();
    for (int k = 0; k < count; k++) {
        const nonet_shape *shape = nonet_puzzle_shape(ps[k]);
        int cells = nonet_shape_cells(shape);
        unsigned char first[NONET_MAX_CELLS];
        nonet_result r;
        nonet_solver_run(s, ps[k], NULL, first, &r, NULL);
        if (r.solutions != 1 || memcmp(first, sols + (size_t)k * (size_t)cells, (size_t)cells)) {
            fprintf(stderr, "bench_generate: puzzle %d is not unique\n", k);
            exit(1);
        }
        nonet_puzzle_free(ps[k]);
    }
    nonet_solver_free(s);
}

/* Re-rates every puzzle with a fresh explainer; exits unless each ER lies
 * in [lo, hi] (hi 0: no top). */
static void check_band(nonet_puzzle **ps, int count, double lo, double hi)
{
    for (int k = 0; k < count; k++) {
        nonet_explainer *x = nonet_explainer_new(ps[k], NULL);
        nonet_rating r;
        if (!x || nonet_explainer_rate(x, &r, NULL) != NONET_OK || !r.finished ||
            r.er < lo - 1e-9 || (hi > 0 && r.er > hi + 1e-9)) {
            fprintf(stderr, "bench_generate: puzzle %d of band %.1f-%.1f rates %.1f\n", k, lo, hi,
                    x ? r.er : -1.0);
            exit(1);
        }
        nonet_explainer_free(x);
    }
}

/* The difficulty bands: median ms a puzzle and puzzles/s for each. */
static void bands(const nonet_shape *s9, int scale, nonet_puzzle **ps, unsigned char *sols,
                  double *each)
{
    static const struct {
        const char *name;
        double lo, hi;
        int count;
    } band[] = {{"easy", 1.0, 1.5, 200},    {"medium", 1.6, 2.5, 200},    {"hard", 2.6, 4.4, 200},
                {"fiendish", 4.5, 6.2, 40}, {"diabolical", 6.3, 8.9, 40}, {"nightmare", 9.0, 0, 4}};
    for (size_t b = 0; b < sizeof band / sizeof band[0]; b++) {
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = 100 + (uint64_t)b;
        o.rating_min = band[b].lo;
        o.rating_max = band[b].hi;
        int n = band[b].count * scale;
        double total = run(s9, &o, n, ps, sols, each);
        char range[32];
        if (band[b].hi > 0) snprintf(range, sizeof range, "%.1f-%.1f", band[b].lo, band[b].hi);
        else snprintf(range, sizeof range, "%.1f+", band[b].lo);
        printf("9x9 %-10s ER %-8s %8.1f ms median a puzzle, %7.1f puzzles/s (%d puzzles, "
               "each re-rated in its band)\n",
               band[b].name, range, 1000 * median(each, n), n / total, n);
        check_band(ps, n, band[b].lo, band[b].hi);
        check_free(ps, sols, n);
    }
}

/* Rows 1-3 and 7-9 average givens. */
static void spread(nonet_puzzle **ps, int count, double *top, double *bottom)
{
    long t = 0, b = 0;
    for (int k = 0; k < count; k++) {
        const unsigned char *c = nonet_puzzle_cells(ps[k]);
        for (int x = 0; x < 27; x++) t += c[x] != 0;
        for (int x = 54; x < 81; x++) b += c[x] != 0;
    }
    *top = (double)t / count;
    *bottom = (double)b / count;
}

/* The speed goals: 9x9 minimal rate and spread, 16x16 and 25x25 medians,
 * random jigsaws. */
static void goals(int scale, nonet_puzzle **ps, unsigned char *sols, double *each)
{
    int n9 = 20000 * scale, n16 = 15 * scale, n25 = 9 * scale, nj = 2000 * scale;
    double rates[3], top = 0, bottom = 0;
    nonet_generate_options o;
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL), *s16 = nonet_shape_new_classic(16, NULL);
    nonet_shape *s25 = nonet_shape_new_classic(25, NULL);
    for (int rep = 0; rep < 3; rep++) {
        nonet_generate_options_init(&o);
        o.seed = (uint64_t)rep + 1;
        rates[rep] = n9 / run(s9, &o, n9, ps, sols, NULL);
        if (rep == 0) spread(ps, n9, &top, &bottom);
        check_free(ps, sols, n9);
    }
    printf("9x9 minimal:             %9.0f puzzles/s (one thread), clues rows 1-3 %.2f, rows 7-9 "
           "%.2f\n",
           median(rates, 3), top, bottom);
    nonet_generate_options_init(&o);
    o.seed = 16;
    run(s16, &o, n16, ps, sols, each);
    printf("16x16 minimal:           %9.1f ms median a puzzle (%d puzzles)\n",
           1000 * median(each, n16), n16);
    check_free(ps, sols, n16);
    o.seed = 25;
    o.minimal = 0;
    run(s25, &o, n25, ps, sols, each);
    printf("25x25 unique:            %9.1f ms median a puzzle (%d puzzles, not minimal)\n",
           1000 * median(each, n25), n25);
    check_free(ps, sols, n25);
    for (int rep = 0; rep < 3; rep++) {
        nonet_generate_options_init(&o);
        o.seed = (uint64_t)rep + 9;
        o.random_regions = 1;
        rates[rep] = nj / run(s9, &o, nj, ps, sols, NULL);
        check_free(ps, sols, nj);
    }
    printf("jigsaw 9x9 random maps:  %9.0f puzzles/s (one thread, minimal)\n", median(rates, 3));
    nonet_shape_free(s9);
    nonet_shape_free(s16);
    nonet_shape_free(s25);
}

int main(int argc, char **argv)
{
    int scale = argc > 1 ? atoi(argv[1]) : 1;
    if (scale < 1) scale = 1;
    int big = 20000 * scale; /* the most puzzles of one figure (9x9 minimal) */
    nonet_puzzle **ps = malloc((size_t)big * sizeof *ps);
    unsigned char *sols = malloc(
        (size_t)big * 81 > (size_t)9 * scale * 625 ? (size_t)big * 81 : (size_t)9 * scale * 625);
    double *each = malloc((size_t)big * sizeof *each);
    if (!ps || !sols || !each) return 1;
    if (!(argc > 2 && strcmp(argv[2], "bands") == 0)) goals(scale, ps, sols, each);
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL);
    bands(s9, scale, ps, sols, each);
    nonet_shape_free(s9);
    free(ps);
    free(sols);
    free(each);
    return 0;
}
