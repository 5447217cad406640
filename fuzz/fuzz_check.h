/*
 * fuzz_check.h - contract checks shared by the reader fuzz targets.
 *
 * fuzz_read_all drains a reader and, for every puzzle, checks it, solves it
 * under a node bound (verifying any solution) and writes it, its answer and
 * its record in every format, checking the snprintf contract of each writer
 * and that the nonet format (and line/csv/json for classic 9x9) reads back
 * the same givens. A broken contract aborts, which libFuzzer reports.
 */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <nonet.h>

#include <stdint.h>
#include <stddef.h>

/* Hands out an input in chunks of `step` bytes (a nonet_read_fn context). */
typedef struct fuzz_chunks {
    const uint8_t *data;
    size_t size, pos, step;
} fuzz_chunks;

/* nonet_read_fn over a fuzz_chunks. */
long fuzz_read_chunks(void *ctx, char *buf, size_t cap);

/* Aborts, naming the failed check, when `ok` is 0. */
void fuzz_require_at(int ok, const char *what, const char *file, int line);
#define fuzz_require(ok) fuzz_require_at((ok) != 0, #ok, __FILE__, __LINE__)

/* Checks, solves (bounded) and writes one puzzle; with_options: it was read
 * with reader options (only the nonet format must then read back alike). */
void fuzz_use_puzzle(nonet_solver *s, const nonet_puzzle *p, int with_options);

/* Reads every puzzle of `r` through fuzz_use_puzzle, checking the reader's
 * error and end contracts; returns the number of reader calls. */
long fuzz_read_all(nonet_reader *r, nonet_solver *s, int with_options);

#endif
