/*
 * line_split.c - buffered line splitting with bounded memory and lookahead, and
 * what every reader does with a line: skip comment lines, split tokens.
 * Invariant: buf[start..end) holds input bytes not yet split into lines;
 * ahead[] holds peeked lines in order, all numbered after `current`.
 */
#include "text/line_split.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes a read asks for (the buffer starts at twice that). Small, so that a
 * short run touches few pages: on a VM where a page's first touch costs
 * ~13 us (measured), 128 KiB of buffer was 0.4 ms of `nonet solve`'s
 * CPU, more than the extra reads of 16 KiB (~1.3 us a call) on 4 MB. */
#define CHUNK (1 << 14)

int nonet__lines_init(nonet__lines *ls, nonet_read_fn read, void *ctx)
{
    memset(ls, 0, sizeof *ls);
    ls->read = read;
    ls->ctx = ctx;
    ls->cap = 2 * CHUNK;
    ls->buf = malloc(ls->cap);
    return ls->buf ? 0 : -1;
}

void nonet__lines_free(nonet__lines *ls)
{
    for (size_t i = 0; i < ls->nahead; i++) free(ls->ahead[i].text);
    free(ls->ahead);
    free(ls->current.text);
    free(ls->buf);
    memset(ls, 0, sizeof *ls);
}

/* Reads more input after buf[end], moving or growing the buffer so that a
 * line of up to NONET__MAX_LINE bytes fits. Returns bytes read, 0 at end,
 * -1 on error. */
static long fill(nonet__lines *ls)
{
    if (ls->eof || ls->failed) return ls->failed ? -1 : 0;
    if (ls->start > 0) {
        memmove(ls->buf, ls->buf + ls->start, ls->end - ls->start);
        ls->end -= ls->start;
        ls->start = 0;
    }
    if (ls->cap - ls->end < CHUNK && ls->cap < NONET__MAX_LINE + 2 * CHUNK) {
        size_t cap = ls->cap * 2;
        char *b = realloc(ls->buf, cap);
        if (!b) {
            ls->failed = 1;
            return -1;
        }
        ls->buf = b;
        ls->cap = cap;
    }
    long got = ls->read(ls->ctx, ls->buf + ls->end, ls->cap - ls->end);
    if (got < 0) ls->failed = 1;
    else if (got == 0) ls->eof = 1;
    else ls->end += (size_t)got;
    return got;
}

/* Drops input up to and including the next newline (rest of a long line). */
static int skip_rest(nonet__lines *ls)
{
    for (;;) {
        char *nl = memchr(ls->buf + ls->start, '\n', ls->end - ls->start);
        if (nl) {
            ls->start = (size_t)(nl - ls->buf) + 1;
            return 0;
        }
        ls->start = ls->end;
        long got = fill(ls);
        if (got <= 0) return got < 0 ? -1 : 0;
    }
}

/* Trims the line's end and, on line 1, a byte-order mark. */
static void trim(nonet__line *l)
{
    while (l->len && (l->text[l->len - 1] == ' ' || l->text[l->len - 1] == '\t' ||
                      l->text[l->len - 1] == '\r'))
        l->len--;
    if (l->no == 1 && l->len >= 3 && memcmp(l->text, "\xEF\xBB\xBF", 3) == 0) {
        l->text += 3;
        l->len -= 3;
    }
}

/* Splits the next line off the buffer (not the lookahead queue). */
static int split(nonet__lines *ls, nonet__line *out)
{
    for (;;) {
        size_t avail = ls->end - ls->start;
        char *p = ls->buf + ls->start;
        char *nl = memchr(p, '\n', avail);
        size_t len = nl ? (size_t)(nl - p) : avail;
        int last = !nl && (ls->eof || ls->failed);
        if (nl || last || len > NONET__MAX_LINE) {
            if (last && len == 0) return ls->failed ? -1 : 0;
            out->too_long = len > NONET__MAX_LINE;
            out->text = p;
            out->len = out->too_long ? NONET__MAX_LINE : len;
            out->no = ++ls->lineno;
            if (nl) ls->start += len + 1;
            else if (out->too_long) {
                ls->start += out->len;
                /* The kept part stays in the buffer: skip the rest lazily by
                 * copying the line out first. */
                return 2;
            } else ls->start = ls->end;
            trim(out);
            return 1;
        }
        if (fill(ls) < 0) return -1;
    }
}

/* Copies line l into a held slot. */
static int hold(nonet__held *h, const nonet__line *l)
{
    h->text = malloc(l->len + 1);
    if (!h->text) return -1;
    memcpy(h->text, l->text, l->len);
    h->len = l->len;
    h->no = l->no;
    h->too_long = l->too_long;
    return 0;
}

/* Splits one line and appends a copy of it to the lookahead queue. */
static int push_ahead(nonet__lines *ls)
{
    nonet__line l;
    int r = split(ls, &l);
    if (r <= 0) return r;
    if (ls->nahead == ls->capahead) {
        size_t cap = ls->capahead ? ls->capahead * 2 : 8;
        nonet__held *a = realloc(ls->ahead, cap * sizeof *a);
        if (!a) return -1;
        ls->ahead = a;
        ls->capahead = cap;
    }
    if (r == 2) trim(&l);
    if (hold(&ls->ahead[ls->nahead], &l)) return -1;
    ls->nahead++;
    if (r == 2 && skip_rest(ls) < 0) return -1;
    return 1;
}

int nonet__lines_peek(nonet__lines *ls, size_t k, nonet__line *out)
{
    while (ls->nahead <= k) {
        int r = push_ahead(ls);
        if (r <= 0) return r;
    }
    const nonet__held *h = &ls->ahead[k];
    out->text = h->text;
    out->len = h->len;
    out->no = h->no;
    out->too_long = h->too_long;
    return 1;
}

int nonet__lines_next(nonet__lines *ls, nonet__line *out)
{
    free(ls->current.text);
    ls->current.text = NULL;
    if (ls->nahead) {
        ls->current = ls->ahead[0];
        memmove(ls->ahead, ls->ahead + 1, (ls->nahead - 1) * sizeof *ls->ahead);
        ls->nahead--;
        out->text = ls->current.text;
        out->len = ls->current.len;
        out->no = ls->current.no;
        out->too_long = ls->current.too_long;
        return 1;
    }
    int r = split(ls, out);
    if (r != 2) return r;
    /* A cut line: keep a copy, since skipping the rest reuses the buffer. */
    trim(out);
    nonet__held h;
    if (hold(&h, out) || skip_rest(ls) < 0) {
        free(h.text);
        return -1;
    }
    ls->current = h;
    out->text = h.text;
    return 1;
}

size_t nonet__lines_raw(nonet__lines *ls, size_t want, const char **text)
{
    if (ls->nahead || ls->lineno == 0) return 0;
    while (ls->end - ls->start < want && fill(ls) > 0) continue;
    *text = ls->buf + ls->start;
    return ls->end - ls->start;
}

void nonet__lines_consume(nonet__lines *ls, size_t n, long lines)
{
    ls->start += n;
    ls->lineno += lines;
}

/* Eight bytes of a line at once (x): returns the bytes that are neither a
 * digit nor '.', as 0x80 in their byte; stores the cells (digit, 0 for '.'
 * and '0') when `cells` is given. No byte's arithmetic carries into the next. */
static uint64_t plain9_word(uint64_t x, unsigned char *cells)
{
    const uint64_t high = 0x8080808080808080u, low7 = 0x7f7f7f7f7f7f7f7fu;
    uint64_t d = x ^ 0x3030303030303030u;                                /* '0'..'9' -> 0..9 */
    uint64_t nondigit = (d | ((d & low7) + 0x7676767676767676u)) & high; /* d > 9 */
    uint64_t y = x ^ 0x2e2e2e2e2e2e2e2eu;                                /* '.' -> 0 */
    uint64_t dot = ~(((y & low7) + low7) | y) & high;                    /* y == 0 */
    if (cells) {
        uint64_t c = d & ~((nondigit >> 7) * 0xff);
        memcpy(cells, &c, 8);
    }
    return nondigit & ~dot;
}

int nonet__plain9(const char *text, unsigned char *cells)
{
    uint64_t bad = 0;
    for (int i = 0; i < 80; i += 8) {
        uint64_t x;
        memcpy(&x, text + i, 8);
        bad |= plain9_word(x, cells ? cells + i : NULL);
    }
    unsigned char last = (unsigned char)text[80], d = (unsigned char)(last - '0');
    if (cells) cells[80] = d <= 9 ? d : 0;
    return !bad && (d <= 9 || last == '.') && text[81] == '\n';
}

void nonet__plain9_put(const unsigned char *cells, char *out)
{
    for (int i = 0; i < 80; i += 8) {
        uint64_t c;
        memcpy(&c, cells + i, 8);
        c += 0x3030303030303030u; /* digits 1..9: no byte carries */
        memcpy(out + i, &c, 8);
    }
    out[80] = (char)('0' + cells[80]);
    out[81] = '\n';
}

long nonet__lines_number(const nonet__lines *ls)
{
    return ls->nahead ? ls->ahead[0].no - 1 : ls->lineno;
}

/* ------------------------------------------------------------------ */
/* Content lines and tokens                                             */
/* ------------------------------------------------------------------ */

int nonet__line_is_comment(const nonet__line *l)
{
    return !l->len || l->text[0] == '#' || l->text[0] == '[';
}

int nonet__lines_peek_content(nonet__lines *ls, nonet__line *out)
{
    for (;;) {
        int got = nonet__lines_peek(ls, 0, out);
        if (got <= 0 || !nonet__line_is_comment(out)) return got;
        nonet__lines_next(ls, out);
    }
}

long nonet__lines_peek_content_from(nonet__lines *ls, long from, nonet__line *out)
{
    for (long k = from;; k++) {
        if (nonet__lines_peek(ls, (size_t)k, out) <= 0) return -1;
        if (!nonet__line_is_comment(out)) return k;
    }
}

int nonet__tokens(const nonet__line *l, int max, int *start, int *len)
{
    int count = 0;
    size_t i = 0;
    while (i < l->len) {
        while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t')) i++;
        if (i == l->len) break;
        size_t j = i;
        while (j < l->len && l->text[j] != ' ' && l->text[j] != '\t') j++;
        if (count < max) {
            start[count] = (int)i;
            len[count] = (int)(j - i);
        }
        count++;
        i = j;
    }
    return count;
}

const char *nonet__show_text(const nonet__line *l, char *buf, size_t cap)
{
    size_t n = l->len < cap - 1 ? l->len : cap - 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)l->text[i];
        buf[i] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
    }
    buf[n] = '\0';
    return buf;
}
