/*
 * oracle.h - the exhaustive reference for canonical forms of boxed shapes,
 * used only by tests and the checking bench. It shares no code with the
 * library's search: it tries every column arrangement of the group
 * explicitly and, for each, every row order depth first, cutting a branch
 * only when its rows so far already compare above the best found.
 */
#ifndef NONET_CANON_ORACLE_H
#define NONET_CANON_ORACLE_H

/* Canonical form of the n*n `cells` (boxes r x c; transposed too when
 * r == c) into `out`: the smallest string (pattern == 0) or the smallest
 * layout then string (pattern == 1). *automorphisms receives the number of
 * distinct maps of the givens onto the form. Returns 0, or -1 when out of
 * memory. Feasible up to 12x12 (82,944 column arrangements). */
int oracle_canon(int n, int r, int c, const unsigned char *cells, int pattern, unsigned char *out,
                 unsigned long long *automorphisms);

#endif
