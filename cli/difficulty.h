/*
 * difficulty.h - the named difficulty bands, one table for the commands
 * that name a difficulty: generate's --difficulty, rate's and print's
 * difficulty (ER on Sudoku Explainer's scale).
 */
#ifndef NONET_CLI_DIFFICULTY_H
#define NONET_CLI_DIFFICULTY_H

/* The band named `name` ("easy" ... "nightmare"): sets its ER range (max 0:
 * no top) and returns 0; -1 when there is no such band. */
int cli_difficulty_find(const char *name, double *min, double *max);

/* The name of the band that holds rating `er` (one decimal place), or NULL
 * when none does (below 1.0, or 20.0: a puzzle no technique finishes). */
const char *cli_difficulty_name(double er);

/* The bands as "easy (ER 1.0-1.5), ..." for help texts. */
#define CLI_DIFFICULTY_NAMES "easy, medium, hard, fiendish, diabolical, nightmare"

#endif
