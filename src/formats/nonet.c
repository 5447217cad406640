/*
 * format_nonet.c - the self-describing nonet format (NONET_FORMAT_NONET),
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
#include "core/error.h"
#include "core/puzzle.h"
#include "formats/reader.h"
#include "core/shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GROUPS 256

/* Everything a block says, gathered before the shape is built. */
typedef struct block {
    long line;                       /* the header line */
    int n;                           /* side, 0 until known */
    long side_line;                  /* first section read at side n, 0 if none yet */
    long alpha_line;                 /* first section read with alpha, 0 if none yet */
    int box_rows, box_cols;
    unsigned variants;
    nonet__alphabet alpha;
    int has_givens, has_regions, has_cands;
    unsigned char cells[NONET_MAX_CELLS];
    long row_line[NONET_MAX_SIZE];
    int regions[NONET_MAX_CELLS];
    uint64_t cands[NONET_MAX_CELLS];
    int ngroups;
    int groups[MAX_GROUPS * NONET_MAX_SIZE];  /* row * 64 + column until the side is known */
    long group_line[MAX_GROUPS];
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
    while (nonet__peek_content(r, &l) > 0 && !is_header(&l)) nonet__lines_next(&r->lines, &l);
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
    if (nonet__peek_content(r, &l) <= 0) return 0;
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

/* Reads the n rows of the givens. */
static nonet_status read_givens(nonet_reader *r, block *b, const nonet__line *kw,
                                nonet_error *err)
{
    nonet_status st = need_side(r, b, 0, kw, err);
    if (!b->alpha_line) b->alpha_line = kw->no;
    for (int row = 0; !st && row < b->n; row++) {
        nonet__line l;
        if (nonet__peek_content(r, &l) <= 0 || is_header(&l))
            return nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                               "the givens end after %d of their %d rows", row, b->n);
        nonet__lines_next(&r->lines, &l);
        b->row_line[row] = l.no;
        st = nonet__parse_grid_row(&l, &b->alpha, b->n, row, b->cells + row * b->n, err);
    }
    b->has_givens = 1;
    return st;
}

/* Value of the pencilmark at t[*i]: a symbol, or, when the side is beyond
 * the alphabet, a number (numbers are joined by ','); advances *i. 0 or -1
 * when it is no digit. */
static int mark_value(const block *b, const char *t, int len, int *i)
{
    int limit = b->alpha.size ? b->alpha.size : 61;
    if (b->n <= limit) return nonet__alphabet_value(&b->alpha, (unsigned char)t[(*i)++], b->n);
    if (*i && t[*i] == ',') ++*i;
    int v = 0, start = *i;
    while (*i < len && *i - start < 3 && t[*i] >= '0' && t[*i] <= '9') v = v * 10 + (t[(*i)++] - '0');
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

/* Reads the n rows of pencilmarks, n tokens each. */
static nonet_status read_marks(nonet_reader *r, block *b, const nonet__line *kw,
                               nonet_error *err)
{
    nonet_status st = need_side(r, b, 0, kw, err);
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    if (!b->alpha_line) b->alpha_line = kw->no;
    for (int row = 0; !st && row < b->n; row++) {
        nonet__line l;
        if (nonet__peek_content(r, &l) <= 0 || is_header(&l))
            return nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                               "the pencilmarks end after %d of their %d rows", row, b->n);
        nonet__lines_next(&r->lines, &l);
        int count = nonet__tokens(&l, NONET_MAX_SIZE, start, len);
        if (count != b->n)
            return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                               "pencilmark row %d has %d entries, expected %d", row + 1, count,
                               b->n);
        for (int i = 0; !st && i < b->n; i++)
            st = parse_mark(b, &l, start[i], len[i], i + 1, &b->cands[row * b->n + i], err);
    }
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

/* Reads "solution [several|none|gave-up]" and skips its rows. */
static nonet_status skip_solution(nonet_reader *r, block *b, const char *arg, size_t alen,
                                  const nonet__line *kw, nonet_error *err)
{
    if ((alen == 4 && memcmp(arg, "none", 4) == 0) || (alen == 7 && memcmp(arg, "gave-up", 7) == 0))
        return NONET_OK;
    nonet_status st = need_side(r, b, 0, kw, err);
    for (int row = 0; !st && row < b->n; row++) {
        nonet__line l;
        if (nonet__peek_content(r, &l) <= 0 || is_header(&l)) break;
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
        else if (b->side_line && n != b->n)   /* the sections already read would not fit */
            st = nonet__fail(err, NONET_ERR_SYNTAX, no, 0,
                             "size %d comes after the section on line %ld, read at side %d "
                             "(size must come before the sections)",
                             n, b->side_line, b->n);
        else
            b->n = n;
    } else if (klen == 3 && memcmp(kw, "box", 3) == 0) {
        const char *x = memchr(arg, 'x', alen);
        b->box_rows = x ? parse_small(arg, (size_t)(x - arg)) : -1;
        b->box_cols = x ? parse_small(x + 1, (size_t)(arg + alen - x - 1)) : -1;
        if (b->box_rows < 1 || b->box_cols < 1)
            st = nonet__fail(err, NONET_ERR_SYNTAX, no, 0, "box \"%s\" is not RxC (like 3x3)",
                             text);
    } else if (klen == 8 && memcmp(kw, "alphabet", 8) == 0) {
        if (b->alpha_line)   /* the symbols already read were read with another alphabet */
            st = nonet__fail(err, NONET_ERR_SYNTAX, no, 0,
                             "alphabet comes after the section on line %ld "
                             "(alphabet must come before the sections)",
                             b->alpha_line);
        else
            st = nonet__alphabet_set(&b->alpha, text, err);
    } else if ((klen == 8 && memcmp(kw, "variants", 8) == 0) ||
               (klen == 7 && memcmp(kw, "variant", 7) == 0)) {
        unsigned v = 0;
        st = nonet_variants_parse(text, &v, err);
        b->variants |= v;
    } else {
        st = nonet__fail(err, NONET_ERR_SYNTAX, no, 1,
                         "unknown keyword \"%.*s\" (known: size, box, alphabet, variants, group, "
                         "givens, regions, pencilmarks, solution)",
                         (int)(klen > 20 ? 20 : klen), kw);
    }
    if (st && !err->line) err->line = no;
    return st;
}

/* Reads one keyword line and what it introduces. */
static nonet_status read_keyword(nonet_reader *r, block *b, const nonet__line *l,
                                 nonet_error *err)
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
    if (klen == 8 && memcmp(kw, "solution", 8) == 0)
        return skip_solution(r, b, arg, alen, l, err);
    if (klen == 7 && memcmp(kw, "regions", 7) == 0) {
        nonet_status st = need_side(r, b, 1, l, err);
        if (st) return st;
        b->has_regions = 1;
        return nonet__read_region_rows(r, b->n, b->regions, err) < 0 ? err->code : NONET_OK;
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
            b->groups[g * n + i] = rr * n + cc;   /* packs groups to n cells each, in place */
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
    while (nonet__peek_content(r, &l) > 0 && !is_header(&l)) {
        nonet__lines_next(&r->lines, &l);
        nonet_status st = read_keyword(r, b, &l, err);
        if (st) return st;
    }
    return NONET_OK;
}

nonet_status nonet__read_nonet(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__peek_content(r, &l) <= 0) return NONET_END;
    block *b = calloc(1, sizeof *b);
    if (!b) return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    nonet_status st = read_block(r, b, err);
    if (!st) st = make_puzzle(r, b, out, err);
    free(b);
    if (st) skip_block(r);
    return st;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Output cursor: counts every byte, stores those that fit. */
typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *s, size_t n)
{
    if (o->len < o->cap) {
        size_t room = o->cap - o->len - 1;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

static void put_int(out *o, int v)
{
    char t[16];
    int k = snprintf(t, sizeof t, "%d", v);
    put(o, t, (size_t)k);
}

/* Symbol of digit v (0 = '.') of side n in `alphabet` ("" = default); 0 when
 * the alphabet has fewer than n symbols: the block is written in numbers. */
static char symbol(const char *alphabet, int v, int n)
{
    if (!alphabet[0]) return nonet__symbol_char(v, n);
    if (strlen(alphabet) < (size_t)n) return 0;
    return v ? alphabet[v - 1] : '.';
}

/* One row of cells: symbols run together, or numbers when none fit. */
static void put_row(out *o, int n, const char *alphabet, const unsigned char *row)
{
    for (int i = 0; i < n; i++) {
        char ch = symbol(alphabet, row[i], n);
        if (ch) put(o, &ch, 1);
        else {
            if (i) put(o, " ", 1);
            put_int(o, row[i]);
        }
    }
    put(o, "\n", 1);
}

static void put_grid(out *o, int n, const char *alphabet, const unsigned char *g)
{
    for (int r = 0; r < n; r++) put_row(o, n, alphabet, g + r * n);
}

/* Rules: size, box or region map, variants, groups. */
static void put_rules(out *o, const nonet_shape *s, const char *alphabet)
{
    static const char region_syms[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%";
    int n = s->n;
    puts_(o, "nonet 1\nsize ");
    put_int(o, n);
    if (s->box_rows) {
        puts_(o, "\nbox ");
        put_int(o, s->box_rows);
        puts_(o, "x");
        put_int(o, s->box_cols);
    }
    puts_(o, "\n");
    if (alphabet[0]) {
        put(o, "alphabet ", 9);
        put(o, alphabet, strlen(alphabet));
        put(o, "\n", 1);
    }
    if (s->variants) {
        put(o, "variants ", 9);
        for (unsigned bit = 1, first = 1; bit <= NONET_VARIANT_NON_CONSECUTIVE; bit <<= 1)
            if (s->variants & bit) {
                if (!first) put(o, ",", 1);
                put(o, nonet_variant_name(bit), strlen(nonet_variant_name(bit)));
                first = 0;
            }
        put(o, "\n", 1);
    }
    if (!s->box_rows) {
        put(o, "regions\n", 8);
        for (int c = 0; c < s->ncells; c++) {
            put(o, &region_syms[s->region[c]], 1);
            if (c % n == n - 1) put(o, "\n", 1);
        }
    }
    for (int h = 0; h < s->nhouses; h++) {
        if (s->house_kind[h] != NONET__GROUP) continue;
        put(o, "group", 5);
        for (int i = 0; i < n; i++) {
            int c = s->house[h * n + i];
            puts_(o, " r");
            put_int(o, c / n + 1);
            puts_(o, "c");
            put_int(o, c % n + 1);
        }
        put(o, "\n", 1);
    }
}

/* Pencilmarks of the open cells; '.' for given or unrestricted cells. */
static void put_marks(out *o, const nonet_shape *s, const char *alphabet,
                      const unsigned char *givens, const uint64_t *cands)
{
    int n = s->n;
    put(o, "pencilmarks\n", 12);
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = cands[c] & s->full;
        if (c % n) put(o, " ", 1);
        if (givens[c] || m == s->full) put(o, ".", 1);
        for (int d = 1, first = 1; d <= n && !givens[c] && m != s->full; d++)
            if (m >> (d - 1) & 1) {
                char ch = symbol(alphabet, d, n);
                if (ch) put(o, &ch, 1);
                else {   /* numbers, joined by ',' */
                    if (!first) put(o, ",", 1);
                    put_int(o, d);
                }
                first = 0;
            }
        if (c % n == n - 1) put(o, "\n", 1);
    }
}

size_t nonet__write_nonet(char *buf, size_t cap, const nonet_shape *s, const char *alphabet,
                          const unsigned char *givens, const uint64_t *cands,
                          const char *verdict, const unsigned char *solution)
{
    out o = {buf, cap, 0};
    if (!alphabet) alphabet = "";
    put_rules(&o, s, alphabet);
    put(&o, "givens\n", 7);
    put_grid(&o, s->n, alphabet, givens);
    if (cands) put_marks(&o, s, alphabet, givens, cands);
    if (verdict) {
        put(&o, "solution", 8);
        if (verdict[0]) {
            put(&o, " ", 1);
            put(&o, verdict, strlen(verdict));
        }
        put(&o, "\n", 1);
        if (solution && (!verdict[0] || strcmp(verdict, "several") == 0))
            put_grid(&o, s->n, alphabet, solution);
    }
    if (cap) buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}
