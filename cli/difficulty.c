/*
 * difficulty.c - the named difficulty bands (see difficulty.h), as the
 * library's table names them (nonet_difficulty_*).
 */
#include "difficulty.h"

#include <nonet.h>

int cli_difficulty_find(const char *name, double *min, double *max)
{
    return nonet_difficulty_range(nonet_difficulty_from_name(name), min, max);
}

const char *cli_difficulty_name(double er)
{
    return nonet_difficulty_name(nonet_difficulty_of(er));
}
