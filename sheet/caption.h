/*
 * caption.h - the words printed around a grid: the caption above it
 * ("Puzzle 12 · ER 7.1 · seed 42") and the one-line rules under it, and the
 * facts a puzzle's comment carries for them (a rating, a seed).
 *
 * Plain text in, plain text out (UTF-8): nothing here draws, so it is
 * tested and fuzzed without cairo.
 */
#ifndef NONET_SHEET_CAPTION_H
#define NONET_SHEET_CAPTION_H

#include <stddef.h>

#define SHEET_MAX_RULES 7 /* one line per variant and one for extra groups */

/* What a comment says about its puzzle; empty strings when it does not. */
typedef struct sheet_facts {
    char rating[8];       /* the rating as written ("7.1"), "" when none */
    char rating_label[8]; /* "ER" (Sudoku Explainer, also from ER/EP/ED triples)
                              or "rating" */
    char seed[24];        /* the seed as written ("42", "0x1f"), "" when none */
} sheet_facts;

/* Finds a rating and a seed in a comment (any text, NUL-terminated):
 * "ER 7.1", "er=7.1", "SE: 7.1", "rating 7.1", a serate triple "7.1/1.2/1.2",
 * "seed 42", "seed=0x2a". Keywords are whole words, in any case; a rating
 * is a number below 100 with at most one decimal point, a seed up to 20
 * letters, digits, '-' or '_'. The first of each kind wins. */
void sheet_facts_parse(const char *comment, sheet_facts *f);

/* Writes the caption of puzzle number `number` with its facts (f may be
 * NULL), snprintf style: returns the length the whole text needs. */
size_t sheet_caption(char *buf, size_t cap, long number, const sheet_facts *f);

/* Room for one rule line, NUL included. */
#define SHEET_RULE_TEXT 96

/* The rule lines printed under a grid with NONET_VARIANT_* bits `variants`
 * and `groups` extra groups (0 = none), naming the symbols as `range`
 * ("1\xE2\x80\x939", "1\xE2\x80\x93G"; UTF-8): fills `lines` (room for
 * SHEET_MAX_RULES) and returns their count. Boxes and jigsaw regions need
 * no line: the borders show them. */
int sheet_rules(unsigned variants, int groups, const char *range, char lines[][SHEET_RULE_TEXT]);

/* Writes the range of symbols of digits 1..n ("1-9" with an en dash), given
 * the first and last symbols (0 when a digit has none: then the numbers). */
void sheet_symbol_range(char *buf, size_t cap, int first, int last, int n);

#endif
