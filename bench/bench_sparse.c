/*
 * bench_sparse.c - time to a first solution on empty and near-empty big
 * grids (what a generator needs: a random full grid to start from), per
 * engine.
 *
 * For each side (default 16 25 32 36 49 64, boxes the side's default): the
 * empty grid, then PUZZLES - 1 grids with a few random givens that break no
 * rule (n/4, n/2, n, 2n givens in turn, seeded, so every run and every
 * engine gets the same puzzles). Each puzzle is solved with limit 1 under a
 * time budget; the solution must pass nonet_puzzle_verify or the benchmark
 * fails. Prints, per engine, puzzles solved, the mean and the largest time
 * a puzzle, and the total; -w DIR also writes each side's puzzles to
 * DIR/sparse_NxN.txt (nonet format, which holds every side; `nonet solve`
 * reads it) for the SAT peer (bench/sat_peer.py).
 *
 * Usage: bench_sparse [-t SECONDS] [-n PUZZLES] [-e ENGINES] [-w DIR] [SIDE...]
 * (ENGINES: a comma list; default planes, bitmask, dlx, auto; "none" with
 * -w writes the sets only.)
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Gives up once the clock passes the deadline. */
static int past_deadline(void *ctx, unsigned long long nodes)
{
    (void)nodes;
    return now() > *(const double *)ctx;
}

/* splitmix64: the puzzles' random numbers, seeded per side. */
static uint64_t next_u64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Puzzle k of side n: empty for k = 0, else `givens` random givens that
 * break no rule. */
static nonet_puzzle *make_puzzle(const nonet_shape *s, int n, int k, uint64_t *seed)
{
    static const int per_side[] = {4, 2, 1}; /* n/4, n/2, n, then 2n givens */
    unsigned char cells[NONET_MAX_CELLS] = {0};
    int givens = k == 0 ? 0 : (k - 1) % 4 < 3 ? n / per_side[(k - 1) % 4] : 2 * n;
    for (int placed = 0, tries = 0; placed < givens && tries < 100000; tries++) {
        int c = (int)(next_u64(seed) % (uint64_t)(n * n));
        if (cells[c]) continue;
        cells[c] = (unsigned char)(1 + next_u64(seed) % (uint64_t)n);
        nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
        if (nonet_puzzle_check(p, NULL) != NONET_OK) cells[c] = 0;
        else placed++;
        nonet_puzzle_free(p);
    }
    return nonet_puzzle_new(s, cells, NULL, NULL);
}

/* Writes the puzzles of one side to DIR/sparse_NxN.txt in the nonet format.
 * Returns 0 or 1. */
static int write_set(const char *dir, int n, nonet_puzzle **ps, int count)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sparse_%dx%d.txt", dir, n, n);
    FILE *fp = fopen(path, "w");
    if (!fp) {
        perror(path);
        return 1;
    }
    static char text[4 * NONET_MAX_CELLS + 256];
    for (int i = 0; i < count; i++) {
        nonet_write_puzzle(text, sizeof text, NONET_FORMAT_NONET, ps[i]);
        fputs(text, fp);
    }
    return fclose(fp) != 0;
}

/* Times one engine on the puzzles of one side. Returns 1 on a wrong answer. */
static int run(int n, nonet_puzzle **ps, int count, nonet_engine e, double budget)
{
    if (!nonet_engine_supports(e, nonet_puzzle_shape(ps[0]))) return 0;
    nonet_solver *s = nonet_solver_new();
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = 1;
    opt.progress = past_deadline;
    double deadline, total = 0, worst = 0;
    opt.progress_ctx = &deadline;
    static unsigned char sol[NONET_MAX_CELLS];
    int solved = 0, bad = 0;
    nonet_engine ran = e;
    for (int i = 0; i < count; i++) {
        nonet_result res;
        double t0 = now();
        deadline = t0 + budget;
        nonet_status st = nonet_solver_run(s, ps[i], &opt, sol, &res, NULL);
        double t = now() - t0;
        ran = res.engine;
        total += t;
        worst = t > worst ? t : worst;
        if (st == NONET_OK && res.solutions == 1 &&
            nonet_puzzle_verify(ps[i], sol, NULL) == NONET_OK)
            solved++;
        else if (st != NONET_ERR_LIMIT) bad = 1;
    }
    nonet_solver_free(s);
    printf("  %dx%-3d %-10s solved %2d of %2d  mean %9.2f ms  max %9.2f ms  total %8.3f s  %s\n", n,
           n, nonet_engine_name(e), solved, count, total * 1e3 / count, worst * 1e3, total,
           e == NONET_ENGINE_AUTO ? nonet_engine_name(ran) : "");
    if (bad)
        fprintf(stderr, "bench_sparse: %dx%d: wrong answer from %s\n", n, n, nonet_engine_name(e));
    return bad;
}

/* Parses a comma list of engine names into out (room for
 * NONET_ENGINE_COUNT). Returns the count (0 for "none": -w only writes the
 * sets), or -1 naming a bad one. */
static int parse_engines(char *list, nonet_engine *out)
{
    int k = 0;
    if (strcmp(list, "none") == 0) return 0;
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        int e = nonet_engine_from_name(name);
        if (e < 0 || k == NONET_ENGINE_COUNT) {
            fprintf(stderr, "bench_sparse: unknown engine '%s'\n", name);
            return -1;
        }
        out[k++] = (nonet_engine)e;
    }
    return k;
}

int main(int argc, char **argv)
{
    double budget = 10.0;
    int count = 9, i = 1, fail = 0, nengines = 4;
    const char *dir = NULL;
    nonet_engine engines[NONET_ENGINE_COUNT] = {NONET_ENGINE_PLANES, NONET_ENGINE_BITMASK,
                                                NONET_ENGINE_DLX, NONET_ENGINE_AUTO};
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-t") == 0) budget = atof(argv[i + 1]);
        else if (strcmp(argv[i], "-n") == 0) count = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-w") == 0) dir = argv[i + 1];
        else if (strcmp(argv[i], "-e") != 0 || (nengines = parse_engines(argv[i + 1], engines)) < 0)
            break;
    }
    if ((i < argc && argv[i][0] == '-') || count < 1 || count > 100 || budget <= 0 ||
        nengines < (dir ? 0 : 1)) {
        fprintf(stderr,
                "usage: bench_sparse [-t SECONDS] [-n PUZZLES] [-e ENGINES] [-w DIR] [SIDE...]\n");
        return 3;
    }
    static const int default_sides[] = {16, 25, 32, 36, 49, 64};
    int nsides = i < argc ? argc - i : (int)(sizeof default_sides / sizeof default_sides[0]);
    printf("first solution (limit 1), budget %.0f s a puzzle: the empty grid and %d with n/4 to 2n "
           "random givens\n",
           budget, count - 1);
    for (int k = 0; k < nsides; k++) {
        int n = i < argc ? atoi(argv[i + k]) : default_sides[k];
        nonet_shape *s = nonet_shape_new_classic(n, NULL);
        if (!s) {
            fprintf(stderr, "bench_sparse: no grid of side %d\n", n);
            return 3;
        }
        uint64_t seed = (uint64_t)n * 1000003u;
        nonet_puzzle *ps[100];
        for (int j = 0; j < count; j++) ps[j] = make_puzzle(s, n, j, &seed);
        if (dir) fail |= write_set(dir, n, ps, count);
        for (int e = 0; e < nengines; e++) fail |= run(n, ps, count, engines[e], budget);
        for (int j = 0; j < count; j++) nonet_puzzle_free(ps[j]);
        nonet_shape_free(s);
    }
    return fail;
}
