/*
 * layout.c - the sheet's geometry as plain numbers (see layout.h): paper
 * sizes, the title and footer bands, the slots of a page, and each grid's
 * square, cell size, line widths and font sizes inside its slot.
 *
 * Every size is a fixed proportion of the paper or of the cell, so a
 * rendering at any resolution (PDF, SVG, PNG at any dpi) puts each line
 * at the same place; large print scales the fonts and lines up.
 */
#include "layout.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 40.0      /* page margin on every side */
#define GAP_PUZZLES 24.0 /* between puzzle slots */
#define GAP_ANSWERS 14.0 /* between answer slots */
#define MARK_AREA 0.84   /* pencilmarks keep to this part of the cell, centred */

/* Largest cell side: big enough to write in, small enough that one grid
 * alone on a page does not look like a poster. */
static double cell_cap(const sheet_style *st, sheet_page_kind kind)
{
    if (kind == SHEET_ANSWERS) return st->large_print ? 26.0 : 20.0;
    return st->large_print ? 72.0 : 60.0;
}

/* v limited to lo..hi. */
static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

int sheet_paper_from_name(const char *name)
{
    char low[16];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = '\0';
    if (name[i]) return -1;
    if (strcmp(low, "a4") == 0) return SHEET_A4;
    if (strcmp(low, "letter") == 0) return SHEET_LETTER;
    return -1;
}

int sheet_per_page_valid(int n) { return n == 1 || n == 2 || n == 4 || n == 6; }

int sheet_answers_per_page(int largest_n)
{
    if (largest_n <= 9) return 12;
    if (largest_n <= 16) return 6;
    if (largest_n <= 25) return 2;
    return 1;
}

/* Slots across and down for `count` grids on a portrait page. */
static void slot_grid(int count, int *cols, int *rows)
{
    switch (count) {
    case 12:
        *cols = 3;
        *rows = 4;
        break;
    case 6:
        *cols = 2;
        *rows = 3;
        break;
    case 4:
        *cols = 2;
        *rows = 2;
        break;
    case 2:
        *cols = 1;
        *rows = 2;
        break;
    default:
        *cols = 1;
        *rows = 1;
        break;
    }
}

/* Font sizes of the page's texts. */
static void font_sizes(const sheet_style *st, sheet_page_kind kind, sheet_page *pg)
{
    double k = st->large_print ? 4.0 / 3.0 : 1.0;
    pg->title_size = 18.0 * k;
    pg->footer_size = 9.0 * k;
    pg->caption_size = (kind == SHEET_ANSWERS ? 8.0 : 11.0) * k;
    pg->rule_size = 9.0 * k;
}

/* Cuts the area between the bands into the page's slots. */
static void place_slots(sheet_page *pg, sheet_page_kind kind, double top, double bottom)
{
    double gap = kind == SHEET_ANSWERS ? GAP_ANSWERS : GAP_PUZZLES;
    double w = (pg->width - 2 * MARGIN - (pg->cols - 1) * gap) / pg->cols;
    double h = (bottom - top - (pg->rows - 1) * gap) / pg->rows;
    for (int r = 0; r < pg->rows; r++)
        for (int c = 0; c < pg->cols; c++) {
            sheet_rect *s = &pg->slot[r * pg->cols + c];
            s->x = MARGIN + c * (w + gap);
            s->y = top + r * (h + gap);
            s->w = w;
            s->h = h;
        }
}

void sheet_layout_page(const sheet_style *st, sheet_page_kind kind, int largest_n, sheet_page *pg)
{
    memset(pg, 0, sizeof *pg);
    pg->kind = kind;
    pg->width = st->paper == SHEET_LETTER ? 612.0 : 595.2756; /* 8.5 x 11 in; 210 x 297 mm */
    pg->height = st->paper == SHEET_LETTER ? 792.0 : 841.8898;
    font_sizes(st, kind, pg);
    double top = MARGIN;
    if (st->has_title) {
        pg->title = (sheet_rect){MARGIN, MARGIN, pg->width - 2 * MARGIN, pg->title_size * 2.0};
        top += pg->title.h + pg->title_size * 0.5;
    }
    double fh = pg->footer_size * 2.2;
    pg->footer = (sheet_rect){MARGIN, pg->height - MARGIN - fh, pg->width - 2 * MARGIN, fh};
    int count = kind == SHEET_ANSWERS ? sheet_answers_per_page(largest_n) : st->per_page;
    slot_grid(count, &pg->cols, &pg->rows);
    place_slots(pg, kind, top, pg->footer.y - pg->footer_size);
    SHEET_ASSERT(sheet_page_ok(pg));
}

/* Line widths and font sizes that follow from the cell size. */
static void grid_strokes(const sheet_style *st, sheet_grid *g)
{
    double k = st->large_print ? 1.5 : 1.0;
    g->thin = clamp(g->cell * 0.02, 0.4, 1.0) * k;
    g->thick = clamp(g->cell * 0.06, 1.2, 3.0) * k;
    g->digit_size = g->cell * (st->large_print ? 0.7 : 0.6);
    /* the smallest square of marks that holds n (ceil(sqrt(n)), in integers:
     * the tool then needs no libm, which costs start-up time to map) */
    g->mark_cols = 1;
    while (g->mark_cols * g->mark_cols < g->n) g->mark_cols++;
    g->mark_rows = (g->n + g->mark_cols - 1) / g->mark_cols;
    int most = g->mark_cols > g->mark_rows ? g->mark_cols : g->mark_rows;
    g->mark_size = g->cell * MARK_AREA / most * 0.7;
}

void sheet_layout_grid(const sheet_style *st, const sheet_page *pg, int slot, int n, int rule_lines,
                       sheet_grid *g)
{
    const sheet_rect *s = &pg->slot[slot];
    memset(g, 0, sizeof *g);
    g->n = n;
    g->rule_lines = rule_lines;
    /* rules take at most half the slot's height (set smaller when needed) */
    double ch = pg->caption_size * 1.9, most = (s->h - ch) / 2;
    g->rule_size = pg->rule_size;
    if (rule_lines && rule_lines * g->rule_size * 1.85 > most)
        g->rule_size = most / (rule_lines * 1.85);
    g->rule_line_h = g->rule_size * 1.45;
    double rh = rule_lines ? rule_lines * g->rule_line_h + g->rule_size * 0.4 : 0.0;
    double side = s->h - ch - rh < s->w ? s->h - ch - rh : s->w;
    g->cell = side / n;
    if (g->cell > cell_cap(st, pg->kind)) g->cell = cell_cap(st, pg->kind);
    side = g->cell * n;
    double top = s->y + (s->h - (ch + side + rh)) / 2;
    g->x = s->x + (s->w - side) / 2;
    g->y = top + ch;
    g->caption = (sheet_rect){g->x, top, side, ch};
    g->rules = (sheet_rect){g->x, g->y + side + (rule_lines ? g->rule_size * 0.4 : 0), side,
                            rule_lines * g->rule_line_h};
    grid_strokes(st, g);
    SHEET_ASSERT(sheet_grid_ok(pg, slot, g));
}

/* ------------------------------------------------------------------ */
/* Checks                                                               */
/* ------------------------------------------------------------------ */

#define SLACK 1e-6 /* rounding of the sums above */

/* 1 when a lies inside b (within SLACK). */
static int inside(const sheet_rect *a, const sheet_rect *b)
{
    return a->x >= b->x - SLACK && a->y >= b->y - SLACK && a->x + a->w <= b->x + b->w + SLACK &&
           a->y + a->h <= b->y + b->h + SLACK;
}

/* 1 when a and b share more than an edge. */
static int overlap(const sheet_rect *a, const sheet_rect *b)
{
    return a->x + SLACK < b->x + b->w && b->x + SLACK < a->x + a->w && a->y + SLACK < b->y + b->h &&
           b->y + SLACK < a->y + a->h;
}

int sheet_page_ok(const sheet_page *pg)
{
    sheet_rect inner = {MARGIN, MARGIN, pg->width - 2 * MARGIN, pg->height - 2 * MARGIN};
    int count = pg->cols * pg->rows;
    if (pg->cols < 1 || pg->rows < 1 || count > SHEET_MAX_SLOTS) return 0;
    if (!inside(&pg->footer, &inner) || (pg->title.h > 0 && !inside(&pg->title, &inner))) return 0;
    for (int i = 0; i < count; i++) {
        const sheet_rect *s = &pg->slot[i];
        if (s->w <= 0 || s->h <= 0 || !inside(s, &inner) || overlap(s, &pg->footer) ||
            (pg->title.h > 0 && overlap(s, &pg->title)))
            return 0;
        for (int j = 0; j < i; j++)
            if (overlap(s, &pg->slot[j])) return 0;
    }
    return 1;
}

int sheet_grid_ok(const sheet_page *pg, int slot, const sheet_grid *g)
{
    if (slot < 0 || slot >= pg->cols * pg->rows || g->n < 1 || g->cell <= 0 || g->thin <= 0 ||
        g->thick < g->thin || g->mark_cols * g->mark_rows < g->n)
        return 0;
    const sheet_rect *s = &pg->slot[slot];
    sheet_rect square = {g->x, g->y, g->cell * g->n, g->cell * g->n};
    return inside(&g->caption, s) && inside(&square, s) && inside(&g->rules, s) &&
           g->caption.y + g->caption.h <= g->y + SLACK && g->y + square.h <= g->rules.y + SLACK;
}

void sheet_assert_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "nonet: internal check failed: %s (%s:%d)\n", what, file, line);
    abort();
}

void sheet_layout_ring(sheet_grid *g)
{
    double k = (double)g->n / (g->n + 2);
    g->cell *= k;
    g->x += g->cell;
    g->y += g->cell;
    g->digit_size *= k;
    g->mark_size *= k;
}

sheet_rect sheet_grid_cell(const sheet_grid *g, int row, int col)
{
    return (sheet_rect){g->x + col * g->cell, g->y + row * g->cell, g->cell, g->cell};
}

void sheet_grid_mark_centre(const sheet_grid *g, int row, int col, int d, double *x, double *y)
{
    int mark_row = (d - 1) / g->mark_cols, mark_col = (d - 1) % g->mark_cols;
    double inset = g->cell * (1 - MARK_AREA) / 2;
    double pw = g->cell * MARK_AREA / g->mark_cols, ph = g->cell * MARK_AREA / g->mark_rows;
    *x = g->x + col * g->cell + inset + (mark_col + 0.5) * pw;
    *y = g->y + row * g->cell + inset + (mark_row + 0.5) * ph;
}
