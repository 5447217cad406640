/*
 * oracle.c - exhaustive canonical forms (see oracle.h). Plain and slow on
 * purpose: column arrangements are enumerated one by one, rows depth first,
 * labels given by first appearance as the string is read.
 */
#include "oracle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct oracle {
    int n, R, C, pattern, o;
    const unsigned char *src; /* source grid in the current orientation */
    unsigned char cols[64];   /* current column arrangement */
    unsigned char rows[64];
    unsigned char cur[64 * 64]; /* the string being built */
    unsigned char best[64 * 64];
    int have_best;
    uint64_t used_rows;
    int ngivens;
    uint32_t *sigs; /* signatures of the best maps */
    size_t nsigs, cap;
    int failed;
} oracle;

/* Writes row t of the string for source row q, extending labels lab. */
static void make_row(oracle *k, int t, int q, unsigned char *lab, unsigned *next)
{
    for (int c = 0; c < k->n; c++) {
        int d = k->src[q * k->n + k->cols[c]];
        if (d && !lab[d]) lab[d] = (unsigned char)(*next)++;
        k->cur[t * k->n + c] = d ? lab[d] : 0;
    }
}

/* -1, 0, 1: rows 0..t of cur against those of best, as the form compares
 * them (in pattern mode the layouts only: the digits come after the whole
 * layout). Always against the current best: a flag carried down the depth
 * first search would go stale when a leaf replaces the best. */
static int prefix_cmp(const oracle *k, int t)
{
    size_t len = (size_t)(t + 1) * (size_t)k->n;
    if (!k->pattern) return memcmp(k->cur, k->best, len);
    for (size_t i = 0; i < len; i++) {
        int a = k->cur[i] != 0, b = k->best[i] != 0;
        if (a != b) return a < b ? -1 : 1;
    }
    return 0;
}

static void add_sig(oracle *k)
{
    size_t ng = (size_t)k->ngivens;
    if (!ng) return;
    if (k->nsigs == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        uint32_t *p = realloc(k->sigs, cap * ng * sizeof *p);
        if (!p) {
            k->failed = 1;
            return;
        }
        k->sigs = p;
        k->cap = cap;
    }
    uint32_t *s = k->sigs + k->nsigs++ * ng;
    int n = k->n, j = 0;
    for (int cell = 0; cell < n * n; cell++) {
        if (!k->best[cell]) continue;
        int r = k->rows[cell / n], c = k->cols[cell % n];
        s[j++] = (uint32_t)(k->o ? c * n + r : r * n + c);
    }
}

/* A complete string: keep it when it is below the best or ties it. */
static void leaf(oracle *k)
{
    size_t nc = (size_t)k->n * (size_t)k->n;
    int c = -1;
    if (k->have_best) {
        c = prefix_cmp(k, k->n - 1);
        if (!c) c = memcmp(k->cur, k->best, nc);
    }
    if (c > 0) return;
    if (c < 0) {
        memcpy(k->best, k->cur, nc);
        k->have_best = 1;
        k->nsigs = 0;
    }
    add_sig(k);
}

/* Places rows t.. depth first, labels lab given so far. */
static void place(oracle *k, int t, const unsigned char *lab, unsigned next)
{
    if (t == k->n) {
        leaf(k);
        return;
    }
    int R = k->R, lo = 0, hi = k->n;
    uint64_t band = R == 64 ? ~0ull : (1ull << R) - 1;
    if (t % R) {
        lo = k->rows[t - t % R] / R * R;
        hi = lo + R;
    }
    for (int q = lo; q < hi; q++) {
        if (k->used_rows >> q & 1) continue;
        if (t % R == 0 && (k->used_rows >> (q / R * R) & band)) continue;
        unsigned char l2[65];
        unsigned n2 = next;
        memcpy(l2, lab, sizeof l2);
        make_row(k, t, q, l2, &n2);
        if (k->have_best && prefix_cmp(k, t) > 0) continue;
        k->rows[t] = (unsigned char)q;
        k->used_rows |= 1ull << q;
        place(k, t + 1, l2, n2);
        k->used_rows &= ~(1ull << q);
    }
}

/* Enumerates the columns of target stacks s.. (source stacks in `used`
 * already placed), then the rows. */
static void arrange(oracle *k, int s, uint64_t used)
{
    int C = k->C, ns = k->n / C;
    if (s == ns) {
        unsigned char lab[65] = {0};
        k->used_rows = 0;
        place(k, 0, lab, 1);
        return;
    }
    /* choose the source stack of target stack s, then its column order */
    for (int u = 0; u < ns; u++) {
        if (used >> u & 1) continue;
        int perm[64];
        for (int i = 0; i < C; i++) perm[i] = i;
        for (;;) {
            for (int i = 0; i < C; i++) k->cols[s * C + i] = (unsigned char)(u * C + perm[i]);
            arrange(k, s + 1, used | 1ull << u);
            /* next permutation of perm */
            int i = C - 2;
            while (i >= 0 && perm[i] > perm[i + 1]) i--;
            if (i < 0) break;
            int j = C - 1;
            while (perm[j] < perm[i]) j--;
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
            for (int a = i + 1, b = C - 1; a < b; a++, b--) {
                t = perm[a];
                perm[a] = perm[b];
                perm[b] = t;
            }
        }
    }
}

static size_t sig_len;
static int sig_cmp(const void *a, const void *b) { return memcmp(a, b, sig_len * 4); }

int oracle_canon(int n, int r, int c, const unsigned char *cells, int pattern, unsigned char *out,
                 unsigned long long *automorphisms)
{
    oracle *k = calloc(1, sizeof *k);
    unsigned char *tr = malloc((size_t)n * (size_t)n);
    if (!k || !tr) {
        free(k);
        free(tr);
        return -1;
    }
    k->n = n;
    k->R = r;
    k->C = c;
    k->pattern = pattern;
    for (int i = 0; i < n * n; i++) k->ngivens += cells[i] != 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) tr[j * n + i] = cells[i * n + j];
    for (k->o = 0; k->o < (r == c ? 2 : 1); k->o++) {
        k->src = k->o ? tr : cells;
        arrange(k, 0, 0);
    }
    memcpy(out, k->best, (size_t)n * (size_t)n);
    unsigned long long distinct = k->ngivens ? 0 : 1;
    if (k->ngivens) {
        sig_len = (size_t)k->ngivens;
        qsort(k->sigs, k->nsigs, sig_len * 4, sig_cmp);
        for (size_t i = 0; i < k->nsigs; i++)
            distinct +=
                i == 0 || memcmp(k->sigs + i * sig_len, k->sigs + (i - 1) * sig_len, sig_len * 4);
    }
    *automorphisms = distinct;
    int failed = k->failed;
    free(k->sigs);
    free(k);
    free(tr);
    return failed ? -1 : 0;
}
