/*
 * fuzz_print.c - libFuzzer target for what `nonet print` parses and lays
 * out without drawing (target print): the rating and seed found in a
 * puzzle's comment, the caption made of them, and the page and grid layout
 * for any paper, per-page count, style, size and number of rule lines.
 *
 * Input: byte 0 the style (bit 0 paper, bits 1-2 per-page 1/2/4/6, bit 3
 * large print, bit 4 title, bit 5 answers page); byte 1 the side N
 * (4 + value % 61); byte 2 the rule lines (value % 8); the rest is the
 * comment text. Checks: the facts are terminated, a rating is digits with
 * at most one point and a seed letters, digits, '-' and '_'; the caption
 * follows snprintf's contract; every slot lies inside the paper, and a
 * grid with its caption and rules inside its slot, with positive cells.
 */
#include "caption.h"
#include "layout.h"

#include <nonet.h>

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok) abort();
}

/* The facts: terminated, and made of the characters their kind allows. */
static void check_facts(const sheet_facts *f)
{
    check(memchr(f->rating, 0, sizeof f->rating) && memchr(f->seed, 0, sizeof f->seed));
    int points = 0;
    for (const char *c = f->rating; *c; c++) {
        check(isdigit((unsigned char)*c) || *c == '.');
        points += *c == '.';
    }
    check(points <= 1 && (!f->rating[0] || isdigit((unsigned char)f->rating[0])));
    check(!f->rating[0] || strcmp(f->rating_label, "ER") == 0 ||
          strcmp(f->rating_label, "rating") == 0);
    for (const char *c = f->seed; *c; c++)
        check(isalnum((unsigned char)*c) || *c == '-' || *c == '_');
}

static int inside(sheet_rect in, sheet_rect out)
{
    const double e = 1e-6;
    return in.x >= out.x - e && in.y >= out.y - e && in.x + in.w <= out.x + out.w + e &&
           in.y + in.h <= out.y + out.h + e;
}

/* The layout of a page and of a grid in each of its slots. */
static void check_layout(unsigned style, int n, int rules)
{
    static const int per[] = {1, 2, 4, 6};
    sheet_style st = {(sheet_paper)(style & 1), per[style >> 1 & 3], (int)(style >> 3 & 1),
                      (int)(style >> 4 & 1)};
    sheet_page pg;
    sheet_page_kind kind = style & 0x20 ? SHEET_ANSWERS : SHEET_PUZZLES;
    sheet_layout_page(&st, kind, n, &pg);
    sheet_rect paper = {0, 0, pg.width, pg.height};
    check(pg.cols * pg.rows >= 1 && pg.cols * pg.rows <= SHEET_MAX_SLOTS);
    for (int i = 0; i < pg.cols * pg.rows; i++) {
        check(inside(pg.slot[i], paper));
        sheet_grid g;
        sheet_layout_grid(&st, &pg, i, n, rules, &g);
        sheet_rect square = {g.x, g.y, n * g.cell, n * g.cell};
        check(g.cell > 0 && g.thin > 0 && g.thick >= g.thin);
        check(inside(square, pg.slot[i]) && inside(g.rules, pg.slot[i]) &&
              inside(g.caption, pg.slot[i]));
        double x, y;
        sheet_grid_mark_centre(&g, n - 1, n - 1, n, &x, &y);
        check(x < g.x + n * g.cell && y < g.y + n * g.cell);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    char *comment = malloc(size - 3 + 1);
    if (!comment) return 0;
    memcpy(comment, data + 3, size - 3);
    comment[size - 3] = '\0';
    sheet_facts f;
    sheet_facts_parse(comment, &f);
    check_facts(&f);
    char buf[96];
    size_t need = sheet_caption(NULL, 0, (long)data[1] * 1000, &f,
                                SHEET_CAPTION_DEFAULT | SHEET_CAPTION_SEED, "hard", "x:1");
    size_t got = sheet_caption(buf, sizeof buf, (long)data[1] * 1000, &f,
                               SHEET_CAPTION_DEFAULT | SHEET_CAPTION_SEED, "hard", "x:1");
    check(need == got && strlen(buf) == (got < sizeof buf ? got : sizeof buf - 1));
    check_layout(data[0], NONET_MIN_SIZE + data[1] % (NONET_MAX_SIZE - NONET_MIN_SIZE + 1),
                 data[2] % 8);
    free(comment);
    return 0;
}
