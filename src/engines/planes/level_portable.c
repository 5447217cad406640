/*
 * level_portable.c - the planes engine in portable C (the "portable" level
 * of levels.h, built on every platform): core.inc on GCC/clang generic
 * vectors of 32 bytes, which the compiler lowers to whatever the baseline
 * target has.
 */
#include "engines/planes/state.h"

#define PL_ATTR
#define PL_CB16 32
#define PL_CB32 32
#define PL_LEVEL_RUN nonet__planes_run_portable
#define PL_TEST_ENTRIES 1 /* check.h's entries, for tests/unit/test_checks */

#include "engines/planes/widths.inc"
