/*
 * assert.c - what a failed NONET_ASSERT does (assert.h): the one place the
 * library writes to standard error, for a bug in itself, before aborting.
 */
#include "core/assert.h"

#include <stdio.h>
#include <stdlib.h>

void nonet__assert_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "nonet: internal check failed: %s (%s:%d)\n", what, file, line);
    abort();
}
