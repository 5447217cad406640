/*
 * assign.h - placing one digit in the search state with scalar stores,
 * for the levels that read the masks a digit at a time or a whole 64-byte
 * band line at once (scalar, SSE4.1, AVX-512): f9_assign of search.h.
 * rounds_avx2.h has a vector twin that leaves the same masks.
 */
#ifndef NONET_ENGINES_FAST_ASSIGN_H
#define NONET_ENGINES_FAST_ASSIGN_H

/* assign: fixes band bit p of band b to digit d. Requires p unsolved.
 * Returns 0 when d is no longer possible there (contradiction), else removes
 * d from the cell's peers and the other digits from the cell, marking every
 * changed mask dirty. */
static inline NF_ATTR int f9_assign(f9_state *s, int d, int b, unsigned p)
{
    uint32_t bit = 1u << p, col = f9_col_of[p];
    int e, b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
    if (!(s->g[b][d] & bit)) return 0;
    {
        /* branch-free: clear the cell from every digit, then give d back its
           cell and take it from the cell's peers */
        uint32_t keep = s->g[b][d] & ~f9_peer_in_band[p], hit = 0;
        for (e = 0; e < 9; e++) {
            hit |= ((s->g[b][e] >> p) & 1u) << e;
            s->g[b][e] &= ~bit;
        }
        s->g[b][d] = keep;
        s->dirty |= hit;
    }
    s->unsolved[b] &= ~bit;
    s->g[b1][d] &= ~col;
    s->g[b2][d] &= ~col;
    return 1;
}

#endif
