/*
 * engine.c - nonet_explainer: the public step engine (life cycle, queries,
 * finding the next step by walking the technique table, applying steps and
 * moves). The object and its invariants are in explainer.h; the rating
 * loop is in rate.c.
 */
#include "human/chains.h"
#include "human/explainer.h"

#include "constraints/constraints.h"
#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Life cycle                                                           */
/* ------------------------------------------------------------------ */

/* Frees everything tied to the current shape. */
static void drop_shape(nonet_explainer *x)
{
    nonet__hgrid_free(&x->grid);
    nonet__hstep_free(&x->step);
    nonet__chainer_free(x->chains);
    x->chains = NULL;
    nonet__hgeo_free(&x->geo);
    nonet__cons_ctx_free(x->cons);
    x->cons = NULL;
    nonet_puzzle_free(x->start);
    free(x->scratch);
    free(x->solution);
    free(x->cache.lockd);
    free(x->cache.ax_cand);
    free(x->cache.ax_base);
    memset(&x->cache, 0, sizeof x->cache);
    nonet_shape_free(x->shape);
    x->start = NULL;
    x->scratch = NULL;
    x->solution = NULL;
    x->shape = NULL;
    x->ready = 0;
}

/* Builds everything for `shape`. Returns 0 or -1 (out of memory). */
static int take_shape(nonet_explainer *x, const nonet_shape *shape)
{
    x->shape = nonet_shape_ref(shape);
    size_t nc = (size_t)shape->ncells;
    x->scratch_ints = 32 * nc + (size_t)shape->peer_at[shape->ncells] + 4096;
    x->scratch = malloc(x->scratch_ints * sizeof *x->scratch);
    x->solution = malloc(nc);
    x->start = nonet__puzzle_alloc(shape, 0);
    if (!x->scratch || !x->solution || !x->start) return -1;
    x->start->cands = malloc(nc * sizeof *x->start->cands);
    if (!x->start->cands) return -1;
    if (nonet__hgeo_init(&x->geo, shape)) return -1;
    x->cache.lockd = malloc(((size_t)x->geo.nlock + 1) * sizeof *x->cache.lockd);
    x->cache.ax_cand = malloc(2 * nc * sizeof *x->cache.ax_cand);
    x->cache.ax_base = malloc(2 * nc);
    if (!x->cache.lockd || !x->cache.ax_cand || !x->cache.ax_base) return -1;
    if (nonet__hgrid_init(&x->grid, &x->geo)) return -1;
    x->chains = nonet__chainer_new(&x->geo);
    if (!x->chains) return -1;
    nonet__chainer_nested(x->chains, nonet__nested_offs);
    return nonet__hstep_init(&x->step, &x->geo);
}

nonet_explainer *nonet_explainer_new(const nonet_puzzle *p, nonet_error *err)
{
    nonet_explainer *x = calloc(1, sizeof *x);
    if (!x) {
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    x->enabled = malloc((size_t)nonet__ntechs);
    if (!x->enabled) {
        free(x);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    for (int t = 0; t < nonet__ntechs; t++)
        x->enabled[t] = !(nonet__techs[t].flags & NONET__H_EXTRA);
    x->nsol = NSOL_UNKNOWN;
    if (p && nonet_explainer_reset(x, p, err)) {
        nonet_explainer_free(x);
        return NULL;
    }
    return x;
}

void nonet_explainer_free(nonet_explainer *x)
{
    if (!x) return;
    drop_shape(x);
    nonet_solver_free(x->solver);
    free(x->enabled);
    free(x);
}

/* Copies p's givens, candidates and constraints into x->start (and the
 * constraints' context into x->cons). Returns 0, or -1 when out of memory. */
static int copy_start(nonet_explainer *x, const nonet_puzzle *p)
{
    size_t nc = (size_t)p->shape->ncells;
    memcpy(x->start->cells, p->cells, nc);
    for (size_t c = 0; c < nc; c++)
        x->start->cands[c] = p->cands ? p->cands[c] & p->shape->full : p->shape->full;
    x->start->line = p->line;
    nonet__puzzle_set_source(x->start, nonet_puzzle_source(p));
    nonet__cons_ctx_free(x->cons);
    x->cons = NULL;
    nonet__puzzle_clear_constraints(x->start);
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *k = &p->cons[i];
        if (nonet__puzzle_push_constraint(x->start, k->kind, k->cells, k->ncells, k->values,
                                          k->nvalues))
            return -1;
    }
    if (p->ncons && !(x->cons = nonet__cons_ctx_new(x->start))) return -1;
    return 0;
}

/* Sets the grid from x->start: givens placed, then candidates narrowed. */
static void load_grid(nonet_explainer *x)
{
    const nonet__hgeo *g = &x->geo;
    nonet__hgrid_clear(&x->grid, g);
    for (int c = 0; c < g->ncells; c++)
        if (x->start->cells[c]) nonet__hgrid_place(&x->grid, g, c, x->start->cells[c] - 1);
    for (int c = 0; c < g->ncells; c++)
        if (!x->grid.value[c])
            for (uint64_t m = x->grid.cand[c] & ~x->start->cands[c]; m; m &= m - 1)
                nonet__hgrid_eliminate(&x->grid, g, c, nonet__ctz(m));
}

/* 1 when shapes a and b have the same rules (the same houses and links),
 * so the tables built for one serve the other. */
static int same_rules(const nonet_shape *a, const nonet_shape *b)
{
    if (a == b) return 1;
    if (!a || !b || a->n != b->n || a->variants != b->variants || a->nhouses != b->nhouses ||
        a->box_rows != b->box_rows || a->box_cols != b->box_cols)
        return 0;
    size_t cells = (size_t)a->nhouses * (size_t)a->n;
    return memcmp(a->house, b->house, cells * sizeof *a->house) == 0 &&
           memcmp(a->house_kind, b->house_kind, (size_t)a->nhouses) == 0;
}

nonet_status nonet_explainer_reset(nonet_explainer *x, const nonet_puzzle *p, nonet_error *err)
{
    if (!x || !p) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer or no puzzle");
    x->ready = 0;
    nonet__error_source(err, p->source);
    nonet_status st = nonet_puzzle_check(p, err);
    if (st) return st;
    if (!same_rules(x->shape, p->shape)) {
        drop_shape(x);
        if (take_shape(x, p->shape)) {
            drop_shape(x);
            return nonet__fail(err, NONET_ERR_NOMEM, p->line, 0, "out of memory");
        }
    }
    if (copy_start(x, p)) return nonet__fail(err, NONET_ERR_NOMEM, p->line, 0, "out of memory");
    load_grid(x);
    x->nsol = NSOL_UNKNOWN;
    x->ready = 1;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Queries                                                              */
/* ------------------------------------------------------------------ */

const nonet_shape *nonet_explainer_shape(const nonet_explainer *x) { return x->shape; }

int nonet_explainer_value(const nonet_explainer *x, int cell)
{
    return x->ready && cell >= 0 && cell < x->geo.ncells ? x->grid.value[cell] : 0;
}

uint64_t nonet_explainer_candidates(const nonet_explainer *x, int cell)
{
    return x->ready && cell >= 0 && cell < x->geo.ncells ? x->grid.cand[cell] : 0;
}

int nonet_explainer_empty_cells(const nonet_explainer *x) { return x->ready ? x->grid.empty : 0; }

/* Solves the puzzle as reset, once: x->nsol and x->solution. The progress
 * callback bounds the search; when it gives up, nsol stays NSOL_GAVE_UP
 * (not known) until the next reset. */
static void solve_start(nonet_explainer *x)
{
    if (x->nsol != NSOL_UNKNOWN || !x->ready) return;
    if (!x->solver) x->solver = nonet_solver_new();
    nonet_options opt;
    nonet_options_init(&opt);
    opt.progress = x->progress;
    opt.progress_ctx = x->progress_ctx;
    nonet_result res;
    nonet_status st = x->solver
                          ? nonet_solver_run(x->solver, x->start, &opt, x->solution, &res, NULL)
                          : NONET_ERR_NOMEM;
    if (st == NONET_OK) x->nsol = res.solutions > 1 ? 2 : (int)res.solutions;
    else if (st == NONET_ERR_LIMIT) x->nsol = res.solutions > 1 ? 2 : NSOL_GAVE_UP;
    else if (st == NONET_ERR_NOMEM) x->nsol = NSOL_NOMEM;
    else x->nsol = NSOL_GAVE_UP;
}

int nonet_explainer_solutions(nonet_explainer *x)
{
    solve_start(x);
    return !x->ready ? 0 : x->nsol < 0 ? -1 : x->nsol;
}

const unsigned char *nonet_explainer_solution(nonet_explainer *x)
{
    solve_start(x);
    return x->ready && x->nsol == 1 ? x->solution : NULL;
}

nonet_status nonet_explainer_enable(nonet_explainer *x, int technique, int on)
{
    if (!x || technique < 0 || technique >= nonet__ntechs) return NONET_ERR_ARG;
    x->enabled[technique] = on != 0;
    return NONET_OK;
}

void nonet_explainer_set_progress(nonet_explainer *x, nonet_progress_fn fn, void *ctx)
{
    x->progress = fn;
    x->progress_ctx = ctx;
}

/* ------------------------------------------------------------------ */
/* Searching                                                            */
/* ------------------------------------------------------------------ */

/* What a search is for: the first enabled step, or every step of a row. */
typedef struct hunt {
    const nonet_explainer *x;
    int only;         /* -1, or the one row wanted (each) */
    int extras;       /* 1: extras count too */
    nonet_step_fn fn; /* each: the caller's callback */
    void *ctx;
} hunt;

/* Sink of nonet_explainer_next and rate: takes the first step of an
 * enabled row (and, when extras do not count, not of an extra row). */
static int take_first(void *ctx, const nonet__hstep *st)
{
    const hunt *h = ctx;
    int t = st->pub.technique;
    if (!h->x->enabled[t]) return 0;
    return h->extras || !(nonet__techs[t].flags & NONET__H_EXTRA);
}

/* Sink of nonet_explainer_each: every step of the wanted row. */
static int pass_each(void *ctx, const nonet__hstep *st)
{
    const hunt *h = ctx;
    if (st->pub.technique != h->only) return 0;
    return h->fn(h->ctx, &st->pub) != 0;
}

/* 1 when row t's finder may run now (uniqueness rows need a unique puzzle
 * of a shape whose rules are all houses, with no constraint beyond them:
 * a cage or a thermometer tells apart what a deadly pattern swaps), 0 when
 * not, -1 when the solver that answers found no memory. */
static int row_allowed(nonet_explainer *x, const nonet__htech *t)
{
    if (!(t->flags & NONET__H_UNIQUE)) return 1;
    if (!x->geo.uniq_shape || x->cons) return 0;
    solve_start(x);
    return x->nsol == NSOL_NOMEM ? -1 : x->nsol == 1;
}

/* Classifies a finder's result: STOP (x->stop set) when it stopped, ran
 * out of memory building a step, or the chain search stopped; else r. */
static nonet__hfound finder_result(nonet_explainer *x, nonet__hfound r)
{
    nonet_status why = x->step.nomem ? NONET_ERR_NOMEM : nonet__chainer_stopped(x->chains);
    if (r != NONET__HF_STOP && why == NONET_OK) return r;
    x->stop = why == NONET_OK ? NONET_ERR_LIMIT : why;
    return NONET__HF_STOP;
}

/* Sets c to run a finder on x's state with this sink. */
static void ctx_init(nonet_explainer *x, nonet__hctx *c, nonet__hsink sink, void *sink_ctx,
                     int first)
{
    c->geo = &x->geo;
    c->grid = &x->grid;
    c->step = &x->step;
    c->sink = sink;
    c->sink_ctx = sink_ctx;
    c->techs = nonet__techs;
    c->first = first;
    c->unique = x->nsol == 1;
    c->scratch = x->scratch;
    c->scratch_ints = x->scratch_ints;
    c->cache = &x->cache;
    c->chains = x->chains;
    c->cons = x->cons;
}

/* 1 when row t or one of the rows its finder also emits (those after it
 * with no finder of their own) is on. */
static int group_on(const nonet_explainer *x, int t)
{
    if (x->enabled[t]) return 1;
    for (int u = t + 1; u < nonet__ntechs && nonet__techs[u].from; u++)
        if (x->enabled[u]) return 1;
    return 0;
}

nonet__hfound nonet__find_first(nonet_explainer *x, int extras)
{
    hunt h = {x, -1, extras, NULL, NULL};
    nonet__hctx c;
    nonet__chainer_progress(x->chains, x->progress, x->progress_ctx);
    x->step.nomem = 0;
    for (int t = 0; t < nonet__ntechs; t++) {
        const nonet__htech *row = &nonet__techs[t];
        if (!row->find) continue;
        int allowed = row_allowed(x, row);
        if (allowed < 0) {
            x->stop = NONET_ERR_NOMEM;
            return NONET__HF_STOP;
        }
        if (!allowed || !group_on(x, t)) continue;
        if ((row->flags & NONET__H_EXTRA) && !extras) continue; /* rate: SE's own only */
        if (t > 1 && x->progress && x->progress(x->progress_ctx, (unsigned long long)t)) {
            x->stop = NONET_ERR_LIMIT;
            return NONET__HF_STOP;
        }
        ctx_init(x, &c, take_first, &h, 1);
        nonet__hfound r = finder_result(x, row->find(&c, row));
        if (r != NONET__HF_NONE) return r;
    }
    return NONET__HF_NONE;
}

nonet_status nonet__gave_up(const nonet_explainer *x, nonet_error *err)
{
    nonet__error_source(err, x->start->source);
    return nonet__fail(err, NONET_ERR_LIMIT, x->start->line, 0,
                       "gave up (the progress callback said so)");
}

nonet_status nonet__stopped(const nonet_explainer *x, nonet_error *err)
{
    if (x->stop != NONET_ERR_NOMEM) return nonet__gave_up(x, err);
    nonet__error_source(err, x->start->source);
    return nonet__fail(err, NONET_ERR_NOMEM, x->start->line, 0, "out of memory");
}

nonet_status nonet__broken(const nonet_explainer *x, nonet_error *err)
{
    nonet__error_source(err, x->start->source);
    return nonet__fail(err, NONET_ERR_RULE, x->start->line, 0,
                       "the candidates hold a contradiction (a cell without candidates or a "
                       "digit without a place in a house)");
}

nonet_status nonet_explainer_next(nonet_explainer *x, nonet_step *step, nonet_error *err)
{
    if (!x || !step || !x->ready)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer or step");
    if (!x->grid.empty) return NONET_END;
    if (nonet__hgrid_broken(&x->grid, &x->geo)) return nonet__broken(x, err);
    nonet__hfound found = nonet__find_first(x, 1);
    if (found == NONET__HF_STOP) return nonet__stopped(x, err);
    if (found == NONET__HF_NONE) return NONET_END;
    *step = x->step.pub;
    return NONET_OK;
}

nonet_status nonet_explainer_each(nonet_explainer *x, int technique, nonet_step_fn fn, void *ctx)
{
    if (!x || !fn || !x->ready || technique < 0 || technique >= nonet__ntechs) return NONET_ERR_ARG;
    const nonet__htech *row = nonet__tech_finder(&nonet__techs[technique]);
    int allowed = row_allowed(x, row);
    if (allowed <= 0) return allowed < 0 ? NONET_ERR_NOMEM : NONET_OK;
    hunt h = {x, technique, 1, fn, ctx};
    nonet__hctx c;
    ctx_init(x, &c, pass_each, &h, 0);
    nonet__chainer_progress(x->chains, x->progress, x->progress_ctx);
    x->step.nomem = 0;
    if (finder_result(x, row->find(&c, row)) != NONET__HF_STOP) return NONET_OK;
    return x->stop;
}

/* ------------------------------------------------------------------ */
/* Changing the state                                                   */
/* ------------------------------------------------------------------ */

/* Checks that (cell, digit) fits the shape; `place` also asks that the
 * cell is empty with the digit among its candidates. */
static nonet_status check_cand(const nonet_explainer *x, int cell, int digit, int place,
                               nonet_error *err)
{
    if (cell < 0 || cell >= x->geo.ncells || digit < 1 || digit > x->geo.n)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "candidate %d of cell %d is off the grid",
                           digit, cell);
    if (place && !(x->grid.cand[cell] >> (digit - 1) & 1))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "r%dc%d cannot take %d (not a candidate)",
                           cell / x->geo.n + 1, cell % x->geo.n + 1, digit);
    return NONET_OK;
}

nonet_status nonet_explainer_apply(nonet_explainer *x, const nonet_step *step, nonet_error *err)
{
    if (!x || !step || !x->ready)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer or step");
    for (int i = 0; i < step->neliminations; i++) {
        nonet_status st =
            check_cand(x, step->eliminations[i].cell, step->eliminations[i].digit, 0, err);
        if (st) return st;
    }
    for (int i = 0; i < step->nplacements; i++) {
        nonet_status st =
            check_cand(x, step->placements[i].cell, step->placements[i].digit, 1, err);
        if (st) return st;
    }
    for (int i = 0; i < step->neliminations; i++)
        nonet__hgrid_eliminate(&x->grid, &x->geo, step->eliminations[i].cell,
                               step->eliminations[i].digit - 1);
    for (int i = 0; i < step->nplacements; i++) {
        int c = step->placements[i].cell;
        if (!x->grid.value[c])
            nonet__hgrid_place(&x->grid, &x->geo, c, step->placements[i].digit - 1);
    }
    return NONET_OK;
}

nonet_status nonet_explainer_place(nonet_explainer *x, int cell, int digit, nonet_error *err)
{
    if (!x || !x->ready) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer");
    nonet_status st = check_cand(x, cell, digit, 1, err);
    if (!st) nonet__hgrid_place(&x->grid, &x->geo, cell, digit - 1);
    return st;
}

nonet_status nonet_explainer_eliminate(nonet_explainer *x, int cell, int digit, nonet_error *err)
{
    if (!x || !x->ready) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no explainer");
    nonet_status st = check_cand(x, cell, digit, 0, err);
    if (!st) nonet__hgrid_eliminate(&x->grid, &x->geo, cell, digit - 1);
    return st;
}
