/*
 * item.c - text buffers and input items (see item.h).
 */
#include "item.h"

#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_text_reserve(cli_text *t, size_t n)
{
    if (t->len + n + 1 <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n + 1) cap *= 2;
    char *p = realloc(t->s, cap);
    if (!p) return t->failed = -1;
    t->s = p;
    t->cap = cap;
    return 0;
}

int cli_text_put(cli_text *t, const char *s, size_t n)
{
    if (cli_text_reserve(t, n)) return -1;
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
    return 0;
}

int cli_text_printf(cli_text *t, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return t->failed = -1;
    if ((size_t)n < sizeof small) return cli_text_put(t, small, (size_t)n);
    char *big = malloc((size_t)n + 1);
    if (!big) return t->failed = -1;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    int r = cli_text_put(t, big, (size_t)n);
    free(big);
    return r;
}

void cli_put_error(cli_text *t, const nonet_error *e) { cli_put_error_in(t, e, NULL); }

void cli_put_error_in(cli_text *t, const nonet_error *e, const char *name)
{
    const char *src = name && name[0] ? name : e->source[0] ? e->source : "-";
    if (e->line > 0) cli_text_printf(t, "nonet: %s:%ld: %s\n", src, e->line, e->message);
    else cli_text_printf(t, "nonet: %s: %s\n", src, e->message);
}

void cli_put_item_error(cli_item *item, const nonet_error *e)
{
    const char *name = item->puzzle           ? nonet_puzzle_source(item->puzzle)
                       : cli_item_lines(item) ? item->lane->source
                                              : NULL;
    cli_put_error_in(&item->err, e, name);
}

void cli_item_reset(cli_item *item)
{
    nonet_puzzle_free(item->puzzle);
    item->puzzle = NULL;
    item->out.len = item->err.len = 0;
    if (item->lane) item->lane->lines.len = 0;
    item->out.failed = item->err.failed = 0;
    item->exit_status = EXIT_OK;
    item->read_status = NONET_OK;
    item->key[0] = item->key[1] = 0;
    item->unread.line = 0;
}

void cli_item_free(cli_item *item)
{
    nonet_puzzle_free(item->puzzle);
    free(item->out.s);
    free(item->err.s);
    if (item->lane) free(item->lane->lines.s);
    free(item->unread.source.s);
    free(item->unread.message.s);
    free(item->lane);
}

void cli_lane_mark(cli_item *item, size_t at)
{
    cli_lane *lane = item->lane;
    lane->out_at[lane->marks] = at;
    lane->err_at[lane->marks] = item->err.len;
    lane->marks++;
}
