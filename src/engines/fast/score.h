/*
 * score.h - the branch weights of a bivalue cell, digit by digit, for every
 * level but AVX-512 (vec_avx512.h has its own, which gives the same
 * numbers): how much placing digit d at band bit p of band b constrains the
 * grid: the candidates of d among the cell's peers, bivalue peers (bvs,
 * which become naked singles) counting 3 times.
 *
 * The peers in the other two bands b1, b2 are the cell's column there: the
 * digit's masks of b1 and b2 side by side in one 64-bit word (b2 at bit 27)
 * meet the column of both at once (one AND, one population count), and the
 * masks that depend on the cell only (its peers in the band, its column, and
 * both among the bivalue cells) are made once for its two digits.
 *
 * A backend may keep those side-by-side words ready: it then defines
 * F9_SCORER_OWN, its f9_scorer with the fields g0, bv0 and bv1 below, its
 * f9_scorer_init and f9_scorer_cols (vec_avx2.h), and includes this file
 * for the weights.
 */
#ifndef NONET_ENGINES_FAST_SCORE_H
#define NONET_ENGINES_FAST_SCORE_H

#ifndef F9_SCORER_OWN
/* The masks of the band b whose cells are scored and of the other two, and
 * the bivalue cells: bv0 those of b, bv1 those of b1 and b2 side by side (b2
 * at bit 27). */
typedef struct f9_scorer {
    const uint32_t *g0, *g1, *g2; /* the digit masks of bands b, b1, b2 */
    uint64_t bv1;
    uint32_t bv0;
} f9_scorer;

/* Prepares k to score the bivalue cells of band b. */
static inline NF_ATTR void f9_scorer_init(f9_scorer *k, const f9_state *s, const uint32_t *bvs,
                                          int b)
{
    int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
    k->g0 = s->g[b];
    k->g1 = s->g[b1];
    k->g2 = s->g[b2];
    k->bv0 = bvs[b];
    k->bv1 = bvs[b1] | (uint64_t)bvs[b2] << 27;
}

/* cols: digit d's masks of bands b1 and b2 side by side (b2 at bit 27). */
static inline NF_ATTR uint64_t f9_scorer_cols(const f9_scorer *k, int d)
{
    return k->g1[d] | (uint64_t)k->g2[d] << 27;
}
#endif

/* weight: of digit d at the cell whose peers in its band are in (bivalue
 * ones: inb) and whose column in bands b1, b2 is col (bivalue: colb), both
 * as made by f9_score (see the file comment). */
static inline NF_ATTR int f9_weight(const f9_scorer *k, int d, uint32_t in, uint32_t inb,
                                    uint64_t col, uint64_t colb)
{
    uint32_t a = k->g0[d];
    uint64_t c = f9_scorer_cols(k, d);
    return F9_POPCNT(a & in) + F9_POPCNT64(c & col) +
           2 * (F9_POPCNT(a & inb) + F9_POPCNT64(c & colb));
}

/* score: the product of the weights of the two digits cm of band bit p. */
static inline NF_ATTR int f9_score(const f9_scorer *k, unsigned p, uint32_t cm)
{
    uint32_t in = f9_peer_in_band[p], inb = in & k->bv0, cl = f9_col_of[p];
    uint64_t col = cl | (uint64_t)cl << 27, colb = col & k->bv1;
    return f9_weight(k, (int)F9_CTZ(cm), in, inb, col, colb) *
           f9_weight(k, (int)F9_CTZ(cm & (cm - 1)), in, inb, col, colb);
}

#endif
