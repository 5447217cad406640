/*
 * cmd_shuffle.c - `nonet shuffle`: K random equivalent copies of every
 * puzzle. Copy k of puzzle i (both counted from 1 over the whole input)
 * draws from seed nonet_seed_derive(nonet_seed_derive(S, i), k), so the
 * output depends only on the seed and the input, never on -j.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "equiv.h"
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet shuffle [OPTIONS] [FILE...]\n"
    "Write random equivalent copies of every puzzle of the FILEs (standard input\n"
    "when none or '-'), in input order: each copy is the puzzle moved by a\n"
    "transformation drawn uniformly from its shape's group (see nonet canon);\n"
    "a puzzle with constraints (cages, thermometers, ...) is only turned or\n"
    "mirrored, its digits relabelled only when no constraint reads them.\n"
    "\n"
    "Options:\n"
    "      --seed S        seed of the run (default 0): copy k of puzzle i comes\n"
    "                      from a seed derived from S, i and k, so the output is\n"
    "                      the same for every -j\n"
    "  -n, --copies K      copies of each puzzle (default 1); above 64, the\n"
    "                      puzzles are taken one at a time (-j is not used)\n"
    "                      and the copies written as they are made, so memory\n"
    "                      stays flat for any K\n"
    "  -o, --output NAME   write this format (default: the input's); json adds\n"
    "                      the copy number and the transformation that made it;\n"
    "                      csv writes index,puzzle,copy\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "Pencilmarks and comments follow each copy.\n"
    "\n"
    "Exit status: 0 every puzzle shuffled; 2 some input is malformed; 3 usage\n"
    "error; 4 output or system error.\n";

/* Copies of a puzzle held at most before shuffle works on one puzzle at a
 * time, streaming them (a batch holds 64 puzzles, and 4 a thread are in
 * flight: 64 copies of a 64x64 puzzle are about 1 MB). */
#define SHUFFLE_HELD 64

/* Writes the copies of one puzzle. */
static void shuffle_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const cli_equiv *e = c->own;
    const nonet_puzzle *p = item->puzzle;
    int f = cli_common_puzzle_output(c, item, p);
    if (f < 0) return; /* noted on item */
    uint64_t base = nonet_seed_derive(e->seed, item->seq + 1);
    (void)state;
    for (unsigned long k = 1; k <= e->copies; k++) {
        nonet_transform t;
        nonet_error err;
        nonet_puzzle *q = NULL;
        if (nonet_puzzle_transform_random(p, nonet_seed_derive(base, k), &t, &err) ||
            !(q = nonet_puzzle_transform(p, &t, &err))) {
            cli_equiv_fail(item, &err);
            return;
        }
        char extra[48];
        snprintf(extra, sizeof extra, f == NONET_FORMAT_CSV ? ",%lu,ok," : ",\"copy\":%lu", k);
        int st = cli_equiv_record(item, (nonet_format)f, q, &t, 0, extra);
        nonet_puzzle_free(q);
        if (st) return;
        if (item->stream) cli_output_stream(item->stream, item); /* held: one copy */
    }
}

int cmd_shuffle(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  CLI_OPT_COPIES,
                                  CLI_OPT_SEED,
                                  CLI_OPT_PROGRESS,
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  0};
    static cli_common c; /* static: the region map is large */
    cli_equiv e;
    memset(&e, 0, sizeof e);
    e.copies = 1;
    cli_common_init(&c, "shuffle", usage, &e);
    int st = cli_equiv_parse(&c, argc, argv, accepts);
    if (st != CLI_GO_ON) return st;
    const char *header = c.output == NONET_FORMAT_CSV ? "index,puzzle,copy,status,message\n" : NULL;
    c.csv_columns = 5;
    c.csv_status = 3;
    c.pipe.unread = cli_common_unread; /* one answer a puzzle, malformed ones too */
    /* Many copies: one puzzle at a time, each copy written as it is made,
     * so memory stays flat however large K is (the copies' seeds do not
     * depend on the thread, so the output is the same). */
    if (e.copies > SHUFFLE_HELD) c.pipe.jobs = 1;
    return cli_equiv_run(&c, shuffle_one, NULL, header, NULL, argv + optind, argc - optind);
}
