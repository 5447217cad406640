/*
 * json.h - the CLI's one JSON record writer: an object a line, built member
 * by member into an item's text, strings escaped by the library's
 * nonet_write_json_string (control characters as \u00XX), so that every
 * command writes the same JSON (docs/JSON.md). Also the item statuses the
 * commands write, one enum with one name table.
 */
#ifndef NONET_CLI_JSON_H
#define NONET_CLI_JSON_H

#include "item.h"

/* A status of one record, named by cli_status_name. */
typedef enum cli_status {
    CLI_STATUS_INVALID,     /* "invalid": malformed, or givens that break a rule */
    CLI_STATUS_NO_SOLUTION, /* "no solution" */
    CLI_STATUS_GAVE_UP,     /* "gave up": a --timeout or --max-nodes bound was hit */
    CLI_STATUS_RATED,       /* "rated": rate finished the puzzle */
    CLI_STATUS_STUCK,       /* "stuck": no technique applies (rated 20.0) */
    CLI_STATUS_SOLVED,      /* "solved": explain and hint found it solved */
    CLI_STATUS_MISTAKE,     /* "mistake": hint found a wrong digit or candidate */
    CLI_STATUS_STEP,        /* "step": hint's record holds a step */
    CLI_STATUS_SEVERAL,     /* "several": several solutions, not explained (--keep-going) */
    CLI_STATUS_COUNT
} cli_status;

/* The word of status s ("invalid", "no solution", ...). */
const char *cli_status_name(cli_status s);

/* An object being written into t. */
typedef struct cli_json {
    cli_text *t;
    int members; /* written so far */
} cli_json;

/* Starts an object in t. */
void cli_json_begin(cli_json *j, cli_text *t);
/* Adds a member: a string (NULL writes null), an integer, a number with
 * `decimals` decimals, a boolean, or `raw` JSON text as is. */
void cli_json_str(cli_json *j, const char *key, const char *value);
void cli_json_int(cli_json *j, const char *key, long long value);
void cli_json_num(cli_json *j, const char *key, int decimals, double value);
void cli_json_bool(cli_json *j, const char *key, int value);
void cli_json_raw(cli_json *j, const char *key, const char *raw);
/* Ends the object and its line. */
void cli_json_end(cli_json *j);

/* Appends s as a JSON string (quoted, escaped) to t. */
void cli_json_put_string(cli_text *t, const char *s);

/* Appends s as one CSV field (quoted when it must be) to t. */
void cli_csv_put_field(cli_text *t, const char *s);

/* Starts the record of puzzle p: index, source, line and puzzle (its
 * givens, one line), the members every command's record begins with. */
void cli_json_puzzle(cli_json *j, cli_text *t, const nonet_puzzle *p);

/* Adds the members saying where p is: index, source and line. */
void cli_json_place(cli_json *j, const nonet_puzzle *p);

/* The marker line of a puzzle that could not be read, in the formats that
 * are not a judge's and not a record (line, grid, pretty, nonet, ...): it
 * cannot be a puzzle, and a program can look for it. */
#define CLI_UNREAD_MARKER "Invalid input"

/* 1 when format f is a judge's (luogu, poj, hdu): its output keeps the
 * judge's shape, with nothing for a puzzle that could not be read. */
int cli_format_is_judge(nonet_format f);

/* Appends the record of a puzzle that could not be read (item->unread) in
 * format f: in JSON {"index","source","line","status":"invalid",
 * "message"}; in CSV a row of `csv_columns` fields, the index first,
 * "invalid" in field `csv_status` (0-based) and the message last; in a
 * judge's format nothing; else the marker line. */
void cli_put_unread(cli_text *out, nonet_format f, const cli_item *item, int csv_columns,
                    int csv_status);

#endif
