/*
 * registry.c - the one table of formats: every format file's definition,
 * in the order detection tries their rules (see detect.c), and the lookups
 * by number and by name. Adding a format is one row here.
 */
#include "formats/format.h"

#include <string.h>

extern const nonet__format_def nonet__format_line, nonet__format_grid, nonet__format_luogu,
    nonet__format_poj, nonet__format_hdu, nonet__format_pretty, nonet__format_framed,
    nonet__format_pencil, nonet__format_candidates, nonet__format_unicode, nonet__format_csv,
    nonet__format_json, nonet__format_tdoku, nonet__format_nonet, nonet__format_fpuzzles,
    nonet__format_fpuzzles_link, nonet__format_sudokupad;

/* Detection order: a rule may assume the rules above it said no. */
const nonet__format_def *const nonet__format_table[] = {
    &nonet__format_nonet,         /* "nonet 1" header */
    &nonet__format_hdu,           /* a count, then wall-coded values */
    &nonet__format_poj,           /* a count */
    &nonet__format_sudokupad,     /* a SudokuPad link, an scl/ctc payload */
    &nonet__format_fpuzzles,      /* '{' with "grid", a link, an LZ-string payload */
    &nonet__format_json,          /* '{' */
    &nonet__format_csv,           /* "index,puzzle," header */
    &nonet__format_pencil,        /* 729 pencilmarks on a line */
    &nonet__format_line,          /* N*N symbols on a line; "end" */
    &nonet__format_candidates,    /* rows of candidate strings */
    &nonet__format_framed,        /* rows with box separators */
    &nonet__format_luogu,         /* rows of spaced values */
    &nonet__format_grid,          /* rows of symbols */
    &nonet__format_pretty,        /* written only (read as luogu) */
    &nonet__format_unicode,       /* written only (read as framed) */
    &nonet__format_tdoku,         /* written only (read as line) */
    &nonet__format_fpuzzles_link, /* written only (read as fpuzzles) */
};

const int nonet__format_count = (int)(sizeof nonet__format_table / sizeof nonet__format_table[0]);

const nonet__format_def *nonet__format_def_of(nonet_format f)
{
    for (int i = 0; i < nonet__format_count; i++)
        if (nonet__format_table[i]->id == f) return nonet__format_table[i];
    return NULL;
}

const char *nonet_format_name(nonet_format f)
{
    const nonet__format_def *d = nonet__format_def_of(f);
    if (f == NONET_FORMAT_AUTO) return "auto";
    return d ? d->name : NULL;
}

int nonet_format_from_name(const char *name)
{
    if (!name) return -1;
    if (strcmp(name, "auto") == 0) return NONET_FORMAT_AUTO;
    for (int i = 0; i < nonet__format_count; i++)
        if (strcmp(name, nonet__format_table[i]->name) == 0) return (int)nonet__format_table[i]->id;
    for (int i = 0; i < nonet__format_count; i++)
        for (const char *const *a = nonet__format_table[i]->aliases; a && *a; a++)
            if (strcmp(name, *a) == 0) return (int)nonet__format_table[i]->id;
    return -1;
}
