/*
 * test_sheet.c - unit tests of the sheet's plain-number side, without
 * drawing (so they run in builds without cairo): the page and grid layout,
 * the facts a comment carries and the caption made of them, the rule lines,
 * the pencilmarks printed, and the names of the files pages go to.
 */
#include "harness.h"

#include "caption.h"
#include "layout.h"
#include "marks.h"
#include "sheet.h"

#include <nonet.h>

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Layout                                                               */
/* ------------------------------------------------------------------ */

/* 1 when r lies inside the page's margins (40 points). */
static int inside_margins(const sheet_page *pg, sheet_rect r)
{
    const double m = 40.0 - 1e-9;
    return r.x >= m && r.y >= m && r.x + r.w <= pg->width - m && r.y + r.h <= pg->height - m;
}

static int overlap(sheet_rect a, sheet_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Every slot inside the margins, apart from the others and the bands. */
static void check_page(const sheet_page *pg, int slots, int has_title)
{
    CHECK_EQ_INT(pg->cols * pg->rows, slots);
    CHECK(sheet_page_ok(pg));
    CHECK(inside_margins(pg, pg->footer));
    CHECK(has_title ? pg->title.h > 0 && inside_margins(pg, pg->title) : pg->title.h == 0);
    for (int i = 0; i < slots; i++) {
        CHECK(inside_margins(pg, pg->slot[i]));
        CHECK(pg->slot[i].w > 50 && pg->slot[i].h > 50);
        CHECK(!overlap(pg->slot[i], pg->footer));
        if (has_title) CHECK(!overlap(pg->slot[i], pg->title));
        for (int j = 0; j < i; j++) CHECK(!overlap(pg->slot[i], pg->slot[j]));
    }
    /* row by row, left to right */
    for (int i = 1; i < slots; i++)
        CHECK(pg->slot[i].y > pg->slot[i - 1].y + 1 || pg->slot[i].x > pg->slot[i - 1].x + 1);
}

/* A grid's caption, square and rules follow one another inside its slot. */
static void check_grid(const sheet_style *st, const sheet_page *pg, int slot, int n, int rules)
{
    sheet_grid g;
    sheet_layout_grid(st, pg, slot, n, rules, &g);
    const sheet_rect *s = &pg->slot[slot];
    double side = n * g.cell, e = 1e-6;
    CHECK(g.cell > 1.5); /* 61x61 with rules, six to a page in large print: 1.7 */
    CHECK(g.x >= s->x - e && g.x + side <= s->x + s->w + e);
    CHECK(g.caption.y >= s->y - e && fabs(g.caption.y + g.caption.h - g.y) < e);
    CHECK(g.rules.y >= g.y + side && g.rules.y + g.rules.h <= s->y + s->h + e);
    CHECK_EQ_INT(g.rule_lines, rules);
    CHECK(sheet_grid_ok(pg, slot, &g));
    CHECK(fabs(g.rules.h - rules * g.rule_line_h) < e);
    CHECK(fabs((g.x - s->x) - (s->x + s->w - g.x - side)) < e); /* centred across */
    CHECK(g.thin > 0 && g.thick > g.thin * 1.5);
    CHECK(g.digit_size < g.cell && g.digit_size > g.cell * 0.5);
    CHECK(g.mark_cols * g.mark_rows >= n && (g.mark_cols - 1) * g.mark_rows < n);
    /* pencilmarks stay in their cell, in order */
    double x, y, px = -1, py = -1;
    for (int d = 1; d <= n; d++) {
        sheet_grid_mark_centre(&g, 2 % n, 3 % n, d, &x, &y);
        sheet_rect c = sheet_grid_cell(&g, 2 % n, 3 % n);
        CHECK(x > c.x && x < c.x + c.w && y > c.y && y < c.y + c.h);
        CHECK(y > py + e || (fabs(y - py) < e && x > px));
        px = x, py = y;
    }
    sheet_rect last = sheet_grid_cell(&g, n - 1, n - 1);
    CHECK(fabs(last.x + last.w - (g.x + side)) < e && fabs(last.y + last.h - (g.y + side)) < e);
}

static void test_pages(void)
{
    static const int per[] = {1, 2, 4, 6};
    for (int paper = 0; paper < 2; paper++)
        for (int k = 0; k < 4; k++)
            for (int bits = 0; bits < 4; bits++) {
                sheet_style st = {(sheet_paper)paper, per[k], bits & 1, bits >> 1 & 1};
                sheet_page pg;
                sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
                CHECK(fabs(pg.width - (paper ? 612.0 : 595.2756)) < 1e-3);
                CHECK(fabs(pg.height - (paper ? 792.0 : 841.8898)) < 1e-3);
                check_page(&pg, per[k], st.has_title);
                for (int slot = 0; slot < per[k]; slot++)
                    for (int n = 4; n <= 64; n += (n < 16 ? 1 : 9))
                        for (int rules = 0; rules <= 3; rules += 3)
                            check_grid(&st, &pg, slot, n, rules);
                st.has_title = 1;
                for (int n = 4; n <= 64; n += 3) {
                    sheet_layout_page(&st, SHEET_ANSWERS, n, &pg);
                    check_page(&pg, sheet_answers_per_page(n), 1);
                    for (int slot = 0; slot < pg.cols * pg.rows; slot++)
                        check_grid(&st, &pg, slot, n, 0);
                }
            }
}

/* The checkers behind SHEET_ASSERT catch a damaged page and grid. */
static void test_checkers(void)
{
    sheet_style st = {SHEET_A4, 4, 0, 1};
    sheet_page pg, bad;
    sheet_grid g, worse;
    sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
    sheet_layout_grid(&st, &pg, 1, 9, 2, &g);
    CHECK(sheet_page_ok(&pg));
    CHECK(sheet_grid_ok(&pg, 1, &g));
    bad = pg;
    bad.slot[1].x -= 30; /* over slot 0 */
    CHECK(!sheet_page_ok(&bad));
    bad = pg;
    bad.slot[3].h += 60; /* over the footer */
    CHECK(!sheet_page_ok(&bad));
    bad = pg;
    bad.slot[0].y -= 20; /* over the title */
    CHECK(!sheet_page_ok(&bad));
    bad = pg;
    bad.rows = 7; /* more slots than a page holds */
    CHECK(!sheet_page_ok(&bad));
    CHECK(!sheet_grid_ok(&pg, 0, &g)); /* laid out for slot 1 */
    CHECK(!sheet_grid_ok(&pg, 4, &g));
    worse = g;
    worse.cell *= 1.5; /* the square leaves its slot */
    CHECK(!sheet_grid_ok(&pg, 1, &worse));
    worse = g;
    worse.rules.y = g.y + 9 * g.cell - 5; /* rules over the grid */
    CHECK(!sheet_grid_ok(&pg, 1, &worse));
    worse = g;
    worse.mark_cols = 2; /* no place for every pencilmark */
    CHECK(!sheet_grid_ok(&pg, 1, &worse));
}

static void test_layout_numbers(void)
{
    /* one 9x9 alone on A4: cells of 56.8 points (the width between the margins / 9) */
    sheet_style st = {SHEET_A4, 1, 0, 0};
    sheet_page pg;
    sheet_grid g, big;
    sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
    sheet_layout_grid(&st, &pg, 0, 9, 0, &g);
    CHECK(fabs(g.cell - (595.2756 - 80) / 9) < 1e-6);
    CHECK(fabs(g.x - 40) < 1e-6);
    /* a 4x4 alone is not a poster: cells stop at 60 points (72 in large print) */
    sheet_layout_grid(&st, &pg, 0, 4, 0, &g);
    CHECK(fabs(g.cell - 60) < 1e-6);
    st.large_print = 1;
    sheet_layout_grid(&st, &pg, 0, 4, 0, &big);
    CHECK(fabs(big.cell - 72) < 1e-6);
    CHECK(big.thick > g.thick && big.digit_size > g.digit_size);
    /* a rule line under the grid takes room from it */
    st.large_print = 0;
    sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
    st.per_page = 2;
    sheet_layout_page(&st, SHEET_PUZZLES, 0, &pg);
    sheet_layout_grid(&st, &pg, 0, 9, 0, &g);
    sheet_layout_grid(&st, &pg, 0, 9, 2, &big);
    CHECK(big.cell < g.cell);
    /* answers: 12 small 9x9 grids a page, 6 of 16x16, 2 of 25x25, 1 above */
    CHECK_EQ_INT(sheet_answers_per_page(9), 12);
    CHECK_EQ_INT(sheet_answers_per_page(4), 12);
    CHECK_EQ_INT(sheet_answers_per_page(16), 6);
    CHECK_EQ_INT(sheet_answers_per_page(25), 2);
    CHECK_EQ_INT(sheet_answers_per_page(36), 1);
    CHECK_EQ_INT(sheet_paper_from_name("A4"), SHEET_A4);
    CHECK_EQ_INT(sheet_paper_from_name("Letter"), SHEET_LETTER);
    CHECK_EQ_INT(sheet_paper_from_name("a5"), -1);
    CHECK_EQ_INT(sheet_paper_from_name("letterhead"), -1);
    CHECK_EQ_INT(sheet_paper_from_name(""), -1);
    CHECK(sheet_per_page_valid(6) && !sheet_per_page_valid(3) && !sheet_per_page_valid(0));
}

/* ------------------------------------------------------------------ */
/* Captions and rules                                                   */
/* ------------------------------------------------------------------ */

static void facts(const char *comment, const char *rating, const char *label, const char *seed)
{
    sheet_facts f;
    sheet_facts_parse(comment, &f);
    if (strcmp(f.rating, rating) || strcmp(f.seed, seed) ||
        (rating[0] && strcmp(f.rating_label, label))) {
        fprintf(stderr,
                "comment \"%s\": rating \"%s\" (%s), seed \"%s\"; expected \"%s\" (%s), \"%s\"\n",
                comment, f.rating, f.rating_label, f.seed, rating, label, seed);
        harness_failures++;
    }
}

static void test_facts(void)
{
    facts(" # ER 7.1 seed 42", "7.1", "ER", "42");
    facts(" er=7.1", "7.1", "ER", "");
    facts("SE: 10.5", "10.5", "ER", "");
    facts(" rating 3", "3", "rating", "");
    facts(" 2.0/1.2/1.2", "2.0", "ER", ""); /* serate's ER/EP/ED */
    facts(";seed=0x2a", "", "", "0x2a");
    facts(" # seed: abc-DEF_1", "", "", "abc-DEF_1");
    facts(" # ER 7.1 ER 9.9 seed 1 seed 2", "7.1", "ER", "1"); /* the first wins */
    facts(" # never 7.1", "", "", "");                         /* no keyword inside a word */
    facts(" # ER 100", "", "", "");                            /* not a rating */
    facts(" # ER 7.12345", "", "", "");
    facts(" # ER7", "", "", "");
    facts(" # ER x seed", "", "", "");
    facts(" # seed 123456789012345678901", "", "", ""); /* over 20 characters */
    facts(" 1.2/3", "", "", "");
    facts(" v1.2/3.4/5.6", "", "", "");
    facts("", "", "", "");
    facts(NULL, "", "", "");
}

static void test_caption(void)
{
    char buf[128];
    sheet_facts f;
    unsigned all = SHEET_CAPTION_DEFAULT | SHEET_CAPTION_SEED;
    sheet_facts_parse(" # ER 7.1 seed 42", &f);
    CHECK_EQ_INT(sheet_caption(buf, sizeof buf, 12, &f, all, NULL, NULL), strlen(buf));
    CHECK_EQ_STR(buf, "Puzzle 12  \xC2\xB7  ER 7.1  \xC2\xB7  seed 42");
    /* the default: no seed; the difficulty beside the rating */
    sheet_caption(buf, sizeof buf, 12, &f, SHEET_CAPTION_DEFAULT, "diabolical", "a.txt:3");
    CHECK_EQ_STR(buf, "Puzzle 12  \xC2\xB7  ER 7.1  \xC2\xB7  diabolical");
    sheet_caption(buf, sizeof buf, 12, &f, SHEET_CAPTION_SEED | SHEET_CAPTION_SOURCE, "hard",
                  "a.txt:3");
    CHECK_EQ_STR(buf, "seed 42  \xC2\xB7  a.txt:3");
    sheet_caption(buf, sizeof buf, 12, &f, SHEET_CAPTION_NONE, "hard", "a.txt:3");
    CHECK_EQ_STR(buf, "");
    sheet_caption(buf, sizeof buf, 3, NULL, all, NULL, NULL);
    CHECK_EQ_STR(buf, "Puzzle 3");
    sheet_facts_parse(" seed 9", &f);
    sheet_caption(buf, sizeof buf, 1, &f, all, NULL, NULL);
    CHECK_EQ_STR(buf, "Puzzle 1  \xC2\xB7  seed 9");
    /* snprintf's contract: the length needed, a cut text */
    sheet_facts_parse(" # ER 7.1 seed 42", &f);
    size_t need = sheet_caption(NULL, 0, 12, &f, all, NULL, NULL);
    CHECK_EQ_INT(need, strlen("Puzzle 12  \xC2\xB7  ER 7.1  \xC2\xB7  seed 42"));
    CHECK_EQ_INT(sheet_caption(buf, 10, 12, &f, all, NULL, NULL), need);
    CHECK_EQ_STR(buf, "Puzzle 12");
    /* the fields --caption takes */
    unsigned fields = 0;
    const char *bad = NULL;
    size_t len = 0;
    CHECK_EQ_INT(sheet_caption_fields("index,seed", &fields, &bad, &len), 0);
    CHECK_EQ_INT(fields, SHEET_CAPTION_INDEX | SHEET_CAPTION_SEED);
    CHECK_EQ_INT(sheet_caption_fields("none", &fields, &bad, &len), 0);
    CHECK_EQ_INT(fields, SHEET_CAPTION_NONE);
    CHECK_EQ_INT(sheet_caption_fields("index,sed", &fields, &bad, &len), -1);
    CHECK_EQ_INT(len, 3);
    CHECK(strncmp(bad, "sed", 3) == 0);
    CHECK_EQ_INT(sheet_caption_fields("index,", &fields, &bad, &len), -1);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(sheet_caption_fields("none,seed", &fields, &bad, &len), -1);
}

static void test_rules(void)
{
    char lines[SHEET_MAX_RULES][SHEET_RULE_TEXT], range[16];
    sheet_symbol_range(range, sizeof range, '1', '9', 9);
    CHECK_EQ_STR(range, "1\xE2\x80\x93"
                        "9");
    sheet_symbol_range(range, sizeof range, '1', 'G', 16);
    CHECK_EQ_STR(range, "1\xE2\x80\x93G");
    sheet_symbol_range(range, sizeof range, 0, 0, 64);
    CHECK_EQ_STR(range, "1\xE2\x80\x93"
                        "64");
    CHECK_EQ_INT(sheet_rules(0, 0, 0, range, lines), 0);
    sheet_symbol_range(range, sizeof range, '1', '9', 9);
    CHECK_EQ_INT(sheet_rules(0, NONET_VARIANT_X, 0, range, lines), 1);
    CHECK_EQ_STR(lines[0], "Diagonals: each marked diagonal holds 1\xE2\x80\x93"
                           "9 once.");
    unsigned all = NONET_VARIANT_X | NONET_VARIANT_HYPER | NONET_VARIANT_DISJOINT |
                   NONET_VARIANT_ANTI_KNIGHT | NONET_VARIANT_ANTI_KING |
                   NONET_VARIANT_NON_CONSECUTIVE;
    CHECK_EQ_INT(sheet_rules(1, all, 2, range, lines), 8); /* every rule of the shape */
    CHECK(strstr(lines[0], "Jigsaw: each outlined region") != NULL);
    CHECK(strstr(lines[4], "knight") != NULL);
    CHECK(strstr(lines[6], "consecutive in 1") != NULL);
    CHECK(strstr(lines[7], "small letter") != NULL);
    CHECK_EQ_INT(sheet_rules(0, NONET_VARIANT_ANTI_KING, 0, range, lines), 1);
    CHECK_EQ_STR(lines[0], "Anti-king: diagonally touching cells differ.");
}

/* Adds constraint `kind` to p (cells and values as given). */
static void add(nonet_puzzle *p, nonet_constraint_kind kind, const int *cells, int ncells,
                const int *values, int nvalues)
{
    nonet_error err;
    CHECK_EQ_INT(nonet_puzzle_add_constraint(p, kind, cells, ncells, values, nvalues, &err),
                 NONET_OK);
}

/* The rule lines of a puzzle's constraints: one a kind, in the kinds'
 * order, negative rules in their kind's line (alone when no dot is drawn). */
static void test_constraint_rules(void)
{
    char lines[SHEET_MAX_RULES][SHEET_RULE_TEXT];
    nonet_error err;
    nonet_shape *s = nonet_shape_new_classic(9, &err);
    unsigned char empty[81] = {0};
    nonet_puzzle *p = nonet_puzzle_new(s, empty, NULL, &err);
    CHECK_EQ_INT(sheet_constraint_rules(p, lines, SHEET_MAX_RULES), 0);
    static const int cage[] = {0, 1}, sum[] = {5}, dot[] = {3, 4}, line[] = {20, 21, 22};
    static const int white = 1, both = 3, gap = 4;
    add(p, NONET_CONS_WHISPER, line, 3, &gap, 1);
    add(p, NONET_CONS_CAGE, cage, 2, sum, 1);
    add(p, NONET_CONS_CAGE, dot, 2, NULL, 0);
    add(p, NONET_CONS_BLACK_DOT, dot, 2, NULL, 0);
    add(p, NONET_CONS_DOTS_NEGATIVE, NULL, 0, &both, 1);
    add(p, NONET_CONS_XV_NEGATIVE, NULL, 0, &white, 1);
    CHECK_EQ_INT(sheet_constraint_rules(p, lines, SHEET_MAX_RULES), 5);
    CHECK_EQ_STR(lines[0], "Killer: digits in a cage do not repeat and sum to its small total.");
    CHECK_EQ_STR(lines[1], "White dot: the two digits differ by 1. All white dots are given.");
    CHECK_EQ_STR(lines[2], "Black dot: one digit is twice the other. All black dots are given.");
    CHECK_EQ_STR(lines[3], "X: the two digits sum to 10. All Xs are given.");
    CHECK_EQ_STR(lines[4], "Whisper (green line): neighbours on it differ by at least 4.");
    CHECK_EQ_INT(sheet_constraint_rules(p, lines, 2), 2); /* room for two */
    nonet_puzzle_free(p);
    /* every kind: a line each but the two negative kinds, each fitting its room */
    p = nonet_puzzle_new(s, empty, NULL, &err);
    static const int row[] = {72, 73, 74, 75, 76, 77, 78, 79, 80}, diag[] = {0, 10, 20};
    static const int quad[] = {30, 31, 39, 40}, qd[] = {1, 2}, clone[] = {60, 61, 70, 71};
    add(p, NONET_CONS_CAGE, cage, 2, sum, 1);
    add(p, NONET_CONS_LITTLE_KILLER, diag, 3, sum, 1);
    add(p, NONET_CONS_SANDWICH, row, 9, sum, 1);
    add(p, NONET_CONS_THERMO, line, 3, NULL, 0);
    add(p, NONET_CONS_ARROW, line, 3, NULL, 0);
    add(p, NONET_CONS_WHITE_DOT, dot, 2, NULL, 0);
    add(p, NONET_CONS_BLACK_DOT, dot, 2, NULL, 0);
    add(p, NONET_CONS_X, cage, 2, NULL, 0);
    add(p, NONET_CONS_V, dot, 2, NULL, 0);
    add(p, NONET_CONS_WHISPER, line, 3, NULL, 0);
    add(p, NONET_CONS_RENBAN, line, 3, NULL, 0);
    add(p, NONET_CONS_PALINDROME, line, 3, NULL, 0);
    add(p, NONET_CONS_BETWEEN, line, 3, NULL, 0);
    add(p, NONET_CONS_ODD, cage, 1, NULL, 0);
    add(p, NONET_CONS_EVEN, dot, 1, NULL, 0);
    add(p, NONET_CONS_MIN, line, 1, NULL, 0);
    add(p, NONET_CONS_MAX, row, 1, NULL, 0);
    add(p, NONET_CONS_QUADRUPLE, quad, 4, qd, 2);
    add(p, NONET_CONS_REGION, line, 3, NULL, 0);
    add(p, NONET_CONS_CLONE, clone, 4, NULL, 0);
    CHECK_EQ_INT(sheet_constraint_rules(p, lines, SHEET_MAX_RULES), 20);
    CHECK_EQ_STR(lines[2], "Sandwich: digits between the 1 and the 9 of a row or column sum to "
                           "its clue.");
    CHECK_EQ_STR(lines[9], "Whisper (green line): neighbours on it differ by at least 5.");
    for (int i = 0; i < 20; i++) CHECK(strlen(lines[i]) < SHEET_RULE_TEXT - 1 && lines[i][0]);
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

/* ------------------------------------------------------------------ */
/* Pencilmarks and file names                                           */
/* ------------------------------------------------------------------ */

static void test_marks(void)
{
    nonet_error err;
    /* 4x4: row 1 "1..." and column 2 holding 4 (row 3) leave r1c2 with 2, 3 */
    nonet_puzzle *p = nonet_puzzle_from_string("1.....3..4.....2", &err);
    uint64_t marks[16];
    sheet_marks(p, marks);
    CHECK_EQ_INT(marks[0], 0);         /* a given */
    CHECK_EQ_INT(marks[1], 0x2 | 0x4); /* 2, 3: not 1 (row, box), not 4 (column) */
    CHECK_EQ_INT(marks[15], 0);
    CHECK_EQ_INT(marks[5], 0x2); /* r2c2: box has 1, column 4, row 3 */
    nonet_puzzle_free(p);
    /* a candidate state keeps its own marks */
    nonet_shape *s = nonet_shape_new_classic(4, &err);
    unsigned char cells[16] = {1};
    uint64_t own[16];
    for (int i = 0; i < 16; i++) own[i] = 0xF;
    own[1] = 0x8; /* only 4, though a solver would allow 2, 3 and 4 */
    p = nonet_puzzle_new(s, cells, own, &err);
    sheet_marks(p, marks);
    CHECK_EQ_INT(marks[1], 0x8);
    CHECK_EQ_INT(marks[0], 0);
    nonet_puzzle_free(p);
    nonet_shape_free(s);
}

static void test_names(void)
{
    char buf[64];
    CHECK_EQ_INT(sheet_format_from_path("book.pdf"), SHEET_PDF);
    CHECK_EQ_INT(sheet_format_from_path("dir.x/Book.SVG"), SHEET_SVG);
    CHECK_EQ_INT(sheet_format_from_path("page.png"), SHEET_PNG);
    CHECK_EQ_INT(sheet_format_from_path(".png"), -1);
    CHECK_EQ_INT(sheet_format_from_path("book.txt"), -1);
    CHECK_EQ_INT(sheet_format_from_path("book"), -1);
    sheet_page_path(buf, sizeof buf, "out/book.png", SHEET_PNG, 2, 3);
    CHECK_EQ_STR(buf, "out/book-2.png");
    sheet_page_path(buf, sizeof buf, "out/book.png", SHEET_PNG, 1, 1);
    CHECK_EQ_STR(buf, "out/book.png");
    sheet_page_path(buf, sizeof buf, "book.pdf", SHEET_PDF, 5, 9);
    CHECK_EQ_STR(buf, "book.pdf");
    CHECK_EQ_INT(sheet_page_path(NULL, 0, "b.svg", SHEET_SVG, 12, 20), strlen("b-12.svg"));
}

static const harness_test TESTS[] = {
    {"pages", test_pages},
    {"checkers", test_checkers},
    {"layout_numbers", test_layout_numbers},
    {"facts", test_facts},
    {"caption", test_caption},
    {"rules", test_rules},
    {"constraint_rules", test_constraint_rules},
    {"marks", test_marks},
    {"names", test_names},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(TESTS, argc, argv); }
