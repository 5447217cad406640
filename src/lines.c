/*
 * lines.c - plain 9x9 lines in bulk (nonet_solve_lines): each line checked
 * and turned into givens eight bytes at a time, solved by the solver's
 * classic 9x9 call without a puzzle object, and answered as `nonet solve`
 * answers in the line format. The reading side, nonet_reader_take_lines,
 * is the reader's (formats/reader.c).
 */
#include "core/error.h"
#include "engines/engine.h"
#include "text/lines.h"

#include <string.h>

/* Writes the answer `nonet solve` writes for one line after a search that
 * ended with `res` (first: its first solution): the solution's digits and
 * '\n', "Gave up\n" (uniqueness unknown, whatever was found) or
 * "No solution\n", at most NONET_PLAIN_LINE bytes. Returns the bytes
 * written and sets *verdict. */
static size_t line_answer(const nonet_result *res, const unsigned char *first, char *out,
                          unsigned char *verdict)
{
    static const char gave_up[] = "Gave up\n", none[] = "No solution\n";
    if (res->gave_up) {
        *verdict = NONET_LINE_GAVE_UP;
        memcpy(out, gave_up, sizeof gave_up - 1);
        return sizeof gave_up - 1;
    }
    if (!res->solutions) {
        *verdict = NONET_LINE_NONE;
        memcpy(out, none, sizeof none - 1);
        return sizeof none - 1;
    }
    *verdict = res->solutions > 1 ? NONET_LINE_SEVERAL : NONET_LINE_UNIQUE;
    nonet__plain9_put(first, out);
    return NONET_PLAIN_LINE;
}

/* nonet_solve_lines' loop on checked arguments: adds the lines answered
 * to *done and the bytes written to *used. */
static nonet_status solve_plain(nonet_solver *s, const nonet_options *opt, const char *text,
                                size_t len, size_t *done, char *out, size_t cap, size_t *used,
                                unsigned char *verdicts, nonet_error *err)
{
    for (size_t at = 0; at < len && cap - *used >= NONET_PLAIN_LINE; at += NONET_PLAIN_LINE) {
        unsigned char cells[81], first[81], verdict;
        if (len - at < NONET_PLAIN_LINE || !nonet__plain9(text + at, cells))
            return nonet__fail(err, NONET_ERR_SYNTAX, (long)*done + 1, 0,
                               "not a plain 9x9 line (81 of 1-9 . 0, then a newline)");
        nonet_result res;
        nonet_status st = nonet__solve_classic9(s, cells, opt, first, &res, err);
        if (st) return st;
        *used += line_answer(&res, first, out + *used, &verdict);
        if (verdicts) verdicts[*done] = verdict;
        ++*done;
    }
    return NONET_OK;
}

nonet_status nonet_solve_lines(nonet_solver *s, const nonet_options *opt, const char *text,
                               size_t len, size_t *lines, char *out, size_t cap, size_t *out_len,
                               unsigned char *verdicts, nonet_error *err)
{
    nonet_options defaults;
    nonet_error scratch;
    size_t done = 0, used = 0;
    nonet_status st;
    if (!err) err = &scratch;
    if (!opt) {
        nonet_options_init(&defaults);
        opt = &defaults;
    }
    if (!s || (!text && len) || (!out && cap) || !nonet__options_ok(opt))
        st = nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad solver, text, buffer, engine or SIMD cap");
    else st = solve_plain(s, opt, text, len, &done, out, cap, &used, verdicts, err);
    if (lines) *lines = done;
    if (out_len) *out_len = used;
    return st;
}
