/*
 * hdu.c - HDU 4069 "Squiggly Sudoku" (NONET_FORMAT_HDU).
 *
 * The input opens with the number of puzzles T; each puzzle is N lines of N
 * integers (N = 9 on the judge), blocks separated by blank lines. Each
 * integer is the cell's digit (0 = empty) plus its walls: 16 above, 32
 * right, 64 below, 128 left. Two orthogonal neighbours are in one region
 * unless a wall stands between them (on either side). The walls must cut
 * the grid into N connected regions of N cells.
 * Written as the judge answers: "Case k:", then the grid in digits,
 * "No solution" or "Multiple Solutions".
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"
#include "text/rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WALL_UP = 16, WALL_RIGHT = 32, WALL_DOWN = 64, WALL_LEFT = 128 };

/* Parses one row of n wall-coded integers into digits and walls. */
static nonet_status parse_row(const nonet__line *l, int n, int row, unsigned char *digit,
                              unsigned char *wall, nonet_error *err)
{
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    int count = nonet__tokens(l, NONET_MAX_SIZE, start, len);
    if (count != n)
        return nonet__fail(err, NONET_ERR_SYNTAX, l->no, 0, "row %d has %d values, expected %d",
                           row + 1, count, n);
    for (int i = 0; i < n; i++) {
        const char *t = l->text + start[i];
        int v = 0, ok = len[i] <= 3;
        for (int k = 0; ok && k < len[i]; k++) {
            ok = t[k] >= '0' && t[k] <= '9';
            v = v * 10 + (t[k] - '0');
        }
        if (!ok || v > 255 || (v & 15) > n)
            return nonet__fail(err, NONET_ERR_SYNTAX, l->no, start[i] + 1,
                               "bad value \"%.*s\" in row %d, column %d: expected a digit 0..%d "
                               "plus walls (16 up, 32 right, 64 down, 128 left)",
                               len[i] > 12 ? 12 : len[i], t, row + 1, i + 1, n);
        digit[i] = (unsigned char)(v & 15);
        wall[i] = (unsigned char)(v & 0xF0);
    }
    return NONET_OK;
}

/* Labels the regions the walls enclose (flood fill). Returns the number of
 * regions; sets *bad to a cell of the first region whose size is not n. */
static int label_regions(int n, const unsigned char *wall, int *region, int *stack, int *bad)
{
    int ncells = n * n, count = 0;
    *bad = -1;
    for (int c = 0; c < ncells; c++) region[c] = -1;
    for (int c = 0; c < ncells; c++) {
        if (region[c] >= 0) continue;
        int top = 0, size = 0;
        region[c] = count;
        stack[top++] = c;
        while (top) {
            int x = stack[--top], r = x / n, q = x % n;
            size++;
            int nb[4] = {x - n, x + 1, x + n, x - 1};
            int open[4] = {r > 0 && !(wall[x] & WALL_UP) && !(wall[x - n] & WALL_DOWN),
                           q < n - 1 && !(wall[x] & WALL_RIGHT) && !(wall[x + 1] & WALL_LEFT),
                           r < n - 1 && !(wall[x] & WALL_DOWN) && !(wall[x + n] & WALL_UP),
                           q > 0 && !(wall[x] & WALL_LEFT) && !(wall[x - 1] & WALL_RIGHT)};
            for (int i = 0; i < 4; i++)
                if (open[i] && region[nb[i]] < 0) {
                    region[nb[i]] = count;
                    stack[top++] = nb[i];
                }
        }
        if (size != n && *bad < 0) *bad = c;
        count++;
    }
    return count;
}

/* Builds the jigsaw shape of one case, or reports the region at fault. */
static nonet_shape *case_shape(int n, const unsigned char *wall, const long *row_line,
                               nonet_error *err)
{
    int *region = malloc((size_t)n * (size_t)n * 2 * sizeof *region);
    if (!region) {
        nonet__fail(err, NONET_ERR_NOMEM, row_line[0], 0, "out of memory");
        return NULL;
    }
    int bad, count = label_regions(n, wall, region, region + n * n, &bad);
    nonet_shape *shape = NULL;
    if (bad >= 0) {
        int size = 0;
        for (int c = 0; c < n * n; c++) size += region[c] == region[bad];
        nonet__fail(err, NONET_ERR_SHAPE, row_line[bad / n], bad % n + 1,
                    "the walls make a region of %d cells at r%dc%d; every region needs %d "
                    "(%d regions in all)",
                    size, bad / n + 1, bad % n + 1, n, count);
    } else {
        nonet_shape_spec sp = {0};
        sp.size = n;
        sp.regions = region;
        shape = nonet_shape_new(&sp, err);
        if (!shape && err) err->line = row_line[0];
    }
    free(region);
    return shape;
}

/* One case being read, for the row reader's callbacks. */
typedef struct hdu_case {
    int n;
    unsigned char digit[15 * 15], wall[15 * 15];
} hdu_case;

/* Parses row `row` of the case being read. */
static nonet_status case_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    hdu_case *k = ctx;
    return parse_row(l, k->n, row, k->digit + row * k->n, k->wall + row * k->n, err);
}

/* Reads one case: its rows of wall-coded values, then its jigsaw shape. */
static nonet_status read_hdu(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet_status st = nonet__count_next(r, err);
    if (st) return st;
    nonet__line l;
    nonet__lines_peek_content(&r->lines, &l);
    int s[1], k[1], n = nonet__tokens(&l, 1, s, k);
    if (n < NONET_MIN_SIZE || n > 15) {
        nonet__lines_next(&r->lines, &l);
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a row of wall-coded cells needs %d to 15 values; this one has %d",
                           NONET_MIN_SIZE, n);
    }
    hdu_case c;
    long row_line[15];
    c.n = n;
    nonet__rows rows = {.lines = &r->lines,
                        .n = n,
                        .what = "the grid ends",
                        .its = "its",
                        .missing = NONET_ERR_SYNTAX,
                        .row = case_row,
                        .ctx = &c,
                        .row_line = row_line};
    st = nonet__rows_read(&rows, 0, err);
    if (st) return st;
    nonet_shape *shape = case_shape(n, c.wall, row_line, err);
    if (!shape) return err ? err->code : NONET_ERR_SHAPE;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    nonet_shape_free(shape);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, row_line[0], 0, "out of memory");
    memcpy(p->cells, c.digit, (size_t)n * (size_t)n);
    memcpy(p->row_line, row_line, (size_t)n * sizeof *row_line);
    nonet__stamp(r, p, row_line[0]);
    *out = p;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Detection and writing                                                */
/* ------------------------------------------------------------------ */

/* A count line followed by a row holding a value above 9 (a wall code). */
static int detect(const nonet__sniff *s)
{
    nonet__line l;
    if (!nonet__is_count(s->r, s->pos, &s->l)) return 0;
    if (nonet__lines_peek_content_from(&s->r->lines, s->pos + 1, &l) < 0) return 0;
    int start[NONET_MAX_SIZE], len[NONET_MAX_SIZE];
    int count = nonet__tokens(&l, NONET_MAX_SIZE, start, len);
    for (int i = 0; count > 1 && i < count && i < NONET_MAX_SIZE; i++)
        if (len[i] > 1 && l.text[start[i]] != '0') return 1;
    return 0;
}

/* The judge's digits (numbers, spaced, above 9x9). */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_DIGITS);
}

/* "Case k:" and the solution, or the judge's words. */
static void put_answer(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                       const unsigned char *solution)
{
    char head[32];
    snprintf(head, sizeof head, "Case %ld:\n", p->index);
    nonet__puts(o, head);
    if (res->solutions >= 2) nonet__puts(o, "Multiple Solutions\n");
    else if (res->solutions == 1 && solution) put_grid(o, p->shape, solution);
    else nonet__put_unsolved(o, res->gave_up);
}

/* A record is the answer (its first solution), or the puzzle without one. */
static void put_record(nonet__out *o, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    if (!rec->result) put_grid(o, p->shape, p->cells);
    else put_answer(o, p, rec->result, rec->solutions);
}

static const char *const aliases[] = {"hdu4069", "squiggly", NULL};

const nonet__format_def nonet__format_hdu = {
    .id = NONET_FORMAT_HDU,
    .name = "hdu",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_HDU,
    .detect = detect,
    .read = read_hdu,
    .put_grid = put_grid,
    .put_answer = put_answer,
    .put_record = put_record,
};
