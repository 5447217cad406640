/*
 * format_hdu.c - HDU 4069 "Squiggly Sudoku" input (NONET_FORMAT_HDU).
 *
 * The input opens with the number of puzzles T; each puzzle is N lines of N
 * integers (N = 9 on the judge), blocks separated by blank lines. Each
 * integer is the cell's digit (0 = empty) plus its walls: 16 above, 32
 * right, 64 below, 128 left. Two orthogonal neighbours are in one region
 * unless a wall stands between them (on either side). The walls must cut
 * the grid into N connected regions of N cells.
 */
#include "core/error.h"
#include "core/puzzle.h"
#include "formats/reader.h"

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
            int open[4] = {
                r > 0 && !(wall[x] & WALL_UP) && !(wall[x - n] & WALL_DOWN),
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

nonet_status nonet__read_hdu(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet_status st = nonet__count_next(r, err);
    if (st) return st;
    nonet__line l;
    nonet__peek_content(r, &l);
    int s[1], k[1], n = nonet__tokens(&l, 1, s, k);
    if (n < NONET_MIN_SIZE || n > 15) {
        nonet__lines_next(&r->lines, &l);
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           "a row of wall-coded cells needs %d to 15 values; this one has %d",
                           NONET_MIN_SIZE, n);
    }
    unsigned char digit[15 * 15], wall[15 * 15];
    long row_line[15];
    nonet_status first = NONET_OK;
    nonet_error e;
    for (int row = 0; row < n; row++) {
        if (nonet__peek_content(r, &l) <= 0)
            return first ? first
                         : nonet__fail(err, NONET_ERR_SYNTAX, nonet__lines_number(&r->lines), 0,
                                       "the grid ends after %d of its %d rows", row, n);
        nonet__lines_next(&r->lines, &l);
        row_line[row] = l.no;
        st = parse_row(&l, n, row, digit + row * n, wall + row * n, first ? &e : err);
        if (st && !first) first = st;
    }
    if (first) return first;
    nonet_shape *shape = case_shape(n, wall, row_line, err);
    if (!shape) return err ? err->code : NONET_ERR_SHAPE;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 1);
    nonet_shape_free(shape);
    if (!p) return nonet__fail(err, NONET_ERR_NOMEM, row_line[0], 0, "out of memory");
    memcpy(p->cells, digit, (size_t)n * (size_t)n);
    memcpy(p->row_line, row_line, (size_t)n * sizeof *row_line);
    nonet__stamp(r, p, row_line[0]);
    *out = p;
    return NONET_OK;
}
