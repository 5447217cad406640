/*
 * solve_string.c - solve one puzzle written as a single line of symbols.
 *
 *     solve_string [PUZZLE]
 *
 * PUZZLE is N*N symbols for a classic N x N grid (81 for 9x9: 1-9, with '.'
 * or '0' for an empty cell); without it a bundled 9x9 puzzle is solved.
 * Prints the solution as one line. Exit status: 0 unique solution, 1 none or
 * several (the first is printed), 2 PUZZLE is not a puzzle.
 *
 * Build against an installed nonet:
 *     cc -std=c11 solve_string.c $(pkg-config --cflags --libs nonet) -o solve_string
 */
#include <nonet.h>

#include <stdio.h>

static const char bundled[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

int main(int argc, char **argv)
{
    const char *puzzle = argc > 1 ? argv[1] : bundled;
    char out[NONET_MAX_CELLS + 1]; /* room for the largest grid plus NUL */
    nonet_error err;

    /* Stop at 2 solutions: enough to tell "none", "unique" and "several". */
    long n = nonet_solve_string(puzzle, 2, out, sizeof out, &err);
    if (n < 0) {
        fprintf(stderr, "solve_string: %s\n", err.message);
        return 2;
    }
    if (n == 0) {
        puts("no solution");
        return 1;
    }
    puts(out);
    if (n > 1) fputs("solve_string: several solutions; this is the first\n", stderr);
    return n == 1 ? 0 : 1;
}
