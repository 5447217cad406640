/*
 * cmd_canon.c - `nonet canon`: the canonical form of every puzzle, in input
 * order (see the Equivalence section of nonet.h for the forms and groups).
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "equiv.h"

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
    "  -f, --format NAME   read this format instead of detecting it\n"
    "  -o, --output NAME   write this format (default: the input's); json adds the\n"
    "                      original puzzle, the automorphism count and the\n"
    "                      transformation that maps the puzzle onto its form; csv\n"
    "                      writes index,puzzle,original,automorphisms\n"
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"
    "      --progress      show the number of puzzles done on standard error (on\n"
    "                      a terminal)\n" CLI_HELP_RULES
    "  -h, --help          show this help and exit\n"
    "\n"
    "The group: for boxed shapes, permutations of bands, rows in a band, stacks,\n"
    "columns in a stack, transposition when the boxes are square, and any\n"
    "relabelling; for jigsaw and variant shapes, the symmetries of the square\n"
    "that keep the shape, and relabelling (non-consecutive: only d -> N+1-d).\n"
    "Pencilmarks and comments follow the puzzle; the form is that of the givens.\n"
    "\n"
    "Exit status: 0 every puzzle done; 1 some search gave up (too many\n"
    "equivalent partial transformations); 2 some input is malformed or breaks\n"
    "the rules; 3 usage error; 4 output or system error.\n";

/* Writes item's canonical puzzle. */
static void canon_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const cli_equiv *e = c->own;
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
    nonet_format f = cli_common_output(c, p);
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
    cli_equiv_record(item, f, q, &t, aut, extra.s);
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
    return cli_equiv_run(&c, canon_one, NULL, header, NULL, argv + optind, argc - optind);
}
