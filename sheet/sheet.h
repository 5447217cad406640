/*
 * sheet.h - printed puzzle sheets: the interface `nonet print` uses.
 *
 * A sheet is a document of pages: puzzles in the order they are added,
 * laid out --per-page to a page, then (with answers) the answers section.
 * It is written as one PDF, or as SVG or PNG files, one a page. Built only
 * with cairo, into the renderer module nonet-sheet.so (module.h), which
 * `nonet print` opens when it runs; tests and benches link it directly.
 *
 * Ownership: the sheet takes the puzzles added to it and frees them; a
 * solution is copied.
 */
#ifndef NONET_SHEET_H
#define NONET_SHEET_H

#include "layout.h"

#include <nonet.h>
#include <stddef.h>

typedef enum sheet_format { SHEET_PDF = 0, SHEET_SVG, SHEET_PNG } sheet_format;

/* How an added puzzle's answer came out. */
typedef enum sheet_answer {
    SHEET_ANSWER_NONE = 0,   /* not solved (no answers section) */
    SHEET_ANSWER_UNIQUE,     /* the solution */
    SHEET_ANSWER_SEVERAL,    /* the first of several solutions */
    SHEET_ANSWER_IMPOSSIBLE, /* no solution */
    SHEET_ANSWER_GAVE_UP     /* the search gave up */
} sheet_answer;

typedef struct sheet_options {
    sheet_style style; /* paper, per page, large print (has_title: set from title) */
    sheet_format format;
    const char *path;  /* output file; NULL = standard output (PDF only) */
    const char *title; /* on every page; NULL = none */
    const char *font;  /* fontconfig name; NULL = DejaVu Sans */
    double dpi;        /* PNG pixels per inch */
    int answers;       /* add the answers section */
    int candidates;    /* pencilmarks in the empty cells */
    unsigned caption;  /* SHEET_CAPTION_* fields (caption.h); 0 = the default */
    /* the difficulty band of an ER (cli_difficulty_name), NULL for none;
     * NULL function: captions name no difficulty */
    const char *(*difficulty_name)(double er);
} sheet_options;

typedef struct sheet sheet;

/* The format an output file name asks for (.pdf, .svg, .png, any case), or -1. */
int sheet_format_from_path(const char *path);

/* The format named `name` (pdf, svg, png, any case), or -1. */
int sheet_format_from_name(const char *name);

/* The file page `page` (1-based) of a sheet of `pages` pages is written to
 * when the sheet goes to `path` in format f: PDF and one-page sheets to
 * path itself, other pages to path's stem, "-PAGE", and its extension
 * (book.png: book-1.png, book-2.png, ...). Returns snprintf's count. */
size_t sheet_page_path(char *buf, size_t cap, const char *path, sheet_format f, int page,
                       int pages);

/* Returns a new sheet writing as o says (o's strings are borrowed and must
 * outlive it), or NULL with the reason in msg (cap bytes). A font that
 * fontconfig replaced by another is not an error: sheet_warning says so. */
sheet *sheet_new(const sheet_options *o, char *msg, size_t cap);

/* A note for the user from sheet_new (a replaced font), or NULL. */
const char *sheet_warning(const sheet *s);

/* Adds puzzle p (taken: the sheet frees it) as the next puzzle, with its
 * answer (solution: N*N cells copied, or NULL) when the sheet has answers.
 * Pages are drawn and written as they fill. Returns 0, or -1 with the
 * reason in msg (an output that cannot be written; the sheet then only
 * frees what it is given). */
int sheet_add(sheet *s, nonet_puzzle *p, const unsigned char *solution, sheet_answer how, char *msg,
              size_t cap);

/* Draws what is left (the last page, the answers section) and closes the
 * output. Returns the number of pages written, or -1 with the reason in msg. */
int sheet_finish(sheet *s, char *msg, size_t cap);

/* Frees the sheet (finished or not; NULL allowed). */
void sheet_free(sheet *s);

/* Releases what cairo and fontconfig keep for the whole process (font
 * caches, configuration), so that memory checkers see every byte returned.
 * Call it once at the end of a program, when no sheet is left; nothing may
 * be drawn after it. */
void sheet_shutdown(void);

#endif
