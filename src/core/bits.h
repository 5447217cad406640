/*
 * bits.h - bit tricks on 64-bit candidate masks, with compiler builtins where
 * the compiler has them and portable fallbacks elsewhere.
 */
#ifndef NONET_BITS_H
#define NONET_BITS_H

#include <stdint.h>

/* Index of the lowest set bit of m; m must be non-zero. */
static inline int nonet__ctz(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m & 1)) m >>= 1, i++;
    return i;
#endif
}

/* Number of set bits of m. */
static inline int nonet__popcount(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_popcountll(m);
#else
    int k = 0;
    for (; m; m &= m - 1) k++;
    return k;
#endif
}

#endif
