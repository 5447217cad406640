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

#include <nonet.h>
#include <stddef.h>

#define SHEET_MAX_RULES                                                                            \
    32 /* jigsaw, one line per variant, one for extra groups,
                              one per kind of constraint */

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

/* The fields a caption may show (print --caption), in the order shown. */
enum {
    SHEET_CAPTION_INDEX = 1,      /* "Puzzle 12" */
    SHEET_CAPTION_RATING = 2,     /* "ER 7.1", from the comment */
    SHEET_CAPTION_DIFFICULTY = 4, /* "diabolical": the ER's band */
    SHEET_CAPTION_SEED = 8,       /* "seed 42", from the comment */
    SHEET_CAPTION_SOURCE = 16,    /* "file.txt:3" */
    SHEET_CAPTION_NONE = 32       /* no caption at all */
};
#define SHEET_CAPTION_DEFAULT                                                                      \
    (SHEET_CAPTION_INDEX | SHEET_CAPTION_RATING | SHEET_CAPTION_DIFFICULTY)

/* Parses a comma-separated list of field names (index, rating, difficulty,
 * seed, source; "none" alone: SHEET_CAPTION_NONE) into SHEET_CAPTION_* bits.
 * Returns 0 with *fields set, or -1 with *bad and *badlen the refused name. */
int sheet_caption_fields(const char *list, unsigned *fields, const char **bad, size_t *badlen);

/* Writes the caption of puzzle number `number` with its facts (f may be
 * NULL), showing the SHEET_CAPTION_* `fields`: the difficulty `band` (NULL
 * when none) and `source` (NULL when none) are given by the caller.
 * snprintf style: returns the length the whole text needs. */
size_t sheet_caption(char *buf, size_t cap, long number, const sheet_facts *f, unsigned fields,
                     const char *band, const char *source);

/* Room for one rule line, NUL included. */
#define SHEET_RULE_TEXT 160

/* The rule lines printed under a grid with jigsaw regions (jigsaw != 0),
 * NONET_VARIANT_* bits `variants` and `groups` extra groups (0 = none),
 * naming the symbols as `range` ("1\xE2\x80\x939", "1\xE2\x80\x93G"; UTF-8):
 * fills `lines` (room for SHEET_MAX_RULES) and returns their count. Every
 * rule that is not classic has its line; boxes need none. */
int sheet_rules(int jigsaw, unsigned variants, int groups, const char *range,
                char lines[][SHEET_RULE_TEXT]);

/* The rule lines of the constraints of p (docs/CONSTRAINTS.md): one per
 * kind present, in the kinds' order, the negative rules (dots, XV) written
 * in the line of their dots or letters. Fills at most `room` lines; returns
 * their count. */
int sheet_constraint_rules(const nonet_puzzle *p, char lines[][SHEET_RULE_TEXT], int room);

/* Writes the range of symbols of digits 1..n ("1-9" with an en dash), given
 * the first and last symbols (0 when a digit has none: then the numbers). */
void sheet_symbol_range(char *buf, size_t cap, int first, int last, int n);

#endif
