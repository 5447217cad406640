/*
 * solve_string.c - one-call conveniences built on the rest of the public API.
 */
#include "core/error.h"

#include <stdlib.h>

long nonet_solve_string(const char *puzzle, unsigned long long limit, char *out, size_t out_size,
                        nonet_error *err)
{
    nonet_puzzle *p = nonet_puzzle_from_string(puzzle, err);
    if (!p) return -1;
    const nonet_shape *s = nonet_puzzle_shape(p);
    unsigned char *grid = malloc((size_t)nonet_shape_cells(s));
    if (!grid) {
        nonet_puzzle_free(p);
        nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
        return -1;
    }
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = limit;
    nonet_result res;
    nonet_status st = nonet_solve(p, &opt, grid, &res, err);
    long count = st == NONET_OK ? (long)res.solutions : -1;
    if (count > 0 && out) {
        size_t need = nonet_write_grid(out, out_size, NONET_FORMAT_LINE, s, grid);
        if (need < out_size && need > 0) out[need - 1] = '\0'; /* drop the newline */
    }
    free(grid);
    nonet_puzzle_free(p);
    return count;
}
