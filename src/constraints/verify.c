/*
 * verify.c - nonet_puzzle_check and nonet_puzzle_verify: the shape's rules
 * (core's checks) and then the puzzle's constraints. A puzzle without
 * constraints costs no more than the rule checks.
 */
#include "constraints/constraints.h"

#include "core/error.h"

#include <stdlib.h>

/* What a failed constraint's message says, and the line it points at. */
static nonet_status report(const nonet_puzzle *p, const nonet__constraint *k, const char *what,
                           nonet_error *err)
{
    char name[96];
    long line = k->ncells ? nonet__puzzle_row_line(p, k->cells[0] / p->shape->n) : p->line;
    return nonet__fail(err, NONET_ERR_RULE, line, 0, "%s the %s", what,
                       nonet__cons_describe(p->shape, k, name, sizeof name));
}

/* Each constraint's propagator once on the givens' candidates: one that
 * finds a contradiction is broken by the givens. */
static nonet_status check_constraints(const nonet_puzzle *p, nonet_error *err)
{
    const nonet_shape *s = p->shape;
    nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
    uint64_t *cand = malloc((size_t)s->ncells * sizeof *cand);
    nonet_status st = NONET_OK;
    if (!ctx || !cand) {
        free(cand);
        nonet__cons_ctx_free(ctx);
        return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    }
    for (int i = 0; !st && i < p->ncons; i++) {
        for (int c = 0; c < s->ncells; c++)
            cand[c] = p->cells[c] ? 1ull << (p->cells[c] - 1) : p->cands ? p->cands[c] : s->full;
        const nonet__constraint *k = &p->cons[i];
        if (nonet__cons_type_of(k->kind)->propagate(ctx, k, cand) < 0)
            st = report(p, k, "the givens break", err);
    }
    free(cand);
    nonet__cons_ctx_free(ctx);
    return st;
}

nonet_status nonet_puzzle_check(const nonet_puzzle *p, nonet_error *err)
{
    nonet_status st = nonet__puzzle_check_rules(p, err);
    if (st || !p->ncons) return st;
    return check_constraints(p, err);
}

nonet_status nonet_puzzle_verify(const nonet_puzzle *p, const unsigned char *grid, nonet_error *err)
{
    nonet_status st = nonet__puzzle_verify_rules(p, grid, err);
    if (st || !p->ncons) return st;
    nonet__cons_ctx *ctx = nonet__cons_ctx_new(p);
    if (!ctx) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    int broken = nonet__cons_check_all(ctx, grid);
    nonet__cons_ctx_free(ctx);
    return broken < 0 ? NONET_OK : report(p, &p->cons[broken], "the grid breaks", err);
}
