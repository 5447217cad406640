/*
 * cons_random.c - nonet_puzzle_transform_random: a transformation drawn
 * uniformly from those that keep a puzzle's constraints (cons.c says which:
 * the symmetries of the square in its shape's group, digits relabelled only
 * when no constraint reads them).
 */
#include "canon/canon.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/rng.h"
#include "core/shape.h"

nonet_status nonet_puzzle_transform_random(const nonet_puzzle *p, uint64_t seed, nonet_transform *t,
                                           nonet_error *err)
{
    if (!p || !t) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no puzzle or transformation");
    nonet_status st = nonet_transform_random(p->shape, seed, t, err);
    if (st || !p->ncons) return st;
    canon_group g;
    st = nonet__canon_group_of(&g, p->shape, err);
    if (st) return st;
    /* the symmetries of the square in the shape's group, the digits drawn above
       kept when every constraint survives them */
    nonet_transform kept[8];
    int nkept = 0;
    for (int e = 0; e < 8; e++) {
        canon_d4 d = {e >> 2 & 1, e >> 1 & 1, e & 1};
        kept[nkept] = *t;
        nonet__canon_d4_transform(&d, g.n, &kept[nkept]);
        if (!nonet__canon_check(&g, &kept[nkept], NULL)) nkept++;
    }
    nonet__rng r;
    nonet__rng_seed(&r, nonet__rng_derive(seed, 1));
    *t = kept[nonet__rng_below(&r, (uint32_t)nkept)]; /* the identity is always kept */
    if (!nonet__canon_cons_relabel(p))
        for (int d = 0; d <= t->size; d++) t->digits[d] = (unsigned char)d;
    return NONET_OK;
}
