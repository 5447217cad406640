/*
 * cmd_convert.c - `nonet convert`: rewrites every puzzle (its givens, its
 * pencilmarks, its comment) in another format, without solving.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "carry.h"
#include "common.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet convert [OPTIONS] [FILE...]\n"
    "Rewrite every puzzle of the FILEs (standard input when none or '-') in\n"
    "another format, in input order, without solving it.\n"
    "\n"
    "Options:\n"
    "  -o, --output NAME   write this format (default line; nonet for a puzzle\n"
    "                      whose rules are not the classic ones of its size, and\n"
    "                      a format that cannot hold them is refused): line,\n"
    "                      grid, luogu, poj, hdu, pretty, unicode, framed, pencil,\n"
    "                      candidates, csv, json, tdoku, nonet\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "line, tdoku and pencil keep each puzzle's comment; pencil and candidates\n"
    "keep pencilmarks, which the other formats drop (single candidates stay as\n"
    "givens).\n"
    "\n"
    "Exit status: 0 every puzzle converted; 2 some input is malformed (it is\n"
    "reported on standard error and left out); 3 usage error; 4 output or\n"
    "system error.\n";

static void convert_one(void *vctx, void *state, cli_item *item)
{
    const cli_common *c = vctx;
    (void)state;
    int f = cli_puzzle_format(item, "convert", c->output, NONET_FORMAT_LINE,
                              nonet_puzzle_shape(item->puzzle), 0);
    if (f < 0) return; /* noted on item */
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = item->puzzle;
    rec.seconds = -1;
    if (cli_append_record(&item->out, (nonet_format)f, &rec)) item->exit_status = EXIT_SYSTEM;
}

int cmd_convert(int argc, char **argv)
{
    static const int accepts[] = {'f', 'o', 'h', 0};
    cli_common c;
    cli_common_init(&c, "convert", usage, NULL);
    c.pipe.jobs = 1;
    int st = cli_common_parse(&c, argc, argv, accepts, NULL);
    if (st != CLI_GO_ON) return st;
    return cli_common_run(&c, convert_one, argv + optind, argc - optind);
}
