/*
 * reader_options.c - the rules a reader applies to what it reads
 * (nonet_reader_set_options): box, alphabet, variants, a jigsaw region map
 * and extra groups, and the shapes built from them.
 *
 * Invariants: r->custom is 0 until options are set, and then the reader's
 * shape cache (r->classic) holds shapes built with these options; the
 * region map and groups are the reader's own copies, validated for range
 * here and for shape (region sizes, connectivity) by nonet_shape_new.
 */
#include "core/error.h"
#include "formats/reader.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

void nonet_read_options_init(nonet_read_options *o) { memset(o, 0, sizeof *o); }

void nonet__reader_options_free(nonet_reader *r)
{
    free(r->regions);
    free(r->groups);
    r->regions = r->groups = NULL;
}

/* Copies n ints, or returns NULL (also when out of memory: *bad set). */
static int *copy_ints(const int *src, size_t n, int *bad)
{
    if (!src || !n) return NULL;
    int *d = malloc(n * sizeof *d);
    if (!d) *bad = 1;
    else memcpy(d, src, n * sizeof *d);
    return d;
}

/* Checks the sizes and ranges of the options that are not shapes yet. */
static nonet_status check_options(const nonet_read_options *o, nonet_error *err)
{
    if ((o->box_rows || o->box_cols) &&
        (o->box_rows < 1 || o->box_cols < 1 || o->box_rows * o->box_cols > NONET_MAX_SIZE ||
         o->box_rows * o->box_cols < NONET_MIN_SIZE))
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                           "a box of %dx%d does not make a grid of side %d..%d", o->box_rows,
                           o->box_cols, NONET_MIN_SIZE, NONET_MAX_SIZE);
    if (o->region_size &&
        (o->region_size < NONET_MIN_SIZE || o->region_size > NONET_MAX_SIZE || !o->regions))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad region map");
    if (o->group_count && (o->group_count < 0 || !o->groups || o->group_size < NONET_MIN_SIZE ||
                           o->group_size > NONET_MAX_SIZE))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad group list");
    return NONET_OK;
}

nonet_status nonet_reader_set_options(nonet_reader *r, const nonet_read_options *o,
                                      nonet_error *err)
{
    if (!r || !o) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no reader or no options");
    nonet_status st = check_options(o, err);
    if (!st) st = nonet__alphabet_set(&r->alpha, o->alphabet, err);
    if (st) return st;
    r->values_n = 0; /* the symbols' table follows the new alphabet */
    nonet__reader_options_free(r);
    for (int i = 0; i <= NONET_MAX_SIZE; i++) {
        nonet_shape_free(r->classic[i]);
        r->classic[i] = NULL;
    }
    int bad = 0;
    r->regions = copy_ints(o->regions, (size_t)o->region_size * (size_t)o->region_size, &bad);
    r->groups = copy_ints(o->groups, (size_t)o->group_count * (size_t)o->group_size, &bad);
    if (bad) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    r->region_size = r->regions ? o->region_size : 0;
    r->group_count = r->groups ? o->group_count : 0;
    r->group_size = r->groups ? o->group_size : 0;
    r->box_rows = o->box_rows;
    r->box_cols = o->box_cols;
    r->variants = o->variants;
    r->custom = 1;
    return NONET_OK;
}

nonet_shape *nonet__reader_custom_shape(nonet_reader *r, int n, unsigned variants, nonet_error *err)
{
    nonet_shape_spec sp = {0};
    sp.size = n;
    sp.variants = variants | r->variants;
    if (r->regions && r->region_size != n) {
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "the region map is %dx%d but the puzzle is %dx%d",
                    r->region_size, r->region_size, n, n);
        return NULL;
    }
    if (r->regions) sp.regions = r->regions;
    else if (r->box_rows && r->box_rows * r->box_cols != n) {
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "boxes of %dx%d do not tile a %dx%d grid",
                    r->box_rows, r->box_cols, n, n);
        return NULL;
    } else {
        sp.box_rows = r->box_rows;
        sp.box_cols = r->box_cols;
    }
    if (r->groups && r->group_size == n) {
        sp.groups = r->groups;
        sp.group_count = r->group_count;
    }
    return nonet_shape_new(&sp, err);
}
