/*
 * out.h - the output buffer every writer uses, snprintf style: text goes
 * into a caller's buffer as far as it fits and the length the whole text
 * needs is counted, so a writer is called once with (NULL, 0) to size the
 * buffer and again to fill it.
 *
 * Invariants: len counts every byte put, stored or not; the bytes stored are
 * buf[0 .. min(len, cap - 1)); nothing is ever written at or past buf[cap - 1]
 * before nonet__out_end puts the NUL there or earlier. `alphabet` is the
 * symbols of the digits of the grids written (NULL or "" = the default ones).
 */
#ifndef NONET_TEXT_OUT_H
#define NONET_TEXT_OUT_H

#include "nonet.h"

#include <string.h>

typedef struct nonet__out {
    char *buf;            /* caller's buffer, NULL when cap is 0 */
    size_t cap;           /* its size, NUL included */
    size_t len;           /* bytes the text needs so far */
    const char *alphabet; /* digit symbols of the grids; NULL or "" = default */
} nonet__out;

/* Starts writing into buf (cap bytes; buf may be NULL when cap is 0) with
 * the digit symbols of `alphabet` (NULL or "" = the default ones). */
static inline void nonet__out_init(nonet__out *o, char *buf, size_t cap, const char *alphabet)
{
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    o->alphabet = alphabet;
}

/* Appends n bytes of s (stores what fits). */
static inline void nonet__put(nonet__out *o, const char *s, size_t n)
{
    if (o->len < o->cap) {
        size_t room = o->cap - o->len - 1;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

/* Appends one byte. */
static inline void nonet__putc(nonet__out *o, char c) { nonet__put(o, &c, 1); }

/* Appends a NUL-terminated string. */
static inline void nonet__puts(nonet__out *o, const char *s) { nonet__put(o, s, strlen(s)); }

/* Forgets the last n bytes put (a newline a caller wants to replace); the
 * next put overwrites them. n must not exceed o->len. */
static inline void nonet__out_drop(nonet__out *o, size_t n) { o->len -= n; }

/* Terminates the text with a NUL (when cap > 0) and returns its full length. */
size_t nonet__out_end(nonet__out *o);

/* Appends v in decimal, right-aligned to `width` characters (0 = as is). */
void nonet__put_int(nonet__out *o, long v, int width);

/* Appends v in decimal. */
void nonet__put_ull(nonet__out *o, unsigned long long v);

/* Appends v with 6 decimals ("%.6f"). */
void nonet__put_fixed6(nonet__out *o, double v);

/* Appends s as a JSON string: quotes, with '"', '\\' and control
 * characters escaped. */
void nonet__put_json_string(nonet__out *o, const char *s);

/* Appends s as one CSV field: as it is without a comma, quote, CR or LF,
 * else quoted with its quotes doubled. */
void nonet__put_csv_field(nonet__out *o, const char *s);

/* How nonet__put_cells lays out a grid. */
enum {
    NONET__CELLS_ONE_LINE = 1, /* all cells on one line (else a line a row) */
    NONET__CELLS_NUMBERS = 2,  /* numbers even where symbols fit (Luogu) */
    NONET__CELLS_DIGITS = 4    /* judge digits: '0'..'9' run together ('0' empty)
                                    up to side 9, numbers above */
};

/* Appends the ncells cells of a grid of side n, row by row, ending with a
 * newline: symbols of o->alphabet run together ('.' empty), or, when the
 * side is beyond the alphabet (or NONET__CELLS_NUMBERS, or DIGITS above 9),
 * numbers separated by one space ('0' empty). `how` is a set of
 * NONET__CELLS_* bits. */
void nonet__put_cells(nonet__out *o, int n, int ncells, const unsigned char *g, int how);

#endif
