/*
 * lzstring.c - LZ-string decoding and encoding (lzstring.h).
 *
 * The dictionary of the decoder is a forest: entry k is entry parent[k]
 * followed by one code unit (or a single unit when parent is -1), so an
 * entry costs three numbers and is written out by walking its parents. The
 * encoder keeps the same entries in a hash table of (parent, unit) pairs.
 */
#include "text/lzstring.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Bits in and out                                                      */
/* ------------------------------------------------------------------ */

/* The value of a base64 / URI-safe character, or -1. */
static int sextet(int ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+' || ch == ' ') return 62; /* ' ': a '+' a form decoded */
    if (ch == '/' || ch == '-') return 63; /* '-': the URI-safe alphabet's 63 */
    return -1;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

typedef struct bitreader {
    unsigned char *six; /* the sextets */
    size_t n, at;       /* count, next to load */
    int val, pos;       /* current sextet, bit mask within it (32 .. 1) */
    int over;           /* 1 once the input ran out */
} bitreader;

/* The next n bits, lowest first. */
static unsigned read_bits(bitreader *b, int n)
{
    unsigned bits = 0;
    for (int i = 0; i < n; i++) {
        if (!b->pos) {
            if (b->at >= b->n) {
                b->over = 1;
                return 0;
            }
            b->val = b->six[b->at++];
            b->pos = 32;
        }
        if (b->val & b->pos) bits |= 1u << i;
        b->pos >>= 1;
    }
    return bits;
}

/* The sextets of text (escapes decoded, padding and spaces around skipped);
 * NULL when a character is not of the alphabet. */
static unsigned char *sextets(const char *text, size_t len, size_t *n)
{
    unsigned char *six = malloc(len + 1);
    if (!six) return NULL;
    *n = 0;
    for (size_t i = 0; i < len; i++) {
        int ch = (unsigned char)text[i], v;
        if (ch == '%' && i + 2 < len && hexval(text[i + 1]) >= 0 && hexval(text[i + 2]) >= 0) {
            ch = hexval(text[i + 1]) * 16 + hexval(text[i + 2]);
            i += 2;
        }
        if (ch == '=' || ch == '\n' || ch == '\r' || ch == '\t') continue;
        if ((v = sextet(ch)) < 0) {
            free(six);
            return NULL;
        }
        six[(*n)++] = (unsigned char)v;
    }
    return six;
}

/* ------------------------------------------------------------------ */
/* Decoding                                                             */
/* ------------------------------------------------------------------ */

typedef struct dict {
    int32_t *parent; /* -1: a single unit */
    uint16_t *unit;  /* the last unit */
    uint16_t *first; /* the first unit */
    int32_t *len;
    int size, cap;
} dict;

static int dict_add(dict *d, int parent, uint16_t unit, uint16_t first, int len)
{
    if (d->size == d->cap) {
        int cap = d->cap ? 2 * d->cap : 1024;
        int32_t *p = realloc(d->parent, (size_t)cap * sizeof *p);
        if (p) d->parent = p;
        uint16_t *u = realloc(d->unit, (size_t)cap * sizeof *u);
        if (u) d->unit = u;
        uint16_t *f = realloc(d->first, (size_t)cap * sizeof *f);
        if (f) d->first = f;
        int32_t *l = realloc(d->len, (size_t)cap * sizeof *l);
        if (l) d->len = l;
        if (!p || !u || !f || !l) return 0;
        d->cap = cap;
    }
    d->parent[d->size] = parent;
    d->unit[d->size] = unit;
    d->first[d->size] = first;
    d->len[d->size] = len;
    d->size++;
    return 1;
}

static void dict_free(dict *d)
{
    free(d->parent);
    free(d->unit);
    free(d->first);
    free(d->len);
}

typedef struct units {
    uint16_t *u;
    size_t n, cap, limit;
} units;

/* Appends entry k of d; 0 when over the limit or out of memory. */
static int put_entry(units *o, const dict *d, int k)
{
    size_t len = (size_t)d->len[k];
    if (o->n + len > o->limit) return 0;
    if (o->n + len > o->cap) {
        size_t cap = (o->n + len) * 2;
        uint16_t *u = realloc(o->u, cap * sizeof *u);
        if (!u) return 0;
        o->u = u;
        o->cap = cap;
    }
    for (size_t i = len; i-- > 0; k = d->parent[k]) o->u[o->n + i] = d->unit[k];
    o->n += len;
    return 1;
}

/* UTF-16 units to a new UTF-8 string. */
static char *to_utf8(const uint16_t *u, size_t n, size_t *out_len)
{
    char *s = malloc(n * 3 + 1), *p = s;
    if (!s) return NULL;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = u[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000)
            c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00);
        if (c < 0x80) *p++ = (char)c;
        else if (c < 0x800) {
            *p++ = (char)(0xC0 | c >> 6);
            *p++ = (char)(0x80 | (c & 63));
        } else if (c < 0x10000) {
            *p++ = (char)(0xE0 | c >> 12);
            *p++ = (char)(0x80 | (c >> 6 & 63));
            *p++ = (char)(0x80 | (c & 63));
        } else { /* 4 bytes: the 3 a unit reserves per unit cover two units */
            *p++ = (char)(0xF0 | c >> 18);
            *p++ = (char)(0x80 | (c >> 12 & 63));
            *p++ = (char)(0x80 | (c >> 6 & 63));
            *p++ = (char)(0x80 | (c & 63));
        }
    }
    *p = '\0';
    *out_len = (size_t)(p - s);
    return s;
}

/* The decoder's loop over the bit stream into o; 1 on a clean end. */
static int decode(bitreader *b, dict *d, units *o)
{
    int bits = 3, enlarge = 4, w;
    for (int i = 0; i < 3; i++) dict_add(d, -1, 0, 0, 0); /* codes 0, 1, 2 */
    unsigned code = read_bits(b, 2);
    if (code == 2) return 1;
    if (code > 1 || b->over) return 0;
    unsigned ch = read_bits(b, code ? 16 : 8);
    if (!dict_add(d, -1, (uint16_t)ch, (uint16_t)ch, 1) || !put_entry(o, d, 3)) return 0;
    w = 3;
    for (;;) {
        unsigned cc = read_bits(b, bits);
        if (b->over) return 0;
        if (cc == 2) return 1;
        if (cc < 2) {
            ch = read_bits(b, cc ? 16 : 8);
            if (b->over || !dict_add(d, -1, (uint16_t)ch, (uint16_t)ch, 1)) return 0;
            cc = (unsigned)d->size - 1;
            if (--enlarge == 0) enlarge = 1 << bits++;
        }
        if (bits > 30) return 0;
        int entry;
        if ((int)cc < d->size && d->len[cc] > 0) entry = (int)cc;
        else if ((int)cc == d->size) { /* w followed by its own first unit */
            if (!dict_add(d, w, d->first[w], d->first[w], d->len[w] + 1)) return 0;
            entry = d->size - 1;
            if (!put_entry(o, d, entry)) return 0;
            w = entry;
            if (--enlarge == 0) enlarge = 1 << bits++;
            continue;
        } else return 0;
        if (!put_entry(o, d, entry)) return 0;
        if (!dict_add(d, w, d->first[entry], d->first[w], d->len[w] + 1)) return 0;
        w = entry;
        if (--enlarge == 0) enlarge = 1 << bits++;
    }
}

char *nonet__lz_decompress(const char *text, size_t len, size_t cap, size_t *out_len)
{
    size_t n;
    unsigned char *six = sextets(text, len, &n);
    if (!six) return NULL;
    bitreader b = {six, n, 0, 0, 0, 0};
    dict d = {0};
    units o = {NULL, 0, 0, cap};
    char *s = NULL;
    if (n && decode(&b, &d, &o)) {
        if (o.n) s = to_utf8(o.u, o.n, out_len);
        else if ((s = malloc(1)) != NULL) *s = '\0', *out_len = 0;
    }
    if (s && *out_len > cap) {
        free(s);
        s = NULL;
    }
    free(o.u);
    dict_free(&d);
    free(six);
    return s;
}

/* ------------------------------------------------------------------ */
/* Encoding                                                             */
/* ------------------------------------------------------------------ */

/* The code units of UTF-8 text (a malformed byte is U+FFFD, as
 * TextDecoder reads it); NULL when out of memory. */
static uint16_t *from_utf8(const char *text, size_t len, size_t *n)
{
    uint16_t *u = malloc((len + 1) * sizeof *u);
    const unsigned char *s = (const unsigned char *)text;
    if (!u) return NULL;
    *n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t c = s[i];
        int more = c < 0x80 ? 0 : c >= 0xF0 && c < 0xF5 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 ? 1 : -1;
        if (more > 0 && i + (size_t)more >= len) more = -1;
        if (more > 0) {
            c &= 0x3F >> more;
            for (int k = 1; k <= more && more > 0; k++) {
                if ((s[i + k] & 0xC0) != 0x80) more = -1;
                else c = c << 6 | (s[i + k] & 0x3F);
            }
            if (more > 0 &&
                ((more == 2 && c < 0x800) || (more == 3 && (c < 0x10000 || c > 0x10FFFF)) ||
                 (c >= 0xD800 && c < 0xE000)))
                more = -1;
        }
        if (more < 0) {
            u[(*n)++] = 0xFFFD;
            i++;
        } else if (c >= 0x10000) {
            u[(*n)++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
            u[(*n)++] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
            i += (size_t)more + 1;
        } else {
            u[(*n)++] = (uint16_t)c;
            i += (size_t)more + 1;
        }
    }
    return u;
}

/* The encoder's dictionary: a trie of phrases in a hash table of
 * (parent phrase, unit) pairs (parent -1: a single unit), each with its
 * code and, for single units, whether it still has to be sent as a
 * literal. */
typedef struct trie {
    int32_t *parent; /* per slot; INT32_MIN: empty */
    uint16_t *unit;
    int32_t *code;
    unsigned char *literal; /* 1: a single unit not sent yet */
    size_t mask;
} trie;

static size_t slot_of(const trie *t, int32_t parent, uint16_t unit)
{
    size_t h = ((size_t)(uint32_t)parent * 0x9E3779B1u) ^ ((size_t)unit * 0x85EBCA77u);
    for (h &= t->mask; t->parent[h] != INT32_MIN; h = (h + 1) & t->mask)
        if (t->parent[h] == parent && t->unit[h] == unit) break;
    return h;
}

typedef struct bitwriter {
    char *out;
    size_t n;
    const char *alphabet;
    int val, pos; /* bits gathered in the current character, and how many */
} bitwriter;

/* Appends the low n bits of value, lowest first (LZ-string's order). */
static void write_bits(bitwriter *w, unsigned value, int n)
{
    for (int i = 0; i < n; i++, value >>= 1) {
        w->val = w->val << 1 | (int)(value & 1);
        if (w->pos == 5) {
            w->out[w->n++] = w->alphabet[w->val];
            w->pos = w->val = 0;
        } else w->pos++;
    }
}

typedef struct encoder {
    trie t;
    bitwriter w;
    int bits, enlarge, size;
} encoder;

static void grow_width(encoder *e)
{
    if (--e->enlarge == 0) e->enlarge = 1 << e->bits++;
}

/* Sends phrase slot s: a literal the first time a single unit goes out,
 * else its code. */
static void emit(encoder *e, size_t s)
{
    if (e->t.literal[s]) {
        uint16_t u = e->t.unit[s];
        write_bits(&e->w, u < 256 ? 0 : 1, e->bits);
        write_bits(&e->w, u, u < 256 ? 8 : 16);
        grow_width(e);
        e->t.literal[s] = 0;
    } else write_bits(&e->w, (unsigned)e->t.code[s], e->bits);
    grow_width(e);
}

/* The phrase slot for (parent, unit), made with the next code when new. */
static size_t add_phrase(encoder *e, int32_t parent, uint16_t unit, int *made)
{
    size_t s = slot_of(&e->t, parent, unit);
    *made = e->t.parent[s] == INT32_MIN;
    if (*made) {
        e->t.parent[s] = parent;
        e->t.unit[s] = unit;
        e->t.code[s] = e->size++;
        e->t.literal[s] = parent < 0;
    }
    return s;
}

static void encode(encoder *e, const uint16_t *u, size_t n)
{
    long w = -1; /* the current phrase's slot, -1: none yet */
    int made;
    for (size_t i = 0; i < n; i++) {
        size_t single = add_phrase(e, -1, u[i], &made);
        if (w < 0) {
            w = (long)single;
            continue;
        }
        size_t s = slot_of(&e->t, e->t.code[w], u[i]);
        if (e->t.parent[s] != INT32_MIN) {
            w = (long)s;
            continue;
        }
        emit(e, (size_t)w);
        add_phrase(e, e->t.code[w], u[i], &made);
        w = (long)single;
    }
    if (w >= 0) emit(e, (size_t)w);
    write_bits(&e->w, 2, e->bits);
    do write_bits(&e->w, 0, 1);
    while (e->w.pos != 0);
}

char *nonet__lz_compress(const char *text, size_t len, int uri, size_t *out_len)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static const char url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
    size_t n, slots = 64;
    uint16_t *u = from_utf8(text, len, &n);
    if (!u) return NULL;
    while (slots < 2 * n + 8) slots *= 2;
    encoder e = {{malloc(slots * sizeof(int32_t)), malloc(slots * sizeof(uint16_t)),
                  malloc(slots * sizeof(int32_t)), malloc(slots), slots - 1},
                 {NULL, 0, uri ? url : b64, 0, 0},
                 2,
                 2,
                 3};
    /* each unit sends at most one code of at most 16 + 2 * 32 bits */
    e.w.out = malloc((n + 2) * 16 + 8);
    char *res = NULL;
    if (e.t.parent && e.t.unit && e.t.code && e.t.literal && e.w.out) {
        for (size_t s = 0; s < slots; s++) e.t.parent[s] = INT32_MIN;
        encode(&e, u, n);
        while (!uri && e.w.n % 4) e.w.out[e.w.n++] = '=';
        e.w.out[e.w.n] = '\0';
        *out_len = e.w.n;
        res = e.w.out;
        e.w.out = NULL;
    }
    free(e.w.out);
    free(e.t.parent);
    free(e.t.unit);
    free(e.t.code);
    free(e.t.literal);
    free(u);
    return res;
}
