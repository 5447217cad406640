/*
 * input.h - the inputs of a run, one after another: each file (or standard
 * input) opened when the previous one ends, read by a library reader, one
 * item a call. An input that cannot be opened or read is an item holding
 * the error, and the run goes on with the next. A run that makes its items
 * (nonet generate without files) has a producer instead of files.
 */
#ifndef NONET_CLI_INPUT_H
#define NONET_CLI_INPUT_H

#include "item.h"

#include <stdio.h>

typedef struct cli_input {
    char **files;                              /* names; "-" is standard input */
    int nfiles, next;                          /* next file to open */
    nonet_format format;                       /* --format, AUTO to detect */
    const nonet_read_options *read_opts;       /* rules for every reader, or NULL */
    FILE *fp;                                  /* the open file, or NULL */
    nonet_reader *reader;                      /* its reader, or NULL */
    unsigned long long seq;                    /* items read so far (the next item's seq) */
    int (*produce)(void *ctx, cli_item *item); /* see cli_input_produce; NULL: read */
    void *produce_ctx;
    long index;                /* positions read from the open input (the reader's index) */
    nonet_error error;         /* the reader's error of the last item (one for the input, not
                          one an item: items stay small, their pages few) */
    int lane;                  /* 0, or at most this many plain lines a lane item
                          (cli_lane; 1..CLI_LANE_MAX): the command answers them */
    int positions;             /* set item->at (bytes read of all inputs) for --progress */
    unsigned long long before; /* bytes of the inputs closed so far */
    const char *puzzles;       /* --puzzle texts, read first (cli_input_puzzles), or NULL */
    int puzzles_read;          /* they have been opened */
    int stdin_default;         /* no FILE was named: standard input stands for them */
    const char *name;          /* the open input's whole name (borrowed from files) */
    int errors;                /* read errors in the open input so far */
    int binary;                /* the open input looks binary (NUL bytes, control bytes) */
} cli_input;

/* Reads the puzzles of `text` (one a line, borrowed) before the files, and
 * standard input only when a file "-" is named. */
void cli_input_puzzles(cli_input *in, const char *text);

/* Read errors after which an input that looks binary is skipped, with one
 * line saying so. */
#define CLI_BINARY_ERRORS 3

/* Prepares in to read the files (none: standard input) in format f with
 * read_opts (NULL = none; borrowed, like the names). */
void cli_input_init(cli_input *in, char **files, int nfiles, nonet_format f,
                    const nonet_read_options *read_opts);

/* Makes `in` hand out produced items instead of reading: produce(ctx,
 * item) is called in order for item->seq = 0, 1, ... and returns 1 when the
 * item is one more to work on (its puzzle may stay NULL), 0 at the end. */
void cli_input_produce(cli_input *in, int (*produce)(void *ctx, cli_item *item), void *ctx);

/* Reads the next item into `item` (reset first; the puzzle it held is
 * handed back to the reader, to be refilled). Returns 1 with the item
 * filled and numbered (item->seq: 0, 1, ... over every position of every
 * input; a lane item takes one a line): a lane item, when in->lane is set
 * and the reader has plain lines at hand (nonet_reader_take_lines); a
 * puzzle; or an error, item->read_status set and its message
 * ("nonet: FILE:LINE: ...") in item->err; or a produced item. Returns 0 at
 * the end of every input. */
int cli_input_next(cli_input *in, cli_item *item);

/* Closes what is open. */
void cli_input_close(cli_input *in);

#endif
