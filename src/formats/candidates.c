/*
 * candidates.c - candidate grids (NONET_FORMAT_CANDIDATES): 9 rows of 9
 * whitespace-separated candidate strings ("1269"), in the reader's
 * alphabet, frames allowed as in framed.c (whose frame helpers it uses). A
 * cell with one candidate becomes a given; a cell with none is an error.
 * Written for any side, columns aligned; beyond the alphabet a cell's
 * numbers are joined by ',' ("1,12,40").
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/rows.h"

#include <string.h>

/* Candidate mask of one token of side n under alphabet a, or 0 with err set. */
static uint64_t token_mask(const nonet__alphabet *a, const char *t, size_t len, int n, long line,
                           int col, nonet_error *err)
{
    uint64_t m = 0;
    char b[8];
    for (size_t i = 0; i < len; i++) {
        int v = nonet__alphabet_value(a, (unsigned char)t[i], n);
        if (v <= 0) {
            nonet__fail(err, NONET_ERR_SYNTAX, line, col + (int)i,
                        "bad candidate %s at column %d (candidates are digits 1..%d)",
                        nonet__show_char((unsigned char)t[i], b), col + (int)i, n);
            return 0;
        }
        m |= 1ull << (v - 1);
    }
    return m;
}

/* Splits a cleaned row into candidate masks; n = 0 takes the side from the
 * token count. Returns the side, or -1 with err set. */
static int candidate_row(const nonet__alphabet *a, const char *buf, size_t len, long line, int n,
                         uint64_t *masks, nonet_error *err)
{
    int k = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && buf[i] == ' ') i++;
        if (i == len) break;
        size_t j = i;
        while (j < len && buf[j] != ' ') j++;
        if (k >= NONET_MAX_SIZE || (n && k >= n)) {
            nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "row has more than %d cells",
                        n ? n : NONET_MAX_SIZE);
            return -1;
        }
        masks[k] = token_mask(a, buf + i, j - i, n ? n : 9, line, (int)i + 1, err);
        if (!masks[k]) return -1;
        k++;
        i = j;
    }
    if (n && k != n) {
        nonet__fail(err, NONET_ERR_SYNTAX, line, 0, "row has %d cells, expected %d", k, n);
        return -1;
    }
    return k;
}

/* The grid being read, for the row reader's callbacks. */
typedef struct cand_read {
    nonet_reader *r;
    int n;
    uint64_t masks[NONET_MAX_CELLS];
    char buf[4096]; /* the row's cleaned line */
    size_t len;
} cand_read;

/* Cleans the line (into the reader's buffer); a rule is no row. */
static int is_rule(void *ctx, const nonet__line *l)
{
    cand_read *c = ctx;
    int framed;
    c->len = nonet__frame_clean(l, c->buf, sizeof c->buf, &framed);
    return nonet__frame_is_rule(c->buf, c->len, framed | 2, c->n);
}

/* Parses a row after the first (the reader's cleaned line) into its masks. */
static nonet_status rest_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    cand_read *c = ctx;
    return candidate_row(&c->r->alpha, c->buf, c->len, l->no, c->n, c->masks + row * c->n, err) < 0
               ? err->code
               : NONET_OK;
}

/* Reads the first row (side 9 assumed for its rules); 1 with c->buf, c->len
 * and *l set, 0 at the end of the input. */
static int first_row(nonet_reader *r, cand_read *c, nonet__line *l)
{
    for (;;) {
        if (nonet__lines_peek_content(&r->lines, l) <= 0) return 0;
        nonet__lines_next(&r->lines, l);
        if (!is_rule(c, l)) return 1;
    }
}

/* Reads one candidate grid: 9 rows of 9 cells, frames skipped. */
static nonet_status read_candidates(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    cand_read c;
    long row_line[NONET_MAX_SIZE];
    nonet__line l;
    c.r = r;
    c.n = 9;
    if (!first_row(r, &c, &l)) return NONET_END;
    int n = candidate_row(&r->alpha, c.buf, c.len, l.no, 0, c.masks, err);
    if (n < 0) return err->code;
    if (n != 9)
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a candidate grid row holds 9 cells; this one has %d", n);
    row_line[0] = l.no;
    nonet__rows rows = {.lines = &r->lines,
                        .n = 9,
                        .what = "the grid ends",
                        .its = "its",
                        .missing = NONET_ERR_SYNTAX,
                        .row = rest_row,
                        .skip = is_rule,
                        .ctx = &c,
                        .row_line = row_line};
    nonet_status st = nonet__rows_read(&rows, 1, err);
    if (st) return st;
    const nonet_shape *shape = nonet__reader_shape(r, 9, err);
    if (!shape) return err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    if (!p || nonet__puzzle_set_candidates(p, c.masks)) {
        nonet_puzzle_free(p);
        return nonet__fail(err, NONET_ERR_NOMEM, l.no, 0, "out of memory");
    }
    memcpy(p->row_line, row_line, 9 * sizeof *row_line);
    nonet__stamp(r, p, l.no);
    *out = p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Detection                                                            */
/* ------------------------------------------------------------------ */

/* 1 when the cleaned row holds 9 cells and one is a run of 2..9 digits 1-9. */
static int candidate_like(const char *buf, size_t len)
{
    int cells = 0, multi = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && buf[i] == ' ') i++;
        if (i == len) break;
        size_t j = i;
        int digits = 1;
        for (; j < len && buf[j] != ' '; j++) digits &= buf[j] >= '1' && buf[j] <= '9';
        multi |= digits && j - i >= 2 && j - i <= 9;
        cells++;
        i = j;
    }
    return cells == 9 && multi;
}

/* Looks at the first 9 rows (frame rules skipped) for a candidate grid row. */
static int candidate_grid(nonet_reader *r, long pos)
{
    char buf[4096];
    nonet__line l;
    for (int rows = 0; rows < 9 && (pos = nonet__lines_peek_content_from(&r->lines, pos, &l)) >= 0;
         pos++) {
        int framed;
        size_t len = nonet__frame_clean(&l, buf, sizeof buf, &framed);
        if (nonet__frame_is_rule(buf, len, framed | 2, 9)) continue;
        if (candidate_like(buf, len)) return 1;
        rows++;
    }
    return 0;
}

/* Frames or several values, with a candidate row among the first 9. */
static int detect(const nonet__sniff *s)
{
    return (s->framed || s->tokens > 1) && candidate_grid(s->r, s->pos);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Candidate mask of cell c: its candidates, its given, or every digit. */
static uint64_t cell_mask(const nonet_shape *s, const unsigned char *g, const uint64_t *cands,
                          int c)
{
    if (g[c]) return 1ull << (g[c] - 1);
    return cands ? cands[c] & s->full : s->full;
}

/* Writes the candidates of mask m: their symbols run together ("1269"), or
 * their numbers joined by ',' ("1,12,40"). Returns the width. */
static int put_set(nonet__out *o, const nonet__symbols *t, uint64_t m, int n)
{
    int w = 0;
    for (int d = 0; d < n; d++) {
        if (!(m >> d & 1)) continue;
        if (!t->numbers) {
            nonet__putc(o, t->of[d + 1]);
            w++;
            continue;
        }
        if (w) nonet__putc(o, ','), w++;
        nonet__put_int(o, d + 1, 0);
        w += d + 1 >= 10 ? 2 : 1;
    }
    return w;
}

/* Each cell the string of its candidates, columns aligned. */
static void put_candidates(nonet__out *o, const nonet_shape *s, const unsigned char *g,
                           const uint64_t *cands)
{
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, s->n);
    int n = s->n, width[NONET_MAX_SIZE] = {0};
    for (int c = 0; c < s->ncells; c++) {
        nonet__out count;
        nonet__out_init(&count, NULL, 0, o->alphabet);
        int w = put_set(&count, &t, cell_mask(s, g, cands, c), n);
        if (w > width[c % n]) width[c % n] = w;
    }
    for (int c = 0; c < s->ncells; c++) {
        int w = put_set(o, &t, cell_mask(s, g, cands, c), n);
        if (c % n == n - 1) nonet__putc(o, '\n');
        else
            for (; w <= width[c % n]; w++) nonet__putc(o, ' ');
    }
}

/* A grid: each empty cell every digit, a given its own. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    put_candidates(o, s, g, NULL);
}

/* The puzzle with its candidates. */
static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    put_candidates(o, p->shape, p->cells, p->cands);
}

const nonet__format_def nonet__format_candidates = {
    .id = NONET_FORMAT_CANDIDATES,
    .name = "candidates",
    .reads_as = NONET_FORMAT_CANDIDATES,
    .detect = detect,
    .read = read_candidates,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
};
