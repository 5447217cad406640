/*
 * cons.h - the constraints of a puzzle on a printed grid (killer cages,
 * thermometers, arrows, dots, lines, ...: docs/CONSTRAINTS.md), drawn as
 * puzzle books and apps draw them. The sizes below are shares of a cell's
 * side and the inks are RGB levels, named here so that tests/print's
 * checker looks where the drawing puts them.
 */
#ifndef NONET_SHEET_CONS_H
#define NONET_SHEET_CONS_H

#include "font.h"
#include "layout.h"

#include <cairo.h>
#include <nonet.h>

#define SHEET_CAGE_INSET 0.09    /* a cage's dashed outline, inside its cells */
#define SHEET_CAGE_SUM 0.22      /* size of a cage's sum, in its top-left cell */
#define SHEET_THERMO_BULB 0.36   /* radius of a thermometer's bulb */
#define SHEET_THERMO_TUBE 0.26   /* width of its tube */
#define SHEET_ARROW_CIRCLE 0.40  /* radius of an arrow's circle (pill: half height) */
#define SHEET_LINE_WIDTH 0.16    /* whisper, renban, palindrome, between lines */
#define SHEET_BETWEEN_CIRCLE 0.4 /* radius of a between line's end circles */
#define SHEET_DOT_RADIUS 0.11    /* kropki dots, on the border between two cells */
#define SHEET_PARITY 0.34        /* odd: circle radius; even: half the square's side */
#define SHEET_QUAD_RADIUS 0.27   /* a quadruple's circle, on the cells' corner */
#define SHEET_OUTSIDE_SIZE 0.38  /* little killer and sandwich clues */

/* Inks (r, g, b). */
#define SHEET_INK_THERMO 0.74, 0.74, 0.74
#define SHEET_INK_WHISPER 0.30, 0.75, 0.30
#define SHEET_INK_RENBAN 0.80, 0.45, 0.85
#define SHEET_INK_PALINDROME 0.62, 0.62, 0.62
#define SHEET_INK_BETWEEN 0.55, 0.55, 0.55
#define SHEET_INK_PARITY 0.80, 0.80, 0.80
#define SHEET_INK_REGION 0.80, 0.88, 0.98
#define SHEET_INK_ARROW 0.35, 0.35, 0.35

/* The shade of clone k (0, 1, ...): its cells, both halves alike. */
void sheet_clone_ink(int k, double rgb[3]);

/* 1 when p has clues outside the grid (little killers, sandwich sums): its
 * grid then leaves them a ring (sheet_layout_ring). */
int sheet_cons_outside(const nonet_puzzle *p);

/* Draws what goes under the cell lines: extra regions and clones shaded,
 * odd and even marks, thermometers, arrows and lines. */
void sheet_draw_cons_under(cairo_t *cr, const sheet_grid *g, const nonet_puzzle *p);

/* Draws what goes over the lines and under the symbols: cages with their
 * sums, dots, X and V, quadruples, minimum and maximum chevrons, and the
 * clues outside the grid. */
void sheet_draw_cons_over(cairo_t *cr, const sheet_fonts *f, const sheet_grid *g,
                          const nonet_puzzle *p);

#endif
