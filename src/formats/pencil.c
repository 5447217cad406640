/*
 * pencil.c - pencilmark ("sukaku") lines (NONET_FORMAT_PENCIL): one classic
 * 9x9 puzzle a line, 729 symbols: for each cell, for each digit d = 1..9,
 * the symbol of d if it is still possible there, else '.'. Text after the
 * 729 symbols is the comment, as in the line format. A cell with one
 * candidate becomes a given; a cell with none is an error (the puzzle has
 * no solution, and nonet says where).
 * Written for any side (a puzzle without candidates gets every digit in its
 * empty cells); beyond the alphabet, each digit's number or 0, spaced.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <string.h>

/* 1 when the line starts with 729 symbols, each '.' or a digit 1-9 (then it
 * is read as pencilmarks, which reports a digit out of its place). */
static int is_pencil_line(const char *text, size_t len)
{
    if (nonet__grid_span(text, len) != 729) return 0;
    for (int i = 0; i < 729; i++)
        if (text[i] != '.' && (text[i] < '1' || text[i] > '9')) return 0;
    return 1;
}

/* Masks of a 729-symbol line whose digits are written with t; reports the
 * first bad symbol or empty cell. */
static nonet_status pencil_masks(const nonet__line *l, const nonet__symbols *t, uint64_t *masks,
                                 nonet_error *err)
{
    char b[8];
    for (int c = 0; c < 81; c++) {
        masks[c] = 0;
        for (int d = 0; d < 9; d++) {
            int i = c * 9 + d;
            char ch = l->text[i];
            if (ch == t->of[d + 1]) masks[c] |= 1u << d;
            else if (ch != '.')
                return nonet__fail(err, NONET_ERR_SYNTAX, l->no, i + 1,
                                   "bad symbol %s at column %d: cell r%dc%d's digit %d is "
                                   "written '%c' or '.'",
                                   nonet__show_char((unsigned char)ch, b), i + 1, c / 9 + 1,
                                   c % 9 + 1, d + 1, t->of[d + 1]);
        }
        if (!masks[c])
            return nonet__fail(err, NONET_ERR_RULE, l->no, c * 9 + 1,
                               "cell r%dc%d has no candidate left", c / 9 + 1, c % 9 + 1);
    }
    return NONET_OK;
}

nonet_status nonet__pencil_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                  nonet_puzzle **out, nonet_error *err)
{
    if (len != 729)
        return nonet__fail(err, NONET_ERR_SYNTAX, line, 0,
                           "line has %zu symbols; a pencilmark line has 729", len);
    uint64_t masks[81];
    nonet__line l = {text, len, line, 0};
    nonet__symbols t;
    nonet__symbols_init(&t, r->alpha.size >= 9 ? r->alpha.text : NULL, 9);
    nonet_status st = pencil_masks(&l, &t, masks, err);
    if (st) return st;
    const nonet_shape *shape = nonet__reader_shape(r, 9, err);
    if (!shape) return err->code;
    nonet_puzzle *p = nonet__puzzle_alloc(shape, 0);
    if (!p || nonet__puzzle_set_candidates(p, masks)) {
        nonet_puzzle_free(p);
        return nonet__fail(err, NONET_ERR_NOMEM, line, 0, "out of memory");
    }
    nonet__stamp(r, p, line);
    *out = p;
    return NONET_OK;
}

/* Reads the next pencilmark line; its tail is the comment. */
static nonet_status read_pencil(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
    nonet__lines_next(&r->lines, &l);
    size_t span = nonet__grid_span(l.text, l.len);
    return nonet__keep_line_comment(nonet__pencil_puzzle(r, l.text, span, l.no, out, err), &l, span,
                                    out, err);
}

/* Before line.c's rule: a puzzle line (a square run followed by a comment,
 * or longer than a grid row, without '|') of 729 pencilmarks. */
static int detect(const nonet__sniff *s)
{
    return s->square && (s->span < s->l.len || s->span > NONET_MAX_SIZE) &&
           !memchr(s->l.text, '|', s->l.len) && is_pencil_line(s->l.text, s->l.len);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* Candidate mask of cell c: its candidates, its given, or every digit. */
static uint64_t cell_mask(const nonet_shape *s, const unsigned char *g, const uint64_t *cands,
                          int c)
{
    if (g[c]) return 1ull << (g[c] - 1);
    return cands ? cands[c] & s->full : s->full;
}

void nonet__put_pencil(nonet__out *o, const nonet_shape *s, const unsigned char *g,
                       const uint64_t *cands)
{
    nonet__symbols t;
    nonet__symbols_init(&t, o->alphabet, s->n);
    for (int c = 0; c < s->ncells; c++)
        for (int d = 0; d < s->n; d++) {
            int on = cell_mask(s, g, cands, c) >> d & 1;
            if (!t.numbers) {
                nonet__putc(o, on ? t.of[d + 1] : '.');
                continue;
            }
            if (c || d) nonet__putc(o, ' ');
            nonet__put_int(o, on ? d + 1 : 0, 0);
        }
}

/* A grid as a pencilmark line: each empty cell every digit. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_pencil(o, s, g, NULL);
    nonet__putc(o, '\n');
}

/* The puzzle with its candidates and its comment as read. */
static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    nonet__put_pencil(o, p->shape, p->cells, p->cands);
    if (p->comment && p->comment[0]) nonet__put_line_comment(o, p->comment);
    nonet__putc(o, '\n');
}

static const char *const aliases[] = {"sukaku", "pencilmarks", NULL};

const nonet__format_def nonet__format_pencil = {
    .id = NONET_FORMAT_PENCIL,
    .name = "pencil",
    .aliases = aliases,
    .reads_as = NONET_FORMAT_PENCIL,
    .detect = detect,
    .read = read_pencil,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
};
