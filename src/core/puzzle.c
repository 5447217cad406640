/*
 * puzzle.c - puzzle objects, and checking givens and solutions against the
 * rules of their shape. The checks name the digit, the house and the input
 * line, because they are what a user reads when a puzzle is wrong.
 */
#include "core/puzzle.h"

#include "core/assert.h"
#include "core/bits.h"
#include "core/error.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

nonet_puzzle *nonet__puzzle_alloc(const nonet_shape *shape, int with_rows)
{
    /* one block: the puzzle, then its cells */
    nonet_puzzle *p = calloc(1, sizeof *p + (size_t)shape->ncells);
    if (!p) return NULL;
    p->cells = (unsigned char *)(p + 1);
    if (with_rows) p->row_line = calloc((size_t)shape->n, sizeof *p->row_line);
    if (with_rows && !p->row_line) {
        free(p);
        return NULL;
    }
    p->shape = nonet_shape_ref(shape);
    return p;
}

nonet_puzzle *nonet__puzzle_recycle(nonet_puzzle *old, const nonet_shape *shape, int with_rows)
{
    if (!old || old->shape != shape || with_rows) {
        nonet_puzzle_free(old);
        return nonet__puzzle_alloc(shape, with_rows);
    }
    /* field by field, as nonet__puzzle_alloc leaves them: the strings
     * emptied, not cleared (a memset of the whole block cost 1.5% of
     * `nonet solve` on 17-clue) */
    nonet__puzzle_clear_constraints(old);
    free(old->cands);
    free(old->row_line);
    free(old->comment);
    old->cands = NULL;
    old->row_line = NULL;
    old->comment = NULL;
    old->line = old->index = 0;
    old->format = 0;
    old->source[0] = '\0';
    if (old->source_long) {
        free(old->source_long);
        old->source_long = NULL;
    }
    old->alphabet[0] = '\0';
    memset(old->cells, 0, (size_t)shape->ncells);
    return old;
}

nonet_puzzle *nonet_puzzle_new(const nonet_shape *shape, const unsigned char *cells,
                               const uint64_t *cands, nonet_error *err)
{
    if (!shape || !cells) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no shape or no cells");
        return NULL;
    }
    for (int i = 0; i < shape->ncells; i++) {
        if (cells[i] > shape->n) {
            nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d holds %d, outside 0..%d", i, cells[i],
                        shape->n);
            return NULL;
        }
        if (cands && !(cands[i] & shape->full)) {
            nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d has no candidate", i);
            return NULL;
        }
    }
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    if (p && cands) p->cands = malloc((size_t)shape->ncells * sizeof *p->cands);
    if (!p || (cands && !p->cands)) {
        nonet_puzzle_free(p);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return NULL;
    }
    memcpy(p->cells, cells, (size_t)shape->ncells);
    if (cands)
        for (int i = 0; i < shape->ncells; i++) p->cands[i] = cands[i] & shape->full;
    NONET_ASSERT(nonet__puzzle_ok(p));
    return p;
}

void nonet_puzzle_free(nonet_puzzle *p)
{
    if (!p) return;
    nonet_shape_free(p->shape);
    nonet__puzzle_clear_constraints(p);
    free(p->cons);
    free(p->cands);
    free(p->row_line);
    free(p->comment);
    free(p->source_long);
    free(p);
}

const nonet_shape *nonet_puzzle_shape(const nonet_puzzle *p) { return p->shape; }
const unsigned char *nonet_puzzle_cells(const nonet_puzzle *p) { return p->cells; }
const uint64_t *nonet_puzzle_candidates(const nonet_puzzle *p) { return p->cands; }
long nonet_puzzle_line(const nonet_puzzle *p) { return p->line; }
long nonet_puzzle_index(const nonet_puzzle *p) { return p->index; }
const char *nonet_puzzle_source(const nonet_puzzle *p)
{
    return p->source_long ? p->source_long : p->source;
}

void nonet__puzzle_set_source(nonet_puzzle *p, const char *name)
{
    size_t len = name ? strlen(name) : 0;
    nonet__copy_name(p->source, sizeof p->source, name);
    if (len < sizeof p->source) {
        if (p->source_long) { /* a long name before: not one call a puzzle */
            free(p->source_long);
            p->source_long = NULL;
        }
        return;
    }
    if (p->source_long && strcmp(p->source_long, name) == 0) return; /* a stream's next puzzle */
    free(p->source_long);
    p->source_long = malloc(len + 1);
    if (p->source_long) memcpy(p->source_long, name, len + 1);
}
int nonet_puzzle_format(const nonet_puzzle *p) { return p->format; }
const char *nonet_puzzle_comment(const nonet_puzzle *p) { return p->comment ? p->comment : ""; }

int nonet__puzzle_set_comment(nonet_puzzle *p, const char *text, size_t len)
{
    char *c = malloc(len + 1);
    if (!c) return -1;
    memcpy(c, text, len);
    c[len] = '\0';
    free(p->comment);
    p->comment = c;
    return 0;
}

int nonet__puzzle_set_candidates(nonet_puzzle *p, const uint64_t *masks)
{
    int cells = p->shape->ncells;
    p->cands = malloc((size_t)cells * sizeof *p->cands);
    if (!p->cands) return -1;
    for (int c = 0; c < cells; c++) {
        p->cands[c] = masks[c];
        if (masks[c] && !(masks[c] & (masks[c] - 1)))
            p->cells[c] = (unsigned char)(nonet__ctz(masks[c]) + 1);
    }
    return 0;
}

int nonet__puzzle_push_constraint(nonet_puzzle *p, int kind, const int *cells, int ncells,
                                  const int *values, int nvalues)
{
    if (p->ncons == p->cons_cap) {
        int cap = p->cons_cap ? 2 * p->cons_cap : 16;
        nonet__constraint *grown = realloc(p->cons, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        p->cons = grown;
        p->cons_cap = cap;
    }
    int *block = malloc((size_t)(ncells + nvalues + 1) * sizeof *block);
    if (!block) return -1;
    if (ncells) memcpy(block, cells, (size_t)ncells * sizeof *block);
    if (nvalues) memcpy(block + ncells, values, (size_t)nvalues * sizeof *block);
    nonet__constraint *k = &p->cons[p->ncons++];
    k->kind = kind;
    k->ncells = ncells;
    k->nvalues = nvalues;
    k->cells = block;
    k->values = block + ncells;
    return 0;
}

void nonet__puzzle_clear_constraints(nonet_puzzle *p)
{
    for (int i = 0; i < p->ncons; i++) free(p->cons[i].cells);
    p->ncons = 0;
}

long nonet__puzzle_row_line(const nonet_puzzle *p, int row)
{
    return p->row_line ? p->row_line[row] : p->line;
}

/* ------------------------------------------------------------------ */
/* Rule checks                                                          */
/* ------------------------------------------------------------------ */

/* Reports the first digit placed twice in one house of `grid`, scanning
 * house by house (a digit's first cell is looked up again only on that
 * error path). */
static nonet_status report_houses(const nonet_puzzle *p, const unsigned char *grid,
                                  nonet_error *err)
{
    const nonet_shape *s = p->shape;
    int n = s->n;
    for (int h = 0; h < s->nhouses; h++) {
        const int *cells = s->house + (size_t)h * (size_t)n;
        uint64_t seen = 0;
        for (int i = 0; i < n; i++) {
            int c = cells[i], d = grid[c];
            uint64_t bit;
            if (!d) continue;
            bit = (uint64_t)1 << (d - 1);
            if (seen & bit) {
                char name[32];
                int a = cells[0];
                for (int j = 0; j < i; j++)
                    if (grid[cells[j]] == d) {
                        a = cells[j];
                        break;
                    }
                return nonet__fail(err, NONET_ERR_RULE, nonet__puzzle_row_line(p, c / n), 0,
                                   "digit %d appears twice in %s (r%dc%d and r%dc%d)", d,
                                   nonet__house_name(s, h, name, sizeof name), a / n + 1, a % n + 1,
                                   c / n + 1, c % n + 1);
            }
            seen |= bit;
        }
    }
    return NONET_OK;
}

/* Reports the first digit placed twice in one house of `grid`. Fast path:
 * only filled cells are visited, each marking its digit in its houses; on a
 * clash, report_houses finds the error to report (the same one whatever the
 * cell order). */
static nonet_status check_houses(const nonet_puzzle *p, const unsigned char *grid, nonet_error *err)
{
    enum { MAX_FAST_HOUSES = 512 };
    const nonet_shape *s = p->shape;
    uint64_t seen[MAX_FAST_HOUSES];
    if (s->nhouses > MAX_FAST_HOUSES) return report_houses(p, grid, err);
    memset(seen, 0, (size_t)s->nhouses * sizeof seen[0]);
    for (int c = 0; c < s->ncells; c++) {
        int d = grid[c];
        uint64_t bit;
        if (!d) continue;
        bit = (uint64_t)1 << (d - 1);
        for (int k = s->cell_house_at[c]; k < s->cell_house_at[c + 1]; k++) {
            int h = s->cell_house[k];
            if (seen[h] & bit) return report_houses(p, grid, err);
            seen[h] |= bit;
        }
    }
    return NONET_OK;
}

/* Reports equal digits a knight's or king's move apart, and orthogonal
 * neighbours one apart under non-consecutive. */
static nonet_status check_links(const nonet_puzzle *p, const unsigned char *grid, nonet_error *err)
{
    const nonet_shape *s = p->shape;
    int n = s->n;
    if (s->xpeer_at[s->ncells] == 0 && s->adj_at[s->ncells] == 0)
        return NONET_OK; /* no such rule */
    for (int c = 0; c < s->ncells; c++) {
        int d = grid[c];
        if (!d) continue;
        for (int i = s->xpeer_at[c]; i < s->xpeer_at[c + 1]; i++) {
            int o = s->xpeer[i];
            if (o > c && grid[o] == d)
                return nonet__fail(err, NONET_ERR_RULE, nonet__puzzle_row_line(p, o / n), 0,
                                   "digit %d at r%dc%d and r%dc%d, which must differ", d, c / n + 1,
                                   c % n + 1, o / n + 1, o % n + 1);
        }
        for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
            int o = s->adj[i];
            if (o > c && grid[o] && (grid[o] == d + 1 || grid[o] + 1 == d))
                return nonet__fail(err, NONET_ERR_RULE, nonet__puzzle_row_line(p, o / n), 0,
                                   "consecutive digits %d and %d at neighbours r%dc%d and r%dc%d",
                                   d, grid[o], c / n + 1, c % n + 1, o / n + 1, o % n + 1);
        }
    }
    return NONET_OK;
}

nonet_status nonet__puzzle_check_rules(const nonet_puzzle *p, nonet_error *err)
{
    nonet_status st = check_houses(p, p->cells, err);
    if (!st) st = check_links(p, p->cells, err);
    if (st || !p->cands) return st;
    int n = p->shape->n;
    for (int c = 0; c < p->shape->ncells; c++)
        if (p->cells[c] && !(p->cands[c] >> (p->cells[c] - 1) & 1))
            return nonet__fail(err, NONET_ERR_RULE, nonet__puzzle_row_line(p, c / n), 0,
                               "given %d at r%dc%d is not among its candidates", p->cells[c],
                               c / n + 1, c % n + 1);
    return NONET_OK;
}

nonet_status nonet__puzzle_verify_rules(const nonet_puzzle *p, const unsigned char *grid,
                                        nonet_error *err)
{
    const nonet_shape *s = p->shape;
    int n = s->n;
    for (int c = 0; c < s->ncells; c++) {
        int d = grid[c];
        if (d < 1 || d > n)
            return nonet__fail(err, NONET_ERR_RULE, 0, 0, "cell r%dc%d holds %d, not a digit",
                               c / n + 1, c % n + 1, d);
        if (p->cells[c] && p->cells[c] != d)
            return nonet__fail(err, NONET_ERR_RULE, 0, 0,
                               "cell r%dc%d holds %d but the given is %d", c / n + 1, c % n + 1, d,
                               p->cells[c]);
        if (p->cands && !(p->cands[c] >> (d - 1) & 1))
            return nonet__fail(err, NONET_ERR_RULE, 0, 0,
                               "cell r%dc%d holds %d, not among its candidates", c / n + 1,
                               c % n + 1, d);
    }
    nonet_status st = check_houses(p, grid, err);
    return st ? st : check_links(p, grid, err);
}

int nonet__puzzle_ok(const nonet_puzzle *p)
{
    if (!p || !p->shape || !p->cells || p->cells != (const unsigned char *)(p + 1) ||
        atomic_load(&p->shape->refs) < 1 || p->index < 0 ||
        (unsigned)p->format >= NONET_FORMAT_COUNT)
        return 0;
    const nonet_shape *s = p->shape;
    for (int c = 0; c < s->ncells; c++)
        if (p->cells[c] > s->n ||
            (p->cands && (!(p->cands[c] & s->full) || (p->cands[c] & ~s->full))))
            return 0;
    if (memchr(p->source, '\0', sizeof p->source) == NULL ||
        memchr(p->alphabet, '\0', sizeof p->alphabet) == NULL)
        return 0;
    return !p->alphabet[0] || strlen(p->alphabet) >= (size_t)s->n;
}
