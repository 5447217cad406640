/*
 * fast_test.c - standalone test driver for the classic-9x9 engine. It drives
 * each instruction-set level the CPU runs (levels.h: scalar, SSE4.1, AVX2
 * with and without BMI2, AVX-512) directly through engines/fast/fast.h, not
 * only the one dispatch would choose.
 * Usage: fast_test [puzzle_dir [max_per_set]]   (default ../shared/data/puzzles, all)
 * Checks: (1) every solution obeys the rules and the givens; (2) the solution
 * counts of tdoku_test_puzzles (limit 0, no node bound); (3) all levels agree
 * (count, first solution, nodes, guesses) on every data set; (4) conflicting
 * givens, bad given values, pencilmark restrictions, limit / callback /
 * max_nodes / progress semantics; (5) counts against a naive reference solver.
 * Without the shared collections (a checkout on its own) (1), (3), (4) and
 * (5) run on puzzles generated here, and (2) is left out.
 */
#include "engines/fast/fast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the engine's job says it found (engine.h's outputs). */
typedef struct fast_job {
    uint64_t solutions, nodes, guesses;
    int aborted; /* stop == 2: max_nodes or progress */
    int stopped; /* stop == 1: limit or callback */
} fast_job;

static const nonet_shape *classic9;

/* solve_job: runs level `level` on givens g (cands: NULL or 81 9-bit masks)
 * with the given callbacks and bounds; the first solution goes to sol. */
static void solve_job(int level, const unsigned char *g, const uint16_t *cands, uint64_t limit,
                      uint64_t max_nodes, nonet_solution_fn cb, void *cb_ctx,
                      nonet_progress_fn progress, unsigned char *sol, fast_job *out)
{
    uint64_t masks[81];
    nonet__search job;
    memset(&job, 0, sizeof job);
    for (int i = 0; cands && i < 81; i++) masks[i] = cands[i];
    job.shape = classic9;
    job.givens = g;
    job.cands = cands ? masks : NULL;
    job.limit = limit;
    job.max_nodes = max_nodes;
    job.on_solution = cb;
    job.solution_ctx = cb_ctx;
    job.progress = progress;
    job.first = sol;
    job.tick_mask = 0xffff;
    nonet__fast_solve_at(&job, level);
    out->solutions = job.solutions;
    out->nodes = job.nodes;
    out->guesses = job.guesses;
    out->aborted = job.stop == 2;
    out->stopped = job.stop == 1;
}

static int failures;
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            if (failures < 30) {                                                                   \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                               \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fputc('\n', stderr);                                                               \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* Reads puzzle lines of a file; returns count, fills *out (malloc'd, 81/puzzle)
 * and, when counts != NULL, the ":count" field of each line. Returns 0 with
 * *out = NULL when the file cannot be opened (no shared data here). */
static size_t load(const char *path, unsigned char **out, long **counts, char ***sols)
{
    FILE *f = fopen(path, "r");
    char line[512];
    size_t n = 0, cap = 1024;
    unsigned char *p;
    if (!f) {
        printf("no %s here\n", path);
        *out = NULL;
        return 0;
    }
    p = malloc(cap * 81);
    if (counts) *counts = malloc(cap * sizeof(long));
    if (sols) *sols = malloc(cap * sizeof(char *));
    while (fgets(line, sizeof line, f)) {
        int i;
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) {
            cap *= 2;
            p = realloc(p, cap * 81);
            if (counts) *counts = realloc(*counts, cap * sizeof(long));
            if (sols) *sols = realloc(*sols, cap * sizeof(char *));
        }
        for (i = 0; i < 81; i++)
            p[n * 81 + i] = (line[i] >= '1' && line[i] <= '9') ? (unsigned char)(line[i] - '0') : 0;
        if (counts) (*counts)[n] = line[81] == ':' ? strtol(line + 82, NULL, 10) : -1;
        if (sols) {
            char *c2 = line[81] == ':' ? strchr(line + 82, ':') : NULL;
            (*sols)[n] = NULL;
            if (c2 && strlen(c2 + 1) >= 81) {
                (*sols)[n] = malloc(82);
                memcpy((*sols)[n], c2 + 1, 81);
                (*sols)[n][81] = 0;
            }
        }
        n++;
    }
    fclose(f);
    *out = p;
    return n;
}

/* valid: sol is a complete valid grid agreeing with givens and cands. */
static int valid(const unsigned char *g, const unsigned char *sol, const uint16_t *cands)
{
    int i, j;
    for (i = 0; i < 81; i++) {
        if (sol[i] < 1 || sol[i] > 9) return 0;
        if (g[i] && g[i] != sol[i]) return 0;
        if (cands && !g[i] && !((cands[i] >> (sol[i] - 1)) & 1)) return 0;
    }
    for (i = 0; i < 81; i++)
        for (j = i + 1; j < 81; j++) {
            int same = i / 9 == j / 9 || i % 9 == j % 9 ||
                       (i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3);
            if (same && sol[i] == sol[j]) return 0;
        }
    return 1;
}

typedef struct checkctx {
    const unsigned char *g;
    const uint16_t *cands;
    uint64_t seen, bad, stop_at;
} checkctx;
static int check_cb(void *vctx, const unsigned char *grid)
{
    checkctx *c = vctx;
    c->seen++;
    if (!valid(c->g, grid, c->cands)) c->bad++;
    return c->stop_at && c->seen >= c->stop_at;
}

/* run_level: solves with one level and the checker callback. */
static void run_level(int level, const unsigned char *g, const uint16_t *cands, uint64_t limit,
                      uint64_t max_nodes, fast_job *job, unsigned char *sol, checkctx *cc)
{
    memset(cc, 0, sizeof *cc);
    cc->g = g;
    cc->cands = cands;
    solve_job(level, g, cands, limit, max_nodes, check_cb, cc, NULL, sol, job);
}

/* The levels this CPU runs, and how many. */
static int usable[16], nusable;

static int nlevels(void) { return nusable; }

/* lcg: advances the tests' seeded generator and returns its new state. */
static unsigned lcg(unsigned *seed) { return *seed = *seed * 1103515245u + 12345u; }

/* random_givens: g cleared, then k random cells set to random digits (the
 * givens may clash). */
static void random_givens(unsigned char *g, int k, unsigned *seed)
{
    memset(g, 0, 81);
    while (k-- > 0) {
        unsigned x = lcg(seed);
        g[(x >> 8) % 81] = (unsigned char)(1 + (x >> 20) % 9);
    }
}

/* generate: n puzzles with a unique solution, for a machine without the
 * shared collections: a random full grid (the scalar engine completes a few
 * random givens), then random cells of it removed while the puzzle stays
 * unique (the scalar engine counts to 2), down to about `clues` givens.
 * Seeded, so every run tests the same puzzles. Returns malloc'd 81/puzzle. */
static unsigned char *generate(size_t n, int clues, unsigned seed)
{
    unsigned char *out = malloc(n * 81), g[81], sol[81], s[81];
    size_t i;
    for (i = 0; i < n; i++) {
        fast_job j;
        checkctx c;
        int k, tries;
        do {
            random_givens(g, 10, &seed);
            run_level(0, g, NULL, 1, 0, &j, sol, &c);
        } while (j.solutions != 1);
        memcpy(g, sol, 81);
        for (k = 81, tries = 0; k > clues && tries < 400; tries++) {
            int cell = (int)((lcg(&seed) >> 8) % 81);
            if (!g[cell]) continue;
            g[cell] = 0;
            run_level(0, g, NULL, 2, 0, &j, s, &c);
            if (j.solutions == 1) k--;
            else g[cell] = sol[cell];
        }
        memcpy(out + i * 81, g, 81);
    }
    return out;
}

/* (1)+(3): every puzzle of a data set, limit 2, all levels agree. */
/* At most this many puzzles of each data set (0 = all); set from argv[2]. */
static size_t max_per_set;

static int datasets_seen;

static void test_dataset(const char *dir, const char *name)
{
    char path[1024];
    unsigned char *p;
    size_t n, i;
    uint64_t hist[3] = {0, 0, 0};
    if (!dir) { /* no shared data: a generated set */
        n = 2000;
        p = generate(n, 22, 777u);
    } else {
        snprintf(path, sizeof path, "%s/%s", dir, name);
        n = load(path, &p, NULL, NULL);
        if (!p) return;
        datasets_seen++;
    }
    if (max_per_set && n > max_per_set) n = max_per_set;
    for (i = 0; i < n; i++) {
        fast_job j0, j;
        unsigned char s0[81], s[81];
        checkctx c0, c;
        int lv;
        run_level(0, p + i * 81, NULL, 2, 0, &j0, s0, &c0);
        CHECK(c0.bad == 0 && c0.seen == j0.solutions, "%s #%zu invalid solution", name, i);
        if (j0.solutions) CHECK(valid(p + i * 81, s0, NULL), "%s #%zu bad first solution", name, i);
        hist[j0.solutions > 2 ? 2 : j0.solutions]++;
        for (lv = 1; lv < nlevels(); lv++) {
            run_level(usable[lv], p + i * 81, NULL, 2, 0, &j, s, &c);
            CHECK(j.solutions == j0.solutions && j.nodes == j0.nodes && j.guesses == j0.guesses &&
                      (j0.solutions == 0 || memcmp(s, s0, 81) == 0),
                  "%s #%zu level %s disagrees with scalar", name, i,
                  nonet__fast_level_name(usable[lv]));
        }
    }
    printf("%-34s %6zu puzzles: %llu none, %llu unique, %llu multiple; %d levels agree\n", name, n,
           (unsigned long long)hist[0], (unsigned long long)hist[1], (unsigned long long)hist[2],
           nlevels());
    free(p);
}

/* (2): tdoku's fixture with full counts. */
static void test_counts(const char *dir)
{
    char path[1024];
    unsigned char *p;
    long *counts;
    char **sols;
    size_t n, i;
    snprintf(path, sizeof path, "%s/tdoku_test_puzzles", dir);
    n = load(path, &p, &counts, &sols);
    if (!p) {
        printf("tdoku_test_puzzles: not here, counts with limit 0 not checked\n");
        return;
    }
    for (i = 0; i < n; i++) {
        int lv;
        for (lv = 0; lv < nlevels(); lv++) {
            fast_job j;
            unsigned char s[81];
            checkctx c;
            run_level(usable[lv], p + i * 81, NULL, 0, 0, &j, s, &c);
            CHECK((long)j.solutions == counts[i] && c.seen == j.solutions && c.bad == 0 &&
                      !j.aborted,
                  "fixture #%zu level %d: %llu solutions, expected %ld", i, lv,
                  (unsigned long long)j.solutions, counts[i]);
            if (sols[i] && j.solutions == 1) {
                int k;
                for (k = 0; k < 81; k++)
                    CHECK(s[k] == sols[i][k] - '0', "fixture #%zu wrong solution", i);
            }
        }
        free(sols[i]);
    }
    printf("tdoku_test_puzzles                 %6zu puzzles: counts match (limit 0)\n", n);
    free(p);
    free(counts);
    free(sols);
}

/* Naive reference counter: plain backtracking with row/column/box masks and
 * fewest-candidates cell choice; counts at most cap solutions. */
static uint64_t naive_rec(unsigned char *g, const uint16_t *cands, uint16_t *rm, uint16_t *cm,
                          uint16_t *bm, uint64_t cap)
{
    int i, best = -1, bestn = 10, v;
    uint16_t bestm = 0;
    uint64_t total = 0;
    for (i = 0; i < 81; i++) {
        int n;
        uint16_t m;
        if (g[i]) continue;
        m = (uint16_t)((cands ? cands[i] : 0x1ff) &
                       ~(rm[i / 9] | cm[i % 9] | bm[(i / 27) * 3 + (i % 9) / 3]) & 0x1ff);
        n = __builtin_popcount(m);
        if (n < bestn) {
            bestn = n;
            best = i;
            bestm = m;
            if (n == 0) return 0;
        }
    }
    if (best < 0) return 1;
    for (v = 0; v < 9 && total < cap; v++)
        if ((bestm >> v) & 1) {
            uint16_t bit = (uint16_t)(1u << v);
            int r = best / 9, c = best % 9, b = (best / 27) * 3 + (best % 9) / 3;
            g[best] = (unsigned char)(v + 1);
            rm[r] |= bit;
            cm[c] |= bit;
            bm[b] |= bit;
            total += naive_rec(g, cands, rm, cm, bm, cap - total);
            rm[r] &= (uint16_t)~bit;
            cm[c] &= (uint16_t)~bit;
            bm[b] &= (uint16_t)~bit;
            g[best] = 0;
        }
    return total;
}

static int givens_ok(const unsigned char *g);
static uint64_t naive_count(unsigned char *g, const uint16_t *cands, uint64_t cap)
{
    uint16_t rm[9] = {0}, cm[9] = {0}, bm[9] = {0};
    int i;
    if (!givens_ok(g)) return 0;
    for (i = 0; i < 81; i++)
        if (g[i]) {
            uint16_t bit = (uint16_t)(1u << (g[i] - 1));
            rm[i / 9] |= bit;
            cm[i % 9] |= bit;
            bm[(i / 27) * 3 + (i % 9) / 3] |= bit;
        }
    return naive_rec(g, cands, rm, cm, bm, cap);
}

static int givens_ok(const unsigned char *g)
{
    int i, k;
    for (i = 0; i < 81; i++)
        for (k = i + 1; k < 81; k++) {
            int same = i / 9 == k / 9 || i % 9 == k % 9 ||
                       (i / 27 == k / 27 && (i % 9) / 3 == (k % 9) / 3);
            if (same && g[i] && g[i] == g[k]) return 0;
        }
    return 1;
}

static int stop_progress(void *ctx, unsigned long long nodes)
{
    (void)ctx;
    return nodes >= 65536;
}

/* (4)+(5) */
static void test_misc(const char *dir)
{
    char path[1024];
    unsigned char *p, g[81], s[81], sol[81];
    uint16_t cands[81];
    size_t n, i;
    fast_job j;
    checkctx c;
    int lv, k;
    unsigned rng = 12345;
    snprintf(path, sizeof path, "%s/puzzles3_magictour_top1465", dir);
    n = load(path, &p, NULL, NULL);
    if (!p) { /* no shared data: unique puzzles generated here */
        n = 200;
        p = generate(n, 24, 4242u);
    }
    CHECK(n >= 200, "magictour file too short");
    for (lv = 0; lv < nlevels(); lv++) {
        /* conflicting givens */
        memset(g, 0, 81);
        g[0] = 5;
        g[8] = 5;
        run_level(usable[lv], g, NULL, 0, 0, &j, s, &c);
        CHECK(j.solutions == 0, "row conflict");
        memset(g, 0, 81);
        g[0] = 5;
        g[72] = 5;
        run_level(usable[lv], g, NULL, 0, 0, &j, s, &c);
        CHECK(j.solutions == 0, "column conflict");
        memset(g, 0, 81);
        g[0] = 5;
        g[20] = 5;
        run_level(usable[lv], g, NULL, 0, 0, &j, s, &c);
        CHECK(j.solutions == 0, "box conflict");
        memset(g, 0, 81);
        g[40] = 10;
        run_level(usable[lv], g, NULL, 0, 0, &j, s, &c);
        CHECK(j.solutions == 0, "bad value");
        /* empty grid: limit, callback stop, max_nodes */
        memset(g, 0, 81);
        run_level(usable[lv], g, NULL, 1000, 0, &j, s, &c);
        CHECK(j.solutions == 1000 && c.bad == 0 && valid(g, s, NULL), "empty grid limit 1000");
    }
    for (lv = 0; lv < nlevels(); lv++) {
        for (i = 0; i < 100; i++) {
            const unsigned char *pz = p + i * 81;
            run_level(usable[lv], pz, NULL, 1, 0, &j, sol, &c);
            CHECK(j.solutions == 1, "magic #%zu unsolved", i);
            /* cands = exactly the solution: 1 solution; forbid it in one empty cell: 0 */
            for (k = 0; k < 81; k++) cands[k] = (uint16_t)(1u << (sol[k] - 1));
            run_level(usable[lv], pz, cands, 0, 0, &j, s, &c);
            CHECK(j.solutions == 1 && memcmp(s, sol, 81) == 0 && j.guesses == 0,
                  "cands = solution");
            for (k = 0; k < 81; k++) cands[k] = 0x1ff;
            for (k = 0; k < 81 && pz[k]; k++)
                ;
            cands[k] = (uint16_t)(0x1ff & ~(1u << (sol[k] - 1)));
            run_level(usable[lv], pz, cands, 0, 0, &j, s, &c);
            CHECK(j.solutions == 0, "cands forbid the solution digit");
            cands[k] = 0;
            run_level(usable[lv], pz, cands, 0, 0, &j, s, &c);
            CHECK(j.solutions == 0, "empty cands mask");
            /* given cell's mask is ignored */
            for (k = 0; k < 81; k++) cands[k] = pz[k] ? 0 : 0x1ff;
            run_level(usable[lv], pz, cands, 0, 0, &j, s, &c);
            CHECK(j.solutions == 1, "given cell mask ignored");
            /* (5) thin the puzzle and compare full counts with the naive counter,
               with random pencilmark restrictions half of the time */
            memcpy(g, pz, 81);
            for (k = 0; k < 4; k++) g[(lcg(&rng) >> 8) % 81] = 0;
            for (k = 0; k < 81; k++) {
                unsigned x = lcg(&rng);
                cands[k] = (i & 1) ? (uint16_t)(0x1ff & ~(1u << ((x >> 10) % 9))) |
                                         (uint16_t)(1u << (sol[k] - 1))
                                   : 0x1ff;
            }
            {
                uint64_t want = naive_count(g, (i & 1) ? cands : NULL, 5000);
                run_level(usable[lv], g, (i & 1) ? cands : NULL, 5000, 0, &j, s, &c);
                CHECK(j.solutions == want && c.bad == 0, "thinned #%zu: %llu vs naive %llu", i,
                      (unsigned long long)j.solutions, (unsigned long long)want);
            }
        }
        /* random givens, often invalid */
        for (i = 0; i < 300; i++) {
            random_givens(g, 22, &rng);
            run_level(usable[lv], g, NULL, 2, 200000, &j, s, &c);
            if (!givens_ok(g)) CHECK(j.solutions == 0, "random conflicting givens");
            CHECK(c.bad == 0, "random givens: invalid solution");
        }
        /* max_nodes and progress abort on the empty grid, unbounded count */
        memset(g, 0, 81);
        run_level(usable[lv], g, NULL, 0, 5000, &j, s, &c);
        CHECK(j.aborted == 1 && j.nodes == 5000 && c.bad == 0, "max_nodes abort (%llu nodes)",
              (unsigned long long)j.nodes);
        {
            fast_job pj;
            solve_job(usable[lv], g, NULL, 0, 0, NULL, NULL, stop_progress, NULL, &pj);
            CHECK(pj.aborted == 1 && pj.nodes == 65536, "progress abort");
        }
        /* callback stop */
        memcpy(g, p, 81);
        for (k = 0; k < 12; k++) g[k * 7] = 0;
        run_level(usable[lv], g, NULL, 10, 0, &j, s, &c);
        if (j.solutions > 3) {
            fast_job cj;
            checkctx cc2;
            memset(&cc2, 0, sizeof cc2);
            cc2.g = g;
            cc2.stop_at = 3;
            solve_job(usable[lv], g, NULL, 0, 0, check_cb, &cc2, NULL, NULL, &cj);
            CHECK(cj.solutions == 3 && cc2.seen == 3 && !cj.aborted && cj.stopped, "callback stop");
        }
    }
    printf(
        "misc: conflicts, bad values, cands, limits, callbacks, aborts, naive cross-check: done\n");
    free(p);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/data/puzzles";
    static const char *sets[] = {"puzzles2_17_clue", "puzzles3_magictour_top1465",
                                 "puzzles5_forum_hardest_1905_11+", "puzzles6_forum_hardest_1106",
                                 "puzzles7_serg_benchmark"};
    size_t i;
    if (argc > 2) max_per_set = (size_t)strtoul(argv[2], NULL, 10);
    setvbuf(stdout, NULL, _IONBF, 0);
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    classic9 = shape;
    printf("levels on this CPU:");
    for (int lv = 0; lv < nonet__fast_level_count(); lv++)
        if (nonet__fast_level_usable(lv)) {
            usable[nusable++] = lv;
            printf(" %s", nonet__fast_level_name(lv));
        }
    printf("; dispatch runs %s\n", nonet__fast_level_name(nonet__fast_level_chosen()));
    test_misc(dir);
    test_counts(dir);
    for (i = 0; i < sizeof sets / sizeof sets[0]; i++) test_dataset(dir, sets[i]);
    if (!datasets_seen) test_dataset(NULL, "generated (no shared data)");
    nonet_shape_free(shape);
    if (failures) {
        printf("%d FAILURES\n", failures);
        return 1;
    }
    printf("ALL TESTS PASSED\n");
    return 0;
}
