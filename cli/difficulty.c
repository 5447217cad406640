/*
 * difficulty.c - the named difficulty bands (see difficulty.h).
 */
#include "difficulty.h"

#include <stddef.h>
#include <string.h>

/* ER on Sudoku Explainer's scale; max 0: no top. */
static const struct band {
    const char *name;
    double min, max;
} bands[] = {{"easy", 1.0, 1.5},     {"medium", 1.6, 2.5},     {"hard", 2.6, 4.4},
             {"fiendish", 4.5, 6.2}, {"diabolical", 6.3, 8.9}, {"nightmare", 9.0, 0}};

#define NBANDS (sizeof bands / sizeof bands[0])
#define EPS 1e-6
#define STUCK 20.0 /* the rating of a puzzle no technique finishes */

int cli_difficulty_find(const char *name, double *min, double *max)
{
    for (size_t i = 0; i < NBANDS; i++)
        if (strcmp(bands[i].name, name) == 0) {
            *min = bands[i].min;
            *max = bands[i].max;
            return 0;
        }
    return -1;
}

const char *cli_difficulty_name(double er)
{
    if (er >= STUCK - EPS) return NULL;
    for (size_t i = NBANDS; i-- > 0;)
        if (er >= bands[i].min - 0.05) return bands[i].name; /* one decimal: 1.55 is 1.6 */
    return NULL;
}
