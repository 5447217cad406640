/*
 * csv.c - nonet's CSV records (NONET_FORMAT_CSV): a header line
 * "index,puzzle,status,count,solution,seconds", then one row a puzzle.
 * Read back: the header is skipped (a header alone is an input of zero
 * puzzles, no error); in every other line the puzzle (N*N symbols, or 729
 * pencilmarks) is the field the header names "puzzle" (any case: nonet's
 * own "index,puzzle,...", qqwing --csv's "Puzzle,Solution,"), the second
 * before a header.
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <string.h>
#include <strings.h>

/* 1 + the field of a header line named "puzzle" (any case), when the line
 * is a header: nonet's "index,puzzle,..." or one that opens with
 * "puzzle," (qqwing --csv); else 0. */
static int is_header(const nonet__line *l)
{
    if (l->len >= 13 && memcmp(l->text, "index,puzzle,", 13) == 0) return 2;
    if (l->len >= 7 && strncasecmp(l->text, "puzzle,", 7) == 0) return 1;
    return 0;
}

/* The field number k (0-based) of line l into *at, *len; 0 when absent. */
static int field(const nonet__line *l, int k, const char **at, size_t *len)
{
    const char *p = l->text, *end = l->text + l->len;
    for (; k > 0; k--) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        if (!comma) return 0;
        p = comma + 1;
    }
    const char *comma = memchr(p, ',', (size_t)(end - p));
    *at = p;
    *len = (size_t)((comma ? comma : end) - p);
    return 1;
}

/* Reads the next row, skipping headers: its second field is the puzzle. */
static nonet_status read_csv(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    int header;
    for (;;) {
        if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
        nonet__lines_next(&r->lines, &l);
        if (!(header = is_header(&l))) break;
        /* a header: a table, whose rows may be none (nonet's own CSV for an
           input without puzzles), which is no error */
        r->marked_end = 1;
        r->csv_field = header;
    }
    int k = r->csv_field ? r->csv_field - 1 : 1;
    const char *at;
    size_t len;
    if (!field(&l, k, &at, &len))
        return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0,
                           k == 1 ? "a CSV row needs index,puzzle"
                                  : "a CSV row needs the puzzle field of its header");
    return nonet__read_record_puzzle(r, at, len, l.no, out, err);
}

/* Rule 2: a header, "index,puzzle,..." or "Puzzle,...". */
static int detect(const nonet__sniff *s) { return is_header(&s->l) != 0; }

/* A grid alone: its one-line form. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_ONE_LINE);
}

/* index,puzzle,status,count,solution,seconds,message (the first stored
 * solution; the message quoted when it must be). */
static void put_record(nonet__out *o, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    nonet__put_ull(o, (unsigned long long)p->index);
    nonet__putc(o, ',');
    nonet__put_record_puzzle(o, p);
    nonet__putc(o, ',');
    nonet__puts(o, nonet__record_status(rec));
    nonet__putc(o, ',');
    if (rec->result) nonet__put_ull(o, rec->result->solutions);
    nonet__putc(o, ',');
    if (rec->nsolutions && rec->solutions) nonet__put_record_solution(o, rec, 0);
    nonet__putc(o, ',');
    if (rec->seconds >= 0) nonet__put_fixed6(o, rec->seconds);
    nonet__putc(o, ',');
    if (rec->message) nonet__put_csv_field(o, rec->message);
    nonet__putc(o, '\n');
}

const nonet__format_def nonet__format_csv = {
    .id = NONET_FORMAT_CSV,
    .name = "csv",
    .reads_as = NONET_FORMAT_CSV,
    .detect = detect,
    .read = read_csv,
    .put_grid = put_grid,
    .puzzle_is_record = 1,
    .put_record = put_record,
};
