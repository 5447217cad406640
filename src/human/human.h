/*
 * human.h - the human-style step engine's internals: the shape tables the
 * techniques read (nonet__hgeo), the candidate state (nonet__hgrid), the step
 * being built (nonet__hstep), the context a finder runs in (nonet__hctx) and
 * the ordered technique table (nonet__htech).
 *
 * How it fits together:
 * - Every technique is one finder of the signature nonet__hfinder. A finder
 *   reads x->grid (never writes it), builds a step in x->step with the
 *   nonet__step_* helpers and hands it over with nonet__hemit(); it stops
 *   and returns 1 as soon as nonet__hemit returns 1 (the sink took the step
 *   and wants no more), else returns 0 when it has nothing more to offer.
 * - The table (table.c) lists the techniques in Sudoku Explainer's order.
 *   The engine walks it from the top and takes the first step emitted: that
 *   is SE's choice. A row whose finder is NULL is emitted by the row `from`
 *   places above it (one finder, several ids: unique rectangles and loops);
 *   a row's `ask` says what its finder looks for (degree, direct form...).
 * - x->first says whether only the first step is wanted (SE's choice) or
 *   every step (enumeration for tests and tools): finders that must sort
 *   their candidates to pick SE's first use it to skip the sort's cost.
 *
 * Adding a family (the chains, say): a file of finders of the signature
 * nonet__hfinder, declared below; rows in table.c at SE's place (a producer
 * that emits several ids is one row with a finder and rows after it with
 * none and `from` 1, 2...; its finder begins their steps with
 * nonet__step_begin(x, t + k)). A
 * chain step carries its nodes (nonet__step_node: cell, digit, on/off,
 * branch) and links (nonet__step_link: node indexes, kind) in reading
 * order; text and JSON render them (NONET__SHOW_CHAIN). A producer that
 * sorts its hints (as SE sorts chains by difficulty, complexity, kind)
 * compares SE's exact doubles itself (see uniqueness.c) and emits in that
 * order; x->step->rating holds tenths for the ratings. To run other rules
 * on a hypothetical state (nested chains), build a second nonet__hctx with
 * grid pointing to a nonet__hgrid copy (nonet__hgrid_copy), its own
 * nonet__hstep and sink, and scratch that does not overlap the caller's;
 * nonet__hcache entries are keyed by grid and version, so sharing one is
 * safe. A step that places a digit must list it in placements: the rater
 * counts such a step for EP (SE's getCell() != null).
 *
 * Invariants of a nonet__hgrid (kept by nonet__hgrid_place/eliminate):
 * - value[c] in 0..n; cand[c] == 0 when value[c] != 0.
 * - pos[h*n + d] has bit i set iff cell house[h][i] is empty with d among
 *   its candidates; dcells[d*nw ...] has bit c set iff the same holds for c.
 * - placed[h] is the set of digits placed in house h; empty counts the empty
 *   cells. A digit placed in a cell is no candidate of any of its peers.
 * Digits are 0-based inside the engine (bit d); steps carry 1-based digits.
 */
#ifndef NONET_HUMAN_H
#define NONET_HUMAN_H

#include "nonet.h"

#include "core/bits.h"

#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Shape tables                                                         */
/* ------------------------------------------------------------------ */

/* What the techniques need to know about a shape, derived once. */
typedef struct nonet__hgeo {
    const nonet_shape *shape;   /* borrowed (the owner holds a reference) */
    int n, ncells, nhouses, nw; /* side, cells, houses, 64-bit words per cell set */
    uint64_t full;              /* the n digit bits */
    const int *house;           /* shape->house: nhouses * n cells */
    const int *ch_at, *ch;      /* shape's CSR: houses of each cell */
    unsigned char *ch_pos;      /* parallel to ch: the cell's index in that house */
    const int *peer_at, *peer;  /* shape's CSR: every cell that must differ */
    const int *adj_at, *adj;    /* shape's CSR: orthogonal neighbours (non-consecutive) */
    uint64_t *house_bits;       /* nhouses * nw: cells of each house */
    uint64_t *peer_bits;        /* ncells * nw: peers of each cell */
    uint64_t *inter;            /* nhouses * nhouses: positions of house a lying in house b */
    unsigned char *kind;        /* nhouses: enum nonet__house_kind */
    unsigned char *boxlike;     /* nhouses: 1 for boxes, jigsaw regions, hyper windows */
    int *order_bcr;             /* houses: boxes, columns, rows, then the rest (SE's order) */
    int *order_brc;             /* houses: boxes, rows, columns, then the rest */
    int *rank;                  /* nhouses: a house's number within its kind */
    int *speer_at, *speer;      /* CSR: each cell's peers in SE's order (its box, row,
                                     column, other houses, then link peers) */
    int *ch_se;                 /* parallel to ch: each cell's houses in SE's order
                                     (box, row, column, the rest) */
    unsigned char *kclass;      /* nhouses: kind with jigsaw regions counted as boxes */
    int *lock;                  /* nlock pairs (h1, h2): |h1 & h2| >= 2, SE's order */
    int nlock, nlock_point;     /* pairs; the first nlock_point have a box-like h1 */
    int *lk_at, *lk;            /* CSR over (h1, position i): the pairs (h1, h2) whose
                                     intersection holds position i of h1 */
    int *d3_at, *d3;            /* CSR over pairs k = (h1, h2): the houses h3 of h1's kind,
                                     not h1, crossing h2 (where a direct lock's single is) */
    int uniq_shape;             /* 1 when every rule is a house (uniqueness logic holds) */
} nonet__hgeo;

/* Builds g for `shape` (borrowed). Returns 0, or -1 when out of memory
 * (g is then safe to free). */
int nonet__hgeo_init(nonet__hgeo *g, const nonet_shape *shape);
void nonet__hgeo_free(nonet__hgeo *g);

/* 1 when cells a and b must differ (b is a peer of a). */
static inline int nonet__sees(const nonet__hgeo *g, int a, int b)
{
    return (int)(g->peer_bits[(size_t)a * (size_t)g->nw + (size_t)(b >> 6)] >> (b & 63) & 1);
}

/* ------------------------------------------------------------------ */
/* Candidate state                                                      */
/* ------------------------------------------------------------------ */

typedef struct nonet__hgrid {
    unsigned char *value;  /* ncells: 0 or the digit 1..n */
    uint64_t *cand;        /* ncells: candidate digits (bit d-1) of empty cells */
    uint64_t *pos;         /* nhouses * n: positions of each digit in each house */
    uint64_t *dcells;      /* n * nw: cells holding each digit as a candidate */
    uint64_t *placed;      /* nhouses: digits placed in the house */
    int empty;             /* empty cells */
    unsigned long version; /* changes with every change of the state (never repeats) */
    size_t bytes;          /* size of the one block the arrays live in */
    void *block;
} nonet__hgrid;

/* Allocates a grid for g's shape, every cell empty with every candidate.
 * Returns 0 or -1 (out of memory). */
int nonet__hgrid_init(nonet__hgrid *s, const nonet__hgeo *g);
void nonet__hgrid_free(nonet__hgrid *s);
/* Makes dst (built for the same shape) a copy of src. */
void nonet__hgrid_copy(nonet__hgrid *dst, const nonet__hgrid *src);
/* Resets every cell to empty with every candidate. */
void nonet__hgrid_clear(nonet__hgrid *s, const nonet__hgeo *g);
/* Removes candidate d (0-based) from cell c; nothing when it is not there. */
void nonet__hgrid_eliminate(nonet__hgrid *s, const nonet__hgeo *g, int c, int d);
/* Places digit d (0-based) in empty cell c and removes it from c's peers
 * (and d+-1 from its neighbours with the non-consecutive rule). */
void nonet__hgrid_place(nonet__hgrid *s, const nonet__hgeo *g, int c, int d);
/* 0 when the state holds no evident contradiction; else 1: an empty cell
 * without candidates, or a house where a digit is neither placed nor
 * possible, or a digit placed twice in a house. */
int nonet__hgrid_broken(const nonet__hgrid *s, const nonet__hgeo *g);

/* Number of set bits of m: the POPCNT instruction when the build targets
 * it, else a branch-free count (the compiler's fallback is a function call,
 * too slow for the finders' inner loops). */
static inline int nonet__hcount(uint64_t m)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(m);
#else
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((m * 0x0101010101010101ull) >> 56);
#endif
}

/* 1 when m has at most k set bits (k small). */
static inline int nonet__at_most(uint64_t m, int k)
{
    for (int i = 0; i < k && m; i++) m &= m - 1;
    return m == 0;
}

/* Number of empty cells of house h. */
static inline int nonet__house_empty(const nonet__hgrid *s, const nonet__hgeo *g, int h)
{
    return g->n - nonet__hcount(s->placed[h]);
}

/* ------------------------------------------------------------------ */
/* Steps                                                                */
/* ------------------------------------------------------------------ */

/* A step being built: the public view plus the storage behind it. */
typedef struct nonet__hstep {
    nonet_step pub; /* what callers see; its pointers point below */
    int rating;     /* SE difficulty in tenths (pub.rating = rating / 10.0) */
    nonet_candidate *place, *elim;
    int *cells, *extra, *base, *cover;
    nonet_chain_node *nodes;
    nonet_chain_link *links;
    int cap_place, cap_elim, cap_cells, cap_houses, cap_nodes, cap_links;
    uint64_t *emask; /* ncells: eliminations already listed (kept clear) */
    int nomem;       /* 1: a chain node or link found no memory (the step is incomplete) */
} nonet__hstep;

int nonet__hstep_init(nonet__hstep *st, const nonet__hgeo *g);
void nonet__hstep_free(nonet__hstep *st);

/* ------------------------------------------------------------------ */
/* Finders and the table                                                */
/* ------------------------------------------------------------------ */

typedef struct nonet__hctx nonet__hctx;
typedef struct nonet__htech nonet__htech;
typedef struct nonet__chainer nonet__chainer;
typedef struct nonet__cons_ctx nonet__cons_ctx;

/* What a finder (and nonet__hemit) reports. FOUND: the sink took a step
 * and wants no more. NONE: nothing (more) to offer. STOP: the search could
 * not go on, out of memory or told to by the progress callback (the step's
 * nomem flag and nonet__chainer_stopped say which); its result is void. */
typedef enum nonet__hfound {
    NONET__HF_NONE = 0,
    NONET__HF_FOUND = 1,
    NONET__HF_STOP = 2
} nonet__hfound;

/* The chaining techniques' memory (chains.h): one per explainer and shape.
 * new returns NULL when out of memory; free accepts NULL. */
nonet__chainer *nonet__chainer_new(const nonet__hgeo *g);
void nonet__chainer_free(nonet__chainer *ch);
/* Sets the progress callback the chain searches ask now and then, and
 * clears the "gave up" flag; nonet__chainer_gave_up says whether the last
 * search stopped because of it. */
void nonet__chainer_progress(nonet__chainer *ch, nonet_progress_fn fn, void *ctx);
int nonet__chainer_gave_up(const nonet__chainer *ch);
/* Why the last chain search stopped: NONET_ERR_NOMEM (an allocation
 * failed), NONET_ERR_LIMIT (the progress callback), or NONET_OK. Cleared
 * with the "gave up" flag by nonet__chainer_progress. */
nonet_status nonet__chainer_stopped(const nonet__chainer *ch);
/* Records that a chain search stopped: out of memory unless the progress
 * callback said so. Returns NONET__HF_STOP. */
nonet__hfound nonet__chainer_stop(nonet__chainer *ch);
/* The rules of the nested levels (nested.c's nonet__nested_offs), given to
 * the chainer by the engine: forcing.c reaches the level that runs it only
 * through this hook, so the files call each other in one direction. */
typedef int (*nonet__nested_fn)(nonet__chainer *ch, int depth, int level, int *tail);
void nonet__chainer_nested(nonet__chainer *ch, nonet__nested_fn fn);

/* A technique finder: offers every step of technique t (and of the rows
 * after t whose finder is NULL) in x->grid to nonet__hemit, in SE's order.
 * Returns FOUND as soon as nonet__hemit does, STOP when the search had to
 * stop, else NONE. */
typedef nonet__hfound (*nonet__hfinder)(nonet__hctx *x, const nonet__htech *t);

/* Where emitted steps go: return 1 to take the step and stop the search,
 * 0 to go on (enumeration). */
typedef int (*nonet__hsink)(void *ctx, const nonet__hstep *st);

/* What a row asks of its finder (nonet__htech.ask). */
typedef struct nonet__hask {
    int degree;      /* cells, houses or digits of the pattern: subsets 2-4, fish 2-4,
                          aligned exclusion 2-3; 0 when it has none */
    unsigned how;    /* NONET__ASK_* */
    int chain_mode;  /* forcing chains: NONET__CHAIN_NISHIO, _MULTIPLE, _DYNAMIC */
    int chain_level; /* dynamic forcing chains: the nesting level 0-5 (SE's +, ...) */
} nonet__hask;

enum {
    NONET__ASK_DIRECT = 1u << 0,   /* the direct form: only when it leaves a single */
    NONET__ASK_CLAIMING = 1u << 1, /* intersections: a line's digit locked in a box */
    NONET__ASK_XYZ = 1u << 2,      /* wings: the pivot holds the three digits */
    NONET__ASK_OUTIES = 1u << 3    /* the 45 rule: outies (else innies) */
};

/* Forcing chains' modes (SE's producers 23-24, 25-30). */
enum { NONET__CHAIN_NISHIO = 1, NONET__CHAIN_MULTIPLE = 2, NONET__CHAIN_DYNAMIC = 3 };

struct nonet__htech {
    const char *id;      /* stable kebab-case id ("hidden-single") */
    const char *name;    /* display name ("Hidden Single") */
    int rating;          /* SE rating in tenths; a step may carry more */
    nonet__hfinder find; /* the finder, on the row that runs it; NULL on the rows it
                              also emits */
    int from;            /* 0 on a row with a finder; k on the row k places below the
                              row whose finder emits its steps (that row + k) */
    nonet__hask ask;     /* what the finder looks for (rows with a finder) */
    unsigned flags;      /* NONET__H_* */
    int style;           /* how the writer shows its pattern: NONET__SHOW_* */
};

enum {
    NONET__H_EXTRA = 1u << 0, /* not in SE's set: used only when asked for */
    NONET__H_UNIQUE = 1u << 1 /* assumes a unique solution */
};

/* The row whose finder emits the steps of row t (t itself when it has one). */
const nonet__htech *nonet__tech_finder(const nonet__htech *t);

/* Pattern styles of the text writer. */
enum {
    NONET__SHOW_HOUSE,  /* digits in the base houses ("5 in b1") */
    NONET__SHOW_CELL,   /* the cells ("r1c4") */
    NONET__SHOW_SUBSET, /* digits in cells, in a house ("2,7 in r1c4,r1c6 (r1)") */
    NONET__SHOW_FISH,   /* digit, base houses / cover houses */
    NONET__SHOW_WING,   /* cells, then the digit removed */
    NONET__SHOW_LOOP,   /* digits on cells, extra cells */
    NONET__SHOW_CHAIN   /* the chain's nodes */
};

/* The table, in SE's order; its length; the row of an id or -1. */
extern const nonet__htech nonet__techs[];
extern const int nonet__ntechs;

/* What finders of several rows compute once per state: the digits locked
 * by each pair of houses (digit d of h1 has two or more places, all in h2).
 * Valid while `grid` is at `version`. */
typedef struct nonet__hcache {
    const nonet__hgrid *grid;
    unsigned long version;
    int valid;
    uint64_t *lockd; /* geo->nlock: digit mask of each pair */
    /* Aligned exclusion's memo (exclusion.c), per degree 2 / 3 (index deg - 2):
     * when ax_valid, ax_cand and ax_base hold a grid (each cell's candidates,
     * and whether it was a base cell) on which a full run found nothing.
     * Unlike lockd it is true of that grid whatever grid is searched now. */
    uint64_t *ax_cand;      /* 2 * ncells */
    unsigned char *ax_base; /* 2 * ncells */
    int ax_valid[2];
} nonet__hcache;

/* The lock masks of x->grid (from the cache, or computed into it). */
const uint64_t *nonet__locks(nonet__hctx *x);

/* The context a finder runs in. */
struct nonet__hctx {
    const nonet__hgeo *geo;
    const nonet__hgrid *grid; /* the state searched (read only) */
    nonet__hstep *step;       /* the step being built */
    nonet__hsink sink;
    void *sink_ctx;
    const nonet__htech *techs; /* the technique table (table.c): rows' indices */
    int first;                 /* 1: only the first step is wanted (SE's choice) */
    int unique;                /* 1: the puzzle is known to have one solution */
    int *scratch;              /* room for finders: 32 * ncells + peers + 4096 ints */
    size_t scratch_ints;
    nonet__hcache *cache;        /* per-state results shared by rows (owned by the caller) */
    nonet__chainer *chains;      /* memory of the chain searches (owned by the caller) */
    const nonet__cons_ctx *cons; /* the puzzle's constraints beyond the houses, or NULL */
};

/* Starts a new step of technique t with rating t->rating. */
void nonet__step_begin(nonet__hctx *x, const nonet__htech *t);
/* Adds the elimination of digit d (0-based) from cell c when c holds it as
 * a candidate and it is not listed yet. */
void nonet__step_elim(nonet__hctx *x, int c, int d);
/* Adds the elimination of every digit of mask from cell c. */
void nonet__step_elim_mask(nonet__hctx *x, int c, uint64_t mask);
/* Adds the placement of digit d (0-based) in cell c. */
void nonet__step_place(nonet__hctx *x, int c, int d);
/* Adds a pattern cell, a secondary cell, a base or a cover house. */
void nonet__step_cell(nonet__hctx *x, int c);
void nonet__step_extra(nonet__hctx *x, int c);
void nonet__step_base(nonet__hctx *x, int h);
void nonet__step_cover(nonet__hctx *x, int h);
/* Adds a chain node (digit 0-based) and returns its index, or -1 when the
 * step has no room left; adds a link between two nodes. */
int nonet__step_node(nonet__hctx *x, int c, int d, int on, int branch);
void nonet__step_link(nonet__hctx *x, int from, int to, int kind);
/* Drops the eliminations listed so far (the step is rebuilt). */
void nonet__step_clear_elims(nonet__hctx *x);
/* Offers the built step to the sink when it places or eliminates something.
 * Returns FOUND when the sink took it and the finder must stop, STOP when
 * the step is incomplete (x->step->nomem: out of memory), else NONE. */
nonet__hfound nonet__hemit(nonet__hctx *x);

/* The finders, one family a file. */
nonet__hfound nonet__find_full_house(nonet__hctx *x, const nonet__htech *t); /* singles.c */
nonet__hfound nonet__find_hidden_single(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_naked_single(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_locked(nonet__hctx *x, const nonet__htech *t);    /* intersections.c */
nonet__hfound nonet__find_naked_set(nonet__hctx *x, const nonet__htech *t); /* subsets.c */
nonet__hfound nonet__find_hidden_set(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_fish(nonet__hctx *x, const nonet__htech *t); /* fish.c */
nonet__hfound nonet__find_finned_fish(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_xy_wing(nonet__hctx *x, const nonet__htech *t); /* wings.c */
nonet__hfound nonet__find_w_wing(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_unique_loop(nonet__hctx *x, const nonet__htech *t); /* uniqueness.c */
nonet__hfound nonet__find_bug(nonet__hctx *x, const nonet__htech *t);         /* bug.c */
nonet__hfound nonet__find_aligned(nonet__hctx *x, const nonet__htech *t);     /* exclusion.c */
nonet__hfound nonet__find_x_chain4(nonet__hctx *x, const nonet__htech *t);    /* single_digit.c */
nonet__hfound nonet__find_cycles(nonet__hctx *x, const nonet__htech *t);      /* cycles.c */
nonet__hfound nonet__find_forcing(nonet__hctx *x, const nonet__htech *t);     /* forcing.c */
nonet__hfound nonet__find_cage_combination(nonet__hctx *x, const nonet__htech *t); /* killer.c */
nonet__hfound nonet__find_constraint_logic(nonet__hctx *x, const nonet__htech *t);
nonet__hfound nonet__find_innies_outies(nonet__hctx *x, const nonet__htech *t);

/* Colex-order combinations: idx[0..k-1] strictly increasing in 0..m-1.
 * first sets 0..k-1 (returns 0 when k > m); next steps to the next one
 * (numeric order of the bit masks, as SE's Permutations) and returns 0
 * after the last. */
static inline int nonet__comb_first(int *idx, int k, int m)
{
    for (int i = 0; i < k; i++) idx[i] = i;
    return k <= m;
}

static inline int nonet__comb_next(int *idx, int k, int m)
{
    for (int i = 0; i < k; i++) {
        int limit = i + 1 < k ? idx[i + 1] : m;
        if (idx[i] + 1 < limit) {
            idx[i]++;
            for (int j = 0; j < i; j++) idx[j] = j;
            return 1;
        }
    }
    return 0;
}

#endif
