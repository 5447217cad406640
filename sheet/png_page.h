/*
 * png_page.h - PNG pages in 8-bit grey: a sheet is black, greys and white, so
 * one channel holds it exactly, in a third of the bytes; a page with colour
 * (the lines of some constraints) is written in RGB.
 */
#ifndef NONET_SHEET_PNG_PAGE_H
#define NONET_SHEET_PNG_PAGE_H

#include <cairo.h>

/* Writes image surface s (RGB24 or ARGB32 over white) as an 8-bit greyscale
 * PNG (RGB when some pixel has colour) through `write` (cairo's callback shape), recording `dpi`. Returns
 * CAIRO_STATUS_SUCCESS, CAIRO_STATUS_WRITE_ERROR when `write` failed or
 * CAIRO_STATUS_NO_MEMORY. */
cairo_status_t sheet_png_write(cairo_surface_t *s, double dpi, cairo_write_func_t write,
                               void *closure);

#endif
