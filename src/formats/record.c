/*
 * record.c - what nonet's two record formats share (csv.c, json.c): the
 * puzzle field, read and written (pencilmarks when the puzzle has
 * candidates, 9x9, else its N*N symbols), the status word and the stored
 * solutions of a record.
 */
#include "formats/format.h"

#include "core/puzzle.h"
#include "core/shape.h"

nonet_status nonet__read_record_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                                       nonet_puzzle **out, nonet_error *err)
{
    if (len == 729) return nonet__pencil_puzzle(r, text, len, line, out, err);
    if (nonet__spaced_side(text, len)) return nonet__spaced_puzzle(r, text, len, line, out, err);
    return nonet__line_puzzle(r, text, len, line, out, err);
}

void nonet__put_record_puzzle(nonet__out *o, const nonet_puzzle *p)
{
    if (p->cands && p->shape->n == 9) {
        nonet__put_pencil(o, p->shape, p->cells, p->cands);
        return;
    }
    nonet__put_cells(o, p->shape->n, p->shape->ncells, p->cells, NONET__CELLS_ONE_LINE);
    nonet__out_drop(o, 1); /* no newline: the next put overwrites it */
}

const char *nonet__record_status(const nonet_record *rec)
{
    const nonet_result *res = rec->result;
    if (rec->status) return rec->status;
    if (!res) return "";
    if (res->gave_up && res->solutions < 2) return "gave up";
    return res->solutions == 0 ? "none" : res->solutions == 1 ? "unique" : "several";
}

void nonet__put_record_solution(nonet__out *o, const nonet_record *rec, unsigned long long i)
{
    const nonet_shape *s = rec->puzzle->shape;
    nonet__put_cells(o, s->n, s->ncells, rec->solutions + i * (size_t)s->ncells,
                     NONET__CELLS_ONE_LINE);
    nonet__out_drop(o, 1);
}
