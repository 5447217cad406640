/*
 * alphabet.h - the one two-way table between digits and symbols, used by
 * every reader (symbol -> digit) and every writer (digit -> symbol).
 *
 * The default symbols are 1-9, A-Z, a-z: 61 digits. Read, '.', '0', '_',
 * '-' and '*' are blanks, and 'x' where it is not a digit; lower case equals
 * upper case while the side is at most 35. A custom alphabet (--alphabet,
 * the nonet format's `alphabet` line) names the symbols of digits 1, 2, ...
 * in order; '.' is its blank, and '0' too when it lacks '0'. A side beyond
 * the symbols of its alphabet (62..64 by default) is written in numbers.
 */
#ifndef NONET_TEXT_ALPHABET_H
#define NONET_TEXT_ALPHABET_H

#include "nonet.h"

/* Digits the default symbols name (1-9, A-Z, a-z). */
#define NONET__DEFAULT_SYMBOLS 61

/* Symbols of digits 1..size, for reading; size 0 means the default symbols.
 * Invariant: when size > 0, value[b] is the digit of byte b (0 for '.', and
 * for '0' unless text holds it; -1 for any other byte) and text holds the
 * size distinct printable symbols. */
typedef struct nonet__alphabet {
    int size;                      /* number of symbols, 0 = default */
    char text[NONET_MAX_SIZE + 1]; /* the symbols, NUL-terminated ("" = default) */
    short value[256];              /* digit of each byte, 0 blank, -1 none */
} nonet__alphabet;

/* Marks some reader takes for structure, never a digit: '#' and '[' open
 * comment lines, ',' ';' ':' end a line's puzzle, '|' '+' '-' draw frames,
 * '"' and '\'' quote (csv, json) or blank (framed). */
#define NONET__RESERVED_MARKS "#[],;:|+-\"'"

/* Validates and sets a custom alphabet (NULL or "" = the default one).
 * Returns NONET_OK or NONET_ERR_ARG with err naming what is wrong (fewer
 * than 2 or more than 64 symbols, a blank or unprintable byte, '.', one of
 * NONET__RESERVED_MARKS, a symbol twice). */
nonet_status nonet__alphabet_set(nonet__alphabet *a, const char *text, nonet_error *err);

/* 1 when 'x' is a blank of the default symbols at side n: where it is no
 * digit (its digit is 33, or 59 on a side beyond 35). */
static inline int nonet__default_x_blank(int n)
{
    return n < (n <= 35 ? 'x' - 'a' + 10 : 'x' - 'a' + 36);
}

/* 1 when byte c is a blank of the default symbols: '.', '0', '_', '-',
 * '*', and 'x' when x_blank (nonet__default_x_blank of the side; 1 at
 * every side up to 32); else 0. The one definition of the default blanks,
 * which nonet__default_value and the line format's 9x9 parse use: a sum of
 * tests, without a branch or a table, so that a loop over bytes calling it
 * becomes vector code (an OR of tests becomes a bit test on a 64-bit mask,
 * which GCC does not vectorize). */
static inline unsigned char nonet__default_blank(unsigned char c, int x_blank)
{
    return (unsigned char)((c == '.') + (c == '0') + (c == '_') + (c == '-') + (c == '*') +
                           ((c == 'x') & (x_blank != 0)));
}

/* Digit of byte ch in a puzzle of side n under the default symbols: 0 for a
 * blank (nonet__default_blank), 1..n for a digit, -1 otherwise. */
int nonet__default_value(int ch, int n);

/* Digit of byte ch for side n under alphabet a (NULL or size 0 = the
 * default symbols): 0 blank, 1..n digit, -1 otherwise. */
int nonet__alphabet_value(const nonet__alphabet *a, int ch, int n);

/* Symbols for writing the digits of one side. */
typedef struct nonet__symbols {
    int numbers;                 /* 1: the side is beyond the alphabet: write numbers */
    char of[NONET_MAX_SIZE + 1]; /* of[v] = symbol of digit v (unless numbers); '.' for
                                        0 and for values beyond the side */
} nonet__symbols;

/* Fills t for side n under `alphabet` (NULL or "" = the default symbols). */
void nonet__symbols_init(nonet__symbols *t, const char *alphabet, int n);

/* Describes byte ch for a message: 'x', or \xNN when not printable. */
const char *nonet__show_char(int ch, char buf[8]);

#endif
