/*
 * csv.c - nonet's CSV records (NONET_FORMAT_CSV): a header line
 * "index,puzzle,status,count,solution,seconds", then one row a puzzle.
 * Read back: the header is skipped (a header alone is an input of zero
 * puzzles, no error); in every other line the second field is the puzzle
 * (N*N symbols, or 729 pencilmarks).
 */
#include "formats/format.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <string.h>

/* 1 when the line is the header "index,puzzle,...". */
static int is_header(const nonet__line *l)
{
    return l->len >= 13 && memcmp(l->text, "index,puzzle,", 13) == 0;
}

/* Reads the next row, skipping headers: its second field is the puzzle. */
static nonet_status read_csv(nonet_reader *r, nonet_puzzle **out, nonet_error *err)
{
    nonet__line l;
    for (;;) {
        if (nonet__lines_peek_content(&r->lines, &l) <= 0) return NONET_END;
        nonet__lines_next(&r->lines, &l);
        if (!is_header(&l)) break;
        /* a header: a table, whose rows may be none (nonet's own CSV for an
           input without puzzles), which is no error */
        r->marked_end = 1;
    }
    const char *a = memchr(l.text, ',', l.len);
    const char *b = a ? memchr(a + 1, ',', l.len - (size_t)(a + 1 - l.text)) : NULL;
    if (!a) return nonet__fail(err, NONET_ERR_SYNTAX, l.no, 0, "a CSV row needs index,puzzle");
    if (!b) b = l.text + l.len;
    return nonet__read_record_puzzle(r, a + 1, (size_t)(b - a - 1), l.no, out, err);
}

/* Rule 2: the header "index,puzzle,...". */
static int detect(const nonet__sniff *s) { return is_header(&s->l); }

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
