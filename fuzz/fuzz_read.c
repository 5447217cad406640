/*
 * fuzz_read.c - libFuzzer target for the puzzle reader.
 *
 * Built once per entry point: FUZZ_FORMAT names the nonet_format given to the
 * reader (NONET_FORMAT_AUTO exercises detection). The first input byte picks
 * how bytes arrive (the memory reader, or a callback handing out chunks of
 * 1..255 bytes, so line splitting meets every boundary); the rest is the
 * input text. Every puzzle read goes through fuzz_read_all (fuzz_check.c):
 * checked, solved under a node bound (up to 16x16), written in every format;
 * every error must carry a message, and after a fatal one the reader ends.
 * For the line format the same bytes also go through nonet_puzzle_from_string.
 * The same bytes read again with nonet_reader_next_reuse (the puzzle handed
 * back each time) must give what nonet_reader_next gives, puzzle for puzzle
 * and error for error.
 */
#include "fuzz_check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_FORMAT
#define FUZZ_FORMAT NONET_FORMAT_AUTO
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
        if (s) fuzz_use_puzzle(s, p, 0);
        nonet_solver_free(s);
        nonet_puzzle_free(p);
    } else {
        fuzz_require(err.message[0] != '\0');
    }
    free(text);
}

/* 1 when the two puzzles agree in everything a reader sets. */
static int same_puzzle(const nonet_puzzle *a, const nonet_puzzle *b)
{
    const nonet_shape *s = nonet_puzzle_shape(a);
    int cells = nonet_shape_cells(s);
    const uint64_t *ca = nonet_puzzle_candidates(a), *cb = nonet_puzzle_candidates(b);
    return cells == nonet_shape_cells(nonet_puzzle_shape(b)) &&
           nonet_shape_size(s) == nonet_shape_size(nonet_puzzle_shape(b)) &&
           memcmp(nonet_puzzle_cells(a), nonet_puzzle_cells(b), (size_t)cells) == 0 && !ca == !cb &&
           (!ca || memcmp(ca, cb, (size_t)cells * sizeof *ca) == 0) &&
           nonet_puzzle_line(a) == nonet_puzzle_line(b) &&
           nonet_puzzle_index(a) == nonet_puzzle_index(b) &&
           nonet_puzzle_format(a) == nonet_puzzle_format(b) &&
           strcmp(nonet_puzzle_comment(a), nonet_puzzle_comment(b)) == 0;
}

/* Reads the bytes with nonet_reader_next and with nonet_reader_next_reuse
 * side by side (up to 256 puzzles) and requires the same answers. */
static void same_with_reuse(const uint8_t *data, size_t size)
{
    nonet_error e1, e2;
    nonet_reader *r1 =
        nonet_reader_new_mem((const char *)data, size, "fuzz", (nonet_format)FUZZ_FORMAT, &e1);
    nonet_reader *r2 =
        nonet_reader_new_mem((const char *)data, size, "fuzz", (nonet_format)FUZZ_FORMAT, &e2);
    nonet_puzzle *p = NULL, *q = NULL;
    for (int i = 0; r1 && r2 && i < 256; i++) {
        nonet_status s1 = nonet_reader_next(r1, &q, &e1);
        nonet_status s2 = nonet_reader_next_reuse(r2, &p, &e2);
        fuzz_require(s1 == s2 && !p == !q);
        if (s1 != NONET_OK && s1 != NONET_END)
            fuzz_require(e1.line == e2.line && e1.column == e2.column &&
                         strcmp(e1.message, e2.message) == 0);
        if (p && q) fuzz_require(same_puzzle(p, q));
        nonet_puzzle_free(q);
        q = NULL;
        if (s1 == NONET_END || nonet_status_is_fatal(s1)) break;
    }
    nonet_puzzle_free(p);
    nonet_reader_free(r1);
    nonet_reader_free(r2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    unsigned mode = data[0];
    data++;
    size--;
    nonet_error err;
    fuzz_chunks c = {data, size, 0, mode ? mode : 1};
    nonet_reader *r =
        mode & 1 ? nonet_reader_new(fuzz_read_chunks, &c, "fuzz", (nonet_format)FUZZ_FORMAT, &err)
                 : nonet_reader_new_mem((const char *)data, size, "fuzz", (nonet_format)FUZZ_FORMAT,
                                        &err);
    nonet_solver *s = nonet_solver_new();
    if (r && s) fuzz_read_all(r, s, 0);
    nonet_solver_free(s);
    nonet_reader_free(r);
    if (FUZZ_FORMAT == NONET_FORMAT_LINE) from_string(data, size);
    same_with_reuse(data, size);
    return 0;
}
