/*
 * nonet.c - the self-describing nonet format (NONET_FORMAT_NONET),
 * reading and writing. The specification is docs/NONET_FORMAT.md.
 *
 * A puzzle is a block that opens with a line "nonet 1" and runs to the next
 * such line or the end of the input. Inside, one keyword a line: size, box,
 * alphabet, variants, group, then the sections givens, regions, pencilmarks
 * (N rows each) and solution (read and ignored). Blank and '#' lines are
 * skipped. A `size` or `alphabet` line after a section read under the old
 * value is an error: the rows already read would not fit the new one (a
 * late `size` once left pencilmarks of side 4 under a 9x9 puzzle, so cells
 * had no candidate). After an error the rest of the block is skipped, so the
 * next block is read cleanly. Each block builds its own shape; the reader's
 * variants are added to the block's.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GROUPS 256

/* Everything a block says, gathered before the shape is built. */
typedef struct block {
    long line;       /* the header line */
    int n;           /* side, 0 until known */
    long side_line;  /* first section read at side n, 0 if none yet */
    long alpha_line; /* first section read with alpha, 0 if none yet */
    int box_rows, box_cols;
    unsigned variants;
    nonet__alphabet alpha;
    int has_givens, has_regions, has_cands;
    unsigned char cells[NONET_MAX_CELLS];
    long row_line[NONET_MAX_SIZE];
    int regions[NONET_MAX_CELLS];
    uint64_t cands[NONET_MAX_CELLS];
    int ngroups;
    int groups[MAX_GROUPS * NONET_MAX_SIZE]; /* row * 64 + column until the side is known */
    long group_line[MAX_GROUPS];
    int *cons; /* constraint lines as read: kind, line, ncells, nvalues, cells
                           (row * 64 + column), values; NULL when none (owned) */
    size_t ncons_ints, cons_cap;
} block;

/* 1 when the line is a block header ("nonet" or "nonet ..."). */
static int is_header(const nonet__line *l)
{
    return l->len >= 5 && memcmp(l->text, "nonet", 5) == 0 && (l->len == 5 || l->text[5] == ' ');
}

/* Skips to the next header or the end of the input. */
static void skip_block(nonet_reader *r)
{
    nonet__line l;
    while (nonet__lines_peek_content(&r->lines, &l) > 0 && !is_header(&l))
        nonet__lines_next(&r->lines, &l);
}

/* Parses a decimal number of up to 4 digits; -1 when it is not one. */
static int parse_small(const char *t, size_t len)
{
    int v = 0;
    if (!len || len > 4) return -1;
    for (size_t i = 0; i < len; i++) {
        if (t[i] < '0' || t[i] > '9') return -1;
        v = v * 10 + (t[i] - '0');
    }
    return v;
}

/* The side a section's first row implies (token count, or length). */
static int first_row_side(nonet_reader *r, int regions)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return 0;
    int s[1], k[1];
    int count = nonet__tokens(&l, 1, s, k);
    if (regions) {
        int c = 0;
        for (size_t i = 0; i < l.len; i++) c += l.text[i] != ' ' && l.text[i] != '\t';
        return c;
    }
    return count > 1 ? count : (int)l.len;
}

/* Fixes the side from a section's first row when no `size` line did, and
 * notes the section (a later `size` may no longer change the side). */
static nonet_status need_side(nonet_reader *r, block *b, int regions, const nonet__line *kw,
                              nonet_error *err)
{
    if (!b->n) b->n = first_row_side(r, regions);
    if (b->n < NONET_MIN_SIZE || b->n > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_SHAPE, kw->no, 0,
                           "the section's rows have %d cells; a side is %d..%d", b->n,
                           NONET_MIN_SIZE, NONET_MAX_SIZE);
    if (!b->side_line) b->side_line = kw->no;
    return NONET_OK;
}

/* The block being read, for the row reader's callbacks. */
typedef struct section {
    block *b;
} section;

/* A block header ends a section early. */
static int at_header(void *ctx, const nonet__line *l)
{
    (void)ctx;
    return is_header(l);
}

/* Parses row `row` of the givens section. */
static nonet_status givens_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    block *b = ((section *)ctx)->b;
    return nonet__parse_grid_row(l, &b->alpha, b->n, row, b->cells + row * b->n, err);
}

/* Reads the n rows of the givens. */
static nonet_status read_givens(nonet_reader *r, block *b, const nonet__line *kw, nonet_error *err)
{
    nonet_status st = need_side(r, b, 0, kw, err);
    section sec = {b};
    nonet__rows rows = {.lines = &r->lines,
                        .n = b->n,
                        .what = "the givens end",
                        .its = "their",
                        .missing = NONET_ERR_SYNTAX,
                        .row = givens_row,
                        .stop = at_header,
                        .ctx = &sec,
                        .row_line = b->row_line};
    if (!b->alpha_line) b->alpha_line = kw->no;
    if (!st) st = nonet__rows_read(&rows, 0, err);
    b->has_givens = 1;
    return st;
}

/* Value of the pencilmark at t[*i]: a symbol, or, when the side is beyond
 * the alphabet, a number (numbers are joined by ','); advances *i. 0 or -1
 * when it is no digit. */
static int mark_value(const block *b, const char *t, int len, int *i)
{
    int limit = b->alpha.size ? b->alpha.size : NONET__DEFAULT_SYMBOLS;
    if (b->n <= limit) return nonet__alphabet_value(&b->alpha, (unsigned char)t[(*i)++], b->n);
    if (*i && t[*i] == ',') ++*i;
    int v = 0, start = *i;
    while (*i < len && *i - start < 3 && t[*i] >= '0' && t[*i] <= '9')
        v = v * 10 + (t[(*i)++] - '0');
    return *i > start && (*i == len || t[*i] == ',') && v <= b->n ? v : -1;
}

/* Parses one pencilmark token: '.' = any digit, else the digits' symbols
 * (or numbers joined by ',' when the side is beyond the alphabet). */
static nonet_status parse_mark(const block *b, const nonet__line *l, int at, int len, int col,
                               uint64_t *out, nonet_error *err)
{
    uint64_t full = b->n == 64 ? ~0ull : (1ull << b->n) - 1, m = 0;
    if (len == 1 && l->text[at] == '.') {
        *out = full;
        return NONET_OK;
    }
    for (int i = 0; i < len;) {
        int pos = i, v = mark_value(b, l->text + at, len, &i);
        if (v <= 0)
            return nonet__fail(err, NONET_ERR_SYNTAX, l->no, at + pos + 1,
                               "bad pencilmark \"%.*s\" in column %d", len > 20 ? 20 : len,
                               l->text + at, col);
        m |= 1ull << (v - 1);
    }
    *out = m;
    return NONET_OK;
}

/* Parses row `row` of the pencilmarks section: N entries. */
static nonet_status marks_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    block *b = ((section *)ctx)->b;
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    int count = nonet__tokens(l, NONET_MAX_SIZE, start, len);
    nonet_status st = NONET_OK;
    if (count != b->n)
        return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0,
                           "pencilmark row %d has %d entries, expected %d", row + 1, count, b->n);
    for (int i = 0; !st && i < b->n; i++)
        st = parse_mark(b, l, start[i], len[i], i + 1, &b->cands[row * b->n + i], err);
    return st;
}

/* Reads the n rows of pencilmarks, n tokens each. */
static nonet_status read_marks(nonet_reader *r, block *b, const nonet__line *kw, nonet_error *err)
{
    nonet_status st = need_side(r, b, 0, kw, err);
    section sec = {b};
    nonet__rows rows = {.lines = &r->lines,
                        .n = b->n,
                        .what = "the pencilmarks end",
                        .its = "their",
                        .missing = NONET_ERR_SYNTAX,
                        .row = marks_row,
                        .stop = at_header,
                        .ctx = &sec};
    if (!b->alpha_line) b->alpha_line = kw->no;
    if (!st) st = nonet__rows_read(&rows, 0, err);
    b->has_cands = 1;
    return st;
}

/* Reads "group r1c1 r1c2 ...": cells by row and column, 1-based. */
static nonet_status read_group(block *b, const nonet__line *l, nonet_error *err)
{
    int start[NONET_MAX_SIZE + 2], len[NONET_MAX_SIZE + 2];
    int count = nonet__tokens(l, NONET_MAX_SIZE + 2, start, len) - 1;
    if (b->ngroups == MAX_GROUPS)
        return nonet__fail(err, NONET_ERR_SHAPE, l->no, 0, "more than %d groups", MAX_GROUPS);
    if (count < NONET_MIN_SIZE || count > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_SHAPE, l->no, 0, "a group has %d cells", count);
    int *cells = b->groups + b->ngroups * NONET_MAX_SIZE;
    for (int i = 0; i < count; i++) {
        const char *t = l->text + start[i + 1];
        int rr = 0, cc = 0, k = len[i + 1];
        const char *c = memchr(t, 'c', (size_t)k);
        if (k > 2 && t[0] == 'r' && c) {
            rr = parse_small(t + 1, (size_t)(c - t - 1));
            cc = parse_small(c + 1, (size_t)(t + k - c - 1));
        }
        if (rr < 1 || cc < 1 || rr > NONET_MAX_SIZE || cc > NONET_MAX_SIZE)
            return nonet__fail(err, NONET_ERR_SYNTAX, l->no, start[i + 1] + 1,
                               "bad cell \"%.*s\" (cells are written r<row>c<column>, like r1c1)",
                               k > 20 ? 20 : k, t);
        cells[i] = (rr - 1) * NONET_MAX_SIZE + (cc - 1);
    }
    for (int i = count; i < NONET_MAX_SIZE; i++) cells[i] = -1;
    b->group_line[b->ngroups++] = l->no;
    return NONET_OK;
}

/* Appends v to the block's constraint ints; returns 0 when out of memory. */
static int cons_push(block *b, int v)
{
    if (b->ncons_ints == b->cons_cap) {
        size_t cap = b->cons_cap ? 2 * b->cons_cap : 256;
        int *grown = realloc(b->cons, cap * sizeof *grown);
        if (!grown) return 0;
        b->cons = grown;
        b->cons_cap = cap;
    }
    b->cons[b->ncons_ints++] = v;
    return 1;
}

/* Reads a constraint line "<kind> [numbers...] [cells...]" (docs/CONSTRAINTS.md):
 * the numbers first, then the cells as rRcC, kept until the side is known. */
static nonet_status read_constraint(block *b, int kind, const nonet__line *l, nonet_error *err)
{
    enum { MAX_TOKENS = 4 * NONET_MAX_SIZE + 8 };
    int start[MAX_TOKENS], len[MAX_TOKENS], count = nonet__tokens(l, MAX_TOKENS, start, len);
    int cells[MAX_TOKENS], values[MAX_TOKENS], ncells = 0, nvalues = 0;
    if (count >= MAX_TOKENS)
        return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "a constraint of more than %d cells",
                           MAX_TOKENS - 2);
    for (int i = 1; i < count; i++) {
        const char *t = l->text + start[i];
        int k = len[i], rr = 0, cc = 0, v = parse_small(t, (size_t)k);
        const char *c = memchr(t, 'c', (size_t)k);
        if (v >= 0 && !ncells) {
            values[nvalues++] = v;
            continue;
        }
        if (k > 2 && t[0] == 'r' && c) {
            rr = parse_small(t + 1, (size_t)(c - t - 1));
            cc = parse_small(c + 1, (size_t)(t + k - c - 1));
        }
        if (rr < 1 || cc < 1 || rr > NONET_MAX_SIZE || cc > NONET_MAX_SIZE)
            return nonet__fail(err, NONET_ERR_SYNTAX, l->no, start[i] + 1,
                               "bad cell or number \"%.*s\" (numbers first, then cells written "
                               "r<row>c<column>, like r1c1)",
                               k > 20 ? 20 : k, t);
        cells[ncells++] = (rr - 1) * NONET_MAX_SIZE + (cc - 1);
    }
    int ok = cons_push(b, kind) && cons_push(b, (int)l->no) && cons_push(b, ncells) &&
             cons_push(b, nvalues);
    for (int i = 0; ok && i < ncells; i++) ok = cons_push(b, cells[i]);
    for (int i = 0; ok && i < nvalues; i++) ok = cons_push(b, values[i]);
    return ok ? NONET_OK : nonet__fail(err, NONET_ERR_NOMEM, l->no, 0, "out of memory");
}

/* Adds the block's constraints to p (side n), each checked by the library;
 * an error points at its line. */
static nonet_status place_constraints(const block *b, nonet_puzzle *p, nonet_error *err)
{
    int n = b->n, cells[4 * NONET_MAX_SIZE + 8];
    for (size_t at = 0; at < b->ncons_ints;) {
        const int *k = b->cons + at;
        int kind = k[0], ncells = k[2], nvalues = k[3];
        long line = k[1];
        for (int i = 0; i < ncells; i++) {
            int rr = k[4 + i] / NONET_MAX_SIZE, cc = k[4 + i] % NONET_MAX_SIZE;
            if (rr >= n || cc >= n)
                return nonet__fail(
                    err, NONET_ERR_SYNTAX, line, 0, "%s names r%dc%d, outside the %dx%d grid",
                    nonet_constraint_name((nonet_constraint_kind)kind), rr + 1, cc + 1, n, n);
            cells[i] = rr * n + cc;
        }
        nonet_status st = nonet_puzzle_add_constraint(p, (nonet_constraint_kind)kind, cells, ncells,
                                                      k + 4 + ncells, nvalues, err);
        if (st) {
            err->line = line;
            return st == NONET_ERR_ARG ? (err->code = NONET_ERR_SYNTAX) : st;
        }
        at += 4 + (size_t)ncells + (size_t)nvalues;
    }
    return NONET_OK;
}

/* Reads "solution [several|none|gave-up]" and skips its rows. */
static nonet_status skip_solution(nonet_reader *r, block *b, const char *arg, size_t alen,
                                  const nonet__line *kw, nonet_error *err)
{
    if ((alen == 4 && memcmp(arg, "none", 4) == 0) || (alen == 7 && memcmp(arg, "gave-up", 7) == 0))
        return NONET_OK;
    nonet_status st = need_side(r, b, 0, kw, err);
    for (int row = 0; !st && row < b->n; row++) {
        nonet__line l;
        if (nonet__lines_peek_content(&r->lines, &l) <= 0 || is_header(&l)) break;
        nonet__lines_next(&r->lines, &l);
    }
    return st;
}

/* Handles the one-value keywords: size, box, alphabet, variants. */
static nonet_status read_setting(block *b, const char *kw, size_t klen, const char *arg,
                                 size_t alen, long no, nonet_error *err)
{
    char text[128];
    snprintf(text, sizeof text, "%.*s", (int)(alen < 127 ? alen : 127), arg);
    nonet_status st = NONET_OK;
    if (klen == 4 && memcmp(kw, "size", 4) == 0) {
        int n = parse_small(arg, alen);
        if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE)
            st = nonet__fail(err, NONET_ERR_SHAPE, no, 0, "size \"%s\" is not a number %d..%d",
                             text, NONET_MIN_SIZE, NONET_MAX_SIZE);
        else if (b->side_line && n != b->n) /* the sections already read would not fit */
            st = nonet__fail(err, NONET_ERR_SYNTAX, no, 0,
                             "size %d comes after the section on line %ld, read at side %d "
                             "(size must come before the sections)",
                             n, b->side_line, b->n);
        else b->n = n;
    } else if (klen == 3 && memcmp(kw, "box", 3) == 0) {
        const char *x = memchr(arg, 'x', alen);
        b->box_rows = x ? parse_small(arg, (size_t)(x - arg)) : -1;
        b->box_cols = x ? parse_small(x + 1, (size_t)(arg + alen - x - 1)) : -1;
        if (b->box_rows < 1 || b->box_cols < 1)
            st =
                nonet__fail(err, NONET_ERR_SYNTAX, no, 0, "box \"%s\" is not RxC (like 3x3)", text);
    } else if (klen == 8 && memcmp(kw, "alphabet", 8) == 0) {
        if (b->alpha_line) /* the symbols already read were read with another alphabet */
            st = nonet__fail(err, NONET_ERR_SYNTAX, no, 0,
                             "alphabet comes after the section on line %ld "
                             "(alphabet must come before the sections)",
                             b->alpha_line);
        else st = nonet__alphabet_set(&b->alpha, text, err);
    } else if ((klen == 8 && memcmp(kw, "variants", 8) == 0) ||
               (klen == 7 && memcmp(kw, "variant", 7) == 0)) {
        unsigned v = 0;
        st = nonet_variants_parse(text, &v, err);
        b->variants |= v;
    } else {
        st = nonet__fail(err, NONET_ERR_SYNTAX, no, 1,
                         "unknown keyword \"%.*s\" (known: size, box, alphabet, variants, group, "
                         "givens, regions, pencilmarks, solution, and the constraints of "
                         "docs/CONSTRAINTS.md: cage, thermo, arrow, ...)",
                         (int)(klen > 20 ? 20 : klen), kw);
    }
    if (st && !err->line) err->line = no;
    return st;
}

/* Reads one keyword line and what it introduces. */
static nonet_status read_keyword(nonet_reader *r, block *b, const nonet__line *l, nonet_error *err)
{
    size_t klen = 0;
    while (klen < l->len && l->text[klen] != ' ' && l->text[klen] != '\t') klen++;
    const char *arg = l->text + klen;
    size_t alen = l->len - klen;
    while (alen && (*arg == ' ' || *arg == '\t')) arg++, alen--;
    const char *kw = l->text;
    if (klen == 6 && memcmp(kw, "givens", 6) == 0) return read_givens(r, b, l, err);
    if (klen == 11 && memcmp(kw, "pencilmarks", 11) == 0) return read_marks(r, b, l, err);
    if (klen == 5 && memcmp(kw, "group", 5) == 0) return read_group(b, l, err);
    if (klen == 8 && memcmp(kw, "solution", 8) == 0) return skip_solution(r, b, arg, alen, l, err);
    char name[24];
    snprintf(name, sizeof name, "%.*s", (int)(klen < 23 ? klen : 23), kw);
    int kind = klen < 23 ? nonet_constraint_from_name(name) : -1;
    if (kind >= 0) return read_constraint(b, kind, l, err);
    if (klen == 7 && memcmp(kw, "regions", 7) == 0) {
        nonet_status st = need_side(r, b, 1, l, err);
        if (st) return st;
        b->has_regions = 1;
        return nonet__read_region_rows(&r->lines, b->n, b->regions, err) < 0 ? err->code : NONET_OK;
    }
    return read_setting(b, kw, klen, arg, alen, l->no, err);
}

/* Turns the groups' row/column pairs into cell indices of side n. */
static nonet_status place_groups(block *b, nonet_error *err)
{
    int n = b->n;
    for (int g = 0; g < b->ngroups; g++) {
        int *cells = b->groups + g * NONET_MAX_SIZE, count = 0;
        while (count < NONET_MAX_SIZE && cells[count] >= 0) count++;
        if (count != n)
            return nonet__fail(err, NONET_ERR_SHAPE, b->group_line[g], 0,
                               "group %d has %d cells, expected %d", g + 1, count, n);
        for (int i = 0; i < n; i++) {
            int rr = cells[i] / NONET_MAX_SIZE, cc = cells[i] % NONET_MAX_SIZE;
            if (rr >= n || cc >= n)
                return nonet__fail(err, NONET_ERR_SHAPE, b->group_line[g], 0,
                                   "group %d names r%dc%d, outside the %dx%d grid", g + 1, rr + 1,
                                   cc + 1, n, n);
            b->groups[g * n + i] = rr * n + cc; /* packs groups to n cells each, in place */
        }
    }
    return NONET_OK;
}

/* Builds the block's shape and puzzle. */
static nonet_status make_puzzle(nonet_reader *r, block *b, nonet_puzzle **out, nonet_error *err)
{
    if (!b->has_givens)
        return nonet__fail(err, NONET_ERR_SYNTAX, b->line, 0, "the puzzle has no givens section");
    nonet_status st = place_groups(b, err);
    if (st) return st;
    nonet_shape_spec sp = {0};
    sp.size = b->n;
    sp.box_rows = b->has_regions ? 0 : b->box_rows;
    sp.box_cols = b->has_regions ? 0 : b->box_cols;
    sp.regions = b->has_regions ? b->regions : NULL;
    sp.variants = b->variants | r->variants;
    sp.groups = b->ngroups ? b->groups : NULL;
    sp.group_count = b->ngroups;
    nonet_shape *shape = nonet_shape_new(&sp, err);
    if (!shape) {
        if (!err->line) err->line = b->line;
        return err->code;
    }
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    nonet_shape_free(shape);
    if (p && b->has_cands) p->cands = malloc((size_t)b->n * (size_t)b->n * sizeof *p->cands);
    if (!p || (b->has_cands && !p->cands)) {
        nonet_puzzle_free(p);
        return nonet__fail(err, NONET_ERR_NOMEM, b->line, 0, "out of memory");
    }
    memcpy(p->cells, b->cells, (size_t)b->n * (size_t)b->n);
    memcpy(p->row_line, b->row_line, (size_t)b->n * sizeof *p->row_line);
    if (b->has_cands) memcpy(p->cands, b->cands, (size_t)b->n * (size_t)b->n * sizeof *p->cands);
    if ((st = place_constraints(b, p, err)) != NONET_OK) {
        nonet_puzzle_free(p);
        return st;
    }
    if (b->alpha.size >= b->n) /* a shorter one cannot write the digits: numbers do */
        memcpy(p->alphabet, b->alpha.text, sizeof p->alphabet);
    nonet__stamp(r, p, b->line);
    *out = p;
    return NONET_OK;
}

/* Reads the header line and the block's lines up to the next header. */
static nonet_status read_block(nonet_reader *r, block *b, nonet_error *err)
{
    nonet__line l;
    nonet__lines_next(&r->lines, &l);
    b->line = l.no;
    if (!is_header(&l))
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 1,
                           "expected a puzzle header \"nonet 1\", found \"%.*s\"",
                           (int)(l.len < 40 ? l.len : 40), l.text);
    if (l.len > 5 && !(l.len == 7 && memcmp(l.text + 5, " 1", 2) == 0))
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 7,
                           "unknown nonet format version \"%.*s\" (this reader knows 1)",
                           (int)(l.len - 6 < 20 ? l.len - 6 : 20), l.text + 6);
    b->alpha = r->alpha;
    while (nonet__lines_peek_content(&r->lines, &l) > 0 && !is_header(&l)) {
        nonet__lines_next(&r->lines, &l);
        nonet_status st = read_keyword(r, b, &l, err);
        if (st) return st;
    }
    return NONET_OK;
}

/* Reads one block; after an error, skips to the next block. */
static nonet_status read_nonet(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    block *b = calloc(1, sizeof *b);
    if (!b) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    nonet_status st = read_block(r, b, err);
    if (!st) st = make_puzzle(r, b, out, err);
    free(b->cons);
    free(b);
    if (st) skip_block(r);
    return st;
}

/* ------------------------------------------------------------------ */
/* Detection and writing                                                */
/* ------------------------------------------------------------------ */

/* Rule 0: the block header. */
static int detect(const nonet__sniff *s) { return is_header(&s->l); }

/* Rules: size, box or region map, alphabet, variants, groups. */
static void put_rules(nonet__out *o, const nonet_shape *s)
{
    static const char region_syms[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%";
    int n = s->n;
    nonet__puts(o, "nonet 1\nsize ");
    nonet__put_int(o, n, 0);
    if (s->box_rows) {
        nonet__puts(o, "\nbox ");
        nonet__put_int(o, s->box_rows, 0);
        nonet__puts(o, "x");
        nonet__put_int(o, s->box_cols, 0);
    }
    nonet__puts(o, "\n");
    if (o->alphabet && o->alphabet[0]) {
        nonet__puts(o, "alphabet ");
        nonet__puts(o, o->alphabet);
        nonet__putc(o, '\n');
    }
    if (s->variants) {
        nonet__puts(o, "variants ");
        for (unsigned bit = 1, first = 1; bit <= NONET_VARIANT_NON_CONSECUTIVE; bit <<= 1)
            if (s->variants & bit) {
                if (!first) nonet__putc(o, ',');
                nonet__puts(o, nonet_variant_name(bit));
                first = 0;
            }
        nonet__putc(o, '\n');
    }
    if (!s->box_rows) {
        nonet__puts(o, "regions\n");
        for (int c = 0; c < s->ncells; c++) {
            nonet__putc(o, region_syms[s->region[c]]);
            if (c % n == n - 1) nonet__putc(o, '\n');
        }
    }
    for (int h = 0; h < s->nhouses; h++) {
        if (s->house_kind[h] != NONET__GROUP) continue;
        nonet__puts(o, "group");
        for (int i = 0; i < n; i++) {
            int c = s->house[h * n + i];
            nonet__puts(o, " r");
            nonet__put_int(o, c / n + 1, 0);
            nonet__puts(o, "c");
            nonet__put_int(o, c % n + 1, 0);
        }
        nonet__putc(o, '\n');
    }
}

/* Pencilmarks of the open cells; '.' for given or unrestricted cells;
 * numbers joined by ',' beyond the alphabet. */
static void put_marks(nonet__out *o, const nonet_shape *s, const unsigned char *givens,
                      const uint64_t *cands)
{
    int n = s->n;
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, n);
    nonet__puts(o, "pencilmarks\n");
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = cands[c] & s->full;
        if (c % n) nonet__putc(o, ' ');
        if (givens[c] || m == s->full) nonet__putc(o, '.');
        for (int d = 1, first = 1; d <= n && !givens[c] && m != s->full; d++)
            if (m >> (d - 1) & 1) {
                if (!t.numbers) nonet__putc(o, t.of[d]);
                else {
                    if (!first) nonet__putc(o, ',');
                    nonet__put_int(o, d, 0);
                }
                first = 0;
            }
        if (c % n == n - 1) nonet__putc(o, '\n');
    }
}

/* A block: the rules of s, `givens` with their `cands` (NULL = none), then,
 * unless verdict is NULL, a solution section: "" or "several" followed by
 * `solution`'s rows, or a verdict line alone ("none", "gave-up"). */
/* One line a constraint: its name, its numbers, its cells. */
static void put_constraints(nonet__out *o, const nonet_puzzle *p)
{
    int n = p->shape->n;
    for (int i = 0; i < nonet_puzzle_constraint_count(p); i++) {
        const int *cells, *values;
        int ncells, nvalues;
        nonet_constraint_kind kind =
            nonet_puzzle_constraint(p, i, &cells, &ncells, &values, &nvalues);
        nonet__puts(o, nonet_constraint_name(kind));
        for (int j = 0; j < nvalues; j++) {
            nonet__putc(o, ' ');
            nonet__put_int(o, values[j], 0);
        }
        for (int j = 0; j < ncells; j++) {
            nonet__puts(o, " r");
            nonet__put_int(o, cells[j] / n + 1, 0);
            nonet__putc(o, 'c');
            nonet__put_int(o, cells[j] % n + 1, 0);
        }
        nonet__putc(o, '\n');
    }
}

static void put_block(nonet__out *o, const nonet_shape *s, const nonet_puzzle *p,
                      const unsigned char *givens, const uint64_t *cands, const char *verdict,
                      const unsigned char *solution)
{
    put_rules(o, s);
    if (p) put_constraints(o, p);
    nonet__puts(o, "givens\n");
    nonet__put_cells(o, s->n, s->ncells, givens, 0);
    if (cands) put_marks(o, s, givens, cands);
    if (!verdict) return;
    nonet__puts(o, "solution");
    if (verdict[0]) {
        nonet__putc(o, ' ');
        nonet__puts(o, verdict);
    }
    nonet__putc(o, '\n');
    if (solution && (!verdict[0] || strcmp(verdict, "several") == 0))
        nonet__put_cells(o, s->n, s->ncells, solution, 0);
}

/* A block of the grid as givens. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    put_block(o, s, NULL, g, NULL, NULL, NULL);
}

/* A block of the puzzle: rules, givens, pencilmarks. */
static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    put_block(o, p->shape, p, p->cells, p->cands, NULL, NULL);
}

/* The puzzle with its solution section. */
static void put_answer(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                       const unsigned char *solution)
{
    const char *verdict = res->gave_up && !res->solutions ? "gave-up"
                          : res->solutions >= 2           ? "several"
                          : res->solutions == 1           ? ""
                                                          : "none";
    put_block(o, p->shape, p, p->cells, p->cands, verdict, res->solutions ? solution : NULL);
}

const nonet__format_def nonet__format_nonet = {
    .id = NONET_FORMAT_NONET,
    .name = "nonet",
    .reads_as = NONET_FORMAT_NONET,
    .detect = detect,
    .read = read_nonet,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
    .put_answer = put_answer,
};
