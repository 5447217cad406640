/*
 * minimal.c - the minimality test (nonet_solver_removable_given): each given
 * in cell order taken out in turn, the rest searched for a second solution
 * (limit 2), the first given whose removal leaves one solution named.
 * Only the public solving call is used, so every engine and rule serves.
 */
#include "core/error.h"

#include <string.h>

nonet_status nonet_solver_removable_given(nonet_solver *s, const nonet_puzzle *p,
                                          const nonet_options *opt, int *cell, nonet_result *res,
                                          nonet_error *err)
{
    if (cell) *cell = -1;
    if (res) memset(res, 0, sizeof *res);
    if (!s || !p || !cell)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "no solver, puzzle or cell to fill");
    nonet_options o;
    if (opt) o = *opt;
    else nonet_options_init(&o);
    o.limit = 2; /* one solution or more is all the test asks */
    o.on_solution = NULL;
    const nonet_shape *shape = nonet_puzzle_shape(p);
    int cells = nonet_shape_cells(shape);
    unsigned char grid[NONET_MAX_CELLS];
    memcpy(grid, nonet_puzzle_cells(p), (size_t)cells);
    nonet_result last;
    for (int c = 0; c < cells; c++) {
        if (!grid[c]) continue;
        unsigned char given = grid[c];
        grid[c] = 0;
        nonet_puzzle *q = nonet_puzzle_new(shape, grid, NULL, err);
        grid[c] = given;
        if (!q) return NONET_ERR_NOMEM; /* the cells are in range: memory ran out */
        nonet_status st = nonet_solver_run(s, q, &o, NULL, &last, err);
        nonet_puzzle_free(q);
        if (res) *res = last;
        if (st != NONET_OK) return st;
        if (last.solutions == 1) {
            *cell = c;
            return NONET_OK;
        }
    }
    return NONET_OK;
}
