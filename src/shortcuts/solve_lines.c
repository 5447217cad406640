/*
 * solve_lines.c - plain 9x9 lines in bulk (nonet_solve_lines): each line checked
 * and turned into givens eight bytes at a time, solved by the solver's
 * classic 9x9 call without a puzzle object, and answered with a verdict
 * and the first solution. The reading side, nonet_reader_take_lines, is
 * the reader's (formats/reader.c); the writing side, nonet_write_line_answer,
 * the line format's (formats/line.c).
 */
#include "core/error.h"
#include "engines/engine.h"
#include "text/line_split.h"

/* The verdict of a search that ended with `res`. */
static unsigned char line_verdict(const nonet_result *res)
{
    if (res->gave_up) return NONET_LINE_GAVE_UP;
    if (!res->solutions) return NONET_LINE_NONE;
    return res->solutions > 1 ? NONET_LINE_SEVERAL : NONET_LINE_UNIQUE;
}

/* nonet_solve_lines' loop on checked arguments: adds the lines answered
 * to *done. */
static nonet_status solve_plain(nonet_solver *s, const nonet_options *opt, const char *text,
                                size_t len, nonet_line_answer *answers, size_t max, size_t *done,
                                nonet_error *err)
{
    for (size_t at = 0; at < len && *done < max; at += NONET_PLAIN_LINE) {
        unsigned char cells[81];
        if (len - at < NONET_PLAIN_LINE || !nonet__plain9(text + at, cells))
            return nonet__fail(err, NONET_ERR_SYNTAX, (long)*done + 1, 0,
                               "not a plain 9x9 line (81 of 1-9 . 0, then a newline)");
        nonet_result res;
        nonet_line_answer *a = &answers[*done];
        nonet_status st = nonet__solve_classic9(s, cells, opt, a->grid, &res, err);
        if (st) return st;
        a->verdict = line_verdict(&res);
        ++*done;
    }
    return NONET_OK;
}

nonet_status nonet_solve_lines(nonet_solver *s, const nonet_options *opt, const char *text,
                               size_t len, nonet_line_answer *answers, size_t max, size_t *lines,
                               nonet_error *err)
{
    nonet_options defaults;
    nonet_error scratch;
    size_t done = 0;
    nonet_status st;
    if (!err) err = &scratch;
    if (!opt) {
        nonet_options_init(&defaults);
        opt = &defaults;
    }
    if (!s || (!text && len) || (!answers && max) || !nonet__options_ok(opt))
        st = nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad solver, text, answers, engine or SIMD cap");
    else st = solve_plain(s, opt, text, len, answers, max, &done, err);
    if (lines) *lines = done;
    return st;
}
