/*
 * search.h - the classic 9x9 engine's search, the same source for every
 * level (levels.h): the branch choice, the depth-first search and its root
 * (the triad pass: triads.h, or the AVX2 rounds' vector twin), ending in
 * f9_run, which each level's file wraps as its named entry
 * (nonet__fast_run_ID). Included by each level's file after its backend and
 * bits header, with NF_ATTR (the level's target attribute) defined; what
 * differs between levels comes from the headers that level includes,
 * through the functions declared below.
 *
 * Algorithm: propagation to a fixpoint of, per digit, "row x box" and
 * "column x box" permutation checks on each band / stack (locked candidates
 * both ways, hidden singles in all houses) plus naked singles; when that is
 * stuck, at the root only, reasoning across digits on the 54 three-cell row
 * and column segments inside boxes (triads), and propagation again; then
 * DFS on a bivalue cell (choose). Statistics: nodes = root + every child
 * entered; guesses = children entered except the last alternative of each
 * branch point (tdoku's convention: one guess per binary branch).
 */
#ifndef NONET_ENGINES_FAST_SEARCH_H
#define NONET_ENGINES_FAST_SEARCH_H

#ifndef NF_ATTR
#error "engines/fast/search.h: define NF_ATTR first (a level_ID.c)"
#endif

/* What the level's propagation file (digits.h, rounds.h or
 * rounds_avx2.h), its backend and its bits file provide: */
/* propagate: rules to their fixpoint (triads once when triads_left and
 * stuck). Returns 0 on contradiction, 1 when stuck, 2 when solved. */
static NF_ATTR int f9_propagate(f9_state *s, int triads_left);
/* place_givens: places the 81 givens (0 = empty). Returns 0 on contradiction. */
static NF_ATTR int f9_place_givens(f9_state *s, const unsigned char *givens);
/* cell_digits: the digits still possible at band bit p of band b. */
static inline NF_ATTR uint32_t f9_cell_digits(const f9_state *s, int b, unsigned p);
/* assign: fixes band bit p of band b to digit d. Requires p unsolved.
 * Returns 0 when d is no longer possible there (contradiction), else removes
 * d from the cell's peers and the other digits from the cell (and, for the
 * digit-by-digit levels, marks every changed mask dirty). assign.h, or the
 * AVX2 rounds' vector twin. */
static inline NF_ATTR int f9_assign(f9_state *s, int d, int b, unsigned p);
/* seg3 and write_grid (bits_table.h or bits_bmi2.h), the scorer
 * (score.h or vec_avx512.h) are defined before this file. */

/* choose: picks the branch cell: among cells with 2 candidates the first one
 * maximising the product of its two digits' weights (so both branches
 * constrain much; measured on hard sets: ~25% fewer guesses than the sum of
 * peer candidates alone), else the first cell with the fewest candidates.
 * Sets *band, *pos and returns its digit mask. */
static NF_ATTR uint32_t f9_choose(const f9_state *s, int *band, unsigned *pos)
{
    int b, d, best = 10;
    uint32_t bestmask = 0;
    uint32_t bvs[3];
    int bestsc = -1;
    for (b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, three = 0;
        for (d = 0; d < 9; d++) {
            uint32_t x = s->g[b][d];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        bvs[b] = two & ~three & s->unsolved[b];
    }
    for (b = 0; b < 3; b++) {
        uint32_t bv = bvs[b];
        f9_scorer k;
        f9_scorer_init(&k, s, bvs, b);
        while (bv) {
            unsigned p = F9_CTZ(bv);
            uint32_t cm = f9_cell_digits(s, b, p);
            int sc;
            bv &= bv - 1;
            sc = f9_score(&k, p, cm);
            /* key: score, then the lowest cell index wins ties */
            sc = sc << 7 | (127 - (27 * b + (int)p));
            bestsc = sc > bestsc ? sc : bestsc;
        }
    }
    if (bestsc >= 0) {
        int bestb = (127 - (bestsc & 127)) / 27;
        unsigned bp = (unsigned)(127 - (bestsc & 127) - 27 * bestb);
        *band = bestb;
        *pos = bp;
        return f9_cell_digits(s, bestb, bp);
    }
    for (b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        while (u) {
            unsigned p = F9_CTZ(u);
            uint32_t m = f9_cell_digits(s, b, p);
            int n = F9_POPCNT(m);
            u &= u - 1;
            if (n < best) {
                best = n;
                bestmask = m;
                *band = b;
                *pos = p;
            }
        }
    }
    return bestmask;
}

/* record: s is fully solved (unsolved all zero): writes its grid when
 * someone reads it and delivers the solution (f9_deliver). */
static NF_ATTR void f9_record(f9_ctx *cx, const f9_state *s)
{
    unsigned char grid[88]; /* 81 cells + room for the last 8-byte store */
    NONET_ASSERT(nonet__fast_check_state(s));
    if (!f9_wants_grid(cx)) {
        f9_deliver(cx, NULL);
        return;
    }
    f9_write_grid(s, grid);
    f9_deliver(cx, grid);
}

/* search: depth-first search from state s (consumed). Counts solutions into
 * cx and stops when cx->stop is set. triads: run the triad pass in this
 * node's propagation; only the root chain does (the root and the last
 * alternatives taken in place from it): measured on the shared sets, triads
 * at every node cost more time than the guesses they save (hard sets ~8%,
 * serg ~25% slower), while at the root they still pay on top1465. */
static NF_ATTR void f9_search(f9_ctx *cx, f9_state *s, int triads)
{
    for (;;) {
        int r = f9_propagate(s, triads), b = 0;
        unsigned p = 0;
        uint32_t m;
        if (r == 0) return;
        if (r == 2) {
            f9_record(cx, s);
            return;
        }
        m = f9_choose(s, &b, &p);
        while (m & (m - 1)) {
            f9_state c = *s;
            int d = (int)F9_CTZ(m);
            m &= m - 1;
            if (!f9_enter_node(cx)) return;
            cx->guesses++;
            if (f9_assign(&c, d, b, p)) f9_search(cx, &c, 0);
            if (cx->stop) return;
        }
        if (!m || !f9_enter_node(cx)) return;
        if (!f9_assign(s, (int)F9_CTZ(m), b, p)) return;
    }
}

/* run: builds the root state from givens (+ optional pencilmarks: bit d of
 * cands[i] set when digit d+1 may go in cell i) and searches it. The root
 * counts as one node. Each level's file defines its entry
 * (nonet__fast_run_ID, state.h) as a call of this. */
F9_ALWAYS_INLINE NF_ATTR void f9_run(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands)
{
    f9_state s;
    int d, b, i;
    memset(&s, 0, sizeof s);
    for (b = 0; b < 3; b++) {
        for (d = 0; d < 9; d++) s.g[b][d] = F9_ALL27;
        s.unsolved[b] = F9_ALL27;
    }
    s.dirty = 0x1ffu;
    if (cands) {
        for (i = 0; i < 81; i++) {
            if (givens[i] == 0) {
                uint32_t bit = 1u << (i % 27);
                for (d = 0; d < 9; d++)
                    if (!((cands[i] >> d) & 1u)) s.g[i / 27][d] &= ~bit;
            }
        }
    }
    cx->nodes = 1;
    if (!f9_place_givens(&s, givens)) return;
    NONET_ASSERT(nonet__fast_check_state(&s));
    f9_search(cx, &s, 1);
}

#endif
