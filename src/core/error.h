/*
 * error.h - filling nonet_error, shared by every module.
 */
#ifndef NONET_ERROR_H
#define NONET_ERROR_H

#include "nonet.h"

#if defined(__GNUC__)
#define NONET__PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NONET__PRINTF(a, b)
#endif

/* Sets err (when non-NULL) to code, line, column and a printf-style message;
 * keeps err->source. Returns code, so callers can `return nonet__fail(...)`. */
nonet_status nonet__fail(nonet_error *err, nonet_status code, long line, int column,
                         const char *fmt, ...) NONET__PRINTF(5, 6);

/* Clears err (when non-NULL) to NONET_OK with empty texts. */
void nonet__error_clear(nonet_error *err);

/* Copies `name` into err->source, cut to fit. */
void nonet__error_source(nonet_error *err, const char *name);

/* Copies NUL-terminated src (NULL: "") into dst of cap bytes (cap >= 1),
 * cut short to cap - 1 bytes: what snprintf "%s" would give, without
 * formatting on the per-puzzle path. */
void nonet__copy_name(char *dst, size_t cap, const char *src);

#endif
