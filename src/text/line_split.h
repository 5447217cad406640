/*
 * line_split.h - splitting an input byte stream into numbered lines.
 *
 * Lines come without their end (LF or CRLF), without trailing spaces, tabs
 * or CRs, and the first without a UTF-8 byte-order mark. A line longer than
 * NONET__MAX_LINE is returned cut to that length with `too_long` set; the
 * rest of it is skipped, so memory stays bounded whatever the input.
 * Lines may be peeked ahead; peeked lines are copies, so a line returned by
 * nonet__lines_next stays valid until the next call to next or peek.
 */
#ifndef NONET_LINES_H
#define NONET_LINES_H

#include "nonet.h"

#define NONET__MAX_LINE (1 << 20)

typedef struct nonet__line {
    const char *text; /* not NUL-terminated; may contain NUL bytes */
    size_t len;
    long no;      /* 1-based line number */
    int too_long; /* the line was cut at NONET__MAX_LINE */
} nonet__line;

typedef struct nonet__held {
    char *text;
    size_t len;
    long no;
    int too_long;
} nonet__held;

typedef struct nonet__lines {
    nonet_read_fn read;
    void *ctx;
    char *buf; /* input bytes [start, end) not yet split */
    size_t cap, start, end;
    int eof;            /* read() returned 0 */
    int failed;         /* read() returned -1 */
    long lineno;        /* number of the last line split off */
    nonet__held *ahead; /* peeked lines, oldest first */
    size_t nahead, capahead;
    nonet__held current; /* the line last returned from the queue */
} nonet__lines;

/* Prepares ls to read through `read`. Returns 0, or -1 when out of memory. */
int nonet__lines_init(nonet__lines *ls, nonet_read_fn read, void *ctx);
void nonet__lines_free(nonet__lines *ls);

/* Next line: returns 1 with *out set, 0 at the end of input, -1 on a read
 * error or when out of memory. */
int nonet__lines_next(nonet__lines *ls, nonet__line *out);

/* Peeks at the k-th line ahead (0 = the one next would return), without
 * consuming it. Same returns as next. */
int nonet__lines_peek(nonet__lines *ls, size_t k, nonet__line *out);

/* The raw view, for a caller that takes whole lines without splitting
 * them one by one (nonet_reader_take_lines): points *text at the input bytes
 * not yet split, reading more first when fewer than `want` are buffered and
 * the input goes on. Returns how many there are; 0 when lines are peeked
 * ahead (they come first) or no line has been split yet (line 1 may start
 * with a byte-order mark), at the end of the input, or on a read error
 * (ls->failed then tells). */
size_t nonet__lines_raw(nonet__lines *ls, size_t want, const char **text);
/* Consumes the first n bytes of the raw view, which hold exactly `lines`
 * lines, each ended by '\n'. */
void nonet__lines_consume(nonet__lines *ls, size_t n, long lines);
/* The plain form of a classic 9x9 line, the commonest input: 81 bytes, each
 * '1'-'9' (a given) or '.' or '0' (a blank), then '\n' (NONET_PLAIN_LINE
 * bytes in all, which text must hold). Returns 1 when text is one, and then
 * (when cells is not NULL) its 81 cells are stored: 0 a blank, else the
 * digit; returns 0 otherwise (cells then hold anything). Eight bytes at a
 * time (the line reader's fast lane checks every line it hands out). */
int nonet__plain9(const char *text, unsigned char *cells);
/* Writes the plain line of 81 cells (each 0..9) to out: NONET_PLAIN_LINE bytes. */
void nonet__plain9_put(const unsigned char *cells, char *out);

/* Number of the last line consumed (0 before the first). */
long nonet__lines_number(const nonet__lines *ls);

/* 1 when a line holds no puzzle text: blank, a '#' comment, or a '[Section]'
 * line (.sdk). */
int nonet__line_is_comment(const nonet__line *l);

/* Consumes the comment lines ahead (see nonet__line_is_comment) and peeks
 * at the first other line (not consumed); returns like nonet__lines_peek. */
int nonet__lines_peek_content(nonet__lines *ls, nonet__line *out);

/* Peeks, without consuming anything, at the first line that is not a
 * comment at or after position `from` ahead (0 = the next line); returns
 * its position, or -1 at the end of the input. */
long nonet__lines_peek_content_from(nonet__lines *ls, long from, nonet__line *out);

/* Splits the line into whitespace-separated tokens: up to max (start, length)
 * pairs. Returns the number of tokens (may exceed max; only max are stored). */
int nonet__tokens(const nonet__line *l, int max, int *start, int *len);

/* Copies the start of the line (it is not NUL-terminated) into buf (cap
 * bytes) for a message, with '?' for bytes that are not printable ASCII.
 * Returns buf. */
const char *nonet__show_text(const nonet__line *l, char *buf, size_t cap);

#endif
