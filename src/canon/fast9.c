/*
 * fast9.c - the dedicated search for classic 9x9 puzzles: the algorithm of
 * boxed.c (see there for the candidates, groups and ties), with the data
 * packed for 9x9 and the cheap tests first.
 *
 * What differs from the generic search:
 * - A candidate is 48 bytes. Its labels are stored as sort keys: key[0] is
 *   0 (blank), key[d] the label of digit d, or NEWK while d has none. The
 *   groups of a target stack are two "cut" bits (bit 0: positions 0 and 1
 *   are told apart; bit 1: positions 1 and 2).
 * - Before a row is built, its layout (blank 0, given 1) is worked out from
 *   bit masks and a small table: the free pool puts its stacks in
 *   increasing number of givens, each group puts its blanks first. In
 *   PATTERN that layout is the row itself, so most rows are judged from it
 *   alone. In MINLEX a row whose layout starts with fewer blanks than the
 *   best row's is dropped at once, which settles most tries; the others are
 *   built and compared as 36-bit numbers, one 4-bit value a position.
 * - Level 0 only tries the source rows whose layout can give the smallest
 *   first row: that row is its layout (its digits are labelled 1, 2, ... in
 *   order), and the smallest layout of a row puts its stacks in increasing
 *   number of givens.
 * - Columns are sorted as packed numbers (key << 4 | column) with small
 *   sorting networks.
 */
#include "canon/canon.h"

#include "core/bits.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define NEWK 15 /* key of a digit with no label yet: above every label */

/* A candidate (see boxed.c for the invariants). */
typedef struct c9 {
    unsigned char pc[9];    /* source column at each target position (a group: its set) */
    unsigned char row[9];   /* source row of each placed target row */
    unsigned char key[10];  /* 0 for blank, label of each digit, NEWK while it has none */
    unsigned char cuts[3];  /* per target stack: bit 0 splits positions 0|1, bit 1 splits 1|2 */
    unsigned char o;        /* 1: the source is read transposed */
    unsigned char next;     /* next label to give */
    unsigned char nfree;    /* target stacks 0..nfree-1 are free */
    unsigned char free_src; /* source stacks of the free pool (bits) */
    unsigned char pad;
    uint16_t rows_used;     /* source rows placed (bits) */
    unsigned char lidx[3];  /* fixed stack s: row of stack_layout (order of pc, cuts) */
    unsigned char shift[3]; /* fixed stack s: 3 * its source stack */
} c9;

/* Orders of equal items a row may take (see boxed.c). */
typedef struct tie9 {
    unsigned char pos, count, unit;
} tie9;

/* The workspace of the 9x9 search. */
typedef struct fast9 {
    c9 *list[2];
    size_t cap[2];
} fast9;

/* Givens in each 3-bit triple of a row mask. */
static const unsigned char ones3[8] = {0, 1, 1, 2, 1, 2, 2, 3};

/* Layout of a stack of the free pool (bit 2 = its first position): its
 * blanks first, by the givens of its three columns (bit j = column j). */
static const unsigned char blanks_first[8] = {0, 1, 1, 3, 1, 3, 3, 7};

/* Puts the smaller of a and b in a, without a branch. */
#define MIN_MAX(a, b)                                                                              \
    do {                                                                                           \
        unsigned lo_ = (a) < (b) ? (a) : (b), hi_ = (a) ^ (b) ^ lo_;                               \
        (a) = lo_;                                                                                 \
        (b) = hi_;                                                                                 \
    } while (0)

/* Layout of a fixed target stack once its groups put blanks first (bit 2
 * = position 0, given = 1), indexed by 4 * the order of its columns (one of
 * the 6 orders of a stack's columns, see order4_of) + its cut bits, then by
 * the givens of its source stack's three columns (bit j = column j). */
static const unsigned char stack_layout[24][8] = {
    {0, 1, 1, 3, 1, 3, 3, 7}, {0, 4, 1, 5, 1, 5, 3, 7}, {0, 2, 2, 6, 1, 3, 3, 7},
    {0, 4, 2, 6, 1, 5, 3, 7}, {0, 1, 1, 3, 1, 3, 3, 7}, {0, 4, 1, 5, 1, 5, 3, 7},
    {0, 2, 1, 3, 2, 6, 3, 7}, {0, 4, 1, 5, 2, 6, 3, 7}, {0, 1, 1, 3, 1, 3, 3, 7},
    {0, 1, 4, 5, 1, 3, 5, 7}, {0, 2, 2, 6, 1, 3, 3, 7}, {0, 2, 4, 6, 1, 3, 5, 7},
    {0, 1, 1, 3, 1, 3, 3, 7}, {0, 1, 4, 5, 1, 3, 5, 7}, {0, 1, 2, 3, 2, 3, 6, 7},
    {0, 1, 4, 5, 2, 3, 6, 7}, {0, 1, 1, 3, 1, 3, 3, 7}, {0, 1, 1, 3, 4, 5, 5, 7},
    {0, 2, 1, 3, 2, 6, 3, 7}, {0, 2, 1, 3, 4, 6, 5, 7}, {0, 1, 1, 3, 1, 3, 3, 7},
    {0, 1, 1, 3, 4, 5, 5, 7}, {0, 1, 2, 3, 2, 3, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}};

/* 4 * the number of the order of a stack's columns (0..5, as stack_layout
 * counts them) from the columns at its first two positions: by those
 * columns mod 3, {{0, 0, 1}, {2, 0, 3}, {4, 5, 0}}. */
static const unsigned char order4_of[9][9] = {
    {0, 0, 4, 0, 0, 4, 0, 0, 4}, {8, 0, 12, 8, 0, 12, 8, 0, 12}, {16, 20, 0, 16, 20, 0, 16, 20, 0},
    {0, 0, 4, 0, 0, 4, 0, 0, 4}, {8, 0, 12, 8, 0, 12, 8, 0, 12}, {16, 20, 0, 16, 20, 0, 16, 20, 0},
    {0, 0, 4, 0, 0, 4, 0, 0, 4}, {8, 0, 12, 8, 0, 12, 8, 0, 12}, {16, 20, 0, 16, 20, 0, 16, 20, 0}};

/* 3 * the stack of a column. */
static const unsigned char stack3_of[9] = {0, 0, 0, 3, 3, 3, 6, 6, 6};

/* One search. */
typedef struct f9 {
    nonet_canon *w;
    fast9 *ws;
    int mode, t;
    unsigned char dig[2][81]; /* source digits, and transposed */
    uint16_t mask[2][9];      /* given columns of each source row */
    unsigned min_rows[2];     /* rows with the best level-0 score (see row0_score) */
    unsigned blank[2];        /* source rows without a given */
    c9 *cur, *nxt;
    size_t ncur, nnxt;
    int which;
    uint64_t best;    /* best row of the level (36 bits) */
    uint64_t rows[9]; /* best row of every level */
    int have_best;
    /* the layout test (see try_row): the best score of the level's rows
       so far, and the one row that holds it, not built yet */
    unsigned best_score;
    const c9 *held;
    int held_q;
    unsigned held_lay;
    nonet_status st;
    /* the row being tried */
    const c9 *x;
    const unsigned char *src;
    int q;
    unsigned char pc[9], cuts[3];
    unsigned char kc[9]; /* key of each source column in the row tried */
    int direct;          /* 1: kc left unset, row_value reads the keys (see lay_row) */
    int nzero;           /* free target stacks that stay free */
    unsigned char free_src;
    unsigned char newpos[9]; /* positions of new digits, in order */
    int nnew;
    tie9 ties[8];
    int nties;
} f9;

/* ------------------------------------------------------------------ */
/* Layouts: the cheap test                                              */
/* ------------------------------------------------------------------ */

/* The layout (9 bits, bit 8 = position 0) of the smallest row candidate x
 * can make of a source row with given columns m: the free pool first, its
 * stacks in increasing number of givens, then each fixed stack with the
 * blanks of each group first. In PATTERN it is the row itself. */
static unsigned row_layout(const c9 *x, unsigned m)
{
    unsigned lay = 0;
    if (x->nfree) {
        /* each free stack's blanks-first layout (0, 1, 3 or 7: increasing
           with its givens), stacks not free as 8, sorted without branches;
           the 8s sort last and are shifted out */
        unsigned fs = x->free_src;
        unsigned a = fs & 1 ? blanks_first[m & 7] : 8, b = fs & 2 ? blanks_first[m >> 3 & 7] : 8,
                 c = fs & 4 ? blanks_first[m >> 6 & 7] : 8;
        MIN_MAX(a, b);
        MIN_MAX(b, c);
        MIN_MAX(a, b);
        lay = ((a & 7) << 6 | (b & 7) << 3 | (c & 7)) >> (3 * (3 - x->nfree));
    }
    for (int s = x->nfree; s < 3; s++)
        lay = lay << 3 | stack_layout[x->lidx[s]][m >> x->shift[s] & 7];
    return lay;
}

/* Leading blanks of a 9-bit layout. */
static inline int layout_lz(unsigned lay)
{
#if defined(__GNUC__)
    return __builtin_clz(lay << 23 | 1u << 22); /* 9 for an all-blank row */
#else
    int lz = 0;
    while (lz < 9 && !(lay >> (8 - lz) & 1)) lz++;
    return lz;
#endif
}

/* ------------------------------------------------------------------ */
/* Building one row                                                     */
/* ------------------------------------------------------------------ */

#define SWAP_IF(a, b)                                                                              \
    do {                                                                                           \
        if ((a) > (b)) {                                                                           \
            unsigned t_ = (a);                                                                     \
            (a) = (b);                                                                             \
            (b) = t_;                                                                              \
        }                                                                                          \
    } while (0)

/* Cuts and ties of k (2 or 3) sorted packed columns at target position p
 * (stack offset i0 = p % 3): equal blanks stay together, and so do equal
 * givens in PATTERN; new digits side by side tie. Returns the cut bits
 * inside the group. */
static unsigned group_cuts(f9 *f, const unsigned *v, int k, int p)
{
    unsigned cuts = 0;
    int i0 = p % 3, run = 0;
    for (int i = 0; i < k; i++) run += v[i] >> 4 == NEWK;
    for (int i = 1; i < k; i++) {
        unsigned a = v[i - 1] >> 4, b = v[i] >> 4;
        if (a != b || (b && f->mode != CANON_PATTERN)) cuts |= 1u << (i0 + i - 1);
    }
    if (run >= 2) f->ties[f->nties++] = (tie9){(unsigned char)(p + k - run), (unsigned char)run, 1};
    return cuts;
}

/* Sorts the three source columns of stack u by key: packed (key << 4 |
 * column) into v, and returns the stack's sort key (the three keys). */
static unsigned sort_stack(const f9 *f, int u, unsigned *v)
{
    unsigned a = (unsigned)f->kc[3 * u] << 4 | (unsigned)(3 * u),
             b = (unsigned)f->kc[3 * u + 1] << 4 | (unsigned)(3 * u + 1),
             c = (unsigned)f->kc[3 * u + 2] << 4 | (unsigned)(3 * u + 2);
    SWAP_IF(a, b);
    SWAP_IF(b, c);
    SWAP_IF(a, b);
    v[0] = a;
    v[1] = b;
    v[2] = c;
    return (a >> 4) << 8 | (b >> 4) << 4 | (c >> 4);
}

/* Records a tie of whole stacks ahead of the ties of columns: expand
 * orders the stacks first and then the columns at their new places (the
 * other way round, a stack moved after its columns were ordered would
 * keep that order and the stack moved in would never be ordered). */
static void add_stack_tie(f9 *f, tie9 k)
{
    memmove(f->ties + 1, f->ties, (size_t)f->nties * sizeof *f->ties);
    f->ties[0] = k;
    f->nties++;
}

/* Lays out the free pool: free source stacks by sorted keys, all-blank
 * ones staying free, equal others tying. */
static void lay_free(f9 *f)
{
    const c9 *x = f->x;
    unsigned v[3][3], key[3], stk[3], k = 0;
    for (int u = 0; u < 3; u++)
        if (x->free_src >> u & 1) {
            key[k] = sort_stack(f, u, v[k]) << 2 | k; /* k breaks ties: a stable order */
            stk[k++] = (unsigned)u;
        }
    if (k > 1) SWAP_IF(key[0], key[1]);
    if (k > 2) {
        SWAP_IF(key[1], key[2]);
        SWAP_IF(key[0], key[1]);
    }
    f->nzero = 0;
    for (unsigned j = 0; j < k; j++) {
        unsigned i = key[j] & 3, kj = key[j] >> 2;
        if (!kj) {
            f->nzero++;
            continue;
        }
        for (int p = 0; p < 3; p++) f->pc[3 * j + p] = (unsigned char)(v[i][p] & 15);
        f->free_src &= (unsigned char)~(1u << stk[i]);
        f->cuts[j] = (unsigned char)group_cuts(f, v[i], 3, 3 * (int)j);
        if (j + 1 < k && key[j + 1] >> 2 == kj && (j == 0 || key[j - 1] >> 2 != kj)) {
            unsigned e = j + 1;
            while (e < k && key[e] >> 2 == kj) e++;
            add_stack_tie(f, (tie9){(unsigned char)(3 * j), (unsigned char)(e - j), 3});
        }
    }
}

/* Lays out fixed target stack s, which has a group (its cuts are not 3):
 * the group sorted by key. f->pc and f->cuts hold the parent's already. */
static void lay_fixed(f9 *f, int s)
{
    const unsigned char *pc = f->x->pc + 3 * s;
    unsigned cuts = f->x->cuts[s];
    unsigned v[3];
    int k = cuts == 0 ? 3 : 2, at = cuts == 1 ? 1 : 0; /* the one group of 2 or 3 */
    for (int i = 0; i < k; i++) v[i] = (unsigned)f->kc[pc[at + i]] << 4 | pc[at + i];
    SWAP_IF(v[0], v[1]);
    if (k == 3) {
        SWAP_IF(v[1], v[2]);
        SWAP_IF(v[0], v[1]);
    }
    for (int i = 0; i < k; i++) f->pc[3 * s + at + i] = (unsigned char)(v[i] & 15);
    unsigned inner = group_cuts(f, v, k, 3 * s + at);
    f->cuts[s] = (unsigned char)(cuts | inner);
}

/* Nibble i (bits 4i..4i+3) of a row value: 1 in its bit 4i when it is
 * NEWK (15), else 0. */
#define NIBBLE_ONES 0x111111111ull
static inline uint64_t newk_nibbles(uint64_t v)
{
    return v & v >> 1 & v >> 2 & v >> 3 & NIBBLE_ONES;
}

/* The row laid out in pc as a 36-bit number, position 0 in the top 4 bits;
 * notes the positions of new digits in f->newpos. The keys are read with
 * NEWK for a new digit, then each NEWK nibble takes the next label in the
 * order of positions (new digits are few: the loop is over them only). */
static uint64_t row_value(f9 *f)
{
    uint64_t v = 0;
    if (f->direct) { /* every stack fixed, no group: the keys straight from the row */
        const unsigned char *key = f->x->key, *src = f->src;
        for (int p = 0; p < 9; p++) v = v << 4 | key[src[f->pc[p]]];
    } else {
        for (int p = 3 * f->nzero; p < 9; p++) /* the free stacks before are blank */
            v = v << 4 | f->kc[f->pc[p]];
    }
    uint64_t nk = newk_nibbles(v);
    int nnew = (int)((nk * NIBBLE_ONES) >> 32 & 15); /* the count: at most 9 */
    f->nnew = nnew;
    /* from the last position back: labels next + nnew - 1 down to next */
    unsigned lab = f->x->next + (unsigned)nnew;
    for (int i = nnew; nk; nk &= nk - 1) {
        int b = nonet__ctz(nk);
        lab--;
        v -= (uint64_t)(NEWK - lab) << b;
        f->newpos[--i] = (unsigned char)(8 - b / 4);
    }
    return v;
}

/* Lays out source row q for candidate x: keys, free pool, fixed stacks. */
static void lay_row(f9 *f, const c9 *x, int q)
{
    f->x = x;
    f->q = q;
    f->src = f->dig[x->o] + 9 * q;
    f->nties = 0;
    f->nzero = x->nfree;
    f->free_src = x->free_src;
    memcpy(f->pc, x->pc, 9);
    memcpy(f->cuts, x->cuts, 3);
    f->direct =
        f->mode != CANON_PATTERN && !x->nfree && (x->cuts[0] & x->cuts[1] & x->cuts[2]) == 3;
    if (f->direct) return; /* no column moves: row_value reads the keys itself */
    if (f->mode == CANON_PATTERN)
        for (int c = 0; c < 9; c++) f->kc[c] = f->src[c] != 0;
    else
        for (int c = 0; c < 9; c++) f->kc[c] = x->key[f->src[c]];
    if (x->nfree) lay_free(f);
    for (int s = x->nfree; s < 3; s++)
        if (x->cuts[s] != 3) lay_fixed(f, s);
}

/* ------------------------------------------------------------------ */
/* Children                                                             */
/* ------------------------------------------------------------------ */

/* Makes room for one more candidate in the next list. Returns 0 or -1
 * with f->st set. */
static int room(f9 *f)
{
    fast9 *ws = f->ws;
    if (f->nnxt < ws->cap[f->which]) return 0;
    size_t cap = 2 * ws->cap[f->which];
    if (cap * sizeof(c9) > f->w->max_bytes) {
        f->st = NONET_ERR_LIMIT;
        return -1;
    }
    c9 *p = realloc(ws->list[f->which], cap * sizeof *p);
    if (!p) {
        f->st = NONET_ERR_NOMEM;
        return -1;
    }
    ws->list[f->which] = p;
    ws->cap[f->which] = cap;
    f->nxt = p;
    return 0;
}

/* Appends the candidate the current order of pc makes. */
static void emit(f9 *f)
{
    if (room(f)) return;
    c9 *c = &f->nxt[f->nnxt++];
    *c = *f->x;
    c->row[f->t] = (unsigned char)f->q;
    c->rows_used |= (uint16_t)(1u << f->q);
    c->nfree = (unsigned char)f->nzero;
    c->free_src = f->free_src;
    memcpy(c->pc, f->pc, 9);
    memcpy(c->cuts, f->cuts, 3);
    for (int s = f->nzero; s < 3; s++) {
        if (s >= f->x->nfree && f->x->cuts[s] == 3) continue; /* unchanged: no group to sort */
        unsigned a = f->pc[3 * s], b = f->pc[3 * s + 1];
        c->lidx[s] = (unsigned char)(order4_of[a][b] + f->cuts[s]);
        c->shift[s] = stack3_of[a];
    }
    if (f->mode == CANON_PATTERN) return;
    unsigned next = c->next;
    for (int i = 0; i < f->nnew; i++) c->key[f->src[f->pc[f->newpos[i]]]] = (unsigned char)next++;
    c->next = (unsigned char)next;
}

/* Swaps items a and b of tie k in pc. */
static void swap_items(f9 *f, const tie9 *k, int a, int b)
{
    unsigned char *pa = f->pc + k->pos + a * k->unit, *pb = f->pc + k->pos + b * k->unit;
    for (int i = 0; i < k->unit; i++) {
        unsigned char t = pa[i];
        pa[i] = pb[i];
        pb[i] = t;
    }
}

/* Emits one candidate for every combination of orders of ties k.. (item
 * i of tie k onwards still to choose). */
static void expand(f9 *f, int k, int i)
{
    if (k == f->nties) {
        emit(f);
        return;
    }
    const tie9 *tk = &f->ties[k];
    if (i >= tk->count - 1) {
        expand(f, k + 1, 0);
        return;
    }
    for (int j = i; j < tk->count && !f->st; j++) {
        swap_items(f, tk, i, j);
        expand(f, k, i + 1);
        swap_items(f, tk, i, j);
    }
}

/* Builds source row q for candidate x (layout lay) and keeps it when it
 * is the level's best row or ties it. */
static void try_full(f9 *f, const c9 *x, int q, unsigned lay)
{
    lay_row(f, x, q);
    uint64_t v = f->mode == CANON_PATTERN ? lay : row_value(f);
    if (f->have_best && v > f->best) return;
    if (!f->have_best || v < f->best) {
        f->best = v;
        f->have_best = 1;
        f->nnxt = 0;
    }
    if (!f->nties) {
        emit(f);
    } else if (f->nties == 1 && f->ties[0].count == 2) { /* the common tie: two orders */
        emit(f);
        swap_items(f, &f->ties[0], 0, 1);
        if (!f->st) emit(f);
        swap_items(f, &f->ties[0], 0, 1);
    } else {
        expand(f, 0, 0);
    }
}

/* The layout test's score of a row (smaller is better; a row whose score
 * is above another's of the same level is never the level's best): in
 * PATTERN the layout itself, in MINLEX 9 - its leading blanks. */
static inline unsigned layout_score(const f9 *f, unsigned lay)
{
    return f->mode == CANON_PATTERN ? lay : (unsigned)(9 - layout_lz(lay));
}

/* Builds the held row, if any (see try_row). */
static void build_held(f9 *f)
{
    if (!f->held) return;
    try_full(f, f->held, f->held_q, f->held_lay);
    f->held = NULL;
}

/* Tries source row q as the next row of candidate x: first from its
 * layout alone, then built. A row that brings a better layout score than
 * every row before it drops what was built and is held, not built: when a
 * later row beats its score, it never is; when one ties it, both are built
 * (in the order of the walk), and so is a row still held when the level
 * ends. */
static void try_row(f9 *f, const c9 *x, int q)
{
    unsigned m = f->mask[x->o][q];
    unsigned lay = row_layout(x, m), sc = layout_score(f, lay);
    if (sc > f->best_score) return;
    if (sc < f->best_score) {
        f->best_score = sc;
        f->have_best = 0;
        f->nnxt = 0;
        f->held = x;
        f->held_q = q;
        f->held_lay = lay;
        return;
    }
    build_held(f);
    try_full(f, x, q, lay);
}

/* ------------------------------------------------------------------ */
/* Levels                                                               */
/* ------------------------------------------------------------------ */

/* Level-0 score of a stack's givens (bit j = column j): 16, 4, 1 or 0 for
 * 0, 1, 2 or 3 givens (see row0_score). */
static const unsigned char stack0_score[8] = {16, 4, 4, 1, 4, 1, 1, 0};

/* Level-0 score of a row (MINLEX and PATTERN), larger is better: the first
 * row is the row's layout (its digits are labelled 1, 2, ... in order), and
 * the smallest layout of a row orders its stacks by number of givens,
 * blanks first in each; of two rows, the one whose sorted numbers come
 * first has more stacks of 0 givens, or as many and more of 1, or as many
 * of both and more of 2: the score is 16 * (stacks of 0) + 4 * (stacks of
 * 1) + (stacks of 2), each count at most 3. */
static unsigned row0_score(unsigned m)
{
    return stack0_score[m & 7] + stack0_score[m >> 3 & 7] + stack0_score[m >> 6 & 7];
}

/* Tries every row candidate x may place at level t: a row of the band
 * started, or at a band's start any row of an unused band (at level 0 only
 * those with the best level-0 score). Only the first blank row of a band
 * and the first wholly blank band are tried: the others give the same rows
 * (see boxed.c). */
static void grow(f9 *f, const c9 *x)
{
    int t = f->t;
    if (f->mode == CANON_DIGITS) {
        try_full(f, x, x->row[t], 0);
        return;
    }
    unsigned rows = 0, used = x->rows_used, blank = f->blank[x->o];
    if (t % 3) {
        rows = (7u << (x->row[t - t % 3] / 3 * 3)) & ~used;
    } else {
        int blank_band = 0;
        for (int b = 0; b < 9; b += 3)
            if (!(used >> b & 7) && !((blank >> b & 7) == 7 && blank_band++)) rows |= 7u << b;
        if (t == 0) rows &= f->min_rows[x->o];
    }
    /* only the first blank row of each band (a blank row is dropped when a
       lower blank row of its band is tried: bits 1, 2 of each band look
       one and two rows back) */
    unsigned br = rows & blank;
    rows &= ~(br & ((br << 1 & 0x1B6u) | (br << 2 & 0x124u)));
    for (; rows; rows &= rows - 1) try_row(f, x, nonet__ctz(rows));
}

/* Runs levels 0..8 from the candidates in cur; the best row of each level
 * goes to f->rows. */
static void run_levels(f9 *f)
{
    for (f->t = 0; f->t < 9 && !f->st; f->t++) {
        f->have_best = 0;
        f->nnxt = 0;
        f->nxt = f->ws->list[f->which];
        f->best_score = ~0u;
        f->held = NULL;
        for (size_t i = 0; i < f->ncur && !f->st; i++) grow(f, &f->cur[i]);
        if (!f->st) build_held(f);
        f->rows[f->t] = f->best;
        f->cur = f->nxt;
        f->ncur = f->nnxt;
        f->which ^= 1;
    }
}

/* ------------------------------------------------------------------ */
/* Entry                                                                */
/* ------------------------------------------------------------------ */

/* The workspace's 9x9 part, made on first use. */
static fast9 *workspace(nonet_canon *w)
{
    fast9 *ws = w->fast9;
    if (ws) return ws;
    ws = calloc(1, sizeof *ws);
    if (!ws) return NULL;
    ws->list[0] = malloc(256 * sizeof(c9));
    ws->list[1] = malloc(256 * sizeof(c9));
    ws->cap[0] = ws->cap[1] = 256;
    if (!ws->list[0] || !ws->list[1]) {
        nonet__canon_fast9_free(ws);
        return NULL;
    }
    w->fast9 = ws;
    return ws;
}

void nonet__canon_fast9_free(void *p)
{
    fast9 *ws = p;
    if (!ws) return;
    free(ws->list[0]);
    free(ws->list[1]);
    free(ws);
}

/* Names what is wrong with the digit at cell i: out of range, or repeated
 * in its row or its column. */
static nonet_status cell_error(const unsigned char *cells, int i, nonet_error *err)
{
    int r = i / 9, c = i % 9, d = cells[i];
    if (d > 9) return nonet__fail(err, NONET_ERR_ARG, 0, 0, "cell %d holds %d, outside 0..9", i, d);
    for (int k = 0; k < c; k++)
        if (cells[9 * r + k] == d)
            return nonet__fail(err, NONET_ERR_RULE, 0, 0, "%d appears twice in row %d", d, r + 1);
    return nonet__fail(err, NONET_ERR_RULE, 0, 0, "%d appears twice in column %d", d, c + 1);
}

/* Bit i set for every nonzero byte i of the 81 cells. */
static void given_bits(const unsigned char *cells, uint64_t *lo, uint64_t *hi)
{
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    uint64_t m[6];
    for (int k = 0; k < 5; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(cells + 16 * k));
        m[k] = (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) & 0xffff);
    }
    m[5] = cells[80] != 0;
    *lo = m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48;
    *hi = m[4] | m[5] << 16;
#else
    uint64_t l = 0, h = 0;
    for (int i = 0; i < 64; i++) l |= (uint64_t)(cells[i] != 0) << i;
    for (int i = 64; i < 81; i++) h |= (uint64_t)(cells[i] != 0) << (i - 64);
    *lo = l;
    *hi = h;
#endif
}

/* Row and column of each cell. */
static const unsigned char row_of[81] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8};

/* Names the first cell, in cell order, whose digit is out of range or
 * repeats a digit before it in its row or column (cells has one). */
static nonet_status first_error(const unsigned char *cells, nonet_error *err)
{
    unsigned rows[9] = {0}, cols[9] = {0};
    for (int i = 0; i < 81; i++) {
        int r = row_of[i], c = i - 9 * r;
        unsigned d = cells[i], bit = 1u << (d & 15);
        if (!d) continue;
        if (d > 9 || ((rows[r] | cols[c]) & bit)) return cell_error(cells, i, err);
        rows[r] |= bit;
        cols[c] |= bit;
    }
    return nonet__fail(err, NONET_ERR_RULE, 0, 0, "a digit repeats in a row or column");
}

/* Loads the source digits, row masks and level-0 scores, both orientations,
 * checking that no digit repeats in a row or a column (the search relies
 * on it), nor in a box when boxes is 1. The work is in proportion to the givens: row by row, each row's
 * digits in a register, each column's digits (low 16 bits) and rows (high
 * 16) in one word. Returns NONET_OK or fails with err. */
static nonet_status load(f9 *f, const unsigned char *cells, int boxes, nonet_error *err)
{
    uint32_t cols[9] = {0};
    unsigned clash = 0, bad = 0;
    uint64_t band = 0, box_clash = 0; /* the band's three boxes' digits, 16 bits a box */
    memcpy(f->dig[0], cells, 81);
    memset(f->dig[1], 0, 81);
    /* defined even when the cells are refused */
    f->blank[0] = f->blank[1] = f->min_rows[0] = f->min_rows[1] = 0;
    uint64_t lo, hi;
    given_bits(cells, &lo, &hi);
    for (int r = 0; r < 9; r++, lo = lo >> 9 | hi << 55, hi >>= 9) {
        unsigned m = (unsigned)(lo & 511), seen = 0;
        band = r % 3 ? band : 0;
        f->mask[0][r] = (uint16_t)m;
        for (; m; m &= m - 1) {
            int c = nonet__ctz(m);
            unsigned d = cells[9 * r + c], bit = 1u << (d & 15);
            bad |= d > 9;
            clash |= (seen | cols[c]) & bit;
            seen |= bit;
            uint64_t in_box = (uint64_t)bit << (16 * (c / 3));
            box_clash |= band & in_box;
            band |= in_box;
            cols[c] |= bit | 1u << (16 + r);
            f->dig[1][9 * c + r] = (unsigned char)d;
        }
    }
    if (bad | clash) return first_error(cells, err);
    if (boxes && box_clash)
        return nonet__fail(err, NONET_ERR_RULE, 0, 0, "a digit appears twice in a box");
    for (int c = 0; c < 9; c++) f->mask[1][c] = (uint16_t)(cols[c] >> 16);
    for (int o = 0; o < 2; o++) {
        f->blank[o] = 0;
        for (int q = 0; q < 9; q++) f->blank[o] |= (unsigned)(f->mask[o][q] == 0) << q;
    }
    if (f->blank[0] | f->blank[1]) { /* a blank row has the smallest key, 0 */
        f->min_rows[0] = f->blank[0];
        f->min_rows[1] = f->blank[1];
        return NONET_OK;
    }
    unsigned score[2][9], most = 0;
    for (int o = 0; o < 2; o++)
        for (int q = 0; q < 9; q++) {
            score[o][q] = row0_score(f->mask[o][q]);
            most = score[o][q] > most ? score[o][q] : most;
        }
    for (int o = 0; o < 2; o++) {
        f->min_rows[o] = 0;
        for (int q = 0; q < 9; q++) f->min_rows[o] |= (unsigned)(score[o][q] == most) << q;
    }
    return NONET_OK;
}

/* Writes the form: the best row of every level (PATTERN's rows are the
 * DIGITS pass's). */
static void write_form(const f9 *f, unsigned char *out)
{
    for (int t = 0; t < 9; t++) {
        /* positions 1..8 (the low 32 bits, position 8 lowest) spread one
           a byte, then put in order: 8 bytes at once */
        uint64_t v = f->rows[t], x = v & 0xffffffffu;
        x = (x | x << 16) & 0x0000ffff0000ffffull;
        x = (x | x << 8) & 0x00ff00ff00ff00ffull;
        x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
        unsigned char b[8];
        for (int i = 0; i < 8; i++) b[i] = (unsigned char)(x >> (8 * (7 - i)));
        out[9 * t] = (unsigned char)(v >> 32 & 15);
        memcpy(out + 9 * t + 1, b, 8);
    }
}

/* The transformation of final candidate c (free stacks and blank groups in
 * increasing order, unseen digits on the unused labels). */
static void to_transform(const c9 *c, nonet_transform *t)
{
    memset(t, 0, sizeof *t);
    t->size = 9;
    t->transpose = c->o;
    memcpy(t->rows, c->row, 9);
    int j = 0;
    for (int u = 0; u < 3; u++)
        if (c->free_src >> u & 1) {
            for (int i = 0; i < 3; i++) t->cols[3 * j + i] = (unsigned char)(3 * u + i);
            j++;
        }
    memcpy(t->cols + 3 * j, c->pc + 3 * j, (size_t)(9 - 3 * j));
    unsigned next = c->next;
    for (int d = 1; d <= 9; d++)
        t->digits[d] = (unsigned char)(c->key[d] != NEWK ? c->key[d] : next++);
}

/* The automorphism count: the distinct signatures of the final candidates
 * (for every given of the form, its source cell); 0 when out of memory. */
static unsigned long long automorphisms(f9 *f, const unsigned char *form)
{
    if (f->ncur <= 1) return 1;
    int ng = 0;
    for (int i = 0; i < 81; i++) ng += form[i] != 0;
    if (!ng) return 1;
    if (nonet__canon_sig_room(f->w, f->ncur, (size_t)ng)) return 0;
    for (size_t i = 0; i < f->ncur; i++) {
        const c9 *c = &f->cur[i];
        uint32_t *sig = f->w->sig + i * (size_t)ng;
        for (int cell = 0, k = 0; cell < 81; cell++) {
            if (!form[cell]) continue;
            int r = c->row[cell / 9], q = c->pc[cell % 9];
            sig[k++] = (uint32_t)(c->o ? 9 * q + r : 9 * r + q);
        }
    }
    return nonet__canon_count_distinct(f->w, f->ncur, (size_t)ng);
}

/* 1 when every cell is given: then every member has the same layout, and
 * the pattern-first form is the minlex form (found without a PATTERN pass
 * that would keep every transformation). */
static int full_grid(const f9 *f)
{
    for (int r = 0; r < 9; r++)
        if (f->mask[0][r] != 511) return 0;
    return 1;
}

/* Starts the current list with one empty candidate per orientation. */
static void start(f9 *f)
{
    c9 *roots = f->ws->list[0];
    memset(roots, 0, 2 * sizeof *roots);
    for (int o = 0; o < 2; o++) {
        roots[o].o = (unsigned char)o;
        roots[o].next = 1;
        roots[o].nfree = 3;
        roots[o].free_src = 7;
        memset(roots[o].key + 1, NEWK, 9);
    }
    f->cur = roots;
    f->ncur = 2;
    f->which = 1;
}

/* ------------------------------------------------------------------ */
/* The digits of PATTERN                                                */
/* ------------------------------------------------------------------ */

/* After the PATTERN pass, every final candidate fixes the layout; its only
 * freedom left that moves givens is the order inside groups of columns that
 * hold givens (columns with the same layout in every row: rare). Each such
 * arrangement is read whole, digits labelled by first appearance, and
 * compared with the best so far as it is read. */
typedef struct digits9 {
    f9 *f;
    unsigned char best[81]; /* smallest string so far */
    int have;
    int ng;              /* givens: the words of a signature */
    int sigs;            /* 0: one arrangement in all, so no signatures (one automorphism) */
    size_t nsig;         /* signatures of the best arrangements */
    c9 first;            /* the first best arrangement, labels in key */
    unsigned colmask[2]; /* columns holding a given, each orientation */
} digits9;

/* Position (0..8) of the first given of a nonzero 9-bit layout (bit 8 =
 * position 0). */
static inline int first_given(unsigned lay)
{
#if defined(__GNUC__)
    return __builtin_clz(lay) - 23;
#else
    int p = 0;
    while (!(lay >> (8 - p) & 1)) p++;
    return p;
#endif
}

/* Reads candidate c whole into cur, its digits labelled by first
 * appearance in lab: blanks are set at once and the givens, which the
 * level's layouts (f->rows) place, are visited alone. Returns the next
 * label. */
static unsigned digits_first(const f9 *f, const c9 *c, unsigned char *cur, unsigned char *lab)
{
    unsigned next = 1;
    memset(cur, 0, 81);
    for (int t = 0; t < 9; t++) {
        const unsigned char *row = f->dig[c->o] + 9 * c->row[t];
        for (unsigned lay = (unsigned)f->rows[t]; lay;) {
            int p = first_given(lay);
            lay &= ~(256u >> p);
            unsigned x = row[c->pc[p]], v = lab[x];
            v = v ? v : next++;
            lab[x] = (unsigned char)v;
            cur[9 * t + p] = (unsigned char)v;
        }
    }
    return next;
}

/* Reads candidate c (its pc one arrangement) and keeps it when it ties or
 * beats the best. */
static void digits_read(digits9 *d, const c9 *c)
{
    unsigned char lab[10] = {0}, cur[81];
    unsigned next = 1;
    int less = !d->have, start = 3 * c->nfree; /* free stacks are blank */
    if (less) /* the first: nothing to compare, only the givens to label */
        next = digits_first(d->f, c, cur, lab);
    else
        for (int t = 0; t < 9; t++) {
            const unsigned char *row = d->f->dig[c->o] + 9 * c->row[t];
            for (int p = 0; p < 9; p++) {
                unsigned x = p < start ? 0 : row[c->pc[p]], v = lab[x]; /* lab[0] stays 0 */
                unsigned is_new = (x != 0) & (v == 0);                  /* without a branch */
                v = is_new ? next : v;
                lab[x] = (unsigned char)v;
                next += is_new;
                int i = 9 * t + p;
                if (!less) {
                    if (v > d->best[i]) return;
                    less = v < d->best[i];
                }
                cur[i] = (unsigned char)v;
            }
        }
    if (less) {
        memcpy(d->best, cur, 81);
        d->have = 1;
        d->nsig = 0;
        d->first = *c;
        for (int x = 1; x <= 9; x++) d->first.key[x] = lab[x] ? lab[x] : NEWK;
        d->first.next = (unsigned char)next;
    }
    if (!d->ng || !d->sigs) return;
    if (nonet__canon_sig_room(d->f->w, d->nsig + 1, (size_t)d->ng)) {
        d->f->st = NONET_ERR_NOMEM;
        return;
    }
    uint32_t *sig = d->f->w->sig + d->nsig++ * (size_t)d->ng;
    for (int i = 0, k = 0; i < 81; i++)
        if (cur[i]) {
            int r = c->row[i / 9], q = c->pc[i % 9];
            sig[k++] = (uint32_t)(c->o ? 9 * q + r : 9 * r + q);
        }
}

/* Reads every order of the groups from the g-th on of candidate c (a
 * copy: its pc is permuted in place). groups[] holds (position, size). */
static void digits_orders(digits9 *d, c9 *c, unsigned char (*groups)[2], int ngroups, int g, int i)
{
    if (d->f->st) return;
    if (g == ngroups) {
        digits_read(d, c);
        return;
    }
    int pos = groups[g][0], k = groups[g][1];
    if (i >= k - 1) {
        digits_orders(d, c, groups, ngroups, g + 1, 0);
        return;
    }
    for (int j = i; j < k; j++) {
        unsigned char t = c->pc[pos + i];
        c->pc[pos + i] = c->pc[pos + j];
        c->pc[pos + j] = t;
        digits_orders(d, c, groups, ngroups, g, i + 1);
        c->pc[pos + j] = c->pc[pos + i];
        c->pc[pos + i] = t;
    }
}

/* The DIGITS pass of PATTERN over the final candidates of the PATTERN pass:
 * writes the form, the automorphism count and the transformation. */
static void digits_pass(f9 *f, canon_out *out)
{
    digits9 d;
    memset(&d, 0, sizeof d);
    d.f = f;
    for (int o = 0; o < 2; o++)
        for (int q = 0; q < 9; q++) d.colmask[o] |= f->mask[o][q];
    for (size_t n = 0; n < f->ncur && !f->st; n++) {
        c9 c = f->cur[n];
        unsigned char groups[6][2];
        int ngroups = 0;
        for (int s = c.nfree; s < 3; s++)
            for (int p = 0; p < 3;) {
                int k = 1;
                while (p + k < 3 && !(c.cuts[s] >> (p + k - 1) & 1)) k++;
                if (k > 1 && d.colmask[c.o] >> c.pc[3 * s + p] & 1) {
                    groups[ngroups][0] = (unsigned char)(3 * s + p);
                    groups[ngroups++][1] = (unsigned char)k;
                }
                p += k;
            }
        if (n == 0) {                     /* the layout gives the number of givens */
            for (int r = 0; r < 9; r++) { /* by triples: no libgcc popcount call */
                unsigned m = f->mask[0][r];
                d.ng += ones3[m & 7] + ones3[m >> 3 & 7] + ones3[m >> 6];
            }
            d.sigs = f->ncur > 1 || ngroups > 0;
        }
        digits_orders(&d, &c, groups, ngroups, 0, 0);
    }
    if (f->st) return;
    memcpy(out->cells, d.best, 81);
    out->automorphisms =
        d.ng && d.sigs ? nonet__canon_count_distinct(f->w, d.nsig, (size_t)d.ng) : 1;
    if (out->transform) to_transform(&d.first, out->transform);
}

nonet_status nonet__canon_fast9(nonet_canon *w, const unsigned char *cells, int mode,
                                canon_out *out, nonet_error *err)
{
    f9 f;
    f.w = w;
    f.ws = workspace(w);
    if (!f.ws) return nonet__canon_nomem(err);
    f.mode = mode;
    f.st = NONET_OK;
    nonet_status st = load(&f, cells, out->boxes, err);
    if (st) return st;
    if (mode == CANON_PATTERN && full_grid(&f)) f.mode = mode = CANON_MINLEX; /* one layout */
    start(&f);
    run_levels(&f);
    if (!f.st && mode == CANON_PATTERN) {
        digits_pass(&f, out);
        if (!f.st && !out->automorphisms) f.st = NONET_ERR_NOMEM;
    }
    if (f.st == NONET_ERR_LIMIT) return nonet__canon_too_many(err, w);
    if (f.st) return nonet__canon_nomem(err);
    if (mode == CANON_PATTERN) return NONET_OK;
    write_form(&f, out->cells);
    out->automorphisms = automorphisms(&f, out->cells);
    if (!out->automorphisms) return nonet__canon_nomem(err);
    if (out->transform) to_transform(&f.cur[0], out->transform);
    return NONET_OK;
}
