/*
 * digits.h - digit-by-digit propagation, for the levels without a vector
 * backend (scalar, SSE4.1; included after search.h): each dirty digit is
 * checked to its own fixpoint, one after another, then naked singles, until
 * nothing changes. Provides f9_propagate, f9_place_givens and
 * f9_cell_digits (search.h).
 */
#ifndef NONET_ENGINES_FAST_DIGITS_H
#define NONET_ENGINES_FAST_DIGITS_H

/* F9_PLACE_ALL: places the digit on every bit of n in band b (mask a, other
 * bands' masks x, y, placed-cells accumulator pl); a bit already removed by
 * an earlier placement means its line is empty: return 0 (contradiction). */
#define F9_PLACE_ALL(n, a, b, x, y, pl)                                                            \
    do {                                                                                           \
        uint32_t n_ = (n);                                                                         \
        while (n_) {                                                                               \
            unsigned p_ = F9_CTZ(n_);                                                              \
            uint32_t bit_ = n_ & (0u - n_);                                                        \
            n_ &= n_ - 1;                                                                          \
            if (!((a)&bit_)) return 0;                                                             \
            (a) &= ~f9_peer_in_band[p_];                                                           \
            (x) &= ~f9_col_of[p_];                                                                 \
            (y) &= ~f9_col_of[p_];                                                                 \
            s->unsolved[b] &= ~bit_;                                                               \
            (pl) |= bit_;                                                                          \
        }                                                                                          \
    } while (0)

/* update: digit check of digit d over the whole grid, to a fixpoint:
 *   - rows x boxes: in each band keep only the row segments that fit some
 *     row->box permutation (locked candidates, box/row hidden singles);
 *   - columns x boxes: the same per stack with column segments;
 *   - fixes cells alone in their row or column (hidden singles), removes d
 *     from their peers and the other digits from those cells.
 * Returns 0 on contradiction. */
static inline NF_ATTR int f9_update(f9_state *s, int d)
{
    uint32_t a0 = s->g[0][d], a1 = s->g[1][d], a2 = s->g[2][d];
    uint32_t pl0 = 0, pl1 = 0, pl2 = 0, q0 = 0, q1 = 0, q2 = 0;
    int e, settled = 0;
    for (;;) {
        uint32_t o0, o1, o2, c0, c1, c2, al0 = 0, al1 = 0, al2 = 0;
        uint32_t n0, n1, n2, ob;
        int k;
        a0 &= f9_band_perm_mask[f9_seg3(a0)];
        a1 &= f9_band_perm_mask[f9_seg3(a1)];
        a2 &= f9_band_perm_mask[f9_seg3(a2)];
        /* settled: the last column pass left q with no hidden single; if
           this row pass changed nothing, q is a fixpoint of both passes */
        if (settled && a0 == q0 && a1 == q1 && a2 == q2) break;
        /* the row pass is idempotent, the column pass too: if the column
           pass below changes nothing, both are at their fixpoint */
        o0 = a0;
        o1 = a1;
        o2 = a2;
        c0 = F9_FOLD(a0);
        c1 = F9_FOLD(a1);
        c2 = F9_FOLD(a2);
        for (k = 0; k < 9; k += 3) {
            uint32_t m = f9_perm9[((c0 >> k) & 7u) | ((c1 >> k) & 7u) << 3 | ((c2 >> k) & 7u) << 6];
            if (!m) return 0;
            al0 |= (m & 7u) << k;
            al1 |= ((m >> 3) & 7u) << k;
            al2 |= ((m >> 6) & 7u) << k;
        }
        a0 &= al0 * 0x40201u;
        a1 &= al1 * 0x40201u;
        a2 &= al2 * 0x40201u;
        if (!a0 || !a1 || !a2) return 0;
        /* hidden singles: alone in the row, or alone in the column */
        ob = al0 ^ al1 ^ al2;
        ob &= ~((al0 & al1) | (al0 & al2) | (al1 & al2));
        n0 = (F9_ROWSINGLES(a0) | (a0 & ((F9_ONEROW(a0) & ob) * 0x40201u))) & s->unsolved[0];
        n1 = (F9_ROWSINGLES(a1) | (a1 & ((F9_ONEROW(a1) & ob) * 0x40201u))) & s->unsolved[1];
        n2 = (F9_ROWSINGLES(a2) | (a2 & ((F9_ONEROW(a2) & ob) * 0x40201u))) & s->unsolved[2];
        if (n0 | n1 | n2) {
            F9_PLACE_ALL(n0, a0, 0, a1, a2, pl0);
            F9_PLACE_ALL(n1, a1, 1, a0, a2, pl1);
            F9_PLACE_ALL(n2, a2, 2, a0, a1, pl2);
            settled = 0;
            continue;
        }
        if (a0 == o0 && a1 == o1 && a2 == o2) break;
        settled = 1;
        q0 = a0;
        q1 = a1;
        q2 = a2;
    }
    if (pl0 | pl1 | pl2) {
        /* branch-free: clear the placed cells from every digit (d included,
           restored below) and collect which digits lost a candidate */
        uint32_t hit = 0;
        for (e = 0; e < 9; e++) {
            uint32_t h = (s->g[0][e] & pl0) | (s->g[1][e] & pl1) | (s->g[2][e] & pl2);
            hit |= (uint32_t)(h != 0) << e;
            s->g[0][e] &= ~pl0;
            s->g[1][e] &= ~pl1;
            s->g[2][e] &= ~pl2;
        }
        s->dirty |= hit & ~(1u << d);
    }
    s->g[0][d] = a0;
    s->g[1][d] = a1;
    s->g[2][d] = a2;
    return 1;
}

/* naked: assigns every cell left with a single candidate. Returns -1 on
 * contradiction (a cell with no candidate), 0 when none found, 1 if some. */
static inline NF_ATTR int f9_naked(f9_state *s)
{
    int b, d, found = 0;
    uint32_t sg[4];
    for (b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, u = s->unsolved[b];
        for (d = 0; d < 9; d++) {
            uint32_t x = s->g[b][d];
            two |= one & x;
            one |= x;
        }
        if (u & ~one) return -1;
        sg[b] = u & ~two;
    }
    for (b = 0; b < 3; b++) {
        uint32_t sing = sg[b];
        while (sing) {
            unsigned p = F9_CTZ(sing);
            uint32_t bit = sing & (0u - sing);
            sing &= sing - 1;
            for (d = 0; d < 9; d++)
                if (s->g[b][d] & bit) break;
            if (d == 9 || !f9_assign(s, d, b, p)) return -1;
            found = 1;
        }
    }
    return found;
}

/* propagate: runs band checks and naked singles to a fixpoint; when stuck
 * and triads_left is set, runs triads once (more rounds cost more than the
 * few extra eliminations save) and, if it removed candidates, propagates
 * again.
 * Returns 0 on contradiction, 1 when stuck, 2 when the grid is solved. */
static NF_ATTR int f9_propagate(f9_state *s, int triads_left)
{
    for (;;) {
        int r;
        while (s->dirty) {
            unsigned i = F9_CTZ(s->dirty);
            s->dirty &= s->dirty - 1;
            if (!f9_update(s, (int)i)) return 0;
        }
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) return 2;
        r = f9_naked(s);
        if (r < 0) return 0;
        if (r == 0) {
            if (!triads_left) return 1;
            triads_left = 0;
            r = f9_triads(s);
            if (r < 0) return 0;
            if (r == 0) return 1;
        }
    }
}

/* place_givens: places the givens one by one (values above 9 are a
 * contradiction). Returns 0 on contradiction. */
static NF_ATTR int f9_place_givens(f9_state *s, const unsigned char *givens)
{
    int i;
    for (i = 0; i < 81; i++) {
        unsigned v = givens[i];
        if (v == 0) continue;
        if (v > 9 || !f9_assign(s, (int)v - 1, i / 27, (unsigned)(i % 27))) return 0;
    }
    return 1;
}

/* cell_digits: the digits still possible at band bit p of band b (bit d for
 * digit d+1). */
static inline NF_ATTR uint32_t f9_cell_digits(const f9_state *s, int b, unsigned p)
{
    uint32_t m = 0;
    int d;
    for (d = 0; d < 9; d++) m |= ((s->g[b][d] >> p) & 1u) << d;
    return m;
}

#endif
