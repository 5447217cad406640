/*
 * canon_bench.c - canonical-form speed: the library over puzzle files.
 *
 *   canon_bench [-r RUNS] [-f FORMS] FILE...      puzzles per second
 *   canon_bench -p FORM FILE                      print forms (and counts)
 *
 * For each file and form (FORMS: minlex, pattern or both, the default):
 * loads the 9x9 puzzles (one a line, '#' comments skipped) into memory as
 * cells, canonicalises them all once as a warm-up, then RUNS times (default
 * 5) with one reused workspace, one thread, no I/O, and prints the median:
 * puzzles per second and microseconds a puzzle, in the thread's CPU time. -p prints every form as a
 * line ('.' for blanks, the way Dobrichev's tool writes them), a tab and the
 * automorphism count, for byte-for-byte comparisons.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU seconds of this thread: on a shared machine, wall time would count
 * the time other jobs hold the core (peer_patminlex.cpp reads the same
 * clock). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Loads the 81-symbol lines of a file as cells; exits on error. */
static unsigned char *load(const char *path, long *count)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        exit(2);
    }
    char line[1024];
    long n = 0, cap = 0;
    unsigned char *cells = NULL;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            cells = realloc(cells, (size_t)cap * 81);
            if (!cells) exit(4);
        }
        for (int i = 0; i < 81; i++)
            cells[n * 81 + i] =
                line[i] >= '1' && line[i] <= '9' ? (unsigned char)(line[i] - '0') : 0;
        n++;
    }
    fclose(fp);
    *count = n;
    return cells;
}

/* One pass over the puzzles; returns the seconds, or -1 on an error. */
static double pass(nonet_canon *w, const nonet_shape *s, const unsigned char *cells, long n,
                   nonet_canon_form form, unsigned *sink)
{
    unsigned char out[81];
    unsigned long long aut;
    nonet_error err;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        if (nonet_canon_grid(w, s, cells + 81 * i, form, out, NULL, &aut, &err)) {
            fprintf(stderr, "canon_bench: puzzle %ld: %s\n", i + 1, err.message);
            return -1;
        }
        *sink += out[80] + (unsigned)aut;
    }
    return now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints the median speed of RUNS passes of one form over one file. */
static int measure(nonet_canon *w, const nonet_shape *s, const char *path,
                   const unsigned char *cells, long n, nonet_canon_form form, int runs)
{
    double t[64];
    unsigned sink = 0;
    if (pass(w, s, cells, n, form, &sink) < 0) return 1; /* warm-up */
    for (int r = 0; r < runs; r++)
        if ((t[r] = pass(w, s, cells, n, form, &sink)) < 0) return 1;
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    double med = t[runs / 2];
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("%-34s %-8s %7ld puzzles %9.0f puzzles/s %7.3f us/puzzle%s\n", name,
           nonet_canon_form_name(form), n, n / med, med / n * 1e6, sink == 1 ? " " : "");
    return 0;
}

/* -p: every form and its automorphism count. */
static int print_forms(const nonet_shape *s, const char *path, nonet_canon_form form)
{
    long n;
    unsigned char *cells = load(path, &n), out[81];
    nonet_canon *w = nonet_canon_new();
    for (long i = 0; i < n; i++) {
        unsigned long long aut;
        if (nonet_canon_grid(w, s, cells + 81 * i, form, out, NULL, &aut, NULL)) return 1;
        char line[83];
        for (int k = 0; k < 81; k++) line[k] = out[k] ? (char)('0' + out[k]) : '.';
        line[81] = 0;
        printf("%s\t%llu\n", line, aut);
    }
    nonet_canon_free(w);
    free(cells);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 5, a = 1, forms = 3;
    const char *print = NULL;
    for (; a < argc && argv[a][0] == '-'; a += 2) {
        if (a + 1 >= argc) break;
        if (!strcmp(argv[a], "-r")) runs = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "-f"))
            forms = !strcmp(argv[a + 1], "minlex") ? 1 : !strcmp(argv[a + 1], "pattern") ? 2 : 3;
        else if (!strcmp(argv[a], "-p")) print = argv[a + 1];
        else break;
    }
    if (a >= argc || runs < 1 || runs > 64) {
        fputs("usage: canon_bench [-r RUNS] [-f minlex|pattern|both] FILE...\n"
              "       canon_bench -p minlex|pattern FILE\n",
              stderr);
        return 3;
    }
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    if (print)
        return print_forms(s, argv[a],
                           nonet_canon_form_from_name(print) == 1 ? NONET_CANON_PATTERN
                                                                  : NONET_CANON_MINLEX);
    nonet_canon *w = nonet_canon_new();
    int st = 0;
    for (; a < argc; a++) {
        long n;
        unsigned char *cells = load(argv[a], &n);
        if (forms & 1) st |= measure(w, s, argv[a], cells, n, NONET_CANON_MINLEX, runs);
        if (forms & 2) st |= measure(w, s, argv[a], cells, n, NONET_CANON_PATTERN, runs);
        free(cells);
    }
    nonet_canon_free(w);
    nonet_shape_free(s);
    return st;
}
