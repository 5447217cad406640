/*
 * check.c - the fast engine's state, checked against the invariants of
 * state.h (for NONET_ASSERT, where a search's root is built and where a
 * solution is delivered).
 */
#include "engines/fast/state.h"

int nonet__fast_check_state(const f9_state *s)
{
    for (int b = 0; b < 3; b++) {
        if (s->unsolved[b] & ~F9_ALL27) return 0;
        for (int d = 0; d < 16; d++) {
            uint32_t m = s->g[b][d];
            if (d >= 9 ? m != 0 : (m & ~F9_ALL27) != 0) return 0;
        }
        /* a solved cell holds exactly one digit */
        for (uint32_t solved = F9_ALL27 & ~s->unsolved[b]; solved; solved &= solved - 1) {
            uint32_t bit = solved & (0u - solved);
            int k = 0;
            for (int d = 0; d < 9; d++) k += (s->g[b][d] & bit) != 0;
            if (k != 1) return 0;
        }
    }
    if (s->unsolved[3] != 0) return 0;
    /* a placed digit is gone from its peers: no two solved cells of one
     * house hold the same digit */
    for (int d = 0; d < 9; d++) {
        uint32_t cols = 0;
        for (int b = 0; b < 3; b++) {
            uint32_t placed = s->g[b][d] & ~s->unsolved[b] & F9_ALL27;
            uint32_t r0 = placed & 511u, r1 = placed >> 9 & 511u, r2 = placed >> 18;
            if ((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1))) return 0; /* in a row */
            if ((r0 & r1) | (r0 & r2) | (r1 & r2)) return 0; /* twice in a column of the band */
            for (int k = 0; k < 3; k++) {
                uint32_t box = placed & (0x1c0e07u << (3 * k));
                if (box & (box - 1)) return 0; /* twice in a box */
            }
            uint32_t c = F9_FOLD(placed);
            if (cols & c) return 0; /* twice in a column */
            cols |= c;
        }
    }
    return 1;
}
