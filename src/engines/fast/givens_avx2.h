/*
 * givens_avx2.h - the digit planes of the givens with AVX2 byte compares,
 * for the x86 round levels (rounds.h, rounds_avx2.h: AVX2 and AVX-512
 * both have AVX2; vec_wasm128.h has its own f9_given_planes).
 */
#ifndef NONET_ENGINES_FAST_GIVENS_AVX2_H
#define NONET_ENGINES_FAST_GIVENS_AVX2_H

/* given_planes: pg[b][d] = the cells of band b whose given is d+1 (d < 9),
 * pg[b][9..15] = 0, one byte compare per band and digit. Returns 0 when a
 * given is above 9 (then pg is unspecified). */
static inline NF_ATTR int f9_given_planes(const unsigned char *givens, uint32_t pg[3][16])
{
    unsigned char buf[96]; /* the 81 givens, then zeros: room for band 2's 32-byte load */
    __m256i over = _mm256_setzero_si256();
    int b, d;
    memcpy(buf, givens, 81);
    memset(buf + 81, 0, sizeof buf - 81);
    for (b = 0; b < 3; b++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(buf + 27 * b));
        over = _mm256_or_si256(over, _mm256_subs_epu8(v, _mm256_set1_epi8(9)));
        for (d = 0; d < 9; d++)
            pg[b][d] = (uint32_t)_mm256_movemask_epi8(
                           _mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)(d + 1)))) &
                       F9_ALL27;
        for (d = 9; d < 16; d++) pg[b][d] = 0;
    }
    return _mm256_testz_si256(over, over);
}

#endif
