/*
 * generator.c - the public generating calls: options, the generator object,
 * and one puzzle from seed to result: its random stream, its shape (drawn
 * when the regions are random), its symmetry, its grid, carving, the clue
 * target's attempts, the hard search, and the puzzle handed back.
 *
 * The order in which a puzzle draws from its stream is fixed: symmetry
 * (RANDOM), region map, grid, carving orders, hard search; with a
 * difficulty target, each further try draws its grid, carving orders and
 * hard search after the last. nonet_generate_grid stops after the grid, so
 * it returns the grid nonet_generate carves.
 */
#include "generate/generate.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* Region maps drawn for one puzzle before giving up on the shape. */
#define MAP_DRAWS 64
/* Largest side whose random maps are drawn before their grid. */
#define MAP_FIRST_MAX 16

/* A difficulty target from this ER up (fiendish and harder) is searched
 * for by the hard search when a carve rates below it: steering keeps
 * puzzles under a band's top but cannot lift them over its floor, and
 * puzzles of these bands are rare among carved ones (measured: 3% of
 * minimal 9x9 puzzles rate 4.5-6.2, 0.2% from 9.0). */
#define HARD_FROM 4.5

/* Steps of that search for one try, when hard_steps does not say. */
#define TARGET_HARD_STEPS 30

void nonet_generate_options_init(nonet_generate_options *o)
{
    memset(o, 0, sizeof *o);
    o->symmetry = NONET_SYMMETRY_NONE;
    o->minimal = 1;
    o->attempts = 8;
    o->technique = -1;
    o->rating_tries = 200;
}

nonet_generator *nonet_generator_new(const nonet_generate_options *opt, nonet_error *err)
{
    nonet_generate_options defaults;
    if (!opt) {
        nonet_generate_options_init(&defaults);
        opt = &defaults;
    }
    if ((unsigned)opt->symmetry >= NONET_SYMMETRY_COUNT || opt->clues < 0 || opt->attempts < 0 ||
        opt->hard_steps < 0) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad generator options");
        return NULL;
    }
    if (gen_rater_check(opt, err) || gen_constrained_check(opt, err)) return NULL;
    nonet_generator *g = calloc(1, sizeof *g);
    if (g) {
        g->opt = *opt;
        if (g->opt.attempts < 1) g->opt.attempts = 1;
        g->region = malloc(NONET_MAX_CELLS * sizeof *g->region);
        g->grid = malloc(NONET_MAX_CELLS * 6);
        g->steering = gen_rater_target(opt);
        g->rating = g->steering || opt->rate;
    }
    if (!g || !g->region || !g->grid || gen_sym_init(&g->sym) ||
        (g->rating && gen_rater_init(&g->rater, &g->opt, &g->search))) {
        if (g) g->rating = 0; /* a failed gen_rater_init has freed its part */
        nonet_generator_free(g);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    g->givens = g->grid + NONET_MAX_CELLS;
    g->best = g->givens + NONET_MAX_CELLS;
    g->best_grid = g->best + NONET_MAX_CELLS;
    g->closest = g->best_grid + NONET_MAX_CELLS;
    g->closest_grid = g->closest + NONET_MAX_CELLS;
    return g;
}

void nonet_generator_free(nonet_generator *g)
{
    if (!g) return;
    nonet_shape_free(g->known);
    if (g->rating) gen_rater_free(&g->rater);
    gen_sym_free(&g->sym);
    nonet_solver_free(g->solver);
    free(g->search.ws.mem);
    free(g->region);
    free(g->grid);
    free(g);
}

/* ------------------------------------------------------------------ */
/* Symmetry and shape of one puzzle                                     */
/* ------------------------------------------------------------------ */

/* The extra groups of `s` (houses of kind GROUP) into `groups`; returns
 * their count. */
static int shape_groups(const nonet_shape *s, int *groups)
{
    int k = 0;
    for (int h = 0; h < s->nhouses; h++)
        if (s->house_kind[h] == NONET__GROUP)
            memcpy(groups + (size_t)k++ * (size_t)s->n, s->house + (size_t)h * (size_t)s->n,
                   (size_t)s->n * sizeof *groups);
    return k;
}

/* Whether s has extra groups (beyond rows, columns, boxes or regions and
 * variants' houses). */
static int shape_has_groups(const nonet_shape *s)
{
    for (int h = 0; h < s->nhouses; h++)
        if (s->house_kind[h] == NONET__GROUP) return 1;
    return 0;
}

/* A new shape with `tmpl`'s size, variants and groups and the jigsaw map
 * `region`; NULL with err set when the variants need boxes. */
static nonet_shape *jigsaw_like(const nonet_shape *tmpl, const int *region, nonet_error *err)
{
    int *groups = malloc((size_t)tmpl->nhouses * (size_t)tmpl->n * sizeof *groups);
    if (!groups) {
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = tmpl->n;
    sp.regions = region;
    sp.variants = tmpl->variants;
    sp.group_count = shape_groups(tmpl, groups);
    sp.groups = groups;
    nonet_shape *s = nonet_shape_new(&sp, err);
    free(groups);
    return s;
}

/* Whether symmetry `kind` fits `shape` (with random regions: fits the
 * symmetric start map with the shape's variants and groups), with the
 * reason in err when not. The answers are kept for the last shape asked. */
static nonet_status check_kind(nonet_generator *g, const nonet_shape *shape, nonet_symmetry kind,
                               nonet_error *err)
{
    if (g->known != shape || g->known_random != g->opt.random_regions) {
        nonet_shape_free(g->known);
        g->known = nonet_shape_ref(shape);
        g->known_random = g->opt.random_regions;
        g->fits = 1u << NONET_SYMMETRY_NONE;
        g->misfits = 0;
    }
    unsigned bit = 1u << kind;
    if ((g->fits & bit) && !err) return NONET_OK;
    if ((g->misfits & bit) && !err) return NONET_ERR_SHAPE;
    nonet_status st;
    if (!g->opt.random_regions) {
        st = gen_sym_check(shape, kind, err);
    } else if (!gen_regions_start(shape->n, kind, g->region)) {
        st = nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                         "cannot draw %dx%d jigsaw regions with symmetry %s (neither its boxes "
                         "nor its rows have it)",
                         shape->n, shape->n, nonet_symmetry_name(kind));
    } else {
        nonet_shape *start = jigsaw_like(shape, g->region, err);
        st = start ? gen_sym_check(start, kind, err) : err ? err->code : NONET_ERR_SHAPE;
        nonet_shape_free(start);
    }
    if (st == NONET_OK) g->fits |= bit;
    else if (st == NONET_ERR_SHAPE) g->misfits |= bit;
    return st;
}

/* The symmetry of this puzzle: the option's, checked, or for RANDOM one
 * drawn among those that fit. */
static nonet_status pick_kind(nonet_generator *g, const nonet_shape *shape, nonet_symmetry *kind,
                              nonet_error *err)
{
    if (g->opt.symmetry != NONET_SYMMETRY_RANDOM) {
        *kind = g->opt.symmetry;
        nonet_status st = check_kind(g, shape, *kind, NULL);
        return st == NONET_OK ? st : check_kind(g, shape, *kind, err);
    }
    nonet_symmetry ok[8];
    int k = 0;
    for (int s = NONET_SYMMETRY_ROTATE180; s <= NONET_SYMMETRY_DIHEDRAL; s++)
        if (check_kind(g, shape, (nonet_symmetry)s, NULL) == NONET_OK) ok[k++] = (nonet_symmetry)s;
    *kind = k ? ok[nonet__rng_below(&g->rng, (uint32_t)k)] : NONET_SYMMETRY_NONE;
    return NONET_OK;
}

/* Starts puzzle `index`: its stream and counters. */
static void begin(nonet_generator *g, uint64_t index, nonet_generate_result *res)
{
    uint64_t seed = nonet__rng_derive(g->opt.seed, index);
    nonet__rng_seed(&g->rng, seed);
    g->search.nodes = 0;
    g->search.asked = 0;
    g->search.gave_up = 0;
    g->search.progress = g->opt.progress;
    g->search.progress_ctx = g->opt.progress_ctx;
    memset(res, 0, sizeof *res);
    res->seed = seed;
    res->target_met = 1;
    res->hardest = -1;
    res->tries = 1;
}

/* The shape of the start map in g->region (boxes or rows) with `tmpl`'s
 * variants and groups: boxes are given as boxes, so that the grid search
 * (or the pattern, above side 25) applies. */
static nonet_shape *start_shape(nonet_generator *g, const nonet_shape *tmpl, nonet_error *err)
{
    int br, bc, n = tmpl->n, boxes = !shape_has_groups(tmpl);
    nonet_default_box(n, &br, &bc);
    for (int c = 0; c < n * n && boxes; c++)
        boxes = g->region[c] == (c / n / br) * (n / bc) + (c % n) / bc;
    if (!boxes) return jigsaw_like(tmpl, g->region, err);
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = n;
    sp.box_rows = br;
    sp.box_cols = bc;
    sp.variants = tmpl->variants;
    return nonet_shape_new(&sp, err);
}

/* Grid first: a grid of the start map, then a map drawn around it. */
static nonet_status jigsaw_around_grid(nonet_generator *g, const nonet_shape *tmpl,
                                       nonet_symmetry kind, nonet_shape **out, nonet_error *err)
{
    gen_regions_start(tmpl->n, kind, g->region);
    nonet_shape *start = start_shape(g, tmpl, err);
    if (!start) return err ? err->code : NONET_ERR_SHAPE;
    nonet_status st = gen_grid(&g->search, start, &g->rng, 4, 1, g->grid, err);
    nonet_shape_free(start);
    if (st == NONET_OK) st = gen_regions_for_grid(tmpl->n, kind, &g->rng, g->grid, g->region, err);
    if (st) return st;
    *out = jigsaw_like(tmpl, g->region, err);
    return *out ? NONET_OK : err ? err->code : NONET_ERR_SHAPE;
}

/* Draws region maps until one has a grid (in g->grid); *out receives the
 * new shape. Up to side 16 the map comes first (any map is as likely);
 * above, a random map so rarely has a grid that the map is drawn around a
 * grid instead. */
static nonet_status draw_jigsaw(nonet_generator *g, const nonet_shape *tmpl, nonet_symmetry kind,
                                nonet_shape **out, nonet_error *err)
{
    if (tmpl->n > MAP_FIRST_MAX) return jigsaw_around_grid(g, tmpl, kind, out, err);
    for (int i = 0; i < MAP_DRAWS; i++) {
        nonet_status st = gen_regions(tmpl->n, kind, &g->rng, g->region, err);
        if (st) return st;
        nonet_shape *s = jigsaw_like(tmpl, g->region, err);
        if (!s) return err ? err->code : NONET_ERR_SHAPE;
        st = gen_grid(&g->search, s, &g->rng, 4, 0, g->grid, err);
        if (st == NONET_OK) {
            *out = s;
            return NONET_OK;
        }
        nonet_shape_free(s);
        if (st != NONET_ERR_SHAPE) return st;
    }
    return jigsaw_around_grid(g, tmpl, kind, out, err);
}

/* The shape, symmetry and grid of puzzle `index` (the common start of
 * nonet_generate and nonet_generate_grid). *shape_out is a new reference. */
static nonet_status prepare(nonet_generator *g, const nonet_shape *shape, uint64_t index,
                            nonet_shape **shape_out, nonet_generate_result *res, nonet_error *err)
{
    begin(g, index, res);
    nonet_symmetry kind;
    nonet_status st = pick_kind(g, shape, &kind, err);
    if (st) return st;
    res->symmetry = kind;
    if (g->opt.random_regions) {
        st = draw_jigsaw(g, shape, kind, shape_out, err);
    } else {
        st = gen_grid(&g->search, shape, &g->rng, 24, 1, g->grid, err);
        if (st == NONET_OK) *shape_out = nonet_shape_ref(shape);
    }
    if (st == NONET_OK) gen_sym_orbits(&g->sym, kind, shape->n);
    return st;
}

/* ------------------------------------------------------------------ */
/* Carving                                                              */
/* ------------------------------------------------------------------ */

/* Carves g->grid into g->givens, trying new grids (or, when `fixed`, new
 * orders of the same grid) until the clue target is met or the attempts
 * run out; the fewest givens win. Returns 0, 1 when stopped with a unique
 * puzzle in g->givens, -1 stopped before one or out of memory. */
/* The job of carving g->grid on shape s: steered and scored by the rater
 * when the generator rates. */
static gen_job job_for(nonet_generator *g, const nonet_shape *s)
{
    gen_job job = {s, g->grid, &g->sym, &g->rng, &g->search, &g->opt, NULL, 0};
    if (g->rating) job.rater = &g->rater;
    return job;
}

static int carve_attempts(nonet_generator *g, const nonet_shape *s, int fixed,
                          nonet_generate_result *res, nonet_error *err)
{
    int ncells = s->ncells, best = -1, target = g->opt.clues;
    gen_job job = job_for(g, s);
    for (int a = 0; a < g->opt.attempts; a++) {
        if (a > 0 && !fixed && gen_grid(&g->search, s, &g->rng, 24, 1, g->grid, err)) break;
        gen_carved c;
        int r = gen_carve(&job, g->givens, &c);
        res->attempts = a + 1;
        if (r < 0) return -1;
        if (best < 0 || c.clues < best) {
            best = c.clues;
            res->clues = c.clues;
            res->minimal = c.minimal;
            memcpy(g->best, g->givens, (size_t)ncells);
            memcpy(g->best_grid, g->grid, (size_t)ncells);
        }
        if (r == 1) break;
        if (target <= 0 || c.clues <= target) break;
    }
    memcpy(g->givens, g->best, (size_t)ncells);
    memcpy(g->grid, g->best_grid, (size_t)ncells);
    res->target_met = target <= 0 || res->clues == target;
    return g->search.gave_up ? 1 : 0;
}

/* Runs the hard search on g->givens (unique and minimal). Returns 0, or 1
 * when the progress callback stopped it (the puzzle is still unique). */
static int harden(nonet_generator *g, const nonet_shape *s, nonet_generate_result *res)
{
    gen_job job = job_for(g, s);
    double score = gen_hard(&job, g->givens, g->grid);
    res->clues = 0;
    for (int c = 0; c < s->ncells; c++) res->clues += g->givens[c] != 0;
    res->score = score < 0 ? 0 : score;
    res->target_met = g->opt.clues <= 0 || res->clues == g->opt.clues;
    return score < 0 ? 1 : 0;
}

/* Hands back g->givens as a new puzzle of s with its solution. */
static nonet_status deliver(nonet_generator *g, const nonet_shape *s, nonet_puzzle **out,
                            unsigned char *solution, nonet_status st, nonet_error *err)
{
    *out = nonet_puzzle_new(s, g->givens, NULL, err);
    if (!*out) return NONET_ERR_NOMEM;
    if (solution) memcpy(solution, g->grid, (size_t)s->ncells);
    if (st == NONET_ERR_LIMIT)
        return nonet__fail(err, NONET_ERR_LIMIT, 0, 0, "gave up after %llu search nodes",
                           g->search.nodes);
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Difficulty targets                                                   */
/* ------------------------------------------------------------------ */

/* Copies rating rt into res. */
static void put_rating(nonet_generate_result *res, const nonet_rating *rt)
{
    res->rated = 1;
    res->er = rt->er;
    res->ep = rt->ep;
    res->ed = rt->ed;
    res->hardest = rt->hardest;
}

/* Rates g->givens into *rt and res. Returns 0, or 1 when stopped, -1 out of
 * memory. */
static int rate_result(nonet_generator *g, const nonet_shape *s, nonet_generate_result *res,
                       nonet_rating *rt)
{
    int q = gen_rater_rate(&g->rater, s, g->givens, rt);
    if (q) return q == -1 ? 1 : -1;
    put_rating(res, rt);
    return 0;
}

/* The ER the hard search climbs to for r's target (0: no hard search): the
 * band's floor from HARD_FROM up, a technique's rating always (puzzles
 * whose hardest step is one given technique are rare at any level). */
static double hard_goal(const gen_rater *r)
{
    double goal = r->min;
    if (r->technique >= 0) {
        double t = nonet_technique_rating(r->technique);
        return t > goal ? t : goal;
    }
    return goal >= HARD_FROM ? goal : 0;
}

/* Runs the hard search, scored by ER, from g->givens toward the target's
 * floor, and rates the result into *rt. Returns 0, 1 stopped, -1 out of
 * memory. */
static int climb(nonet_generator *g, const nonet_shape *s, nonet_generate_result *res,
                 nonet_rating *rt)
{
    nonet_generate_options o = g->opt;
    if (o.hard_steps <= 0) o.hard_steps = TARGET_HARD_STEPS;
    gen_job job = job_for(g, s);
    job.opt = &o;
    job.goal = hard_goal(&g->rater);
    double score = gen_hard(&job, g->givens, g->grid);
    if (score < 0) return g->search.gave_up ? 1 : -1;
    res->score = score;
    res->clues = 0;
    for (int c = 0; c < s->ncells; c++) res->clues += g->givens[c] != 0;
    res->target_met = g->opt.clues <= 0 || res->clues == g->opt.clues;
    return rate_result(g, s, res, rt);
}

/* One try at the difficulty target: carve (steered), rate, and climb when
 * the floor is high and the puzzle below it. Returns as carve_attempts. */
static int one_try(nonet_generator *g, const nonet_shape *s, int fixed, nonet_generate_result *res,
                   nonet_rating *rt, nonet_error *err)
{
    int r = carve_attempts(g, s, fixed, res, err);
    if (r) return r;
    r = rate_result(g, s, res, rt);
    if (r || gen_rater_meets(&g->rater, rt) || !hard_goal(&g->rater) || !rt->finished ||
        rt->er >= hard_goal(&g->rater))
        return r;
    return climb(g, s, res, rt);
}

/* Carves puzzles from new grids (or, when `fixed`, new orders of the same
 * grid) until one meets the difficulty target or rating_tries run out; the
 * closest is kept in g->givens. Returns as carve_attempts. */
static int meet_target(nonet_generator *g, const nonet_shape *s, int fixed,
                       nonet_generate_result *res, nonet_error *err)
{
    int ncells = s->ncells, tries = g->opt.rating_tries, r = 0;
    double best = -1;
    nonet_generate_result kept = *res;
    for (int t = 0; !tries || t < tries; t++) {
        if (t > 0 && !fixed && gen_grid(&g->search, s, &g->rng, 24, 1, g->grid, err)) break;
        nonet_rating rt;
        r = one_try(g, s, fixed, res, &rt, err);
        if (r < 0 && !g->search.gave_up) return -1;
        if (r) break;
        double d = gen_rater_distance(&g->rater, &rt);
        res->tries = t + 1;
        if (best < 0 || d < best) {
            best = d;
            kept = *res;
            memcpy(g->closest, g->givens, (size_t)ncells);
            memcpy(g->closest_grid, g->grid, (size_t)ncells);
        }
        if (d == 0) break;
    }
    if (best < 0) return r; /* stopped before any puzzle was rated */
    kept.tries = res->tries;
    *res = kept;
    res->target_met = res->target_met && best == 0;
    memcpy(g->givens, g->closest, (size_t)ncells);
    memcpy(g->grid, g->closest_grid, (size_t)ncells);
    return r ? 1 : 0;
}

/* Carves (and hardens, and rates) g->grid on shape s, then delivers. */
static nonet_status finish(nonet_generator *g, const nonet_shape *s, int fixed, nonet_puzzle **out,
                           unsigned char *solution, nonet_generate_result *res, nonet_error *err)
{
    nonet_rating rt;
    int r =
        g->steering ? meet_target(g, s, fixed, res, err) : carve_attempts(g, s, fixed, res, err);
    if (r == 0 && !g->steering && g->opt.hard_steps > 0 && res->minimal) r = harden(g, s, res);
    if (r == 0 && g->rating && !res->rated) r = rate_result(g, s, res, &rt);
    res->nodes = g->search.nodes;
    if (r < 0 && !g->search.gave_up)
        return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    if (r < 0)
        return nonet__fail(err, NONET_ERR_LIMIT, 0, 0, "gave up after %llu search nodes",
                           g->search.nodes);
    if (r == 1) res->minimal = 0;
    return deliver(g, s, out, solution, r == 1 ? NONET_ERR_LIMIT : NONET_OK, err);
}

nonet_status nonet_generate(nonet_generator *g, const nonet_shape *shape, uint64_t index,
                            nonet_puzzle **out, unsigned char *solution, nonet_generate_result *res,
                            nonet_error *err)
{
    nonet_generate_result local;
    if (!res) res = &local;
    if (out) *out = NULL;
    if (!g || !shape || !out)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no generator, shape or out");
    nonet_shape *s = NULL;
    nonet_status st = prepare(g, shape, index, &s, res, err);
    if (st == NONET_OK)
        st = g->opt.killer || g->opt.constraints ? gen_constrained(g, s, out, solution, res, err)
                                                 : finish(g, s, 0, out, solution, res, err);
    res->nodes = g->search.nodes;
    nonet_shape_free(s);
    return st;
}

nonet_status nonet_generate_grid(nonet_generator *g, const nonet_shape *shape, uint64_t index,
                                 nonet_puzzle **out, nonet_error *err)
{
    nonet_generate_result res;
    if (out) *out = NULL;
    if (!g || !shape || !out)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no generator, shape or out");
    nonet_shape *s = NULL;
    nonet_status st = prepare(g, shape, index, &s, &res, err);
    if (st == NONET_OK) {
        *out = nonet_puzzle_new(s, g->grid, NULL, err);
        if (!*out) st = NONET_ERR_NOMEM;
    }
    nonet_shape_free(s);
    return st;
}

/* ------------------------------------------------------------------ */
/* From a given start                                                   */
/* ------------------------------------------------------------------ */

/* Fills g->grid from `start`: itself when complete and valid, else its
 * first solution. Returns the solution count (up to 2), or -1 with err set. */
static int start_grid(nonet_generator *g, const nonet_puzzle *start, nonet_error *err)
{
    const nonet_shape *s = start->shape;
    if (nonet_puzzle_check(start, err)) return -1;
    int r = gen_count(&g->search, s, start->cells, start->cands, 2, 0, g->grid, NULL);
    if (r == -2) nonet__fail(err, NONET_ERR_LIMIT, start->line, 0, "gave up");
    else if (r < 0) nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    else if (r == 0) nonet__fail(err, NONET_ERR_RULE, start->line, 0, "the puzzle has no solution");
    return r > 0 ? r : -1;
}

/* Makes start's givens symmetric (whole orbits, from the solution) and
 * minimal into g->givens. Returns as gen_minimize. */
static int minimal_start(nonet_generator *g, const nonet_puzzle *start, nonet_generate_result *res)
{
    const nonet_shape *s = start->shape;
    const gen_sym *sym = &g->sym;
    for (int c = 0; c < s->ncells; c++) g->givens[c] = 0;
    for (int c = 0; c < s->ncells; c++)
        if (start->cells[c])
            for (int j = sym->orbit_at[sym->orbit_of[c]]; j < sym->orbit_at[sym->orbit_of[c] + 1];
                 j++)
                g->givens[sym->orbit_cell[j]] = g->grid[sym->orbit_cell[j]];
    gen_job job = job_for(g, s);
    gen_carved c;
    int r = gen_minimize(&job, g->givens, 0, &c);
    res->clues = c.clues;
    res->minimal = c.minimal;
    res->attempts = 1;
    return r;
}

nonet_status nonet_generate_from(nonet_generator *g, const nonet_puzzle *start, uint64_t index,
                                 nonet_puzzle **out, unsigned char *solution,
                                 nonet_generate_result *res, nonet_error *err)
{
    nonet_generate_result local;
    if (!res) res = &local;
    if (out) *out = NULL;
    if (!g || !start || !out)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no generator, start or out");
    const nonet_shape *s = start->shape;
    begin(g, index, res);
    nonet_symmetry kind;
    int saved = g->opt.random_regions;
    g->opt.random_regions = 0;
    nonet_status st = pick_kind(g, s, &kind, err);
    g->opt.random_regions = saved;
    if (st) return st;
    res->symmetry = kind;
    gen_sym_orbits(&g->sym, kind, s->n);
    int count = start_grid(g, start, err);
    if (count < 0) return err ? err->code : NONET_ERR_RULE;
    if (g->opt.hard_steps > 0 && count == 1) {
        int r = minimal_start(g, start, res);
        if (r == 0) r = harden(g, s, res);
        if (r == 0 && g->rating) {
            nonet_rating rt;
            r = rate_result(g, s, res, &rt);
        }
        res->nodes = g->search.nodes;
        if (r < 0) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        if (r == 1) res->minimal = 0;
        return deliver(g, s, out, solution, r == 1 ? NONET_ERR_LIMIT : NONET_OK, err);
    }
    return finish(g, s, 1, out, solution, res, err);
}
