/*
 * grow.h - the one way an array of the library grows: to at least the
 * items asked for, doubling from a first size, so that appends cost O(1)
 * amortized and a structure that has grown to its largest need is reused
 * without allocating again.
 */
#ifndef NONET_CORE_GROW_H
#define NONET_CORE_GROW_H

#include <stddef.h>
#include <stdlib.h>

/* The most items an array grown here may hold (its count fits an int). */
#define NONET__GROW_MAX (1L << 30)

/* Makes *array, which holds *cap items of `size` bytes, hold at least
 * `need`: its capacity doubles from `first` (or from *cap) until it does.
 * Returns 0, or -1 (out of memory, or more than NONET__GROW_MAX items)
 * with *array and *cap unchanged. */
static inline int nonet__grow(void **array, int *cap, long need, size_t size, int first)
{
    if (need <= *cap) return 0;
    long c = *cap ? *cap : first;
    while (c < need) c *= 2;
    if (c > NONET__GROW_MAX) return -1;
    void *p = realloc(*array, (size_t)c * size);
    if (!p) return -1;
    *array = p;
    *cap = (int)c;
    return 0;
}

#endif
