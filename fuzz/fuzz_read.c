/*
 * fuzz_read.c - libFuzzer target for the puzzle reader.
 *
 * Built once per entry point: FUZZ_FORMAT names the nonet_format given to the
 * reader (NONET_FORMAT_AUTO exercises detection). The first input byte picks
 * how bytes arrive (the memory reader, or a callback handing out chunks of
 * 1..255 bytes, so line splitting meets every boundary); the rest is the
 * input text. Every puzzle read is checked, written back in every format and
 * (up to 16x16) solved under a small node bound; every error must carry a
 * message, and after a fatal one the reader must only end. For the line
 * format the same bytes also go through nonet_puzzle_from_string.
 */
#include <nonet.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_FORMAT
#define FUZZ_FORMAT NONET_FORMAT_AUTO
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct chunks {
    const uint8_t *data;
    size_t size, pos, step;
} chunks;

/* Hands out the input in chunks of `step` bytes. */
static long read_chunks(void *ctx, char *buf, size_t cap)
{
    chunks *c = ctx;
    size_t n = c->size - c->pos;
    if (n > c->step) n = c->step;
    if (n > cap) n = cap;
    memcpy(buf, c->data + c->pos, n);
    c->pos += n;
    return (long)n;
}

/* Aborts when a library contract is broken (libFuzzer reports the crash). */
static void require(int ok)
{
    if (!ok) abort();
}

/* Writes the puzzle in every output format and checks the snprintf contract. */
static void write_all(const nonet_puzzle *p, const nonet_result *res, const unsigned char *sol)
{
    static char buf[NONET_MAX_CELLS * 4 + 4096];
    for (int f = NONET_FORMAT_LINE; f < NONET_FORMAT_COUNT; f++) {
        size_t need = nonet_write_grid(NULL, 0, (nonet_format)f, nonet_puzzle_shape(p),
                                       nonet_puzzle_cells(p));
        require(need < sizeof buf);
        size_t got = nonet_write_grid(buf, sizeof buf, (nonet_format)f, nonet_puzzle_shape(p),
                                      nonet_puzzle_cells(p));
        require(got == need && buf[got] == '\0');
        need = nonet_write_answer(NULL, 0, (nonet_format)f, p, res, sol);
        require(need < sizeof buf);
        got = nonet_write_answer(buf, sizeof buf, (nonet_format)f, p, res, sol);
        require(got == need && buf[got] == '\0');
        if (need > 3) {   /* a cut write still ends in NUL */
            nonet_write_answer(buf, 3, (nonet_format)f, p, res, sol);
            require(buf[2] == '\0');
        }
    }
}

/* Checks, solves (bounded) and writes one puzzle read from the input. */
static void use_puzzle(nonet_solver *s, const nonet_puzzle *p)
{
    nonet_error err;
    unsigned char sol[NONET_MAX_CELLS];
    nonet_result res;
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = NONET_ENGINE_BITMASK;
    opt.max_nodes = 300;
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    require(n >= NONET_MIN_SIZE && n <= NONET_MAX_SIZE);
    require(nonet_puzzle_index(p) >= 1);
    nonet_status checked = nonet_puzzle_check(p, &err);
    require(checked == NONET_OK || (checked == NONET_ERR_RULE && err.message[0]));
    if (n > 16) {   /* big grids: fuzz_solve covers the engines; keep this target fast */
        memset(&res, 0, sizeof res);
        write_all(p, &res, NULL);
        return;
    }
    nonet_status st = nonet_solver_run(s, p, &opt, sol, &res, &err);
    require(st == NONET_OK || st == NONET_ERR_LIMIT);
    require(res.nodes <= opt.max_nodes + 1);
    if (checked != NONET_OK) require(res.solutions == 0);
    if (res.solutions) require(nonet_puzzle_verify(p, sol, &err) == NONET_OK);
    write_all(p, &res, res.solutions ? sol : NULL);
}

/* Reads every puzzle of the input; returns the number of reader calls. */
static long read_all(nonet_reader *r, nonet_solver *s)
{
    nonet_puzzle *p;
    nonet_error err;
    long calls = 0;
    for (;;) {
        nonet_status st = nonet_reader_next(r, &p, &err);
        calls++;
        require(calls < 10000000);
        if (st == NONET_END) break;
        if (st == NONET_OK) {
            require(p != NULL);
            use_puzzle(s, p);
            nonet_puzzle_free(p);
            continue;
        }
        require(p == NULL && err.code == st && err.message[0] != '\0');
        require(memchr(err.message, '\0', sizeof err.message) != NULL);
        if (st == NONET_ERR_SYNTAX || st == NONET_ERR_SHAPE) require(err.line >= 0);
        if (nonet_status_is_fatal(st)) {
            /* After a fatal error the reader only ends. */
            require(nonet_reader_next(r, &p, &err) == NONET_END);
            break;
        }
    }
    /* Once ended, it stays ended. */
    require(nonet_reader_next(r, &p, &err) == NONET_END && p == NULL);
    return calls;
}

/* The line parser's other entry point, over the same bytes as a string. */
static void from_string(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return;
    memcpy(text, data, size);
    text[size] = '\0';
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(text, &err);
    if (p) {
        nonet_solver *s = nonet_solver_new();
        if (s) use_puzzle(s, p);
        nonet_solver_free(s);
        nonet_puzzle_free(p);
    } else {
        require(err.message[0] != '\0');
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    unsigned mode = data[0];
    data++;
    size--;
    nonet_error err;
    chunks c = {data, size, 0, mode ? mode : 1};
    nonet_reader *r = mode & 1
        ? nonet_reader_new(read_chunks, &c, "fuzz", (nonet_format)FUZZ_FORMAT, &err)
        : nonet_reader_new_mem((const char *)data, size, "fuzz", (nonet_format)FUZZ_FORMAT, &err);
    nonet_solver *s = nonet_solver_new();
    if (r && s) read_all(r, s);
    nonet_solver_free(s);
    nonet_reader_free(r);
    if (FUZZ_FORMAT == NONET_FORMAT_LINE) from_string(data, size);
    return 0;
}
