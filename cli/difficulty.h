/*
 * difficulty.h - the named difficulty bands for the commands that name a
 * difficulty: generate's --difficulty, rate's and print's difficulty (ER
 * on Sudoku Explainer's scale). The table is the library's
 * (nonet_difficulty_*); these are the tool's two questions to it.
 */
#ifndef NONET_CLI_DIFFICULTY_H
#define NONET_CLI_DIFFICULTY_H

/* The band named `name` ("easy" ... "nightmare"): sets its ER range (max 0:
 * no top) and returns 0; -1 when there is no such band. */
int cli_difficulty_find(const char *name, double *min, double *max);

/* The name of the band that holds rating `er` (one decimal place), or NULL
 * when none does (below 1.0, or 20.0: a puzzle no technique finishes). */
const char *cli_difficulty_name(double er);

/* The bands' names for help texts, in the library's order; and the bands
 * with their ranges, as generate's --help lists them (23 columns indented).
 * tests/unit/test_bands.c checks both against the library's table. */
#define CLI_DIFFICULTY_NAMES "easy, medium, hard, fiendish, diabolical, nightmare"
#define CLI_DIFFICULTY_BANDS                                                                       \
    "easy (ER 1.0-1.5), medium (1.6-2.5),\n"                                                       \
    "                       hard (2.6-4.4), fiendish (4.5-6.2), diabolical\n"                      \
    "                       (6.3-8.9), nightmare (9.0 and up)\n"

#endif
