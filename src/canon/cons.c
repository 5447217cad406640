/*
 * cons.c - transformations of puzzles that carry constraints (killer cages,
 * thermometers, dots, lines: docs/CONSTRAINTS.md). A constraint reads its
 * cells' places (neighbours, diagonals, whole rows in order) and, for most
 * kinds, the digits' values (sums, differences, order). So such a puzzle is
 * kept only by the symmetries of the square (which keep every neighbour,
 * diagonal and line), and its digits only relabelled when every constraint
 * it carries reads no value: cages without a sum, palindromes, extra
 * regions, clones, and quadruples (whose digits are relabelled with the
 * cells). Anything else is refused, naming the constraint, rather than
 * moved into a different puzzle.
 */
#include "canon/canon.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <string.h>

/* What a kind is called in a refusal (plural). */
static const char *cons_plural(int kind)
{
    static const char *const name[NONET_CONS_COUNT] = {
        [NONET_CONS_CAGE] = "killer cages",
        [NONET_CONS_LITTLE_KILLER] = "little killers",
        [NONET_CONS_SANDWICH] = "sandwich sums",
        [NONET_CONS_THERMO] = "thermometers",
        [NONET_CONS_ARROW] = "arrows",
        [NONET_CONS_WHITE_DOT] = "white dots",
        [NONET_CONS_BLACK_DOT] = "black dots",
        [NONET_CONS_DOTS_NEGATIVE] = "the negative dot rule",
        [NONET_CONS_X] = "X clues",
        [NONET_CONS_V] = "V clues",
        [NONET_CONS_XV_NEGATIVE] = "the negative XV rule",
        [NONET_CONS_WHISPER] = "whisper lines",
        [NONET_CONS_RENBAN] = "renban lines",
        [NONET_CONS_PALINDROME] = "palindromes",
        [NONET_CONS_BETWEEN] = "between lines",
        [NONET_CONS_ODD] = "odd cells",
        [NONET_CONS_EVEN] = "even cells",
        [NONET_CONS_MIN] = "minimum cells",
        [NONET_CONS_MAX] = "maximum cells",
        [NONET_CONS_QUADRUPLE] = "quadruples",
        [NONET_CONS_REGION] = "extra regions",
        [NONET_CONS_CLONE] = "clones",
    };
    return kind >= 0 && kind < NONET_CONS_COUNT && name[kind] ? name[kind] : "constraints";
}

/* 1 when constraint c survives any relabelling of the digits (its values,
 * if digits, relabelled too). */
static int relabel_safe(const nonet__constraint *c)
{
    switch (c->kind) {
    case NONET_CONS_CAGE: return c->nvalues == 0;
    case NONET_CONS_PALINDROME:
    case NONET_CONS_REGION:
    case NONET_CONS_CLONE:
    case NONET_CONS_QUADRUPLE: return 1;
    default: return 0;
    }
}

/* 1 when p[0..n-1] is 0..n-1 in order or reversed. */
static int straight_or_reversed(const unsigned char *p, int n)
{
    int up = 1, down = 1;
    for (int i = 0; i < n; i++) {
        up &= p[i] == i;
        down &= p[i] == n - 1 - i;
    }
    return up || down;
}

/* 1 when t's digits are the identity. */
static int digits_kept(const nonet_transform *t)
{
    for (int d = 1; d <= t->size; d++)
        if (t->digits[d] != d) return 0;
    return 1;
}

nonet_status nonet__canon_cons_check(const nonet_puzzle *p, const nonet_transform *t,
                                     nonet_error *err)
{
    if (!p->ncons) return NONET_OK;
    int square = straight_or_reversed(t->rows, t->size) && straight_or_reversed(t->cols, t->size);
    int same_digits = digits_kept(t);
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *c = &p->cons[i];
        if (!square)
            return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                               "%s are only kept by turning or mirroring the grid, not by "
                               "moving rows or columns",
                               cons_plural(c->kind));
        if (!same_digits && !relabel_safe(c))
            return nonet__fail(err, NONET_ERR_ARG, 0, 0, "%s are not kept by relabelling digits",
                               cons_plural(c->kind));
    }
    return NONET_OK;
}

nonet_status nonet__canon_cons_none(const nonet_puzzle *p, nonet_error *err)
{
    if (!p->ncons) return NONET_OK;
    return nonet__fail(err, NONET_ERR_UNSUPPORTED, 0, 0,
                       "%s are not covered by canonical forms yet (they read the givens only)",
                       cons_plural(p->cons[0].kind));
}

/* The target cell of source cell `cell` under t (the inverse of the read
 * in nonet__canon_apply). */
static int target_cell(const nonet_transform *t, int cell)
{
    int n = t->size, sr = cell / n, sc = cell % n;
    if (t->transpose) { /* target (r, c) reads source (cols[c], rows[r]) */
        int tmp = sr;
        sr = sc;
        sc = tmp;
    }
    int r = 0, c = 0;
    while (t->rows[r] != sr) r++;
    while (t->cols[c] != sc) c++;
    return r * n + c;
}

int nonet__canon_cons_move(const nonet_puzzle *p, const nonet_transform *t, nonet_puzzle *q)
{
    int cells[NONET_MAX_CELLS], values[NONET_MAX_CELLS];
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *c = &p->cons[i];
        for (int k = 0; k < c->ncells; k++) cells[k] = target_cell(t, c->cells[k]);
        for (int k = 0; k < c->nvalues; k++)
            values[k] = c->kind == NONET_CONS_QUADRUPLE ? t->digits[c->values[k]] : c->values[k];
        if (nonet__puzzle_push_constraint(q, c->kind, cells, c->ncells, values, c->nvalues))
            return -1;
    }
    return 0;
}

int nonet__canon_cons_relabel(const nonet_puzzle *p)
{
    for (int i = 0; i < p->ncons; i++)
        if (!relabel_safe(&p->cons[i])) return 0;
    return 1;
}
