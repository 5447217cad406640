/*
 * bench.c - solver benchmark: every engine over puzzle collections.
 *
 *   nonet-bench [-e ENGINES] [--simd LEVELS] [-r RUNS] [-l LIMIT] [-n MAX] FILE...
 *
 * For each file, engine and SIMD cap: loads the puzzles (one per line, '#'
 * comments skipped) into memory, solves them all once as a warm-up, then
 * RUNS times (default 5), and prints the median: puzzles per second,
 * microseconds per puzzle, guesses per puzzle and the share solved without
 * guessing, with a uniqueness check (limit 2) unless -l says otherwise.
 * ENGINES is a comma list (default fast,bitmask,dlx; backtrack is slow on
 * hard sets). LEVELS is a comma list of nonet_simd names (best, scalar,
 * sse4.1, avx2, avx512; default best): one row for each code path they give
 * an engine on this CPU, named in the path column (a cap that gives a path
 * already measured, such as avx512 on a CPU without it or any cap for the
 * engines without SIMD paths, is not run again). Single thread, one reused
 * nonet_solver per engine: library speed, no I/O. Exit status 2 for a bad
 * argument (an unknown engine or level).
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct set {
    const char *path;
    nonet_puzzle **puzzles;
    long count;
} set;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Loads up to max puzzles of a file (0 = all); exits on error. */
static set load(const char *path, long max)
{
    set s = {path, NULL, 0};
    FILE *fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        exit(2);
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, path, NONET_FORMAT_AUTO, &err);
    long cap = 0;
    nonet_puzzle *p;
    nonet_status st;
    while ((max <= 0 || s.count < max) && (st = nonet_reader_next(r, &p, &err)) != NONET_END) {
        if (st != NONET_OK) {
            fprintf(stderr, "%s:%ld: %s\n", path, err.line, err.message);
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        if (s.count == cap) {
            cap = cap ? cap * 2 : 1024;
            s.puzzles = realloc(s.puzzles, (size_t)cap * sizeof *s.puzzles);
            if (!s.puzzles) exit(4);
        }
        s.puzzles[s.count++] = p;
    }
    nonet_reader_free(r);
    fclose(fp);
    return s;
}

typedef struct figures {
    double seconds;
    unsigned long long guesses;
    long no_guess;
    long unsupported;
} figures;

static figures run_once(const set *s, nonet_solver *solver, const nonet_options *opt)
{
    figures f = {0, 0, 0, 0};
    unsigned char sol[NONET_MAX_CELLS];
    double t0 = now();
    for (long i = 0; i < s->count; i++) {
        nonet_result res;
        if (nonet_solver_run(solver, s->puzzles[i], opt, sol, &res, NULL) ==
            NONET_ERR_UNSUPPORTED) {
            f.unsupported++;
            continue;
        }
        f.guesses += res.guesses;
        f.no_guess += res.guesses == 0;
    }
    f.seconds = now() - t0;
    return f;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Times engine e under the SIMD cap `simd` on one set and prints its row. */
static void bench_engine(const set *s, nonet_engine e, nonet_simd simd, int runs,
                         unsigned long long limit)
{
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = limit;
    opt.simd = simd;
    nonet_solver *solver = nonet_solver_new();
    const char *name = strrchr(s->path, '/') ? strrchr(s->path, '/') + 1 : s->path;
    const char *path = nonet_engine_path_capped(e, simd);
    figures f = run_once(s, solver, &opt); /* warm-up */
    if (f.unsupported) {
        printf("| %-32.32s | %-9s | %-11s | %12s | %10s | %8s | %7s |\n", name,
               nonet_engine_name(e), path ? path : "none", "unsupported", "", "", "");
        nonet_solver_free(solver);
        return;
    }
    double *t = malloc((size_t)runs * sizeof *t);
    if (!t) exit(4);
    for (int i = 0; i < runs; i++) t[i] = run_once(s, solver, &opt).seconds;
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    double med = t[runs / 2];
    printf("| %-32.32s | %-9s | %-11s | %12.0f | %10.2f | %8.2f | %6.1f%% |\n", name,
           nonet_engine_name(e), path ? path : "none", (double)s->count / med,
           med * 1e6 / (double)s->count, (double)f.guesses / (double)s->count,
           100.0 * (double)f.no_guess / (double)s->count);
    fflush(stdout);
    free(t);
    nonet_solver_free(solver);
}

/* Parses a comma list of names with `from_name` into out (room for max);
 * returns the count, or -1 after naming the first unknown name. */
static int parse_list(const char *text, int (*from_name)(const char *), const char *what, int *out,
                      int max)
{
    char list[256];
    int n = 0;
    snprintf(list, sizeof list, "%s", text);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        int v = from_name(tok);
        if (v < 0 || n == max) {
            fprintf(stderr, "nonet-bench: unknown %s '%s'\n", what, tok);
            return -1;
        }
        out[n++] = v;
    }
    return n;
}

/* Times every engine under every cap on one set, skipping a cap that gives
 * an engine a path it has already run. */
static void bench_set(const set *s, const int *engines, int ne, const int *caps, int nc, int runs,
                      unsigned long long limit)
{
    for (int i = 0; i < ne; i++) {
        const char *done[NONET_SIMD_COUNT];
        int ndone = 0;
        for (int k = 0; k < nc; k++) {
            const char *path =
                nonet_engine_path_capped((nonet_engine)engines[i], (nonet_simd)caps[k]);
            int seen = 0;
            for (int j = 0; j < ndone; j++) seen |= path && strcmp(done[j], path) == 0;
            if (seen) continue;
            if (path && ndone < NONET_SIMD_COUNT) done[ndone++] = path;
            bench_engine(s, (nonet_engine)engines[i], (nonet_simd)caps[k], runs, limit);
        }
    }
}

int main(int argc, char **argv)
{
    const char *engine_list = "fast,bitmask,dlx", *simd_list = "best";
    int runs = 5;
    long max = 0;
    unsigned long long limit = 2;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-e") == 0) engine_list = argv[i + 1];
        else if (strcmp(argv[i], "-s") == 0 || strcmp(argv[i], "--simd") == 0)
            simd_list = argv[i + 1];
        else if (strcmp(argv[i], "-r") == 0) runs = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-n") == 0) max = atol(argv[i + 1]);
        else if (strcmp(argv[i], "-l") == 0) limit = strtoull(argv[i + 1], NULL, 10);
        else break;
    }
    if (i >= argc || runs < 1) {
        fprintf(stderr, "usage: nonet-bench [-e ENGINES] [--simd LEVELS] [-r RUNS] [-l LIMIT] "
                        "[-n MAX] FILE...\n");
        return 2;
    }
    int engines[16], caps[16];
    int ne = parse_list(engine_list, nonet_engine_from_name, "engine", engines, 16);
    int nc = parse_list(simd_list, nonet_simd_from_name, "SIMD level", caps, 16);
    if (ne < 0 || nc < 0) return 2;
    printf("nonet %s, single thread, limit %llu, median of %d runs; fast engine paths:",
           nonet_version(), limit, runs);
    for (int k = 0; k < nc; k++) {
        const char *path = nonet_engine_path_capped(NONET_ENGINE_FAST, (nonet_simd)caps[k]);
        printf("%s%s", k ? ", " : " ", path ? path : "none");
    }
    printf("\n\n| %-32s | %-9s | %-11s | %12s | %10s | %8s | %7s |\n", "data set", "engine", "path",
           "puzzles/s", "us/puzzle", "guesses", "no-guess");
    printf(
        "|----------------------------------|-----------|-------------|--------------|------------|"
        "----------|---------|\n");
    for (; i < argc; i++) {
        set s = load(argv[i], max);
        bench_set(&s, engines, ne, caps, nc, runs, limit);
        for (long k = 0; k < s.count; k++) nonet_puzzle_free(s.puzzles[k]);
        free(s.puzzles);
    }
    return 0;
}
