/*
 * difficulty.c - the named difficulty bands on Sudoku Explainer's ER scale
 * (nonet_difficulty_*): one table, easiest first, each band's range
 * [min, max] with max 0 for no top. Ratings carry one decimal place, so a
 * band holds every rating from its min less 0.05.
 */
#include <nonet.h>

#include <stddef.h>
#include <string.h>

static const struct band {
    const char *name;
    double min, max; /* ER; max 0: no top */
} bands[] = {{"easy", 1.0, 1.5},     {"medium", 1.6, 2.5},     {"hard", 2.6, 4.4},
             {"fiendish", 4.5, 6.2}, {"diabolical", 6.3, 8.9}, {"nightmare", 9.0, 0}};

enum { NBANDS = (int)(sizeof bands / sizeof bands[0]) };

#define STUCK 20.0 /* the rating of a puzzle no technique finishes */
#define EPS 1e-6

int nonet_difficulty_count(void) { return NBANDS; }

const char *nonet_difficulty_name(int band)
{
    return band >= 0 && band < NBANDS ? bands[band].name : NULL;
}

int nonet_difficulty_from_name(const char *name)
{
    for (int i = 0; name && i < NBANDS; i++)
        if (strcmp(bands[i].name, name) == 0) return i;
    return -1;
}

int nonet_difficulty_range(int band, double *min, double *max)
{
    if (band < 0 || band >= NBANDS) return -1;
    if (min) *min = bands[band].min;
    if (max) *max = bands[band].max;
    return 0;
}

int nonet_difficulty_of(double er)
{
    if (!(er < STUCK - EPS)) return -1; /* also NaN */
    for (int i = NBANDS; i-- > 0;)
        if (er >= bands[i].min - 0.05) return i; /* one decimal: 1.55 is 1.6 */
    return -1;
}
