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
    return 0;
}
