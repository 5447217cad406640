/*
 * canon_lines.c - plain 9x9 lines canonicalised in bulk
 * (nonet_canon_lines): each line checked and turned into givens eight bytes
 * at a time, its form found by the 9x9 search without a puzzle object, and
 * written as `nonet canon -o line` writes it.
 */
#include "canon/canon.h"
#include "core/error.h"
#include "text/line_split.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Writes the line of 81 cells (each 0..9) to out, '.' for a blank:
 * NONET_PLAIN_LINE bytes. */
static void put_line(const unsigned char *cells, char *out)
{
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), digit0 = _mm_set1_epi8('0'),
                  gap = _mm_set1_epi8('0' - '.');
    for (int i = 0; i < 80; i += 16) { /* '0' + d, less the gap to '.' where d is 0 */
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(cells + i));
        v = _mm_sub_epi8(_mm_add_epi8(v, digit0), _mm_and_si128(_mm_cmpeq_epi8(v, zero), gap));
        _mm_storeu_si128((__m128i *)(void *)(out + i), v);
    }
    out[80] = (char)(cells[80] ? '0' + cells[80] : '.');
#else
    for (int i = 0; i < 81; i++) out[i] = (char)(cells[i] ? '0' + cells[i] : '.');
#endif
    out[81] = '\n';
}

/* nonet_canon_lines' loop on checked arguments: adds the lines answered to
 * *done and the bytes written to *used. */
static nonet_status canon_plain(nonet_canon *w, int mode, const char *text, size_t len,
                                size_t *done, char *out, size_t cap, size_t *used, nonet_error *err)
{
    for (size_t at = 0; at < len && cap - *used >= NONET_PLAIN_LINE; at += NONET_PLAIN_LINE) {
        unsigned char cells[81], form[81];
        if (len - at < NONET_PLAIN_LINE || !nonet__plain9(text + at, cells))
            return nonet__fail(err, NONET_ERR_SYNTAX, (long)*done + 1, 0,
                               "not a plain 9x9 line (81 of 1-9 . 0, then a newline)");
        canon_out res = {form, NULL, 0, 1}; /* the search checks rows, columns and boxes */
        nonet_status st = nonet__canon_fast9(w, cells, mode, &res, err);
        if (st) {
            err->line = (long)*done + 1;
            return st;
        }
        put_line(form, out + *used);
        *used += NONET_PLAIN_LINE;
        ++*done;
    }
    return NONET_OK;
}

nonet_status nonet_canon_lines(nonet_canon *c, nonet_canon_form form, const char *text, size_t len,
                               size_t *lines, char *out, size_t cap, size_t *out_len,
                               nonet_error *err)
{
    nonet_error scratch;
    size_t done = 0, used = 0;
    nonet_status st;
    if (!err) err = &scratch;
    if (!c || (!text && len) || (!out && cap))
        st = nonet__fail(err, NONET_ERR_ARG, 0, 0, "no workspace, text or buffer");
    else if (form != NONET_CANON_MINLEX && form != NONET_CANON_PATTERN)
        st = nonet__fail(err, NONET_ERR_ARG, 0, 0, "unknown canonical form %d", (int)form);
    else
        st = canon_plain(c, form == NONET_CANON_PATTERN ? CANON_PATTERN : CANON_MINLEX, text, len,
                         &done, out, cap, &used, err);
    if (lines) *lines = done;
    if (out_len) *out_len = used;
    return st;
}
