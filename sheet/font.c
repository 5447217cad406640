/*
 * font.c - typefaces through fontconfig: the pattern for a family name is
 * matched as the system would (substitutions and defaults), and cairo's
 * FreeType backend makes a face of the match. The caller owns the faces.
 */
#include "font.h"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* 1 when the matched pattern `m` has the family the request `req` named
 * (or the request named none). */
static int family_kept(FcPattern *req, FcPattern *m)
{
    FcChar8 *want = NULL, *got = NULL;
    if (FcPatternGetString(req, FC_FAMILY, 0, &want) != FcResultMatch) return 1;
    for (int i = 0; FcPatternGetString(m, FC_FAMILY, i, &got) == FcResultMatch; i++)
        if (strcasecmp((const char *)want, (const char *)got) == 0) return 1;
    return 0;
}

/* Opens one face of `name` at `weight`; sets *kept as family_kept says and
 * copies the chosen family into family (cap bytes). NULL on failure. */
static cairo_font_face_t *open_face(const char *name, int weight, int *kept, char *family,
                                    size_t cap)
{
    FcPattern *req = FcNameParse((const FcChar8 *)name);
    if (!req) return NULL;
    FcPattern *pat = FcPatternDuplicate(req);
    FcValue v;
    if (weight == FC_WEIGHT_BOLD || FcPatternGet(req, FC_WEIGHT, 0, &v) != FcResultMatch) {
        FcPatternDel(pat, FC_WEIGHT); /* a weight the name asks for stays on the regular face */
        FcPatternAddInteger(pat, FC_WEIGHT, weight);
    }
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res;
    FcPattern *m = FcFontMatch(NULL, pat, &res);
    cairo_font_face_t *face = NULL;
    if (m) {
        FcChar8 *got = NULL;
        *kept = family_kept(req, m);
        if (family && FcPatternGetString(m, FC_FAMILY, 0, &got) == FcResultMatch)
            snprintf(family, cap, "%s", (const char *)got);
        /* the context's font options decide the rendering (see
           sheet_font_options), not the system's settings for screens */
        static const char *const screen[] = {FC_HINTING,   FC_HINT_STYLE, FC_AUTOHINT,
                                             FC_ANTIALIAS, FC_RGBA,       FC_LCD_FILTER};
        for (size_t i = 0; i < sizeof screen / sizeof screen[0]; i++) FcPatternDel(m, screen[i]);
        face = cairo_ft_font_face_create_for_pattern(m);
        if (cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS) {
            cairo_font_face_destroy(face);
            face = NULL;
        }
        FcPatternDestroy(m);
    }
    FcPatternDestroy(pat);
    FcPatternDestroy(req);
    return face;
}

int sheet_fonts_open(sheet_fonts *f, const char *name)
{
    memset(f, 0, sizeof *f);
    if (!name || !*name) name = SHEET_DEFAULT_FONT;
    int kept = 1, bold_kept = 1;
    f->regular = open_face(name, FC_WEIGHT_REGULAR, &kept, f->family, sizeof f->family);
    f->bold = open_face(name, FC_WEIGHT_BOLD, &bold_kept, NULL, 0);
    if (!f->regular || !f->bold) {
        sheet_fonts_close(f);
        return -1;
    }
    return kept ? 0 : 1;
}

void sheet_fonts_close(sheet_fonts *f)
{
    if (f->regular) cairo_font_face_destroy(f->regular);
    if (f->bold) cairo_font_face_destroy(f->bold);
    f->regular = f->bold = NULL;
}

void sheet_font_options(cairo_t *cr)
{
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
}
