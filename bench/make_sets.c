/*
 * make_sets.c - builds the benchmark puzzle sets of bench/data with libnonet,
 * reproducibly: the same seeds and the same library give the same files on
 * every machine (full grids are the bitmask engine's first solutions, so a
 * change to its search order changes the sets).
 *
 * For each set: a random full grid (a random first row plus a few random
 * consistent givens, completed by the bitmask engine), then clues removed
 * in a seeded random order while the puzzle keeps exactly one solution
 * (nonet_solve with limit 2), down to a floor of givens. Jigsaw sets first
 * grow a random region map and keep it only when it has a solution.
 *
 * Usage: make_sets OUTDIR   (writes the files listed in `sets` below)
 */
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Seeded random numbers (xorshift64*), no global state                 */
/* ------------------------------------------------------------------ */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t next(rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

/* Uniform in 0..n-1 (n small: modulo bias is negligible for a benchmark). */
static int below(rng *r, int n) { return (int)(next(r) % (uint64_t)n); }

static void shuffle(rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = below(r, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* ------------------------------------------------------------------ */
/* Jigsaw maps                                                          */
/* ------------------------------------------------------------------ */

/* Grows n regions of n cells from random seeds, the smallest first.
 * Returns 1 with reg filled, 0 when a region got stuck (try again). */
static int grow_regions(rng *r, int n, int *reg)
{
    int size[NONET_MAX_SIZE] = {0}, cells[NONET_MAX_CELLS], nc = n * n;
    for (int c = 0; c < nc; c++) reg[c] = -1;
    for (int g = 0; g < n; g++) {
        int c;
        do c = below(r, nc);
        while (reg[c] >= 0);
        reg[c] = g;
        size[g] = 1;
    }
    for (int placed = n; placed < nc; placed++) {
        int g = 0;
        for (int h = 1; h < n; h++)
            if (size[h] < size[g]) g = h;
        int k = 0;
        for (int c = 0; c < nc; c++) {
            if (reg[c] >= 0) continue;
            int row = c / n, col = c % n;
            if ((row > 0 && reg[c - n] == g) || (row < n - 1 && reg[c + n] == g) ||
                (col > 0 && reg[c - 1] == g) || (col < n - 1 && reg[c + 1] == g))
                cells[k++] = c;
        }
        if (!k) return 0;
        reg[cells[below(r, k)]] = g;
        size[g]++;
    }
    return 1;
}

/* A random jigsaw shape of side n that has at least one solution. */
static nonet_shape *random_jigsaw(rng *r, int n)
{
    int reg[NONET_MAX_CELLS];
    unsigned char empty[NONET_MAX_CELLS] = {0};
    for (;;) {
        if (!grow_regions(r, n, reg)) continue;
        nonet_shape_spec sp = {0};
        sp.size = n;
        sp.regions = reg;
        nonet_shape *s = nonet_shape_new(&sp, NULL);
        if (!s) continue;
        nonet_puzzle *p = nonet_puzzle_new(s, empty, NULL, NULL);
        nonet_options opt;
        nonet_options_init(&opt);
        opt.limit = 1;
        opt.engine = NONET_ENGINE_BITMASK;
        opt.max_nodes = 100000;
        nonet_result res;
        nonet_status st = nonet_solve(p, &opt, NULL, &res, NULL);
        nonet_puzzle_free(p);
        if (st == NONET_OK && res.solutions == 1) return s;
        nonet_shape_free(s);
    }
}

/* ------------------------------------------------------------------ */
/* Grids and puzzles                                                    */
/* ------------------------------------------------------------------ */

/* Solves `cells` in place (first solution); returns 1 when one was found
 * within the node bound. `limit` 2 also tells whether it is unique. */
static unsigned long long count(const nonet_shape *s, unsigned char *cells,
                                unsigned long long limit, unsigned char *solution)
{
    nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = limit;
    opt.engine = NONET_ENGINE_BITMASK;
    opt.max_nodes =
        20000; /* beyond this, call it "not unique": keeps the sets solvable by logic plus light search */
    nonet_result res;
    nonet_status st = p ? nonet_solve(p, &opt, solution, &res, NULL) : NONET_ERR_NOMEM;
    nonet_puzzle_free(p);
    return st == NONET_OK ? res.solutions : limit + 1; /* gave up: "not unique" */
}

/* A random full grid of shape s. */
static void random_grid(rng *r, const nonet_shape *s, unsigned char *grid)
{
    int n = nonet_shape_size(s), nc = n * n, perm[NONET_MAX_SIZE];
    for (;;) {
        unsigned char cells[NONET_MAX_CELLS] = {0};
        for (int i = 0; i < n; i++) perm[i] = i + 1;
        shuffle(r, perm, n);
        for (int i = 0; i < n; i++) cells[i] = (unsigned char)perm[i];
        for (int k = 0; k < n; k++) { /* a few more random givens, kept when consistent */
            int c = below(r, nc);
            if (cells[c]) continue;
            cells[c] = (unsigned char)(1 + below(r, n));
            nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
            if (!p || nonet_puzzle_check(p, NULL)) cells[c] = 0;
            nonet_puzzle_free(p);
        }
        if (count(s, cells, 1, grid) == 1) return;
    }
}

/* Removes clues from a full grid in random order while the puzzle stays
 * unique, keeping at least `floor` givens. */
static void dig(rng *r, const nonet_shape *s, unsigned char *cells, int floor)
{
    int n = nonet_shape_size(s), nc = n * n, order[NONET_MAX_CELLS], givens = nc;
    for (int i = 0; i < nc; i++) order[i] = i;
    shuffle(r, order, nc);
    for (int i = 0; i < nc && givens > floor; i++) {
        int c = order[i];
        unsigned char keep = cells[c];
        cells[c] = 0;
        if (count(s, cells, 2, NULL) == 1) givens--;
        else cells[c] = keep;
    }
}

/* ------------------------------------------------------------------ */
/* Sets                                                                 */
/* ------------------------------------------------------------------ */

typedef struct set {
    const char *file; /* under OUTDIR */
    int size;         /* side N */
    int jigsaw;       /* 1: random region map per puzzle */
    int count;        /* puzzles */
    int floor_pct;    /* keep at least this percentage of the cells */
    uint64_t seed;
} set;

static const set sets[] = {
    {"shapes_6x6.txt", 6, 0, 200, 0, 6},      {"shapes_12x12.txt", 12, 0, 100, 0, 12},
    {"shapes_16x16.txt", 16, 0, 100, 40, 16}, {"shapes_jigsaw9.txt", 9, 1, 200, 0, 9},
    {"shapes_25x25.txt", 25, 0, 10, 50, 25},
};

static int write_set(const set *st, const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, st->file);
    FILE *fp = fopen(path, "w");
    if (!fp) {
        perror(path);
        return 1;
    }
    rng r = {st->seed * 0x9E3779B97F4A7C15ull + 1};
    nonet_shape *boxes = st->jigsaw ? NULL : nonet_shape_new_classic(st->size, NULL);
    static char text[1 << 16];
    for (int i = 0; i < st->count; i++) {
        nonet_shape *s = st->jigsaw ? random_jigsaw(&r, st->size) : nonet_shape_ref(boxes);
        unsigned char cells[NONET_MAX_CELLS];
        random_grid(&r, s, cells);
        dig(&r, s, cells, st->size * st->size * st->floor_pct / 100);
        nonet_format f = st->jigsaw ? NONET_FORMAT_NONET : NONET_FORMAT_LINE;
        nonet_write_grid(text, sizeof text, f, s, cells);
        fputs(text, fp);
        nonet_shape_free(s);
    }
    nonet_shape_free(boxes);
    fclose(fp);
    fprintf(stderr, "wrote %s\n", path);
    return 0;
}

/* `make_sets one N VARIANTS JIGSAW FLOOR_PCT SEED`: prints one puzzle with a
 * unique solution in the nonet format (used to make test cases). */
static int one(char **argv)
{
    int n = atoi(argv[2]), jigsaw = atoi(argv[4]), floor_pct = atoi(argv[5]);
    rng r = {strtoull(argv[6], NULL, 10) * 0x9E3779B97F4A7C15ull + 1};
    nonet_shape_spec sp = {0};
    nonet_error err;
    int reg[NONET_MAX_CELLS];
    sp.size = n;
    if (nonet_variants_parse(argv[3], &sp.variants, &err)) {
        fprintf(stderr, "make_sets: %s\n", err.message);
        return 2;
    }
    if (jigsaw) {
        nonet_shape *j = random_jigsaw(&r, n);
        for (int c = 0; c < n * n; c++) reg[c] = nonet_shape_region(j, c);
        nonet_shape_free(j);
        sp.regions = reg;
    }
    nonet_shape *s = nonet_shape_new(&sp, &err);
    if (!s) {
        fprintf(stderr, "make_sets: %s\n", err.message);
        return 2;
    }
    unsigned char cells[NONET_MAX_CELLS];
    random_grid(&r, s, cells);
    dig(&r, s, cells, n * n * floor_pct / 100);
    static char text[1 << 16];
    nonet_write_grid(text, sizeof text, NONET_FORMAT_NONET, s, cells);
    fputs(text, stdout);
    nonet_shape_free(s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 7 && strcmp(argv[1], "one") == 0) return one(argv);
    if (argc != 2) {
        fprintf(stderr, "usage: make_sets OUTDIR\n"
                        "       make_sets one N VARIANTS JIGSAW FLOOR_PCT SEED\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (write_set(&sets[i], argv[1])) return 1;
    return 0;
}
