/*
 * format.h - what one format is: a definition every format file exports and
 * the registry (registry.c) lists, one row a format.
 *
 * A format file (line.c, grid.c, ...) owns everything about its format: how
 * it is detected, read and written. The reader and the writers reach it only
 * through its definition. To add a format: write one file that defines a
 * `const nonet__format_def`, and add it to the table in registry.c (the
 * steps are in docs/ARCHITECTURE.md).
 */
#ifndef NONET_FORMATS_FORMAT_H
#define NONET_FORMATS_FORMAT_H

#include "formats/reader.h"
#include "text/json.h"
#include "text/out.h"

/* What detection knows of the first content line of an input (the one
 * detection decides on). */
typedef struct nonet__sniff {
    nonet_reader *r; /* the reader: its lines may be peeked further */
    long pos;        /* the line's position ahead (for nonet__lines_peek) */
    nonet__line l;   /* the line */
    size_t span;     /* length of the grid run at its start (nonet__grid_span) */
    int square;      /* span is N*N for a side N of 4..64 */
    int tokens;      /* whitespace-separated tokens */
    int framed;      /* it holds a frame character, or is a frame rule */
} nonet__sniff;

/* Detection rule: 1 when the input is in this format. Rules run in the
 * registry's order; the first that says yes decides. */
typedef int (*nonet__detect_fn)(const nonet__sniff *s);

/* Reads the next puzzle: NONET_OK with *out set (stamped), NONET_END, or an
 * error with err set (line included). */
typedef nonet_status (*nonet__read_fn)(nonet_reader *r, nonet_puzzle **out, nonet_error *err);

/* Writers, into o (whose alphabet is the puzzle's): a grid of shape s; a
 * puzzle itself; the answer to a puzzle; a whole record. */
typedef void (*nonet__put_grid_fn)(nonet__out *o, const nonet_shape *s, const unsigned char *g);
typedef void (*nonet__put_puzzle_fn)(nonet__out *o, const nonet_puzzle *p);
typedef void (*nonet__put_answer_fn)(nonet__out *o, const nonet_puzzle *p, const nonet_result *res,
                                     const unsigned char *solution);
typedef void (*nonet__put_record_fn)(nonet__out *o, const nonet_record *rec);

typedef struct nonet__format_def {
    nonet_format id;
    const char *name;                /* as --format and --output take it */
    const char *const *aliases;      /* NULL-terminated other names, or NULL */
    nonet_format reads_as;           /* the format that reads what this one writes
                                        (itself, or e.g. luogu for pretty) */
    nonet__detect_fn detect;         /* NULL: never detected */
    nonet__read_fn read;             /* NULL when reads_as is another format */
    nonet__put_grid_fn put_grid;     /* required: a grid, ending with a newline */
    nonet__put_puzzle_fn put_puzzle; /* NULL: put_grid of the givens */
    nonet__put_answer_fn put_answer; /* NULL: the solution's grid, or "No solution" /
                                        "Gave up" (write.c) */
    nonet__put_record_fn put_record; /* NULL: every stored solution's grid (write.c) */
    int blank_after;                 /* 1: a blank line after each puzzle or answer */
    int puzzle_is_record;            /* 1: a puzzle is written by put_record, as a record
                                        without result or time (csv, json) */
} nonet__format_def;

/* ---- the registry (registry.c) ---- */

/* The formats in detection order (the order their rules apply). */
extern const nonet__format_def *const nonet__format_table[];
extern const int nonet__format_count;

/* The definition of format f, or NULL for AUTO and values out of range. */
const nonet__format_def *nonet__format_def_of(nonet_format f);

/* ---- detection (detect.c) ---- */

/* Tells the format of r's input from its first lines (consumes nothing):
 * the first format in the registry whose rule says yes, or NULL with err
 * set when none does. An empty input reads as the line format. */
const nonet__format_def *nonet__detect(nonet_reader *r, nonet_error *err);

/* ---- helpers formats share, each in its owner's file ---- */

/* line.c: length of the grid at the start of a one-line puzzle: up to the
 * first comment separator (space, tab, '#', ';', ',' or ':'), else len. */
size_t nonet__grid_span(const char *text, size_t len);

/* line.c: parses the n*n symbols of text (a puzzle of side n found on
 * input line `line`) into cells under alphabet a (NULL or size 0: the
 * default symbols), each byte's digit being values[byte] (-1 for none:
 * nonet__reader_values). Reports the first bad symbol with its column
 * (NONET_ERR_SYNTAX; cells are then undefined). Default symbols on a side
 * up to 9 are parsed in vector code without `values`, which must still
 * agree with them (the unit test compares both paths byte by byte). */
nonet_status nonet__parse_line_cells(const nonet__alphabet *a, const short *values,
                                     const char *text, int n, long line, unsigned char *cells,
                                     nonet_error *err);

/* line.c: nonet__parse_line_cells always through `values` (the path of
 * custom alphabets and sides beyond 9). */
nonet_status nonet__parse_line_cells_table(const nonet__alphabet *a, const short *values,
                                           const char *text, int n, long line, unsigned char *cells,
                                           nonet_error *err);

/* line.c: parses len bytes of text found on input line `line` as N*N
 * symbols into a new puzzle (stamped). NONET_OK with *out set, or an error. */
/* The side k of a puzzle written whole as k*k spaced values (numbers 0..k or
 * symbols) in text, k above 8 (the line format writes sides beyond the
 * alphabet so); 0 when text is not that. */
int nonet__spaced_side(const char *text, size_t len);
/* Reads such a puzzle (grid.c); NONET_ERR_SYNTAX naming a bad value. */
nonet_status nonet__spaced_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err);
nonet_status nonet__line_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                nonet_puzzle **out, nonet_error *err);

/* line.c: ends the read of a one-line puzzle whose grid was the first
 * `span` bytes of l, read with status st: on success, the text after the
 * grid becomes the puzzle's comment. Returns st, or NONET_ERR_NOMEM (with
 * *out freed and set to NULL) when the comment cannot be stored. */
nonet_status nonet__keep_line_comment(nonet_status st, const nonet__line *l, size_t span,
                                      nonet_puzzle **out, nonet_error *err);

/* line.c: writes a comment after a one-line puzzle: it must start with a
 * separator and stay on the line, so one from elsewhere (a JSON comment)
 * gets a space first and its control characters become spaces. */
void nonet__put_line_comment(nonet__out *o, const char *comment);
/* The same after a grid written from o->len `from` on: a grid of spaced
 * values (a side beyond the alphabet) is read back as values up to its
 * first comment mark, so a comment that does not start with one gets "#". */
void nonet__put_comment_after(nonet__out *o, size_t from, int ncells, const char *comment);

/* line.c: the words of an answer without a solution, "Gave up\n" (the
 * search gave up: uniqueness unknown) or "No solution\n", as every format
 * without its own words writes them (the one place they are spelt). */
void nonet__put_unsolved(nonet__out *o, int gave_up);

/* pencil.c: parses 729 pencilmarks of text found on line `line` into a new
 * puzzle (stamped). NONET_OK with *out set, or an error. */
nonet_status nonet__pencil_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err);

/* pencil.c: the pencilmark line of grid g with candidates cands (NULL =
 * every digit for an empty cell), without a newline. */
void nonet__put_pencil(nonet__out *o, const nonet_shape *s, const unsigned char *g,
                       const uint64_t *cands);

/* grid.c: reads one puzzle of N rows (grid, luogu, and poj after its count). */
nonet_status nonet__grid_read(nonet_reader *r, nonet_puzzle **out, nonet_error *err);

/* grid.c: parses one row of side n (symbols run together, or whitespace-
 * separated symbols / numbers) into cells under alphabet a. */
nonet_status nonet__parse_grid_row(const nonet__line *l, const nonet__alphabet *a, int n, int row,
                                   unsigned char *cells, nonet_error *err);

/* framed.c: copies line l into out (cap bytes, NUL added) with every frame
 * character ('|', '+', box-drawing) turned into a space and tabs into
 * spaces; *framed gets bit 0 for '|', bit 1 for '+' or box-drawing. Returns
 * the copied length. */
size_t nonet__frame_clean(const nonet__line *l, char *out, size_t cap, int *framed);

/* framed.c: 1 when a cleaned line is a rule between bands for a grid of
 * side n, 0 when it is a row. A blank cleaned line is a rule. */
int nonet__frame_is_rule(const char *clean, size_t len, int framed, int n);

/* record.c (csv.c, json.c): the puzzle field of a record: its 729
 * pencilmarks when it has candidates (9x9), else its N*N symbols. */
void nonet__put_record_puzzle(nonet__out *o, const nonet_puzzle *p);

/* record.c: reads a record's puzzle field: pencilmarks when 729 long, else
 * N*N symbols. */
nonet_status nonet__read_record_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                       nonet_puzzle **out, nonet_error *err);

/* record.c: the record's status word: the caller's, or from the result
 * ("unique", "several", "none", "gave up"; "" without a result). */
const char *nonet__record_status(const nonet_record *rec);

/* record.c: the i-th stored solution of the record as one line, without
 * a newline. */
void nonet__put_record_solution(nonet__out *o, const nonet_record *rec, unsigned long long i);

/* fpuzzles.c: writes the f-puzzles object of (s, p, givens, solution; p
 * and solution may be NULL) as a link: prefix, then the object compressed
 * by LZ-string's compressToBase64, its '+', '/' and '=' as %2B, %2F, %3D
 * when escape is 1, then a newline. */
void nonet__put_fpuzzles_link(nonet__out *o, const char *prefix, int escape, const nonet_shape *s,
                              const nonet_puzzle *p, const unsigned char *givens,
                              const unsigned char *solution);

/* fpuzzles.c: the puzzle of an f-puzzles object parsed into j (a SudokuPad
 * fpuz payload's too), found on input line `line`: NONET_OK with *out set
 * (stamped), or an error naming what is wrong. */
nonet_status nonet__fpuzzles_build(nonet_reader *r, const nonet__json *j, long line,
                                   nonet_puzzle **out, nonet_error *err);

#endif
