/*
 * json.c - nonet's JSON Lines records (NONET_FORMAT_JSON): one object a
 * line with index, source, line, puzzle, comment (when any), status, count,
 * exact, solutions and seconds.
 * Read back: in each object line, the string member "puzzle" is the puzzle
 * and the string member "comment", when present, its comment; the members
 * "er" (a rating) and "seed", when present, are added to the comment as
 * "er 7.1" and "seed 42". This is not a general JSON parser: it reads the
 * objects nonet writes (one a line, the puzzle member a plain string
 * without escapes).
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Position just after `"key":"` in the line, or NULL. */
static const char *member(const nonet__line *l, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; i + k <= l->len; i++)
        if (memcmp(l->text + i, key, k) == 0) return l->text + i + k;
    return NULL;
}

/* Appends code point u (at most U+10FFFF, not a surrogate) as UTF-8. */
static size_t put_utf8(char *o, unsigned u)
{
    if (u < 0x80) return o[0] = (char)u, 1;
    if (u < 0x800) return o[0] = (char)(0xC0 | u >> 6), o[1] = (char)(0x80 | (u & 0x3F)), 2;
    if (u < 0x10000) {
        o[0] = (char)(0xE0 | u >> 12);
        o[1] = (char)(0x80 | (u >> 6 & 0x3F));
        o[2] = (char)(0x80 | (u & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | u >> 18);
    o[1] = (char)(0x80 | (u >> 12 & 0x3F));
    o[2] = (char)(0x80 | (u >> 6 & 0x3F));
    o[3] = (char)(0x80 | (u & 0x3F));
    return 4;
}

/* The four hex digits of a \u escape at s (just after the 'u'), or -1 when
 * there are not four (a sign, a space or any other character is refused). */
static long hex4(const char *s, const char *end)
{
    long u = 0;
    if (end - s < 4) return -1;
    for (int i = 0; i < 4; i++) {
        int c = (unsigned char)s[i];
        int v = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (v < 0) return -1;
        u = u * 16 + v;
    }
    return u;
}

/* The code point of the \u escape at s (just after the 'u'), a surrogate
 * pair joined as RFC 8259 says; *len receives the characters it takes.
 * -1 for anything but four hex digits, a lone surrogate (a high one not
 * followed by a low one, a low one alone) or U+0000, which would cut the
 * text short. */
static long code_point(const char *s, const char *end, int *len)
{
    long u = hex4(s, end);
    *len = 4;
    if (u <= 0 || (u >= 0xDC00 && u <= 0xDFFF)) return -1;
    if (u < 0xD800 || u > 0xDBFF) return u;
    if (end - s < 6 || s[4] != '\\' || s[5] != 'u') return -1;
    long lo = hex4(s + 6, end);
    if (lo < 0xDC00 || lo > 0xDFFF) return -1;
    *len = 10;
    return 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
}

/* Decodes the JSON string body starting at s (after the quote) into out
 * (room for end - s bytes plus NUL: no escape decodes to more bytes than it
 * takes). Returns its length, -1 if unended, or -2 with *bad at the
 * backslash of an escape the JSON spec does not allow (see code_point). */
static long json_string(const char *s, const char *end, char *out, const char **bad)
{
    size_t k = 0;
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    while (s < end && *s != '"') {
        if (*s != '\\') {
            out[k++] = *s++;
            continue;
        }
        *bad = s;
        if (++s >= end) return -1;
        const char *e = strchr(from, *s);
        if (*s == 'u') {
            int len;
            long u = code_point(s + 1, end, &len);
            if (u < 0) return -2;
            k += put_utf8(out + k, (unsigned)u);
            s += 1 + len;
        } else if (e && *s) {
            out[k++] = to[e - from];
            s++;
        } else {
            return -2;
        }
    }
    if (s >= end) return -1;
    out[k] = '\0';
    return (long)k;
}

/* The value of number-or-string member `key` ("\"er\":") as plain text in
 * val (cap bytes): a JSON number, or a string without escapes; 0 when the
 * member is absent or not such a value, else its length. */
static size_t plain_member(const nonet__line *l, const char *key, char *val, size_t cap)
{
    const char *end = l->text + l->len, *v = member(l, key);
    if (!v) return 0;
    while (v < end && *v == ' ') v++;
    int quoted = v < end && *v == '"';
    v += quoted;
    size_t n = 0;
    while (v + n < end && n + 1 < cap &&
           (quoted ? v[n] != '"' && v[n] != '\\' && (unsigned char)v[n] >= ' '
                   : strchr("+-.0123456789eE", v[n]) != NULL))
        n++;
    if (!n || (quoted && (v + n >= end || v[n] != '"'))) return 0;
    memcpy(val, v, n);
    val[n] = '\0';
    return n;
}

/* Adds "er VALUE" and "seed VALUE" to the comment of p when the object has
 * those members (nonet generate and nonet rate write them) and the comment
 * does not already say so, so that they reach every format that keeps
 * comments. Returns 0, or -1 when out of memory. */
static int keep_facts(nonet_puzzle *p, const nonet__line *l)
{
    static const char *const keys[] = {"\"er\":", "\"seed\":"};
    static const char *const words[] = {"er ", "seed "};
    char text[NONET_ERROR_TEXT], val[32], fact[48];
    const char *had = nonet_puzzle_comment(p);
    size_t len = strlen(had);
    /* a comment that fills the room leaves none for a fact: kept whole */
    if (len + 1 >= sizeof text) return 0;
    memcpy(text, had, len + 1);
    for (int k = 0; k < 2; k++) {
        if (!plain_member(l, keys[k], val, sizeof val)) continue;
        snprintf(fact, sizeof fact, "%s%s", words[k], val);
        if (strstr(text, fact) || len + strlen(fact) + 2 >= sizeof text) continue;
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", len ? " " : "", fact);
    }
    if (strcmp(text, had) == 0) return 0;
    return nonet__puzzle_set_comment(p, text, len);
}

/* Frees *out and reports running out of memory on line `no`. */
static nonet_status drop_nomem(nonet_puzzle **out, long no, nonet_error *err)
{
    nonet_puzzle_free(*out);
    *out = NULL;
    return nonet__fail(err, NONET_ERR_NOMEM, no, 0, "out of memory");
}

/* Reads the puzzle and comment members of the object on line l, then its
 * er and seed (keep_facts). */
static nonet_status read_object(nonet_reader *r, const nonet__line *l, nonet_puzzle **out,
                                nonet_error *err)
{
    const char *end = l->text + l->len, *p = member(l, "\"puzzle\":\"");
    const char *q = p ? memchr(p, '"', (size_t)(end - p)) : NULL;
    if (!q) return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "no \"puzzle\" string member");
    nonet_status st = nonet__read_record_puzzle(r, p, (size_t)(q - p), l->no, out, err);
    const char *c = member(l, "\"comment\":\"");
    if (!st && !c && keep_facts(*out, l)) return drop_nomem(out, l->no, err);
    if (st || !c) return st;
    char *text = malloc((size_t)(end - c) + 1);
    const char *bad = c;
    long len = text ? json_string(c, end, text, &bad) : -1;
    if (len < 0 || nonet__puzzle_set_comment(*out, text, (size_t)len) || keep_facts(*out, l)) {
        if (text && len == -2) {
            nonet_puzzle_free(*out);
            *out = NULL;
            st = nonet__fail(err, NONET_ERR_SYNTAX, l->no, (int)(bad - l->text) + 1,
                             "bad escape in the \"comment\" string (JSON allows \\uXXXX with "
                             "four hex digits, surrogates only in pairs, no \\u0000)");
        } else if (text && len < 0) {
            nonet_puzzle_free(*out);
            *out = NULL;
            st = nonet__fail(err, NONET_ERR_SYNTAX, l->no, (int)(c - l->text) + 1,
                             "the \"comment\" string does not end");
        } else {
            st = drop_nomem(out, l->no, err);
        }
    }
    free(text);
    return st;
}

/* Reads the next object line. */
static nonet_status read_json(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    return read_object(r, &l, out, err);
}

/* Rule 2: a line opening an object. */
static int detect(const nonet__sniff *s) { return s->l.text[0] == '{'; }

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_ONE_LINE);
}

/* One object: index, source, line, puzzle, comment, status, message, count, exact,
 * solutions, seconds (the fields the record has). */
static void put_record(nonet__out *o, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    nonet__puts(o, "{\"index\":");
    nonet__put_ull(o, (unsigned long long)p->index);
    nonet__puts(o, ",\"source\":");
    nonet__put_json_string(o, nonet_puzzle_source(p));
    nonet__puts(o, ",\"line\":");
    nonet__put_ull(o, (unsigned long long)(p->line > 0 ? p->line : 0));
    nonet__puts(o, ",\"puzzle\":\"");
    nonet__put_record_puzzle(o, p);
    nonet__putc(o, '"');
    if (p->comment) {
        nonet__puts(o, ",\"comment\":");
        nonet__put_json_string(o, p->comment);
    }
    if (rec->result || rec->status) {
        nonet__puts(o, ",\"status\":");
        nonet__put_json_string(o, nonet__record_status(rec));
    }
    if (rec->message) {
        nonet__puts(o, ",\"message\":");
        nonet__put_json_string(o, rec->message);
    }
    if (rec->result) {
        nonet__puts(o, ",\"count\":");
        nonet__put_ull(o, rec->result->solutions);
        nonet__puts(o, rec->result->complete ? ",\"exact\":true" : ",\"exact\":false");
        nonet__puts(o, ",\"solutions\":[");
        for (unsigned long long i = 0; rec->solutions && i < rec->nsolutions; i++) {
            if (i) nonet__putc(o, ',');
            nonet__putc(o, '"');
            nonet__put_record_solution(o, rec, i);
            nonet__putc(o, '"');
        }
        nonet__putc(o, ']');
    }
    if (rec->seconds >= 0) {
        nonet__puts(o, ",\"seconds\":");
        nonet__put_fixed6(o, rec->seconds);
    }
    nonet__puts(o, "}\n");
}

static const char *const aliases[] = {"jsonl", NULL};

const nonet__format_def nonet__format_json = {
    .id = NONET_FORMAT_JSON,
    .name = "json",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_JSON,
    .detect = detect,
    .read = read_json,
    .put_grid = put_grid,
    .puzzle_is_record = 1,
    .put_record = put_record,
};
