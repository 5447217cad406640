/*
 * workspace.c - what every search of src/canon/ shares, below them all:
 * growing the workspace's buffers, the errors a search gives up with, and
 * counting automorphisms as the distinct signatures the searches leave in
 * w->sig (two final candidates that map the givens the same way are one
 * automorphism).
 */
#include "canon/canon.h"

#include "core/error.h"

#include <stdlib.h>
#include <string.h>

int nonet__canon_grow(unsigned char **buf, size_t *cap, size_t need)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 4096;
    while (c < need) c *= 2;
    unsigned char *p = realloc(*buf, c);
    if (!p) return -1;
    *buf = p;
    *cap = c;
    return 0;
}

nonet_status nonet__canon_nomem(nonet_error *err)
{
    return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
}

nonet_status nonet__canon_too_many(nonet_error *err, const nonet_canon *w)
{
    return nonet__fail(err, NONET_ERR_LIMIT, 0, 0,
                       "too many equivalent partial transformations for the canonical form "
                       "(over %zu MB, or a million rows tried)",
                       w->max_bytes >> 20);
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
        while (j < i && memcmp(w->sig + keys[j].index * len, s, len * sizeof *s) != 0) j++;
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
