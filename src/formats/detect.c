/*
 * detect.c - telling the input format from the first lines: the driver. The
 * rules themselves live beside their formats and run in the registry's
 * order (registry.c); the first that says yes decides. Together they are
 * (docs/FORMATS.md), on the first line that is not blank and not a '#'
 * comment:
 *  0. nonet.c: "nonet" or "nonet ..." opens the self-describing format.
 *  1. hdu.c, poj.c: a line of at most 7 digits is a count T (unless the next
 *     line has the same length: then it is a small grid's first row). HDU
 *     4069 when the next line has a value above 9 (wall codes), POJ 2676
 *     otherwise.
 *  2. json.c, csv.c: nonet's records: '{' opens JSON Lines, the header
 *     "index,puzzle,..." CSV.
 *  3. pencil.c, line.c: a run of N*N symbols followed by a comment (after a
 *     space, tab, '#', ';', ',' or ':'), or of more than 64 = 8*8 symbols,
 *     is a puzzle line; a pencilmark line when the run has 729 symbols, each
 *     '.' or a digit 1-9. "end" is an empty AcWing input (line format).
 *     A single run of L = N*N symbols (4 <= N <= 64) is a puzzle line too,
 *     unless it may be a grid row (L <= 64) and the first L lines all have
 *     length L with one holding a symbol beyond the line puzzle's digits.
 *  4. candidates.c, framed.c: frames, when the line with '|', '+' and
 *     box-drawing characters turned into spaces is a rule or held a frame
 *     character: a candidate grid when one of the first 9 rows holds 9 cells
 *     and a cell of 2..9 digits 1-9, else a framed grid (.ss, qqwing); the
 *     same candidate rows without frames are a candidate grid too.
 *  5. luogu.c: several whitespace-separated values: a grid of values.
 *  6. grid.c: one run of 4..64 symbols: a grid row.
 * Anything else cannot be told apart: the reader asks for --format.
 */
#include "formats/format.h"

#include "core/error.h"

/* Fills what the rules look at for the content line l at position pos. */
static void sniff_line(nonet__sniff *s, nonet_reader *r, long pos, const nonet__line *l)
{
    char buf[4096];
    int start[2], len[2];
    s->r = r;
    s->pos = pos;
    s->l = *l;
    s->span = nonet__grid_span(l->text, l->len);
    s->square = 0;
    for (int n = NONET_MIN_SIZE; n <= NONET_MAX_SIZE; n++)
        s->square |= (size_t)n * (size_t)n == s->span;
    s->tokens = nonet__tokens(l, 2, start, len);
    size_t clean = nonet__frame_clean(l, buf, sizeof buf, &s->framed);
    s->framed = s->framed || nonet__frame_is_rule(buf, clean, 2, 9);
}

const nonet__format_def *nonet__detect(nonet_reader *r, nonet_error *err)
{
    nonet__line l;
    long pos = nonet__lines_peek_content_from(&r->lines, 0, &l);
    if (pos < 0) /* empty: the line reader reports it */
        return nonet__format_def_of(NONET_FORMAT_LINE);
    /* Decide on the first line that is not too long (the format's reader then
     * reports the long ones); look past a few only, as peeked lines are held. */
    for (int skipped = 0; l.too_long && skipped < 4; skipped++) {
        nonet__line next;
        long at = nonet__lines_peek_content_from(&r->lines, pos + 1, &next);
        if (at < 0) break;
        pos = at;
        l = next;
    }
    if (l.too_long) {
        nonet__fail(err, NONET_ERR_DETECT, l.no, 0, "line is longer than %d bytes",
                    NONET__MAX_LINE);
        return NULL;
    }
    nonet__sniff s;
    sniff_line(&s, r, pos, &l);
    for (int i = 0; i < nonet__format_count; i++) {
        const nonet__format_def *d = nonet__format_table[i];
        if (d->detect && d->detect(&s)) return d;
    }
    nonet__fail(err, NONET_ERR_DETECT, l.no, 0,
                "cannot tell the format: a line of %d symbols is neither a puzzle (N*N symbols, "
                "81 for 9x9) nor a grid row (4..64); name it with --format",
                (int)l.len);
    return NULL;
}
