/*
 * cmd_convert.c - `nonet convert`: rewrites every puzzle (its givens, its
 * pencilmarks, its comment) in another format, without solving.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "outcome.h"
#include "pipeline.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct convert_ctx {
    nonet_format output;
} convert_ctx;

static const char usage[] =
    "Usage: nonet convert [OPTIONS] [FILE...]\n"
    "Rewrite every puzzle of the FILEs (standard input when none or '-') in\n"
    "another format, in input order, without solving it.\n"
    "\n"
    "Options:\n"
    "  -f, --format NAME   read this format instead of detecting it: line, grid,\n"
    "                      luogu, poj, hdu, framed, pencil, candidates, csv,\n"
    "                      json, tdoku, nonet\n"
    "  -o, --output NAME   write this format (default line): line, grid, luogu, poj,\n"
    "                      hdu, pretty, unicode, framed, pencil, candidates, csv,\n"
    "                      json, tdoku, nonet\n"
    "  -h, --help          show this help and exit\n"
    "\n"
    "line, tdoku and pencil keep each puzzle's comment; pencil and candidates\n"
    "keep pencilmarks, which the other formats drop (single candidates stay as\n"
    "givens).\n"
    "\n"
    "Exit status: 0 every puzzle converted; 2 some input is malformed (it is\n"
    "reported on standard error and left out); 3 usage error; 4 output or\n"
    "system error.\n";

static void convert_one(void *vctx, void *state, cli_item *item)
{
    const convert_ctx *ctx = vctx;
    (void)state;
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = item->puzzle;
    rec.seconds = -1;
    if (cli_append_record(&item->out, ctx->output, &rec)) item->exit_status = EXIT_SYSTEM;
}

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {{"format", required_argument, NULL, 'f'},
                                             {"output", required_argument, NULL, 'o'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    convert_ctx ctx = {NONET_FORMAT_LINE};
    cli_pipeline p;
    memset(&p, 0, sizeof p);
    p.jobs = 1;
    int c, f;
    opterr = 0;
    for (int prev = optind; (c = getopt_long(argc, argv, ":f:o:h", longopts, NULL)) != -1;
         prev = optind) {
        switch (c) {
        case 'f':
            f = cli_input_format(optarg);
            if (f < 0) return cli_usage_error("convert", "unknown input format '%s'", optarg);
            p.format = (nonet_format)f;
            break;
        case 'o':
            f = nonet_format_from_name(optarg);
            if (f <= 0) return cli_usage_error("convert", "unknown output format '%s'", optarg);
            ctx.output = (nonet_format)f;
            break;
        case 'h': fputs(usage, stdout); return EXIT_UNIQUE;
        case ':':
        default: return cli_option_error("convert", argv, prev, c);
        }
    }
    if (ctx.output == NONET_FORMAT_CSV) cli_csv_header();
    p.work = convert_one;
    p.ctx = &ctx;
    return cli_pipeline_run(&p, argv + optind, argc - optind);
}
