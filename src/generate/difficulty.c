/*
 * difficulty.c - difficulty targets on Sudoku Explainer's scale, with the
 * human-style rater (nonet_explainer_*, src/human/).
 *
 * A target is an ER band [min, top] (top 0: none) and/or a technique that
 * must be the hardest step of SE's solution path. Carving is steered the way
 * Simon Tatham's generator is: a given goes only while a solver limited to
 * the techniques rated at most the cap (the top, or the technique's own
 * rating) still finishes the puzzle with ER at most the top (the capped
 * explainer). SE takes at each point the first technique of its table that
 * applies, its own rows run in order of their (lowest) ratings, and where
 * one finder yields steps of several rows (the chains) it takes the lowest
 * rated; a row turned off rates above the cap. So where the capped
 * explainer finds a step rated at most the top, the whole set finds the
 * same one, and the capped explainer finishes with ER at most the top
 * exactly when SE's path does, rating the puzzle as SE does; turning the
 * harder techniques off only stops it early on the puzzles that need them
 * (which is what makes steering cheap). With a technique and no top the
 * capped path can differ from SE's where a chain step rates above its row;
 * that only steers less well, since the target is judged on SE's path. What was carved is then rated by
 * the whole set (the full explainer): that rating is the one reported and
 * checked against the band (tests/unit/test_generate re-rates every puzzle
 * made for a band afresh).
 *
 * Invariants: capped is NULL exactly when there is no cap; both explainers
 * are set to `scratch`, a puzzle on the shape of the last call whose cells
 * are overwritten for each rating (no allocation per rating once the shape
 * is known).
 */
#include "generate/generate.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <string.h>

/* Ratings are sums of tenths; comparisons allow for the rounding. */
#define EPS 1e-6

int gen_rater_target(const nonet_generate_options *o)
{
    return o->rating_min > 0 || o->rating_max > 0 || o->technique >= 0;
}

nonet_status gen_rater_check(const nonet_generate_options *o, nonet_error *err)
{
    /* written so that NaN (every comparison false) fails too */
    if (!(o->rating_min >= 0 && o->rating_min <= 1e9) ||
        !(o->rating_max >= 0 && o->rating_max <= 1e9) ||
        (o->rating_max > 0 && o->rating_max + EPS < o->rating_min))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad rating band %g-%g", o->rating_min,
                           o->rating_max);
    if (o->technique < -1 || (o->technique >= 0 && nonet_technique_is_extra(o->technique) != 0))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "technique %d is not one of Sudoku Explainer's", o->technique);
    if (o->rating_tries < 0) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad rating tries");
    return NONET_OK;
}

/* Progress callback of both explainers: asks the puzzle's callback with
 * its search nodes so far, and remembers a stop. */
static int rater_progress(void *ctx, unsigned long long count)
{
    gen_search *s = ctx;
    (void)count;
    if (s->progress && s->progress(s->progress_ctx, s->nodes)) s->gave_up = 1;
    return s->gave_up;
}

/* Turns on exactly the SE techniques rated at most `cap` in x. */
static void cap_techniques(nonet_explainer *x, double cap)
{
    for (int t = 0; t < nonet_technique_count(); t++)
        if (nonet_technique_is_extra(t) == 0)
            nonet_explainer_enable(x, t, nonet_technique_rating(t) <= cap + EPS);
}

int gen_rater_init(gen_rater *r, const nonet_generate_options *o, gen_search *search)
{
    memset(r, 0, sizeof *r);
    r->min = o->rating_min;
    r->top = o->rating_max;
    r->technique = o->technique;
    r->search = search;
    double cap = r->technique >= 0 ? nonet_technique_rating(r->technique) : r->top;
    if (r->top > 0 && cap > r->top) cap = r->top;
    r->full = nonet_explainer_new(NULL, NULL);
    if (cap > 0) r->capped = nonet_explainer_new(NULL, NULL);
    if (!r->full || (cap > 0 && !r->capped)) {
        gen_rater_free(r);
        return -1;
    }
    nonet_explainer_set_progress(r->full, rater_progress, search);
    if (r->capped) {
        nonet_explainer_set_progress(r->capped, rater_progress, search);
        cap_techniques(r->capped, cap);
    }
    return 0;
}

void gen_rater_free(gen_rater *r)
{
    nonet_explainer_free(r->capped);
    nonet_explainer_free(r->full);
    nonet_puzzle_free(r->scratch);
    memset(r, 0, sizeof *r);
}

/* Sets x to `givens` on `shape` through r's scratch puzzle. Returns 0, -3
 * out of memory. */
static int set_puzzle(gen_rater *r, nonet_explainer *x, const nonet_shape *shape,
                      const unsigned char *givens)
{
    if (!r->scratch || r->scratch->shape != shape) {
        nonet_puzzle_free(r->scratch);
        r->scratch = nonet__puzzle_alloc(shape, 0);
        if (!r->scratch) return -3;
    }
    memcpy(r->scratch->cells, givens, (size_t)shape->ncells);
    return nonet_explainer_reset(x, r->scratch, NULL) == NONET_OK ? 0 : -3;
}

/* Rates `givens` with explainer x into *out. Returns 0, -1 stopped, -3
 * out of memory (or any other failure, which givens with one solution
 * cannot cause). */
static int rate_with(gen_rater *r, nonet_explainer *x, const nonet_shape *shape,
                     const unsigned char *givens, nonet_rating *out)
{
    int st = set_puzzle(r, x, shape, givens);
    if (st) return st;
    nonet_status s = nonet_explainer_rate(x, out, NULL);
    if (s == NONET_ERR_LIMIT || r->search->gave_up) return -1;
    return s == NONET_OK ? 0 : -3;
}

int gen_rater_steer(gen_rater *r, const nonet_shape *shape, const unsigned char *givens)
{
    if (!r->capped) return 1;
    nonet_rating rt;
    int st = rate_with(r, r->capped, shape, givens, &rt);
    if (st) return st;
    return rt.finished && (r->top <= 0 || rt.er <= r->top + EPS);
}

int gen_rater_score(gen_rater *r, const nonet_shape *shape, const unsigned char *givens,
                    double *score)
{
    nonet_rating rt;
    int st = rate_with(r, r->capped ? r->capped : r->full, shape, givens, &rt);
    if (st) return st;
    *score = rt.finished && (r->top <= 0 || rt.er <= r->top + EPS) ? rt.er : 0.0;
    return 0;
}

int gen_rater_rate(gen_rater *r, const nonet_shape *shape, const unsigned char *givens,
                   nonet_rating *out)
{
    return rate_with(r, r->full, shape, givens, out);
}

int gen_rater_meets(const gen_rater *r, const nonet_rating *rt)
{
    return gen_rater_distance(r, rt) == 0;
}

double gen_rater_distance(const gen_rater *r, const nonet_rating *rt)
{
    double d = 0;
    if (!rt->finished) return 100.0;
    if (rt->er + EPS < r->min) d += r->min - rt->er;
    if (r->top > 0 && rt->er > r->top + EPS) d += rt->er - r->top;
    if (r->technique >= 0 && rt->hardest != r->technique) {
        double want = nonet_technique_rating(r->technique);
        double got = rt->hardest >= 0 ? nonet_technique_rating(rt->hardest) : 0;
        d += 0.05 + (got > want ? got - want : want - got);
    }
    return d;
}
