/*
 * cmd_canon.c - `nonet canon`: the canonical form of every puzzle, in input
 * order (see the Equivalence section of nonet.h for the forms and groups).
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "equiv.h"
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet canon [OPTIONS] [FILE...]\n"
    "Write the canonical form of every puzzle of the FILEs (standard input when\n"
    "none or '-'), in input order: one member of its class of equivalent puzzles,\n"
    "the same for every member, so two puzzles are the same puzzle exactly when\n"
    "their forms are equal.\n"
    "\n"
    "Options:\n"
    "      --form NAME     minlex (default): the smallest N*N string of the class,\n"
    "                      read row by row with blanks as 0 (the true minlex);\n"
    "                      pattern: the smallest layout of givens first, then the\n"
    "                      smallest string (9x9: as Dobrichev's minlexing tool)\n"
    "  -o, --output NAME   write this format (default: the input's); json adds the\n"
    "                      original puzzle, the automorphism count and the\n"
    "                      transformation that maps the puzzle onto its form; csv\n"
    "                      writes index,puzzle,original,automorphisms\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "The group: for boxed shapes, permutations of bands, rows in a band, stacks,\n"
    "columns in a stack, transposition when the boxes are square, and any\n"
    "relabelling; for jigsaw and variant shapes, the symmetries of the square\n"
    "that keep the shape, and relabelling (non-consecutive: only d -> N+1-d).\n"
    "Pencilmarks and comments follow the puzzle; the form is that of the givens.\n"
    "\n"
    "\n"
    "Limits: the search keeps every partial transformation that ties for the\n"
    "smallest form so far (at most 128 MB or a million rows tried), so it gives\n"
    "up, 'gave up' with status 1 within about a second, on puzzles with too many\n"
    "ties: full or nearly full grids from 12x12 up (10x10 and below are done),\n"
    "and sparse givens laid out like a permutation (a diagonal or one full row\n"
    "of a 36x36), and some puzzles of thin boxes (3x7, 4x7, 3x10...). 9x9\n"
    "never gives up.\n"
    "\n"
    "Exit status: 0 every puzzle done; 1 some search gave up (too many\n"
    "equivalent partial transformations); 2 some input is malformed or breaks\n"
    "the rules; 3 usage error; 4 output or system error.\n";

/* Plain lines a lane item of `nonet canon` holds (as `nonet solve`'s). */
#define CANON_LANE 16

/* Answers lane line `text` (its 82 bytes, input line `no`) the usual way,
 * through a puzzle: the form, or the error canon_one would report. */
static void lane_line(const cli_equiv *e, nonet_canon *w, cli_item *item, const char *text, long no)
{
    char line[NONET_PLAIN_LINE];
    unsigned char cells[NONET_MAX_CELLS];
    nonet_transform t;
    nonet_error err;
    nonet_puzzle *q = NULL;
    memcpy(line, text, 81);
    line[81] = '\0';
    nonet_puzzle *p = nonet_puzzle_from_string(line, &err);
    if (p && !nonet_puzzle_check(p, &err) &&
        !nonet_canon_puzzle(w, p, e->form, cells, &t, NULL, &err) &&
        (q = nonet_puzzle_transform(p, &t, &err)) != NULL) {
        cli_equiv_record(item, NONET_FORMAT_LINE, q, &t, 0, NULL);
    } else {
        err.line = no;
        snprintf(err.source, sizeof err.source, "%s", item->lane->source);
        cli_equiv_fail_at(item, &err);
        cli_lane_mark(item, item->out.len);
        /* one answer a puzzle: a lane's output is the line format */
        cli_text_printf(&item->out, "%s\n", CLI_UNREAD_MARKER);
    }
    nonet_puzzle_free(q);
    nonet_puzzle_free(p);
}

/* Answers a lane item: its lines canonicalised in bulk (nonet_canon_lines);
 * a line the call stops at (its givens break a rule) goes the usual way,
 * and the call goes on after it. */
static void canon_lane(const cli_equiv *e, nonet_canon *w, cli_item *item)
{
    const cli_lane *lane = item->lane;
    size_t len = lane->lines.len, at = 0;
    while (at < len) {
        size_t done = 0, used = 0;
        nonet_error err;
        if (cli_text_reserve(&item->out, len - at)) return; /* reported when written */
        nonet_status st = nonet_canon_lines(w, e->form, lane->lines.s + at, len - at, &done,
                                            item->out.s + item->out.len,
                                            item->out.cap - item->out.len, &used, &err);
        item->out.len += used;
        item->out.s[item->out.len] = '\0'; /* as cli_text keeps it (the room was reserved) */
        at += done * NONET_PLAIN_LINE;
        if (st == NONET_OK) break;
        lane_line(e, w, item, lane->lines.s + at, lane->first_line + (long)(at / NONET_PLAIN_LINE));
        at += NONET_PLAIN_LINE;
    }
}

/* Writes item's canonical puzzle. */
static void canon_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const cli_equiv *e = c->own;
    if (cli_item_lines(item)) {
        canon_lane(e, state, item);
        return;
    }
    const nonet_puzzle *p = item->puzzle;
    unsigned char cells[NONET_MAX_CELLS];
    nonet_transform t;
    unsigned long long aut = 0;
    nonet_error err;
    if (nonet_puzzle_check(p, &err)) {
        cli_equiv_fail(item, &err);
        cli_equiv_invalid(c, item, &err); /* one answer a puzzle */
        return;
    }
    if (nonet_canon_puzzle(state, p, e->form, cells, &t, &aut, &err)) {
        cli_equiv_fail(item, &err);
        return;
    }
    nonet_puzzle *q = nonet_puzzle_transform(p, &t, &err);
    if (!q) {
        cli_equiv_fail(item, &err);
        return;
    }
    int f = cli_common_puzzle_output(c, item, p);
    if (f < 0) { /* noted on item */
        nonet_puzzle_free(q);
        return;
    }
    cli_text extra = {0};
    if (f == NONET_FORMAT_CSV) {
        cli_text_put(&extra, ",", 1);
        cli_equiv_line(&extra, p);
        cli_text_printf(&extra, ",%llu,ok,", aut);
    } else if (f == NONET_FORMAT_JSON) {
        cli_text_put(&extra, ",\"original\":\"", 13);
        cli_equiv_line(&extra, p);
        cli_text_put(&extra, "\"", 1);
    }
    cli_equiv_record(item, (nonet_format)f, q, &t, aut, extra.s);
    free(extra.s);
    nonet_puzzle_free(q);
}

int cmd_canon(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  CLI_OPT_FORM,
                                  CLI_OPT_PROGRESS,
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  0};
    static cli_common c; /* static: the region map is large */
    cli_equiv e;
    memset(&e, 0, sizeof e);
    cli_common_init(&c, "canon", usage, &e);
    int st = cli_equiv_parse(&c, argc, argv, accepts);
    if (st != CLI_GO_ON) return st;
    const char *header = c.output == NONET_FORMAT_CSV
                             ? "index,puzzle,original,automorphisms,status,message\n"
                             : NULL;
    c.csv_columns = 6;
    c.csv_status = 4;
    c.pipe.unread = cli_common_unread; /* one answer a puzzle, malformed ones too */
    if (c.output == NONET_FORMAT_AUTO || c.output == NONET_FORMAT_LINE) c.pipe.lane = CANON_LANE;
    return cli_equiv_run(&c, canon_one, NULL, header, NULL, argv + optind, argc - optind);
}
