/*
 * write.c - the public writers (nonet_write_grid, _answer, _puzzle,
 * _record): each finds its format's definition and calls its writer, and
 * holds the behaviour most formats share when they define none: an answer
 * is the solution's grid or the words "No solution" / "Gave up", and a
 * record is every stored solution's grid. All write snprintf style through
 * the output buffer (text/out.h). nonet_puzzle_symbol: a digit's symbol as
 * the writers write it.
 */
#include "formats/format.h"

#include "core/puzzle.h"
#include "core/shape.h"
#include "text/alphabet.h"

#include <string.h>

/* The definition of f for writing: any value that names no format writes
 * the grid format (nonet_write_grid's contract). */
static const nonet__format_def *writing(nonet_format f)
{
    const nonet__format_def *d = nonet__format_def_of(f);
    return d ? d : nonet__format_def_of(NONET_FORMAT_GRID);
}

/* The format a puzzle's text is written in: f, or the puzzle's own. */
static const nonet__format_def *writing_for(nonet_format f, const nonet_puzzle *p)
{
    return writing(f == NONET_FORMAT_AUTO ? (nonet_format)p->format : f);
}

size_t nonet_write_grid(char *buf, size_t cap, nonet_format f, const nonet_shape *shape,
                        const unsigned char *grid)
{
    nonet__out o;
    nonet__out_init(&o, buf, cap, NULL);
    writing(f)->put_grid(&o, shape, grid);
    return nonet__out_end(&o);
}

/* The puzzle itself in format d. */
static void put_puzzle(nonet__out *o, const nonet__format_def *d, const nonet_puzzle *p)
{
    if (d->puzzle_is_record && d->put_record) {
        nonet_record rec;
        memset(&rec, 0, sizeof rec);
        rec.puzzle = p;
        rec.seconds = -1;
        d->put_record(o, &rec);
        return;
    }
    if (d->put_puzzle) d->put_puzzle(o, p);
    else d->put_grid(o, p->shape, p->cells);
    if (d->blank_after) nonet__putc(o, '\n');
}

/* The answer in format d: its own, or the solution's grid when there is one
 * (the first of several), else the words of nonet__put_unsolved. */
static void put_answer(nonet__out *o, const nonet__format_def *d, const nonet_puzzle *p,
                       const nonet_result *res, const unsigned char *solution)
{
    if (d->put_answer) {
        d->put_answer(o, p, res, solution);
        return;
    }
    if (res->solutions >= 1 && solution) d->put_grid(o, p->shape, solution);
    else nonet__put_unsolved(o, res->gave_up);
    if (d->blank_after) nonet__putc(o, '\n');
}

size_t nonet_write_answer(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p,
                          const nonet_result *res, const unsigned char *solution)
{
    nonet__out o;
    nonet__out_init(&o, buf, cap, p->alphabet);
    put_answer(&o, writing_for(f, p), p, res, solution);
    return nonet__out_end(&o);
}

size_t nonet_write_puzzle(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p)
{
    nonet__out o;
    nonet__out_init(&o, buf, cap, p->alphabet);
    put_puzzle(&o, writing_for(f, p), p);
    return nonet__out_end(&o);
}

size_t nonet_write_record(char *buf, size_t cap, nonet_format f, const nonet_record *rec)
{
    const nonet_puzzle *p = rec->puzzle;
    const nonet__format_def *d = writing_for(f, p);
    nonet__out o;
    nonet__out_init(&o, buf, cap, p->alphabet);
    if (d->put_record) d->put_record(&o, rec);
    else if (!rec->result) put_puzzle(&o, d, p);
    else if (rec->nsolutions <= 1) put_answer(&o, d, p, rec->result, rec->solutions);
    else
        for (unsigned long long i = 0; i < rec->nsolutions; i++) {
            d->put_grid(&o, p->shape, rec->solutions + i * (size_t)p->shape->ncells);
            if (d->blank_after) nonet__putc(&o, '\n');
        }
    return nonet__out_end(&o);
}

int nonet_puzzle_symbol(const nonet_puzzle *p, int digit)
{
    int n = p->shape->n;
    if (digit == 0) return '.';
    if (digit < 0 || digit > n) return 0;
    nonet__symbols t;
    nonet__symbols_init(&t, p->alphabet, n);
    return t.numbers ? 0 : (unsigned char)t.of[digit];
}

size_t nonet_write_json_string(char *buf, size_t cap, const char *s)
{
    nonet__out o;
    nonet__out_init(&o, buf, cap, NULL);
    nonet__put_json_string(&o, s);
    return nonet__out_end(&o);
}

size_t nonet_write_csv_field(char *buf, size_t cap, const char *s)
{
    nonet__out o;
    nonet__out_init(&o, buf, cap, NULL);
    nonet__put_csv_field(&o, s);
    return nonet__out_end(&o);
}
