/*
 * test_lines.c - unit tests of the plain-line fast lane (nonet.h "Plain
 * lines in bulk"): nonet_reader_take_lines hands out exactly the plain lines
 * at the reader's position and leaves the reader where nonet_reader_next
 * would have left it; nonet_solve_lines answers each line as
 * nonet_solver_run plus the line format's answer would. The real puzzle sets
 * (SHARED_DATA) are used when present and skipped when not.
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>
#include <string.h>

#ifndef SHARED_DATA
#define SHARED_DATA "../shared/data/puzzles"
#endif

/* Unique, solved by singles. */
static const char *const EASY =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/* Unique, needs search (AcWing 166's first). */
static const char *const HARD =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/* Unique, needs search from its root (Inkala's "hardest"). */
static const char *const HARDEST =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/* Unique, 17 givens, '0' for blanks. */
static const char *const CLUE17 =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
/* Many solutions. */
static const char *const MANY =
    "1...............................................................................9";
/* Breaks a rule: 1 twice in row 1. */
static const char *const TWICE =
    "11...............................................................................";

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* A growing text buffer (the tests abort on out of memory). */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (!t->s) abort();
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void puts_text(text *t, const char *s) { put(t, s, strlen(s)); }

/* Appends the 81-cell line s and '\n': a plain line. */
static void put_line(text *t, const char *s)
{
    put(t, s, 81);
    put(t, "\n", 1);
}

/* The cells of a plain line as digits, '0' for a blank. */
static void line_digits(const char *line, char *out)
{
    for (int i = 0; i < 81; i++) out[i] = line[i] == '.' ? '0' : line[i];
    out[81] = '\0';
}

static void cells_digits(const unsigned char *cells, char *out)
{
    for (int i = 0; i < 81; i++) out[i] = (char)('0' + cells[i]);
    out[81] = '\0';
}

/* A reader over t: from memory, or from a temporary file (*fp set). */
static nonet_reader *open_reader(const text *t, int from_file, nonet_format f, FILE **fp)
{
    nonet_error err;
    *fp = NULL;
    if (!from_file) return nonet_reader_new_mem(t->s, t->len, "mem", f, &err);
    *fp = tmpfile();
    if (!*fp) return NULL;
    fwrite(t->s, 1, t->len, *fp);
    rewind(*fp);
    return nonet_reader_new_file(*fp, "file", f, &err);
}

static void close_reader(nonet_reader *r, FILE *fp)
{
    nonet_reader_free(r);
    if (fp) fclose(fp);
}

/* Byte offset of 1-based line `no` in t (t->len when there is no such line). */
static size_t line_offset(const text *t, long no)
{
    size_t at = 0;
    for (long k = 1; k < no && at < t->len; k++) {
        const char *nl = memchr(t->s + at, '\n', t->len - at);
        at = nl ? (size_t)(nl - t->s) + 1 : t->len;
    }
    return at;
}

/* Logs one nonet_reader_next outcome: "index line cells" for a puzzle,
 * "E index line column message" for an error. */
static void log_next(text *log, nonet_status st, const nonet_puzzle *p, const nonet_error *err,
                     long index)
{
    char row[512];
    if (st == NONET_OK) {
        char d[82];
        cells_digits(nonet_puzzle_cells(p), d);
        snprintf(row, sizeof row, "%ld %ld %s\n", nonet_puzzle_index(p), nonet_puzzle_line(p), d);
    } else
        snprintf(row, sizeof row, "E %ld %ld %d %s\n", index, err->line, err->column, err->message);
    puts_text(log, row);
}

/* Number of '\n' in s (NULL: 0). */
static int count_rows(const char *s)
{
    int n = 0;
    for (; s && *s; s++) n += *s == '\n';
    return n;
}

/* Reads t with nonet_reader_next only and logs every outcome. */
static void drain_next(const text *t, int from_file, nonet_format f, text *log)
{
    FILE *fp;
    nonet_reader *r = open_reader(t, from_file, f, &fp);
    CHECK(r != NULL);
    nonet_puzzle *p = NULL;
    nonet_error err;
    nonet_status st;
    long index = 0;
    while (r && (st = nonet_reader_next(r, &p, &err)) != NONET_END) {
        log_next(log, st, p, &err, ++index);
        nonet_puzzle_free(p);
        p = NULL;
        if (nonet_status_is_fatal(st)) break;
    }
    close_reader(r, fp);
}

/* Reads t taking plain lines (cap bytes at a time) whenever the reader hands
 * any out, else with nonet_reader_next; logs every outcome as drain_next
 * does, each take as "first_line count" in takes, and checks that the lines
 * taken are the input's own bytes, starting at *first_line. Returns the
 * lines taken. */
static long drain_mixed(const text *t, int from_file, nonet_format f, size_t cap, text *log,
                        text *takes)
{
    FILE *fp;
    nonet_reader *r = open_reader(t, from_file, f, &fp);
    CHECK(r != NULL);
    char *buf = malloc(cap ? cap : 1);
    nonet_puzzle *p = NULL;
    nonet_error err;
    long index = 0, taken = 0;
    while (r && buf) {
        long first = -1;
        size_t n = nonet_reader_take_lines(r, buf, cap, &first);
        if (n) {
            char row[64], d[82];
            CHECK(n * NONET_PLAIN_LINE <= cap);
            CHECK(first >= 1);
            size_t at = line_offset(t, first);
            CHECK(at + n * NONET_PLAIN_LINE <= t->len);
            if (at + n * NONET_PLAIN_LINE <= t->len)
                CHECK(memcmp(buf, t->s + at, n * NONET_PLAIN_LINE) == 0);
            for (size_t i = 0; i < n; i++) {
                line_digits(buf + i * NONET_PLAIN_LINE, d);
                snprintf(row, sizeof row, "%ld %ld ", ++index, first + (long)i);
                puts_text(log, row);
                puts_text(log, d);
                puts_text(log, "\n");
            }
            snprintf(row, sizeof row, "%ld %zu\n", first, n);
            puts_text(takes, row);
            taken += (long)n;
            continue;
        }
        nonet_status st = nonet_reader_next(r, &p, &err);
        if (st == NONET_END) break;
        log_next(log, st, p, &err, ++index);
        nonet_puzzle_free(p);
        p = NULL;
        if (nonet_status_is_fatal(st)) break;
    }
    free(buf);
    close_reader(r, fp);
    return taken;
}

/* Checks that taking lines (cap bytes a time) reads t exactly as
 * nonet_reader_next alone does, from memory and from a file; returns the
 * lines taken from memory and leaves the memory read's takes in `takes`. */
static long same_as_next(const text *t, nonet_format f, size_t cap, text *takes)
{
    long taken = 0;
    for (int from_file = 0; from_file < 2; from_file++) {
        text want = {0}, got = {0}, tk = {0};
        drain_next(t, from_file, f, &want);
        long n = drain_mixed(t, from_file, f, cap, &got, &tk);
        CHECK(want.s && got.s && strcmp(want.s, got.s) == 0);
        if (want.s && got.s && strcmp(want.s, got.s) != 0)
            fprintf(stderr, "next alone:\n%s\nwith take_lines:\n%s\n", want.s, got.s);
        if (from_file) CHECK_EQ_INT(n, taken);
        else {
            taken = n;
            if (takes && tk.s) puts_text(takes, tk.s);
        }
        free(want.s);
        free(got.s);
        free(tk.s);
    }
    return taken;
}

/* ------------------------------------------------------------------ */
/* nonet_reader_take_lines                                              */
/* ------------------------------------------------------------------ */

/* Nothing is taken before the first puzzle is read (the format is not
 * known yet), whatever the format given. */
static void test_take_before_first_next(void)
{
    text t = {0};
    put_line(&t, EASY);
    put_line(&t, HARD);
    put_line(&t, CLUE17);
    nonet_format fs[] = {NONET_FORMAT_AUTO, NONET_FORMAT_LINE};
    for (int i = 0; i < 2; i++) {
        nonet_error err;
        nonet_reader *r = nonet_reader_new_mem(t.s, t.len, "mem", fs[i], &err);
        char buf[1000];
        long first = -7;
        CHECK_EQ_INT(nonet_reader_take_lines(r, buf, sizeof buf, &first), 0);
        CHECK_EQ_INT(first, -7);
        nonet_puzzle *p = NULL;
        CHECK_EQ_INT(nonet_reader_next(r, &p, &err), NONET_OK);
        CHECK_EQ_INT(nonet_puzzle_line(p), 1);
        nonet_puzzle_free(p);
        /* Detection may have peeked at lines 2 and 3: read those first. */
        size_t n = nonet_reader_take_lines(r, buf, sizeof buf, &first);
        if (n) {
            CHECK_EQ_INT(n, 2);
            CHECK_EQ_INT(first, 2);
            CHECK(memcmp(buf, t.s + 82, 164) == 0);
        }
        nonet_reader_free(r);
    }
    CHECK_EQ_INT(nonet_reader_take_lines(NULL, (char[82]){0}, 82, NULL), 0);
    free(t.s);
}

/* The line format given: after line 1, the next lines come whole, as many
 * as cap holds; NULL buffer or first_line and a cap below one line. */
static void test_take_cap(void)
{
    text t = {0};
    for (int i = 0; i < 6; i++) put_line(&t, i % 2 ? HARD : EASY);
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(t.s, t.len, "mem", NONET_FORMAT_LINE, &err);
    nonet_puzzle *p = NULL;
    CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_OK);
    char buf[200];
    long first = 0;
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 0, &first), 0);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 81, &first), 0);
    CHECK_EQ_INT(nonet_reader_take_lines(r, NULL, 200, &first), 0);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 200, &first), 2);
    CHECK_EQ_INT(first, 2);
    CHECK(memcmp(buf, t.s + 82, 164) == 0);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 82, NULL), 1);
    CHECK(memcmp(buf, t.s + 4 * 82 - 82, 82) == 0);
    CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_OK);
    CHECK_EQ_INT(nonet_puzzle_line(p), 5);
    CHECK_EQ_INT(nonet_puzzle_index(p), 5);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 163, &first), 1);
    CHECK_EQ_INT(first, 6);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 200, &first), 0); /* end of input */
    CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_END);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, 200, &first), 0);
    nonet_puzzle_free(p);
    nonet_reader_free(r);
    free(t.s);
}

/* Reader options, or a format other than the line format: nothing taken. */
static void test_take_refused(void)
{
    text t = {0};
    for (int i = 0; i < 4; i++) put_line(&t, EASY);
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(t.s, t.len, "mem", NONET_FORMAT_LINE, &err);
    nonet_read_options o;
    nonet_read_options_init(&o);
    CHECK_EQ_INT(nonet_reader_set_options(r, &o, &err), NONET_OK);
    nonet_puzzle *p = NULL;
    char buf[400];
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT(nonet_reader_take_lines(r, buf, sizeof buf, NULL), 0);
        CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_OK);
        CHECK_EQ_INT(nonet_puzzle_line(p), i + 1);
    }
    nonet_reader_free(r);

    /* A grid file: nine rows of nine, twice (the rows are no plain lines,
     * but a reader of another format must not hand out anything). */
    text g = {0};
    for (int k = 0; k < 2; k++)
        for (int row = 0; row < 9; row++) {
            put(&g, EASY + 9 * row, 9);
            put(&g, "\n", 1);
        }
    r = nonet_reader_new_mem(g.s, g.len, "grid", NONET_FORMAT_AUTO, &err);
    CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_OK);
    CHECK_EQ_INT(nonet_reader_format(r), NONET_FORMAT_GRID);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, sizeof buf, NULL), 0);
    CHECK_EQ_INT(nonet_reader_next_reuse(r, &p, &err), NONET_OK);
    CHECK_EQ_INT(nonet_puzzle_line(p), 10);
    nonet_reader_free(r);

    /* A grid file whose rows happen to be plain 9x9 lines: read as grids
     * (nine lines a puzzle), so nothing may be taken. */
    text h = {0};
    for (int row = 0; row < 18; row++) put_line(&h, row % 2 ? HARD : EASY);
    r = nonet_reader_new_mem(h.s, h.len, "grid81", NONET_FORMAT_GRID, &err);
    CHECK(nonet_reader_next_reuse(r, &p, &err) != NONET_END);
    CHECK_EQ_INT(nonet_reader_take_lines(r, buf, sizeof buf, NULL), 0);
    nonet_reader_free(r);
    nonet_puzzle_free(p);
    free(t.s);
    free(g.s);
    free(h.s);
}

/* A mixed input: every line that is not plain stops a take and is read
 * by nonet_reader_next with its own line number and error; taking resumes
 * after it. The takes are exactly the runs of plain lines. */
static void test_take_stops(void)
{
    text t = {0};
    put_line(&t, EASY);             /* 1: read by next */
    put_line(&t, HARD);             /* 2 */
    put_line(&t, CLUE17);           /* 3 */
    puts_text(&t, "# a comment\n"); /* 4 */
    put_line(&t, MANY);             /* 5 */
    put(&t, EASY, 81);              /* 6: CRLF */
    puts_text(&t, "\r\n");
    put_line(&t, TWICE); /* 7 */
    put(&t, HARD, 40);   /* 8: another symbol */
    puts_text(&t, "x");
    put(&t, HARD + 41, 40);
    puts_text(&t, "\n");
    put_line(&t, CLUE17); /* 9 */
    put(&t, EASY, 81);    /* 10: a trailing comment */
    puts_text(&t, " # rated\n");
    put_line(&t, HARD);     /* 11 */
    puts_text(&t, "123\n"); /* 12: a bad line */
    put_line(&t, EASY);     /* 13 */
    put(&t, HARD, 81);      /* 14: trailing space */
    puts_text(&t, " \n");   /* */
    put_line(&t, MANY);     /* 15 */
    put(&t, CLUE17, 81);    /* 16: the last line, without '\n' */
    text takes = {0};
    long taken = same_as_next(&t, NONET_FORMAT_AUTO, 16 * NONET_PLAIN_LINE, &takes);
    /* Line 5 goes with the comment before it (nonet_reader_next skips
     * comment lines on its way to a puzzle). */
    CHECK_EQ_INT(taken, 2 + 1 + 1 + 1 + 1 + 1);
    CHECK(takes.s && strcmp(takes.s, "2 2\n7 1\n9 1\n11 1\n13 1\n15 1\n") == 0);
    if (takes.s) printf("mixed input takes: %s", takes.s);
    /* The same with the format given, and a take of one line at a time. */
    same_as_next(&t, NONET_FORMAT_LINE, 16 * NONET_PLAIN_LINE, NULL);
    CHECK_EQ_INT(same_as_next(&t, NONET_FORMAT_LINE, 100, NULL), taken);

    /* "end" (AcWing 166) ends the input: the lines after it are not read. */
    text e = {0};
    put_line(&e, EASY);
    put_line(&e, HARD);
    puts_text(&e, "end\n");
    put_line(&e, CLUE17);
    put_line(&e, EASY);
    text got = {0}, tk = {0};
    CHECK_EQ_INT(drain_mixed(&e, 0, NONET_FORMAT_AUTO, 1000, &got, &tk), 1);
    CHECK_EQ_INT(count_rows(got.s), 2);
    same_as_next(&e, NONET_FORMAT_AUTO, 1000, NULL);
    free(got.s);
    free(tk.s);
    free(e.s);
    free(takes.s);
    free(t.s);
}

/* The errors of the lines read after a take carry their own line numbers
 * (not the count of puzzles read). */
static void test_take_then_errors(void)
{
    text t = {0};
    put_line(&t, EASY);
    put_line(&t, HARD);
    put_line(&t, HARD);
    puts_text(&t, "12345\n");
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(t.s, t.len, "mem", NONET_FORMAT_AUTO, &err);
    nonet_puzzle *p = NULL;
    char buf[500];
    long first = 0;
    nonet_status st = nonet_reader_next(r, &p, &err);
    CHECK_EQ_INT(st, NONET_OK);
    while (st == NONET_OK) {
        nonet_puzzle_free(p);
        p = NULL;
        size_t n = nonet_reader_take_lines(r, buf, sizeof buf, &first);
        if (n) CHECK(first + (long)n == 4);
        st = nonet_reader_next(r, &p, &err);
    }
    CHECK_EQ_INT(st, NONET_ERR_SYNTAX);
    CHECK_EQ_INT(err.line, 4);
    CHECK_EQ_STR(err.source, "mem");
    CHECK(p == NULL);
    CHECK_EQ_INT(nonet_reader_next(r, &p, &err), NONET_END);
    nonet_reader_free(r);
    free(t.s);
}

/* A thousand lines with a comment now and then, through memory, a file and
 * the reader's 16 KiB refills: the same puzzles, lines and errors as
 * nonet_reader_next alone, for several caps. */
static void test_take_long_input(void)
{
    text t = {0};
    rng g = {12345};
    const char *const sets[] = {EASY, HARD, CLUE17, MANY, TWICE};
    long plain = 0;
    for (int i = 0; i < 1000; i++) {
        char line[82];
        memcpy(line, sets[below(&g, 5)], 81);
        for (int k = 0; k < 81; k++)
            if (line[k] == '.' || line[k] == '0') line[k] = below(&g, 2) ? '.' : '0';
        line[81] = '\0';
        if (i % 97 == 50) puts_text(&t, "# comment\n");
        if (i % 211 == 100) puts_text(&t, "\n");
        put_line(&t, line);
        plain++;
    }
    const size_t caps[] = {82, 16 * 82, 16 * 82 + 81, 200 * 82, 4096};
    for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
        long taken = same_as_next(&t, NONET_FORMAT_AUTO, caps[k], NULL);
        CHECK(taken > plain - 20 && taken < plain);
    }
    free(t.s);
}

/* Lines of the real sets through a file reader: after the comment lines at
 * the top, every line is taken, none twice. */
static void test_take_real_file(void)
{
    FILE *fp = fopen(SHARED_DATA "/puzzles7_serg_benchmark", "r");
    if (!fp) {
        printf("take from serg: skipped (no %s)\n", SHARED_DATA);
        return;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, "serg", NONET_FORMAT_AUTO, &err);
    static char buf[16 * NONET_PLAIN_LINE];
    nonet_puzzle *p = NULL;
    long puzzles = 0, taken = 0, expect_line = 0;
    for (;;) {
        long first = 0;
        size_t n = nonet_reader_take_lines(r, buf, sizeof buf, &first);
        if (n) {
            if (expect_line) CHECK_EQ_INT(first, expect_line);
            expect_line = first + (long)n;
            taken += (long)n;
            puzzles += (long)n;
            continue;
        }
        nonet_status st = nonet_reader_next_reuse(r, &p, &err);
        if (st == NONET_END) break;
        CHECK_EQ_INT(st, NONET_OK);
        if (st != NONET_OK) break;
        if (expect_line) CHECK_EQ_INT(nonet_puzzle_line(p), expect_line);
        expect_line = nonet_puzzle_line(p) + 1;
        puzzles++;
    }
    CHECK_EQ_INT(puzzles, 10000);
    CHECK(taken > 9900);
    nonet_puzzle_free(p);
    nonet_reader_free(r);
    fclose(fp);
}

/* ------------------------------------------------------------------ */
/* nonet_solve_lines                                                    */
/* ------------------------------------------------------------------ */

/* nonet_solve_lines, its answers written with nonet_write_line_answer to
 * out (cap bytes; *out_len the bytes written) and their verdicts to
 * verdicts (lines, out_len, verdicts may be NULL): the text `nonet solve`
 * writes. */
static nonet_status solve_lines_text(nonet_solver *s, const nonet_options *opt,
                                     const char *lines_in, size_t len, size_t *lines, char *out,
                                     size_t cap, size_t *out_len, unsigned char *verdicts,
                                     nonet_error *err)
{
    size_t max = cap / NONET_PLAIN_LINE, done = 0;
    nonet_line_answer *answers = malloc((max ? max : 1) * sizeof *answers);
    if (!answers) abort();
    nonet_status st = nonet_solve_lines(s, opt, lines_in, len, answers, max, &done, err);
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

/* The answer nonet_solve_lines must give to line (81 cells) under opt: the
 * first solution's digits, "No solution\n" or "Gave up\n"; checks against
 * nonet_solver_run and nonet_write_record. Sets *verdict. */
static void expected_answer(nonet_solver *s, const nonet_options *opt, const char *line, char *out,
                            unsigned char *verdict)
{
    char z[82];
    memcpy(z, line, 81);
    z[81] = '\0';
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(z, &err);
    unsigned char sol[81];
    nonet_result res;
    CHECK(p != NULL);
    if (!p) return;
    nonet_solver_run(s, p, opt, sol, &res, &err);
    if (res.gave_up) {
        *verdict = NONET_LINE_GAVE_UP;
        strcpy(out, "Gave up\n");
    } else if (!res.solutions) {
        *verdict = NONET_LINE_NONE;
        strcpy(out, "No solution\n");
    } else {
        *verdict = res.solutions > 1 ? NONET_LINE_SEVERAL : NONET_LINE_UNIQUE;
        nonet_record rec;
        memset(&rec, 0, sizeof rec);
        rec.puzzle = p;
        rec.result = &res;
        rec.solutions = sol;
        rec.nsolutions = 1;
        rec.seconds = -1;
        size_t n = nonet_write_record(out, 100, NONET_FORMAT_LINE, &rec);
        CHECK_EQ_INT(n, 82);
    }
    nonet_puzzle_free(p);
}

/* Checks the answers `out` (out_len bytes) to the plain lines of `lines`
 * (n of them): each as expected_answer says, each solution verified
 * against its givens. */
static void check_answers(nonet_solver *s, const nonet_options *opt, const char *lines, size_t n,
                          const char *out, size_t out_len, const unsigned char *verdicts)
{
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const char *line = lines + i * NONET_PLAIN_LINE;
        char want[100];
        unsigned char verdict = 9;
        expected_answer(s, opt, line, want, &verdict);
        size_t len = strlen(want);
        CHECK(at + len <= out_len);
        if (at + len > out_len) return;
        CHECK(memcmp(out + at, want, len) == 0);
        if (verdicts) CHECK_EQ_INT(verdicts[i], verdict);
        if (verdict == NONET_LINE_UNIQUE || verdict == NONET_LINE_SEVERAL) {
            char z[82];
            memcpy(z, line, 81);
            z[81] = '\0';
            nonet_puzzle *p = nonet_puzzle_from_string(z, NULL);
            unsigned char grid[81];
            for (int k = 0; k < 81; k++) grid[k] = (unsigned char)(out[at + (size_t)k] - '0');
            CHECK(p && nonet_puzzle_verify(p, grid, NULL) == NONET_OK);
            nonet_puzzle_free(p);
        }
        at += len;
    }
    CHECK_EQ_INT(at, out_len);
}

/* Solves the lines of t in runs of `run` lines and checks every answer;
 * returns the verdict counts in counts[0..3]. */
static void solve_in_runs(nonet_solver *s, const nonet_options *opt, const text *t, size_t run,
                          long *counts)
{
    size_t total = t->len / NONET_PLAIN_LINE;
    char *out = malloc(run * NONET_PLAIN_LINE);
    unsigned char *verdicts = malloc(run);
    if (!out || !verdicts) abort();
    for (size_t at = 0; at < total; at += run) {
        size_t n = total - at < run ? total - at : run, lines = 99, out_len = 0;
        nonet_error err;
        const char *run_text = t->s + at * NONET_PLAIN_LINE;
        nonet_status st = solve_lines_text(s, opt, run_text, n * NONET_PLAIN_LINE, &lines, out,
                                           run * NONET_PLAIN_LINE, &out_len, verdicts, &err);
        CHECK_EQ_INT(st, NONET_OK);
        CHECK_EQ_INT(lines, n);
        check_answers(s, opt, run_text, n, out, out_len, verdicts);
        for (size_t i = 0; i < n && counts; i++)
            if (verdicts[i] < 4) counts[verdicts[i]]++;
    }
    free(out);
    free(verdicts);
}

/* Loads the first `max` puzzle lines of a shared set as plain lines into
 * t; returns the count, or 0 when the set is absent. */
static long load_set(const char *path, long max, text *t)
{
    FILE *fp = fopen(path, "r");
    if (!fp) return 0;
    char row[256];
    long n = 0;
    while (n < max && fgets(row, sizeof row, fp)) {
        size_t len = strcspn(row, "\r\n");
        if (len != 81 || row[0] == '#') continue;
        put_line(t, row);
        n++;
    }
    fclose(fp);
    return n;
}

/* The first 500 puzzles of serg (many with several solutions) and of the
 * 17-clue set, in runs of several sizes. */
static void test_solve_real_sets(void)
{
    const char *const sets[] = {"puzzles7_serg_benchmark", "puzzles2_17_clue"};
    nonet_solver *s = nonet_solver_new();
    for (int k = 0; k < 2; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", SHARED_DATA, sets[k]);
        text t = {0};
        long n = load_set(path, 500, &t);
        if (!n) {
            printf("%s: skipped (no %s)\n", sets[k], path);
            continue;
        }
        CHECK_EQ_INT(n, 500);
        long counts[4] = {0};
        solve_in_runs(s, NULL, &t, 16, counts);
        printf("%s: %ld unique, %ld several, %ld none, %ld gave up\n", sets[k], counts[1],
               counts[2], counts[0], counts[3]);
        if (k == 1) CHECK_EQ_INT(counts[NONET_LINE_UNIQUE], 500);
        else CHECK(counts[NONET_LINE_SEVERAL] > 0);
        nonet_options opt;
        nonet_options_init(&opt);
        opt.limit = 1;
        solve_in_runs(s, &opt, &t, 7, NULL);
        free(t.s);
    }
    nonet_solver_free(s);
}

/* The built-in lines: unique, several and none, with the verdicts. */
static void test_solve_verdicts(void)
{
    text t = {0};
    put_line(&t, EASY);
    put_line(&t, MANY);
    put_line(&t, TWICE);
    put_line(&t, CLUE17);
    put_line(&t, HARD);
    nonet_solver *s = nonet_solver_new();
    char out[5 * 82];
    unsigned char v[5];
    size_t lines = 0, len = 0;
    nonet_error err;
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, &lines, out, sizeof out, &len, v, &err),
                 NONET_OK);
    CHECK_EQ_INT(lines, 5);
    CHECK_EQ_INT(len, 4 * 82 + 12);
    CHECK_EQ_INT(v[0], NONET_LINE_UNIQUE);
    CHECK_EQ_INT(v[1], NONET_LINE_SEVERAL);
    CHECK_EQ_INT(v[2], NONET_LINE_NONE);
    CHECK_EQ_INT(v[3], NONET_LINE_UNIQUE);
    CHECK_EQ_INT(v[4], NONET_LINE_UNIQUE);
    CHECK(memcmp(out + 2 * 82, "No solution\n", 12) == 0);
    CHECK(memcmp(out + 3 * 82 + 12,
                 "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
                 "\n",
                 82) == 0);
    check_answers(s, NULL, t.s, 5, out, len, v);

    /* limit 1: at least one, so UNIQUE for the many-solution line. */
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 1;
    CHECK_EQ_INT(solve_lines_text(s, &opt, t.s + 82, 82, &lines, out, 82, &len, v, &err), NONET_OK);
    CHECK_EQ_INT(v[0], NONET_LINE_UNIQUE);
    CHECK_EQ_INT(len, 82);
    check_answers(s, &opt, t.s + 82, 1, out, len, v);

    /* max_nodes 1 on a puzzle that needs search: given up. */
    nonet_options_init(&opt);
    opt.max_nodes = 1;
    char hardest[82];
    memcpy(hardest, HARDEST, 81);
    hardest[81] = '\n';
    CHECK_EQ_INT(solve_lines_text(s, &opt, hardest, 82, &lines, out, 82, &len, v, &err), NONET_OK);
    CHECK_EQ_INT(lines, 1);
    CHECK_EQ_INT(v[0], NONET_LINE_GAVE_UP);
    CHECK_EQ_INT(len, 8);
    CHECK(memcmp(out, "Gave up\n", 8) == 0);
    check_answers(s, &opt, hardest, 1, out, len, v);

    /* NULL verdicts, lines, out_len and err. */
    memset(out, 0, sizeof out);
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, NULL, out, sizeof out, NULL, NULL, NULL),
                 NONET_OK);
    check_answers(s, NULL, t.s, 5, out, 4 * 82 + 12, NULL);
    /* No text: nothing answered. */
    CHECK_EQ_INT(solve_lines_text(s, NULL, NULL, 0, &lines, out, sizeof out, &len, v, &err),
                 NONET_OK);
    CHECK_EQ_INT(lines, 0);
    CHECK_EQ_INT(len, 0);
    nonet_solver_free(s);
    free(t.s);
}

/* The solution callback is called as nonet_solver_run calls it. */
typedef struct calls {
    int n;
} calls;

static int on_solution(void *ctx, const unsigned char *grid)
{
    (void)grid;
    ((calls *)ctx)->n++;
    return 0;
}

static void test_solve_callback(void)
{
    text t = {0};
    put_line(&t, EASY);
    put_line(&t, MANY);
    nonet_solver *s = nonet_solver_new();
    calls c = {0};
    nonet_options opt;
    nonet_options_init(&opt);
    opt.on_solution = on_solution;
    opt.solution_ctx = &c;
    char out[164];
    size_t lines = 0;
    CHECK_EQ_INT(solve_lines_text(s, &opt, t.s, t.len, &lines, out, sizeof out, NULL, NULL, NULL),
                 NONET_OK);
    CHECK_EQ_INT(lines, 2);
    CHECK_EQ_INT(c.n, 3); /* one, then two (limit 2) */
    nonet_solver_free(s);
    free(t.s);
}

/* Out of room: stops before a line whose answer might not fit. */
static void test_solve_cap(void)
{
    text t = {0};
    for (int i = 0; i < 5; i++) put_line(&t, i % 2 ? HARD : EASY);
    nonet_solver *s = nonet_solver_new();
    char out[5 * 82];
    unsigned char v[5];
    size_t lines = 99, len = 99;
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, &lines, out, 3 * 82 + 81, &len, v, NULL),
                 NONET_OK);
    CHECK_EQ_INT(lines, 3);
    CHECK_EQ_INT(len, 3 * 82);
    check_answers(s, NULL, t.s, 3, out, len, v);
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, &lines, out, 81, &len, v, NULL), NONET_OK);
    CHECK_EQ_INT(lines, 0);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, &lines, NULL, 0, &len, NULL, NULL),
                 NONET_OK);
    CHECK_EQ_INT(lines, 0);
    /* max answers at most: the lines after them are left. */
    text u = {0};
    for (int i = 0; i < 4; i++) put_line(&u, TWICE);
    nonet_line_answer answers[4];
    CHECK_EQ_INT(nonet_solve_lines(s, NULL, u.s, u.len, answers, 2, &lines, NULL), NONET_OK);
    CHECK_EQ_INT(lines, 2);
    CHECK_EQ_INT(answers[1].verdict, NONET_LINE_NONE);
    nonet_solver_free(s);
    free(t.s);
    free(u.s);
}

/* A line that is not plain stops the run with SYNTAX at its position. */
static void test_solve_syntax(void)
{
    nonet_solver *s = nonet_solver_new();
    char out[10 * 82];
    unsigned char v[10];
    size_t lines = 99, len = 99;
    nonet_error err;
    const char *const bad[] = {"x", "\r", " ", "#", "\0", "A"};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++)
        for (int where = 0; where < 82; where += 27) {
            text t = {0};
            put_line(&t, EASY);
            put_line(&t, HARD);
            size_t at = t.len;
            put_line(&t, CLUE17);
            put_line(&t, EASY);
            t.s[at + (size_t)(where == 81 ? 81 : where)] = bad[b][0];
            memset(&err, 0, sizeof err);
            nonet_status st =
                solve_lines_text(s, NULL, t.s, t.len, &lines, out, sizeof out, &len, v, &err);
            CHECK_EQ_INT(st, NONET_ERR_SYNTAX);
            CHECK_EQ_INT(err.line, 3);
            CHECK(err.message[0] != '\0');
            CHECK_EQ_INT(lines, 2);
            CHECK_EQ_INT(len, 2 * 82);
            check_answers(s, NULL, t.s, 2, out, len, v);
            free(t.s);
        }
    /* A line cut short at the end of the text. */
    text t = {0};
    put_line(&t, EASY);
    put(&t, HARD, 81);
    const size_t extra[] = {0, 1, 40, 80, 81};
    for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++) {
        CHECK_EQ_INT(
            solve_lines_text(s, NULL, t.s, 82 + extra[k], &lines, out, sizeof out, &len, v, &err),
            extra[k] ? NONET_ERR_SYNTAX : NONET_OK);
        CHECK_EQ_INT(lines, 1);
        if (extra[k]) CHECK_EQ_INT(err.line, 2);
    }
    CHECK_EQ_INT(solve_lines_text(s, NULL, t.s, t.len, &lines, out, sizeof out, &len, v, &err),
                 NONET_ERR_SYNTAX);
    CHECK_EQ_INT(err.line, 2);
    CHECK_EQ_INT(lines, 1);
    /* The first line bad: nothing answered, line 1. */
    CHECK_EQ_INT(solve_lines_text(s, NULL, "end\n", 4, &lines, out, sizeof out, &len, v, &err),
                 NONET_ERR_SYNTAX);
    CHECK_EQ_INT(err.line, 1);
    CHECK_EQ_INT(lines, 0);
    CHECK_EQ_INT(len, 0);
    nonet_solver_free(s);
    free(t.s);
}

/* Bad arguments: NONET_ERR_ARG, nothing answered. */
static void test_solve_args(void)
{
    text t = {0};
    put_line(&t, EASY);
    nonet_solver *s = nonet_solver_new();
    char out[82];
    size_t lines = 99, len = 99;
    nonet_error err;
    nonet_line_answer answer;
    CHECK_EQ_INT(nonet_solve_lines(NULL, NULL, t.s, t.len, &answer, 1, &lines, &err),
                 NONET_ERR_ARG);
    CHECK_EQ_INT(lines, 0);
    CHECK_EQ_INT(err.code, NONET_ERR_ARG);
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = (nonet_engine)NONET_ENGINE_COUNT;
    CHECK_EQ_INT(solve_lines_text(s, &opt, t.s, t.len, &lines, out, 82, &len, NULL, &err),
                 NONET_ERR_ARG);
    opt.engine = (nonet_engine)-1;
    CHECK_EQ_INT(solve_lines_text(s, &opt, t.s, t.len, &lines, out, 82, &len, NULL, NULL),
                 NONET_ERR_ARG);
    nonet_options_init(&opt);
    opt.simd = (nonet_simd)NONET_SIMD_COUNT;
    CHECK_EQ_INT(solve_lines_text(s, &opt, t.s, t.len, &lines, out, 82, &len, NULL, &err),
                 NONET_ERR_ARG);
    CHECK_EQ_INT(solve_lines_text(s, NULL, NULL, 82, &lines, out, 82, &len, NULL, &err),
                 NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_solve_lines(s, NULL, t.s, t.len, NULL, 1, &lines, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(lines, 0);
    /* max 0: nothing answered, no error. */
    CHECK_EQ_INT(nonet_solve_lines(s, NULL, t.s, t.len, NULL, 0, &lines, &err), NONET_OK);
    CHECK_EQ_INT(lines, 0);
    /* The writer: the words, and nothing when the room is short. */
    answer.verdict = NONET_LINE_GAVE_UP;
    CHECK_EQ_INT(nonet_write_line_answer(out, 82, &answer), 8);
    CHECK(memcmp(out, "Gave up\n", 8) == 0);
    answer.verdict = NONET_LINE_NONE;
    CHECK_EQ_INT(nonet_write_line_answer(out, 82, &answer), 12);
    CHECK(memcmp(out, "No solution\n", 12) == 0);
    CHECK_EQ_INT(nonet_write_line_answer(out, 81, &answer), 0);
    CHECK_EQ_INT(nonet_write_line_answer(NULL, 82, &answer), 0);
    nonet_solver_free(s);
    free(t.s);
}

/* Every engine gives the same answers (backtrack: the easy lines only). */
static void test_solve_engines(void)
{
    static const nonet_engine engines[] = {NONET_ENGINE_AUTO,   NONET_ENGINE_FAST,
                                           NONET_ENGINE_PLANES, NONET_ENGINE_BITMASK,
                                           NONET_ENGINE_DLX,    NONET_ENGINE_BACKTRACK};
    text t = {0}, easy = {0};
    put_line(&t, HARD);
    put_line(&t, CLUE17);
    put_line(&t, TWICE);
    put_line(&easy, EASY);
    put_line(&easy, TWICE);
    char path[512];
    snprintf(path, sizeof path, "%s/puzzles2_17_clue", SHARED_DATA);
    load_set(path, 60, &t);
    size_t n = t.len / 82;
    char *want = malloc(t.len), *got = malloc(t.len);
    char want_easy[2 * 82], got_easy[2 * 82];
    size_t want_len = 0, easy_len = 0;
    nonet_solver *s = nonet_solver_new();
    if (!want || !got) abort();
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        nonet_options opt;
        nonet_options_init(&opt);
        opt.engine = engines[e];
        size_t lines = 0, len = 0;
        int backtrack = engines[e] == NONET_ENGINE_BACKTRACK;
        const text *in = backtrack ? &easy : &t;
        char *out = backtrack ? got_easy : got;
        nonet_status st =
            solve_lines_text(s, &opt, in->s, in->len, &lines, out, in->len, &len, NULL, NULL);
        CHECK_EQ_INT(st, NONET_OK);
        CHECK_EQ_INT(lines, in->len / 82);
        check_answers(s, &opt, in->s, lines, out, len, NULL);
        if (e == 0) {
            memcpy(want, got, len);
            want_len = len;
            solve_lines_text(s, &opt, easy.s, easy.len, NULL, want_easy, sizeof want_easy,
                             &easy_len, NULL, NULL);
        } else if (backtrack) {
            CHECK(len == easy_len && memcmp(got_easy, want_easy, len) == 0);
        } else {
            CHECK(len == want_len && memcmp(got, want, len) == 0);
        }
    }
    CHECK(n >= 3);
    nonet_solver_free(s);
    free(want);
    free(got);
    free(t.s);
    free(easy.s);
}

/* Taken lines solved: the answers of a whole mixed input's lane. */
static void test_take_and_solve(void)
{
    text t = {0};
    for (int i = 0; i < 40; i++) {
        if (i == 17) puts_text(&t, "# here\n");
        put_line(&t, i % 3 == 0 ? MANY : i % 3 == 1 ? TWICE : EASY);
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(t.s, t.len, "mem", NONET_FORMAT_AUTO, &err);
    nonet_solver *s = nonet_solver_new();
    char buf[16 * 82], out[16 * 82];
    unsigned char v[16];
    nonet_puzzle *p = NULL;
    long answered = 0;
    for (;;) {
        size_t n = nonet_reader_take_lines(r, buf, sizeof buf, NULL), lines = 0, len = 0;
        if (n) {
            CHECK_EQ_INT(
                solve_lines_text(s, NULL, buf, n * 82, &lines, out, sizeof out, &len, v, &err),
                NONET_OK);
            CHECK_EQ_INT(lines, n);
            check_answers(s, NULL, buf, n, out, len, v);
            answered += (long)n;
            continue;
        }
        nonet_status st = nonet_reader_next_reuse(r, &p, &err);
        if (st == NONET_END) break;
        CHECK_EQ_INT(st, NONET_OK);
        answered++;
    }
    CHECK_EQ_INT(answered, 40);
    nonet_puzzle_free(p);
    nonet_solver_free(s);
    nonet_reader_free(r);
    free(t.s);
}

static const harness_test TESTS[] = {
    {"take_before_first_next", test_take_before_first_next},
    {"take_cap", test_take_cap},
    {"take_refused", test_take_refused},
    {"take_stops", test_take_stops},
    {"take_then_errors", test_take_then_errors},
    {"take_long_input", test_take_long_input},
    {"take_real_file", test_take_real_file},
    {"solve_real_sets", test_solve_real_sets},
    {"solve_verdicts", test_solve_verdicts},
    {"solve_callback", test_solve_callback},
    {"solve_cap", test_solve_cap},
    {"solve_syntax", test_solve_syntax},
    {"solve_args", test_solve_args},
    {"solve_engines", test_solve_engines},
    {"take_and_solve", test_take_and_solve},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
