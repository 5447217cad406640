/*
 * carve.c - from a solution grid to a puzzle with exactly one solution.
 *
 * The orbits of the symmetry (single cells when there is none) are put in a
 * random order. The shortest prefix of that order whose givens have one
 * solution is found by bisection: uniqueness only grows with the prefix, so
 * about log2(orbits) counts find it. That prefix is the first unique puzzle
 * (--no-minimal). The removal pass then visits its orbits in a fresh random
 * order and removes each one whose removal keeps the puzzle unique and that
 * the caller's accept hook takes; an orbit that could not go then cannot go
 * later either (fewer givens never make a puzzle unique again), so one pass
 * leaves a minimal puzzle: no orbit of givens can be removed.
 *
 * Every cell is equally likely to be visited at any point of either order,
 * so the givens spread evenly over the grid (no band or row is favoured).
 */
#include "generate/generate.h"

#include "core/assert.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* Fills givens with the first k orbits of `order`, others empty; returns
 * the number of givens. */
static int fill_prefix(const gen_job *job, const int *order, int k, unsigned char *givens)
{
    const gen_sym *sym = job->sym;
    int clues = 0;
    memset(givens, 0, (size_t)job->shape->ncells);
    for (int i = 0; i < k; i++)
        for (int j = sym->orbit_at[order[i]]; j < sym->orbit_at[order[i] + 1]; j++) {
            int c = sym->orbit_cell[j];
            givens[c] = job->solution[c];
            clues++;
        }
    return clues;
}

/* The nodes one count of the adding phase may spend before the puzzle is
 * taken as too open to judge: more givens (the next orbits of the random
 * order) are added instead. Big sparse grids have heavy-tailed searches. */
static unsigned long long add_budget(const nonet_shape *s)
{
    return 1000ull + 8ull * (unsigned long long)s->ncells;
}

/* Gives the solution's digits in orbit o; returns the givens added. */
static int give_orbit(const gen_job *job, unsigned char *givens, int o)
{
    const gen_sym *sym = job->sym;
    int added = 0;
    for (int j = sym->orbit_at[o]; j < sym->orbit_at[o + 1]; j++) {
        int c = sym->orbit_cell[j];
        added += !givens[c];
        givens[c] = job->solution[c];
    }
    return added;
}

/* Adds to `givens` (the first *next orbits of the random `order`, with
 * `clues` givens) until it has one solution: while there are several, one
 * of the first two found that is not the solution is ruled out by giving
 * the solution's digits in the orbit of a cell (drawn at random) where they
 * differ; when a count runs out of budget, the next orbit of the order is
 * given. Returns the number of givens, or -1 when the progress callback
 * stopped it, -3 when out of memory. */
static int add_until_unique(const gen_job *job, const int *order, int next, unsigned char *givens,
                            int clues, gen_witnesses *wit)
{
    const nonet_shape *s = job->shape;
    unsigned char first[NONET_MAX_CELLS], second[NONET_MAX_CELLS];
    int diff[NONET_MAX_CELLS];
    for (;;) {
        int r = gen_count(job->search, s, givens, NULL, 2, add_budget(s), first, second);
        if (r == -2 || r == -3) return r == -3 ? -3 : -1;
        if (r == 0 || r == 1) return clues; /* 0 cannot happen: the givens come from a solution */
        if (r < 0) {                        /* out of budget: densify */
            while (next < job->sym->norbits &&
                   givens[job->sym->orbit_cell[job->sym->orbit_at[order[next]]]])
                next++;
            if (next == job->sym->norbits) return clues; /* the full grid is unique */
            clues += give_orbit(job, givens, order[next++]);
            continue;
        }
        const unsigned char *other =
            memcmp(first, job->solution, (size_t)s->ncells) ? first : second;
        gen_witness_add(wit, job, other);
        int k = 0;
        for (int c = 0; c < s->ncells; c++)
            if (other[c] != job->solution[c]) diff[k++] = c;
        clues += give_orbit(job, givens,
                            job->sym->orbit_of[diff[nonet__rng_below(job->rng, (uint32_t)k)]]);
    }
}

/* Orbits of the random start: half of them on the classic 9x9 (the 9x9
 * engine settles such puzzles in a few nodes) and when no removal pass
 * follows (sparse big grids make slow counts), a third elsewhere, where the
 * removal pass is the longer part. Measured in instructions a puzzle
 * (callgrind): a third against a quarter, 16x16 minimal 110M against 161M
 * (planes engine), jigsaw 9x9 4.0G against 4.4G for 300 puzzles. */
static int start_orbits(const gen_job *job)
{
    int removing = job->opt->minimal || job->opt->clues > 0;
    return job->sym->norbits / (job->shape->classic9 || !removing ? 2 : 3);
}

static int minimize(const gen_job *job, unsigned char *givens, int target, gen_carved *out,
                    gen_witnesses *wit);

/* gen_carve after the adding phase: the clue target above the first unique
 * prefix, or the removal pass. */
static int carve_rest(const gen_job *job, const int *order, int k, unsigned char *givens,
                      gen_carved *out, gen_witnesses *wit)
{
    const gen_sym *sym = job->sym;
    int target = job->opt->clues;
    NONET_ASSERT(gen_givens_ok(job, givens, out->clues));
    if (target > 0 && target >= out->clues) {
        /* aim above the first unique prefix: more of the same order */
        for (int i = k; i < sym->norbits; i++) {
            int size = sym->orbit_at[order[i] + 1] - sym->orbit_at[order[i]];
            if (givens[sym->orbit_cell[sym->orbit_at[order[i]]]] || out->clues + size > target)
                continue;
            for (int j = sym->orbit_at[order[i]]; j < sym->orbit_at[order[i] + 1]; j++)
                givens[sym->orbit_cell[j]] = job->solution[sym->orbit_cell[j]];
            out->clues += size;
        }
        return 0;
    }
    if (!job->opt->minimal && target <= 0) return 0;
    gen_witness_pairs(wit, job);
    gen_witness_index(wit, sym, givens);
    return minimize(job, givens, target, out, wit);
}

int gen_carve(const gen_job *job, unsigned char *givens, gen_carved *out)
{
    const gen_sym *sym = job->sym;
    int order[NONET_MAX_CELLS];
    for (int i = 0; i < sym->norbits; i++) order[i] = i;
    nonet__rng_shuffle(job->rng, order, sym->norbits);
    int k = start_orbits(job);
    gen_witnesses wit; /* out of memory: an empty store, every orbit searched */
    gen_witness_init(&wit, sym->norbits);
    out->clues = add_until_unique(job, order, k, givens, fill_prefix(job, order, k, givens), &wit);
    out->minimal = 0;
    int r = out->clues < 0 ? -1 : carve_rest(job, order, k, givens, out, &wit);
    gen_witness_free(&wit);
    return r;
}

/* Whether the difficulty steering (job->rater) and the caller's accept hook
 * take `givens` (neither set: yes). Returns 1 or 0, or -1 stopped by the
 * progress callback, -3 out of memory. */
static int accepted(const gen_job *job, const unsigned char *givens)
{
    const nonet_generate_options *o = job->opt;
    if (job->rater) {
        int r = gen_rater_steer(job->rater, job->shape, givens);
        if (r != 1) return r;
    }
    return !o->accept || o->accept(o->accept_ctx, job->shape, givens);
}

/* Tries removing orbit o. Returns 1 when removed, 0 when it must stay (the
 * puzzle would not be unique), 2 when the hooks refused it, -1 stopped by
 * the progress callback, -3 out of memory. */
static int try_remove(const gen_job *job, unsigned char *givens, int o)
{
    const gen_sym *sym = job->sym;
    const int *cells = sym->orbit_cell + sym->orbit_at[o];
    int k = sym->orbit_at[o + 1] - sym->orbit_at[o];
    int r = gen_unique_without(job->search, job->shape, givens, job->solution, cells, k);
    if (r < 0) return r == -3 ? -3 : -1;
    if (!r) return 0;
    for (int i = 0; i < k; i++) givens[cells[i]] = 0;
    r = accepted(job, givens);
    if (r == 1) return 1;
    for (int i = 0; i < k; i++) givens[cells[i]] = job->solution[cells[i]];
    return r < 0 ? r : 2;
}

int gen_minimize(const gen_job *job, unsigned char *givens, int target, gen_carved *out)
{
    return minimize(job, givens, target, out, NULL);
}

/* gen_minimize, skipping the searches for the orbits that `wit` (NULL: none)
 * proves must stay. */
static int minimize(const gen_job *job, unsigned char *givens, int target, gen_carved *out,
                    gen_witnesses *wit)
{
    const gen_sym *sym = job->sym;
    int order[NONET_MAX_CELLS], m = 0, clues = 0;
    for (int o = 0; o < sym->norbits; o++)
        if (givens[sym->orbit_cell[sym->orbit_at[o]]]) {
            order[m++] = o;
            clues += sym->orbit_at[o + 1] - sym->orbit_at[o];
        }
    nonet__rng_shuffle(job->rng, order, m);
    int untried = 0; /* orbits left untried (the target was reached first) or refused */
    for (int i = 0; i < m; i++) {
        int size = sym->orbit_at[order[i] + 1] - sym->orbit_at[order[i]];
        if (target > 0 && clues <= target) {
            untried = 1;
            break;
        }
        if (target > 0 && clues - size < target) { /* would overshoot */
            untried = 1;
            continue;
        }
        if (gen_witness_holds(wit, order[i])) continue; /* must stay */
        int r = try_remove(job, givens, order[i]);
        if (r == 1) gen_witness_removed(wit, order[i]);
        if (r < 0) {
            out->clues = clues;
            out->minimal = 0;
            return r == -3 ? -1 : 1;
        }
        if (r == 2) untried = 1;
        else clues -= r * size;
    }
    out->clues = clues;
    out->minimal = !untried;
    NONET_ASSERT(gen_givens_ok(job, givens, clues));
    return 0;
}

int gen_givens_ok(const gen_job *job, const unsigned char *givens, int clues)
{
    const gen_sym *sym = job->sym;
    int count = 0;
    for (int o = 0; o < sym->norbits; o++) {
        int first = sym->orbit_cell[sym->orbit_at[o]];
        for (int j = sym->orbit_at[o]; j < sym->orbit_at[o + 1]; j++) {
            int c = sym->orbit_cell[j];
            if (!givens[c] != !givens[first]) return 0;
            if (givens[c] && givens[c] != job->solution[c]) return 0;
            count += givens[c] != 0;
        }
    }
    return count == clues;
}
