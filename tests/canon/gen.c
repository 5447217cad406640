/*
 * gen.c - random grids and puzzles for the canonical-form tests (gen.h).
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

int gen_below(gen_rng *r, int n)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (int)((z ^ (z >> 31)) % (uint64_t)n);
}

/* Seeds an empty grid with a few random digits that keep the rules, then
 * solves it; the first solution found is the grid. */
int gen_grid(const nonet_shape *shape, gen_rng *r, unsigned char *grid)
{
    int n = nonet_shape_size(shape), nc = n * n;
    for (int attempt = 0; attempt < 50; attempt++) {
        memset(grid, 0, (size_t)nc);
        for (int k = 0; k < n; k++) {
            int c = gen_below(r, nc);
            grid[c] = (unsigned char)(1 + gen_below(r, n));
            nonet_puzzle *p = nonet_puzzle_new(shape, grid, NULL, NULL);
            if (!p || nonet_puzzle_check(p, NULL)) grid[c] = 0;
            nonet_puzzle_free(p);
        }
        nonet_puzzle *p = nonet_puzzle_new(shape, grid, NULL, NULL);
        nonet_options opt;
        nonet_options_init(&opt);
        opt.limit = 1;
        opt.max_nodes = 200000;
        nonet_result res;
        int ok = p && nonet_solve(p, &opt, grid, &res, NULL) == NONET_OK && res.solutions == 1;
        nonet_puzzle_free(p);
        if (ok) return 0;
    }
    return -1;
}

int gen_puzzle(const nonet_shape *shape, gen_rng *r, int givens, unsigned char *cells)
{
    int n = nonet_shape_size(shape), nc = n * n;
    unsigned char grid[NONET_MAX_CELLS];
    int order[NONET_MAX_CELLS];
    if (gen_grid(shape, r, grid)) return -1;
    for (int i = 0; i < nc; i++) order[i] = i;
    for (int i = nc - 1; i > 0; i--) {
        int j = gen_below(r, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    memset(cells, 0, (size_t)nc);
    for (int i = 0; i < givens && i < nc; i++) cells[order[i]] = grid[order[i]];
    return 0;
}
