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
 * Usage: bench_generate [SCALE] [WHAT]   (SCALE multiplies the puzzle
 * counts, default 1; WHAT one figure only: "bands" the difficulty bands,
 * "9x9", "16x16", "25x25" or "jigsaw"; for a steady callgrind count per
 * puzzle, e.g. valgrind --tool=callgrind --toggle-collect=nonet_generate)
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

/* The clue counts of `count` puzzles: mean, smallest and largest. */
static void clue_counts(nonet_puzzle **ps, int count, double *mean, int *lo, int *hi)
{
    long total = 0;
    *lo = NONET_MAX_CELLS;
    *hi = 0;
    for (int k = 0; k < count; k++) {
        const nonet_shape *shape = nonet_puzzle_shape(ps[k]);
        const unsigned char *c = nonet_puzzle_cells(ps[k]);
        int n = 0;
        for (int x = 0; x < nonet_shape_cells(shape); x++) n += c[x] != 0;
        total += n;
        if (n < *lo) *lo = n;
        if (n > *hi) *hi = n;
    }
    *mean = (double)total / count;
}

/* 9x9 minimal: puzzles/s (median of three runs) and the clue spread. */
static void goal_9x9(int scale, nonet_puzzle **ps, unsigned char *sols)
{
    int n9 = 20000 * scale, lo, hi;
    double rates[3], top = 0, bottom = 0, mean = 0;
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL);
    for (int rep = 0; rep < 3; rep++) {
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = (uint64_t)rep + 1;
        rates[rep] = n9 / run(s9, &o, n9, ps, sols, NULL);
        if (rep == 0) {
            spread(ps, n9, &top, &bottom);
            clue_counts(ps, n9, &mean, &lo, &hi);
        }
        check_free(ps, sols, n9);
    }
    printf("9x9 minimal:             %9.0f puzzles/s (one thread), clues rows 1-3 %.2f, rows 7-9 "
           "%.2f, clues %.2f (%d-%d)\n",
           median(rates, 3), top, bottom, mean, lo, hi);
    nonet_shape_free(s9);
}

/* One median figure of `n` puzzles of side `side` (minimal or not). */
static void goal_median(int side, int n, int minimal, nonet_puzzle **ps, unsigned char *sols,
                        double *each)
{
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = (uint64_t)side;
    o.minimal = minimal;
    nonet_shape *s = nonet_shape_new_classic(side, NULL);
    double total = run(s, &o, n, ps, sols, each), mean;
    int lo, hi;
    clue_counts(ps, n, &mean, &lo, &hi);
    printf("%dx%d %-19s %9.1f ms median a puzzle (%d puzzles, mean %.1f ms), clues %.2f "
           "(%d-%d)\n",
           side, side, minimal ? "minimal:" : "unique:", 1000 * median(each, n), n,
           1000 * total / n, mean, lo, hi);
    check_free(ps, sols, n);
    nonet_shape_free(s);
}

/* Whether every region of `shape` has n cells and is connected (checked
 * apart from the library's own check in nonet_shape_new). */
static int regions_ok(const nonet_shape *shape)
{
    int n = nonet_shape_size(shape), cells = nonet_shape_cells(shape);
    int size[64] = {0}, seen[NONET_MAX_CELLS] = {0}, stack[NONET_MAX_CELLS];
    for (int c = 0; c < cells; c++) {
        int r = nonet_shape_region(shape, c);
        if (r < 0 || r >= n) return 0;
        size[r]++;
    }
    for (int r = 0; r < n; r++) {
        int first = 0, top = 0, reached = 0;
        if (size[r] != n) return 0;
        while (nonet_shape_region(shape, first) != r) first++;
        stack[top++] = first;
        seen[first] = 1;
        while (top) {
            int x = stack[--top],
                nb[4] = {x - n, x + n, x % n ? x - 1 : -1, x % n < n - 1 ? x + 1 : -1};
            reached++;
            for (int i = 0; i < 4; i++)
                if (nb[i] >= 0 && nb[i] < cells && !seen[nb[i]] &&
                    nonet_shape_region(shape, nb[i]) == r) {
                    seen[nb[i]] = 1;
                    stack[top++] = nb[i];
                }
        }
        if (reached != n) return 0;
    }
    return 1;
}

/* Jigsaw 9x9 with a random map for every puzzle: puzzles/s (median of
 * three runs); every map is checked (regions_ok) outside the timed part. */
static void goal_jigsaw(int scale, nonet_puzzle **ps, unsigned char *sols)
{
    int nj = 2000 * scale, lo = 0, hi = 0;
    double rates[3], mean = 0;
    nonet_shape *s9 = nonet_shape_new_classic(9, NULL);
    for (int rep = 0; rep < 3; rep++) {
        nonet_generate_options o;
        nonet_generate_options_init(&o);
        o.seed = (uint64_t)rep + 9;
        o.random_regions = 1;
        rates[rep] = nj / run(s9, &o, nj, ps, sols, NULL);
        if (rep == 0) clue_counts(ps, nj, &mean, &lo, &hi);
        for (int k = 0; k < nj; k++)
            if (!regions_ok(nonet_puzzle_shape(ps[k]))) {
                fprintf(stderr, "bench_generate: jigsaw %d has a bad map\n", k);
                exit(1);
            }
        check_free(ps, sols, nj);
    }
    printf("jigsaw 9x9 random maps:  %9.0f puzzles/s (one thread, minimal), clues %.2f (%d-%d)\n",
           median(rates, 3), mean, lo, hi);
    nonet_shape_free(s9);
}

/* The speed goals, or the one named by `what`. */
static void goals(const char *what, int scale, nonet_puzzle **ps, unsigned char *sols, double *each)
{
    int all = !what;
    if (all || !strcmp(what, "9x9")) goal_9x9(scale, ps, sols);
    if (all || !strcmp(what, "16x16")) goal_median(16, 15 * scale, 1, ps, sols, each);
    if (all || !strcmp(what, "25x25")) goal_median(25, 9 * scale, 0, ps, sols, each);
    if (all || !strcmp(what, "jigsaw")) goal_jigsaw(scale, ps, sols);
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
    const char *what = argc > 2 ? argv[2] : NULL;
    if (!what || strcmp(what, "bands")) goals(what, scale, ps, sols, each);
    if (!what || !strcmp(what, "bands")) {
        nonet_shape *s9 = nonet_shape_new_classic(9, NULL);
        bands(s9, scale, ps, sols, each);
        nonet_shape_free(s9);
    }
    free(ps);
    free(sols);
    free(each);
    return 0;
}
