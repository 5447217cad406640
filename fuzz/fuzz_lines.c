/*
 * fuzz_lines.c - libFuzzer target for the plain-line fast lane
 * (nonet_reader_take_lines, nonet_solve_lines).
 *
 * The first input byte picks the reader's format (auto or line), how bytes
 * arrive (memory, or a callback handing out chunks of 1..64 bytes) and the
 * take buffer's size (0..40 lines and a few bytes); the rest is the input.
 * The reader is drained taking plain lines whenever it hands any out, else
 * with nonet_reader_next_reuse. Checked: a take holds whole plain lines
 * that fit the buffer and start on the line after the last one read;
 * nonet_solve_lines (bounded search, limit 2) answers every line taken,
 * each answer as its verdict says, every solution verified against the
 * line's givens; the same bytes read with nonet_reader_next alone give the
 * same puzzle count and line numbers. The raw input also goes straight to
 * nonet_solve_lines, which must answer its plain lines and stop at the first
 * other one with NONET_ERR_SYNTAX. A broken check aborts.
 */
#include "fuzz_check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TAKE 40 /* lines a take may ask for */

/* Checks one answer of nonet_solve_lines to `line` (a plain line) at `out`
 * with its verdict; returns the answer's length. */
static size_t check_answer(const char *line, const char *out, size_t room, unsigned verdict)
{
    static const char none[] = "No solution\n", gave_up[] = "Gave up\n";
    if (verdict == NONET_LINE_NONE) {
        fuzz_require(room >= 12 && memcmp(out, none, 12) == 0);
        return 12;
    }
    if (verdict == NONET_LINE_GAVE_UP) {
        fuzz_require(room >= 8 && memcmp(out, gave_up, 8) == 0);
        return 8;
    }
    fuzz_require(verdict == NONET_LINE_UNIQUE || verdict == NONET_LINE_SEVERAL);
    fuzz_require(room >= NONET_PLAIN_LINE && out[81] == '\n');
    char givens[82];
    unsigned char grid[81];
    memcpy(givens, line, 81);
    givens[81] = '\0';
    for (int i = 0; i < 81; i++) {
        fuzz_require(out[i] >= '1' && out[i] <= '9');
        grid[i] = (unsigned char)(out[i] - '0');
    }
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(givens, &err);
    fuzz_require(p != NULL);
    fuzz_require(nonet_puzzle_verify(p, grid, &err) == NONET_OK);
    nonet_puzzle_free(p);
    return NONET_PLAIN_LINE;
}

/* 1 when line l (82 bytes) is plain: 81 of 1-9 . 0, then '\n'. */
static int is_plain(const char *l)
{
    for (int k = 0; k < 81; k++)
        if (!((l[k] >= '0' && l[k] <= '9') || l[k] == '.')) return 0;
    return l[81] == '\n';
}

/* nonet_solve_lines, its answers written with nonet_write_line_answer to
 * out (cap bytes; *out_len the bytes written) and their verdicts to
 * verdicts (lines, out_len, verdicts may be NULL): the text `nonet solve`
 * writes. */
static nonet_status solve_lines_text(nonet_solver *s, const nonet_options *opt, const char *text,
                                     size_t len, size_t *lines, char *out, size_t cap,
                                     size_t *out_len, unsigned char *verdicts, nonet_error *err)
{
    size_t max = cap / NONET_PLAIN_LINE, done = 0;
    nonet_line_answer *answers = malloc((max ? max : 1) * sizeof *answers);
    if (!answers) abort();
    nonet_status st = nonet_solve_lines(s, opt, text, len, answers, max, &done, err);
    size_t used = 0;
    for (size_t i = 0; i < done; i++) {
        used += nonet_write_line_answer(out + used, cap - used, &answers[i]);
        if (verdicts) verdicts[i] = answers[i].verdict;
    }
    if (out_len) *out_len = used;
    if (lines) *lines = done;
    free(answers);
    return st;
}

/* nonet_solve_lines on len bytes of text (2000 nodes, limit 2), every
 * answer checked against its line; *lines receives the lines answered. */
static nonet_status solve_checked(nonet_solver *s, const char *text, size_t len, size_t *lines,
                                  nonet_error *err)
{
    static char out[MAX_TAKE * NONET_PLAIN_LINE];
    unsigned char verdicts[MAX_TAKE];
    nonet_options opt;
    nonet_options_init(&opt);
    opt.max_nodes = 2000;
    opt.limit = 2;
    size_t out_len = 0;
    nonet_status st =
        solve_lines_text(s, &opt, text, len, lines, out, sizeof out, &out_len, verdicts, err);
    fuzz_require(out_len <= sizeof out);
    size_t at = 0;
    for (size_t i = 0; i < *lines; i++)
        at += check_answer(text + i * NONET_PLAIN_LINE, out + at, out_len - at, verdicts[i]);
    fuzz_require(at == out_len);
    return st;
}

/* Solves n plain lines taken from a reader: every one answered. */
static void solve_taken(nonet_solver *s, const char *text, size_t n)
{
    size_t lines = 0;
    nonet_error err;
    fuzz_require(solve_checked(s, text, n * NONET_PLAIN_LINE, &lines, &err) == NONET_OK &&
                 lines == n);
}

/* The plain lines are the input's own: 81 of 1-9 . 0, then '\n'. */
static void require_plain(const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) fuzz_require(is_plain(text + i * NONET_PLAIN_LINE));
}

/* What a drain saw: items read (a take counts its lines) and the sum of
 * their line numbers (puzzles and errors with a line). */
typedef struct tally {
    long items;
    long long lines;
} tally;

/* Reads r to its end: takes (cap bytes) when it hands lines out, else
 * nonet_reader_next_reuse; solves what is taken. */
static tally drain(nonet_reader *r, nonet_solver *s, size_t cap)
{
    static char buf[MAX_TAKE * NONET_PLAIN_LINE + 81];
    nonet_puzzle *p = NULL;
    nonet_error err;
    tally t = {0, 0};
    long last = 0; /* the last line of a puzzle or a take */
    for (int calls = 0; calls < 100000; calls++) {
        long first = -1;
        size_t n = nonet_reader_take_lines(r, buf, cap, &first);
        if (n) {
            fuzz_require(n * NONET_PLAIN_LINE <= cap && first > last);
            require_plain(buf, n);
            solve_taken(s, buf, n);
            t.items += (long)n;
            t.lines += (long long)n * first + (long long)n * ((long long)n - 1) / 2;
            last = first + (long)n - 1;
            continue;
        }
        nonet_status st = nonet_reader_next_reuse(r, &p, &err);
        if (st == NONET_END) break;
        t.items++;
        if (st == NONET_OK) {
            fuzz_require(nonet_puzzle_line(p) > last);
            last = nonet_puzzle_line(p);
            t.lines += last;
        } else {
            fuzz_require(err.message[0] != '\0');
            t.lines += err.line;
            if (nonet_status_is_fatal(st)) break;
        }
    }
    nonet_puzzle_free(p);
    return t;
}

/* The same bytes with nonet_reader_next alone. */
static tally drain_next(nonet_reader *r)
{
    nonet_puzzle *p = NULL;
    nonet_error err;
    tally t = {0, 0};
    for (int calls = 0; calls < 100000; calls++) {
        nonet_status st = nonet_reader_next_reuse(r, &p, &err);
        if (st == NONET_END) break;
        t.items++;
        t.lines += st == NONET_OK ? nonet_puzzle_line(p) : err.line;
        if (st != NONET_OK && nonet_status_is_fatal(st)) break;
    }
    nonet_puzzle_free(p);
    return t;
}

/* Any bytes straight to nonet_solve_lines: the plain lines before the first
 * other one are answered, then SYNTAX at its position (OK at the end). */
static void solve_raw(nonet_solver *s, const char *text, size_t len)
{
    if (len > MAX_TAKE * NONET_PLAIN_LINE) len = MAX_TAKE * NONET_PLAIN_LINE;
    size_t plain = 0;
    while ((plain + 1) * NONET_PLAIN_LINE <= len && is_plain(text + plain * NONET_PLAIN_LINE))
        plain++;
    size_t lines = 0;
    nonet_error err;
    nonet_status st = solve_checked(s, text, len, &lines, &err);
    fuzz_require(lines == plain);
    if (plain * NONET_PLAIN_LINE == len) fuzz_require(st == NONET_OK);
    else fuzz_require(st == NONET_ERR_SYNTAX && err.line == (long)plain + 1);
}

static nonet_reader *open_reader(const uint8_t *data, size_t size, unsigned mode, fuzz_chunks *c)
{
    nonet_format f = mode & 1 ? NONET_FORMAT_LINE : NONET_FORMAT_AUTO;
    nonet_error err;
    *c = (fuzz_chunks){data, size, 0, 1 + (mode >> 2 & 63)};
    if (mode & 2) return nonet_reader_new(fuzz_read_chunks, c, "fuzz", f, &err);
    return nonet_reader_new_mem((const char *)data, size, "fuzz", f, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    unsigned mode = data[0], take = data[1];
    data += 2;
    size -= 2;
    /* 0..MAX_TAKE lines, and sometimes a few bytes short of one more. */
    size_t cap = (take % (MAX_TAKE + 1)) * NONET_PLAIN_LINE;
    if (take & 0x80 && cap) cap -= take % 81 + 1;
    nonet_solver *s = nonet_solver_new();
    fuzz_chunks c1, c2;
    nonet_reader *r = open_reader(data, size, mode, &c1);
    nonet_reader *q = open_reader(data, size, mode, &c2);
    if (s && r && q) {
        tally a = drain(r, s, cap), b = drain_next(q);
        fuzz_require(a.items == b.items && a.lines == b.lines);
    }
    nonet_reader_free(r);
    nonet_reader_free(q);
    if (s) solve_raw(s, (const char *)data, size);
    nonet_solver_free(s);
    return 0;
}
