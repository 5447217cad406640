/*
 * small.c - canonical forms under the small groups of jigsaw and variant
 * shapes: at most 8 symmetries of the square times the relabellings. Every
 * symmetry is tried; for each, the best relabelling is the first-appearance
 * one (or, with the non-consecutive variant, the better of the identity and
 * d -> N+1-d).
 */
#include "canon/canon.h"

#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* Relabels grid in place by first appearance, writing the map to digits. */
static void relabel_first_seen(unsigned char *grid, int ncells, int n, unsigned char *digits)
{
    memset(digits, 0, (size_t)n + 1);
    unsigned next = 1;
    for (int i = 0; i < ncells; i++) {
        int d = grid[i];
        if (!d) continue;
        if (!digits[d]) digits[d] = (unsigned char)next++;
        grid[i] = digits[d];
    }
    for (int d = 1; d <= n; d++)
        if (!digits[d]) digits[d] = (unsigned char)next++;
}

/* Compares a and b as forms of `mode`: in PATTERN the layouts first. */
static int form_cmp(const unsigned char *a, const unsigned char *b, int ncells, int mode)
{
    if (mode == CANON_PATTERN)
        for (int i = 0; i < ncells; i++)
            if ((a[i] != 0) != (b[i] != 0)) return a[i] ? 1 : -1;
    return memcmp(a, b, (size_t)ncells);
}

/* The candidate forms of one symmetry: its first-appearance relabelling, or
 * its identity and reversed digits. Writes up to 2 transformations to t[]
 * and returns how many. */
static int element_maps(const canon_group *g, int e, const unsigned char *cells, unsigned char *tmp,
                        nonet_transform *t)
{
    int n = g->n;
    nonet_transform_identity(&t[0], n);
    nonet__canon_d4_transform(&g->d4[e], n, &t[0]);
    if (!g->reverse_only) {
        nonet__canon_apply(&t[0], cells, tmp);
        relabel_first_seen(tmp, n * n, n, t[0].digits);
        return 1;
    }
    t[1] = t[0];
    for (int d = 1; d <= n; d++) t[1].digits[d] = (unsigned char)(n + 1 - d);
    return 2;
}

/* Signature of map t for the automorphism count: the source cell of every
 * given of the form, in order. */
static void signature(const nonet_transform *t, const unsigned char *form, uint32_t *sig)
{
    int n = t->size, k = 0;
    for (int cell = 0; cell < n * n; cell++) {
        if (!form[cell]) continue;
        int r = t->rows[cell / n], c = t->cols[cell % n];
        sig[k++] = (uint32_t)(t->transpose ? c * n + r : r * n + c);
    }
}

nonet_status nonet__canon_small(nonet_canon *w, const canon_group *g, const unsigned char *cells,
                                int mode, canon_out *out, nonet_error *err)
{
    int n = g->n, ncells = n * n, nmaps = 0, ng = 0;
    nonet_transform maps[16], best;
    /* scratch from the workspace: nothing allocated once it is large enough */
    if (nonet__canon_grow(&w->cand[0], &w->cand_cap[0], 2 * (size_t)ncells))
        return nonet__canon_nomem(err);
    unsigned char *tmp = w->cand[0];
    unsigned char *form = tmp + ncells;
    for (int e = 0; e < g->nd4; e++) nmaps += element_maps(g, e, cells, tmp, maps + nmaps);
    int have = 0;
    for (int i = 0; i < nmaps; i++) {
        nonet__canon_apply(&maps[i], cells, tmp);
        if (have && form_cmp(tmp, form, ncells, mode) >= 0) continue;
        memcpy(form, tmp, (size_t)ncells);
        best = maps[i];
        have = 1;
    }
    for (int i = 0; i < ncells; i++) ng += form[i] != 0;
    int nsame = 0;
    if (ng && nonet__canon_sig_room(w, (size_t)nmaps, (size_t)ng)) return nonet__canon_nomem(err);
    for (int i = 0; i < nmaps; i++) {
        nonet__canon_apply(&maps[i], cells, tmp);
        if (memcmp(tmp, form, (size_t)ncells) != 0) continue;
        if (ng) signature(&maps[i], form, w->sig + (size_t)nsame * (size_t)ng);
        nsame++;
    }
    out->automorphisms = ng ? nonet__canon_count_distinct(w, (size_t)nsame, (size_t)ng) : 1;
    if (!out->automorphisms) return nonet__canon_nomem(err);
    memcpy(out->cells, form, (size_t)ncells);
    if (out->transform) *out->transform = best;
    return NONET_OK;
}
