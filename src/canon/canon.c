/*
 * canon.c - the public entry points of canonical forms: the reusable
 * workspace, form names, input checks, and the dispatch to the 9x9 search,
 * the generic boxed search or the small groups of jigsaw and variant
 * shapes. Also the automorphism counting shared by all three.
 */
#include "canon.h"

#include "../error.h"
#include "../puzzle.h"
#include "../shape.h"

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

nonet_status nonet__fail_nomem(nonet_error *err)
{
    return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
}

nonet_status nonet__canon_too_many(nonet_error *err, const nonet_canon *w)
{
    return nonet__fail(err, NONET_ERR_LIMIT, 0, 0,
                       "too many equivalent partial transformations for the canonical form "
                       "(over %zu MB, or a million rows tried)", w->max_bytes >> 20);
}

/* ------------------------------------------------------------------ */
/* Automorphism signatures                                              */
/* ------------------------------------------------------------------ */

int nonet__canon_sig_room(nonet_canon *w, size_t count, size_t len)
{
    size_t need = count * len * sizeof *w->sig, cap = w->sig_cap * sizeof *w->sig;
    unsigned char *p = (unsigned char *)w->sig;
    if (nonet__canon_grow(&p, &cap, need)) return -1;
    w->sig = (uint32_t *)p;
    w->sig_cap = cap / sizeof *w->sig;
    return 0;
}

/* A signature's hash and position, sorted to find the distinct ones. */
typedef struct sig_key {
    uint64_t hash;
    size_t index;
} sig_key;

/* Orders signature keys by hash, then position (qsort). */
static int key_cmp(const void *a, const void *b)
{
    const sig_key *x = a, *y = b;
    if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* A 64-bit hash of a signature of len words. */
static uint64_t sig_hash(const uint32_t *s, size_t len)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < len; i++) h = (h ^ s[i]) * 0x100000001b3ull + (h >> 29);
    return h;
}

/* Counts the signatures of keys[a..b) (one hash) that differ from every
 * earlier one of the run. */
static unsigned long long distinct_in_run(const nonet_canon *w, const sig_key *keys, size_t a,
                                          size_t b, size_t len)
{
    unsigned long long distinct = 0;
    for (size_t i = a; i < b; i++) {
        const uint32_t *s = w->sig + keys[i].index * len;
        size_t j = a;
        while (j < i && memcmp(w->sig + keys[j].index * len, s, len * sizeof *s)) j++;
        distinct += j == i;
    }
    return distinct;
}

unsigned long long nonet__canon_count_distinct(nonet_canon *w, size_t count, size_t len)
{
    if (count <= 1) return count;
    if (nonet__canon_grow(&w->keys, &w->keys_cap, count * sizeof(sig_key))) return 0;
    sig_key *keys = (sig_key *)w->keys;
    for (size_t i = 0; i < count; i++) keys[i] = (sig_key){sig_hash(w->sig + i * len, len), i};
    qsort(keys, count, sizeof *keys, key_cmp);
    unsigned long long distinct = 0;
    for (size_t a = 0; a < count;) {
        size_t b = a + 1;
        while (b < count && keys[b].hash == keys[a].hash) b++;
        distinct += distinct_in_run(w, keys, a, b, len);
        a = b;
    }
    return distinct;
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

nonet_status nonet_canon_grid(nonet_canon *w, const nonet_shape *shape, const unsigned char *cells,
                              nonet_canon_form form, unsigned char *out, nonet_transform *t,
                              unsigned long long *automorphisms, nonet_error *err)
{
    if (!w || !shape || !cells || !out)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no workspace, shape or cells");
    if (form != NONET_CANON_MINLEX && form != NONET_CANON_PATTERN)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "unknown canonical form %d", (int)form);
    int mode = form == NONET_CANON_PATTERN ? CANON_PATTERN : CANON_MINLEX;
    canon_out res = {out, t, 0};
    nonet_status st;
    if (shape->classic9) {
        st = nonet__canon_fast9(w, cells, mode, &res, err);   /* it checks the cells itself */
    } else {
        st = check_cells(shape, cells, err);
        if (st) return st;
        canon_group g;
        st = nonet__canon_group_of(&g, shape, err);
        if (!st && g.kind == CANON_GROUP_BOXED) st = nonet__canon_boxed(w, &g, cells, mode, &res, err);
        else if (!st) st = nonet__canon_small(w, &g, cells, mode, &res, err);
    }
    if (!st && automorphisms) *automorphisms = res.automorphisms;
    return st;
}

nonet_status nonet_canon_puzzle(nonet_canon *w, const nonet_puzzle *p, nonet_canon_form form,
                                unsigned char *out, nonet_transform *t,
                                unsigned long long *automorphisms, nonet_error *err)
{
    if (!p) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no puzzle");
    nonet_status st = nonet_canon_grid(w, p->shape, p->cells, form, out, t, automorphisms, err);
    if (st && err) err->line = p->line;
    return st;
}
