/*
 * bench_times.c - the time of each puzzle, for medians: solves every puzzle
 * of the files given with one engine and prints the median and the mean
 * milliseconds a puzzle; -o appends each puzzle's time to a file, so a
 * script can pool several interleaved runs (bench/big_compare.sh).
 *
 * It uses only nonet.h calls every version of the library has had since
 * the engines were named (nonet_engine_from_name, nonet_engine_path), so the
 * same source builds against an older library: that is how big_compare.sh
 * measures "before" and "after" with one program.
 *
 * The first puzzle is solved once untimed first, for at most half a second
 * (the workspace grows, the code comes into the caches). Each puzzle runs
 * under a time budget (the progress callback gives up past it); a puzzle
 * that gives up counts the budget (a lower bound: its line in the -o file
 * ends with '+', the summary says how many). Every answer must
 * be a solution that passes nonet_puzzle_verify (and, with limit 2, the only
 * one: the sets are proper), or the run fails with status 1.
 *
 * Usage: bench_times [-e ENGINE] [-l LIMIT] [-t SECONDS] [-o FILE] FILE...
 * (ENGINE default auto; LIMIT default 2; SECONDS a puzzle, default 10.)
 * Exit status 0; 1 on a wrong answer; 2 on bad usage or input.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct run_opts {
    nonet_engine engine;
    unsigned long long limit;
    double budget; /* seconds a puzzle */
    FILE *out;     /* NULL or where each puzzle's milliseconds go */
    unsigned ran;  /* out: bit e set when engine e ran a puzzle (auto resolved) */
} run_opts;

/* Seconds on the monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Gives up once the clock passes the deadline at ctx. */
static int past_deadline(void *ctx, unsigned long long nodes)
{
    (void)nodes;
    return now() > *(const double *)ctx;
}

/* qsort order of doubles. */
static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Solves one puzzle; its milliseconds go to *ms. Returns 0 solved, 1 gave
 * up, -1 on a wrong answer (printed). */
static int time_one(nonet_solver *s, const nonet_puzzle *p, run_opts *ro, const char *where,
                    double *ms)
{
    static unsigned char sol[NONET_MAX_CELLS];
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = ro->engine;
    opt.limit = ro->limit;
    double t0 = now(), deadline = t0 + ro->budget;
    opt.progress = past_deadline;
    opt.progress_ctx = &deadline;
    nonet_result res;
    nonet_error err;
    memset(&res, 0, sizeof res);
    nonet_status st = nonet_solver_run(s, p, &opt, sol, &res, &err);
    *ms = (now() - t0) * 1e3;
    ro->ran |= 1u << res.engine;
    if (st == NONET_ERR_LIMIT) return 1;
    if (st != NONET_OK || res.solutions < 1 || (ro->limit == 2 && res.solutions != 1) ||
        nonet_puzzle_verify(p, sol, NULL) != NONET_OK) {
        fprintf(stderr, "bench_times: %s: wrong answer from %s (%llu solutions)\n", where,
                nonet_engine_name(ro->engine), res.solutions);
        return -1;
    }
    return 0;
}

/* Times every puzzle of one file, appending the times to *ms (room grown
 * as needed) and counting the puzzles that gave up. Returns 0, 1 on a wrong
 * answer, 2 when the file cannot be read. */
static int time_file(const char *file, run_opts *ro, double **ms, size_t *count, size_t *cap,
                     int *gave_up)
{
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        perror(file);
        return 2;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, file, NONET_FORMAT_AUTO, &err);
    nonet_solver *s = nonet_solver_new();
    nonet_puzzle *p;
    nonet_status st = r && s ? NONET_OK : NONET_ERR_NOMEM;
    int fail = 0;
    while (!fail && r && s && (st = nonet_reader_next(r, &p, &err)) == NONET_OK) {
        if (*count == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            double *grown = realloc(*ms, *cap * sizeof *grown);
            if (!grown) exit(2);
            *ms = grown;
        }
        char where[600];
        snprintf(where, sizeof where, "%s:%ld", file, nonet_puzzle_line(p));
        if (!*count) { /* the warm-up, untimed */
            run_opts warm = *ro;
            warm.budget = warm.budget < 0.5 ? warm.budget : 0.5;
            if (time_one(s, p, &warm, where, &(*ms)[*count]) < 0) fail = 1;
        }
        int k = fail ? -1 : time_one(s, p, ro, where, &(*ms)[*count]);
        nonet_puzzle_free(p);
        if (k < 0) fail = 1;
        *gave_up += k == 1;
        if (ro->out) fprintf(ro->out, "%.4f%s\n", (*ms)[*count], k == 1 ? "+" : "");
        (*count)++;
    }
    nonet_solver_free(s);
    nonet_reader_free(r);
    fclose(fp);
    if (!fail && st != NONET_END) {
        fprintf(stderr, "bench_times: %s:%ld: %s\n", file, err.line, err.message);
        return 2;
    }
    return fail;
}

/* Writes the engines of the set `ran` to buf, '+' between them, fast and
 * planes with the code path nonet_engine_path names ("planes/avx2"). */
static void engines_run(unsigned ran, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int e = 0; e < 32 && len < cap; e++) {
        if (!(ran >> e & 1)) continue;
        const char *name = nonet_engine_name((nonet_engine)e),
                   *path = nonet_engine_path((nonet_engine)e);
        int multi = path && name && (strcmp(name, "fast") == 0 || strcmp(name, "planes") == 0);
        int k = snprintf(buf + len, cap - len, "%s%s%s%s", len ? "+" : "", name ? name : "?",
                         multi ? "/" : "", multi ? path : "");
        if (k < 0) break;
        len += (size_t)k;
    }
}

/* Parses the options into ro; returns the index of the first file, or -1
 * on bad usage. */
static int parse_args(int argc, char **argv, run_opts *ro)
{
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        const char *v = argv[i + 1];
        if (strcmp(argv[i], "-e") == 0) {
            int e = nonet_engine_from_name(v);
            if (e < 0) return -1;
            ro->engine = (nonet_engine)e;
        } else if (strcmp(argv[i], "-l") == 0) {
            ro->limit = strtoull(v, NULL, 10);
        } else if (strcmp(argv[i], "-t") == 0) {
            ro->budget = atof(v);
        } else if (strcmp(argv[i], "-o") == 0) {
            if (!(ro->out = fopen(v, "a"))) return -1;
        } else {
            return -1;
        }
    }
    return i < argc && argv[i][0] != '-' && ro->budget > 0 ? i : -1;
}

int main(int argc, char **argv)
{
    run_opts ro = {NONET_ENGINE_AUTO, 2, 10.0, NULL, 0};
    int first = parse_args(argc, argv, &ro);
    if (first < 0) {
        fprintf(stderr,
                "usage: bench_times [-e ENGINE] [-l LIMIT] [-t SECONDS] [-o FILE] FILE...\n");
        return 2;
    }
    double *ms = NULL;
    size_t count = 0, cap = 0;
    int gave_up = 0, st = 0;
    for (int i = first; i < argc && !st; i++)
        st = time_file(argv[i], &ro, &ms, &count, &cap, &gave_up);
    if (ro.out) fclose(ro.out);
    if (!st && count) {
        double sum = 0;
        for (size_t k = 0; k < count; k++) sum += ms[k];
        qsort(ms, count, sizeof *ms, by_value);
        double median = count % 2 ? ms[count / 2] : (ms[count / 2 - 1] + ms[count / 2]) / 2;
        char ran[128];
        engines_run(ro.ran, ran, sizeof ran);
        printf("  %-8s %-22s %5zu puzzles  median %9.3f ms  mean %9.3f ms",
               nonet_engine_name(ro.engine), ran, count, median, sum / (double)count);
        if (gave_up) printf("  (%d gave up at %.1f s)", gave_up, ro.budget);
        printf("\n");
    }
    free(ms);
    return st;
}
