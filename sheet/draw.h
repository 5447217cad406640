/*
 * draw.h - drawing a laid-out page against a cairo context, the same for
 * every surface (PDF, SVG, PNG): coordinates are the layout's points.
 */
#ifndef NONET_SHEET_DRAW_H
#define NONET_SHEET_DRAW_H

#include "caption.h"
#include "font.h"
#include "layout.h"

#include <cairo.h>
#include <nonet.h>

/* What one grid shows. */
typedef struct sheet_view {
    const nonet_puzzle *puzzle;     /* shape, givens, alphabet */
    const unsigned char *fill;      /* answers: the whole grid (givens included); NULL = givens */
    const uint64_t *marks;          /* N*N pencilmark masks, or NULL */
    const char *caption;            /* above the grid (UTF-8), or NULL */
    char (*rules)[SHEET_RULE_TEXT]; /* the rule lines under the grid */
    int nrules;
} sheet_view;

/* Draws grid g of page pg as v says: shading and marks of the variants, cell
 * lines, region borders and frame, pencilmarks, symbols, caption, rules. */
void sheet_draw_grid(cairo_t *cr, const sheet_fonts *f, const sheet_page *pg, const sheet_grid *g,
                     const sheet_view *v);

/* Draws the page's bands: the title (NULL = none) and the page number. */
void sheet_draw_bands(cairo_t *cr, const sheet_fonts *f, const sheet_page *pg, const char *title,
                      int page_no);

#endif
