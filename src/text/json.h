/*
 * json.h - a small JSON reader: the whole text parsed into a tree of nodes
 * in one array (children linked by index), strings unescaped to UTF-8 in
 * one buffer. For the f-puzzles and SudokuPad readers; no writer (the
 * output buffer's nonet__put_json_string writes strings).
 */
#ifndef NONET_TEXT_JSON_H
#define NONET_TEXT_JSON_H

#include <stddef.h>

enum nonet__json_type {
    NONET__JSON_NULL,
    NONET__JSON_FALSE,
    NONET__JSON_TRUE,
    NONET__JSON_NUMBER,
    NONET__JSON_STRING,
    NONET__JSON_ARRAY,
    NONET__JSON_OBJECT
};

typedef struct nonet__json_node {
    int type;        /* enum nonet__json_type */
    int key;         /* in an object: offset of the member's name in strings, else -1 */
    int first;       /* array or object: first child, or -1 */
    int next;        /* next sibling, or -1 */
    int count;       /* array or object: children */
    double number;   /* NUMBER */
    int str, strlen; /* STRING: offset and length in strings */
} nonet__json_node;

typedef struct nonet__json {
    nonet__json_node *node; /* node[0] is the root */
    int nnodes, cap;
    char *strings; /* NUL-terminated strings, back to back */
    size_t slen, scap;
    size_t error_at;   /* on failure: the byte offset of the problem */
    const char *error; /* on failure: what is wrong (a static string) */
} nonet__json;

/* Parses text (len bytes) into j. Returns 0, or -1 with j->error and
 * j->error_at set (out of memory, bad syntax, nesting deeper than 64).
 * Free with nonet__json_free either way. */
int nonet__json_parse(nonet__json *j, const char *text, size_t len);
void nonet__json_free(nonet__json *j);

/* As nonet__json_parse, and when the text is not JSON, as SudokuPad's
 * compact JSON (its PuzzleZipper): member names may be bare words or
 * '-quoted, strings '-quoted (\' a quote inside), a member's value may be
 * t or f (true, false), #0 or #F ("#000000", "#FFFFFF") or six hex digits
 * (a colour: "#" and the digits), and an array element left out (as in
 * "[,,]", three, or "[]", one) is an empty object. The errors of the
 * compact reading are reported. */
int nonet__json_parse_loose(nonet__json *j, const char *text, size_t len);

/* The member `name` of object node o, or -1. */
int nonet__json_get(const nonet__json *j, int o, const char *name);

/* The string of node k (NULL when not a string). */
const char *nonet__json_str(const nonet__json *j, int k);

#endif
