/*
 * bits_table.h - the bit-gathering primitives without BMI2 (the scalar,
 * SSE4.1 and plain AVX2 levels: PDEP/PEXT are microcoded, tens of cycles,
 * on AMD before Zen 3): the segments of a band by table lookup, a solved
 * grid's cells digit by digit. bits_bmi2.h gives the same results.
 */
#ifndef NONET_ENGINES_FAST_BITS_TABLE_H
#define NONET_ENGINES_FAST_BITS_TABLE_H

/* seg3: the 9-bit occupancy of the 3x3 row segments of a band mask. */
static inline NF_ATTR uint32_t f9_seg3(uint32_t a) { return F9_SEG3(a); }

/* write_grid: the 81 digits of a solved state s into grid (room for 88). */
static inline NF_ATTR void f9_write_grid(const f9_state *s, unsigned char *grid)
{
    int b;
    for (b = 0; b < 3; b++) {
        const uint32_t *g = s->g[b];
        int d;
        for (d = 0; d < 9; d++) {
            uint32_t m = g[d];
            while (m) {
                grid[27 * b + (int)F9_CTZ(m)] = (unsigned char)(d + 1);
                m &= m - 1;
            }
        }
    }
}

#endif
