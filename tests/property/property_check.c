/*
 * property_check.c - randomized agreement test of every engine.
 *
 * Usage: property_check [PUZZLES [SEED]]   (defaults: 2000 puzzles, seed 6)
 *
 * For each puzzle: pick a shape (sides 4, 6, 8, 9, 12 and 16; boxes, jigsaw
 * maps made by swapping cells across region borders, variants, an extra
 * group), make a complete grid by solving from a few random givens, then
 * derive a puzzle of one kind: unique-ish (many givens kept), several (few
 * kept), none (a kept given changed) or contradictory (a digit repeated in a
 * house). Every engine that supports the shape solves it with a solution limit
 * of 3 and a node bound; every solution it reports must pass
 * nonet_puzzle_verify, engines that finish must agree on the count, a puzzle
 * cut from a grid must have a solution, a unique one must be that grid, and a
 * puzzle whose givens break a rule must have none. Deterministic for a seed;
 * prints a tally and exits 1 on the first disagreement.
 */
#include <nonet.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 3
#define MAX_NODES 400000ull

typedef struct rng {
    uint64_t s;
} rng;

/* splitmix64: small, fast, good enough for test data. */
static uint64_t next_u64(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int below(rng *r, int k) { return (int)(next_u64(r) % (uint64_t)k); }

enum { KIND_UNIQUE, KIND_SEVERAL, KIND_NONE, KIND_CONTRADICTION, KIND_COUNT };
static const char *const kind_names[KIND_COUNT] = {"many givens", "few givens", "changed given",
                                                   "contradiction"};

typedef struct tally {
    long puzzles, runs, gave_up, by_count[LIMIT + 1];
} tally;

/* Jigsaw map from the default boxes by random swaps across borders; the
 * library rejects the disconnected ones and the caller retries. */
static void jigsaw(rng *r, int n, int *reg)
{
    int br, bc;
    nonet_default_box(n, &br, &bc);
    for (int i = 0; i < n * n; i++) reg[i] = (i / n) / br * (n / bc) + (i % n) / bc;
    for (int k = below(r, 3 * n); k > 0; k--) {
        int a = below(r, n * n), o = a + (below(r, 2) ? 1 : n);
        if (o >= n * n || reg[a] == reg[o] || (o == a + 1 && o % n == 0)) continue;
        int t = reg[a];
        reg[a] = reg[o];
        reg[o] = t;
    }
}

/* A random shape; NULL when the random spec is not a valid shape. */
static nonet_shape *random_shape(rng *r)
{
    static const int sides[] = {4, 6, 8, 9, 9, 9, 9, 12, 16};
    static int reg[NONET_MAX_CELLS], group[NONET_MAX_SIZE];
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = sides[below(r, (int)(sizeof sides / sizeof *sides))];
    int style = below(r, 8);
    if (style == 0 && sp.size <= 9) {
        jigsaw(r, sp.size, reg);
        sp.regions = reg;
    } else if (style == 1) {
        static const unsigned variants[] = {NONET_VARIANT_X,         NONET_VARIANT_HYPER,
                                            NONET_VARIANT_DISJOINT,  NONET_VARIANT_ANTI_KNIGHT,
                                            NONET_VARIANT_ANTI_KING, NONET_VARIANT_NON_CONSECUTIVE};
        sp.variants = variants[below(r, 6)];
    } else if (style == 2 && sp.size <= 9) {
        for (int i = 0; i < sp.size; i++) group[i] = i * sp.size + i; /* main diagonal */
        sp.groups = group;
        sp.group_count = 1;
    }
    return nonet_shape_new(&sp, NULL);
}

/* Fills `grid` with a complete solution of the empty shape, seeded by a few
 * random givens; 0 when none is found quickly. */
static int random_grid(rng *r, nonet_solver *s, const nonet_shape *shape, unsigned char *grid)
{
    int n = nonet_shape_size(shape), nc = n * n;
    unsigned char seed[NONET_MAX_CELLS];
    memset(seed, 0, sizeof seed);
    for (int k = 0; k < n / 2; k++) seed[below(r, nc)] = (unsigned char)(1 + below(r, n));
    nonet_puzzle *p = nonet_puzzle_new(shape, seed, NULL, NULL);
    if (!p) return 0;
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 1;
    opt.max_nodes = 20000;
    nonet_result res;
    int ok = nonet_puzzle_check(p, NULL) == NONET_OK &&
             nonet_solver_run(s, p, &opt, grid, &res, NULL) == NONET_OK && res.solutions == 1;
    nonet_puzzle_free(p);
    return ok;
}

/* Cuts a puzzle of the given kind from a complete grid. */
static void make_givens(rng *r, int kind, int n, const unsigned char *grid, unsigned char *cells)
{
    int nc = n * n;
    int keep = kind == KIND_SEVERAL ? 5 + below(r, 25) : 55 + below(r, 30);
    for (int c = 0; c < nc; c++) cells[c] = below(r, 100) < keep ? grid[c] : 0;
    int c = below(r, nc);
    if (kind == KIND_NONE) {
        cells[c] = (unsigned char)(1 + (grid[c] + below(r, n - 1)) % n); /* a different digit */
    } else if (kind == KIND_CONTRADICTION) {
        int o = (c / n) * n + (c % n + 1 + below(r, n - 1)) % n; /* same row, another column */
        cells[c] = grid[c];
        cells[o] = grid[c];
    }
}

typedef struct watch {
    const nonet_puzzle *p;
    int bad;
} watch;

static int verify_each(void *ctx, const unsigned char *grid)
{
    watch *w = ctx;
    if (nonet_puzzle_verify(w->p, grid, NULL) != NONET_OK) w->bad = 1;
    return 0;
}

/* Runs every engine on p; returns 0 when they agree and the properties hold. */
static int check_puzzle(nonet_solver *s, const nonet_puzzle *p, int kind, const unsigned char *grid,
                        tally *t)
{
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    int rules_ok = nonet_puzzle_check(p, NULL) == NONET_OK;
    long long agreed = -1;
    for (int e = NONET_ENGINE_BACKTRACK; e < NONET_ENGINE_COUNT; e++) {
        if (!nonet_engine_supports((nonet_engine)e, nonet_puzzle_shape(p))) continue;
        nonet_options opt;
        nonet_options_init(&opt);
        watch w = {p, 0};
        opt.engine = (nonet_engine)e;
        opt.limit = LIMIT;
        opt.max_nodes = MAX_NODES;
        opt.on_solution = verify_each;
        opt.solution_ctx = &w;
        unsigned char first[NONET_MAX_CELLS];
        nonet_result res;
        nonet_status st = nonet_solver_run(s, p, &opt, first, &res, NULL);
        const char *engine = nonet_engine_name((nonet_engine)e);
        t->runs++;
        if (st == NONET_ERR_LIMIT) {
            t->gave_up++;
            continue;
        }
        const char *why =
            st != NONET_OK                           ? "solver failed"
            : w.bad                                  ? "reported an invalid solution"
            : !rules_ok && res.solutions             ? "solved givens that break a rule"
            : kind <= KIND_SEVERAL && !res.solutions ? "found no solution"
            : kind <= KIND_SEVERAL && res.solutions == 1 && memcmp(first, grid, (size_t)(n * n))
                ? "found a unique solution other than the grid"
            : agreed >= 0 && agreed != (long long)res.solutions ? "disagrees on the count"
                                                                : NULL;
        if (why) {
            fprintf(stderr, "property_check: %s engine %s (%dx%d, %s, %llu solutions)\n", engine,
                    why, n, n, kind_names[kind], res.solutions);
            return 1;
        }
        agreed = (long long)res.solutions;
    }
    if (agreed >= 0) t->by_count[agreed]++;
    return 0;
}

int main(int argc, char **argv)
{
    long want = argc > 1 ? atol(argv[1]) : 2000;
    rng r = {argc > 2 ? strtoull(argv[2], NULL, 10) : 6};
    tally t;
    memset(&t, 0, sizeof t);
    nonet_solver *s = nonet_solver_new();
    if (!s) return 2;
    while (t.puzzles < want) {
        nonet_shape *shape = random_shape(&r);
        unsigned char grid[NONET_MAX_CELLS], cells[NONET_MAX_CELLS];
        if (!shape) continue;
        if (random_grid(&r, s, shape, grid)) {
            int kind = below(&r, KIND_COUNT);
            make_givens(&r, kind, nonet_shape_size(shape), grid, cells);
            nonet_puzzle *p = nonet_puzzle_new(shape, cells, NULL, NULL);
            int bad = !p || check_puzzle(s, p, kind, grid, &t);
            nonet_puzzle_free(p);
            if (bad) {
                nonet_shape_free(shape);
                nonet_solver_free(s);
                return 1;
            }
            t.puzzles++;
        }
        nonet_shape_free(shape);
    }
    nonet_solver_free(s);
    printf("%ld puzzles, %ld engine runs (%ld gave up at %llu nodes); counts agreed: "
           "0: %ld, 1: %ld, 2: %ld, 3+: %ld\n",
           t.puzzles, t.runs, t.gave_up, MAX_NODES, t.by_count[0], t.by_count[1], t.by_count[2],
           t.by_count[3]);
    return 0;
}
