/*
 * bench_shapes.c - puzzles per second of every engine on the shape sets of
 * bench/data (6x6, 12x12, 16x16, 25x25, jigsaw 9x9; built by make_sets).
 *
 * Each puzzle is solved with limit 2, so "unique" is proven as it would be
 * by `nonet solve`; every answer must be one solution that passes
 * nonet_puzzle_verify, or the benchmark fails. An engine that needs more
 * than the time budget on a set is reported as too slow and left out.
 *
 * Usage: bench_shapes [-t SECONDS] [-e ENGINE] FILE...
 * (-e times one engine only, by its nonet_engine_from_name name.)
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct puzzles {
    nonet_puzzle **p;
    int count, cap;
} puzzles;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads every puzzle of a file; returns 0, or 1 after printing an error. */
static int load(const char *file, puzzles *ps)
{
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        perror(file);
        return 1;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, file, NONET_FORMAT_AUTO, &err);
    nonet_puzzle *p;
    nonet_status st = r ? NONET_OK : err.code;
    while (r && (st = nonet_reader_next(r, &p, &err)) == NONET_OK) {
        if (ps->count == ps->cap) {
            ps->cap = ps->cap ? 2 * ps->cap : 64;
            nonet_puzzle **grown = realloc(ps->p, (size_t)ps->cap * sizeof *grown);
            if (!grown) exit(4);
            ps->p = grown;
        }
        ps->p[ps->count++] = p;
    }
    nonet_reader_free(r);
    fclose(fp);
    if (st != NONET_END) {
        fprintf(stderr, "bench_shapes: %s:%ld: %s\n", file, err.line, err.message);
        return 1;
    }
    return 0;
}

/* Gives up once the clock passes the deadline. */
static int past_deadline(void *ctx, unsigned long long nodes)
{
    (void)nodes;
    return now() > *(const double *)ctx;
}

/* Times one engine over the set. Returns 0, 1 on a wrong answer. */
static int run(const char *file, const puzzles *ps, nonet_engine e, double budget)
{
    if (!nonet_engine_supports(e, nonet_puzzle_shape(ps->p[0]))) return 0;
    nonet_solver *s = nonet_solver_new();
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    double t0 = now(), deadline = t0 + budget;
    opt.progress = past_deadline;
    opt.progress_ctx = &deadline;
    unsigned char sol[NONET_MAX_CELLS];
    int bad = 0, done = 0;
    for (; done < ps->count && now() < deadline; done++) {
        nonet_result res;
        nonet_status st = nonet_solver_run(s, ps->p[done], &opt, sol, &res, NULL);
        if (st == NONET_ERR_LIMIT) break;
        if (st != NONET_OK || res.solutions != 1 || nonet_puzzle_verify(ps->p[done], sol, NULL)) {
            fprintf(stderr, "bench_shapes: %s: puzzle %d: wrong answer from %s\n", file, done + 1,
                    nonet_engine_name(e));
            bad = 1;
            break;
        }
    }
    double t = now() - t0;
    nonet_solver_free(s);
    if (bad) return 1;
    if (done < ps->count)
        printf("  %-10s too slow: %d of %d puzzles in %.1f s\n", nonet_engine_name(e), done,
               ps->count, t);
    else
        printf("  %-10s %10.0f puzzles/s %10.1f us/puzzle\n", nonet_engine_name(e), done / t,
               t * 1e6 / done);
    return 0;
}

int main(int argc, char **argv)
{
    double budget = 5.0;
    int i = 1, fail = 0, only = -1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-t") == 0) budget = atof(argv[i + 1]);
        else if (strcmp(argv[i], "-e") != 0 || (only = nonet_engine_from_name(argv[i + 1])) < 0)
            break;
    }
    if (i >= argc || argv[i][0] == '-') {
        fprintf(stderr, "usage: bench_shapes [-t SECONDS] [-e ENGINE] FILE...\n");
        return 3;
    }
    static const nonet_engine all[] = {NONET_ENGINE_BITMASK, NONET_ENGINE_DLX,
                                       NONET_ENGINE_BACKTRACK, NONET_ENGINE_AUTO};
    nonet_engine one[1] = {(nonet_engine)(only < 0 ? 0 : only)};
    const nonet_engine *engines = only < 0 ? all : one;
    size_t nengines = only < 0 ? sizeof all / sizeof all[0] : 1;
    for (; i < argc; i++) {
        puzzles ps = {0};
        if (load(argv[i], &ps) || !ps.count) {
            fail = 1;
            continue;
        }
        int n = nonet_shape_size(nonet_puzzle_shape(ps.p[0]));
        printf("%s: %d puzzles, %dx%d\n", argv[i], ps.count, n, n);
        for (size_t k = 0; k < nengines; k++) fail |= run(argv[i], &ps, engines[k], budget);
        for (int k = 0; k < ps.count; k++) nonet_puzzle_free(ps.p[k]);
        free(ps.p);
    }
    return fail;
}
