/*
 * rows.c - the row loop of every grid reader (see rows.h).
 */
#include "text/rows.h"

#include "core/error.h"

/* Reports rows missing after `got` rows, at line `line`, unless an error
 * came first (then that one stands). */
static nonet_status missing(const nonet__rows *rs, nonet_status first, int got, long line,
                            nonet_error *err)
{
    if (first) return first;
    return nonet__fail(err, rs->missing, line, 0, "%s after %d of %s %d rows", rs->what, got,
                       rs->its, rs->n);
}

/* Consumes lines up to the next row and returns 1 with *l set, or 0 when
 * the grid ends first (end of input or a stop line). */
static int next_row(const nonet__rows *rs, nonet__line *l)
{
    for (;;) {
        if (nonet__lines_peek_content(rs->lines, l) <= 0) return 0;
        if (rs->stop && rs->stop(rs->ctx, l)) return 0;
        nonet__lines_next(rs->lines, l);
        if (!rs->skip || !rs->skip(rs->ctx, l)) return 1;
    }
}

nonet_status nonet__rows_read(const nonet__rows *rs, int from, nonet_error *err)
{
    nonet_status first = NONET_OK;
    nonet_error scratch;
    long last = nonet__lines_number(rs->lines);
    for (int row = from; row < rs->n; row++) {
        nonet__line l;
        if (row > 0 && rs->gap && rs->gap(rs->ctx, row))
            return missing(rs, first, row, nonet__lines_number(rs->lines) + 1, err);
        if (!next_row(rs, &l))
            return missing(rs, first, row, rs->at_last_row ? last : nonet__lines_number(rs->lines),
                           err);
        last = l.no;
        if (rs->row_line) rs->row_line[row] = l.no;
        nonet_status st = rs->row(rs->ctx, &l, row, first ? &scratch : err);
        if (st && !first) first = st;
    }
    return first;
}
