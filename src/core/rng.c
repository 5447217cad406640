/*
 * rng.c - xoshiro256** seeded by splitmix64 (see rng.h). Both are public
 * domain algorithms by Blackman and Vigna; this is our own transcription of
 * the published recurrences.
 */
#include "core/rng.h"

uint64_t nonet__rng_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void nonet__rng_seed(nonet__rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) {
        r->s[i] = nonet__rng_mix(x);
        x += 0x9E3779B97F4A7C15ull;
    }
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1; /* never all zero */
}

uint64_t nonet__rng_derive(uint64_t seed, uint64_t k)
{
    return k == 0 ? seed : nonet__rng_mix(seed ^ nonet__rng_mix(k ^ 0x6A09E667F3BCC909ull));
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nonet__rng_next(nonet__rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint32_t nonet__rng_below(nonet__rng *r, uint32_t n)
{
    uint64_t m = (nonet__rng_next(r) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t floor = (uint32_t)(-n) % n; /* 2^32 mod n */
        while ((uint32_t)m < floor) m = (nonet__rng_next(r) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

void nonet__rng_shuffle(nonet__rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)nonet__rng_below(r, (uint32_t)i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
