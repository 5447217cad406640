/*
 * bits_bmi2.h - the bit-gathering primitives with BMI2 (PEXT, PDEP: one
 * cycle on Intel since Haswell and AMD since Zen 3): the segments of a band
 * in one parallel bit extract, a solved grid's cells 8 at a time by parallel
 * bit deposit. The levels whose CPUs have slow PDEP use bits_table.h,
 * which gives the same results.
 */
#ifndef NONET_ENGINES_FAST_BITS_BMI2_H
#define NONET_ENGINES_FAST_BITS_BMI2_H

/* seg3: the 9-bit occupancy of the 3x3 row segments of a band mask: one
 * parallel bit extract of the segment ORs. */
static inline NF_ATTR uint32_t f9_seg3(uint32_t a)
{
    return (uint32_t)_pext_u32(a | (a >> 1) | (a >> 2), 0x1249249u);
}

/* write_grid: the 81 digits of a solved state s into grid (room for 88):
 * bit planes of the values 1..9, then 8 cells at a time to bytes with
 * parallel bit deposit, no loop whose end depends on the data. */
static inline NF_ATTR void f9_write_grid(const f9_state *s, unsigned char *grid)
{
    int b;
    for (b = 0; b < 3; b++) {
        const uint32_t *g = s->g[b];
        uint32_t p0 = g[0] | g[2] | g[4] | g[6] | g[8], p1 = g[1] | g[2] | g[5] | g[6];
        uint32_t p2 = g[3] | g[4] | g[5] | g[6], p3 = g[7] | g[8];
        int i;
        for (i = 0; i < 27; i += 8) {
            uint64_t v = _pdep_u64(p0 >> i, 0x0101010101010101ull) |
                         _pdep_u64(p1 >> i, 0x0202020202020202ull) |
                         _pdep_u64(p2 >> i, 0x0404040404040404ull) |
                         _pdep_u64(p3 >> i, 0x0808080808080808ull);
            /* bytes past the band's 27th cell are rewritten by the next band */
            memcpy(grid + 27 * b + i, &v, 8);
        }
    }
}

#endif
