/*
 * json.c - the small JSON reader (json.h): recursive descent over the text,
 * nodes appended to one growing array, a depth bound against deep nesting.
 */
#include "text/json.h"

#include <stdlib.h>
#include <string.h>

typedef struct parser {
    nonet__json *j;
    const char *t;
    size_t len, at;
    int depth;
    int loose; /* SudokuPad's compact JSON (json.h) */
} parser;

static int fail(parser *p, const char *why)
{
    if (!p->j->error) {
        p->j->error = why;
        p->j->error_at = p->at;
    }
    return -1;
}

static void skip_space(parser *p)
{
    while (p->at < p->len && (p->t[p->at] == ' ' || p->t[p->at] == '\t' || p->t[p->at] == '\n' ||
                              p->t[p->at] == '\r'))
        p->at++;
}

static int new_node(parser *p, int type)
{
    nonet__json *j = p->j;
    if (j->nnodes == j->cap) {
        int cap = j->cap ? 2 * j->cap : 256;
        nonet__json_node *n = realloc(j->node, (size_t)cap * sizeof *n);
        if (!n) return fail(p, "out of memory");
        j->node = n;
        j->cap = cap;
    }
    nonet__json_node *n = &j->node[j->nnodes];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->key = n->first = n->next = -1;
    return j->nnodes++;
}

/* Appends bytes to the string buffer; -1 when out of memory. */
static int put_bytes(parser *p, const char *s, size_t n)
{
    nonet__json *j = p->j;
    if (j->slen + n + 1 > j->scap) {
        size_t cap = (j->slen + n + 1) * 2;
        char *b = realloc(j->strings, cap);
        if (!b) return fail(p, "out of memory");
        j->strings = b;
        j->scap = cap;
    }
    memcpy(j->strings + j->slen, s, n);
    j->slen += n;
    return 0;
}

static int hex4(parser *p, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++, p->at++) {
        int ch = p->at < p->len ? p->t[p->at] : 0, d;
        if (ch >= '0' && ch <= '9') d = ch - '0';
        else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
        else return fail(p, "bad \\u escape");
        *v = *v * 16 + (unsigned)d;
    }
    return 0;
}

/* One code point as UTF-8. */
static int put_utf8(parser *p, unsigned c)
{
    char b[4];
    size_t n = 0;
    if (c < 0x80) b[n++] = (char)c;
    else if (c < 0x800) {
        b[n++] = (char)(0xC0 | c >> 6);
        b[n++] = (char)(0x80 | (c & 63));
    } else if (c < 0x10000) {
        b[n++] = (char)(0xE0 | c >> 12);
        b[n++] = (char)(0x80 | (c >> 6 & 63));
        b[n++] = (char)(0x80 | (c & 63));
    } else {
        b[n++] = (char)(0xF0 | c >> 18);
        b[n++] = (char)(0x80 | (c >> 12 & 63));
        b[n++] = (char)(0x80 | (c >> 6 & 63));
        b[n++] = (char)(0x80 | (c & 63));
    }
    return put_bytes(p, b, n);
}

/* A string at p->at (after its quote, '"' or, loose, '\''); sets *off and
 * *len. */
static int parse_string(parser *p, char quote, int *off, int *len)
{
    size_t start = p->j->slen;
    for (;;) {
        if (p->at >= p->len) return fail(p, "unterminated string");
        char ch = p->t[p->at++];
        if (ch == quote) break;
        if (ch == '\\' && p->loose && p->at < p->len && p->t[p->at] == '\'') {
            if (put_bytes(p, "'", 1)) return -1;
            p->at++;
            continue;
        }
        if ((unsigned char)ch < 0x20) return fail(p, "control character in a string");
        if (ch != '\\') {
            if (put_bytes(p, &ch, 1)) return -1;
            continue;
        }
        if (p->at >= p->len) return fail(p, "unterminated string");
        ch = p->t[p->at++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k = strchr(from, ch);
        if (ch && k) {
            if (put_bytes(p, to + (k - from), 1)) return -1;
            continue;
        }
        if (ch != 'u') return fail(p, "bad escape");
        unsigned c, lo;
        if (hex4(p, &c)) return -1;
        if (c >= 0xD800 && c < 0xDC00 && p->at + 1 < p->len && p->t[p->at] == '\\' &&
            p->t[p->at + 1] == 'u') {
            p->at += 2;
            if (hex4(p, &lo)) return -1;
            if (lo >= 0xDC00 && lo < 0xE000) c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (put_utf8(p, c)) return -1;
    }
    if (put_bytes(p, "", 1)) return -1;
    *off = (int)start;
    *len = (int)(p->j->slen - start - 1);
    return 0;
}

static int parse_value(parser *p);
static int parse_member_value(parser *p);

/* 1 when c may be part of a bare word of compact JSON (a name or value). */
static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c == '#' || c == '.' || c == '+' || c == '-';
}

/* A member name: a JSON string, or (loose) a '-quoted string or a bare
 * word of letters and digits. */
static int parse_name(parser *p, int *key)
{
    int keylen;
    char ch = p->at < p->len ? p->t[p->at] : 0;
    if (ch == '"' || (p->loose && ch == '\'')) {
        p->at++;
        return parse_string(p, ch, key, &keylen);
    }
    size_t n = 0;
    while (p->loose && p->at + n < p->len && word_char(p->t[p->at + n]) && p->t[p->at + n] != '#' &&
           p->t[p->at + n] != '.')
        n++;
    if (n == 0) return fail(p, "expected a member name");
    *key = (int)p->j->slen;
    if (put_bytes(p, p->t + p->at, n) || put_bytes(p, "", 1)) return -1;
    p->at += n;
    return 0;
}

/* Loose: an empty object, the element SudokuPad's compact JSON leaves out
 * ("[,,]" is three of them, "[]" one). */
static int elided(parser *p, int object)
{
    char ch = p->at < p->len ? p->t[p->at] : 0;
    return p->loose && !object && (ch == ',' || ch == ']');
}

/* The members or elements of an object or array, after its bracket. */
static int parse_children(parser *p, int self, int object)
{
    char close = object ? '}' : ']';
    int last = -1;
    skip_space(p);
    if (p->at < p->len && p->t[p->at] == close && !elided(p, object)) {
        p->at++;
        return 0;
    }
    for (;;) {
        int key = -1, child;
        skip_space(p);
        if (object) {
            if (parse_name(p, &key)) return -1;
            skip_space(p);
            if (p->at >= p->len || p->t[p->at] != ':') return fail(p, "expected ':'");
            p->at++;
        }
        if (elided(p, object)) child = new_node(p, NONET__JSON_OBJECT);
        else child = object && p->loose ? parse_member_value(p) : parse_value(p);
        if (child < 0) return -1;
        p->j->node[child].key = key;
        if (last < 0) p->j->node[self].first = child;
        else p->j->node[last].next = child;
        last = child;
        p->j->node[self].count++;
        skip_space(p);
        if (p->at < p->len && p->t[p->at] == ',') {
            p->at++;
            continue;
        }
        if (p->at < p->len && p->t[p->at] == close) {
            p->at++;
            return 0;
        }
        return fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_number(parser *p)
{
    const char *s = p->t + p->at;
    size_t n = 0;
    while (p->at + n < p->len && strchr("+-0123456789.eE", s[n]) && s[n]) n++;
    char buf[64];
    if (n == 0 || n >= sizeof buf) return fail(p, "bad value");
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    double v = strtod(buf, &end);
    if (end != buf + n) return fail(p, "bad number");
    int k = new_node(p, NONET__JSON_NUMBER);
    if (k < 0) return -1;
    p->j->node[k].number = v;
    p->at += n;
    return k;
}

/* A literal word (true, false, null). */
static int parse_word(parser *p, const char *word, int type)
{
    size_t n = strlen(word);
    if (p->len - p->at < n || memcmp(p->t + p->at, word, n) != 0) return fail(p, "bad value");
    p->at += n;
    return new_node(p, type);
}

/* A string node holding s (n bytes). */
static int string_node(parser *p, const char *s, size_t n)
{
    int k = new_node(p, NONET__JSON_STRING);
    if (k < 0) return -1;
    p->j->node[k].str = (int)p->j->slen;
    p->j->node[k].strlen = (int)n;
    if (put_bytes(p, s, n) || put_bytes(p, "", 1)) return -1;
    return k;
}

/* Loose: a member's value, where SudokuPad's compact JSON shortens words:
 * t, f (true, false), #0, #F (black, white) and six hex digits (a colour,
 * "#" left out). Anything else reads as in JSON. */
static int parse_member_value(parser *p)
{
    skip_space(p);
    size_t n = 0;
    const char *w = p->t + p->at;
    while (p->at + n < p->len && word_char(w[n])) n++;
    int hex = n == 6;
    for (size_t i = 0; hex && i < 6; i++) hex = strchr("0123456789abcdefABCDEF", w[i]) != NULL;
    if ((n == 1 && (w[0] == 't' || w[0] == 'f')) || (n == 2 && w[0] == '#') || hex) {
        char colour[8] = "#";
        p->at += n;
        if (n == 1) return new_node(p, w[0] == 't' ? NONET__JSON_TRUE : NONET__JSON_FALSE);
        if (n == 2 && w[1] != '0' && w[1] != 'F') return fail(p, "bad value");
        if (n == 2) return string_node(p, w[1] == '0' ? "#000000" : "#FFFFFF", 7);
        memcpy(colour + 1, w, 6);
        return string_node(p, colour, 7);
    }
    return parse_value(p);
}

static int parse_value(parser *p)
{
    skip_space(p);
    if (p->at >= p->len) return fail(p, "unexpected end");
    char ch = p->t[p->at];
    if (ch == '"' || (p->loose && ch == '\'')) {
        p->at++;
        int k = new_node(p, NONET__JSON_STRING), off = 0, len = 0;
        if (k < 0 || parse_string(p, ch, &off, &len)) return -1;
        p->j->node[k].str = off;
        p->j->node[k].strlen = len;
        return k;
    }
    if (ch == '{' || ch == '[') {
        if (++p->depth > 64) return fail(p, "nested too deep");
        p->at++;
        int k = new_node(p, ch == '{' ? NONET__JSON_OBJECT : NONET__JSON_ARRAY);
        if (k < 0 || parse_children(p, k, ch == '{')) return -1;
        p->depth--;
        return k;
    }
    if (ch == 't') return parse_word(p, "true", NONET__JSON_TRUE);
    if (ch == 'f') return parse_word(p, "false", NONET__JSON_FALSE);
    if (ch == 'n') return parse_word(p, "null", NONET__JSON_NULL);
    return parse_number(p);
}

static int parse_text(nonet__json *j, const char *text, size_t len, int loose)
{
    memset(j, 0, sizeof *j);
    parser p = {j, text, len, 0, 0, loose};
    if (parse_value(&p) < 0) return -1;
    skip_space(&p);
    if (p.at != len) return fail(&p, "text after the value");
    return 0;
}

int nonet__json_parse(nonet__json *j, const char *text, size_t len)
{
    return parse_text(j, text, len, 0);
}

int nonet__json_parse_loose(nonet__json *j, const char *text, size_t len)
{
    if (parse_text(j, text, len, 0) == 0) return 0;
    nonet__json_free(j);
    return parse_text(j, text, len, 1);
}

void nonet__json_free(nonet__json *j)
{
    free(j->node);
    free(j->strings);
    memset(j, 0, sizeof *j);
}

int nonet__json_get(const nonet__json *j, int o, const char *name)
{
    if (o < 0 || j->node[o].type != NONET__JSON_OBJECT) return -1;
    for (int k = j->node[o].first; k >= 0; k = j->node[k].next)
        if (strcmp(j->strings + j->node[k].key, name) == 0) return k;
    return -1;
}

const char *nonet__json_str(const nonet__json *j, int k)
{
    return k >= 0 && j->node[k].type == NONET__JSON_STRING ? j->strings + j->node[k].str : NULL;
}
