/*
 * canon.c - the public entry points of canonical forms: the reusable
 * workspace, form names, input checks, and the dispatch to the 9x9 search,
 * the generic boxed search or the small groups of jigsaw and variant
 * shapes (the helpers all of them share are in workspace.c).
 */
#include "canon/canon.h"

#include "core/assert.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* Bound on one candidate list (bytes); past it the search gives up. */
#define CANON_MAX_BYTES ((size_t)128 << 20)

nonet_canon *nonet_canon_new(void)
{
    nonet_canon *c = calloc(1, sizeof *c);
    if (c) c->max_bytes = CANON_MAX_BYTES;
    return c;
}

void nonet_canon_free(nonet_canon *c)
{
    if (!c) return;
    free(c->grid[0]);
    free(c->grid[1]);
    free(c->cand[0]);
    free(c->cand[1]);
    free(c->keys);
    free(c->sig);
    nonet__canon_fast9_free(c->fast9);
    free(c);
}

const char *nonet_canon_form_name(nonet_canon_form f)
{
    switch (f) {
    case NONET_CANON_MINLEX: return "minlex";
    case NONET_CANON_PATTERN: return "pattern";
    }
    return NULL;
}

int nonet_canon_form_from_name(const char *name)
{
    if (!name) return -1;
    if (strcmp(name, "minlex") == 0) return NONET_CANON_MINLEX;
    if (strcmp(name, "pattern") == 0) return NONET_CANON_PATTERN;
    return -1;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                         */
/* ------------------------------------------------------------------ */

/* Checks the cells for the search: digits in 0..n, none twice in a row or
 * a column. Returns NONET_OK or fails with err. */
static nonet_status check_cells(const nonet_shape *s, const unsigned char *cells, nonet_error *err)
{
    int n = s->n;
    uint64_t cols[NONET_MAX_SIZE] = {0};
    for (int r = 0; r < n; r++) {
        uint64_t row = 0;
        for (int c = 0; c < n; c++) {
            int d = cells[r * n + c];
            if (!d) continue;
            if (d > n)
                return nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d holds %d, outside 0..%d",
                                   r * n + c, d, n);
            uint64_t bit = 1ull << (d - 1);
            if (row & bit)
                return nonet__fail(err, NONET_ERR_RULE, 0, 0, "%d appears twice in row %d", d,
                                   r + 1);
            if (cols[c] & bit)
                return nonet__fail(err, NONET_ERR_RULE, 0, 0, "%d appears twice in column %d", d,
                                   c + 1);
            row |= bit;
            cols[c] |= bit;
        }
    }
    return NONET_OK;
}

/* The checker of a search's result (NONET_ASSERT): 1 when t is in the group
 * of the shape and moves the cells onto the form `out`, or when there is no
 * t to check. */
static int reaches_form(const nonet_shape *shape, const nonet_transform *t,
                        const unsigned char *cells, const unsigned char *out)
{
    if (!t) return 1;
    canon_group g;
    unsigned char moved[NONET_MAX_CELLS];
    if (nonet__canon_group_of(&g, shape, NULL) || nonet__canon_check(&g, t, NULL)) return 0;
    nonet__canon_apply(t, cells, moved);
    return memcmp(moved, out, (size_t)shape->ncells) == 0;
}

nonet_status nonet_canon_grid(nonet_canon *w, const nonet_shape *shape, const unsigned char *cells,
                              nonet_canon_form form, unsigned char *out, nonet_transform *t,
                              unsigned long long *automorphisms, nonet_error *err)
{
    if (!w || !shape || !cells || !out)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no workspace, shape or cells");
    if (form != NONET_CANON_MINLEX && form != NONET_CANON_PATTERN)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "unknown canonical form %d", (int)form);
    int mode = form == NONET_CANON_PATTERN ? CANON_PATTERN : CANON_MINLEX;
    canon_out res = {out, t, 0, 0};
    nonet_status st;
    if (shape->classic9) {
        st = nonet__canon_fast9(w, cells, mode, &res, err); /* it checks the cells itself */
    } else {
        st = check_cells(shape, cells, err);
        if (st) return st;
        canon_group g;
        st = nonet__canon_group_of(&g, shape, err);
        if (!st && g.kind == CANON_GROUP_BOXED)
            st = nonet__canon_boxed(w, &g, cells, mode, &res, err);
        else if (!st) st = nonet__canon_small(w, &g, cells, mode, &res, err);
    }
    NONET_ASSERT(st || reaches_form(shape, t, cells, out));
    NONET_ASSERT(st || res.automorphisms >= 1);
    if (!st && automorphisms) *automorphisms = res.automorphisms;
    return st;
}

nonet_status nonet_canon_puzzle(nonet_canon *w, const nonet_puzzle *p, nonet_canon_form form,
                                unsigned char *out, nonet_transform *t,
                                unsigned long long *automorphisms, nonet_error *err)
{
    if (!p) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no puzzle");
    nonet_status st = nonet__canon_cons_none(p, err);
    if (!st) st = nonet_canon_grid(w, p->shape, p->cells, form, out, t, automorphisms, err);
    if (st && err) err->line = p->line;
    return st;
}
