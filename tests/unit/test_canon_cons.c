/*
 * test_canon_cons.c - transformations of puzzles with constraints (issue
 * 30) through the public API: nonet_puzzle_transform moves every
 * constraint's cells by a symmetry of the square, relabels a quadruple's
 * digits with the cells', and refuses, naming the constraint, a
 * transformation that would make another puzzle (rows moved, digits
 * relabelled under a sum); nonet_puzzle_transform_random draws only
 * transformations it accepts; nonet_canon_puzzle refuses such puzzles.
 */
#include <nonet.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* An empty 9x9 puzzle with one constraint of kind k on cells. */
static nonet_puzzle *with(nonet_constraint_kind k, const int *cells, int ncells, const int *values,
                          int nvalues)
{
    nonet_error err;
    nonet_shape *s = nonet_shape_new_classic(9, &err);
    unsigned char empty[81] = {0};
    nonet_puzzle *p = s ? nonet_puzzle_new(s, empty, NULL, &err) : NULL;
    nonet_shape_free(s);
    if (!p || nonet_puzzle_add_constraint(p, k, cells, ncells, values, nvalues, &err)) {
        fprintf(stderr, "setup: %s\n", err.message);
        nonet_puzzle_free(p);
        return NULL;
    }
    return p;
}

int main(void)
{
    nonet_error err;
    nonet_transform t;
    static const int cage[] = {0, 1, 10}, sum[] = {12};
    nonet_puzzle *p = with(NONET_CONS_CAGE, cage, 3, sum, 1);
    CHECK(p != NULL);
    if (!p) return 1;

    /* turning the grid a quarter (transpose, then mirror the columns) moves the cage */
    nonet_transform_identity(&t, 9);
    t.transpose = 1;
    for (int i = 0; i < 9; i++) t.cols[i] = (unsigned char)(8 - i);
    nonet_puzzle *q = nonet_puzzle_transform(p, &t, &err);
    CHECK(q != NULL);
    if (q) {
        const int *cells, *values;
        int nc, nv;
        CHECK(nonet_puzzle_constraint_count(q) == 1);
        CHECK(nonet_puzzle_constraint(q, 0, &cells, &nc, &values, &nv) == NONET_CONS_CAGE);
        /* target (r, c) reads source (cols[c], rows[r]) = (8 - c, r) */
        CHECK(nc == 3 && cells[0] == 8 && cells[1] == 17 && cells[2] == 16);
        CHECK(nv == 1 && values[0] == 12);
        nonet_puzzle_free(q);
    }

    /* swapping two rows keeps the houses, not the cage's shape: refused */
    nonet_transform_identity(&t, 9);
    t.rows[0] = 1, t.rows[1] = 0;
    CHECK(nonet_puzzle_transform(p, &t, &err) == NULL);
    CHECK(err.code == NONET_ERR_ARG && strstr(err.message, "killer cages") != NULL);

    /* relabelling digits breaks the sum: refused, naming it */
    nonet_transform_identity(&t, 9);
    t.digits[1] = 2, t.digits[2] = 1;
    CHECK(nonet_puzzle_transform(p, &t, &err) == NULL);
    CHECK(err.code == NONET_ERR_ARG &&
          strstr(err.message, "killer cages are not kept by relabelling digits") != NULL);

    /* random draws: always accepted, never relabelled */
    for (uint64_t seed = 0; seed < 50; seed++) {
        CHECK(nonet_puzzle_transform_random(p, seed, &t, &err) == NONET_OK);
        for (int d = 1; d <= 9; d++) CHECK(t.digits[d] == d);
        q = nonet_puzzle_transform(p, &t, &err);
        CHECK(q != NULL);
        nonet_puzzle_free(q);
    }

    /* canonical forms refuse them */
    nonet_canon *w = nonet_canon_new();
    unsigned char out[81];
    CHECK(nonet_canon_puzzle(w, p, NONET_CANON_MINLEX, out, NULL, NULL, &err) ==
          NONET_ERR_UNSUPPORTED);
    CHECK(strstr(err.message, "killer cages") != NULL);
    nonet_canon_free(w);
    nonet_puzzle_free(p);

    /* a quadruple's digits follow the relabelling */
    static const int quad[] = {0, 1, 9, 10}, digits[] = {1, 2};
    p = with(NONET_CONS_QUADRUPLE, quad, 4, digits, 2);
    CHECK(p != NULL);
    if (!p) return 1;
    nonet_transform_identity(&t, 9);
    t.digits[1] = 5, t.digits[5] = 1;
    q = nonet_puzzle_transform(p, &t, &err);
    CHECK(q != NULL);
    if (q) {
        const int *values;
        int nv;
        nonet_puzzle_constraint(q, 0, NULL, NULL, &values, &nv);
        CHECK(nv == 2 && values[0] == 5 && values[1] == 2);
        nonet_puzzle_free(q);
    }
    int relabelled = 0;
    for (uint64_t seed = 0; seed < 20; seed++) {
        CHECK(nonet_puzzle_transform_random(p, seed, &t, &err) == NONET_OK);
        relabelled |= t.digits[1] != 1;
    }
    CHECK(relabelled);
    nonet_puzzle_free(p);
    if (failures) fprintf(stderr, "%d checks failed\n", failures);
    return failures != 0;
}
