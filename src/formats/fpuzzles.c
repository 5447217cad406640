/*
 * fpuzzles.c - f-puzzles (NONET_FORMAT_FPUZZLES): the JSON f-puzzles.com
 * saves, read from a JSON object (on one line or spread over several), from
 * its LZ-string base64 payload, or from a link holding one (f-puzzles
 * `?load=...`, SudokuPad `.../fpuz...` or `?puzzle=fpuz...`); written as
 * one JSON line. The givens, a jigsaw map, the variants (diagonals,
 * anti-knight, anti-king, disjoint groups, non-consecutive) and every
 * constraint of docs/CONSTRAINTS.md travel; cosmetic marks (text, lines,
 * circles, rectangles, cosmetic cages) are skipped; any other member with
 * content is an error naming it, so no rule is ever dropped.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "formats/reader.h"
#include "text/json.h"
#include "text/lzstring.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TEXT = 1 << 22 }; /* 4 MB of JSON at most */

/* Members that carry no rule. */
static const char *const cosmetic[] = {
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "circle",
    "rectangle",
    "cage",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
    "activeConstraints",
    NULL,
};

typedef struct fctx {
    const nonet__json *j;
    int n;
    long line;
    nonet_puzzle *p;
    nonet_error *err;
} fctx;

/* A cell "R3C4" (1-based): sets *row and *col and returns its index (with
 * outside, row or column 0 and n+1 are allowed too, for clues around the
 * grid, and 0 is returned). -1 when malformed or off the grid. */
/* Parses "R<row>C<column>" (either case) into *r, *c; 0, or -1. */
static int parse_rc(const char *s, int *r, int *c)
{
    char *end;
    if (*s != 'R' && *s != 'r') return -1;
    long row = strtol(s + 1, &end, 10);
    if (end == s + 1 || (*end != 'C' && *end != 'c')) return -1;
    const char *cs = end + 1;
    long col = strtol(cs, &end, 10);
    if (end == cs || *end || row < 0 || row > 99 || col < 0 || col > 99) return -1;
    *r = (int)row;
    *c = (int)col;
    return 0;
}

static int cell_of(const fctx *f, int k, int outside, int *row, int *col)
{
    const char *s = nonet__json_str(f->j, k);
    int r, c;
    if (!s || parse_rc(s, &r, &c) < 0) return -1;
    int lo = outside ? 0 : 1, hi = outside ? f->n + 1 : f->n;
    if (r < lo || r > hi || c < lo || c > hi) return -1;
    *row = r;
    *col = c;
    return outside ? 0 : (r - 1) * f->n + (c - 1);
}

static nonet_status bad(fctx *f, const char *what, const char *member)
{
    return nonet__fail(f->err, NONET_ERR_SYNTAX, f->line, 0, "f-puzzles: %s in \"%s\"", what,
                       member);
}

/* The cells of array node a into cells; returns the count, or -1. */
static int cells_of(fctx *f, int a, int *cells, int cap)
{
    int count = 0, r, c;
    if (a < 0 || f->j->node[a].type != NONET__JSON_ARRAY) return -1;
    for (int k = f->j->node[a].first; k >= 0; k = f->j->node[k].next) {
        if (count == cap) return -1;
        if ((cells[count++] = cell_of(f, k, 0, &r, &c)) < 0) return -1;
    }
    return count;
}

/* A number member (a JSON number or a numeric string) of object o, or def. */
static int number_of(const fctx *f, int o, const char *name, int def, int *ok)
{
    int k = nonet__json_get(f->j, o, name);
    *ok = 1;
    if (k < 0) return def;
    if (f->j->node[k].type == NONET__JSON_NUMBER) return (int)f->j->node[k].number;
    const char *s = nonet__json_str(f->j, k);
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end) {
        *ok = s && !*s; /* "" = no value */
        return def;
    }
    return (int)v;
}

static nonet_status add(fctx *f, nonet_constraint_kind kind, const int *cells, int ncells,
                        const int *values, int nvalues, const char *member)
{
    nonet_status st =
        nonet_puzzle_add_constraint(f->p, kind, cells, ncells, values, nvalues, f->err);
    if (st == NONET_ERR_ARG) {
        char msg[sizeof f->err->message];
        snprintf(msg, sizeof msg, "%s", f->err->message);
        return bad(f, msg, member);
    }
    if (st) f->err->line = f->line;
    return st;
}

/* Members whose entries hold "lines": each line one constraint. A whisper
 * may carry "gap" (nonet's own member: f-puzzles has none; see put_entry). */
static nonet_status read_lines(fctx *f, int entry, nonet_constraint_kind kind, const char *member)
{
    int lines = nonet__json_get(f->j, entry, "lines"), cells[NONET_MAX_CELLS], ok;
    int gap = kind == NONET_CONS_WHISPER ? number_of(f, entry, "gap", -1, &ok) : -1;
    if (lines < 0 || f->j->node[lines].type != NONET__JSON_ARRAY) return bad(f, "no lines", member);
    if (gap != -1 && (!ok || gap < 1)) return bad(f, "a gap that is not a positive number", member);
    for (int l = f->j->node[lines].first; l >= 0; l = f->j->node[l].next) {
        int count = cells_of(f, l, cells, NONET_MAX_CELLS);
        if (count < 0) return bad(f, "a bad cell", member);
        nonet_status st = add(f, kind, cells, count, &gap, gap > 0, member);
        if (st) return st;
    }
    return NONET_OK;
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* An arrow: its circle cells (read left to right, top to bottom), then each
 * line's cells past the circle, one constraint a line. */
static nonet_status read_arrow(fctx *f, int entry, const char *member)
{
    int circle[8], cells[NONET_MAX_CELLS + 8];
    int k = cells_of(f, nonet__json_get(f->j, entry, "cells"), circle, 8);
    int lines = nonet__json_get(f->j, entry, "lines");
    if (k < 1 || lines < 0) return bad(f, "a bad circle or no lines", member);
    qsort(circle, (size_t)k, sizeof *circle, cmp_int);
    for (int l = f->j->node[lines].first; l >= 0; l = f->j->node[l].next) {
        int line[NONET_MAX_CELLS], count = cells_of(f, l, line, NONET_MAX_CELLS), m = k;
        if (count < 0) return bad(f, "a bad cell", member);
        memcpy(cells, circle, (size_t)k * sizeof *cells);
        for (int i = 0; i < count; i++) {
            int in = 0;
            for (int c = 0; c < k; c++) in |= circle[c] == line[i];
            if (!in) cells[m++] = line[i];
        }
        nonet_status st = add(f, NONET_CONS_ARROW, cells, m, (int[]){k}, k > 1, member);
        if (st) return st;
    }
    return NONET_OK;
}

/* The cells of a little killer: the entry's "cells" when given, else the
 * diagonal from its clue cell in its direction. */
static nonet_status read_little_killer(fctx *f, int entry, const char *member)
{
    int cells[NONET_MAX_SIZE + 2], count, ok, sum = number_of(f, entry, "value", -1, &ok);
    count = cells_of(f, nonet__json_get(f->j, entry, "cells"), cells, NONET_MAX_SIZE + 2);
    if (count <= 0) {
        int r, c, dr, dc;
        const char *dir = nonet__json_str(f->j, nonet__json_get(f->j, entry, "direction"));
        if (cell_of(f, nonet__json_get(f->j, entry, "cell"), 1, &r, &c) < 0)
            return bad(f, "a bad clue cell", member);
        if (!dir || strlen(dir) != 2) return bad(f, "a bad direction", member);
        dr = dir[0] == 'D' ? 1 : -1;
        dc = dir[1] == 'R' ? 1 : -1;
        count = 0;
        for (r += dr, c += dc; r >= 1 && r <= f->n && c >= 1 && c <= f->n; r += dr, c += dc)
            cells[count++] = (r - 1) * f->n + (c - 1);
    }
    if (!ok || sum < 0) return NONET_OK; /* a clue without a number: no rule */
    return add(f, NONET_CONS_LITTLE_KILLER, cells, count, &sum, 1, member);
}

/* A sandwich clue outside the grid: R0Cc / R(n+1)Cc a column, RrC0 a row. */
static nonet_status read_sandwich(fctx *f, int entry, const char *member)
{
    int r = -1, c = -1, ok, sum = number_of(f, entry, "value", -1, &ok), cells[NONET_MAX_SIZE];
    if (cell_of(f, nonet__json_get(f->j, entry, "cell"), 1, &r, &c) < 0) r = c = -1;
    int column = r == 0 || r == f->n + 1, row = c == 0 || c == f->n + 1;
    if (column == row) return bad(f, "a clue cell not beside the grid", member);
    if (!ok || sum < 0) return NONET_OK;
    for (int i = 0; i < f->n; i++) cells[i] = column ? i * f->n + (c - 1) : (r - 1) * f->n + i;
    return add(f, NONET_CONS_SANDWICH, cells, f->n, &sum, 1, member);
}

/* One-cell entries ({"cell": ...}) of kind. */
static nonet_status read_cell(fctx *f, int entry, nonet_constraint_kind kind, const char *member)
{
    int r, c, cell = cell_of(f, nonet__json_get(f->j, entry, "cell"), 0, &r, &c);
    if (cell < 0) return bad(f, "a bad cell", member);
    return add(f, kind, &cell, 1, NULL, 0, member);
}

/* Entries with "cells" (and a sum, digits or a mark in "value(s)"). */
static nonet_status read_cells(fctx *f, int entry, const char *member)
{
    int cells[2 * NONET_MAX_CELLS], values[4], nvalues = 0, ok;
    int count = cells_of(f, nonet__json_get(f->j, entry, "cells"), cells, NONET_MAX_CELLS);
    if (count < 0) return bad(f, "a bad cell", member);
    const char *mark = nonet__json_str(f->j, nonet__json_get(f->j, entry, "value"));
    if (strcmp(member, "killercage") == 0) {
        int sum = number_of(f, entry, "value", -1, &ok);
        if (!ok) return bad(f, "a sum that is not a number", member);
        if (sum >= 0) values[nvalues++] = sum;
        return add(f, NONET_CONS_CAGE, cells, count, values, nvalues, member);
    }
    if (strcmp(member, "extraregion") == 0)
        return add(f, NONET_CONS_REGION, cells, count, NULL, 0, member);
    if (strcmp(member, "difference") == 0 || strcmp(member, "ratio") == 0) {
        int black = member[0] == 'r', v = number_of(f, entry, "value", black ? 2 : 1, &ok);
        if (!ok || v != (black ? 2 : 1))
            return bad(f, "a dot with a value other than the standard one", member);
        return add(f, black ? NONET_CONS_BLACK_DOT : NONET_CONS_WHITE_DOT, cells, count, NULL, 0,
                   member);
    }
    if (strcmp(member, "xv") == 0) {
        if (!mark || !mark[0] || mark[1] || !strchr("XVxv", mark[0]))
            return bad(f, "a mark other than X or V", member);
        return add(f, mark[0] == 'X' || mark[0] == 'x' ? NONET_CONS_X : NONET_CONS_V, cells, count,
                   NULL, 0, member);
    }
    if (strcmp(member, "quadruple") == 0) {
        int vs = nonet__json_get(f->j, entry, "values");
        for (int k = vs >= 0 ? f->j->node[vs].first : -1; k >= 0 && nvalues < 4;
             k = f->j->node[k].next)
            values[nvalues++] =
                f->j->node[k].type == NONET__JSON_NUMBER
                    ? (int)f->j->node[k].number
                    : (int)strtol(nonet__json_str(f->j, k) ? nonet__json_str(f->j, k) : "0", NULL,
                                  10);
        return add(f, NONET_CONS_QUADRUPLE, cells, count, values, nvalues, member);
    }
    /* clone: cells, then cloneCells */
    int more =
        cells_of(f, nonet__json_get(f->j, entry, "cloneCells"), cells + count, NONET_MAX_CELLS);
    if (more != count) return bad(f, "clone areas of different sizes", member);
    return add(f, NONET_CONS_CLONE, cells, 2 * count, NULL, 0, member);
}

/* The "negative" list (-1 when none): "difference" and "ratio" (dots),
 * "xv" (f-puzzles' one XV rule: both marks), and nonet's own "x" and "v"
 * (the rule for one mark only, which f-puzzles cannot say); `dots` the
 * dot rules already implied (nonconsecutive_dots). */
static nonet_status read_negative(fctx *f, int list, int dots)
{
    int xv = 0;
    for (int k = list >= 0 ? f->j->node[list].first : -1; k >= 0; k = f->j->node[k].next) {
        const char *s = nonet__json_str(f->j, k);
        if (s && strcmp(s, "difference") == 0) dots |= 1;
        else if (s && strcmp(s, "ratio") == 0) dots |= 2;
        else if (s && strcmp(s, "xv") == 0) xv = 3;
        else if (s && strcmp(s, "x") == 0) xv |= 1;
        else if (s && strcmp(s, "v") == 0) xv |= 2;
        else return bad(f, "an unknown negative rule", s ? s : "?");
    }
    /* both rules (3) are the default: no value, as the nonet format writes them */
    nonet_status st =
        dots ? add(f, NONET_CONS_DOTS_NEGATIVE, NULL, 0, &dots, dots != 3, "negative") : 0;
    return !st && xv ? add(f, NONET_CONS_XV_NEGATIVE, NULL, 0, &xv, xv != 3, "negative") : st;
}

/* 1 when the object's "nonconsecutive" means the white dots' negative rule:
 * f-puzzles (and the solvers reading it) apply nonconsecutive only to the
 * neighbours without a dot (white or black), so with dots given it is that
 * rule, not the variant (which would forbid the white dots). */
static int nonconsecutive_dots(const nonet__json *j)
{
    int k = nonet__json_get(j, 0, "nonconsecutive");
    if (k < 0 || j->node[k].type != NONET__JSON_TRUE) return 0;
    int w = nonet__json_get(j, 0, "difference"), b = nonet__json_get(j, 0, "ratio");
    return (w >= 0 && j->node[w].type == NONET__JSON_ARRAY && j->node[w].count > 0) ||
           (b >= 0 && j->node[b].type == NONET__JSON_ARRAY && j->node[b].count > 0);
}

/* A main diagonal as an extra region: "diagonal-" from the top left,
 * "diagonal+" from the bottom left. */
static nonet_status read_diagonal(fctx *f, int rising)
{
    int cells[NONET_MAX_SIZE];
    for (int i = 0; i < f->n; i++) cells[i] = rising ? (f->n - 1 - i) * f->n + i : i * f->n + i;
    return add(f, NONET_CONS_REGION, cells, f->n, NULL, 0, rising ? "diagonal+" : "diagonal-");
}

/* The members holding constraints, in the order they are read and
 * written: the order of the kinds (member_of), so that a puzzle read, then
 * written and read again keeps its constraints' order. `how` says how an
 * entry reads: 0 lines of `kind`, 1 one-cell entries of `kind`, 2 entries
 * with cells, 3 arrows, 4 little killers, 5 sandwiches. */
static const struct member_rule {
    const char *name;
    int kind;
    int how;
} member_rules[] = {
    {"killercage", 0, 2},
    {"littlekillersum", 0, 4},
    {"sandwichsum", 0, 5},
    {"thermometer", NONET_CONS_THERMO, 0},
    {"arrow", 0, 3},
    {"difference", 0, 2},
    {"ratio", 0, 2},
    {"xv", 0, 2},
    {"whispers", NONET_CONS_WHISPER, 0},
    {"renban", NONET_CONS_RENBAN, 0},
    {"palindrome", NONET_CONS_PALINDROME, 0},
    {"betweenline", NONET_CONS_BETWEEN, 0},
    {"odd", NONET_CONS_ODD, 1},
    {"even", NONET_CONS_EVEN, 1},
    {"minimum", NONET_CONS_MIN, 1},
    {"maximum", NONET_CONS_MAX, 1},
    {"quadruple", 0, 2},
    {"extraregion", 0, 2},
    {"clone", 0, 2},
};

/* 1 when a member has nothing in it (false, null, [], {}). */
static int empty_member(const nonet__json_node *v)
{
    return v->type == NONET__JSON_FALSE || v->type == NONET__JSON_NULL ||
           ((v->type == NONET__JSON_ARRAY || v->type == NONET__JSON_OBJECT) && v->count == 0);
}

/* Checks that member m is one nonet knows: cosmetic, a variant, a rule of
 * member_rules, "negative" or a diagonal. */
static nonet_status check_member(fctx *f, int m)
{
    const char *name = f->j->strings + f->j->node[m].key;
    const nonet__json_node *v = &f->j->node[m];
    for (const char *const *c = cosmetic; *c; c++)
        if (strcmp(*c, name) == 0) return NONET_OK;
    if (empty_member(v)) return NONET_OK;
    if (strcmp(name, "negative") == 0 && v->type == NONET__JSON_ARRAY) return NONET_OK;
    for (size_t t = 0; t < sizeof member_rules / sizeof member_rules[0]; t++)
        if (strcmp(member_rules[t].name, name) == 0)
            return v->type == NONET__JSON_ARRAY ? NONET_OK : bad(f, "not a list", name);
    if (v->type == NONET__JSON_TRUE &&
        (!strcmp(name, "diagonal+") || !strcmp(name, "diagonal-") || !strcmp(name, "antiknight") ||
         !strcmp(name, "antiking") || !strcmp(name, "disjointgroups") ||
         !strcmp(name, "nonconsecutive")))
        return NONET_OK; /* variants: in the shape (shape_of) */
    return nonet__fail(f->err, NONET_ERR_SYNTAX, f->line, 0,
                       "f-puzzles: the constraint \"%s\" is not one nonet knows "
                       "(docs/CONSTRAINTS.md lists those it does)",
                       name);
}

/* Every entry of the member of rule t, when there is one. */
static nonet_status read_rule(fctx *f, const struct member_rule *t)
{
    int m = nonet__json_get(f->j, 0, t->name);
    if (m < 0 || empty_member(&f->j->node[m])) return NONET_OK;
    for (int e = f->j->node[m].first; e >= 0; e = f->j->node[e].next) {
        nonet_status st;
        switch (t->how) {
        case 0: st = read_lines(f, e, (nonet_constraint_kind)t->kind, t->name); break;
        case 1: st = read_cell(f, e, (nonet_constraint_kind)t->kind, t->name); break;
        case 2: st = read_cells(f, e, t->name); break;
        case 3: st = read_arrow(f, e, t->name); break;
        case 4: st = read_little_killer(f, e, t->name); break;
        default: st = read_sandwich(f, e, t->name); break;
        }
        if (st) return st;
    }
    return NONET_OK;
}

/* The rules of the root object: each member checked, then the constraints
 * read in member_rules' order, the diagonals read alone, the negative
 * rules last (the order put_constraints writes them in). */
static nonet_status read_members(fctx *f)
{
    const nonet__json *j = f->j;
    nonet_status st = NONET_OK;
    int k, on = NONET__JSON_TRUE;
    for (int m = j->node[0].first; !st && m >= 0; m = j->node[m].next) st = check_member(f, m);
    for (size_t t = 0; !st && t < sizeof member_rules / sizeof member_rules[0]; t++)
        st = read_rule(f, &member_rules[t]);
    if (!st && (k = nonet__json_get(j, 0, "diagonal+")) >= 0 && j->node[k].type == on)
        st = read_diagonal(f, 1);
    if (!st && (k = nonet__json_get(j, 0, "diagonal-")) >= 0 && j->node[k].type == on)
        st = read_diagonal(f, 0);
    k = nonet__json_get(j, 0, "negative");
    if (!st)
        st = read_negative(f, k >= 0 && j->node[k].type == NONET__JSON_ARRAY ? k : -1,
                           nonconsecutive_dots(j));
    return st;
}

/* The variants of the root object's boolean members. */
static unsigned variants_of(const nonet__json *j)
{
    unsigned v = 0;
    int on = NONET__JSON_TRUE;
    int k;
    if ((k = nonet__json_get(j, 0, "antiknight")) >= 0 && j->node[k].type == on)
        v |= NONET_VARIANT_ANTI_KNIGHT;
    if ((k = nonet__json_get(j, 0, "antiking")) >= 0 && j->node[k].type == on)
        v |= NONET_VARIANT_ANTI_KING;
    if ((k = nonet__json_get(j, 0, "disjointgroups")) >= 0 && j->node[k].type == on)
        v |= NONET_VARIANT_DISJOINT;
    if ((k = nonet__json_get(j, 0, "nonconsecutive")) >= 0 && j->node[k].type == on &&
        !nonconsecutive_dots(j))
        v |= NONET_VARIANT_NON_CONSECUTIVE;
    return v;
}

/* Reads the grid rows: givens and region numbers (-1 when none). */
static nonet_status read_grid(fctx *f, int grid, unsigned char *cells, int *regions, int *jigsaw)
{
    int r = 0;
    *jigsaw = 0;
    if (grid < 0 || f->j->node[grid].count != f->n) return bad(f, "not n rows", "grid");
    for (int row = f->j->node[grid].first; row >= 0; row = f->j->node[row].next, r++) {
        int c = 0;
        if (f->j->node[row].count != f->n) return bad(f, "a row not n cells long", "grid");
        for (int e = f->j->node[row].first; e >= 0; e = f->j->node[e].next, c++) {
            int ok, value = number_of(f, e, "value", 0, &ok), k = r * f->n + c;
            int given = nonet__json_get(f->j, e, "given");
            int region = number_of(f, e, "region", -1, &ok);
            cells[k] = 0;
            if (given >= 0 && f->j->node[given].type == NONET__JSON_TRUE) {
                if (value < 1 || value > f->n) return bad(f, "a given out of range", "grid");
                cells[k] = (unsigned char)value;
            }
            regions[k] = region;
            if (region >= 0) *jigsaw = 1;
        }
    }
    return NONET_OK;
}

nonet_status nonet__fpuzzles_build(nonet_reader *r, const nonet__json *j, long line,
                                   nonet_puzzle **out, nonet_error *err)
{
    fctx f = {j, 0, line, NULL, err};
    int ok, n = j->node[0].type == NONET__JSON_OBJECT ? number_of(&f, 0, "size", 0, &ok) : 0;
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                           "f-puzzles: no \"size\" of %d..%d (not an f-puzzles object?)",
                           NONET_MIN_SIZE, NONET_MAX_SIZE);
    f.n = n;
    unsigned char cells[NONET_MAX_CELLS];
    int jigsaw, *regions = malloc(NONET_MAX_CELLS * sizeof *regions);
    if (!regions) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    for (int c = 0; c < NONET_MAX_CELLS; c++) regions[c] = -1;
    nonet_status st = read_grid(&f, nonet__json_get(j, 0, "grid"), cells, regions, &jigsaw);
    if (st) {
        free(regions);
        return st;
    }
    nonet_shape_spec sp = {0};
    sp.size = n;
    sp.variants = variants_of(j) | r->variants;
    if (jigsaw) {
        nonet_shape *boxes = nonet_shape_new_classic(n, err);
        if (!boxes) {
            free(regions);
            return err->code;
        }
        for (int c = 0; c < n * n; c++)
            if (regions[c] < 0) regions[c] = boxes->region[c];
        nonet_shape_free(boxes);
        sp.regions = regions;
    }
    nonet_shape *shape = nonet_shape_new(&sp, err);
    free(regions);
    if (!shape) {
        err->line = line;
        return err->code;
    }
    f.p = nonet__puzzle_alloc(shape, 0);
    nonet_shape_free(shape);
    if (!f.p) return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    memcpy(f.p->cells, cells, (size_t)n * (size_t)n);
    st = read_members(&f);
    if (st) {
        nonet_puzzle_free(f.p);
        return st;
    }
    nonet__stamp(r, f.p, line);
    *out = f.p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Reading: the text of one puzzle                                      */
/* ------------------------------------------------------------------ */

/* Where an LZ-string payload starts in a link or bare payload (after
 * "load=", or "fpuzzles" / "fpuz" in a SudokuPad link), its length in *len. */
static const char *payload(const char *t, size_t len, size_t *plen)
{
    static const char *const marks[] = {"load=", "fpuzzles", "fpuz", NULL};
    for (const char *const *m = marks; *m; m++) {
        size_t k = strlen(*m);
        for (size_t i = 0; i + k <= len; i++)
            if (memcmp(t + i, *m, k) == 0) {
                size_t end = i + k;
                while (end < len && t[end] != '&' && t[end] != '#' && t[end] != ' ') end++;
                *plen = end - i - k;
                return t + i + k;
            }
    }
    *plen = len;
    return t;
}

/* 1 when t looks like the start of an f-puzzles input: an object holding
 * "grid" (or a lone "{" line: a spread-out object), a link or a payload. */
static int looks_fpuzzles(const char *t, size_t len)
{
    size_t k = 0;
    if (len == 1 && t[0] == '{') return 1;
    if (len && t[0] == '{') {
        for (size_t i = 0; i + 6 <= len; i++)
            if (memcmp(t + i, "\"grid\"", 6) == 0) k = 1;
        return (int)k;
    }
    if (len >= 4 && memcmp(t, "N4Ig", 4) == 0) return 1;
    if (len >= 4 && memcmp(t, "http", 4) == 0) {
        size_t plen;
        const char *p = payload(t, len, &plen);
        return p != t && plen >= 4 && memcmp(p, "N4Ig", 4) == 0;
    }
    return 0;
}

static int detect(const nonet__sniff *s) { return looks_fpuzzles(s->l.text, s->l.len); }

/* Appends a line to the growing text; 0 when too long or out of memory. */
static int append(char **buf, size_t *len, size_t *cap, const char *t, size_t n)
{
    if (*len + n + 2 > MAX_TEXT) return 0;
    if (*len + n + 2 > *cap) {
        size_t c = (*len + n + 2) * 2;
        char *b = realloc(*buf, c);
        if (!b) return 0;
        *buf = b;
        *cap = c;
    }
    if (!*buf) return 0;
    memcpy(*buf + *len, t, n);
    *len += n;
    (*buf)[(*len)++] = '\n';
    return 1;
}

/* The depth of braces and brackets after t, outside strings, from *depth
 * (and *in_string, *escaped carried between lines). */
static void balance(const char *t, size_t n, int *depth, int *in_string, int *escaped)
{
    for (size_t i = 0; i < n; i++) {
        char ch = t[i];
        if (*in_string) {
            if (*escaped) *escaped = 0;
            else if (ch == '\\') *escaped = 1;
            else if (ch == '"') *in_string = 0;
        } else if (ch == '"') *in_string = 1;
        else if (ch == '{' || ch == '[') ++*depth;
        else if (ch == '}' || ch == ']') --*depth;
    }
}

/* Reads the next puzzle: a JSON object (to its closing brace), or a link or
 * payload line. */
static nonet_status read_fpuzzles(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    long line = l.no;
    char *buf = NULL, *json = NULL;
    size_t len = 0, cap = 0, jlen = 0;
    nonet_status st = NONET_OK;
    if (l.len && l.text[0] == '{') {
        int depth = 0, in_string = 0, escaped = 0, ok = 1;
        for (;;) {
            ok = append(&buf, &len, &cap, l.text, l.len);
            balance(l.text, l.len, &depth, &in_string, &escaped);
            if (!ok || depth <= 0 || nonet__lines_next(&r->lines, &l) <= 0) break;
        }
        if (!ok) st = nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "f-puzzles: JSON over 4 MB");
        else if (depth > 0)
            st = nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "f-puzzles: the object never closes");
        json = buf;
        jlen = len;
    } else {
        size_t plen;
        const char *p = payload(l.text, l.len, &plen);
        json = nonet__lz_decompress(p, plen, MAX_TEXT, &jlen);
        if (!json)
            st = nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                             "f-puzzles: the link's payload is not LZ-string base64");
        buf = json;
    }
    nonet__json j = {0};
    if (!st && nonet__json_parse(&j, json, jlen))
        st = nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "f-puzzles: bad JSON at byte %zu: %s",
                         j.error_at + 1, j.error);
    else if (!st) st = nonet__fpuzzles_build(r, &j, line, out, err);
    nonet__json_free(&j);
    free(buf);
    return st;
}

/* ------------------------------------------------------------------ */
/* Writing: one JSON line                                               */
/* ------------------------------------------------------------------ */

static void put_cell(nonet__out *o, int n, int c)
{
    nonet__puts(o, "\"R");
    nonet__put_int(o, c / n + 1, 0);
    nonet__putc(o, 'C');
    nonet__put_int(o, c % n + 1, 0);
    nonet__putc(o, '"');
}

static void put_cells(nonet__out *o, int n, const int *cells, int count)
{
    nonet__putc(o, '[');
    for (int i = 0; i < count; i++) {
        if (i) nonet__putc(o, ',');
        put_cell(o, n, cells[i]);
    }
    nonet__putc(o, ']');
}

/* The f-puzzles member a kind is written under, or NULL (negative rules). */
static const char *member_of(int kind)
{
    switch (kind) {
    case NONET_CONS_CAGE: return "killercage";
    case NONET_CONS_LITTLE_KILLER: return "littlekillersum";
    case NONET_CONS_SANDWICH: return "sandwichsum";
    case NONET_CONS_THERMO: return "thermometer";
    case NONET_CONS_ARROW: return "arrow";
    case NONET_CONS_WHITE_DOT: return "difference";
    case NONET_CONS_BLACK_DOT: return "ratio";
    case NONET_CONS_X:
    case NONET_CONS_V: return "xv";
    case NONET_CONS_WHISPER: return "whispers";
    case NONET_CONS_RENBAN: return "renban";
    case NONET_CONS_PALINDROME: return "palindrome";
    case NONET_CONS_BETWEEN: return "betweenline";
    case NONET_CONS_ODD: return "odd";
    case NONET_CONS_EVEN: return "even";
    case NONET_CONS_MIN: return "minimum";
    case NONET_CONS_MAX: return "maximum";
    case NONET_CONS_QUADRUPLE: return "quadruple";
    case NONET_CONS_REGION: return "extraregion";
    case NONET_CONS_CLONE: return "clone";
    }
    return NULL;
}

/* A little killer's clue: the cell before its first along its diagonal. */
static void put_little_killer(nonet__out *o, int n, const nonet__constraint *k)
{
    int a = k->cells[0], b = k->ncells > 1 ? k->cells[1] : a + n + 1;
    int dr = b / n - a / n, dc = b % n - a % n;
    nonet__puts(o, "{\"cell\":\"R");
    nonet__put_int(o, a / n + 1 - dr, 0);
    nonet__putc(o, 'C');
    nonet__put_int(o, a % n + 1 - dc, 0);
    nonet__puts(o, dr > 0 ? (dc > 0 ? "\",\"direction\":\"DR\"" : "\",\"direction\":\"DL\"")
                          : (dc > 0 ? "\",\"direction\":\"UR\"" : "\",\"direction\":\"UL\""));
    nonet__puts(o, ",\"cells\":");
    put_cells(o, n, k->cells, k->ncells);
}

/* 1 when whisper k has a gap other than the default, (n + 1) / 2. */
static int odd_gap(int n, const nonet__constraint *k)
{
    return k->nvalues > 0 && k->values[0] != (n + 1) / 2;
}

/* The ruleset, when whispers have gaps f-puzzles cannot draw: f-puzzles
 * has no member for a gap (the entry's "gap" is nonet's own, which
 * f-puzzles ignores), so the rule is also said in words, which f-puzzles
 * shows its solver. */
static void put_gap_rules(nonet__out *o, const nonet_puzzle *p)
{
    int n = p->shape->n, open = 0;
    for (int i = 0; i < p->ncons; i++) {
        const nonet__constraint *k = &p->cons[i];
        if (k->kind != NONET_CONS_WHISPER || !odd_gap(n, k)) continue;
        nonet__puts(o, open ? " " : ",\"ruleset\":\"");
        nonet__puts(o, "Digits next to each other on the whispers line from R");
        nonet__put_int(o, k->cells[0] / n + 1, 0);
        nonet__putc(o, 'C');
        nonet__put_int(o, k->cells[0] % n + 1, 0);
        nonet__puts(o, " differ by at least ");
        nonet__put_int(o, k->values[0], 0);
        nonet__putc(o, '.');
        open = 1;
    }
    if (open) nonet__putc(o, '"');
}

/* One entry of constraint k (its member already opened). */
static void put_entry(nonet__out *o, int n, const nonet__constraint *k)
{
    int kind = k->kind;
    if (kind == NONET_CONS_LITTLE_KILLER) put_little_killer(o, n, k);
    else if (kind == NONET_CONS_SANDWICH) {
        int column = k->cells[1] - k->cells[0] == n || k->cells[0] - k->cells[1] == n;
        nonet__puts(o, "{\"cell\":\"R");
        nonet__put_int(o, column ? 0 : k->cells[0] / n + 1, 0);
        nonet__putc(o, 'C');
        nonet__put_int(o, column ? k->cells[0] % n + 1 : 0, 0);
        nonet__putc(o, '"');
    } else if (kind == NONET_CONS_ODD || kind == NONET_CONS_EVEN || kind == NONET_CONS_MIN ||
               kind == NONET_CONS_MAX) {
        nonet__puts(o, "{\"cell\":");
        put_cell(o, n, k->cells[0]);
    } else if (kind == NONET_CONS_ARROW) {
        int kc = k->nvalues ? k->values[0] : 1;
        nonet__puts(o, "{\"cells\":");
        put_cells(o, n, k->cells, kc);
        nonet__puts(o, ",\"lines\":[[");
        put_cell(o, n, k->cells[kc - 1]);
        for (int i = kc; i < k->ncells; i++) {
            nonet__putc(o, ',');
            put_cell(o, n, k->cells[i]);
        }
        nonet__puts(o, "]]");
    } else if (kind == NONET_CONS_THERMO || kind == NONET_CONS_WHISPER ||
               kind == NONET_CONS_RENBAN || kind == NONET_CONS_PALINDROME ||
               kind == NONET_CONS_BETWEEN) {
        nonet__puts(o, "{\"lines\":[");
        put_cells(o, n, k->cells, k->ncells);
        nonet__putc(o, ']');
    } else if (kind == NONET_CONS_CLONE) {
        nonet__puts(o, "{\"cells\":");
        put_cells(o, n, k->cells, k->ncells / 2);
        nonet__puts(o, ",\"cloneCells\":");
        put_cells(o, n, k->cells + k->ncells / 2, k->ncells / 2);
    } else {
        nonet__puts(o, "{\"cells\":");
        put_cells(o, n, k->cells, k->ncells);
    }
    if (kind == NONET_CONS_WHISPER && odd_gap(n, k)) {
        nonet__puts(o, ",\"gap\":");
        nonet__put_int(o, k->values[0], 0);
    }
    if (kind == NONET_CONS_X || kind == NONET_CONS_V)
        nonet__puts(o, kind == NONET_CONS_X ? ",\"value\":\"X\"" : ",\"value\":\"V\"");
    if (kind == NONET_CONS_QUADRUPLE) {
        nonet__puts(o, ",\"values\":[");
        for (int i = 0; i < k->nvalues; i++) {
            if (i) nonet__putc(o, ',');
            nonet__put_int(o, k->values[i], 0);
        }
        nonet__putc(o, ']');
    }
    if ((kind == NONET_CONS_CAGE || kind == NONET_CONS_LITTLE_KILLER ||
         kind == NONET_CONS_SANDWICH) &&
        k->nvalues) {
        nonet__puts(o, ",\"value\":\"");
        nonet__put_int(o, k->values[0], 0);
        nonet__putc(o, '"');
    }
    nonet__putc(o, '}');
}

/* Every constraint, grouped under its member, and the negative list. */
static void put_constraints(nonet__out *o, const nonet_puzzle *p)
{
    int n = p->shape->n, neg = 0;
    for (int kind = 0; kind < NONET_CONS_COUNT; kind++) {
        const char *m = member_of(kind);
        int open = 0;
        if (!m || (kind == NONET_CONS_V)) continue; /* V goes out with X */
        for (int i = 0; i < p->ncons; i++) {
            const nonet__constraint *k = &p->cons[i];
            if (k->kind != kind && !(kind == NONET_CONS_X && k->kind == NONET_CONS_V)) continue;
            nonet__puts(o, open ? "," : ",\"");
            if (!open) {
                nonet__puts(o, m);
                nonet__puts(o, "\":[");
            }
            open = 1;
            put_entry(o, n, k);
        }
        if (open) nonet__putc(o, ']');
    }
    for (int i = 0; i < p->ncons; i++) {
        int which = p->cons[i].nvalues ? p->cons[i].values[0] : 3;
        if (p->cons[i].kind == NONET_CONS_DOTS_NEGATIVE) neg |= which;
        if (p->cons[i].kind == NONET_CONS_XV_NEGATIVE) neg |= which == 3 ? 4 : which << 3;
    }
    if (!neg) return;
    nonet__puts(o, ",\"negative\":[");
    /* "xv" is f-puzzles' rule for both marks; "x" and "v" nonet's for one */
    const char *names[] = {"\"difference\"", "\"ratio\"", "\"xv\"", "\"x\"", "\"v\""};
    for (int b = 0, first = 1; b < 5; b++)
        if (neg >> b & 1) {
            if (!first) nonet__putc(o, ',');
            nonet__puts(o, names[b]);
            first = 0;
        }
    nonet__putc(o, ']');
}

/* The variants and the shape's extra houses (windows, groups). */
static void put_shape_rules(nonet__out *o, const nonet_shape *s)
{
    unsigned v = s->variants;
    if (v & NONET_VARIANT_X) nonet__puts(o, ",\"diagonal+\":true,\"diagonal-\":true");
    if (v & NONET_VARIANT_ANTI_KNIGHT) nonet__puts(o, ",\"antiknight\":true");
    if (v & NONET_VARIANT_ANTI_KING) nonet__puts(o, ",\"antiking\":true");
    if (v & NONET_VARIANT_DISJOINT) nonet__puts(o, ",\"disjointgroups\":true");
    if (v & NONET_VARIANT_NON_CONSECUTIVE) nonet__puts(o, ",\"nonconsecutive\":true");
    int open = 0;
    for (int h = 0; h < s->nhouses; h++) {
        if (s->house_kind[h] != NONET__HYPER && s->house_kind[h] != NONET__GROUP) continue;
        nonet__puts(o, open ? ",{\"cells\":" : ",\"extraregion\":[{\"cells\":");
        put_cells(o, s->n, s->house + (size_t)h * (size_t)s->n, s->n);
        nonet__putc(o, '}');
        open = 1;
    }
    if (open) nonet__putc(o, ']');
}

/* The object: size, grid (givens, regions of a jigsaw), rules, then the
 * solution when there is one. */
static void put_object(nonet__out *o, const nonet_shape *s, const nonet_puzzle *p,
                       const unsigned char *givens, const unsigned char *solution)
{
    int n = s->n;
    nonet__puts(o, "{\"size\":");
    nonet__put_int(o, n, 0);
    nonet__puts(o, ",\"grid\":[");
    for (int r = 0; r < n; r++) {
        nonet__puts(o, r ? ",[" : "[");
        for (int c = 0; c < n; c++) {
            int k = r * n + c, first = 1;
            nonet__puts(o, c ? ",{" : "{");
            if (givens[k]) {
                nonet__puts(o, "\"value\":");
                nonet__put_int(o, givens[k], 0);
                nonet__puts(o, ",\"given\":true");
                first = 0;
            }
            if (!s->box_rows) {
                nonet__puts(o, first ? "\"region\":" : ",\"region\":");
                nonet__put_int(o, s->region[k], 0);
            }
            nonet__putc(o, '}');
        }
        nonet__putc(o, ']');
    }
    nonet__putc(o, ']');
    put_shape_rules(o, s);
    if (p) put_constraints(o, p);
    if (p) put_gap_rules(o, p);
    if (solution) {
        nonet__puts(o, ",\"solution\":[");
        for (int k = 0; k < n * n; k++) {
            if (k) nonet__putc(o, ',');
            nonet__put_int(o, solution[k], 0);
        }
        nonet__putc(o, ']');
    }
    nonet__puts(o, "}\n");
}

static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    put_object(o, s, NULL, g, NULL);
}

static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    put_object(o, p->shape, p, p->cells, NULL);
}

static void put_answer(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                       const unsigned char *solution)
{
    put_object(o, p->shape, p, p->cells, res->solutions ? solution : NULL);
}

const nonet__format_def nonet__format_fpuzzles = {
    .id = NONET_FORMAT_FPUZZLES,
    .name = "fpuzzles",
    .aliases = (const char *const[]){"f-puzzles", NULL},
    .reads_as = NONET_FORMAT_FPUZZLES,
    .detect = detect,
    .read = read_fpuzzles,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
    .put_answer = put_answer,
};

/* ------------------------------------------------------------------ */
/* Writing: links                                                       */
/* ------------------------------------------------------------------ */

void nonet__put_fpuzzles_link(nonet__out *o, const char *prefix, int escape, const nonet_shape *s,
                              const nonet_puzzle *p, const unsigned char *givens,
                              const unsigned char *solution)
{
    nonet__out text;
    nonet__out_init(&text, NULL, 0, o->alphabet);
    put_object(&text, s, p, givens, solution);
    size_t len = text.len, zlen;
    char *json = malloc(len + 1), *z = NULL;
    if (json) {
        nonet__out_init(&text, json, len + 1, o->alphabet);
        put_object(&text, s, p, givens, solution);
        z = nonet__lz_compress(json, len - 1, 0, &zlen); /* without the newline */
    }
    free(json);
    if (!z) {
        nonet__puts(o, "out of memory\n"); /* no link: reading it back fails */
        return;
    }
    nonet__puts(o, prefix);
    for (size_t i = 0; i < zlen; i++) {
        if (escape && (z[i] == '+' || z[i] == '/' || z[i] == '='))
            nonet__puts(o, z[i] == '+' ? "%2B" : z[i] == '/' ? "%2F" : "%3D");
        else nonet__putc(o, z[i]);
    }
    nonet__putc(o, '\n');
    free(z);
}

static const char *const link_prefix = "https://www.f-puzzles.com/?load=";

static void put_link_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_fpuzzles_link(o, link_prefix, 0, s, NULL, g, NULL);
}

static void put_link_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    nonet__put_fpuzzles_link(o, link_prefix, 0, p->shape, p, p->cells, NULL);
}

static void put_link_answer(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                            const unsigned char *solution)
{
    nonet__put_fpuzzles_link(o, link_prefix, 0, p->shape, p, p->cells,
                             res->solutions ? solution : NULL);
}

/* f-puzzles links (NONET_FORMAT_FPUZZLES_LINK): the JSON above, compressed
 * into https://www.f-puzzles.com/?load=...; written only, read back by the
 * f-puzzles reader. */
const nonet__format_def nonet__format_fpuzzles_link = {
    .id = NONET_FORMAT_FPUZZLES_LINK,
    .name = "fpuzzles-link",
    .aliases = (const char *const[]){"f-puzzles-link", NULL},
    .reads_as = NONET_FORMAT_FPUZZLES,
    .put_grid = put_link_grid,
    .put_puzzle = put_link_puzzle,
    .put_answer = put_link_answer,
};
