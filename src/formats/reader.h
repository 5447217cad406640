/*
 * reader.h - the reader object, and the reader core: what every format's
 * reader may call (shapes of a side, stamping a puzzle read, the count line
 * of counted inputs). The reader core (reader_core.c) calls no format; the
 * public reader (reader.c) calls the formats through the registry.
 *
 * Invariants of a nonet_reader: `format` is AUTO until detection and then
 * never changes, and `def` is its definition (NULL before); `index` counts
 * the puzzles handed out, good or bad; once `done`, next returns NONET_END;
 * classic[n] is NULL or the shape of side n under the reader's options.
 */
#ifndef NONET_FORMATS_READER_H
#define NONET_FORMATS_READER_H

#include "text/alphabet.h"
#include "text/line_split.h"

#include "nonet.h"

struct nonet__format_def;

struct nonet_reader {
    nonet__lines lines;
    char *name;                               /* input name for messages (owned, whole) */
    nonet_format format;                      /* given or detected; AUTO before detection */
    const struct nonet__format_def *def;      /* the format's definition, NULL before */
    long index;                               /* puzzles handed out so far, good or bad */
    long expected;                            /* count announced by a POJ/HDU header, -1 if none */
    long count_line;                          /* line of that count */
    int header_done;                          /* the count line has been read */
    int marked_end;                           /* the input says where its puzzles end (a POJ/HDU
                                count, AcWing's "end", a CSV header): none of
                                them is no error */
    int done;                                 /* nothing more to read */
    nonet_shape *classic[NONET_MAX_SIZE + 1]; /* default shapes by size, made on demand */
    FILE *fp;                                 /* nonet_reader_new_file's stream */
    const char *mem;                          /* nonet_reader_new_mem's buffer */
    size_t mem_size, mem_pos;
    int last_side;       /* side of the last framed grid read, 0 before */
    int csv_field;       /* CSV: 1 + the field holding the puzzle, from the header
                            ("index,puzzle,..." or qqwing's "Puzzle,Solution,"); 0: the 2nd */
    nonet_puzzle *spare; /* NULL, or a puzzle the reader owns for a format to refill
                            (nonet__puzzle_recycle): the last one handed back to
                            nonet_reader_next_reuse and not refilled yet */
    /* nonet_reader_set_options (reader_options.c); custom = 0 when never set */
    int custom;
    nonet__alphabet alpha;
    int box_rows, box_cols;
    unsigned variants;
    int region_size, group_size, group_count;
    int *regions, *groups; /* owned copies, or NULL */
    /* nonet__reader_values' table: the digit of each byte for side values_n
     * under alpha (-1: none); values_n is 0 when not built or stale */
    int values_n;
    short values[256];
};

/* ---- reader core (reader_core.c) ---- */

/* The shape of side n under the reader's options (borrowed from its cache),
 * or NULL with err set (a size out of range, an alphabet too short, options
 * that do not fit). */
const nonet_shape *nonet__reader_shape(nonet_reader *r, int n, nonet_error *err);

/* Fills the common fields of a puzzle read from line `line`: line, index,
 * format, source, and the reader's alphabet when it names every digit. */
void nonet__stamp(nonet_reader *r, nonet_puzzle *p, long line);

/* Digit of byte ch for side n under the reader's alphabet (see
 * nonet__alphabet_value). */
int nonet__reader_symbol(const nonet_reader *r, int ch, int n);

/* The digit of every byte for side n under the reader's alphabet, a table
 * of 256 (nonet__reader_symbol of each byte: 0 blank, 1..n, -1 none), kept
 * by the reader until the side or its options change: the per-puzzle path
 * of one-line formats looks symbols up there. */
const short *nonet__reader_values(nonet_reader *r, int n);

/* 1 when the content line `first`, at position pos ahead, is the count line
 * of a counted input: at most 7 digits, not followed by a line of the same
 * length (which would make it the first row of a small grid). */
int nonet__is_count(nonet_reader *r, long pos, const nonet__line *first);

/* Called by a counted format (POJ, HDU) when its next puzzle is wanted; reads
 * the count line first. Returns NONET_OK when a puzzle is due, NONET_END when
 * all have been read and nothing follows, or an error: a bad count, a short
 * input, or text after the last puzzle. */
nonet_status nonet__count_next(nonet_reader *r, nonet_error *err);

/* ---- reader options (reader_options.c) ---- */

/* Frees the reader's copies of its options. */
void nonet__reader_options_free(nonet_reader *r);

/* A new shape of side n with the reader's box, regions, groups and variants
 * plus `variants`; NULL with err set. */
nonet_shape *nonet__reader_custom_shape(nonet_reader *r, int n, unsigned variants,
                                        nonet_error *err);

/* ---- rules as text (rules_text.c) ---- */

/* Reads the n rows of a region map from ls into regions (ids by first
 * appearance). Returns n, or -1 with err set. */
int nonet__read_region_rows(nonet__lines *ls, int n, int *regions, nonet_error *err);

#endif
