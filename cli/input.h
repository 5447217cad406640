/*
 * input.h - the inputs of a run, one after another: each file (or standard
 * input) opened when the previous one ends, read by a library reader, one
 * item a call. An input that cannot be opened or read is an item holding
 * the error, and the run goes on with the next.
 */
#ifndef NONET_CLI_INPUT_H
#define NONET_CLI_INPUT_H

#include "item.h"

#include <stdio.h>

typedef struct cli_input {
    char **files;                        /* names; "-" is standard input */
    int nfiles, next;                    /* next file to open */
    nonet_format format;                 /* --format, AUTO to detect */
    const nonet_read_options *read_opts; /* rules for every reader, or NULL */
    FILE *fp;                            /* the open file, or NULL */
    nonet_reader *reader;                /* its reader, or NULL */
} cli_input;

/* Prepares in to read the files (none: standard input) in format f with
 * read_opts (NULL = none; borrowed, like the names). */
void cli_input_init(cli_input *in, char **files, int nfiles, nonet_format f,
                    const nonet_read_options *read_opts);

/* Reads the next item into `item` (reset first; the puzzle it held is freed
 * here, by the thread that read it). Returns 1 with the item filled (a
 * puzzle, or an error), 0 at the end of every input. */
int cli_input_next(cli_input *in, cli_item *item);

/* Closes what is open. */
void cli_input_close(cli_input *in);

#endif
