/*
 * chains.h - internals shared by the chaining techniques: the chainer (the
 * memory every chain search works in), nodes and their parents, hints and
 * the way one is chosen, as Sudoku Explainer 1.2.1 does it.
 *
 * Files: chaincore.c (chainer, frames, complexity, choosing and writing a
 * hint as a step), cycles.c (SE's producer 21: X-, Y- and XY-cycles,
 * forcing X-chains and forcing chains), forcing.c (the propagation and SE's
 * producers 23-30: Nishio, cell and region forcing chains, dynamic forcing
 * chains and their nested levels), nested.c (the rules a nested level runs
 * on the reduced grid, with the candidates each conclusion relies on).
 *
 * Nodes. A node is a candidate assumed true (on) or false (off), numbered
 * (cell * n + digit) * 2 + on; a candidate is (cell * n + digit). A search
 * derives nodes from one assumption; each derived node is a record (cnode)
 * with its parents in the order SE lists them: the node it was inferred
 * from first, then, in dynamic searches, the candidates whose earlier
 * removal made the inference possible. A node's complexity share is the
 * number of distinct nodes among its ancestors (itself included).
 *
 * Frames. A search at nesting depth k works in frame k: its source grid
 * (the state searched), its working grid (the source less the candidates
 * turned off so far, dynamic searches only), the records and parents of
 * the current search and the hints found. A nested level runs its rules on
 * frame k's working grid in frame k + 1. Depth is at most 2 (level 5 runs
 * level 2 chains, which run producer 21 chains).
 *
 * Invariants: where[id] is the record of node id in the current search iff
 * mark[id] == stamp; records of a search are appended in the order SE's
 * linked sets would hold them; every parent index is a record of the same
 * frame created earlier.
 */
#ifndef NONET_HUMAN_CHAINS_H
#define NONET_HUMAN_CHAINS_H

#include "human/human.h"

/* Why a node holds (cnode.cause); >= 0: the last other place of its digit
 * in that house ("hidden single"). */
enum {
    NONET__CAUSE_START = -1, /* the assumption the search starts from */
    NONET__CAUSE_CELL = -2,  /* the cell's last other candidate ("naked single") */
    NONET__CAUSE_ADV = -3,   /* removed by a rule run on the reduced grid (nested) */
    NONET__CAUSE_PEER = -4   /* a peer outside every house, or a non-consecutive neighbour */
};

/* One derived node. */
typedef struct nonet__cnode {
    int id;        /* (cell * n + digit) * 2 + on */
    int par, npar; /* its parents: parent_ids[par .. par + npar), record indexes */
    int cause;     /* NONET__CAUSE_* or a house */
    int nest;      /* the nested chain that removed it (frame's nest table) or -1 */
    int virt;      /* 1: a conclusion not added to the search's sets */
} nonet__cnode;

/* Kinds of hint, in the order their rows follow the producer's first row. */
enum {
    NONET__K_XCYCLE = 0,
    NONET__K_YCYCLE,
    NONET__K_XCHAIN,
    NONET__K_CYCLE,
    NONET__K_CHAIN,
    NONET__K_NISHIO = 0,
    NONET__K_CELL = 0,
    NONET__K_REGION = 1, /* static multiple */
    NONET__K_CONTRA = 0,
    NONET__K_DOUBLE,
    NONET__K_DCELL,
    NONET__K_DREGION /* dynamic */
};

/* A hint found by a chaining producer, before it becomes a step. */
typedef struct nonet__chint {
    double diff;    /* SE's difficulty: the double it computes */
    int cx;         /* complexity (SE's chain length) */
    int key;        /* SE's sort key */
    uint64_t gen;   /* SE's generation order (ties) */
    int kind;       /* NONET__K_*: row after the producer's first row */
    int place;      /* candidate placed, or -1 */
    int el_at, nel; /* eliminations, ascending: frame hint_ints (candidates); for a
                             placement, the cell's other candidates */
    int sh_at, nsh; /* the chains shown: hint_ints, node ids; -1 ends a branch */
    int rp_at, nrp; /* rule parents (candidates), when the hint is nested */
    uint64_t sig;   /* identity of its chains (SE's FullChain equality) */
    uint64_t eh;    /* hash of its eliminations (set when sorted) */
} nonet__chint;

/* The node queues of a search (capacity `cap`, the frame's record
 * capacity: a queue holds record indexes, each once). */
typedef struct nonet__cqueues {
    int *on, *off; /* records of "on" / "off" nodes still to process */
    int *bfs;      /* breadth-first order (ancestors, complexity) */
    int cap;
} nonet__cqueues;

/* Producer 21's inference graph (cycles.c): the grid does not change during
 * the producer, so every node's inferences are listed once, as CSR. */
typedef struct nonet__cgraph {
    int *at;         /* nnodes + 1: where each node's (id, cause) pairs start in to[] */
    int *cell_end;   /* nnodes + 1: where its cell rule's pairs end (they come first) */
    int *to;         /* the (node id, cause) pairs */
    int capto;       /* ints of to[] */
    int *lo, *hi;    /* nnodes: the part [lo, hi) of each node's pairs a pass uses */
    uint64_t *reach; /* per component: the components it reaches, then sizes */
    int capreach;    /* words of reach[] */
} nonet__cgraph;

/* Producer 21's strongly connected components (cycles.c), Tarjan's arrays
 * of nnodes ints each (call: 2 * nnodes). They are views of the frame's
 * scratch block, set once when the frame is made. */
typedef struct nonet__tarjan_arrays {
    int *comp;        /* each node's component, -1 for absent nodes */
    int *order;       /* nodes by component, sinks first */
    int *index, *low; /* Tarjan's numbers */
    int *stack;       /* nodes of components not closed yet */
    int *call;        /* the depth-first walk's stack: (node, next edge) pairs */
} nonet__tarjan_arrays;

/* The ints of a frame's scratch block for `nnodes` nodes of side n: a
 * multiple chain's targets (n + 1 a node) or Tarjan's arrays (7 a node). */
static inline size_t nonet__cscratch_ints(size_t nnodes, int n)
{
    return nnodes * (size_t)(n + 1 > 7 ? n + 1 : 7) + 16;
}

/* A frame: the memory of one search depth. */
typedef struct nonet__cframe {
    nonet__hgrid src, work; /* state searched; that state less the nodes turned off */
    nonet__cnode *rec;      /* records of the current searches */
    int nrec, caprec;
    int *parent_ids; /* the records' parents, record indexes */
    int nparent_ids, capparent_ids;
    int *where;     /* nnodes: record of a node in the current search */
    unsigned *mark; /* nnodes: search stamp of where[] */
    unsigned stamp;
    unsigned *seen; /* nnodes: visit stamps (ancestors, deduplication) */
    unsigned seenst;
    nonet__cqueues queues; /* capacity caprec */
    nonet__chint *hint;    /* hints found (all, or the best) */
    int nhint, caphint;
    int *hint_ints; /* eliminations, shown chains, rule parents */
    int nhint_ints, caphint_ints;
    int *nest_cx;       /* nested chains referenced by records: complexity */
    uint64_t *nest_sig; /*   and identity */
    int nnest, capnest;
    uint64_t *search_nodes; /* 2 * cw: on / off nodes of the current search */
    uint64_t *cell_common;  /* 2 * cw: on / off nodes common to a cell's searches */
    uint64_t *house_common; /* nhouses * n * 2 * cw: common to a house's digit searches */
    int *scratch;           /* one block, nonet__cscratch_ints: the named views below, each used
                     by one finder while no other runs */
    int *hint_targets;      /* forcing.c: a multiple chain's targets, row by row (all of
                          scratch: nnodes * (n + 1) ints) */
    nonet__tarjan_arrays tarjan;  /* cycles.c: producer 21's components (views of scratch) */
    unsigned char *house_started; /* nhouses * n: house accumulator started */
    int *on_record;               /* 2 * ncand: records of each candidate's "on" search, or -1 */
    int *results;                 /* one inference's results: (node id, cause) pairs */
    nonet__cgraph graph;          /* producer 21's inference graph */
    unsigned *cellmark;           /* ncells: visit stamps of cells */
    int cw;                       /* 64-bit words of a candidate set */
    int nnodes, ncells;
} nonet__cframe;

#define NONET__CDEPTH 3

/* Everything the chain searches work in; one per explainer, for one shape. */
struct nonet__chainer {
    const nonet__hgeo *geo;
    int n, ncand, nnodes, cw; /* cw: 64-bit words of a candidate set */
    nonet__cframe frame[NONET__CDEPTH];
    nonet_progress_fn progress; /* asked now and then; nonzero: give up */
    void *progress_ctx;
    unsigned long long work; /* work units spent (nonet__cspend) since the callback was set */
    unsigned long long next; /* ask the callback when work reaches this */
    int gave_up;             /* 1 once the progress callback said so */
    int nomem;               /* 1 once a search stopped for want of memory */
    nonet__nested_fn nested; /* the nested levels' rules (set by the engine) */
    int *tmp;                /* ncand + nnodes ints: rule parent marks */
    unsigned pmark;          /* the last mark used in tmp */
    unsigned char *sepos;    /* parallel to geo->ch_se: the cell's index in that house */
    int maxlist;             /* most results one inference can have */
    int xpeers, adjacent;    /* the shape has peers outside houses / neighbour rules */
};

/* A fresh visit stamp for f->seen and f->cellmark. */
static inline unsigned nonet__cf_visit(nonet__cframe *f)
{
    if (++f->seenst == 0) {
        for (int i = 0; i < f->nnodes; i++) f->seen[i] = 0;
        for (int i = 0; i < f->ncells; i++) f->cellmark[i] = 0;
        f->seenst = 1;
    }
    return f->seenst;
}

/* Rule parents of one "on" node (cell c, digit d) made single by `cause`
 * (see nonet__crule_parents). */
int nonet__cnode_parents(nonet__chainer *ch, nonet__cframe *f, int c, int d, int cause,
                         const nonet__hgrid *outer, const nonet__hgrid *cur, unsigned mark);

/* The inference rules on grid s (SE's getOnToOff / getOffToOn), results
 * in f->results as (node id, cause) pairs, SE's order, no duplicates. Return
 * the count. on_to_off: the digit's other places in the cell's houses (and
 * peers), with cell_links also the cell's other candidates. off_to_on: with
 * cell_links the other candidate of a two-candidate cell, with house_links
 * the other place of a digit with two places in a house. */
int nonet__on_to_off(nonet__chainer *ch, nonet__cframe *f, const nonet__hgrid *s, int c, int d,
                     int cell_links);
int nonet__off_to_on(nonet__chainer *ch, nonet__cframe *f, const nonet__hgrid *s, int c, int d,
                     int cell_links, int house_links);

/* Makes frame memory hold `need` more records / parents / ints / hints.
 * Return 0, or -1 out of memory. */
int nonet__cf_grow(nonet__cframe *f, int recs, int pars);
static inline int nonet__cf_room(nonet__cframe *f, int recs, int pars)
{
    if (f->nrec + recs <= f->caprec && f->nparent_ids + pars <= f->capparent_ids) return 0;
    return nonet__cf_grow(f, recs, pars);
}
int nonet__cf_iroom(nonet__cframe *f, int ints);
int nonet__cf_hroom(nonet__cframe *f);

/* Clears the records of frame f (a new cell's searches). */
static inline void nonet__cf_reset(nonet__cframe *f)
{
    f->nrec = 0;
    f->nparent_ids = 0;
    f->nnest = 0;
}

/* Appends a record (room must have been made). Returns its index. */
static inline int nonet__cf_add(nonet__cframe *f, int id, int cause)
{
    nonet__cnode *r = &f->rec[f->nrec];
    r->id = id;
    r->par = f->nparent_ids;
    r->npar = 0;
    r->cause = cause;
    r->nest = -1;
    r->virt = 0;
    return f->nrec++;
}

/* Appends a parent to the record added last. */
static inline void nonet__cf_parent(nonet__cframe *f, int r, int parent)
{
    f->parent_ids[f->nparent_ids++] = parent;
    f->rec[r].npar++;
}

/* Registers record r as its node's in the current search. */
static inline void nonet__cf_put(nonet__cframe *f, int r)
{
    int id = f->rec[r].id;
    f->where[id] = r;
    f->mark[id] = f->stamp;
    int cand = id >> 1;
    f->search_nodes[(size_t)(id & 1 ? 0 : f->cw) + (size_t)(cand >> 6)] |= 1ull << (cand & 63);
}

/* The record of node id in the current search, or -1. */
static inline int nonet__cf_get(const nonet__cframe *f, int id)
{
    return f->mark[id] == f->stamp ? f->where[id] : -1;
}

/* A new search: no node is known. */
void nonet__cf_new_search(nonet__cframe *f);

/* SE's difficulty of a chain hint: base + 0.1 per length threshold the
 * complexity passes, summed as SE sums it (as doubles). */
double nonet__chain_diff(double base, int cx);
/* The rating in tenths SE prints for difficulty d. */
int nonet__tenths(double d);

/* Complexity share of record r: distinct nodes reachable through every
 * parent link, r included (a record equal to one met already is not
 * followed, as SE's set of ancestors does). When nest is not NULL, the
 * nested chains met are added to it (distinct by identity, *nnest of them
 * in nest[0..]) with their complexity summed into *nestcx. Counts its work
 * (nonet__cspend): ch->gave_up tells when the search must stop. */
int nonet__cancestors(nonet__chainer *ch, nonet__cframe *f, int r, uint64_t *nest, int *nnest,
                      int capnest, int *nestcx);

/* Appends the first-parent path from the start to record r to hint_ints (node
 * ids, start first) followed by -1. Returns 0 or -1 (memory). */
int nonet__cshow_path(nonet__cframe *f, int r);

/* Adds the rule parents of the chain ending in record r (SE's
 * collectRuleParents): for every "on" node reached, the candidates of the
 * outer source `outer` gone from the grid `cur` that made it single. The
 * start node counts as a naked single when start_cause is CELL, as a hidden
 * single of house start_cause when >= 0. Candidates go to hint_ints, each once
 * per hint (ch->tmp marks them). Returns 0, or -1 out of memory or stopped
 * by the progress callback. */
int nonet__crule_parents(nonet__chainer *ch, nonet__cframe *f, int r, const nonet__hgrid *outer,
                         const nonet__hgrid *cur, int start_cause, unsigned mark);

/* How a producer keeps its hints. */
typedef struct nonet__ckeep {
    int all;      /* 1: every hint (sorted later); 0: only the best */
    int best;     /* index of the best so far in f->hint, or -1 */
    double bdiff; /* its sort fields */
    int bcx, bkey;
    uint64_t bgen;
} nonet__ckeep;

/* 1 when a hint (diff, cx, key, gen) would sort before the kept best (SE's
 * comparison: difficulty, complexity, sort key, generation order). */
int nonet__cbetter(const nonet__ckeep *k, double diff, int cx, int key, uint64_t gen);
/* Starts a hint in f (room made); fills the sort fields. Returns its index. */
int nonet__chint_begin(nonet__cframe *f, double diff, int cx, int key, uint64_t gen, int kind);
/* Ends hint h: kept (all mode, or better than the best), or dropped. */
void nonet__chint_end(nonet__cframe *f, nonet__ckeep *k, int h);
/* Sorts the hints of f as SE does and drops those whose eliminations equal
 * an earlier one's. */
void nonet__chint_sort(nonet__chainer *ch, nonet__cframe *f);
/* Emits hint h of frame 0 as a step of row t + h->kind. Returns what
 * nonet__hemit returns. */
nonet__hfound nonet__chint_emit(nonet__hctx *x, const nonet__htech *t, const nonet__chint *h);
/* Emits the kept hints (the best, or all sorted). Returns FOUND when the
 * sink stopped the search, STOP when a step found no memory, else NONE. */
nonet__hfound nonet__chint_emit_kept(nonet__hctx *x, const nonet__htech *t, nonet__ckeep *k);

/* Work units between two calls of the progress callback: a unit is about
 * one inference looked at (a few nanoseconds), so the callback is asked
 * every fraction of a millisecond of search, whatever the grid's size. */
#define NONET__CQUANTUM (1ull << 16)

/* Asks the progress callback; returns 1 (and remembers it) when the search
 * must stop. Called through nonet__cspend. */
int nonet__cprogress_ask(nonet__chainer *ch);

/* Counts `units` of work done; every NONET__CQUANTUM units asks the
 * progress callback. Returns 1 when the search must stop (the callback
 * said so, now or before), else 0. Cheap enough for every node a search
 * processes: every long loop of the chain searches calls it. */
static inline int nonet__cspend(nonet__chainer *ch, unsigned long long units)
{
    ch->work += units;
    return ch->work >= ch->next ? nonet__cprogress_ask(ch) : ch->gave_up;
}

/* One unit of work (between cells, houses, rules). */
static inline int nonet__cprogress(nonet__chainer *ch) { return nonet__cspend(ch, 1); }

/* Producer 21 on frame `depth`'s source grid (cycles.c). outer: the grid
 * the enclosing search started from when nested (rule parents are
 * computed against it), else NULL. Returns -1 out of memory or stopped. */
int nonet__cycles_run(nonet__chainer *ch, int depth, const nonet__hgrid *outer, nonet__ckeep *k);

/* Producers 23-30 (forcing.c): mode NONET__CHAIN_NISHIO, _MULTIPLE (static), _DYNAMIC;
 * level 0-5. Same contract as nonet__cycles_run. */
int nonet__forcing_run(nonet__chainer *ch, int depth, int mode, int level,
                       const nonet__hgrid *outer, nonet__ckeep *k);

/* The nested rules of `level` on frame f's working grid (nested.c): adds
 * the eliminations of the first rule that yields a usable hint as "off"
 * records of the current search (with their rule parents and nested
 * chain), appending each new one to f->queues.off at *tail. Returns the number
 * added, -1 out of memory or stopped. */
int nonet__nested_offs(nonet__chainer *ch, int depth, int level, int *tail);

#endif
