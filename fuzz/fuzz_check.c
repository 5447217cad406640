/*
 * fuzz_check.c - what the reader fuzz targets check for every puzzle read
 * (see fuzz_check.h). Writers are called through one small adapter so the
 * snprintf contract (size with NULL/0, exact length, NUL, cut writes give a
 * prefix and touch nothing past cap) is checked the same way for all of them.
 */
#include "fuzz_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { W_GRID, W_PUZZLE, W_ANSWER, W_RECORD, W_RECORD_BARE } writer_kind;

typedef struct writing {
    writer_kind kind;
    const nonet_puzzle *p;
    const nonet_result *res;
    const unsigned char *sol;
} writing;

void fuzz_require_at(int ok, const char *what, const char *file, int line)
{
    if (ok) return;
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    abort();
}

long fuzz_read_chunks(void *ctx, char *buf, size_t cap)
{
    fuzz_chunks *c = ctx;
    size_t n = c->size - c->pos;
    if (n == 0) return 0; /* data may be NULL when empty */
    if (n > c->step) n = c->step;
    if (n > cap) n = cap;
    memcpy(buf, c->data + c->pos, n);
    c->pos += n;
    return (long)n;
}

/* Calls the writer `w` names in format f. */
static size_t call_writer(const writing *w, char *buf, size_t cap, nonet_format f)
{
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = w->p;
    rec.seconds = -1;
    switch (w->kind) {
    case W_GRID:
        return nonet_write_grid(buf, cap, f, nonet_puzzle_shape(w->p), nonet_puzzle_cells(w->p));
    case W_PUZZLE: return nonet_write_puzzle(buf, cap, f, w->p);
    case W_ANSWER: return nonet_write_answer(buf, cap, f, w->p, w->res, w->sol);
    case W_RECORD:
        rec.result = w->res;
        rec.solutions = w->sol;
        rec.nsolutions = w->sol ? 1 : 0;
        rec.seconds = 0.25;
        return nonet_write_record(buf, cap, f, &rec);
    case W_RECORD_BARE: return nonet_write_record(buf, cap, f, &rec);
    }
    return 0;
}

/* Writes once in full and checks the snprintf contract, also for cut writes.
 * Returns the text (caller frees). */
static char *check_writer(const writing *w, nonet_format f)
{
    size_t need = call_writer(w, NULL, 0, f);
    char *full = malloc(need + 1), *cut = malloc(need + 2);
    fuzz_require(full && cut);
    fuzz_require(call_writer(w, full, need + 1, f) == need && full[need] == '\0');
    fuzz_require(strlen(full) == need);
    size_t caps[3] = {1, need / 2 + 1, need};
    for (int i = 0; i < 3; i++) {
        size_t cap = caps[i];
        if (cap == 0 || cap > need) continue;
        memset(cut, 'Z', need + 2);
        fuzz_require(call_writer(w, cut, cap, f) == need);
        fuzz_require(cut[cap - 1] == '\0' && memcmp(cut, full, cap - 1) == 0);
        fuzz_require(cut[cap] == 'Z');
    }
    free(cut);
    return full;
}

/* Reads `text` back as format f: it must give one puzzle with the same
 * size, variants and givens as p. */
static void check_reads_back(const nonet_puzzle *p, const char *text, nonet_format f)
{
    nonet_error err;
    nonet_reader *r = nonet_reader_new_mem(text, strlen(text), "back", f, &err);
    fuzz_require(r != NULL);
    nonet_puzzle *q = NULL;
    nonet_status st = nonet_reader_next(r, &q, &err);
    if (st != NONET_OK)
        fprintf(stderr, "read back as format %d: %s\n--\n%s--\n", (int)f, err.message, text);
    fuzz_require(st == NONET_OK);
    const nonet_shape *a = nonet_puzzle_shape(p), *b = nonet_puzzle_shape(q);
    int n = nonet_shape_size(a);
    fuzz_require(nonet_shape_size(b) == n);
    fuzz_require(nonet_shape_variants(b) == nonet_shape_variants(a));
    fuzz_require(memcmp(nonet_puzzle_cells(p), nonet_puzzle_cells(q), (size_t)n * n) == 0);
    if (f == NONET_FORMAT_NONET)
        for (int i = 0; i < n * n; i++)
            fuzz_require(nonet_shape_region(a, i) == nonet_shape_region(b, i));
    nonet_puzzle_free(q);
    fuzz_require(nonet_reader_next(r, &q, &err) == NONET_END);
    nonet_reader_free(r);
}

/* Whether the docs promise that format f reads p back unchanged (without
 * reader options, which may have changed the alphabet). */
static int reads_back(const nonet_puzzle *p, nonet_format f, int with_options)
{
    if (f == NONET_FORMAT_NONET) return 1;
    if (with_options) return 0;
    if (!nonet_shape_is_classic9(nonet_puzzle_shape(p))) return 0;
    return f == NONET_FORMAT_LINE || f == NONET_FORMAT_CSV || f == NONET_FORMAT_JSON;
}

/* Writes the puzzle, its answer and its records in every format. */
static void write_all(const nonet_puzzle *p, const nonet_result *res, const unsigned char *sol,
                      int with_options)
{
    writing w = {W_GRID, p, res, sol};
    for (int f = NONET_FORMAT_AUTO; f < NONET_FORMAT_COUNT; f++) {
        for (int k = W_GRID; k <= W_RECORD_BARE; k++) {
            if (f == NONET_FORMAT_AUTO && k != W_ANSWER) continue;
            w.kind = (writer_kind)k;
            char *text = check_writer(&w, (nonet_format)f);
            if (k == W_PUZZLE && reads_back(p, (nonet_format)f, with_options))
                check_reads_back(p, text, (nonet_format)f);
            free(text);
        }
    }
}

void fuzz_use_puzzle(nonet_solver *s, const nonet_puzzle *p, int with_options)
{
    nonet_error err;
    unsigned char sol[NONET_MAX_CELLS];
    nonet_result res;
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_BITMASK;
    opt.max_nodes = 300;
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    fuzz_require(n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE);
    fuzz_require(nonet_puzzle_index(p) >= 1);
    /* A reader keeps nonet_puzzle_new's contract: every mask non-empty and
     * within the digits, so each cell can be written and read back. */
    const uint64_t *cands = nonet_puzzle_candidates(p);
    uint64_t full = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int c = 0; cands && c < n * n; c++) fuzz_require((cands[c] & full) && !(cands[c] & ~full));
    nonet_status checked = nonet_puzzle_check(p, &err);
    fuzz_require(checked == NONET_OK || (checked == NONET_ERR_RULE && err.message[0]));
    if (n > 16) { /* big grids: fuzz_solve covers the engines; keep this target fast */
        memset(&res, 0, sizeof res);
        write_all(p, &res, NULL, with_options);
        return;
    }
    nonet_status st = nonet_solver_run(s, p, &opt, sol, &res, &err);
    fuzz_require(st == NONET_OK || st == NONET_ERR_LIMIT);
    fuzz_require(res.nodes <= opt.max_nodes + 1);
    if (checked != NONET_OK) fuzz_require(res.solutions == 0);
    if (res.solutions) fuzz_require(nonet_puzzle_verify(p, sol, &err) == NONET_OK);
    write_all(p, &res, res.solutions ? sol : NULL, with_options);
}

long fuzz_read_all(nonet_reader *r, nonet_solver *s, int with_options)
{
    nonet_puzzle *p;
    nonet_error err;
    long calls = 0;
    for (;;) {
        nonet_status st = nonet_reader_next(r, &p, &err);
        calls++;
        fuzz_require(calls < 10000000);
        if (st == NONET_END) break;
        if (st == NONET_OK) {
            fuzz_require(p != NULL);
            fuzz_use_puzzle(s, p, with_options);
            nonet_puzzle_free(p);
            continue;
        }
        fuzz_require(p == NULL && err.code == st && err.message[0] != '\0');
        fuzz_require(memchr(err.message, '\0', sizeof err.message) != NULL);
        if (st == NONET_ERR_SYNTAX || st == NONET_ERR_SHAPE) fuzz_require(err.line >= 0);
        if (nonet_status_is_fatal(st)) {
            /* After a fatal error the reader only ends. */
            fuzz_require(nonet_reader_next(r, &p, &err) == NONET_END);
            break;
        }
    }
    /* Once ended, it stays ended. */
    fuzz_require(nonet_reader_next(r, &p, &err) == NONET_END && p == NULL);
    return calls;
}
