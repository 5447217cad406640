/*
 * read.h - the reader object shared by the format modules.
 *
 * A reader owns one line source and the state of the format being read.
 * Format modules read one puzzle per call through the functions below and
 * share the helpers for symbols, rows and shapes.
 */
#ifndef NONET_READ_H
#define NONET_READ_H

#include "lines.h"
#include "nonet.h"

struct nonet_reader {
    nonet__lines lines;
    char name[64];           /* input name for messages */
    nonet_format format;     /* given or detected; AUTO before detection */
    long index;              /* puzzles handed out so far, good or bad */
    long expected;           /* count announced by a POJ/HDU header, -1 if none */
    long count_line;         /* line of that count */
    int header_done;         /* the count line has been read */
    int done;                /* nothing more to read */
    nonet_shape *classic[NONET_MAX_SIZE + 1];   /* default shapes by size, made on demand */
    FILE *fp;                /* nonet_reader_new_file's stream */
    const char *mem;         /* nonet_reader_new_mem's buffer */
    size_t mem_size, mem_pos;
    int last_side;           /* side of the last framed grid read, 0 before */
};

/* Format modules: read the next puzzle in their format. Return NONET_OK with
 * *out set, NONET_END, or an error (err set, line included). */
nonet_status nonet__read_line(nonet_reader *r, nonet_puzzle **out, nonet_error *err);
nonet_status nonet__read_grid(nonet_reader *r, nonet_puzzle **out, nonet_error *err);
nonet_status nonet__read_hdu(nonet_reader *r, nonet_puzzle **out, nonet_error *err);
nonet_status nonet__read_framed(nonet_reader *r, nonet_puzzle **out, nonet_error *err);
nonet_status nonet__read_pencil(nonet_reader *r, nonet_puzzle **out, nonet_error *err);
nonet_status nonet__read_candidates(nonet_reader *r, nonet_puzzle **out, nonet_error *err);

nonet_status nonet__read_record(nonet_reader *r, nonet_puzzle **out, nonet_error *err);

/* Parse one puzzle from len bytes of text found on input line `line`: N*N
 * symbols (format_line.c) or 729 pencilmarks (format_pencil.c). NONET_OK
 * with *out set and stamped, or an error. */
nonet_status nonet__line_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                nonet_puzzle **out, nonet_error *err);
nonet_status nonet__pencil_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err);

/* Frames (format_framed.c): copies line l into out (cap bytes, NUL added)
 * with every frame character ('|', '+', box-drawing) turned into a space and
 * tabs into spaces; *framed gets bit 0 for '|', bit 1 for '+' or
 * box-drawing. Returns the copied length. */
size_t nonet__frame_clean(const nonet__line *l, char *out, size_t cap, int *framed);
/* 1 when a cleaned line is a rule between bands (see format_framed.c) for a
 * grid of side n, 0 when it is a row. A blank cleaned line is a rule. */
int nonet__frame_is_rule(const char *clean, size_t len, int framed, int n);
/* 1 when the line starts with 729 symbols, each '.' or a digit 1-9 (then it
 * is read as pencilmarks, which reports a digit out of its place). */
int nonet__is_pencil_line(const char *text, size_t len);

/* Guesses the format from the lines ahead (consumes nothing). Returns the
 * format, or NONET_FORMAT_AUTO with err set when it cannot tell. */
nonet_format nonet__detect(nonet_reader *r, nonet_error *err);

/* The default shape of side n (borrowed from the reader's cache), or NULL. */
const nonet_shape *nonet__reader_shape(nonet_reader *r, int n, nonet_error *err);

/* Value of symbol ch in a puzzle of side n: 0 for a blank ('.', '0', '_',
 * '-', '*', and 'x' where it is not a digit of side n),
 * 1..n for a digit (1-9, then A-Z, then a-z; lower case equals upper case
 * while n <= 35), -1 otherwise. */
int nonet__symbol_value(int ch, int n);

/* Symbol for digit v (1..n) of side n, '.' for 0; 0 when n has no symbols
 * (n > 61: such grids are written as numbers). */
char nonet__symbol_char(int v, int n);

/* Describes byte ch for a message: 'x', or \xNN when not printable. */
const char *nonet__show_char(int ch, char buf[8]);

/* Splits the line into whitespace-separated tokens: up to max (start, length)
 * pairs. Returns the number of tokens (may exceed max; only max are stored). */
int nonet__tokens(const nonet__line *l, int max, int *start, int *len);

/* Reads the count line of a POJ/HDU input into r->expected. */
nonet_status nonet__read_count(nonet_reader *r, nonet_error *err);

/* Called by a counted format when its next puzzle is wanted: returns NONET_OK
 * when one is due, NONET_END when all have been read and nothing follows, or
 * an error for a short input or extra text after the last puzzle. */
nonet_status nonet__count_next(nonet_reader *r, nonet_error *err);

/* Skips blank lines, '#' comment lines and '[Section]' lines (.sdk); returns like nonet__lines_peek
 * for the first other line (not consumed). */
int nonet__peek_content(nonet_reader *r, nonet__line *out);

/* Length of the grid at the start of a one-line puzzle: up to the first
 * comment separator (space, tab, '#', ';', ',' or ':'), else len. */
size_t nonet__grid_span(const char *text, size_t len);

/* Fills the common fields of a puzzle read from line `line`. */
void nonet__stamp(nonet_reader *r, nonet_puzzle *p, long line);

#endif
