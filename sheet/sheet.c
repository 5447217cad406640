/*
 * sheet.c - the printed document (see sheet.h): puzzles go onto pages as
 * they are added, each page is drawn once against a cairo context, and
 * only the surface differs between formats: one PDF surface for the whole
 * document, or one SVG or PNG surface a page.
 *
 * Invariants: `cr` is non-NULL exactly while a page is open; `slot` is the
 * next free slot of the open page; `pages` counts pages begun. The output
 * file is opened with the first page, so an input without puzzles writes
 * nothing. After a write error (`failed`), nothing more is drawn.
 */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include "caption.h"
#include "cons.h"
#include "draw.h"
#include "font.h"
#include "marks.h"
#include "png_page.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A puzzle kept for the answers section. */
typedef struct answer {
    nonet_puzzle *puzzle;
    unsigned char *grid; /* N*N, or NULL when there is none to show */
    sheet_answer how;
    long number;
} answer;

struct sheet {
    sheet_options o;
    sheet_fonts fonts;
    char warning[160];
    int has_warning;
    FILE *fp;                 /* the open output file (PDF: the whole run; else this page) */
    int write_errno;          /* errno of a failed write, 0 when none */
    cairo_surface_t *surface; /* PDF: the document; SVG, PNG: this page */
    cairo_t *cr;              /* the open page's context, NULL between pages */
    sheet_page page;          /* the open page's layout */
    sheet_page_kind kind;
    int slot;        /* next free slot on the open page */
    int quota;       /* grids the open page takes before it ends */
    int pages;       /* pages begun */
    long number;     /* puzzles added */
    answer *answers; /* with o.answers: every puzzle added, in order */
    size_t nanswers, room;
    int largest_n; /* the largest side on the open answer page */
    int failed;
};

/* ------------------------------------------------------------------ */
/* Output                                                               */
/* ------------------------------------------------------------------ */

/* cairo's write callback: into the sheet's file, noting the first error. */
static cairo_status_t write_out(void *ctx, const unsigned char *data, unsigned int len)
{
    sheet *s = ctx;
    if (fwrite(data, 1, len, s->fp) == len) return CAIRO_STATUS_SUCCESS;
    if (!s->write_errno) s->write_errno = errno ? errno : EIO;
    return CAIRO_STATUS_WRITE_ERROR;
}

/* Says why writing failed into msg; marks the sheet failed; returns -1. */
static int fail(sheet *s, const char *what, cairo_status_t st, char *msg, size_t cap)
{
    const char *name = s->o.path ? s->o.path : "standard output";
    if (s->write_errno) snprintf(msg, cap, "%s: cannot write: %s", name, strerror(s->write_errno));
    else if (what) snprintf(msg, cap, "%s: %s", name, what);
    else snprintf(msg, cap, "%s: cannot draw: %s", name, cairo_status_to_string(st));
    s->failed = 1;
    return -1;
}

/* Opens the file page `page` goes to (stdout for a PDF without a path). */
static int open_file(sheet *s, const char *path, char *msg, size_t cap)
{
    if (!path) {
        s->fp = stdout;
        return 0;
    }
    s->fp = fopen(path, "wb");
    if (s->fp) return 0;
    snprintf(msg, cap, "%s: cannot write: %s", path, strerror(errno));
    s->failed = 1;
    return -1;
}

/* Closes the output file; returns -1 (and notes errno) when the data did
 * not all reach it. */
static int close_file(sheet *s)
{
    if (!s->fp) return 0;
    int bad = s->fp == stdout ? fflush(stdout) != 0 : fclose(s->fp) != 0;
    if (bad && !s->write_errno) s->write_errno = errno ? errno : EIO;
    s->fp = NULL;
    return bad || s->write_errno ? -1 : 0;
}

/* When page 2 begins, page 1 (written as the path itself) takes its number. */
static int number_first_page(sheet *s, char *msg, size_t cap)
{
    char one[4096];
    sheet_page_path(one, sizeof one, s->o.path, s->o.format, 1, 2);
    if (rename(s->o.path, one) == 0) return 0;
    snprintf(msg, cap, "%s: cannot rename to %s: %s", s->o.path, one, strerror(errno));
    s->failed = 1;
    return -1;
}

/* Creates the surface of a new page (PDF: of the document, on its first
 * page). Returns 0 or -1 with msg set. */
static int open_surface(sheet *s, char *msg, size_t cap)
{
    double w = s->page.width, h = s->page.height;
    if (s->o.format == SHEET_PDF) {
        if (s->surface) return 0;
        if (open_file(s, s->o.path, msg, cap)) return -1;
        s->surface = cairo_pdf_surface_create_for_stream(write_out, s, w, h);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
        cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_CREATOR,
                                       "nonet " NONET_VERSION);
        if (s->o.title)
            cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_TITLE, s->o.title);
#endif
    } else if (s->o.format == SHEET_SVG) {
        char path[4096];
        if (s->pages == 2 && number_first_page(s, msg, cap)) return -1;
        sheet_page_path(path, sizeof path, s->o.path, s->o.format, s->pages, s->pages);
        if (open_file(s, path, msg, cap)) return -1;
        s->surface = cairo_svg_surface_create_for_stream(write_out, s, w, h);
    } else {
        double k = s->o.dpi / 72.0;
        s->surface =
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(w * k + 0.5), (int)(h * k + 0.5));
    }
    cairo_status_t st = cairo_surface_status(s->surface);
    return st == CAIRO_STATUS_SUCCESS ? 0 : fail(s, NULL, st, msg, cap);
}

/* Writes a finished PNG page to its file. */
static int write_png(sheet *s, char *msg, size_t cap)
{
    char path[4096];
    if (s->pages == 2 && number_first_page(s, msg, cap)) return -1;
    sheet_page_path(path, sizeof path, s->o.path, s->o.format, s->pages, s->pages);
    if (open_file(s, path, msg, cap)) return -1;
    cairo_status_t st = sheet_png_write(s->surface, s->o.dpi, write_out, s);
    if (close_file(s) || st != CAIRO_STATUS_SUCCESS) return fail(s, NULL, st, msg, cap);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Pages                                                                */
/* ------------------------------------------------------------------ */

/* Begins page `pages + 1` of `kind`: layout, surface, context, paper. */
static int begin_page(sheet *s, sheet_page_kind kind, char *msg, size_t cap)
{
    sheet_style st = s->o.style;
    st.has_title = s->o.title != NULL || kind == SHEET_ANSWERS;
    sheet_layout_page(&st, kind, s->largest_n, &s->page);
    s->kind = kind;
    s->pages++;
    s->slot = 0;
    if (!s->quota || s->quota > s->page.cols * s->page.rows) s->quota = s->page.cols * s->page.rows;
    if (open_surface(s, msg, cap)) return -1;
    s->cr = cairo_create(s->surface);
    sheet_font_options(s->cr);
    if (s->o.format == SHEET_PNG) cairo_scale(s->cr, s->o.dpi / 72.0, s->o.dpi / 72.0);
    if (s->o.format != SHEET_PDF) { /* PDF paper is white; files of pictures are not */
        cairo_set_source_rgb(s->cr, 1, 1, 1);
        cairo_paint(s->cr);
    }
    return 0;
}

/* The title band of the open page. */
static const char *page_title(const sheet *s, char *buf, size_t cap)
{
    if (s->kind == SHEET_PUZZLES) return s->o.title;
    if (!s->o.title) return "Answers";
    snprintf(buf, cap, "%s: answers", s->o.title);
    return buf;
}

/* Draws the bands, closes the page and writes it out. */
static int end_page(sheet *s, char *msg, size_t cap)
{
    char title[512];
    sheet_draw_bands(s->cr, &s->fonts, &s->page, page_title(s, title, sizeof title), s->pages);
    cairo_show_page(s->cr);
    cairo_status_t st = cairo_status(s->cr);
    cairo_destroy(s->cr);
    s->cr = NULL;
    s->quota = 0;
    if (st != CAIRO_STATUS_SUCCESS) return fail(s, NULL, st, msg, cap);
    if (s->o.format == SHEET_PDF) return 0;
    int r = 0;
    if (s->o.format == SHEET_PNG) {
        r = write_png(s, msg, cap);
    } else {
        cairo_surface_finish(s->surface);
        st = cairo_surface_status(s->surface);
        if (close_file(s) || st != CAIRO_STATUS_SUCCESS) r = fail(s, NULL, st, msg, cap);
    }
    cairo_surface_destroy(s->surface);
    s->surface = NULL;
    return r;
}

/* Counts the extra groups of a shape. */
static int group_count(const nonet_shape *shape)
{
    int k = 0;
    for (int h = 0; h < nonet_shape_house_count(shape); h++)
        k += nonet_shape_house_kind(shape, h) == NONET_HOUSE_GROUP;
    return k;
}

/* Draws puzzle p in the next slot, opening and closing pages as needed. */
static int place(sheet *s, sheet_page_kind kind, const sheet_view *v, char *msg, size_t cap)
{
    if (!s->cr && begin_page(s, kind, msg, cap)) return -1;
    int n = nonet_shape_size(nonet_puzzle_shape(v->puzzle));
    sheet_grid g;
    sheet_layout_grid(&s->o.style, &s->page, s->slot, n, v->nrules, &g);
    if (!v->fill && sheet_cons_outside(v->puzzle)) sheet_layout_ring(&g);
    sheet_draw_grid(s->cr, &s->fonts, &s->page, &g, v);
    if (++s->slot == s->quota) return end_page(s, msg, cap);
    return 0;
}

/* Draws puzzle number `number` in the next puzzle slot. */
static int place_puzzle(sheet *s, const nonet_puzzle *p, long number, char *msg, size_t cap)
{
    const nonet_shape *shape = nonet_puzzle_shape(p);
    int n = nonet_shape_size(shape);
    char caption[128];
    sheet_facts facts;
    sheet_facts_parse(nonet_puzzle_comment(p), &facts);
    const char *band = NULL;
    if (s->o.difficulty_name && facts.rating[0] && strcmp(facts.rating_label, "ER") == 0)
        band = s->o.difficulty_name(strtod(facts.rating, NULL));
    char source[96];
    const char *from = nonet_puzzle_source(p);
    if (nonet_puzzle_line(p) > 0)
        snprintf(source, sizeof source, "%s:%ld", from, nonet_puzzle_line(p));
    else snprintf(source, sizeof source, "%s", from);
    sheet_caption(caption, sizeof caption, number, &facts,
                  s->o.caption ? s->o.caption : SHEET_CAPTION_DEFAULT, band, source);
    char rules[SHEET_MAX_RULES][SHEET_RULE_TEXT], range[16];
    sheet_symbol_range(range, sizeof range, nonet_puzzle_symbol(p, 1), nonet_puzzle_symbol(p, n),
                       n);
    sheet_view v = {p, NULL, NULL, caption, rules, 0};
    v.nrules = sheet_rules(nonet_shape_box_rows(shape) == 0, nonet_shape_variants(shape),
                           group_count(shape), range, rules);
    v.nrules += sheet_constraint_rules(p, rules + v.nrules, SHEET_MAX_RULES - v.nrules);
    uint64_t *marks = NULL;
    if (s->o.candidates) {
        marks = malloc((size_t)n * (size_t)n * sizeof *marks);
        if (!marks) return fail(s, "out of memory", CAIRO_STATUS_NO_MEMORY, msg, cap);
        sheet_marks(p, marks);
        v.marks = marks;
    }
    int r = place(s, SHEET_PUZZLES, &v, msg, cap);
    free(marks);
    return r;
}

/* Sizes the answer page that starts with answer `from`: as many answers as
 * a page of the largest of them takes. Sets s->largest_n and s->quota. */
static void size_answer_page(sheet *s, size_t from)
{
    int count = SHEET_MAX_SLOTS;
    for (;;) {
        int largest = 0;
        for (size_t i = from; i < s->nanswers && i < from + (size_t)count; i++) {
            int n = nonet_shape_size(nonet_puzzle_shape(s->answers[i].puzzle));
            if (n > largest) largest = n;
        }
        s->largest_n = largest;
        int fits = sheet_answers_per_page(largest);
        if (fits >= count) break;
        count = fits;
    }
    s->quota = count;
}

/* Draws one answer in the next answer slot. */
static int place_answer(sheet *s, const answer *a, char *msg, size_t cap)
{
    static const char *const note[] = {"", "", "  \xC2\xB7  the first of several solutions",
                                       "  \xC2\xB7  no solution", "  \xC2\xB7  gave up"};
    char caption[128];
    snprintf(caption, sizeof caption, "Puzzle %ld%s", a->number, note[a->how]);
    sheet_view v = {a->puzzle, a->grid, NULL, caption, NULL, 0};
    return place(s, SHEET_ANSWERS, &v, msg, cap);
}

/* ------------------------------------------------------------------ */
/* The document                                                         */
/* ------------------------------------------------------------------ */

sheet *sheet_new(const sheet_options *o, char *msg, size_t cap)
{
    sheet *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(msg, cap, "out of memory");
        return NULL;
    }
    s->o = *o;
    if (s->o.dpi <= 0) s->o.dpi = 150;
    int f = sheet_fonts_open(&s->fonts, o->font);
    if (f < 0) {
        snprintf(msg, cap, "no font could be loaded (fontconfig found none for '%s')",
                 o->font ? o->font : SHEET_DEFAULT_FONT);
        free(s);
        return NULL;
    }
    if (f > 0) {
        snprintf(s->warning, sizeof s->warning, "font '%s' not found; printing with '%s'",
                 o->font ? o->font : SHEET_DEFAULT_FONT, s->fonts.family);
        s->has_warning = 1;
    }
    return s;
}

const char *sheet_warning(const sheet *s) { return s->has_warning ? s->warning : NULL; }

/* Keeps p for the answers section (taking it). */
static int keep_answer(sheet *s, nonet_puzzle *p, const unsigned char *solution, sheet_answer how)
{
    if (s->nanswers == s->room) {
        size_t room = s->room ? s->room * 2 : 64;
        answer *grown = realloc(s->answers, room * sizeof *grown);
        if (!grown) return -1;
        s->answers = grown;
        s->room = room;
    }
    size_t cells = (size_t)nonet_shape_cells(nonet_puzzle_shape(p));
    unsigned char *grid = solution ? malloc(cells) : NULL;
    if (solution && !grid) return -1;
    if (grid) memcpy(grid, solution, cells);
    s->answers[s->nanswers++] = (answer){p, grid, how, s->number};
    return 0;
}

int sheet_add(sheet *s, nonet_puzzle *p, const unsigned char *solution, sheet_answer how, char *msg,
              size_t cap)
{
    if (s->failed) {
        nonet_puzzle_free(p);
        snprintf(msg, cap, "the sheet could not be written");
        return -1;
    }
    s->number++;
    int r = place_puzzle(s, p, s->number, msg, cap);
    if (!s->o.answers || r) {
        nonet_puzzle_free(p);
        return r;
    }
    if (keep_answer(s, p, solution, how)) {
        nonet_puzzle_free(p);
        return fail(s, "out of memory", CAIRO_STATUS_NO_MEMORY, msg, cap);
    }
    return 0;
}

int sheet_finish(sheet *s, char *msg, size_t cap)
{
    if (s->failed) {
        snprintf(msg, cap, "the sheet could not be written");
        return -1;
    }
    if (s->cr && end_page(s, msg, cap)) return -1;
    for (size_t i = 0; i < s->nanswers; i++) {
        if (!s->cr) size_answer_page(s, i);
        if (place_answer(s, &s->answers[i], msg, cap)) return -1;
    }
    if (s->cr && end_page(s, msg, cap)) return -1;
    if (s->surface) { /* the PDF document */
        cairo_surface_finish(s->surface);
        cairo_status_t st = cairo_surface_status(s->surface);
        cairo_surface_destroy(s->surface);
        s->surface = NULL;
        if (close_file(s) || st != CAIRO_STATUS_SUCCESS) return fail(s, NULL, st, msg, cap);
    }
    return s->pages;
}

void sheet_free(sheet *s)
{
    if (!s) return;
    if (s->cr) cairo_destroy(s->cr);
    if (s->surface) {
        cairo_surface_finish(s->surface);
        cairo_surface_destroy(s->surface);
    }
    if (s->fp && s->fp != stdout) fclose(s->fp);
    for (size_t i = 0; i < s->nanswers; i++) {
        nonet_puzzle_free(s->answers[i].puzzle);
        free(s->answers[i].grid);
    }
    free(s->answers);
    sheet_fonts_close(&s->fonts);
    free(s);
}

void sheet_shutdown(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}
