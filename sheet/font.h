/*
 * font.h - the sheet's typefaces, found through fontconfig.
 */
#ifndef NONET_SHEET_FONT_H
#define NONET_SHEET_FONT_H

#include <cairo.h>
#include <stddef.h>

#define SHEET_DEFAULT_FONT "DejaVu Sans"

/* A regular and a bold face of one family. */
typedef struct sheet_fonts {
    cairo_font_face_t *regular;
    cairo_font_face_t *bold;
    char family[64]; /* the family fontconfig chose for the regular face */
} sheet_fonts;

/* Finds `name` (a fontconfig name: "DejaVu Sans", "Liberation Serif:bold";
 * NULL = SHEET_DEFAULT_FONT) in regular and bold. Returns 0; 1 when
 * fontconfig had no family of that name and chose another (f->family says
 * which); -1 when no font at all could be loaded (f is then empty). */
int sheet_fonts_open(sheet_fonts *f, const char *name);

/* Releases the faces (f may be zeroed or already closed). */
void sheet_fonts_close(sheet_fonts *f);

/* Sets the font options every surface is drawn with: no hinting, no hinted
 * metrics, grey anti-aliasing, so that a glyph has the same shape and
 * place at any resolution and in every format (PDF viewers do not hint). */
void sheet_font_options(cairo_t *cr);

#endif
