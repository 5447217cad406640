/*
 * layout.h - where everything goes on a printed sheet, as plain numbers.
 *
 * Units are points (1/72 inch); the origin is the top-left corner of the
 * page and y grows downwards, as in cairo. Nothing here draws: the pages
 * are laid out first (and tested on their own), then draw.c follows the
 * numbers for every surface alike.
 *
 * Invariants of a laid-out page: every slot lies inside the margins, slots
 * do not overlap, and the title and footer bands lie outside every slot.
 * Of a laid-out grid: the caption band, the grid square (n * cell on each
 * side) and the rule band follow one another downwards inside their slot.
 */
#ifndef NONET_SHEET_LAYOUT_H
#define NONET_SHEET_LAYOUT_H

#define SHEET_MAX_SLOTS 12 /* grids on one page (answers: up to 3 x 4) */

typedef enum sheet_paper { SHEET_A4 = 0, SHEET_LETTER } sheet_paper;

/* A page holds puzzles, or the answers section's small grids. */
typedef enum sheet_page_kind { SHEET_PUZZLES = 0, SHEET_ANSWERS } sheet_page_kind;

typedef struct sheet_rect {
    double x, y, w, h;
} sheet_rect;

/* What the layout depends on (from the print options). */
typedef struct sheet_style {
    sheet_paper paper;
    int per_page;    /* puzzles a page: 1, 2, 4 or 6 */
    int large_print; /* bigger symbols and captions, thicker lines */
    int has_title;   /* a title band on top of every page */
} sheet_style;

typedef struct sheet_page {
    sheet_page_kind kind;
    double width, height; /* the paper */
    sheet_rect title;     /* the title band (h = 0 without a title) */
    sheet_rect footer;    /* the page number band */
    double title_size;    /* font sizes */
    double footer_size;
    double caption_size;
    double rule_size;
    int cols, rows;                   /* slots across and down */
    sheet_rect slot[SHEET_MAX_SLOTS]; /* cols * rows slots, row by row */
} sheet_page;

typedef struct sheet_grid {
    int n;                    /* side in cells */
    double x, y;              /* top-left corner of the grid */
    double cell;              /* cell side; grid line k lies at x + k * cell */
    double thin, thick;       /* widths of cell lines and of region borders and frame */
    double digit_size;        /* font size of the symbols */
    double mark_size;         /* font size of pencilmarks */
    int mark_cols, mark_rows; /* pencilmark positions in a cell */
    sheet_rect caption;       /* the caption line, just above the grid */
    sheet_rect rules;         /* rule lines just below the grid */
    int rule_lines;
    double rule_size;   /* their font size (the page's, smaller when they crowd) */
    double rule_line_h; /* height of one rule line */
} sheet_grid;

/* The paper of that name ("a4", "letter", any case), or -1. */
int sheet_paper_from_name(const char *name);

/* 1 when `n` is a valid --per-page value (1, 2, 4, 6), else 0. */
int sheet_per_page_valid(int n);

/* Grids an answer page holds when its largest grid has side `largest_n`. */
int sheet_answers_per_page(int largest_n);

/* Lays out a page of `kind`: paper, bands, font sizes and slots (answers:
 * as many as sheet_answers_per_page(largest_n); largest_n is ignored for
 * puzzle pages). */
void sheet_layout_page(const sheet_style *st, sheet_page_kind kind, int largest_n, sheet_page *pg);

/* Lays out a grid of side n (4..64) in slot `slot` of pg, with room for
 * `rule_lines` lines of rules under it: the largest square that fits,
 * centred, cells at most a size that stays pleasant to write in. */
void sheet_layout_grid(const sheet_style *st, const sheet_page *pg, int slot, int n, int rule_lines,
                       sheet_grid *g);

/* The checkers of the invariants above (1 when they hold, else 0): every
 * slot of pg inside the margins, none overlapping another, the title and
 * footer bands outside them; g's caption, square and rules one below the
 * other inside slot `slot` of pg, with positive cell and line sizes. */
int sheet_page_ok(const sheet_page *pg);
int sheet_grid_ok(const sheet_page *pg, int slot, const sheet_grid *g);

/* SHEET_ASSERT: the library's NONET_ASSERT for the sheet (on when the build
 * defines NONET_ASSERTS: CI, sanitizer, debug and fuzz builds). */
#ifdef NONET_ASSERTS
#define SHEET_ASSERT(cond) ((cond) ? (void)0 : sheet_assert_fail(#cond, __FILE__, __LINE__))
#else
#define SHEET_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0)) /* type-checked, not run */
#endif

/* Reports a failed SHEET_ASSERT on standard error and aborts. */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void sheet_assert_fail(const char *what, const char *file, int line);

/* Shrinks laid-out grid g about its centre to leave a ring of one (new)
 * cell around it, for clues outside the grid (little killers, sandwich
 * sums): caption and rules stay where they are, symbol sizes follow. */
void sheet_layout_ring(sheet_grid *g);

/* The rectangle of cell (row, col) of g. */
sheet_rect sheet_grid_cell(const sheet_grid *g, int row, int col);

/* Pencilmark position of digit d (1..n) in cell (row, col): the centre of
 * its place in the cell's mark_cols x mark_rows sub-grid. */
void sheet_grid_mark_centre(const sheet_grid *g, int row, int col, int d, double *x, double *y);

#endif
