/*
 * cycles.c - Sudoku Explainer's producer 21: bidirectional cycles and
 * "unary" forcing chains, in three passes whose hints are sorted together:
 *
 *   pass  on -> off uses       off -> on (cycles)   off -> on (chains)  finds
 *   X     houses               houses               houses              X-cycles 6.5, forcing X-chains 6.6
 *   Y     cell and houses      cell                 (none)              Y-cycles 6.5
 *   XY    cell and houses      cell and houses      cell and houses     cycles 7.0, forcing chains 7.0
 *
 * (plus SE's length bonus). Every candidate of every cell with two or more
 * (Y: exactly two) starts a search, cells in order, digits ascending. The
 * searches go layer by layer (all "on" nodes of a layer, then all "off"
 * ones): the first time a node is met fixes its parent. A cycle search
 * keeps "off" nodes met twice (SE does), and notes a cycle each time its
 * start comes back after four or more links; a forcing chain search from
 * "d in cell" (on) or "not d in cell" (off) stops at nothing and notes its
 * first path to the opposite.
 *
 * Only the best hint is kept when one step is wanted: a search stops at
 * the depth past which no hint could sort before the best (difficulty,
 * complexity, sort key; later hints lose ties), and the XY pass is skipped
 * when an X or Y hint rates below 7.0.
 *
 * Chains of one digit run on every shape; the houses and peers come from
 * the shape tables (peers outside houses and non-consecutive neighbours
 * turn "on" nodes off too).
 */
#include "human/chains.h"

#include "core/grow.h"

#include <stdlib.h>
#include <string.h>

/* One pass of the producer. */
typedef struct pass {
    int on_cell;         /* on -> off: the cell's other candidates too */
    int off_cell;        /* off -> on in cycles: two-candidate cells */
    int off_house;       /* off -> on in cycles: two-place houses */
    int chains;          /* forcing chains searched too (off -> on: on_cell, houses) */
    double cbase, fbase; /* difficulty bases: cycles, forcing chains */
    int key;             /* SE's sort key */
    int kcycle, kchain;  /* hint kinds */
} pass;

static const pass passes[3] = {
    {0, 0, 1, 1, 6.5, 6.6, 2, NONET__K_XCYCLE, NONET__K_XCHAIN},
    {1, 1, 0, 0, 6.5, 6.5, 3, NONET__K_YCYCLE, NONET__K_YCYCLE},
    {1, 1, 1, 1, 7.0, 7.0, 4, NONET__K_CYCLE, NONET__K_CHAIN},
};

/* A search in progress. */
typedef struct cyc {
    nonet__chainer *ch;
    nonet__cframe *f;
    const nonet__hgeo *g;
    const nonet__hgrid *s;     /* the grid searched (never changed) */
    const nonet__hgrid *outer; /* nested: the enclosing search's source */
    nonet__ckeep *k;
    const pass *p;
    int pi;                         /* pass number */
    int cell, d;                    /* the start candidate */
    int item;                       /* hints made from this start */
    int maxc, maxf;                 /* largest useful complexity: cycles, chains */
    const uint64_t *reach;          /* per component: components reached; NULL: unknown */
    const uint64_t *csize;          /* per component: its nodes */
    const int *comp;                /* node id -> component, -1 when absent */
    int rw;                         /* words of a component set */
    int bknown, bbest, btie, bpass; /* the bounds were computed for this best, tie, pass */
    uint64_t bgen;
} cyc;

/* The first parent of record r, or -1. */
static int up(const nonet__cframe *f, int r)
{
    return f->rec[r].npar ? f->parent_ids[f->rec[r].par] : -1;
}

/* 1 when a node equal to id is a strict ancestor of record r (first parents). */
static int is_ancestor(const nonet__cframe *f, int r, int id)
{
    for (int q = up(f, r); q >= 0; q = up(f, q))
        if (f->rec[q].id == id) return 1;
    return 0;
}

/* Appends a record with one parent; room must have been made. */
static int add1(nonet__cframe *f, int id, int cause, int parent)
{
    int r = nonet__cf_add(f, id, cause);
    nonet__cf_parent(f, r, parent);
    return r;
}

/* Marks node id known in the current search (no bit sets needed here). */
static void know(nonet__cframe *f, int id, int r)
{
    f->where[id] = r;
    f->mark[id] = f->stamp;
}

/* Records on the first-parent path from r to the start. */
static int path_len(const nonet__cframe *f, int r)
{
    int len = 0;
    for (; r >= 0; r = up(f, r)) len++;
    return len;
}

/* The generation order of the next hint of this start: pass, cell, digit,
 * then (cycles 0, chains 1) and the hint's rank. */
static uint64_t gen_of(const cyc *y, int kind)
{
    return (uint64_t)y->pi << 58 | (uint64_t)y->cell << 36 | (uint64_t)y->d << 28 |
           (uint64_t)kind << 26 | (uint64_t)(y->item & 0x3ffffff);
}

/* Largest complexity a hint of difficulty base and this pass's key may
 * have to sort before the best kept; large when every hint is kept. Hints
 * of later starts lose ties; those of the best's own start may win one
 * (its cycles come before its chains). */
static int max_useful(const cyc *y, double base)
{
    const nonet__ckeep *k = y->k;
    if (k->all || k->best < 0) return 1 << 28;
    int best = 0, tie = (k->bgen >> 28) == (gen_of(y, 0) >> 28);
    for (int cx = 1; cx < 1 << 20; cx++) {
        double dd = nonet__chain_diff(base, cx);
        if (dd > k->bdiff) break;
        if (dd < k->bdiff || cx < k->bcx ||
            (cx == k->bcx && (y->p->key < k->bkey || (tie && y->p->key == k->bkey))))
            best = cx;
        else if (cx > k->bcx) break;
    }
    return best;
}

static void update_bounds(cyc *y)
{
    const nonet__ckeep *k = y->k;
    int tie = k->best >= 0 && (k->bgen >> 28) == (gen_of(y, 0) >> 28);
    if (y->bknown && y->bbest == k->best && y->bgen == k->bgen && y->btie == tie &&
        y->bpass == y->pi)
        return;
    y->maxc = max_useful(y, y->p->cbase);
    y->maxf = y->p->chains ? max_useful(y, y->p->fbase) : 0;
    y->bknown = 1;
    y->bbest = k->best;
    y->bgen = k->bgen;
    y->btie = tie;
    y->bpass = y->pi;
}

/* ------------------------------------------------------------------ */
/* Hints                                                                */
/* ------------------------------------------------------------------ */

/* Nested use: the rule parents of a chain ending in q (and, for a cycle,
 * of the reversed cycle: its "off" nodes turned on) and its identity. */
static int nested_info(cyc *y, int h, int q, int cycle)
{
    nonet__cframe *f = y->f;
    nonet__chint *hh = &f->hint[h];
    hh->rp_at = f->nhint_ints;
    unsigned mark = ++y->ch->pmark;
    if (nonet__crule_parents(y->ch, f, q, y->outer, y->s, NONET__CAUSE_START, mark)) return -1;
    uint64_t sig = 0xcbf29ce484222325ull ^ (uint64_t)cycle;
    for (int r = q; r >= 0; r = up(f, r)) {
        const nonet__cnode *rp = &f->rec[r];
        sig = (sig ^ (uint64_t)rp->id) * 0x100000001b3ull;
        if (cycle && !(rp->id & 1) &&
            nonet__cnode_parents(y->ch, f, (rp->id >> 1) / y->g->n, (rp->id >> 1) % y->g->n,
                                 rp->cause, y->outer, y->s, mark))
            return -1;
    }
    hh = &f->hint[h];
    hh->nrp = f->nhint_ints - hh->rp_at;
    hh->sig = sig;
    return 0;
}

/* Eliminations of the cycle closing at q: a digit removed from a cell
 * outside the cycle that sees a node of it turned on in both directions
 * (one node on, another off, same digit). Appends them to hint_ints; returns
 * their count or -1. */
static int cycle_elims(cyc *y, int q)
{
    nonet__cframe *f = y->f;
    const nonet__hgeo *g = y->g;
    int n = g->n, start = f->nhint_ints;
    unsigned st = nonet__cf_visit(f), *cellmark = f->cellmark;
    for (int r = q; up(f, r) >= 0; r = up(f, r)) cellmark[(f->rec[r].id >> 1) / n] = st;
    for (int on = 0; on < 2; on++) /* off nodes mark, on nodes collect */
        for (int r = q; up(f, r) >= 0; r = up(f, r)) {
            int id = f->rec[r].id, c = (id >> 1) / n, d = (id >> 1) % n;
            if ((id & 1) != on) continue;
            for (int j = g->speer_at[c]; j < g->speer_at[c + 1]; j++) {
                int o = g->speer[j], cand = o * n + d;
                if (cellmark[o] == st || !(y->s->cand[o] >> d & 1)) continue;
                if (!on) {
                    f->seen[cand * 2] = st;
                } else if (f->seen[cand * 2] == st && f->seen[cand * 2 + 1] != st) {
                    f->seen[cand * 2 + 1] = st;
                    if (nonet__cf_iroom(f, 1)) return -1;
                    int i = f->nhint_ints++; /* kept sorted */
                    for (; i > start && f->hint_ints[i - 1] > cand; i--)
                        f->hint_ints[i] = f->hint_ints[i - 1];
                    f->hint_ints[i] = cand;
                }
            }
        }
    return f->nhint_ints - start;
}

/* Ends hint h, whose eliminations are in hint_ints, for the chain ending in q
 * (a cycle when `cycle`): appends the path shown and, in an inner search,
 * the rule parents and identity, then keeps or drops it (nonet__chint_end)
 * and tightens the search bounds. Returns 0, or -1 when a pool is full. */
static int finish_hint(cyc *y, int h, int q, int cycle)
{
    nonet__cframe *f = y->f;
    f->hint[h].sh_at = f->nhint_ints;
    if (nonet__cshow_path(f, q)) return -1;
    f->hint[h].nsh = f->nhint_ints - f->hint[h].sh_at;
    if (y->outer && nested_info(y, h, q, cycle)) return -1;
    nonet__chint_end(f, y->k, h);
    update_bounds(y);
    return 0;
}

/* The hint of the cycle closing at q (a record equal to the start). */
static int cycle_hint(cyc *y, int q)
{
    nonet__cframe *f = y->f;
    int cx = path_len(f, q) - 1;
    double diff = nonet__chain_diff(y->p->cbase, cx);
    uint64_t gen = gen_of(y, 0);
    y->item++;
    if (!y->k->all && !nonet__cbetter(y->k, diff, cx, y->p->key, gen)) return 0;
    if (nonet__cf_hroom(f)) return -1;
    int h = nonet__chint_begin(f, diff, cx, y->p->key, gen, y->p->kcycle);
    int nel = cycle_elims(y, q);
    if (nel < 0) return -1;
    f->hint[h].nel = nel;
    if (!nel) {
        f->nhint--;
        f->nhint_ints = f->hint[h].el_at;
        return 0;
    }
    return finish_hint(y, h, q, 1);
}

/* The hint of the forcing chain ending in q: the start's candidate is off
 * (q off) or must be placed (q on). */
static int chain_hint(cyc *y, int q)
{
    nonet__cframe *f = y->f;
    int n = y->g->n, cx = path_len(f, q), id = f->rec[q].id, cand = id >> 1;
    double diff = nonet__chain_diff(y->p->fbase, cx);
    uint64_t gen = gen_of(y, 1);
    y->item++;
    if (!y->k->all && !nonet__cbetter(y->k, diff, cx, y->p->key, gen)) return 0;
    if (nonet__cf_hroom(f) || nonet__cf_iroom(f, n)) return -1;
    int h = nonet__chint_begin(f, diff, cx, y->p->key, gen, y->p->kchain);
    if (id & 1) {
        f->hint[h].place = cand;
        for (uint64_t m = y->s->cand[cand / n] & ~(1ull << (cand % n)); m; m &= m - 1)
            f->hint_ints[f->nhint_ints++] = cand - cand % n + nonet__ctz(m);
    } else {
        f->hint_ints[f->nhint_ints++] = cand;
    }
    f->hint[h].nel = f->nhint_ints - f->hint[h].el_at;
    return finish_hint(y, h, q, 0);
}

/* ------------------------------------------------------------------ */
/* Searches                                                             */
/* ------------------------------------------------------------------ */

/* Starts a search from node id: returns the start record. */
static int begin(cyc *y, int id)
{
    nonet__cframe *f = y->f;
    nonet__cf_reset(f);
    if (++f->stamp == 0) {
        memset(f->mark, 0, (size_t)f->nnodes * sizeof *f->mark);
        f->stamp = 1;
    }
    int r = nonet__cf_add(f, id, NONET__CAUSE_START);
    know(f, id, r);
    return r;
}

/* The grid never changes during the producer, so every node's inferences
 * are listed once (f->graph.at / f->graph.to: node id -> (id, cause) pairs; on nodes:
 * on -> off, off nodes: off -> on), those of the cell rule first (up to
 * f->graph.cell_end[id]); a pass uses the part its rules allow (lo / hi). */
static int build_graph(cyc *y)
{
    nonet__cframe *f = y->f;
    const nonet__hgrid *s = y->s;
    int n = y->g->n, k = 0;
    for (int id = 0; id < f->nnodes; id++) {
        f->graph.at[id] = f->graph.cell_end[id] = k;
        int cand = id >> 1, c = cand / n, d = cand % n;
        if (!(s->cand[c] >> d & 1)) continue;
        int cnt = id & 1 ? nonet__on_to_off(y->ch, f, s, c, d, 1)
                         : nonet__off_to_on(y->ch, f, s, c, d, 1, 1);
        if (nonet__grow((void **)&f->graph.to, &f->graph.capto, (long)k + 2L * cnt,
                        sizeof *f->graph.to, 1024))
            return -1;
        if (cnt)
            memcpy(f->graph.to + k, f->results,
                   2 * (size_t)cnt * sizeof *f->graph.to); /* gto may be NULL */
        for (int j = 0; j < cnt && f->results[2 * j + 1] == NONET__CAUSE_CELL; j++)
            f->graph.cell_end[id] += 2;
        k += 2 * cnt;
        if (nonet__cspend(y->ch, (unsigned long long)cnt + 1)) return -1;
    }
    f->graph.at[f->nnodes] = k;
    return 0;
}

/* Sets the part of every node's inferences pass y->p uses: [plo, phi)
 * in f->graph.to. */
static void pass_edges(cyc *y)
{
    nonet__cframe *f = y->f;
    const int *at = f->graph.at, *ce = f->graph.cell_end;
    int *plo = f->graph.lo, *phi = f->graph.hi, nn = f->nnodes;
    const int *off_lo = y->p->off_cell ? at : ce, *on_lo = y->p->on_cell ? at : ce;
    const int *off_hi = y->p->off_house ? at + 1 : ce;
    for (int id = 0; id < nn; id += 2) { /* off nodes even, on nodes odd */
        plo[id] = off_lo[id];
        phi[id] = off_hi[id];
        plo[id + 1] = on_lo[id + 1];
        phi[id + 1] = at[id + 2];
    }
}

static inline int lo(const cyc *y, int id) { return y->f->graph.lo[id]; }
static inline int hi(const cyc *y, int id) { return y->f->graph.hi[id]; }

/* ------------------------------------------------------------------ */
/* Reachability: which searches can find anything                       */
/* ------------------------------------------------------------------ */

/* Tarjan's work: the frame's named arrays (nonet__tarjan_arrays) and the
 * count of nodes put in order. */
typedef struct tarjan {
    nonet__tarjan_arrays a;
    int norder; /* nodes in a.order */
} tarjan;

/* Tarjan's strongly connected components of the pass's graph, iterative.
 * Sets t->a.comp and t->a.order; components come out sinks first. Returns
 * their count, or -1 when the progress callback stopped the search. */
static int components(cyc *y, tarjan *t)
{
    nonet__cframe *f = y->f;
    int *comp = t->a.comp, *order = t->a.order, *index = t->a.index, *low = t->a.low;
    int *stack = t->a.stack, *call = t->a.call;
    int nn = f->nnodes, idx = 0, sp = 0, ncomp = 0, no = 0;
    for (int v = 0; v < nn; v++) comp[v] = index[v] = -1;
    for (int v0 = 0; v0 < nn; v0++) {
        if (index[v0] >= 0 || f->graph.at[v0] == f->graph.at[v0 + 1]) continue;
        int cp = 0;
        call[cp++] = v0;
        call[cp++] = lo(y, v0);
        index[v0] = low[v0] = idx++;
        stack[sp++] = v0;
        while (cp) {
            int v = call[cp - 2], e = call[cp - 1];
            if (e < hi(y, v)) {
                int w = f->graph.to[e];
                call[cp - 1] = e + 2;
                if (index[w] < 0) {
                    index[w] = low[w] = idx++;
                    stack[sp++] = w;
                    call[cp++] = w;
                    call[cp++] = lo(y, w);
                } else if (comp[w] < 0 && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            cp -= 2;
            if (nonet__cspend(y->ch, (unsigned long long)(hi(y, v) - lo(y, v)) / 2 + 1)) return -1;
            if (low[v] == index[v]) {
                int w;
                do {
                    w = stack[--sp];
                    comp[w] = ncomp;
                    order[no++] = w;
                } while (w != v);
                ncomp++;
            }
            if (cp && low[v] < low[call[cp - 2]]) low[call[cp - 2]] = low[v];
        }
    }
    t->norder = no;
    return ncomp;
}

/* Builds y->reach: for each component, the components it reaches (its own
 * included), and y->comp, y->big (component has two nodes or more).
 * Leaves y->reach NULL (no filter) when the graph is too large. Returns 0,
 * or -1 (out of memory, or stopped by the progress callback). */
static int build_reach(cyc *y)
{
    nonet__cframe *f = y->f;
    tarjan t = {f->tarjan, 0};
    y->reach = NULL;
    int ncomp = components(y, &t);
    if (ncomp < 0) return -1;
    if (ncomp == 0 || ncomp > 8192) return 0; /* no node (reach stays NULL), or too large */
    int rw = (ncomp + 63) / 64, *comp = t.a.comp, *order = t.a.order, norder = t.norder;
    int *low = t.a.index; /* per component: its row's lowest word not known empty */
    size_t words = (size_t)ncomp * (size_t)rw + (size_t)ncomp;
    if (nonet__grow((void **)&f->graph.reach, &f->graph.capreach, (long)words,
                    sizeof *f->graph.reach, 64))
        return -1;
    uint64_t *size = f->graph.reach + (size_t)ncomp * (size_t)rw; /* node count per component */
    memset(size, 0, (size_t)ncomp * sizeof *size);
    for (int i = 0; i < norder; i++) {
        int v = order[i], c = comp[v];
        uint64_t *rc = f->graph.reach + (size_t)c * (size_t)rw;
        if (!size[c]++) { /* its first node: the row (words up to its own) is itself */
            for (int j = 0; j < c >> 6; j++) rc[j] = 0;
            rc[c >> 6] = 1ull << (c & 63);
            low[c] = c >> 6;
        }
        for (int e = lo(y, v); e < hi(y, v); e += 2) {
            /* cw < c (sinks first): its row has no bit past word cw >> 6, none
             * before low[cw]; a bit of cw set already came with a row that
             * holds cw's */
            int cw = comp[f->graph.to[e]], top = cw >> 6;
            if (cw == c || (rc[top] >> (cw & 63) & 1)) continue;
            const uint64_t *rd = f->graph.reach + (size_t)cw * (size_t)rw;
            for (int j = low[cw]; j <= top; j++) rc[j] |= rd[j];
            if (low[cw] < low[c]) low[c] = low[cw];
        }
        if (nonet__cspend(y->ch, (unsigned long long)(hi(y, v) - lo(y, v)) / 2 * (unsigned)rw + 1))
            return -1;
    }
    y->reach = f->graph.reach;
    y->comp = comp;
    y->rw = rw;
    y->csize = size;
    return 0;
}

/* 1 when node a reaches node b in the pass's graph (or no filter). */
static int reaches(const cyc *y, int a, int b)
{
    if (!y->reach) return 1;
    int ca = y->comp[a], cb = y->comp[b];
    if (ca < 0 || cb < 0 || cb > ca) return 0; /* sinks first; words past ca's own unset */
    return (int)(y->reach[(size_t)ca * (size_t)y->rw + (size_t)(cb >> 6)] >> (cb & 63) & 1);
}

/* 1 when node a lies on a cycle of the pass's graph (or no filter). */
static int on_cycle(const cyc *y, int a)
{
    return !y->reach || (y->comp[a] >= 0 && y->csize[y->comp[a]] > 1);
}

/* 1 when off node id turns the start (node sid) back on. */
static int closes(const cyc *y, int id, int sid)
{
    for (int j = lo(y, id); j < hi(y, id); j += 2)
        if (y->f->graph.to[j] == sid) return 1;
    return 0;
}

/* Makes room for the inferences of record p plus one, and counts their
 * work. Returns 0, or -1 (out of memory, or the progress callback stopped
 * the search). */
static int room_for(const cyc *y, int p)
{
    nonet__cframe *f = y->f;
    int id = f->rec[p].id, cnt = (f->graph.at[id + 1] - f->graph.at[id]) / 2 + 1;
    if (nonet__cspend(y->ch, (unsigned long long)cnt)) return -1;
    return nonet__cf_room(f, cnt, cnt);
}

/* NOLINTNEXTLINE(bugprone-macro-parentheses): j names the loop variable it declares */
#define EDGES(y, id, j) (int j = lo((y), (id)), j##end = hi((y), (id)); j < j##end; j += 2)

/* The "on" phase of a layer: the off nodes of queues.on[0..non) (generated at
 * depth L) into queues.off. Off nodes met before are kept only when they could
 * close a cycle (they infer nothing new), and never when they are
 * ancestors of their parent. Notes the forcing chain to the start's
 * opposite when wanted. Returns the count, or -1. */
static int on_phase(cyc *y, int sid, int non, int L, int want_cycles, int *found)
{
    nonet__cframe *f = y->f;
    int noff = 0;
    for (int i = 0; i < non; i++) {
        int p = f->queues.on[i], id = f->rec[p].id;
        if (room_for(y, p)) return -1;
        for
            EDGES(y, id, j)
            {
                int qid = f->graph.to[j], cause = f->graph.to[j + 1];
                if (qid == (sid ^ 1) && !*found && L <= y->maxf) {
                    *found = 1;
                    int q = add1(f, qid, cause, p);
                    f->rec[q].virt = 1;
                    if (chain_hint(y, q)) return -1;
                }
                int known = nonet__cf_get(f, qid) >= 0;
                if (known &&
                    (!want_cycles || L < 4 || !closes(y, qid, sid) || is_ancestor(f, p, qid)))
                    continue;
                int r = add1(f, qid, cause, p);
                if (!known) know(f, qid, r);
                f->queues.off[noff++] = r;
            }
    }
    return noff;
}

/* The cycle search from "on" candidate sid, SE's doCycles (complexity up
 * to y->maxc), merged with the forcing chain search from the same
 * assumption (SE's doForcingChains, up to y->maxf): both find the same
 * nodes with the same first parents. */
static int cycles_from(cyc *y, int sid, int chains)
{
    nonet__cframe *f = y->f;
    int s = begin(y, sid), non = 1, found = !chains, cycles = on_cycle(y, sid);
    f->queues.on[0] = s;
    for (int L = 2; non; L += 2) {
        int want_cycles = cycles && L <= y->maxc;
        if (!want_cycles && (found || L > y->maxf)) break;
        int noff = on_phase(y, sid, non, L, want_cycles, &found);
        if (noff < 0) return -1;
        non = 0;
        for (int i = 0; i < noff; i++) {
            int p = f->queues.off[i], id = f->rec[p].id;
            if (room_for(y, p)) return -1;
            for
                EDGES(y, id, j)
                {
                    int qid = f->graph.to[j], cause = f->graph.to[j + 1];
                    if (qid == sid) {
                        if (L >= 4 && want_cycles) {
                            int q = add1(f, qid, cause, p);
                            f->rec[q].virt = 1;
                            if (cycle_hint(y, q)) return -1;
                        }
                        continue;
                    }
                    if (nonet__cf_get(f, qid) >= 0) continue;
                    int r = add1(f, qid, cause, p);
                    know(f, qid, r);
                    f->queues.on[non++] = r;
                }
        }
    }
    return 0;
}

/* The forcing chain search from "off" candidate sid (SE's
 * doForcingChains): notes the first path to "on". */
static int chains_from_off(cyc *y, int sid)
{
    nonet__cframe *f = y->f;
    int s = begin(y, sid), noff = 1;
    f->queues.off[0] = s;
    for (int L = 2; noff && L <= y->maxf; L += 2) {
        int non = 0;
        for (int i = 0; i < noff; i++) {
            int p = f->queues.off[i], id = f->rec[p].id;
            if (room_for(y, p)) return -1;
            for
                EDGES(y, id, j)
                {
                    int qid = f->graph.to[j], cause = f->graph.to[j + 1];
                    if (qid == (sid ^ 1)) {
                        int q = add1(f, qid, cause, p);
                        f->rec[q].virt = 1;
                        return chain_hint(y, q);
                    }
                    if (nonet__cf_get(f, qid) >= 0) continue;
                    int r = add1(f, qid, cause, p);
                    know(f, qid, r);
                    f->queues.on[non++] = r;
                }
        }
        noff = 0;
        if (L + 2 > y->maxf) break;
        for (int i = 0; i < non; i++) {
            int p = f->queues.on[i], id = f->rec[p].id;
            if (room_for(y, p)) return -1;
            for
                EDGES(y, id, j)
                {
                    int qid = f->graph.to[j], cause = f->graph.to[j + 1];
                    if (nonet__cf_get(f, qid) >= 0) continue; /* ancestors are known */
                    int r = add1(f, qid, cause, p);
                    know(f, qid, r);
                    f->queues.off[noff++] = r;
                }
        }
    }
    return 0;
}

/* SE's doUnaryChaining for candidate (cell, d) in pass y->p. */
static int unary(cyc *y)
{
    update_bounds(y);
    int on = (y->cell * y->g->n + y->d) * 2 + 1, chains = y->p->chains && y->maxf >= 2;
    int cycles = y->maxc >= 4 && on_cycle(y, on), from_on = chains && reaches(y, on, on ^ 1);
    y->item = 0;
    if ((cycles || from_on) && cycles_from(y, on, from_on)) return -1;
    if (chains && reaches(y, on ^ 1, on) && chains_from_off(y, on ^ 1)) return -1;
    return 0;
}

int nonet__cycles_run(nonet__chainer *ch, int depth, const nonet__hgrid *outer, nonet__ckeep *k)
{
    nonet__cframe *f = &ch->frame[depth];
    cyc y = {ch, f, ch->geo, &f->src, outer, k, NULL, 0, 0, 0, 0,
             0,  0, NULL,    NULL,    NULL,  0, 0,    0, 0, 0, 0};
    int built = 0;
    f->nhint = 0;
    f->nhint_ints = 0;
    for (y.pi = 0; y.pi < 3; y.pi++) {
        y.p = &passes[y.pi];
        update_bounds(&y);
        if (y.maxc < 4 && y.maxf < 2) continue;
        if (!built && build_graph(&y)) return -1;
        built = 1;
        pass_edges(&y);
        if (nonet__cspend(ch, (unsigned long long)f->nnodes)) return -1;
        if (build_reach(&y)) return -1;
        for (y.cell = 0; y.cell < y.g->ncells; y.cell++) {
            uint64_t m = y.s->cand[y.cell];
            if (!(m & (m - 1)) || (!y.p->chains && (m & (m - 1) & ((m & (m - 1)) - 1)))) continue;
            if (nonet__cprogress(ch)) return -1;
            for (; m; m &= m - 1) {
                y.d = nonet__ctz(m);
                if (unary(&y)) return -1;
            }
        }
    }
    return 0;
}

nonet__hfound nonet__find_cycles(nonet__hctx *x, const nonet__htech *t)
{
    nonet__chainer *ch = x->chains;
    if (!ch) return NONET__HF_NONE;
    nonet__hgrid_copy(&ch->frame[0].src, x->grid);
    nonet__ckeep k = {!x->first, -1, 0, 0, 0, 0};
    if (nonet__cycles_run(ch, 0, NULL, &k)) return nonet__chainer_stop(ch);
    return nonet__chint_emit_kept(x, t, &k);
}
