/*
 * fuzz_canon.c - libFuzzer target for canonical forms and transformations.
 *
 * The input bytes drive a small deterministic generator: a shape (boxes
 * of any size 4..16, sometimes rectangular or a row box, a jigsaw map made
 * by swapping cells across box boundaries, variant bits), then cells that
 * may repeat digits or go out of range, a form name, and raw bytes read as
 * a transformation. Checked: a form found is reached by the transformation
 * returned, is its own form, and is also the form of a random equivalent
 * copy with the same automorphism count; errors are the documented ones
 * (RULE only with a digit repeated in a row or a column, ARG only with a
 * digit out of range, LIMIT never on the classic 9x9); compose and invert of raw
 * transformations either fail with ARG or give inverses.
 */
#include <nonet.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct bytes {
    const uint8_t *p;
    size_t n, at;
} bytes;

/* Next input byte, 0 once the input is used up. */
static unsigned next(bytes *b) { return b->at < b->n ? b->p[b->at++] : 0; }

/* A number in 0..k-1 from the input (k >= 1). */
static int pick(bytes *b, int k) { return (int)((next(b) << 8 | next(b)) % (unsigned)k); }

static void require(int ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "fuzz_canon: %s\n", what);
    abort();
}

/* A shape from the input, or NULL when the spec is rejected (fine). */
static nonet_shape *make_shape(bytes *b)
{
    static int reg[NONET_MAX_CELLS];
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = 4 + (int)(next(b) % 13);
    unsigned kind = next(b) % 8;
    if (kind == 0) {
        sp.box_rows = 1 + (int)(next(b) % 8);
        sp.box_cols = sp.size / sp.box_rows;
    } else if (kind == 1) {
        int r, c, n = sp.size;
        nonet_default_box(n, &r, &c);
        for (int i = 0; i < n * n; i++) reg[i] = (i / n) / r * (n / c) + (i % n) / c;
        for (int k = (int)(next(b) % 8); k > 0; k--) {
            int a = pick(b, n * n), o = a + (next(b) % 2 ? 1 : n);
            if (o >= n * n || reg[a] == reg[o]) continue;
            int t = reg[a];
            reg[a] = reg[o];
            reg[o] = t;
        }
        sp.regions = reg;
    }
    if (next(b) % 4 == 0) sp.variants = next(b) & 0x3F;
    return nonet_shape_new(&sp, NULL);
}

/* Bit 0: a digit (in range) repeats in a row or a column; bit 1: a digit
 * is out of range. The library reports whichever it meets first in row
 * order, so either may come back when both are there. */
static int problems(const unsigned char *cells, int n)
{
    int found = 0;
    for (int i = 0; i < n * n; i++) {
        if (cells[i] > n) {
            found |= 2;
            continue;
        }
        for (int j = i + 1; cells[i] && j < n * n; j++)
            if (cells[j] == cells[i] && (j / n == i / n || j % n == i % n)) found |= 1;
    }
    return found;
}

/* Canonical form checks for one shape, cells and form. */
static void check_form(nonet_canon *w, const nonet_shape *s, const unsigned char *cells,
                       nonet_canon_form form, uint64_t seed)
{
    int n = nonet_shape_size(s), nc = n * n;
    static unsigned char out[NONET_MAX_CELLS], again[NONET_MAX_CELLS], moved[NONET_MAX_CELLS],
        back[NONET_MAX_CELLS];
    nonet_transform t, sh;
    unsigned long long aut = 0, aut2 = 0;
    nonet_error err;
    nonet_status st = nonet_canon_grid(w, s, cells, form, out, &t, &aut, &err);
    int bad = problems(cells, n);
    if (st == NONET_ERR_RULE) require(bad & 1, "RULE without a repeated digit");
    else if (st == NONET_ERR_ARG) require(bad & 2, "ARG without a digit out of range");
    else if (st == NONET_ERR_LIMIT)
        require(!nonet_shape_is_classic9(s) && !bad, "LIMIT on a classic 9x9");
    else require(st == NONET_OK && !bad, "unexpected status");
    if (st) return;
    require(aut >= 1, "no automorphism");
    require(nonet_transform_apply(&t, s, cells, back, NULL) == NONET_OK,
            "transformation not in the group");
    require(!memcmp(back, out, (size_t)nc), "transformation does not reach the form");
    require(nonet_canon_grid(w, s, out, form, again, NULL, &aut2, NULL) == NONET_OK,
            "form of a form");
    require(!memcmp(again, out, (size_t)nc) && aut2 == aut, "a form is not its own form");
    require(nonet_transform_random(s, seed, &sh, NULL) == NONET_OK, "random transformation");
    require(nonet_transform_apply(&sh, s, cells, moved, NULL) == NONET_OK,
            "random not in the group");
    st = nonet_canon_grid(w, s, moved, form, again, NULL, &aut2, NULL);
    if (st == NONET_ERR_LIMIT) return;
    require(st == NONET_OK && !memcmp(again, out, (size_t)nc) && aut2 == aut,
            "an equivalent copy has another form");
}

/* Raw bytes as a transformation: compose and invert fail or agree. */
static void check_raw_transform(bytes *b)
{
    nonet_transform t, inv, id;
    unsigned char *raw = (unsigned char *)&t;
    for (size_t i = 0; i < sizeof t; i++) raw[i] = (unsigned char)next(b);
    t.size = 4 + (int)(t.size & 15);
    t.transpose &= next(b) % 2 ? 1 : 3;
    if (nonet_transform_invert(&t, &inv, NULL) != NONET_OK) {
        require(nonet_transform_compose(&t, &t, &id, NULL) == NONET_ERR_ARG,
                "compose of a non-transformation");
        return;
    }
    require(nonet_transform_compose(&t, &inv, &id, NULL) == NONET_OK, "compose with the inverse");
    nonet_transform one;
    nonet_transform_identity(&one, t.size);
    require(!memcmp(&id, &one, sizeof id), "t then its inverse is not the identity");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size, 0};
    nonet_shape *s = make_shape(&b);
    if (s) {
        static unsigned char cells[NONET_MAX_CELLS];
        int n = nonet_shape_size(s), nc = n * n;
        memset(cells, 0, sizeof cells);
        int dense = next(&b) % 4 == 0;
        for (int k = pick(&b, dense ? nc + 1 : nc / 2 + 1); k > 0; k--)
            cells[pick(&b, nc)] =
                (unsigned char)(next(&b) % 16 == 0 ? next(&b) : 1 + (unsigned)pick(&b, n));
        nonet_canon *w = nonet_canon_new();
        require(w != NULL, "no workspace");
        uint64_t seed = (uint64_t)next(&b) << 8 | next(&b);
        check_form(w, s, cells, NONET_CANON_MINLEX, seed);
        check_form(w, s, cells, NONET_CANON_PATTERN, seed);
        nonet_canon_free(w);
        nonet_shape_free(s);
    }
    char name[9];
    for (int i = 0; i < 8; i++) name[i] = (char)next(&b);
    name[8] = 0;
    int f = nonet_canon_form_from_name(name);
    require(f == -1 || !strcmp(nonet_canon_form_name((nonet_canon_form)f), name), "form names");
    check_raw_transform(&b);
    return 0;
}
