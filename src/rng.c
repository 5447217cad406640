/*
 * rng.c - splitmix64 and xoshiro256** (Blackman and Vigna's public-domain
 * reference algorithms, written out here), with unbiased bounded draws and a
 * Fisher-Yates shuffle. See rng.h.
 */
#include "rng.h"

uint64_t nonet__splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void nonet__rng_seed(nonet__rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = nonet__splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;   /* never all zero */
}

/* x rotated left by k (0 < k < 64). */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nonet__rng_next(nonet__rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint64_t nonet__rng_below(nonet__rng *r, uint64_t n)
{
    /* reject the top partial block so every residue is equally likely */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = nonet__rng_next(r);
    while (x >= limit);
    return x % n;
}

void nonet__rng_shuffle(nonet__rng *r, unsigned char *perm, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)nonet__rng_below(r, (uint64_t)i + 1);
        unsigned char t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
}
