/*
 * tdoku.c - tdoku's test lines (NONET_FORMAT_TDOKU), written only:
 * "puzzle:count", plus ":solution" when the count is 1; a puzzle without a
 * result is its line and comment. It reads back as the line format (the
 * ":count:solution" after the grid is then the comment).
 */
#include "formats/format.h"

#include "core/puzzle.h"
#include "core/shape.h"

/* A grid alone: its one-line form. */
static void put_grid(nonet__out *o, const nonet_shape *s, const unsigned char *g)
{
    nonet__put_cells(o, s->n, s->ncells, g, NONET__CELLS_ONE_LINE);
}

/* The puzzle's line and its comment as read. */
static void put_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    size_t from = o->len;
    put_grid(o, p->shape, p->cells);
    nonet__out_drop(o, 1);
    if (p->comment && p->comment[0])
        nonet__put_comment_after(o, from, p->shape->ncells, p->comment);
    nonet__putc(o, '\n');
}

/* puzzle:count, and :solution when the count is 1. */
static void put_record(nonet__out *o, const nonet_record *rec)
{
    if (!rec->result) {
        put_puzzle(o, rec->puzzle);
        return;
    }
    put_grid(o, rec->puzzle->shape, rec->puzzle->cells);
    nonet__out_drop(o, 1);
    nonet__putc(o, ':');
    nonet__put_ull(o, rec->result->solutions);
    if (rec->result->solutions == 1 && rec->nsolutions && rec->solutions) {
        nonet__putc(o, ':');
        nonet__put_record_solution(o, rec, 0);
    }
    nonet__putc(o, '\n');
}

const nonet__format_def nonet__format_tdoku = {
    .id = NONET_FORMAT_TDOKU,
    .name = "tdoku",
    .reads_as = NONET_FORMAT_LINE,
    .put_grid = put_grid,
    .put_puzzle = put_puzzle,
    .put_record = put_record,
};
