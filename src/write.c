/*
 * write.c - writing grids and answers in every output format, snprintf
 * style: text goes into a caller's buffer and the needed length is returned.
 */
#include "puzzle.h"
#include "read.h"
#include "shape.h"

#include <stdio.h>
#include <string.h>

/* Output cursor: counts every byte, stores those that fit. */
typedef struct sink {
    char *buf;
    size_t cap;
    size_t len;
    const char *alpha;  /* symbols of the puzzle's alphabet; "" or NULL = default */
} sink;

static void put(sink *k, const char *s, size_t n)
{
    if (k->len < k->cap) {
        size_t room = k->cap - k->len - 1;
        memcpy(k->buf + k->len, s, n < room ? n : room);
    }
    k->len += n;
}

static void puts_(sink *k, const char *s) { put(k, s, strlen(s)); }

static void putc_(sink *k, char c) { put(k, &c, 1); }

/* Terminates the text and returns its full length. */
static size_t finish(sink *k)
{
    if (k->cap) k->buf[k->len < k->cap ? k->len : k->cap - 1] = '\0';
    return k->len;
}

static void put_number(sink *k, int v, int width)
{
    char b[16];
    int w = snprintf(b, sizeof b, "%*d", width, v);
    put(k, b, (size_t)w);
}

/* Symbol of digit v (0 = '.') in the sink's alphabet; 0 when none fits. */
static char cell_char(const sink *k, int v, int n)
{
    if (k->alpha && k->alpha[0]) return v ? k->alpha[v - 1] : '.';
    return nonet__symbol_char(v, n);
}

/* One cell as a symbol ('.' for empty), or as a number when `numbers`. */
static void put_cell(sink *k, int v, int n, int numbers, int width)
{
    if (numbers) put_number(k, v, width);
    else putc_(k, cell_char(k, v, n));
}

/* Rows of symbols run together, or of numbers with spaces (n > 61). */
static void put_rows(sink *k, const nonet_shape *s, const unsigned char *g, int one_line)
{
    int n = s->n, numbers = cell_char(k, 1, n) == 0;
    for (int c = 0; c < s->ncells; c++) {
        if (numbers && c % n) putc_(k, ' ');
        else if (numbers && one_line && c) putc_(k, ' ');
        put_cell(k, g[c], n, numbers, 0);
        if (c % n == n - 1 && (!one_line || c == s->ncells - 1)) putc_(k, '\n');
    }
}

/* Luogu: numbers separated by single spaces, 0 for empty. */
static void put_luogu(sink *k, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n;
    for (int c = 0; c < s->ncells; c++) {
        put_number(k, g[c], 0);
        putc_(k, c % n == n - 1 ? '\n' : ' ');
    }
}

/* Judge digits (POJ, HDU): '0' for empty. */
static void put_digits(sink *k, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n;
    if (n > 9) {
        put_luogu(k, s, g);
        return;
    }
    for (int c = 0; c < s->ncells; c++) {
        putc_(k, (char)('0' + g[c]));
        if (c % n == n - 1) putc_(k, '\n');
    }
}

/* Boxed display: a wider gap between boxes, a blank line between bands. */
static void put_pretty(sink *k, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n, numbers = cell_char(k, 1, n) == 0, width = numbers ? (n >= 10 ? 2 : 1) : 0;
    int br = s->box_rows, bc = s->box_cols;
    for (int r = 0; r < n; r++) {
        if (r && br > 1 && r % br == 0) putc_(k, '\n');
        for (int c = 0; c < n; c++) {
            if (c) puts_(k, bc > 1 && c % bc == 0 ? "   " : " ");
            put_cell(k, g[r * n + c], n, numbers, width);
        }
        putc_(k, '\n');
    }
}

/* A nonet block (format_nonet.c) written into the sink's free room. */
static void put_nonet(sink *k, const nonet_shape *s, const unsigned char *givens,
                      const uint64_t *cands, const char *verdict, const unsigned char *solution)
{
    size_t room = k->len < k->cap ? k->cap - k->len : 0;
    k->len += nonet__write_nonet(room ? k->buf + k->len : NULL, room, s, k->alpha, givens, cands,
                                 verdict, solution);
}

static void put_grid(sink *k, nonet_format f, const nonet_shape *s, const unsigned char *g)
{
    switch (f) {
    case NONET_FORMAT_LINE: put_rows(k, s, g, 1); break;
    case NONET_FORMAT_LUOGU: put_luogu(k, s, g); break;
    case NONET_FORMAT_POJ:
    case NONET_FORMAT_HDU: put_digits(k, s, g); break;
    case NONET_FORMAT_PRETTY: put_pretty(k, s, g); break;
    case NONET_FORMAT_NONET: put_nonet(k, s, g, NULL, NULL, NULL); break;
    default: put_rows(k, s, g, 0); break;
    }
}

size_t nonet_write_grid(char *buf, size_t cap, nonet_format f, const nonet_shape *shape,
                        const unsigned char *grid)
{
    sink k = {buf, cap, 0, NULL};
    put_grid(&k, f, shape, grid);
    return finish(&k);
}

size_t nonet_write_answer(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p,
                          const nonet_result *res, const unsigned char *solution)
{
    sink k = {buf, cap, 0, p->alphabet};
    if (f == NONET_FORMAT_AUTO) f = (nonet_format)p->format;
    if (f == NONET_FORMAT_NONET) {
        const char *verdict = res->gave_up && !res->solutions ? "gave-up"
                              : res->solutions >= 2           ? "several"
                              : res->solutions == 1           ? ""
                                                              : "none";
        put_nonet(&k, p->shape, p->cells, p->cands, verdict, res->solutions ? solution : NULL);
        return finish(&k);
    }
    if (f == NONET_FORMAT_HDU) {
        char head[32];
        snprintf(head, sizeof head, "Case %ld:\n", p->index);
        puts_(&k, head);
        if (res->solutions >= 2) puts_(&k, "Multiple Solutions\n");
        else if (res->solutions == 1 && solution) put_grid(&k, f, p->shape, solution);
        else puts_(&k, res->gave_up ? "Gave up\n" : "No solution\n");
        return finish(&k);
    }
    if (res->solutions >= 1 && solution) put_grid(&k, f, p->shape, solution);
    else puts_(&k, res->gave_up ? "Gave up\n" : "No solution\n");
    if (f == NONET_FORMAT_PRETTY) putc_(&k, '\n');
    return finish(&k);
}
