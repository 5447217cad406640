/*
 * assert.h - NONET_ASSERT, the checks of the invariants the file comments
 * state, in SQLite's style: a checker function returns 1 when a structure is
 * sound, and NONET_ASSERT(checker(x)) runs it where the structure changes
 * hands (built, handed to an engine, a search's root, a solution). The
 * checks are compiled in when NONET_ASSERTS is defined (the sanitizer, fuzz
 * and CI builds: CMake option NONET_ASSERTS) and cost nothing otherwise
 * (Release). A failed check is a bug in nonet: it names the check and
 * aborts.
 */
#ifndef NONET_CORE_ASSERT_H
#define NONET_CORE_ASSERT_H

#include "nonet.h"

#include "core/config.h"

#ifdef NONET_ASSERTS
#define NONET_ASSERT(cond) ((cond) ? (void)0 : nonet__assert_fail(#cond, __FILE__, __LINE__))
#else
#define NONET_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0)) /* type-checked, not run */
#endif

/* Reports a failed NONET_ASSERT on standard error and aborts. */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void nonet__assert_fail(const char *what, const char *file, int line);

/* Checkers: 1 when the structure keeps the invariants its header states. */
int nonet__shape_ok(const nonet_shape *s);   /* core/shape.h */
int nonet__puzzle_ok(const nonet_puzzle *p); /* core/puzzle.h */

#endif
