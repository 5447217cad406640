/*
 * item.h - one position of the input as it goes through the tool: the
 * puzzle read (or the error reading it), and the text its command writes
 * for standard output and standard error, in growable buffers.
 */
#ifndef NONET_CLI_ITEM_H
#define NONET_CLI_ITEM_H

#include <nonet.h>

#include <stddef.h>
#include <stdint.h>

/* A growable text buffer. */
typedef struct cli_text {
    char *s;
    size_t len, cap;
    int failed; /* some text could not be stored (out of memory): the text is
                     incomplete, and the writer reports it instead of writing it */
} cli_text;

/* Appends n bytes; returns 0, or -1 (and sets t->failed) when out of memory. */
int cli_text_put(cli_text *t, const char *s, size_t n);
/* Appends printf-style text; the same returns. */
int cli_text_printf(cli_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Formats a library error as "nonet: SOURCE:LINE: message\n" into t. */
void cli_put_error(cli_text *t, const nonet_error *e);

/* One input position: a puzzle read, or the error reading it, or (when the
 * run produces its items) just its number. */
typedef struct cli_item {
    nonet_puzzle *puzzle;     /* NULL when reading failed or when produced; freed by the
                               input, unless the work takes it (sets it to NULL,
                               frees it itself) */
    nonet_status read_status; /* NONET_OK, or why reading it failed (puzzle NULL; the
                                 message is in err) */
    cli_text out;             /* text for standard output */
    cli_text err;             /* text for standard error */
    int exit_status;          /* this item's EXIT_* */
    unsigned long long seq;   /* 0-based position in the whole input (all files) */
    uint64_t key[2];          /* the command's own per-item value (dedupe: the class) */
} cli_item;

/* Empties the item for the next input position (frees its puzzle, keeps
 * its buffers' memory). */
void cli_item_reset(cli_item *item);

/* Frees everything the item holds. */
void cli_item_free(cli_item *item);

#endif
