/*
 * hard.c - the hard-puzzle search: a local search (hill climbing that also
 * takes equal scores, so it can cross plateaus) around a unique, minimal
 * puzzle, as tdoku and the forum's hardest-puzzle hunts do.
 *
 * One step: drop one or two orbits of givens (the puzzle now has several
 * solutions), add orbits back, each from one of the first two solutions
 * found (chosen at random) at a cell where those two differ, until one
 * solution is left; then minimise. The solution grid may change from step
 * to step. The result is kept when its score is at least the current one.
 *
 * The score is the caller's score hook; else, when the generator rates,
 * the puzzle's ER (0 when the difficulty steering would refuse it: above
 * the band's top or needing a technique above the cap, so it is never kept
 * over one inside), and the search stops once the score reaches job->goal;
 * else the number of guesses the engine makes to prove the
 * puzzle unique: a rough measure of how much search the puzzle needs.
 */
#include "generate/generate.h"

#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

double gen_score(const gen_job *job, const unsigned char *givens)
{
    const nonet_generate_options *o = job->opt;
    if (o->score) return o->score(o->score_ctx, job->shape, givens);
    if (job->rater) {
        double score;
        return gen_rater_score(job->rater, job->shape, givens, &score) ? -1.0 : score;
    }
    int r = gen_count(job->search, job->shape, givens, NULL, 2, 0, NULL, NULL);
    return r < 0 ? -1.0 : (double)job->search->guesses;
}

/* The orbit of a random given (want_given) or empty cell of `givens`; -1
 * when there is none. */
static int random_orbit(const gen_job *job, const unsigned char *givens, int want_given)
{
    int cells[NONET_MAX_CELLS], k = 0;
    for (int c = 0; c < job->shape->ncells; c++)
        if (!givens[c] == !want_given) cells[k++] = c;
    if (!k) return -1;
    return job->sym->orbit_of[cells[nonet__rng_below(job->rng, (uint32_t)k)]];
}

/* Sets the cells of orbit o from `digits` (0 to empty it). */
static void set_orbit(const gen_sym *sym, unsigned char *givens, int o, const unsigned char *digits)
{
    for (int j = sym->orbit_at[o]; j < sym->orbit_at[o + 1]; j++) {
        int c = sym->orbit_cell[j];
        givens[c] = digits ? digits[c] : 0;
    }
}

/* Adds orbits from the solutions found until `givens` has one solution,
 * left in `solution`. Returns 0, or -1 when a search was stopped. */
static int add_until_unique(const gen_job *job, unsigned char *givens, unsigned char *solution)
{
    const nonet_shape *s = job->shape;
    unsigned char other[NONET_MAX_CELLS];
    int diff[NONET_MAX_CELLS];
    for (;;) {
        int r = gen_count(job->search, s, givens, NULL, 2, 0, solution, other);
        if (r < 0) return -1;
        if (r == 1) return 0;
        if (r == 0) return -1; /* cannot happen: givens come from a solution */
        int k = 0;
        for (int c = 0; c < s->ncells; c++)
            if (solution[c] != other[c]) diff[k++] = c;
        int c = diff[nonet__rng_below(job->rng, (uint32_t)k)];
        set_orbit(job->sym, givens, job->sym->orbit_of[c],
                  nonet__rng_below(job->rng, 2) ? solution : other);
    }
}

/* One step from `givens` to a new unique, minimal puzzle in `next` with its
 * solution in `next_sol`. Returns 0, or -1 when stopped. */
static int step(const gen_job *job, const unsigned char *givens, unsigned char *next,
                unsigned char *next_sol)
{
    int ncells = job->shape->ncells;
    memcpy(next, givens, (size_t)ncells);
    int drops = 1 + (int)nonet__rng_below(job->rng, 2);
    for (int i = 0; i < drops; i++) {
        int o = random_orbit(job, next, 1);
        if (o >= 0) set_orbit(job->sym, next, o, NULL);
    }
    if (add_until_unique(job, next, next_sol)) return -1;
    gen_job sub = *job;
    sub.solution = next_sol;
    gen_carved carved;
    return gen_minimize(&sub, next, 0, &carved) == 0 ? 0 : -1;
}

double gen_hard(const gen_job *job, unsigned char *givens, unsigned char *solution)
{
    int ncells = job->shape->ncells;
    unsigned char *next = malloc((size_t)ncells * 2);
    if (!next) return -1.0;
    unsigned char *next_sol = next + ncells;
    gen_job cur = *job;
    cur.solution = solution;
    double score = gen_score(&cur, givens);
    for (int i = 0;
         i < job->opt->hard_steps && score >= 0 && !(job->goal > 0 && score >= job->goal); i++) {
        if (step(&cur, givens, next, next_sol)) {
            score = -1.0;
            break;
        }
        gen_job cand = cur;
        cand.solution = next_sol;
        double s = gen_score(&cand, next);
        if (s < 0) {
            score = -1.0;
            break;
        }
        if (s >= score) {
            memcpy(givens, next, (size_t)ncells);
            memcpy(solution, next_sol, (size_t)ncells);
            score = s;
        }
    }
    free(next);
    return score;
}
