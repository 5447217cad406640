/*
 * write.c - writing grids and answers in every output format, snprintf
 * style: text goes into a caller's buffer and the needed length is returned.
 */
#include "puzzle.h"
#include "read.h"
#include "shape.h"
#include "bits.h"

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

int nonet_puzzle_symbol(const nonet_puzzle *p, int digit)
{
    int n = nonet_shape_size(p->shape);
    if (digit == 0) return '.';
    if (digit < 0 || digit > n) return 0;
    if (p->alphabet[0]) return (unsigned char)p->alphabet[digit - 1];
    return nonet__symbol_char(digit, n);
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
    if (!numbers) {
        /* symbols: the whole grid from a digit -> symbol table, one put */
        char sym[NONET_MAX_SIZE + 1], text[NONET_MAX_SIZE * (NONET_MAX_SIZE + 1)];
        int len = 0;
        for (int v = 0; v <= n; v++) sym[v] = cell_char(k, v, n);
        for (int c = 0; c < s->ncells; c += n) {
            for (int i = 0; i < n; i++) text[len++] = sym[g[c + i] <= n ? g[c + i] : 0];
            if (!one_line || c + n == s->ncells) text[len++] = '\n';
        }
        put(k, text, (size_t)len);
        return;
    }
    /* numbers, separated by spaces */
    for (int c = 0; c < s->ncells; c++) {
        if (c % n || (one_line && c)) putc_(k, ' ');
        put_number(k, g[c], 0);
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

/* A horizontal box-drawing rule: left, fill per box, joint, right. */
static void put_unicode_rule(sink *k, const nonet_shape *s, int width, const char *left,
                             const char *joint, const char *right)
{
    int bc = s->box_cols > 0 ? s->box_cols : s->n;
    puts_(k, left);
    for (int c = 0; c < s->n; c++) {
        if (c && c % bc == 0) puts_(k, joint);
        for (int i = 0; i < (c % bc == 0 ? width + 2 : width + 1); i++) puts_(k, "\u2500");
    }
    puts_(k, right);
    putc_(k, '\n');
}

/* Boxed with box-drawing characters; jigsaw shapes get only the outer frame. */
static void put_unicode(sink *k, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n, numbers = nonet__symbol_char(1, n) == 0, width = numbers ? (n >= 10 ? 2 : 1) : 1;
    int br = s->box_rows > 0 ? s->box_rows : n, bc = s->box_cols > 0 ? s->box_cols : n;
    put_unicode_rule(k, s, width, "\u250C", "\u252C", "\u2510");
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) put_unicode_rule(k, s, width, "\u251C", "\u253C", "\u2524");
        for (int c = 0; c < n; c++) {
            if (c % bc == 0) puts_(k, c ? " \u2502" : "\u2502");
            putc_(k, ' ');
            put_cell(k, g[r * n + c], n, numbers, width);
        }
        puts_(k, " \u2502\n");
    }
    put_unicode_rule(k, s, width, "\u2514", "\u2534", "\u2518");
}

/* Simple Sudoku style: "..3|.1.|..." rows, "---+---+---" between bands. */
static void put_framed(sink *k, const nonet_shape *s, const unsigned char *g)
{
    int n = s->n, br = s->box_rows > 0 ? s->box_rows : n, bc = s->box_cols > 0 ? s->box_cols : n;
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) {
            for (int c = 0; c < n; c++) puts_(k, c && c % bc == 0 ? "+-" : "-");
            putc_(k, '\n');
        }
        for (int c = 0; c < n; c++) {
            if (c && c % bc == 0) putc_(k, '|');
            putc_(k, nonet__symbol_char(g[r * n + c], n));
        }
        putc_(k, '\n');
    }
}

/* Candidate mask of cell c: its candidates, its given, or every digit. */
static uint64_t cell_mask(const nonet_shape *s, const unsigned char *g, const uint64_t *cands, int c)
{
    if (g[c]) return 1ull << (g[c] - 1);
    return cands ? cands[c] & s->full : s->full;
}

/* 729-symbol pencilmark line (9x9): each digit if possible, else '.'. */
static void put_pencil(sink *k, const nonet_shape *s, const unsigned char *g, const uint64_t *cands)
{
    for (int c = 0; c < s->ncells; c++)
        for (int d = 0; d < s->n; d++)
            putc_(k, cell_mask(s, g, cands, c) >> d & 1 ? nonet__symbol_char(d + 1, s->n) : '.');
}

/* Candidate grid: each cell the string of its candidates, columns aligned. */
static void put_candidates(sink *k, const nonet_shape *s, const unsigned char *g,
                           const uint64_t *cands)
{
    int n = s->n, width[NONET_MAX_SIZE] = {0};
    for (int c = 0; c < s->ncells; c++) {
        int w = nonet__popcount(cell_mask(s, g, cands, c));
        if (w > width[c % n]) width[c % n] = w;
    }
    for (int c = 0; c < s->ncells; c++) {
        uint64_t m = cell_mask(s, g, cands, c);
        int w = 0;
        for (int d = 0; d < n; d++)
            if (m >> d & 1) putc_(k, nonet__symbol_char(d + 1, n)), w++;
        if (c % n == n - 1) putc_(k, '\n');
        else
            for (; w <= width[c % n]; w++) putc_(k, ' ');
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
    case NONET_FORMAT_UNICODE: put_unicode(k, s, g); break;
    case NONET_FORMAT_FRAMED: put_framed(k, s, g); break;
    case NONET_FORMAT_PENCIL:
        put_pencil(k, s, g, NULL);
        putc_(k, '\n');
        break;
    case NONET_FORMAT_CANDIDATES: put_candidates(k, s, g, NULL); break;
    case NONET_FORMAT_CSV:
    case NONET_FORMAT_JSON:
    case NONET_FORMAT_TDOKU: put_rows(k, s, g, 1); break;
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

/* ------------------------------------------------------------------ */
/* Puzzles and records (convert, count, JSON/CSV/tdoku output)          */
/* ------------------------------------------------------------------ */

/* The puzzle as one line without a newline: 729 pencilmarks when it has
 * candidates (9x9), else its N*N symbols. */
static void put_line_bare(sink *k, const nonet_puzzle *p)
{
    if (p->cands && p->shape->n == 9) {
        put_pencil(k, p->shape, p->cells, p->cands);
        return;
    }
    put_rows(k, p->shape, p->cells, 1);
    k->len--;   /* drop put_rows' final newline; the next put overwrites it */
}

/* A comment after a one-line puzzle: it must start with a separator and stay
 * on the line, so one from elsewhere (a JSON comment) gets a space first and
 * its control characters become spaces. A comment read from a line is kept. */
static void put_line_comment(sink *k, const char *c)
{
    if (!strchr(" \t#;,:", c[0])) putc_(k, ' ');
    for (; *c; c++) putc_(k, (unsigned char)*c < 0x20 || *c == 0x7f ? ' ' : *c);
}

size_t nonet_write_puzzle(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p)
{
    sink k = {buf, cap, 0, p->alphabet};
    if (f == NONET_FORMAT_AUTO) f = (nonet_format)p->format;
    switch (f) {
    case NONET_FORMAT_LINE:
    case NONET_FORMAT_TDOKU:
    case NONET_FORMAT_PENCIL:
        if (f == NONET_FORMAT_PENCIL) {
            put_pencil(&k, p->shape, p->cells, p->cands);
        } else {
            put_rows(&k, p->shape, p->cells, 1);
            k.len--;   /* the comment goes before the newline */
        }
        if (p->comment && p->comment[0]) put_line_comment(&k, p->comment);
        putc_(&k, '\n');
        break;
    case NONET_FORMAT_CANDIDATES: put_candidates(&k, p->shape, p->cells, p->cands); break;
    case NONET_FORMAT_NONET: put_nonet(&k, p->shape, p->cells, p->cands, NULL, NULL); break;
    case NONET_FORMAT_PRETTY:
        put_grid(&k, f, p->shape, p->cells);
        putc_(&k, '\n');
        break;
    case NONET_FORMAT_CSV:
    case NONET_FORMAT_JSON: {
        nonet_record rec;
        memset(&rec, 0, sizeof rec);
        rec.puzzle = p;
        rec.seconds = -1;
        return nonet_write_record(buf, cap, f, &rec);
    }
    default: put_grid(&k, f, p->shape, p->cells); break;
    }
    return finish(&k);
}

/* The record's status word: the caller's, or from the result. */
static const char *record_status(const nonet_record *rec)
{
    const nonet_result *res = rec->result;
    if (rec->status) return rec->status;
    if (!res) return "";
    if (res->gave_up && res->solutions < 2) return "gave up";
    return res->solutions == 0 ? "none" : res->solutions == 1 ? "unique" : "several";
}

/* A JSON string with quotes; control characters, quote and backslash escaped. */
static void put_json_string(sink *k, const char *s)
{
    putc_(k, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            putc_(k, '\\');
            putc_(k, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            char b[8];
            snprintf(b, sizeof b, "\\u%04x", c);
            puts_(k, b);
        } else {
            putc_(k, (char)c);
        }
    }
    putc_(k, '"');
}

static void put_ull(sink *k, unsigned long long v)
{
    char b[32];
    put(k, b, (size_t)snprintf(b, sizeof b, "%llu", v));
}

/* The i-th stored solution as one line. */
static void put_solution_line(sink *k, const nonet_record *rec, unsigned long long i)
{
    const nonet_shape *s = rec->puzzle->shape;
    put_rows(k, s, rec->solutions + i * (size_t)s->ncells, 1);
    k->len--;   /* drop put_rows' newline (put never stores past len) */
}

static void put_csv(sink *k, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    put_ull(k, (unsigned long long)p->index);
    putc_(k, ',');
    put_line_bare(k, p);
    putc_(k, ',');
    puts_(k, record_status(rec));
    putc_(k, ',');
    if (rec->result) put_ull(k, rec->result->solutions);
    putc_(k, ',');
    if (rec->nsolutions && rec->solutions) put_solution_line(k, rec, 0);
    putc_(k, ',');
    if (rec->seconds >= 0) {
        char b[32];
        put(k, b, (size_t)snprintf(b, sizeof b, "%.6f", rec->seconds));
    }
    putc_(k, '\n');
}

static void put_json(sink *k, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    puts_(k, "{\"index\":");
    put_ull(k, (unsigned long long)p->index);
    puts_(k, ",\"source\":");
    put_json_string(k, p->source);
    puts_(k, ",\"line\":");
    put_ull(k, (unsigned long long)(p->line > 0 ? p->line : 0));
    puts_(k, ",\"puzzle\":\"");
    put_line_bare(k, p);
    putc_(k, '"');
    if (p->comment) {
        puts_(k, ",\"comment\":");
        put_json_string(k, p->comment);
    }
    if (rec->result || rec->status) {
        puts_(k, ",\"status\":");
        put_json_string(k, record_status(rec));
    }
    if (rec->result) {
        puts_(k, ",\"count\":");
        put_ull(k, rec->result->solutions);
        puts_(k, rec->result->complete ? ",\"exact\":true" : ",\"exact\":false");
        puts_(k, ",\"solutions\":[");
        for (unsigned long long i = 0; rec->solutions && i < rec->nsolutions; i++) {
            if (i) putc_(k, ',');
            putc_(k, '"');
            put_solution_line(k, rec, i);
            putc_(k, '"');
        }
        putc_(k, ']');
    }
    if (rec->seconds >= 0) {
        char b[32];
        puts_(k, ",\"seconds\":");
        put(k, b, (size_t)snprintf(b, sizeof b, "%.6f", rec->seconds));
    }
    puts_(k, "}\n");
}

/* tdoku's test line: puzzle:count, then :solution when the count is 1. */
static void put_tdoku(sink *k, const nonet_record *rec)
{
    put_rows(k, rec->puzzle->shape, rec->puzzle->cells, 1);
    k->len--;
    if (!rec->result) {
        if (rec->puzzle->comment && rec->puzzle->comment[0])
            put_line_comment(k, rec->puzzle->comment);
        putc_(k, '\n');
        return;
    }
    putc_(k, ':');
    put_ull(k, rec->result->solutions);
    if (rec->result->solutions == 1 && rec->nsolutions && rec->solutions) {
        putc_(k, ':');
        put_solution_line(k, rec, 0);
    }
    putc_(k, '\n');
}

size_t nonet_write_record(char *buf, size_t cap, nonet_format f, const nonet_record *rec)
{
    sink k = {buf, cap, 0, rec->puzzle->alphabet};
    const nonet_puzzle *p = rec->puzzle;
    if (f == NONET_FORMAT_AUTO) f = (nonet_format)p->format;
    if (f == NONET_FORMAT_CSV) put_csv(&k, rec);
    else if (f == NONET_FORMAT_JSON) put_json(&k, rec);
    else if (f == NONET_FORMAT_TDOKU) put_tdoku(&k, rec);
    else if (!rec->result) return nonet_write_puzzle(buf, cap, f, p);
    else if (rec->nsolutions <= 1 || f == NONET_FORMAT_HDU)
        return nonet_write_answer(buf, cap, f, p, rec->result, rec->solutions);
    else
        for (unsigned long long i = 0; i < rec->nsolutions; i++) {
            put_grid(&k, f, p->shape, rec->solutions + i * (size_t)p->shape->ncells);
            if (f == NONET_FORMAT_PRETTY) putc_(&k, '\n');   /* as nonet_write_answer */
        }
    return finish(&k);
}
