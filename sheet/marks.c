/*
 * marks.c - pencilmarks for printing (see marks.h): a candidate state's own,
 * or the plain house-by-house elimination a solver with a pencil starts with.
 */
#include "marks.h"

void sheet_marks(const nonet_puzzle *p, uint64_t *marks)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    const unsigned char *g = nonet_puzzle_cells(p);
    const uint64_t *own = nonet_puzzle_candidates(p);
    int n = nonet_shape_size(s), cells = n * n;
    uint64_t full = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int c = 0; c < cells; c++) marks[c] = g[c] ? 0 : own ? own[c] & full : full;
    if (own) return;
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        const int *house = nonet_shape_house_cells(s, h);
        uint64_t seen = 0;
        for (int i = 0; i < n; i++)
            if (g[house[i]]) seen |= 1ull << (g[house[i]] - 1);
        for (int i = 0; i < n; i++) marks[house[i]] &= ~seen;
    }
}
