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

/* The grid as symbols: built in one buffer from a digit -> symbol table and
 * put at once (the per-puzzle path of the line format). */
static void put_symbol_cells(nonet__out *o, const nonet__symbols *t, int n, int ncells,
                             const unsigned char *g, int one_line)
{
    char text[NONET_MAX_SIZE * (NONET_MAX_SIZE + 1)];
    int len = 0;
    for (int c = 0; c < ncells; c += n) {
        for (int i = 0; i < n; i++) text[len++] = t->of[g[c + i] <= n ? g[c + i] : 0];
        if (!one_line || c + n == ncells) text[len++] = '\n';
    }
    nonet__put(o, text, (size_t)len);
}

/* The symbol of each of the ncells digits of g (side n <= 9): '0' + d for a
 * digit 1..n, `blank` for 0 (and for a value beyond n). Without a table
 * and without a branch, so that the compiler turns it into vector code:
 * the per-puzzle path of the one-line formats. */
static void digit_symbols(char *text, const unsigned char *g, int ncells, int n, char blank)
{
    unsigned char side = (unsigned char)n;
    for (int i = 0; i < ncells; i++) {
        unsigned char v = g[i];
        text[i] = (unsigned char)(v - 1) < side ? (char)('0' + v) : blank;
    }
}

/* The grid of side n <= 9 in digits ('0' + d), 0 written `blank`: on one
 * line, or a line a row. */
static void put_digit_cells(nonet__out *o, char blank, int n, int ncells, const unsigned char *g,
                            int one_line)
{
    char text[9 * 10];
    int len = 0;
    if (one_line) {
        digit_symbols(text, g, ncells, n, blank);
        len = ncells;
        text[len++] = '\n';
    } else
        for (int c = 0; c < ncells; c += n) {
            digit_symbols(text + len, g + c, n, n, blank);
            len += n;
            text[len++] = '\n';
        }
    nonet__put(o, text, (size_t)len);
}

void nonet__put_cells(nonet__out *o, int n, int ncells, const unsigned char *g, int how)
{
    nonet__symbols t;
    int one_line = how & NONET__CELLS_ONE_LINE;
    int plain = !(how & (NONET__CELLS_NUMBERS | NONET__CELLS_DIGITS));
    int dflt_alphabet = !o->alphabet || !o->alphabet[0];
    if (n <= 9 && ((how & NONET__CELLS_DIGITS) || (plain && dflt_alphabet))) {
        put_digit_cells(o, how & NONET__CELLS_DIGITS ? '0' : '.', n, ncells, g, one_line);
        return;
    }
    if (plain && dflt_alphabet && n <= NONET__DEFAULT_SYMBOLS) {
        /* the default symbols: a table made once (put_symbol_cells reads
         * of[0..n] only) */
        static const nonet__symbols dflt = {
            0, ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"};
        put_symbol_cells(o, &dflt, n, ncells, g, one_line);
        return;
    }
    nonet__symbols_init(&t, o->alphabet, n);
    if (!t.numbers && plain) {
        put_symbol_cells(o, &t, n, ncells, g, one_line);
        return;
    }
    for (int c = 0; c < ncells; c++) {
        if (c % n || (one_line && c)) nonet__putc(o, ' ');
        nonet__put_int(o, g[c], 0);
        if (c % n == n - 1 && (!one_line || c == ncells - 1)) nonet__putc(o, '\n');
    }
}
