/*
 * draw.c - one printed grid and a page's bands, drawn with cairo in layout
 * coordinates (see draw.h). Everything is drawn from the layout's numbers
 * and the public puzzle API only: houses for the variant marks, regions for
 * the borders, the puzzle's own symbols for the digits.
 *
 * The drawing leaves the context's state as it found it (each function
 * saves and restores), so any surface can take any number of grids.
 */
#include "draw.h"

#include "cons.h"

#include <stdio.h>
#include <string.h>

/* Inks, as grey levels (printers turn colour into grey anyway). */
#define INK_GIVEN 0.0     /* givens and lines */
#define INK_FILL 0.42     /* answer digits that were not given */
#define INK_MARK 0.45     /* pencilmarks, group letters, disjoint dots */
#define INK_SHADE 0.84    /* hyper windows */
#define INK_DIAGONAL 0.62 /* X diagonals */
#define INK_TEXT 0.0      /* captions, rules, title */

/* Sets the source to grey level v (0 black, 1 white). */
static void grey(cairo_t *cr, double v) { cairo_set_source_rgb(cr, v, v, v); }

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

/* Width of text in the current face and size. */
static double text_width(cairo_t *cr, const char *text)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    return e.x_advance;
}

/* Shows text with its left end at x on baseline y, shrunk (down to half
 * size) when it is wider than `width`. */
static void show_fitted(cairo_t *cr, double size, const char *text, double x, double y,
                        double width)
{
    cairo_set_font_size(cr, size);
    double w = text_width(cr, text);
    if (w > width && w > 0) {
        double s = size * width / w;
        cairo_set_font_size(cr, s < size / 2 ? size / 2 : s);
    }
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
}

/* Shows a symbol with its ink centred on (cx, cy), across and down: in a
 * grid a symbol stands alone, and a letter that descends (J, Q, g) then
 * stays as clear of the cell's edges as a digit. */
static void show_centred(cairo_t *cr, const char *text, double cx, double cy)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, cx - (e.x_bearing + e.width / 2), cy - (e.y_bearing + e.height / 2));
    cairo_show_text(cr, text);
}

/* The text of digit d in puzzle p: its one-character symbol, else the number. */
static void symbol_text(const nonet_puzzle *p, int d, char buf[12])
{
    int ch = nonet_puzzle_symbol(p, d);
    if (ch > 0) {
        buf[0] = (char)ch;
        buf[1] = '\0';
    } else {
        snprintf(buf, 12, "%d", d);
    }
}

/* ------------------------------------------------------------------ */
/* Variant marks                                                        */
/* ------------------------------------------------------------------ */

/* Shades the cells of every house of `kind`. */
static void shade_houses(cairo_t *cr, const sheet_grid *g, const nonet_shape *s, int kind)
{
    grey(cr, INK_SHADE);
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        if (nonet_shape_house_kind(s, h) != kind) continue;
        const int *cells = nonet_shape_house_cells(s, h);
        for (int i = 0; i < g->n; i++) {
            sheet_rect r = sheet_grid_cell(g, cells[i] / g->n, cells[i] % g->n);
            cairo_rectangle(cr, r.x, r.y, r.w, r.h);
        }
    }
    cairo_fill(cr);
}

/* Draws the two main diagonals as grey lines corner to corner. */
static void mark_diagonals(cairo_t *cr, const sheet_grid *g)
{
    double side = g->n * g->cell;
    grey(cr, INK_DIAGONAL);
    cairo_set_line_width(cr, g->thin * 1.6);
    cairo_move_to(cr, g->x, g->y);
    cairo_line_to(cr, g->x + side, g->y + side);
    cairo_move_to(cr, g->x + side, g->y);
    cairo_line_to(cr, g->x, g->y + side);
    cairo_stroke(cr);
}

/* Disjoint groups: a dot in every cell, placed in the cell where the cell
 * sits in its box (top-left cell of a box: dot top-left), so the cells of
 * one group carry their dot in the same place. Drawn under the symbols. */
static void mark_disjoint(cairo_t *cr, const sheet_grid *g, const nonet_shape *s)
{
    int br = nonet_shape_box_rows(s), bc = nonet_shape_box_cols(s);
    if (!br || !bc) return;
    double r = g->cell * 0.035 + 0.35;
    grey(cr, INK_MARK);
    for (int row = 0; row < g->n; row++)
        for (int col = 0; col < g->n; col++) {
            sheet_rect c = sheet_grid_cell(g, row, col);
            double x = c.x + c.w * (0.12 + 0.76 * (col % bc + 0.5) / bc);
            double y = c.y + c.h * (0.12 + 0.76 * (row % br + 0.5) / br);
            cairo_new_sub_path(cr);
            cairo_arc(cr, x, y, r, 0, 6.283185307179586);
        }
    cairo_fill(cr);
}

/* Extra groups: each cell of group k carries a small letter (a, b, ...) in
 * its top-left corner; a cell in several groups carries each letter. */
static void mark_groups(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g,
                        const nonet_shape *s)
{
    int k = 0;
    int count[NONET_MAX_CELLS] = {0};
    cairo_set_font_face(cr, f->regular);
    cairo_set_font_size(cr, g->cell * 0.24);
    grey(cr, INK_MARK);
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        if (nonet_shape_house_kind(s, h) != NONET_HOUSE_GROUP) continue;
        const int *cells = nonet_shape_house_cells(s, h);
        char letter[2] = {(char)(k < 26 ? 'a' + k : 'A' + (k - 26) % 26), '\0'};
        for (int i = 0; i < g->n; i++) {
            sheet_rect c = sheet_grid_cell(g, cells[i] / g->n, cells[i] % g->n);
            int at = count[cells[i]]++;
            cairo_move_to(cr, c.x + g->cell * (0.07 + 0.17 * at), c.y + g->cell * 0.27);
            cairo_show_text(cr, letter);
        }
        k++;
    }
}

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/* 1 when the edge before cell index `i` along grid line k separates two
 * regions: vertical lines (vertical = 1) between columns k-1 and k of row
 * i, horizontal ones between rows k-1 and k of column i. */
static int border_at(const nonet_shape *s, int n, int vertical, int k, int i)
{
    int a = vertical ? i * n + k - 1 : (k - 1) * n + i;
    int b = vertical ? i * n + k : k * n + i;
    return nonet_shape_region(s, a) != nonet_shape_region(s, b);
}

/* Every cell line, thin. */
static void thin_lines(cairo_t *cr, const sheet_grid *g)
{
    double side = g->n * g->cell;
    cairo_set_line_width(cr, g->thin);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (int k = 1; k < g->n; k++) {
        cairo_move_to(cr, g->x + k * g->cell, g->y);
        cairo_line_to(cr, g->x + k * g->cell, g->y + side);
        cairo_move_to(cr, g->x, g->y + k * g->cell);
        cairo_line_to(cr, g->x + side, g->y + k * g->cell);
    }
    cairo_stroke(cr);
}

/* Region borders, thick, as runs along each grid line (square caps close
 * the corners where borders meet), then the frame. */
static void thick_lines(cairo_t *cr, const sheet_grid *g, const nonet_shape *s)
{
    int n = g->n;
    cairo_set_line_width(cr, g->thick);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int vertical = 0; vertical < 2; vertical++)
        for (int k = 1; k < n; k++)
            for (int i = 0; i < n;) {
                if (!border_at(s, n, vertical, k, i)) {
                    i++;
                    continue;
                }
                int j = i;
                while (j < n && border_at(s, n, vertical, k, j)) j++;
                double at = k * g->cell, from = i * g->cell, to = j * g->cell;
                cairo_move_to(cr, g->x + (vertical ? at : from), g->y + (vertical ? from : at));
                cairo_line_to(cr, g->x + (vertical ? at : to), g->y + (vertical ? to : at));
                i = j;
            }
    cairo_stroke(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_rectangle(cr, g->x, g->y, n * g->cell, n * g->cell);
    cairo_stroke(cr);
}

/* ------------------------------------------------------------------ */
/* Cells                                                                */
/* ------------------------------------------------------------------ */

/* Pencilmarks: each candidate of v->marks, small and grey, at its place
 * in the cell's sub-grid. */
static void draw_marks(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g, const sheet_view *v)
{
    char text[12];
    cairo_set_font_face(cr, f->regular);
    cairo_set_font_size(cr, g->mark_size);
    grey(cr, INK_MARK);
    for (int c = 0; c < g->n * g->n; c++)
        for (int d = 1; d <= g->n; d++) {
            if (!(v->marks[c] >> (d - 1) & 1)) continue;
            double x, y;
            sheet_grid_mark_centre(g, c / g->n, c % g->n, d, &x, &y);
            symbol_text(v->puzzle, d, text);
            show_centred(cr, text, x, y);
        }
}

/* The symbols: givens in black, an answer's other digits lighter. Wide
 * numbers (grids above 61 without an alphabet) are set smaller to fit. */
static void draw_digits(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g, const sheet_view *v)
{
    const unsigned char *given = nonet_puzzle_cells(v->puzzle);
    char text[12];
    cairo_set_font_face(cr, f->regular);
    for (int c = 0; c < g->n * g->n; c++) {
        int d = v->fill ? v->fill[c] : given[c];
        if (!d) continue;
        symbol_text(v->puzzle, d, text);
        cairo_set_font_size(cr, text[1] ? g->digit_size * 0.7 : g->digit_size);
        grey(cr, given[c] ? INK_GIVEN : INK_FILL);
        sheet_rect r = sheet_grid_cell(g, c / g->n, c % g->n);
        show_centred(cr, text, r.x + r.w / 2, r.y + r.h / 2);
    }
}

/* The caption above the grid and the rule lines under it. */
static void draw_words(cairo_t *cr, const sheet_fonts *f, const sheet_page *pg, const sheet_grid *g,
                       const sheet_view *v)
{
    grey(cr, INK_TEXT);
    cairo_set_font_face(cr, f->regular);
    if (v->caption)
        show_fitted(cr, pg->caption_size, v->caption, g->caption.x,
                    g->caption.y + g->caption.h * 0.62, g->caption.w);
    for (int i = 0; i < v->nrules && i < g->rule_lines; i++)
        show_fitted(cr, g->rule_size, v->rules[i], g->rules.x,
                    g->rules.y + (i + 0.78) * g->rule_line_h, g->rules.w);
}

void sheet_draw_grid(cairo_t *cr, const sheet_fonts *f, const sheet_page *pg, const sheet_grid *g,
                     const sheet_view *v)
{
    const nonet_shape *s = nonet_puzzle_shape(v->puzzle);
    unsigned variants = nonet_shape_variants(s);
    cairo_save(cr);
    if (variants & NONET_VARIANT_HYPER) shade_houses(cr, g, s, NONET_HOUSE_HYPER);
    if (!v->fill) { /* an answer needs no help */
        if (variants & NONET_VARIANT_X) mark_diagonals(cr, g);
        if ((variants & NONET_VARIANT_DISJOINT) && !v->marks) mark_disjoint(cr, g, s);
        mark_groups(cr, f, g, s);
        sheet_draw_cons_under(cr, g, v->puzzle);
    }
    grey(cr, INK_GIVEN);
    thin_lines(cr, g);
    thick_lines(cr, g, s);
    if (!v->fill) sheet_draw_cons_over(cr, f, g, v->puzzle);
    if (v->marks) draw_marks(cr, f, g, v);
    draw_digits(cr, f, g, v);
    draw_words(cr, f, pg, g, v);
    cairo_restore(cr);
}

void sheet_draw_bands(cairo_t *cr, const sheet_fonts *f, const sheet_page *pg, const char *title,
                      int page_no)
{
    char num[16];
    cairo_save(cr);
    grey(cr, INK_TEXT);
    if (title && pg->title.h > 0) {
        cairo_set_font_face(cr, f->bold);
        cairo_set_font_size(cr, pg->title_size);
        double w = text_width(cr, title);
        if (w > pg->title.w) w = pg->title.w;
        show_fitted(cr, pg->title_size, title, pg->title.x + (pg->title.w - w) / 2,
                    pg->title.y + pg->title.h * 0.7, pg->title.w);
    }
    snprintf(num, sizeof num, "%d", page_no);
    cairo_set_font_face(cr, f->regular);
    cairo_set_font_size(cr, pg->footer_size);
    double w = text_width(cr, num);
    cairo_move_to(cr, pg->footer.x + (pg->footer.w - w) / 2, pg->footer.y + pg->footer.h * 0.75);
    cairo_show_text(cr, num);
    cairo_restore(cr);
}
