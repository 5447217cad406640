/*
 * rows.h - reading the N rows of a grid, the loop every row-based reader
 * shares (grid, framed, candidates, HDU, the nonet format's sections,
 * region maps).
 *
 * Rules: comment lines between rows are skipped (nonet__line_is_comment);
 * lines the caller's `skip` names (frame rules) are consumed and are not
 * rows; a `stop` line (the next nonet block) or the end of the input ends
 * the grid early: "WHAT after K of ITS N rows". After a bad row the other
 * rows are still consumed, so the next puzzle starts in place, and the
 * first error is the one reported.
 */
#ifndef NONET_TEXT_ROWS_H
#define NONET_TEXT_ROWS_H

#include "text/line_split.h"

typedef struct nonet__rows {
    nonet__lines *lines;
    int n;                /* rows of the grid */
    const char *what;     /* for the message when rows are missing: "the grid ends" */
    const char *its;      /* "its" or "their" */
    nonet_status missing; /* status of that message (NONET_ERR_SYNTAX, ...) */
    int at_last_row;      /* 1: that message names the last row read (else the
                                last line, comments after the rows included) */
    /* Parses row `row` (line l); returns NONET_OK or an error with err set. */
    nonet_status (*row)(void *ctx, const nonet__line *l, int row, nonet_error *err);
    /* NULL, or 1 when l is no row (consumed and skipped: a frame rule). */
    int (*skip)(void *ctx, const nonet__line *l);
    /* NULL, or 1 when l (peeked) ends the grid early (not consumed). */
    int (*stop)(void *ctx, const nonet__line *l);
    /* NULL, or 1 when a blank line ahead ends the grid before `row` (a blank
     * line inside a band of a boxed display means rows were lost); the blank
     * line is not consumed. */
    int (*gap)(void *ctx, int row);
    void *ctx;      /* passed to the callbacks */
    long *row_line; /* NULL, or n: receives the line of each row */
} nonet__rows;

/* Reads rows from..n-1 of rs. Returns NONET_OK, or the first error (err set:
 * a bad row, or rows missing). */
nonet_status nonet__rows_read(const nonet__rows *rs, int from, nonet_error *err);

#endif
