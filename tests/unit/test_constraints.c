/*
 * test_constraints.c - the constraint table against brute force, on 4x4 and
 * 6x6 grids (private headers: src/ is on the include path).
 *
 * 1. Propagators are sound: for random constraints of every kind, random
 *    candidate masks around a solution grid, every digit some assignment
 *    uses (an assignment keeping the houses and the constraint, found by
 *    enumerating the open cells) survives the propagator, and a propagator
 *    reports a contradiction only when no assignment exists.
 * 2. On a full grid a propagator fails exactly when the check does.
 * 3. The engine counts what a brute-force enumerator counts, on random
 *    puzzles mixing givens and constraints.
 * 4. nonet__cons_sum_exact keeps exactly the digits some assignment of
 *    the masks summing into lo..hi uses (digits up to 64, sums across the
 *    words of its sum sets).
 */
#include "constraints/constraints.h"

#include "harness.h"

#include <nonet.h>
#include <stdlib.h>

enum { MAXC = 36, OPEN_MAX = 7 };

/* A random solution grid of a classic n x n shape (n = 4 or 6): the
 * pattern (r * C + r / R + c) % n with shuffled digits, rows within bands
 * and columns within stacks. */
static void random_solution(rng *r, int n, int R, int C, unsigned char *g)
{
    int perm[6], rows[6], cols[6];
    for (int i = 0; i < n; i++) perm[i] = rows[i] = cols[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = below(r, i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int b = 0; b < n; b += R)
        for (int i = R - 1; i > 0; i--) {
            int j = below(r, i + 1), t = rows[b + i];
            rows[b + i] = rows[b + j];
            rows[b + j] = t;
        }
    for (int b = 0; b < n; b += C)
        for (int i = C - 1; i > 0; i--) {
            int j = below(r, i + 1), t = cols[b + i];
            cols[b + i] = cols[b + j];
            cols[b + j] = t;
        }
    for (int rr = 0; rr < n; rr++)
        for (int c = 0; c < n; c++) {
            int row = rows[rr], col = cols[c];
            g[rr * n + c] = (unsigned char)(perm[(row * C + row / R + col) % n] + 1);
        }
}

/* A path of len cells, each an orthogonal (or, with diag, diagonal)
 * neighbour of the last, no repeats; returns the length made. */
static int random_path(rng *r, int n, int len, int diag, int *cells)
{
    cells[0] = below(r, n * n);
    int k = 1;
    for (int tries = 0; k < len && tries < 50; tries++) {
        int c = cells[k - 1], dr = below(r, 3) - 1, dc = below(r, 3) - 1;
        if (!diag && dr && dc) continue;
        if (diag && (!dr || !dc)) continue;
        int row = c / n + dr, col = c % n + dc, o = row * n + col, dup = 0;
        if (row < 0 || row >= n || col < 0 || col >= n || o == c) continue;
        for (int i = 0; i < k; i++) dup |= cells[i] == o;
        if (!dup) cells[k++] = o;
    }
    return k;
}

/* A random constraint of kind `kind` on a side-n grid whose values agree
 * with the solution g half of the time. Returns its cell count (cells and
 * values filled, *nvalues set), or -1 when this draw made none. */
static int random_constraint(rng *r, int n, int kind, const unsigned char *g, int *cells,
                             int *values, int *nvalues)
{
    int k = 0, truthful = below(r, 2);
    *nvalues = 0;
    switch (kind) {
    case NONET_CONS_CAGE:
    case NONET_CONS_THERMO:
    case NONET_CONS_WHISPER:
    case NONET_CONS_RENBAN:
    case NONET_CONS_PALINDROME:
    case NONET_CONS_BETWEEN:
    case NONET_CONS_REGION:
        k = random_path(r, n, 2 + below(r, 4), 0, cells);
        if (k < 2) return -1;
        if (kind == NONET_CONS_CAGE && below(r, 4)) {
            int sum = 0;
            for (int i = 0; i < k; i++) sum += g[cells[i]];
            values[0] = truthful ? sum : 1 + below(r, k * n);
            *nvalues = 1;
        }
        if (kind == NONET_CONS_WHISPER && below(r, 2)) values[(*nvalues)++] = 1 + below(r, n - 1);
        return k;
    case NONET_CONS_LITTLE_KILLER: {
        k = random_path(r, n, 2 + below(r, 3), 1, cells);
        int sum = 0;
        for (int i = 0; i < k; i++) sum += g[cells[i]];
        values[0] = truthful ? sum : 1 + below(r, k * n);
        *nvalues = 1;
        return k;
    }
    case NONET_CONS_SANDWICH: {
        int line = below(r, n), col = below(r, 2), a = -1, b = -1, sum = 0;
        for (int i = 0; i < n; i++) {
            cells[i] = col ? i * n + line : line * n + i;
            if (g[cells[i]] == 1) a = i;
            if (g[cells[i]] == n) b = i;
        }
        for (int i = (a < b ? a : b) + 1; i < (a < b ? b : a); i++) sum += g[cells[i]];
        values[0] = truthful ? sum : below(r, 2 * n);
        *nvalues = 1;
        return n;
    }
    case NONET_CONS_ARROW: {
        int kc = 1 + (below(r, 4) == 0);
        k = random_path(r, n, kc + 1 + below(r, 3), 0, cells);
        if (k <= kc) return -1;
        values[0] = kc;
        *nvalues = 1;
        return k;
    }
    case NONET_CONS_WHITE_DOT:
    case NONET_CONS_BLACK_DOT:
    case NONET_CONS_X:
    case NONET_CONS_V: return random_path(r, n, 2, 0, cells) == 2 ? 2 : -1;
    case NONET_CONS_DOTS_NEGATIVE:
    case NONET_CONS_XV_NEGATIVE:
        if (below(r, 2)) values[(*nvalues)++] = 1 + below(r, 3);
        return 0;
    case NONET_CONS_ODD:
    case NONET_CONS_EVEN:
    case NONET_CONS_MIN:
    case NONET_CONS_MAX: cells[0] = below(r, n * n); return 1;
    case NONET_CONS_QUADRUPLE: {
        int row = below(r, n - 1), col = below(r, n - 1);
        cells[0] = row * n + col;
        cells[1] = cells[0] + 1;
        cells[2] = cells[0] + n;
        cells[3] = cells[0] + n + 1;
        *nvalues = 1 + below(r, 3);
        for (int i = 0; i < *nvalues; i++)
            values[i] = truthful ? g[cells[below(r, 4)]] : 1 + below(r, n);
        return 4;
    }
    case NONET_CONS_CLONE: {
        int len = 1 + below(r, 3);
        k = random_path(r, n, 2 * len, 0, cells);
        return k >= 2 ? k & ~1 : -1;
    }
    }
    return -1;
}

/* The brute force: every assignment of the open cells (in their masks,
 * keeping every house of s) that t's check accepts adds its digits to
 * support. Returns the number of such assignments. */
static long enumerate(const nonet__cons_ctx *ctx, const nonet__cons_type *t,
                      const nonet__constraint *k, const uint64_t *mask, const int *open, int nopen,
                      int at, unsigned char *grid, uint64_t *support)
{
    const nonet_shape *s = ctx->s;
    if (at == nopen) {
        if (!t->check(ctx, k, grid)) return 0;
        for (int i = 0; i < nopen; i++) support[open[i]] |= 1ull << (grid[open[i]] - 1);
        return 1;
    }
    long found = 0;
    int c = open[at];
    for (uint64_t m = mask[c]; m; m &= m - 1) {
        int d = __builtin_ctzll(m) + 1, clash = 0;
        for (int i = s->peer_at[c]; i < s->peer_at[c + 1] && !clash; i++)
            clash = grid[s->peer[i]] == d;
        if (clash) continue;
        grid[c] = (unsigned char)d;
        found += enumerate(ctx, t, k, mask, open, nopen, at + 1, grid, support);
        grid[c] = 0;
    }
    return found;
}

/* The cells a constraint's propagator may look at: its own, and for min
 * and max cells their neighbours. */
static int scope(int n, const nonet__constraint *k, int *out)
{
    int m = 0;
    for (int i = 0; i < k->ncells; i++) out[m++] = k->cells[i];
    if (k->kind == NONET_CONS_MIN || k->kind == NONET_CONS_MAX) {
        int c = k->cells[0];
        if (c >= n) out[m++] = c - n;
        if (c + n < n * n) out[m++] = c + n;
        if (c % n) out[m++] = c - 1;
        if (c % n + 1 < n) out[m++] = c + 1;
    }
    return m;
}

/* One soundness trial of kind `kind` on an n x n grid (boxes R x C). */
static void soundness_trial(rng *r, const nonet_shape *s, int n, int R, int C, int kind,
                            int extra_marks)
{
    unsigned char g[MAXC], grid[MAXC];
    int cells[MAXC], values[8], nvalues, open[MAXC], nopen;
    random_solution(r, n, R, C, g);
    int ncells = random_constraint(r, n, kind, g, cells, values, &nvalues);
    if (ncells < 0) return;
    nonet_puzzle *p = nonet_puzzle_new(s, (unsigned char[MAXC]){0}, NULL, NULL);
    if (nonet_puzzle_add_constraint(p, (nonet_constraint_kind)kind, cells, ncells, values, nvalues,
                                    NULL) != NONET_OK) {
        nonet_puzzle_free(p);
        return;
    }
    for (int i = 0; i < extra_marks; i++) { /* dots and marks the negative rules skip */
        int pair[2], mark = NONET_CONS_WHITE_DOT + below(r, 2);
        if (kind == NONET_CONS_XV_NEGATIVE) mark = NONET_CONS_X + below(r, 2);
        if (random_path(r, n, 2, 0, pair) == 2)
            nonet_puzzle_add_constraint(p, (nonet_constraint_kind)mark, pair, 2, NULL, 0, NULL);
    }
    const nonet__constraint *k = &p->cons[0];
    const nonet__cons_type *t = nonet__cons_type_of(kind);
    nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
    nopen = scope(n, k, open);
    if (!nopen) /* a rule of the whole grid: a random few cells open */
        for (; nopen < OPEN_MAX; nopen++) {
            int c = below(r, n * n), dup = 0;
            for (int i = 0; i < nopen; i++) dup |= open[i] == c;
            if (dup) nopen--, c = -1;
            if (c >= 0) open[nopen] = c;
        }
    if (nopen > OPEN_MAX + 1) nopen = OPEN_MAX + 1;
    uint64_t mask[MAXC], cand[MAXC], support[MAXC] = {0};
    for (int c = 0; c < n * n; c++) mask[c] = 1ull << (g[c] - 1);
    for (int i = 0; i < nopen; i++)
        mask[open[i]] = ((uint64_t)below(r, 1 << n) | (below(r, 3) ? mask[open[i]] : 0)) & s->full;
    for (int c = 0; c < n * n; c++) grid[c] = g[c];
    for (int i = 0; i < nopen; i++) grid[open[i]] = 0;
    long found = enumerate(ctx, t, k, mask, open, nopen, 0, grid, support);
    memcpy(cand, mask, sizeof cand);
    int res = 0;
    for (int round = 0; round < 3 && res >= 0; round++) res = t->propagate(ctx, k, cand);
    if (found) {
        CHECK(res >= 0);
        for (int i = 0; i < nopen; i++)
            if ((support[open[i]] & ~cand[open[i]]) && res >= 0) {
                fprintf(stderr, "%s removed a digit a solution uses at cell %d (%llx -> %llx)\n",
                        t->name, open[i], (unsigned long long)support[open[i]],
                        (unsigned long long)cand[open[i]]);
                CHECK(0);
            }
    }
    /* on the full grid g, the propagator fails exactly when the check does */
    for (int c = 0; c < n * n; c++) cand[c] = 1ull << (g[c] - 1);
    int full = t->propagate(ctx, k, cand);
    if ((full < 0) != !t->check(ctx, k, g)) {
        fprintf(stderr, "%s: propagator and check disagree on a full grid\n", t->name);
        CHECK(0);
    }
    nonet__cons_ctx_free(ctx);
    nonet_puzzle_free(p);
}

static void test_propagators_sound(void)
{
    rng r = {20261127};
    nonet_shape *s4 = nonet_shape_new_classic(4, NULL), *s6 = nonet_shape_new_classic(6, NULL);
    for (int kind = 0; kind < NONET_CONS_COUNT; kind++)
        for (int trial = 0; trial < 400; trial++) {
            int big = trial % 2;
            soundness_trial(&r, big ? s6 : s4, big ? 6 : 4, 2, big ? 3 : 2, kind, below(&r, 6));
        }
    nonet_shape_free(s4);
    nonet_shape_free(s6);
}

/* Counts the solutions of p by plain backtracking over the houses, each
 * full grid checked against every constraint. */
static long brute_count(const nonet_puzzle *p, const nonet__cons_ctx *ctx, unsigned char *grid,
                        int c)
{
    const nonet_shape *s = p->shape;
    if (c == s->ncells) return nonet__cons_check_all(ctx, grid) < 0;
    if (p->cells[c]) {
        grid[c] = p->cells[c];
        for (int i = s->peer_at[c]; i < s->peer_at[c + 1]; i++)
            if (s->peer[i] < c && grid[s->peer[i]] == grid[c]) return 0;
        return brute_count(p, ctx, grid, c + 1);
    }
    long found = 0;
    for (int d = 1; d <= s->n; d++) {
        int clash = 0;
        for (int i = s->peer_at[c]; i < s->peer_at[c + 1] && !clash; i++)
            clash = s->peer[i] < c && grid[s->peer[i]] == d;
        if (clash) continue;
        grid[c] = (unsigned char)d;
        found += brute_count(p, ctx, grid, c + 1);
    }
    return found;
}

/* A random puzzle of shape s: givens from a solution, then 1 to 6
 * constraints of random kinds. */
static nonet_puzzle *random_puzzle(rng *r, const nonet_shape *s, int n, int R, int C, int givens)
{
    unsigned char g[MAXC], cells[MAXC] = {0};
    random_solution(r, n, R, C, g);
    for (int i = 0; i < givens; i++) {
        int c = below(r, n * n);
        cells[c] = g[c];
    }
    nonet_puzzle *p = nonet_puzzle_new(s, cells, NULL, NULL);
    for (int i = 1 + below(r, 6); i > 0; i--) {
        int cc[MAXC], values[8], nvalues, kind = below(r, NONET_CONS_COUNT);
        int k = random_constraint(r, n, kind, g, cc, values, &nvalues);
        if (k >= 0)
            nonet_puzzle_add_constraint(p, (nonet_constraint_kind)kind, cc, k, values, nvalues,
                                        NULL);
    }
    return p;
}

static void test_engine_counts(void)
{
    rng r = {42};
    nonet_shape *s4 = nonet_shape_new_classic(4, NULL), *s6 = nonet_shape_new_classic(6, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 0;
    int with_solutions = 0;
    for (int trial = 0; trial < 600; trial++) {
        int big = trial % 3 == 0, n = big ? 6 : 4;
        nonet_puzzle *p = random_puzzle(&r, big ? s6 : s4, n, 2, big ? 3 : 2,
                                        big ? 14 + below(&r, 6) : below(&r, 5));
        nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
        unsigned char grid[MAXC] = {0}, first[MAXC];
        long want = brute_count(p, ctx, grid, 0);
        nonet_result res;
        nonet_error err;
        CHECK(nonet_solve(p, &opt, first, &res, &err) == NONET_OK);
        if ((long)res.solutions != want) {
            fprintf(stderr, "trial %d: engine counts %llu, brute force %ld\n", trial, res.solutions,
                    want);
            CHECK(0);
        }
        if (res.solutions) CHECK(nonet_puzzle_verify(p, first, &err) == NONET_OK);
        with_solutions += want > 0;
        nonet__cons_ctx_free(ctx);
        nonet_puzzle_free(p);
    }
    CHECK(with_solutions > 100); /* the trials are not all empty */
    nonet_shape_free(s4);
    nonet_shape_free(s6);
}

/* A killer of n x n (with `givens` givens from its solution, for brute
 * force's sake on 6x6): the grid cut into random orthogonally connected cages
 * of 1 to 4 cells summing as in a random solution, one sum in 24 off by
 * one (often no solution then); sometimes a sum-less cage. */
static nonet_puzzle *random_killer(rng *r, const nonet_shape *s, int n, int R, int C, int givens)
{
    unsigned char g[MAXC], cells0[MAXC] = {0};
    int cage[MAXC];
    random_solution(r, n, R, C, g);
    for (int i = 0; i < givens; i++) {
        int c = below(r, n * n);
        cells0[c] = g[c];
    }
    nonet_puzzle *p = nonet_puzzle_new(s, cells0, NULL, NULL);
    for (int c = 0; c < n * n; c++) cage[c] = -1;
    for (int start = 0; start < n * n; start++) {
        if (cage[start] >= 0) continue;
        int cells[4] = {start}, k = 1, want = 1 + below(r, 4), sum = g[start];
        cage[start] = start;
        for (int tries = 0; k < want && tries < 12; tries++) {
            int from = cells[below(r, k)], dir = below(r, 4);
            int row = from / n + (dir == 0) - (dir == 1), col = from % n + (dir == 2) - (dir == 3);
            if (row < 0 || row >= n || col < 0 || col >= n) continue;
            int c = row * n + col, clash = cage[c] >= 0;
            for (int i = 0; i < k && !clash; i++) clash = g[cells[i]] == g[c];
            if (clash) continue;
            cage[c] = start;
            cells[k++] = c;
            sum += g[c];
        }
        if (below(r, 24) == 0) sum += below(r, 2) ? 1 : -1;
        int nv = below(r, 10) ? 1 : 0;
        if (sum >= 1) nonet_puzzle_add_constraint(p, NONET_CONS_CAGE, cells, k, &sum, nv, NULL);
    }
    return p;
}

/* Killers, where the derived sums (innies.c) come in: the engine's counts
 * against brute force. */
static void test_killer_counts(void)
{
    rng r = {7};
    nonet_shape *s4 = nonet_shape_new_classic(4, NULL), *s6 = nonet_shape_new_classic(6, NULL);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 0;
    int with_solutions = 0, derived = 0;
    for (int trial = 0; trial < 300; trial++) {
        int big = trial % 4 == 0, n = big ? 6 : 4;
        nonet_puzzle *p =
            random_killer(&r, big ? s6 : s4, n, 2, big ? 3 : 2, big ? 12 + below(&r, 6) : 0);
        nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
        unsigned char grid[MAXC] = {0}, first[MAXC];
        long want = brute_count(p, ctx, grid, 0);
        nonet_result res;
        nonet_error err;
        CHECK(nonet_solve(p, &opt, first, &res, &err) == NONET_OK);
        if ((long)res.solutions != want) {
            fprintf(stderr, "killer %d: engine counts %llu, brute force %ld\n", trial,
                    res.solutions, want);
            CHECK(0);
        }
        if (res.solutions) CHECK(nonet_puzzle_verify(p, first, &err) == NONET_OK);
        with_solutions += want > 0;
        derived += ctx->nderived > 0;
        nonet__cons_ctx_free(ctx);
        nonet_puzzle_free(p);
    }
    CHECK(with_solutions > 30);
    CHECK(derived > 200);
    nonet_shape_free(s4);
    nonet_shape_free(s6);
}

/* The other engines decline a puzzle with constraints; auto takes it. */
static void test_engines_decline(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_puzzle *p = nonet_puzzle_new(s, (unsigned char[81]){0}, NULL, NULL);
    int cells[2] = {0, 1}, sum = 3;
    CHECK(nonet_puzzle_add_constraint(p, NONET_CONS_CAGE, cells, 2, &sum, 1, NULL) == NONET_OK);
    nonet_options opt;
    nonet_options_init(&opt);
    for (int e = NONET_ENGINE_BACKTRACK; e < NONET_ENGINE_COUNT; e++) {
        opt.engine = (nonet_engine)e;
        nonet_status st = nonet_solve(p, &opt, NULL, NULL, NULL);
        CHECK(st == (e == NONET_ENGINE_BITMASK ? NONET_OK : NONET_ERR_UNSUPPORTED));
    }
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

/* Bad constraints are refused with the kind named. */
static void test_add_checks(void)
{
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_puzzle *p = nonet_puzzle_new(s, (unsigned char[81]){0}, NULL, NULL);
    nonet_error err;
    int far[2] = {0, 2}, twice[2] = {5, 5}, row[9];
    for (int i = 0; i < 9; i++) row[i] = i * 9;
    CHECK(nonet_puzzle_add_constraint(p, NONET_CONS_WHITE_DOT, far, 2, NULL, 0, &err) ==
          NONET_ERR_ARG);
    CHECK(strstr(err.message, "white-dot") != NULL);
    CHECK(nonet_puzzle_add_constraint(p, NONET_CONS_THERMO, twice, 2, NULL, 0, &err) ==
          NONET_ERR_ARG);
    CHECK(nonet_puzzle_add_constraint(p, NONET_CONS_SANDWICH, row, 9, (int[]){10}, 1, &err) ==
          NONET_OK);
    CHECK(nonet_puzzle_add_constraint(p, NONET_CONS_SANDWICH, row, 8, (int[]){10}, 1, &err) ==
          NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_puzzle_constraint_count(p), 1);
    for (int k = 0; k < NONET_CONS_COUNT; k++)
        CHECK_EQ_INT(nonet_constraint_from_name(nonet_constraint_name((nonet_constraint_kind)k)),
                     k);
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

/* Brute force for sum_exact: every assignment of the masks (repeats
 * allowed) with a sum in lo..hi adds its digits to support; returns how
 * many there are. */
static long sums_brute(const uint64_t *mask, int ncells, int at, int sum, int lo, int hi, int *pick,
                       uint64_t *support)
{
    if (at == ncells) {
        if (sum < lo || sum > hi) return 0;
        for (int i = 0; i < ncells; i++) support[i] |= 1ull << (pick[i] - 1);
        return 1;
    }
    long found = 0;
    for (uint64_t m = mask[at]; m; m &= m - 1) {
        pick[at] = __builtin_ctzll(m) + 1;
        found += sums_brute(mask, ncells, at + 1, sum + pick[at], lo, hi, pick, support);
    }
    return found;
}

static void test_sum_exact(void)
{
    rng r = {20261128};
    for (int trial = 0; trial < 3000; trial++) {
        int ncells = 1 + below(&r, 5), top = trial % 3 ? 9 : 64, cells[5], pick[5];
        uint64_t mask[5], cand[5], support[5] = {0};
        int most = 0;
        for (int i = 0; i < ncells; i++) {
            cells[i] = i;
            mask[i] = 0;
            for (int b = 0; b < 1 + below(&r, 5); b++) mask[i] |= 1ull << below(&r, top);
            cand[i] = mask[i];
            most += 64 - __builtin_clzll(mask[i]);
        }
        int lo = below(&r, most + 2), hi = lo + (trial % 4 ? 0 : below(&r, 20));
        long found = sums_brute(mask, ncells, 0, 0, lo, hi, pick, support);
        int res = nonet__cons_sum_exact(cand, cells, ncells, lo, hi);
        CHECK((res < 0) == !found);
        for (int i = 0; found && i < ncells; i++)
            if (cand[i] != support[i]) {
                fprintf(stderr, "sum_exact %d..%d cell %d: %llx kept, %llx used\n", lo, hi, i,
                        (unsigned long long)cand[i], (unsigned long long)support[i]);
                CHECK(0);
            }
    }
}

static const harness_test TESTS[] = {
    {"propagators_sound", test_propagators_sound},
    {"engine_counts", test_engine_counts},
    {"killer_counts", test_killer_counts},
    {"engines_decline", test_engines_decline},
    {"sum_exact", test_sum_exact},
    {"add_checks", test_add_checks},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
