/*
 * caption.c - captions and rule lines of printed grids, and the rating and
 * seed a puzzle's comment may carry (see caption.h).
 *
 * The comment scanner reads any bytes without going past the NUL and
 * writes only into the fixed fields of sheet_facts, always terminated.
 */
#include "caption.h"

#include <nonet.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* 1 when c may continue a word (so a keyword inside a longer word is not one). */
static int wordish(int c) { return isalnum(c) || c == '_'; }

/* When text at s starts the whole word `kw` (any case) after a non-word
 * character, returns the position after it and the separators that may
 * follow it (spaces, ':', '='); else NULL. */
static const char *keyword(const char *start, const char *s, const char *kw)
{
    size_t k = strlen(kw);
    if (s > start && wordish((unsigned char)s[-1])) return NULL;
    for (size_t i = 0; i < k; i++)
        if (tolower((unsigned char)s[i]) != kw[i]) return NULL;
    if (wordish((unsigned char)s[k])) return NULL;
    s += k;
    while (*s == ' ' || *s == '\t' || *s == ':' || *s == '=') s++;
    return s;
}

/* Length of a rating at s: digits (at most two), then optionally '.' and
 * digits (at most three); 0 when s does not start one. */
static size_t number_len(const char *s)
{
    size_t i = 0, d = 0;
    while (isdigit((unsigned char)s[i]) && i < 3) i++;
    if (i == 0 || i > 2) return 0;
    if (s[i] == '.' && isdigit((unsigned char)s[i + 1])) {
        for (d = 1; isdigit((unsigned char)s[i + d]); d++)
            if (d > 3) return 0;
        i += d;
    }
    return wordish((unsigned char)s[i]) ? 0 : i;
}

/* Length of a seed at s: 1..20 letters, digits, '-' or '_'; else 0. */
static size_t seed_len(const char *s)
{
    size_t i = 0;
    while (wordish((unsigned char)s[i]) || s[i] == '-') {
        if (++i > 20) return 0;
    }
    return i;
}

/* A serate triple "ER/EP/ED" at s (a whole word); returns the length of
 * its first number, 0 when s does not start one. */
static size_t triple_len(const char *start, const char *s)
{
    if (s > start && (wordish((unsigned char)s[-1]) || s[-1] == '.' || s[-1] == '/')) return 0;
    size_t a = number_len(s);
    if (!a || s[a] != '/') return 0;
    size_t b = number_len(s + a + 1);
    if (!b || s[a + 1 + b] != '/') return 0;
    size_t c = number_len(s + a + 2 + b);
    return c ? a : 0;
}

/* Copies len bytes of src into dst (cap bytes), cut to fit, terminated. */
static void keep(char *dst, size_t cap, const char *src, size_t len)
{
    if (len >= cap) len = cap - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

/* Tries a rating at s; returns 1 when one was kept. */
static int try_rating(const char *start, const char *s, sheet_facts *f)
{
    static const char *const kws[] = {"er", "se", "rating"};
    for (int k = 0; k < 3; k++) {
        const char *v = keyword(start, s, kws[k]);
        size_t len = v ? number_len(v) : 0;
        if (len) {
            keep(f->rating, sizeof f->rating, v, len);
            keep(f->rating_label, sizeof f->rating_label, k < 2 ? "ER" : "rating", k < 2 ? 2 : 6);
            return 1;
        }
    }
    size_t len = triple_len(start, s);
    if (!len) return 0;
    keep(f->rating, sizeof f->rating, s, len);
    keep(f->rating_label, sizeof f->rating_label, "ER", 2);
    return 1;
}

void sheet_facts_parse(const char *comment, sheet_facts *f)
{
    memset(f, 0, sizeof *f);
    if (!comment) return;
    for (const char *s = comment; *s; s++) {
        if (!f->rating[0]) try_rating(comment, s, f);
        const char *v = f->seed[0] ? NULL : keyword(comment, s, "seed");
        size_t len = v ? seed_len(v) : 0;
        if (len) keep(f->seed, sizeof f->seed, v, len);
    }
}

int sheet_caption_fields(const char *list, unsigned *fields, const char **bad, size_t *badlen)
{
    static const char *const names[] = {"index", "rating", "difficulty", "seed", "source", "none"};
    unsigned got = 0;
    int none = 0, count = 0;
    for (const char *s = list;; s++) {
        size_t len = strcspn(s, ",");
        size_t k = 0;
        while (k < 6 && (strlen(names[k]) != len || strncmp(names[k], s, len) != 0)) k++;
        if (k == 6) {
            *bad = s, *badlen = len;
            return -1;
        }
        none |= k == 5;
        got |= 1u << k;
        count++;
        s += len;
        if (!*s) break;
    }
    if (none && count > 1) { /* "none" goes alone */
        *bad = "none", *badlen = 4;
        return -1;
    }
    *fields = got;
    return 0;
}

/* Appends text to the caption at *used (snprintf style), after the middle
 * dot that parts the fields when one is already there. */
static void part(char *buf, size_t cap, size_t *used, const char *a, const char *b)
{
    static const char dot[] = "  \xC2\xB7  "; /* a middle dot between parts */
    int len = snprintf(*used < cap ? buf + *used : NULL, *used < cap ? cap - *used : 0, "%s%s%s",
                       *used ? dot : "", a, b);
    if (len > 0) *used += (size_t)len;
}

size_t sheet_caption(char *buf, size_t cap, long number, const sheet_facts *f, unsigned fields,
                     const char *band, const char *source)
{
    size_t used = 0;
    char num[32];
    if (cap) buf[0] = '\0';
    if (fields & SHEET_CAPTION_INDEX) {
        snprintf(num, sizeof num, "%ld", number);
        part(buf, cap, &used, "Puzzle ", num);
    }
    int rated = f && f->rating[0];
    if (rated && (fields & SHEET_CAPTION_RATING)) {
        char r[24];
        snprintf(r, sizeof r, "%s %s", f->rating_label, f->rating);
        part(buf, cap, &used, r, "");
    }
    if (band && *band && (fields & SHEET_CAPTION_DIFFICULTY)) part(buf, cap, &used, band, "");
    if (f && f->seed[0] && (fields & SHEET_CAPTION_SEED)) part(buf, cap, &used, "seed ", f->seed);
    if (source && *source && (fields & SHEET_CAPTION_SOURCE)) part(buf, cap, &used, source, "");
    return used;
}

int sheet_rules(int jigsaw, unsigned variants, int groups, const char *range,
                char lines[][SHEET_RULE_TEXT])
{
    static const struct {
        unsigned bit;
        const char *before, *after; /* the range goes between, when after is not NULL */
    } rule[] = {
        {NONET_VARIANT_X, "Diagonals: each marked diagonal holds ", " once."},
        {NONET_VARIANT_HYPER, "Windows: each shaded window holds ", " once."},
        {NONET_VARIANT_DISJOINT, "Disjoint: the cells with their dot in one place hold ", " once."},
        {NONET_VARIANT_ANTI_KNIGHT, "Anti-knight: cells a knight's move apart differ.", NULL},
        {NONET_VARIANT_ANTI_KING, "Anti-king: diagonally touching cells differ.", NULL},
        {NONET_VARIANT_NON_CONSECUTIVE, "Non-consecutive: adjacent cells are never consecutive in ",
         "."},
        {0, "Groups: the cells marked with one small letter hold ", " once."},
    };
    int count = 0;
    if (jigsaw)
        snprintf(lines[count++], SHEET_RULE_TEXT, "Jigsaw: each outlined region holds %s once.",
                 range);
    for (size_t i = 0; i < sizeof rule / sizeof rule[0]; i++) {
        if (rule[i].bit ? !(variants & rule[i].bit) : groups <= 0) continue;
        snprintf(lines[count++], SHEET_RULE_TEXT, "%s%s%s", rule[i].before,
                 rule[i].after ? range : "", rule[i].after ? rule[i].after : "");
    }
    return count;
}

void sheet_symbol_range(char *buf, size_t cap, int first, int last, int n)
{
    if (first > 0 && last > 0) snprintf(buf, cap, "%c\xE2\x80\x93%c", first, last);
    else snprintf(buf, cap, "1\xE2\x80\x93%d", n);
}

/* What a kind's rule line says (the negative kinds have none of their own). */
static const char *cons_rule(int kind)
{
    switch (kind) {
    case NONET_CONS_CAGE:
        return "Killer: digits in a cage do not repeat and sum to its small total.";
    case NONET_CONS_LITTLE_KILLER:
        return "Little killer: digits along an arrow's diagonal sum to its total (may repeat).";
    case NONET_CONS_SANDWICH:
        return "Sandwich: digits between the 1 and the %d of a row or column sum to its clue.";
    case NONET_CONS_THERMO: return "Thermo: digits strictly increase from a thermometer's bulb.";
    case NONET_CONS_ARROW: return "Arrow: digits on an arrow sum to the number in its circle.";
    case NONET_CONS_WHITE_DOT: return "White dot: the two digits differ by 1.";
    case NONET_CONS_BLACK_DOT: return "Black dot: one digit is twice the other.";
    case NONET_CONS_X: return "X: the two digits sum to 10.";
    case NONET_CONS_V: return "V: the two digits sum to 5.";
    case NONET_CONS_WHISPER: return "Whisper (green line): neighbours on it differ by at least %d.";
    case NONET_CONS_RENBAN:
        return "Renban (purple line): a run of consecutive digits, in any order.";
    case NONET_CONS_PALINDROME: return "Palindrome (grey line): reads the same from both ends.";
    case NONET_CONS_BETWEEN:
        return "Between line: digits lie strictly between those in its end circles.";
    case NONET_CONS_ODD: return "Odd: a grey circle holds an odd digit.";
    case NONET_CONS_EVEN: return "Even: a grey square holds an even digit.";
    case NONET_CONS_MIN:
        return "Minimum: a cell with inward chevrons is below its orthogonal neighbours.";
    case NONET_CONS_MAX:
        return "Maximum: a cell with outward chevrons is above its orthogonal neighbours.";
    case NONET_CONS_QUADRUPLE:
        return "Quadruple: the digits in a corner circle appear in the four cells around it.";
    case NONET_CONS_REGION: return "Extra region: digits in a shaded region do not repeat.";
    case NONET_CONS_CLONE:
        return "Clone: cells shaded alike hold the same digits in the same places.";
    default: return NULL;
    }
}

/* The sentence a negative rule adds to its kind's line ("" when none). */
static const char *negative_rule(int kind, unsigned dots, unsigned xv)
{
    switch (kind) {
    case NONET_CONS_WHITE_DOT: return dots & 1 ? " All white dots are given." : "";
    case NONET_CONS_BLACK_DOT: return dots & 2 ? " All black dots are given." : "";
    case NONET_CONS_X: return xv & 1 ? " All Xs are given." : "";
    case NONET_CONS_V: return xv & 2 ? " All Vs are given." : "";
    default: return "";
    }
}

int sheet_constraint_rules(const nonet_puzzle *p, char lines[][SHEET_RULE_TEXT], int room)
{
    int n = nonet_shape_size(nonet_puzzle_shape(p)), gap = (n + 1) / 2, count = 0;
    unsigned dots = 0, xv = 0, present = 0; /* negative rules; kinds present (bits) */
    for (int i = 0; i < nonet_puzzle_constraint_count(p); i++) {
        const int *v;
        int nv;
        int kind = (int)nonet_puzzle_constraint(p, i, NULL, NULL, &v, &nv);
        if (kind == NONET_CONS_DOTS_NEGATIVE) dots |= nv ? (unsigned)v[0] : 3u;
        else if (kind == NONET_CONS_XV_NEGATIVE) xv |= nv ? (unsigned)v[0] : 3u;
        else present |= 1u << kind;
        if (kind == NONET_CONS_WHISPER && nv && !(present >> NONET_CONS_COUNT & 1)) {
            gap = v[0]; /* the first whisper's gap */
            present |= 1u << NONET_CONS_COUNT;
        }
    }
    /* a negative rule of a kind with no dot or letter still has its line */
    if (dots & 1) present |= 1u << NONET_CONS_WHITE_DOT;
    if (dots & 2) present |= 1u << NONET_CONS_BLACK_DOT;
    if (xv & 1) present |= 1u << NONET_CONS_X;
    if (xv & 2) present |= 1u << NONET_CONS_V;
    for (int kind = 0; kind < NONET_CONS_COUNT && count < room; kind++) {
        const char *rule = cons_rule(kind);
        if (!rule || !(present >> kind & 1)) continue;
        const char *num = strstr(rule, "%d"); /* the one number a line may hold */
        if (num)
            snprintf(lines[count++], SHEET_RULE_TEXT, "%.*s%d%s%s", (int)(num - rule), rule,
                     kind == NONET_CONS_WHISPER ? gap : n, num + 2, negative_rule(kind, dots, xv));
        else snprintf(lines[count++], SHEET_RULE_TEXT, "%s%s", rule, negative_rule(kind, dots, xv));
    }
    return count;
}
