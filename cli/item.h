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

/* Makes room for n more bytes without storing them; the same returns. */
int cli_text_reserve(cli_text *t, size_t n);

/* Formats a library error as "nonet: SOURCE:LINE: message\n" into t. */
void cli_put_error(cli_text *t, const nonet_error *e);

/* The same under `name` (NULL: e->source), the whole name of the input
 * the CLI knows (nonet_error's source is cut to 63 bytes). */
void cli_put_error_in(cli_text *t, const nonet_error *e, const char *name);
/* Where and why a puzzle could not be read, for its record (one answer a
 * puzzle, malformed ones included): line 0 when the error is not at a
 * puzzle's place in the input (a file that cannot be opened). */
typedef struct cli_unread {
    long line;           /* input line of the error, 0 when none */
    long index;          /* 1-based position of the puzzle in its input */
    nonet_format format; /* the input's format as detected (AUTO when unknown) */
    cli_text source;     /* the input's name */
    cli_text message;    /* the error's message */
} cli_unread;

/* Plain lines a lane item holds at most (see cli_lane). */
#define CLI_LANE_MAX 16

/* One input position: a puzzle read, or the error reading it, or (when the
 * run produces its items) just its number; or a lane item, a run of plain
 * 9x9 lines taken whole from the reader (nonet_reader_take_lines), which
 * the command answers in one go and which stands for that many positions. */
typedef struct cli_item {
    nonet_puzzle *puzzle;      /* NULL when reading failed or when produced; freed by the
                               input, unless the work takes it (sets it to NULL,
                               frees it itself) */
    nonet_status read_status;  /* NONET_OK, or why reading it failed (puzzle NULL; the
                                 message is in err) */
    cli_text out;              /* text for standard output */
    cli_text err;              /* text for standard error */
    int exit_status;           /* this item's EXIT_* */
    unsigned long long seq;    /* 0-based position in the whole input (all files) */
    unsigned long long at;     /* with --progress: bytes of the inputs read by then */
    uint64_t key[2];           /* the command's own per-item value (dedupe: the class) */
    struct cli_lane *lane;     /* NULL, or made on the first lane item: see cli_lane */
    cli_unread unread;         /* when read_status is not NONET_OK: where and why */
    struct cli_output *stream; /* NULL, or the output this item is written to right after
                                  its work, every item before it written already (a serial
                                  run): the work may hand out its answer's beginning early
                                  (cli_output_stream), so a long answer is not held whole */
} cli_item;

/* What a lane item holds besides an item's text: lines.len / NONET_PLAIN_LINE
 * plain lines (lines.len 0: the item is no lane item), the first at input
 * line first_line of `source`. Its messages go to standard error between
 * its answers: message k (item->err up to err_at[k]) goes right before the
 * answers from item->out offset out_at[k] on. */
typedef struct cli_lane {
    cli_text lines;
    long first_line;
    const char *source; /* the input's whole name (borrowed: it outlives the run) */
    int marks;
    size_t out_at[CLI_LANE_MAX + 1], err_at[CLI_LANE_MAX + 1]; /* a mark a line, and one
                                                                 for a failed call */
} cli_lane;

/* Lines of a lane item; 0 for any other. */
static inline size_t cli_item_lines(const cli_item *item)
{
    return item->lane ? item->lane->lines.len / NONET_PLAIN_LINE : 0;
}

/* Marks the message just put on item->err (a lane item) to go before
 * answer `at` (the item->out offset where that line's answer starts). */
void cli_lane_mark(cli_item *item, size_t at);

/* Formats e into item->err under the whole name of the item's input (its
 * puzzle's source, or its lane's). */
void cli_put_item_error(cli_item *item, const nonet_error *e);

/* Empties the item for the next input position (frees its puzzle, keeps
 * its buffers' memory). */
void cli_item_reset(cli_item *item);

/* Frees everything the item holds. */
void cli_item_free(cli_item *item);

#endif
