/*
 * fuzz_options.c - libFuzzer target for reader options (target read_options).
 *
 * Input: byte 0 how bytes arrive (even: memory reader, odd: chunks of that
 * many bytes); byte 1 the format (low 4 bits, modulo NONET_FORMAT_COUNT),
 * bit 4 "set a box", bit 5 "add a diagonal group"; byte 2 the box (rows in
 * the high nibble, columns in the low one); then four fields separated by
 * '\x01': the alphabet (empty = default), a variant list for
 * nonet_variants_parse, a region map for nonet_regions_parse (empty = none)
 * and the puzzle text. Parsing errors must carry a message; options the
 * reader refuses must be reported by nonet_reader_set_options with a
 * message; puzzles read go through fuzz_read_all like the plain targets.
 */
#include "fuzz_check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct field {
    const uint8_t *p;
    size_t n;
    int present;
} field;

/* Splits the input into up to `count` fields at '\x01' (the last takes the rest). */
static void split(const uint8_t *data, size_t size, field *f, int count)
{
    memset(f, 0, sizeof *f * (size_t)count);
    for (int i = 0; i < count; i++) {
        const uint8_t *end = i < count - 1 ? memchr(data, 1, size) : NULL;
        size_t n = end ? (size_t)(end - data) : size;
        f[i] = (field){data, n, 1};
        if (!end) return;
        data += n + 1;
        size -= n + 1;
    }
}

/* A NUL-terminated copy of a field (caller frees), or NULL. */
static char *text_of(const field *f)
{
    char *t = malloc(f->n + 1);
    if (!t) return NULL;
    memcpy(t, f->p, f->n);
    t[f->n] = '\0';
    return t;
}

/* Fills the options from the fields; returns 0 when a field does not parse. */
static int make_options(nonet_read_options *o, unsigned flags, unsigned box, const field *f,
                        int *regions, int *groups)
{
    nonet_error err;
    if (flags & 0x10) {
        o->box_rows = (int)(box >> 4);
        o->box_cols = (int)(box & 15);
    }
    if (f[1].present) {
        char *list = text_of(&f[1]);
        fuzz_require(list != NULL);
        nonet_status st = nonet_variants_parse(list, &o->variants, &err);
        free(list);
        fuzz_require(st == NONET_OK || (st == NONET_ERR_SHAPE && err.message[0]));
        if (st != NONET_OK) return 0;
    }
    if (f[2].present && f[2].n) {
        int n = nonet_regions_parse((const char *)f[2].p, f[2].n, regions, &err);
        fuzz_require(n > 0 || (n == -1 && err.message[0]));
        if (n < 0) return 0;
        fuzz_require(n <= NONET_MAX_SIZE);
        for (int i = 0; i < n * n; i++) fuzz_require(regions[i] >= 0 && regions[i] < n);
        o->region_size = n;
        o->regions = regions;
    }
    if (flags & 0x20) {
        int n = o->region_size ? o->region_size : 9;
        for (int i = 0; i < n; i++) groups[i] = i * n + (n - 1 - i);
        o->group_size = n;
        o->groups = groups;
        o->group_count = 1;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int regions[NONET_MAX_CELLS], groups[NONET_MAX_SIZE];
    if (size < 3) return 0;
    unsigned mode = data[0], flags = data[1], box = data[2];
    field f[4];
    split(data + 3, size - 3, f, 4);
    if (!f[3].present) f[3] = (field){(const uint8_t *)"", 0, 1}; /* no puzzle text */
    nonet_read_options o;
    nonet_read_options_init(&o);
    if (!make_options(&o, flags, box, f, regions, groups)) return 0;
    char *alphabet = f[0].n ? text_of(&f[0]) : NULL;
    o.alphabet = alphabet;
    nonet_format fmt = (nonet_format)((flags & 15) % NONET_FORMAT_COUNT);
    nonet_error err;
    fuzz_chunks c = {f[3].p, f[3].n, 0, mode ? mode : 1};
    nonet_reader *r = mode & 1
                          ? nonet_reader_new(fuzz_read_chunks, &c, "fuzz", fmt, &err)
                          : nonet_reader_new_mem((const char *)f[3].p, f[3].n, "fuzz", fmt, &err);
    nonet_solver *s = nonet_solver_new();
    if (r && s) {
        nonet_status st = nonet_reader_set_options(r, &o, &err);
        fuzz_require(st == NONET_OK || err.message[0]);
        if (st == NONET_OK) fuzz_read_all(r, s, 1);
    }
    nonet_solver_free(s);
    nonet_reader_free(r);
    free(alphabet);
    return 0;
}
