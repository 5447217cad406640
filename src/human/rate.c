/*
 * rate.c - Sudoku Explainer's rating of a solve path (nonet_explainer_rate):
 * SE's techniques applied one step at a time from the current state, as
 * serate 1.2.1.3 does. ER is the hardest step; ED the first step's rating;
 * EP the hardest up to and including the first step that places a digit
 * (SE's hint.getCell() != null: singles, direct hints, chains concluding a
 * value). When no technique applies, ER is 20.0 and EP/ED keep what they
 * had (0.0 when not reached). Ratings are carried in tenths: serate prints
 * maxima of doubles rounded to tenths, and every SE rating is a multiple of
 * 0.1 computed with at most a rounding error far below 0.05.
 */
#include "human/explainer.h"

#include "core/error.h"
#include "core/puzzle.h"

nonet_status nonet_explainer_rate(nonet_explainer *x, nonet_rating *r, nonet_error *err)
{
    if (!x || !r || !x->ready)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer or rating");
    int er = 0, ep = 0, ed = 0, steps = 0, hardest = -1;
    nonet_status st = NONET_OK;
    r->finished = 0;
    while (x->grid.empty) {
        if (x->progress && x->progress(x->progress_ctx, (unsigned long long)steps)) {
            st = nonet__gave_up(x, err);
            break;
        }
        if (!steps && nonet__hgrid_broken(&x->grid, &x->geo)) {
            st = nonet__broken(x, err);
            break;
        }
        nonet__hfound found = nonet__find_first(x, 0);
        if (found == NONET__HF_STOP) {
            st = nonet__stopped(x, err);
            break;
        }
        if (found == NONET__HF_NONE) {
            if (nonet__hgrid_broken(&x->grid, &x->geo)) st = nonet__broken(x, err);
            er = 200;
            break;
        }
        const nonet__hstep *s = &x->step;
        if (s->rating > er) er = s->rating, hardest = s->pub.technique;
        int placed = s->pub.nplacements > 0;
        nonet_explainer_apply(x, &s->pub, NULL);
        steps++;
        if (!ep) {
            if (!ed) ed = er;
            if (placed) ep = er;
        }
    }
    r->finished = !x->grid.empty;
    r->er = er / 10.0;
    r->ep = ep / 10.0;
    r->ed = ed / 10.0;
    r->steps = steps;
    r->hardest = hardest;
    return st;
}
