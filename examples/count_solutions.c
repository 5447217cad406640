/*
 * count_solutions.c - count the solutions of a puzzle, checking each one.
 *
 *     count_solutions PUZZLE [LIMIT]
 *
 * PUZZLE is one line of N*N symbols ('.' or '0' empty), e.g. 16 dots for the
 * empty 4x4 grid. Counts every solution, or stops after LIMIT of them, and
 * verifies each solution as the search reports it. Prints one line:
 *     "COUNT solutions"            the search finished: the exact count
 *     "at least COUNT solutions"   it stopped at LIMIT
 * Exit status: 0 counted, 2 bad puzzle or a solution failed verification.
 *
 * Shows: nonet_puzzle_from_string, nonet_options (limit, solution callback),
 * nonet_solver_run with a reusable solver, nonet_result, nonet_puzzle_verify.
 *
 * Build against an installed nonet:
 *     cc -std=c11 count_solutions.c $(pkg-config --cflags --libs nonet) -o count_solutions
 */
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>

/* What the solution callback sees: the puzzle and how many grids failed. */
typedef struct checker {
    const nonet_puzzle *puzzle;
    unsigned long long bad;
} checker;

/* Called by the search with each solution (valid only during the call). */
static int check_solution(void *ctx, const unsigned char *grid)
{
    checker *c = ctx;
    if (nonet_puzzle_verify(c->puzzle, grid, NULL) != NONET_OK) c->bad++;
    return 0; /* 0: go on searching */
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fputs("usage: count_solutions PUZZLE [LIMIT]\n", stderr);
        return 2;
    }
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(argv[1], &err);
    if (!p) {
        fprintf(stderr, "count_solutions: %s\n", err.message);
        return 2;
    }
    checker c = {p, 0};
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = argc > 2 ? strtoull(argv[2], NULL, 10) : 0; /* 0 = count them all */
    opt.on_solution = check_solution;
    opt.solution_ctx = &c;

    nonet_solver *s = nonet_solver_new();
    nonet_result res;
    nonet_status st = s ? nonet_solver_run(s, p, &opt, NULL, &res, &err) : NONET_ERR_NOMEM;
    int status = 0;
    if (st != NONET_OK) {
        fprintf(stderr, "count_solutions: %s\n", s ? err.message : "out of memory");
        status = 2;
    } else if (c.bad) {
        fprintf(stderr, "count_solutions: %llu solutions failed verification\n", c.bad);
        status = 2;
    } else {
        printf("%s%llu solution%s\n", res.complete ? "" : "at least ", res.solutions,
               res.solutions == 1 ? "" : "s");
    }
    nonet_solver_free(s);
    nonet_puzzle_free(p);
    return status;
}
