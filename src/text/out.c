/*
 * out.c - the output buffer's formatted puts (see out.h): numbers, JSON
 * strings and grids of cells.
 */
#include "text/out.h"

#include "text/alphabet.h"

#include <stdio.h>

size_t nonet__out_end(nonet__out *o)
{
    if (o->cap) o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return o->len;
}

void nonet__put_int(nonet__out *o, long v, int width)
{
    char b[24];
    int w = snprintf(b, sizeof b, "%*ld", width, v);
    nonet__put(o, b, (size_t)w);
}

void nonet__put_ull(nonet__out *o, unsigned long long v)
{
    char b[32];
    nonet__put(o, b, (size_t)snprintf(b, sizeof b, "%llu", v));
}

void nonet__put_fixed6(nonet__out *o, double v)
{
    char b[48];
    nonet__put(o, b, (size_t)snprintf(b, sizeof b, "%.6f", v));
}

void nonet__put_json_string(nonet__out *o, const char *s)
{
    nonet__putc(o, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            nonet__putc(o, '\\');
            nonet__putc(o, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            char b[8];
            snprintf(b, sizeof b, "\\u%04x", c);
            nonet__puts(o, b);
        } else {
            nonet__putc(o, (char)c);
        }
    }
    nonet__putc(o, '"');
}

void nonet__put_csv_field(nonet__out *o, const char *s)
{
    if (!s[strcspn(s, ",\"\r\n")]) {
        nonet__puts(o, s);
        return;
    }
    nonet__putc(o, '"');
    for (; *s; s++) {
        if (*s == '"') nonet__putc(o, '"');
        nonet__putc(o, *s);
    }
    nonet__putc(o, '"');
}

/* The symbols of the count digits of g (side n) from a digit -> symbol
 * table of[0..n] (a value beyond n read as 0). */
static void table_symbols(char *text, const unsigned char *g, int count, int n, const char *of)
{
    for (int i = 0; i < count; i++) text[i] = of[g[i] <= n ? g[i] : 0];
}

/* The symbols of the count digits of g for a side n <= 9 in digits: '0' + d
 * for a digit 1..n, `blank` for 0 (and for a value beyond n). Without a
 * table and without a branch, so that the compiler turns it into vector
 * code: the per-puzzle path of the one-line formats. */
static void digit_symbols(char *restrict text, const unsigned char *restrict g, int count, int n,
                          char blank)
{
    unsigned char side = (unsigned char)n;
    for (int i = 0; i < count; i++) {
        unsigned char v = g[i];
        text[i] = (unsigned char)(v - 1) < side ? (char)('0' + v) : blank;
    }
}

/* How put_rows makes the symbols: in digits (n <= 9, of[0] the blank's
 * symbol; digit_symbols) or from the table of[0..n] (table_symbols). */
enum { BY_DIGITS, BY_TABLE };

/* The symbols of the count digits of g (side n), made `how` from `of`. */
static void make_symbols(char *text, const unsigned char *g, int count, int n, int how,
                         const char *of)
{
    if (how == BY_DIGITS) digit_symbols(text, g, count, n, of[0]);
    else table_symbols(text, g, count, n, of);
}

/* The grid of side n as symbols made `how` from `of`: on one line, or a
 * line a row. Made straight in o's buffer when the whole grid fits there
 * (the per-puzzle path), else a row at a time through a row's buffer (and
 * only counted when nothing is stored). The way is a constant at each
 * call, so the compiler keeps one loop a way (digit_symbols stays inlined
 * vector code). */
static void put_rows(nonet__out *o, int n, int ncells, const unsigned char *g, int one_line,
                     int how, const char *of)
{
    int count = one_line ? ncells : n;
    size_t total = (size_t)ncells + (size_t)(ncells / count);
    if (o->len < o->cap && total < o->cap - o->len) { /* the grid and the NUL fit */
        char *text = o->buf + o->len;
        for (int c = 0; c < ncells; c += count, text += count + 1) {
            make_symbols(text, g + c, count, n, how, of);
            text[count] = '\n';
        }
        o->len += total;
        return;
    }
    if (o->len >= o->cap) { /* nothing more is stored */
        o->len += total;
        return;
    }
    char row[NONET_MAX_SIZE + 1];
    for (int c = 0; c < ncells; c += n) {
        int len = n;
        make_symbols(row, g + c, n, n, how, of);
        if (!one_line || c + n == ncells) row[len++] = '\n';
        nonet__put(o, row, (size_t)len);
    }
}

void nonet__put_cells(nonet__out *o, int n, int ncells, const unsigned char *g, int how)
{
    nonet__symbols t;
    int one_line = how & NONET__CELLS_ONE_LINE;
    int plain = !(how & (NONET__CELLS_NUMBERS | NONET__CELLS_DIGITS));
    int dflt_alphabet = !o->alphabet || !o->alphabet[0];
    if (n <= 9 && ((how & NONET__CELLS_DIGITS) || (plain && dflt_alphabet))) {
        put_rows(o, n, ncells, g, one_line, BY_DIGITS, how & NONET__CELLS_DIGITS ? "0" : ".");
        return;
    }
    if (plain && dflt_alphabet && n <= NONET__DEFAULT_SYMBOLS) {
        /* the default symbols: a table made once (table_symbols reads
         * of[0..n] only) */
        static const char dflt[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        put_rows(o, n, ncells, g, one_line, BY_TABLE, dflt);
        return;
    }
    nonet__symbols_init(&t, o->alphabet, n);
    if (!t.numbers && plain) {
        put_rows(o, n, ncells, g, one_line, BY_TABLE, t.of);
        return;
    }
    for (int c = 0; c < ncells; c++) {
        if (c % n || (one_line && c)) nonet__putc(o, ' ');
        nonet__put_int(o, g[c], 0);
        if (c % n == n - 1 && (!one_line || c == ncells - 1)) nonet__putc(o, '\n');
    }
}
