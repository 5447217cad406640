/*
 * cmd_print.c - `nonet print`: puzzle sheets for people, as PDF, SVG or PNG.
 *
 * The puzzles are read like every command reads them (any format, bad
 * input named and skipped) on one thread, in input order; each goes to
 * the sheet (sheet/sheet.h) as it comes, solved first when the answers
 * section is asked for. The sheet draws and writes pages as they fill.
 * The drawing is the renderer module (sheet/module.h), opened here once
 * the options are known, so no other command loads cairo.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "common.h"

#include "caption.h"
#include "difficulty.h"
#include "module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: nonet print [OPTIONS] [FILE...]\n"
    "Print the puzzles of the FILEs (standard input when none or '-') on sheets\n"
    "for people: a PDF of several pages, or SVG or PNG pictures, one a page.\n"
    "\n"
    "Options:\n"
    "  -O, --output-file FILE  write the sheet to FILE (default: standard output);\n"
    "                      its format is -o's, else FILE's extension (.pdf, .svg,\n"
    "                      .png); a sheet of several pages in SVG or PNG is\n"
    "                      written as FILE-1.png, FILE-2.png, ... (FILE without\n"
    "                      its extension, the page number, the extension)\n"
    "  -o, --output NAME   the sheet's format: pdf (default), svg or png\n"
    "      --per-page N    puzzles a page: 1 (default), 2, 4 or 6\n"
    "      --paper NAME    a4 (default) or letter\n"
    "      --title TEXT    a title on top of every page\n"
    "      --caption FIELDS  what each grid's caption shows, comma-separated:\n"
    "                      index, rating, difficulty, seed, source (file:line),\n"
    "                      or none (default: index,rating,difficulty)\n"
    "      --answers       add the answers (solved by nonet), small grids at the end\n"
    "      --candidates    pencilmarks in the empty cells: a candidate state's own,\n"
    "                      else every digit no given of the cell's houses holds\n"
    "      --large-print   bigger symbols and captions, thicker lines\n"
    "      --font NAME     a fontconfig font name (default DejaVu Sans)\n"
    "      --dpi N         PNG resolution in pixels per inch (default 150)\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "Limits (with --answers: solving a puzzle):\n" CLI_HELP_LIMITS "\n"
    "print draws the pages in input order on one thread (-j is taken and has no\n"
    "effect). The -o FILE of nonet 0.x is now -O FILE.\n"
    "\n"
    "Each grid has a caption: its number, and the rating its comment carries\n"
    "(\"# ER 7.1\", a serate \"7.1/1.2/1.2\") with the difficulty of that ER (easy,\n"
    "medium, hard, fiendish, diabolical, nightmare); the seed (\"# seed 42\") only\n"
    "with --caption seed. Variants are drawn the way puzzle books draw them\n"
    "(marked diagonals, shaded windows, dots for disjoint groups); every rule\n"
    "that is not classic (jigsaw regions, variants, extra groups) has a one-line\n"
    "rule under the grid.\n"
    "\n"
    "Exit status: 0 every puzzle printed (with --answers: each with exactly one\n"
    "solution); 1 with --answers, some puzzle has none or several, or was given\n"
    "up; 2 some input is malformed or breaks the rules (it is reported on\n"
    "standard error and left out); 3 usage error, or 'nonet print' is not\n"
    "available (built without cairo, or its renderer nonet-sheet.so cannot be\n"
    "loaded); 4 output or system error.\n";

/* Print's own settings and the sheet being made. */
typedef struct print_own {
    sheet_options sheet;
    int per_page_set; /* --per-page given (else large print picks) */
    int bad;          /* an option value was refused: the exit status */
    int format_given; /* -o named the format */
    sheet_renderer r; /* the loaded renderer (open_sheet on) */
    sheet *out;
    int failed; /* the sheet could not be written: skip the rest */
} print_own;

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

/* Parses a whole number in lo..hi; -1 when invalid. */
static long parse_range(const char *text, long lo, long hi)
{
    char *end;
    long v = strtol(text, &end, 10);
    return *text && !*end && v >= lo && v <= hi ? v : -1;
}

/* 1 when text is well-formed UTF-8 (what cairo can show), else 0. */
static int utf8_valid(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        int more = *s < 0x80                           ? 0
                   : (*s & 0xE0) == 0xC0 && *s >= 0xC2 ? 1
                   : (*s & 0xF0) == 0xE0               ? 2
                   : (*s & 0xF8) == 0xF0 && *s <= 0xF4 ? 3
                                                       : -1;
        if (more < 0) return 0;
        for (s++; more > 0; more--, s++)
            if ((*s & 0xC0) != 0x80) return 0;
    }
    return 1;
}

/* Takes --caption FIELDS; records a refused field in own->bad. */
static void caption_option(print_own *own, const char *arg)
{
    const char *bad;
    size_t len;
    if (sheet_caption_fields(arg, &own->sheet.caption, &bad, &len) == 0) return;
    if (len == 4 && strncmp(bad, "none", 4) == 0)
        own->bad = cli_usage_error("print", "--caption: 'none' goes alone");
    else
        own->bad = cli_usage_error("print",
                                   "--caption: unknown field '%.*s' (index, rating, difficulty, "
                                   "seed, source or none)",
                                   (int)len, bad);
}

/* Applies an option that takes a value; records a refused value in own->bad. */
static void valued_option(print_own *own, int opt, const char *arg)
{
    long v;
    switch (opt) {
    case 'o':
        v = sheet_format_from_name(arg);
        if (v < 0 && (strchr(arg, '.') || strchr(arg, '/')))
            own->bad = cli_usage_error("print",
                                       "-o names the sheet's format (pdf, svg or png); the file "
                                       "is given with -O FILE, --output-file FILE (nonet print "
                                       "-O %s)",
                                       arg);
        else if (v < 0)
            own->bad = cli_usage_error("print", "unknown sheet format '%s' (pdf, svg or png)", arg);
        else own->sheet.format = (sheet_format)v, own->format_given = 1;
        break;
    case CLI_OPT_OUTPUT_FILE: own->sheet.path = strcmp(arg, "-") == 0 ? NULL : arg; break;
    case CLI_OPT_PER_PAGE:
        v = parse_range(arg, 1, 6);
        if (v < 0 || !sheet_per_page_valid((int)v))
            own->bad = cli_usage_error("print", "bad --per-page '%s' (1, 2, 4 or 6)", arg);
        else own->sheet.style.per_page = (int)v, own->per_page_set = 1;
        break;
    case CLI_OPT_PAPER:
        v = sheet_paper_from_name(arg);
        if (v < 0) own->bad = cli_usage_error("print", "unknown paper '%s' (a4 or letter)", arg);
        else own->sheet.style.paper = (sheet_paper)v;
        break;
    case CLI_OPT_DPI:
        v = parse_range(arg, 36, 1200);
        if (v < 0) own->bad = cli_usage_error("print", "bad --dpi '%s' (36 to 1200)", arg);
        else own->sheet.dpi = (double)v;
        break;
    case CLI_OPT_TITLE:
        if (!utf8_valid(arg)) own->bad = cli_usage_error("print", "the title is not UTF-8 text");
        else own->sheet.title = *arg ? arg : NULL;
        break;
    case CLI_OPT_CAPTION: caption_option(own, arg); break;
    default: own->sheet.font = arg; break; /* CLI_OPT_FONT */
    }
}

/* Takes print's own options; returns 1 when `opt` was one of them. */
static int own_option(void *vown, int opt)
{
    print_own *own = vown;
    switch (opt) {
    case 'o':
    case CLI_OPT_OUTPUT_FILE:
    case CLI_OPT_PER_PAGE:
    case CLI_OPT_PAPER:
    case CLI_OPT_DPI:
    case CLI_OPT_TITLE:
    case CLI_OPT_CAPTION:
    case CLI_OPT_FONT:
        if (!own->bad) valued_option(own, opt, optarg);
        return 1;
    case CLI_OPT_ANSWERS: own->sheet.answers = 1; return 1;
    case CLI_OPT_CANDIDATES: own->sheet.candidates = 1; return 1;
    case CLI_OPT_LARGE_PRINT: own->sheet.style.large_print = 1; return 1;
    case 'h': return own->bad != 0; /* a refused value wins over --help */
    default: return 0;
    }
}

/* ------------------------------------------------------------------ */
/* One puzzle                                                           */
/* ------------------------------------------------------------------ */

/* Solves item's puzzle for the answers section. Returns 0 with *how and
 * o->solutions set, or -1 when the puzzle is to be left out (reported). */
static int solve_for_answers(cli_common *c, nonet_solver *solver, cli_item *item, cli_outcome *o,
                             sheet_answer *how)
{
    const nonet_puzzle *p = item->puzzle;
    double deadline;
    nonet_options bounds = cli_common_bounds(c, &deadline);
    cli_common_solve(c, o, solver, &bounds, 1, item);
    if (o->status != NONET_OK && o->status != NONET_ERR_LIMIT) return -1;
    *how = o->res.gave_up          ? SHEET_ANSWER_GAVE_UP
           : o->res.solutions == 0 ? SHEET_ANSWER_IMPOSSIBLE
           : o->res.solutions == 1 ? SHEET_ANSWER_UNIQUE
                                   : SHEET_ANSWER_SEVERAL;
    if (*how == SHEET_ANSWER_SEVERAL)
        cli_text_printf(
            &item->err,
            "nonet: %s:%ld: the puzzle has several solutions; the answers show the first\n",
            nonet_puzzle_source(p), nonet_puzzle_line(p));
    else if (*how == SHEET_ANSWER_IMPOSSIBLE)
        cli_text_printf(&item->err, "nonet: %s:%ld: the puzzle has no solution\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    return 0;
}

/* Puts one puzzle on the sheet (the sheet takes it from the item). */
static void print_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    print_own *own = c->own;
    if (own->failed) return;
    cli_outcome o;
    memset(&o, 0, sizeof o);
    sheet_answer how = SHEET_ANSWER_NONE;
    nonet_error err;
    if (own->sheet.answers) {
        if (solve_for_answers(c, state, item, &o, &how)) {
            cli_outcome_free(&o);
            return;
        }
    } else if (nonet_puzzle_check(item->puzzle, &err) != NONET_OK) {
        cli_put_item_error(item, &err);
        item->exit_status = EXIT_BAD_INPUT;
        return;
    }
    nonet_puzzle *p = item->puzzle;
    item->puzzle = NULL;
    char msg[512];
    if (own->r.fn->add(own->out, p, o.stored ? o.solutions : NULL, how, msg, sizeof msg)) {
        cli_text_printf(&item->err, "nonet: %s\n", msg);
        item->exit_status = EXIT_SYSTEM;
        own->failed = 1;
    }
    cli_outcome_free(&o);
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

/* Loads the renderer and opens the sheet once the options are known.
 * Returns CLI_GO_ON (own->r loaded, own->out open) or an exit status (the
 * renderer unloaded). */
static int open_sheet(print_own *own)
{
    if (!own->per_page_set) own->sheet.style.per_page = 1;
    int ext = own->sheet.path ? sheet_format_from_path(own->sheet.path) : -1;
    if (own->format_given && ext >= 0 && ext != (int)own->sheet.format)
        return cli_usage_error("print", "-o and the extension of '%s' name two formats",
                               own->sheet.path);
    if (own->sheet.path && !own->format_given) {
        int v = sheet_format_from_path(own->sheet.path);
        if (v < 0)
            return cli_usage_error("print",
                                   "cannot tell the format of '%s' (name it FILE.pdf, FILE.svg "
                                   "or FILE.png, or give -o pdf|svg|png)",
                                   own->sheet.path);
        own->sheet.format = (sheet_format)v;
    }
    if (!own->sheet.path && own->sheet.format != SHEET_PDF)
        return cli_usage_error("print", "an %s sheet is written to files: give -O FILE",
                               own->sheet.format == SHEET_SVG ? "SVG" : "PNG");
    if (!own->sheet.path && own->sheet.format == SHEET_PDF && isatty(STDOUT_FILENO))
        return cli_usage_error("print", "the PDF would go to the terminal; give -O FILE.pdf "
                                        "or redirect standard output");
    char msg[768];
    if (sheet_renderer_load(&own->r, msg, sizeof msg)) {
        fprintf(stderr, "nonet: %s\n", msg);
        return EXIT_USAGE;
    }
    own->out = own->r.fn->new_sheet(&own->sheet, msg, sizeof msg);
    if (!own->out) {
        fprintf(stderr, "nonet: %s\n", msg);
        sheet_renderer_unload(&own->r);
        return EXIT_SYSTEM;
    }
    const char *warning = own->r.fn->warning(own->out);
    if (warning) fprintf(stderr, "nonet: %s\n", warning);
    return CLI_GO_ON;
}

/* Finishes the sheet after the batch; returns the worse of both statuses. */
static int close_sheet(print_own *own, int status)
{
    char msg[512];
    if (!own->failed && own->r.fn->finish(own->out, msg, sizeof msg) < 0) {
        fprintf(stderr, "nonet: %s\n", msg);
        status = EXIT_SYSTEM;
    }
    own->r.fn->free_sheet(own->out);
    own->out = NULL;
    sheet_renderer_unload(&own->r);
    return own->failed && status < EXIT_SYSTEM ? EXIT_SYSTEM : status;
}

int cmd_print(int argc, char **argv)
{
    static const int accepts[] = {'o',
                                  CLI_OPT_PER_PAGE,
                                  CLI_OPT_PAPER,
                                  CLI_OPT_TITLE,
                                  CLI_OPT_CAPTION,
                                  CLI_OPT_ANSWERS,
                                  CLI_OPT_CANDIDATES,
                                  CLI_OPT_LARGE_PRINT,
                                  CLI_OPT_FONT,
                                  CLI_OPT_DPI,
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  CLI_OPT_TIMEOUT,
                                  CLI_OPT_MAX_NODES,
                                  CLI_OPT_PROGRESS,
                                  'h',
                                  0};
    static cli_common c; /* static: the region map is large */
    static print_own own;
    memset(&own, 0, sizeof own);
    own.sheet.dpi = 150;
    own.sheet.caption = SHEET_CAPTION_DEFAULT;
    own.sheet.difficulty_name = cli_difficulty_name;
    cli_common_init(&c, "print", usage, &own);
    c.limits = 1;
    int st = cli_common_parse(&c, argc, argv, accepts, own_option);
    if (st != CLI_GO_ON) return st;
    c.pipe.jobs = 1; /* pages are drawn in input order, as the puzzles come */
    if (own.bad || (st = open_sheet(&own)) != CLI_GO_ON) {
        cli_common_free(&c);
        return own.bad ? own.bad : st;
    }
    st = cli_common_run(&c, print_one, argv + optind, argc - optind);
    return close_sheet(&own, st);
}
