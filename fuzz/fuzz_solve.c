/*
 * fuzz_solve.c - libFuzzer target for shapes and the solve/count API.
 *
 * The input bytes drive a small deterministic generator: a side N (4..12,
 * rarely up to 25), boxes or a jigsaw map (boxes with random boundary swaps,
 * or raw region ids to test validation), variant bits, extra groups, givens
 * and candidate masks. Every engine that supports the shape solves it under a
 * node bound; each solution reported must pass nonet_puzzle_verify, no engine
 * may pass its bound by more than one node, and engines that finish must agree
 * on the solution count (capped at the limit).
 */
#include <nonet.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 3
#define MAX_NODES 1000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct bytes {
    const uint8_t *p;
    size_t n, at;
} bytes;

/* Next input byte, 0 once the input is used up. */
static unsigned next(bytes *b) { return b->at < b->n ? b->p[b->at++] : 0; }

/* A number in 0..k-1 from the input (k >= 1). */
static int pick(bytes *b, int k) { return (int)((next(b) << 8 | next(b)) % (unsigned)k); }

static void require(int ok)
{
    if (!ok) abort();
}

/* Jigsaw map: the default boxes with random swaps of cells across region
 * boundaries (counts stay N; connectivity is the library's to check), or raw
 * ids when the first byte says so. */
static int make_regions(bytes *b, int n, int *reg)
{
    int r, c;
    nonet_default_box(n, &r, &c);
    if (next(b) % 8 == 0) {
        for (int i = 0; i < n * n; i++) reg[i] = pick(b, n + 1) - (next(b) == 7);
        return 1;
    }
    for (int i = 0; i < n * n; i++) reg[i] = (i / n) / r * (n / c) + (i % n) / c;
    for (int k = next(b) % 16; k > 0; k--) {
        int a = pick(b, n * n), d = next(b) % 2 ? 1 : n, o = a + d;
        if (o >= n * n || reg[a] == reg[o]) continue;
        int t = reg[a];
        reg[a] = reg[o];
        reg[o] = t;
    }
    return 1;
}

/* Extra groups: N distinct cells each (random order), at most 2. */
static int make_groups(bytes *b, int n, int *groups)
{
    int count = next(b) % 4 == 0 ? 1 + next(b) % 2 : 0;
    int cells[NONET_MAX_CELLS];
    for (int g = 0; g < count; g++) {
        for (int i = 0; i < n * n; i++) cells[i] = i;
        for (int i = 0; i < n; i++) {
            int j = i + pick(b, n * n - i), t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
            groups[g * n + i] = cells[i];
        }
    }
    return count;
}

static nonet_shape *make_shape(bytes *b)
{
    static int reg[NONET_MAX_CELLS], groups[2 * NONET_MAX_SIZE];
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    unsigned k = next(b);
    sp.size = k < 248 ? 4 + (int)(k % 9) : 13 + (int)(k % 13);
    if (next(b) % 4 == 0 && make_regions(b, sp.size, reg)) sp.regions = reg;
    else if (next(b) % 8 == 0) {
        sp.box_rows = 1 + next(b) % 8;
        sp.box_cols = 1 + next(b) % 8;
    }
    unsigned v = next(b);
    sp.variants = v % 3 == 0 ? (v >> 2) & 0x3F : 0;
    sp.group_count = make_groups(b, sp.size, groups);
    sp.groups = sp.group_count ? groups : NULL;
    nonet_error err;
    nonet_shape *s = nonet_shape_new(&sp, &err);
    require(s || (err.code != NONET_OK && err.message[0]));
    return s;
}

/* Givens and optional candidate masks from the input. */
static nonet_puzzle *make_puzzle(bytes *b, const nonet_shape *s)
{
    static unsigned char cells[NONET_MAX_CELLS];
    static uint64_t cands[NONET_MAX_CELLS];
    int n = nonet_shape_size(s), nc = n * n;
    memset(cells, 0, sizeof cells);
    for (int k = next(b) % (unsigned)(nc / 2 + 1); k > 0; k--)
        cells[pick(b, nc)] = (unsigned char)(1 + pick(b, n));
    int with_cands = next(b) % 4 == 0;
    for (int i = 0; i < nc && with_cands; i++) {
        uint64_t m = ~0ull;
        if (next(b) % 2) m = (uint64_t)next(b) << 8 | next(b);
        cands[i] = n == 64 ? m : m & ((1ull << n) - 1);
        /* Engines ignore a given's mask while nonet_puzzle_verify applies it:
         * keep the given among its candidates so both agree. */
        if (cells[i]) cands[i] |= 1ull << (cells[i] - 1);
    }
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_new(s, cells, with_cands ? cands : NULL, &err);
    require(p || err.message[0]);
    return p;
}

typedef struct seen {
    const nonet_puzzle *p;
    int engine;
    unsigned long long calls;
} seen;

/* Every solution an engine reports must really solve the puzzle. */
static int check_solution(void *ctx, const unsigned char *grid)
{
    seen *s = ctx;
    nonet_error err;
    if (nonet_puzzle_verify(s->p, grid, &err) != NONET_OK) {
        const nonet_shape *sh = nonet_puzzle_shape(s->p);
        fprintf(stderr, "fuzz_solve: %s engine, %dx%d (boxes %dx%d, variants 0x%x): %s\n",
                nonet_engine_name((nonet_engine)s->engine), nonet_shape_size(sh),
                nonet_shape_size(sh), nonet_shape_box_rows(sh), nonet_shape_box_cols(sh),
                nonet_shape_variants(sh), err.message);
        abort();
    }
    s->calls++;
    return 0;
}

/* Solves with every engine and cross-checks what they report. */
static void solve_all(nonet_solver *solver, const nonet_puzzle *p)
{
    nonet_error err;
    int rule_ok = nonet_puzzle_check(p, &err) == NONET_OK;
    long long agreed = -1;
    for (int e = NONET_ENGINE_AUTO; e < NONET_ENGINE_COUNT; e++) {
        if (!nonet_engine_supports((nonet_engine)e, nonet_puzzle_shape(p))) continue;
        nonet_options opt;
        nonet_options_init(&opt);
        seen sn = {p, e, 0};
        opt.engine = (nonet_engine)e;
        opt.limit = LIMIT;
        opt.max_nodes = MAX_NODES;
        opt.on_solution = check_solution;
        opt.solution_ctx = &sn;
        unsigned char sol[NONET_MAX_CELLS];
        nonet_result res;
        nonet_status st = nonet_solver_run(solver, p, &opt, sol, &res, &err);
        require(st == NONET_OK || st == NONET_ERR_LIMIT);
        require((st == NONET_ERR_LIMIT) == (res.gave_up != 0));
        require(res.nodes <= MAX_NODES + 1 && res.solutions <= LIMIT);
        require(sn.calls == res.solutions);
        if (!rule_ok) require(res.solutions == 0);
        if (res.solutions) require(nonet_puzzle_verify(p, sol, &err) == NONET_OK);
        if (res.gave_up) continue;
        if (agreed < 0) agreed = (long long)res.solutions;
        require(agreed == (long long)res.solutions);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size, 0};
    nonet_shape *s = make_shape(&b);
    if (!s) return 0;
    nonet_solver *solver = nonet_solver_new();
    nonet_puzzle *p = make_puzzle(&b, s);
    if (p && solver) solve_all(solver, p);
    nonet_puzzle_free(p);
    nonet_solver_free(solver);
    nonet_shape_free(s);
    return 0;
}
