/*
 * error.c - error reporting helpers, status names and the version string.
 * The library never prints: every failure ends up in a caller's nonet_error.
 */
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *nonet_version(void) { return NONET_VERSION; }

const char *nonet_status_name(nonet_status st)
{
    switch (st) {
    case NONET_OK: return "ok";
    case NONET_END: return "end of input";
    case NONET_ERR_SYNTAX: return "syntax error";
    case NONET_ERR_SHAPE: return "bad shape";
    case NONET_ERR_RULE: return "rule broken";
    case NONET_ERR_DETECT: return "unknown format";
    case NONET_ERR_UNSUPPORTED: return "unsupported";
    case NONET_ERR_LIMIT: return "gave up";
    case NONET_ERR_ARG: return "bad argument";
    case NONET_ERR_NOMEM: return "out of memory";
    case NONET_ERR_IO: return "read error";
    }
    return "unknown status";
}

int nonet_status_is_fatal(nonet_status st)
{
    return st == NONET_ERR_NOMEM || st == NONET_ERR_IO || st == NONET_ERR_ARG;
}

nonet_status nonet__fail(nonet_error *err, nonet_status code, long line, int column,
                         const char *fmt, ...)
{
    if (!err) return code;
    err->code = code;
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return code;
}

void nonet__error_clear(nonet_error *err)
{
    if (!err) return;
    err->code = NONET_OK;
    err->line = 0;
    err->column = 0;
    err->message[0] = '\0';
}

void nonet__error_source(nonet_error *err, const char *name)
{
    if (!err) return;
    nonet__copy_name(err->source, sizeof err->source, name);
}

void nonet__copy_name(char *dst, size_t cap, const char *src)
{
    const char *end = src ? memchr(src, '\0', cap - 1) : NULL;
    size_t n = !src ? 0 : end ? (size_t)(end - src) : cap - 1;
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}
