/*
 * forcing.c - Sudoku Explainer's producers 23-30: Nishio forcing chains
 * (7.5), static cell and region forcing chains (8.0), dynamic forcing
 * chains (8.5: contradiction, double, cell, region) and their nested levels
 * (9.0, 9.5, 10.0, 10.5, 11.0), each plus SE's length bonus.
 *
 * The propagation (SE's doChaining): from one assumption, "on" nodes are
 * processed one at a time before any "off" node, first in first out; an
 * "on" node turns off the other places of its digit in its houses and (not
 * Nishio) its cell's other candidates; an "off" node turns on the other
 * candidate of a two-candidate cell (not Nishio) and the other place of a
 * digit left with two places in a house. Dynamic searches remove each
 * "off" node's candidate from the working grid once it is processed, so
 * later tests see the reduced grid, and an inference made possible by
 * earlier removals lists them as further parents. A node that would be
 * both on and off is a contradiction. A nested level, when both queues run
 * dry, runs its rules on the reduced grid (nested.c) and goes on with what
 * they remove.
 *
 * The producer (SE's getMultipleChainsHintList): for every cell with more
 * than two candidates (any two or more when dynamic), every candidate is
 * assumed on, then off: a contradiction proves the opposite; a node that
 * follows both ways holds (double forcing, dynamic, cells of three or more
 * candidates); a node that follows from every candidate of a cell (cell
 * forcing chains) or from every place of a digit in a house whose first
 * place this cell is (region forcing chains) holds. Hints are ordered by
 * complexity (their difficulty grows with it), SE's sort key, then the
 * order SE generates them in.
 *
 * Searches run on every shape from the shape tables; the searches of a cell
 * are kept until its cell forcing chains are built, and the on/off sets of
 * every digit search are intersected per house, so a region forcing chain
 * is rebuilt (its searches run again) only when its houses' sets meet.
 */
#include "human/chains.h"

#include "core/assert.h"
#include "core/shape.h"

#include <string.h>

/* One producer run. */
typedef struct fctx {
    nonet__chainer *ch;
    nonet__cframe *f;
    const nonet__hgeo *g;
    const nonet__hgrid *s;     /* the grid searched */
    const nonet__hgrid *outer; /* nested: the enclosing search's source, else NULL */
    nonet__ckeep *k;
    int depth, n, cw;
    int mode; /* 1 Nishio, 2 static multiple, 3 dynamic */
    int level;
    int cell_links;                       /* cell rules in use (not Nishio) */
    int dynamic;                          /* Nishio or dynamic */
    double base;                          /* SE's difficulty base */
    int kcontra, kdouble, kcell, kregion; /* hint kinds */
} fctx;

enum { KEY_DOUBLE = 1, KEY_CELL = 5, KEY_REGION = 6, KEY_CONTRA = 7 };

/* ------------------------------------------------------------------ */
/* Propagation                                                          */
/* ------------------------------------------------------------------ */

/* Adds to record r the hidden parents of "on" node (cell c, digit d)
 * inferred from `cause`: the candidates of the source gone from the
 * working grid that made it single. */
static void hidden_parents(fctx *z, const nonet__hgrid *w, int r, int c, int d, int cause)
{
    nonet__cframe *f = z->f;
    const nonet__hgeo *g = z->g;
    int n = z->n;
    if (cause == NONET__CAUSE_CELL) {
        for (uint64_t m = z->s->cand[c] & ~w->cand[c]; m; m &= m - 1) {
            int p = nonet__cf_get(f, (c * n + nonet__ctz(m)) * 2);
            if (p >= 0) nonet__cf_parent(f, r, p);
        }
    } else if (cause >= 0) {
        size_t at = (size_t)cause * (size_t)n + (size_t)d;
        for (uint64_t m = z->s->pos[at] & ~w->pos[at]; m; m &= m - 1) {
            int p = nonet__cf_get(f, (g->house[cause * n + nonet__ctz(m)] * n + d) * 2);
            if (p >= 0) nonet__cf_parent(f, r, p);
        }
    }
}

/* Removes candidate d of cell c from the working grid: candidates and
 * places only (the chains read nothing else). */
static void w_remove(const nonet__hgeo *g, nonet__hgrid *w, int c, int d)
{
    size_t n = (size_t)g->n;
    w->cand[c] &= ~(1ull << d);
    for (int k = g->ch_at[c]; k < g->ch_at[c + 1]; k++)
        w->pos[(size_t)g->ch[k] * n + (size_t)d] &= ~(1ull << g->ch_pos[k]);
}

/* Turns off node qid from record p (SE's order of checks: its opposite
 * known on is a contradiction; known off, nothing). Room must be made. */
static int emit_off(fctx *z, int p, int qid, int cause, int *tail, int *ca, int *cb)
{
    nonet__cframe *f = z->f;
    int a = nonet__cf_get(f, qid | 1);
    if (a < 0 && nonet__cf_get(f, qid) >= 0) return 0;
    int q = nonet__cf_add(f, qid, cause);
    nonet__cf_parent(f, q, p);
    if (a >= 0) {
        f->rec[q].virt = 1;
        *ca = a;
        *cb = q;
        return 1;
    }
    nonet__cf_put(f, q);
    f->queues.off[(*tail)++] = q;
    return 0;
}

/* Processes "on" record p: the cell's other candidates (not Nishio), the
 * digit's other places in the cell's houses, its other peers. Returns 1 on
 * a contradiction, -1 out of memory. */
static int process_on(fctx *z, const nonet__hgrid *w, int p, int *tail, int *ca, int *cb)
{
    nonet__cframe *f = z->f;
    const nonet__hgeo *g = z->g;
    int id = f->rec[p].id, n = z->n, c = (id >> 1) / n, d = (id >> 1) % n, base = c * n;
    if (nonet__cf_room(f, z->ch->maxlist + 1, z->ch->maxlist + 1)) return -1;
    if (z->cell_links)
        for (uint64_t m = w->cand[c] & ~(1ull << d); m; m &= m - 1)
            if (emit_off(z, p, (base + nonet__ctz(m)) * 2, NONET__CAUSE_CELL, tail, ca, cb))
                return 1;
    for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
        int h = g->ch_se[j];
        const int *hc = g->house + (size_t)h * (size_t)n;
        for (uint64_t m = w->pos[(size_t)h * (size_t)n + (size_t)d] & ~(1ull << z->ch->sepos[j]); m;
             m &= m - 1)
            if (emit_off(z, p, (hc[nonet__ctz(m)] * n + d) * 2, h, tail, ca, cb)) return 1;
    }
    if (z->ch->xpeers) {
        const nonet_shape *sh = g->shape;
        for (int j = sh->xpeer_at[c]; j < sh->xpeer_at[c + 1]; j++)
            if ((w->cand[sh->xpeer[j]] >> d & 1) &&
                emit_off(z, p, (sh->xpeer[j] * n + d) * 2, NONET__CAUSE_PEER, tail, ca, cb))
                return 1;
    }
    for (int j = g->adj_at[c]; z->ch->adjacent && j < g->adj_at[c + 1]; j++)
        for (int e = d - 1; e <= d + 1; e += 2)
            if (e >= 0 && e < n && (w->cand[g->adj[j]] >> e & 1) &&
                emit_off(z, p, (g->adj[j] * n + e) * 2, NONET__CAUSE_PEER, tail, ca, cb))
                return 1;
    return 0;
}

/* Turns on node qid from "off" record p, with the hidden parents of a
 * dynamic search. Returns 1 on a contradiction, -1 out of memory. */
static int emit_on(fctx *z, const nonet__hgrid *w, int p, int qid, int cause, int *tail, int *ca,
                   int *cb)
{
    nonet__cframe *f = z->f;
    int n = z->n, b = nonet__cf_get(f, qid & ~1);
    if (b < 0 && nonet__cf_get(f, qid) >= 0) return 0;
    if (nonet__cf_room(f, 1, 1 + n)) return -1;
    int q = nonet__cf_add(f, qid, cause);
    nonet__cf_parent(f, q, p);
    if (z->dynamic) hidden_parents(z, w, q, (qid >> 1) / n, (qid >> 1) % n, cause);
    if (b >= 0) {
        f->rec[q].virt = 1;
        *ca = q;
        *cb = b;
        return 1;
    }
    nonet__cf_put(f, q);
    f->queues.on[(*tail)++] = q;
    return 0;
}

/* 1 when m has exactly two bits. */
static int two(uint64_t m)
{
    uint64_t r = m & (m - 1);
    return r && !(r & (r - 1));
}

/* Processes "off" record p: the other candidate of a two-candidate cell
 * (not Nishio), the other place of the digit in houses where it has two;
 * then, dynamic, removes its candidate from w. */
static int process_off(fctx *z, nonet__hgrid *w, int p, int *tail, int *ca, int *cb)
{
    nonet__cframe *f = z->f;
    const nonet__hgeo *g = z->g;
    int id = f->rec[p].id, n = z->n, c = (id >> 1) / n, d = (id >> 1) % n, res;
    uint64_t m = w->cand[c];
    if (z->cell_links && two(m) &&
        (res = emit_on(z, w, p, (c * n + nonet__ctz(m & ~(1ull << d))) * 2 + 1, NONET__CAUSE_CELL,
                       tail, ca, cb)))
        return res;
    for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
        int h = g->ch_se[j];
        uint64_t pp = w->pos[(size_t)h * (size_t)n + (size_t)d];
        if (!two(pp)) continue;
        int o =
            g->house[(size_t)h * (size_t)n + (size_t)nonet__ctz(pp & ~(1ull << z->ch->sepos[j]))];
        if ((res = emit_on(z, w, p, (o * n + d) * 2 + 1, h, tail, ca, cb))) return res;
    }
    if (z->dynamic) w_remove(g, w, c, d);
    return 0;
}

/* Makes the working grid's candidates and places the source's again. */
static void w_reset(fctx *z)
{
    nonet__cframe *f = z->f;
    size_t words = (size_t)z->g->ncells + (size_t)z->g->nhouses * (size_t)z->n;
    memcpy(f->work.cand, f->src.cand, (size_t)z->g->ncells * sizeof *f->work.cand);
    memcpy(f->work.pos, f->src.pos, (words - (size_t)z->g->ncells) * sizeof *f->work.pos);
}

/* SE's doChaining from node id: the new search's records are appended to
 * the frame; the working grid (dynamic) is the source again afterwards.
 * Returns 1 on a contradiction (*ca its "on" record, *cb its "off"
 * record), 0 when the search ran dry, -1 out of memory or stopped. */
static int propagate(fctx *z, int id, int *ca, int *cb)
{
    nonet__cframe *f = z->f;
    if (nonet__cspend(z->ch, (unsigned long long)z->cw * 4)) return -1; /* the sets, their meets */
    nonet__cf_new_search(f);
    nonet__hgrid *w = z->dynamic ? &f->work : &f->src;
    if (nonet__cf_room(f, 1, 0)) return -1;
    int r = nonet__cf_add(f, id, NONET__CAUSE_START), hon = 0, ton = 0, hoff = 0, toff = 0, res;
    nonet__cf_put(f, r);
    if (id & 1) f->queues.on[ton++] = r;
    else f->queues.off[toff++] = r;
    for (;;) {
        if (nonet__cspend(z->ch, (unsigned long long)z->n)) {
            res = -1; /* stopped by the progress callback */
            break;
        }
        if (hon < ton) {
            res = process_on(z, w, f->queues.on[hon++], &toff, ca, cb);
        } else if (hoff < toff) {
            res = process_off(z, w, f->queues.off[hoff], &ton, ca, cb);
            if (!res) hoff++; /* done, its candidate removed */
        } else {
            NONET_ASSERT(z->level == 0 || z->ch->nested);
            res = z->level > 0 ? z->ch->nested(z->ch, z->depth, z->level, &toff) : 0;
            if (res > 0) continue;
            break; /* dry (0) or stopped (-1) */
        }
        if (res) break;
    }
    if (z->dynamic && hoff) w_reset(z);
    return res;
}

/* ------------------------------------------------------------------ */
/* Hints                                                                */
/* ------------------------------------------------------------------ */

/* Generation order: cell, digit slot (n for cell chains), kind, rank. */
static uint64_t gen_of(int cell, int slot, int kind, int item)
{
    return (uint64_t)cell << 40 | (uint64_t)slot << 33 | (uint64_t)kind << 28 |
           (uint64_t)(item & 0xfffffff);
}

/* Complexity of a hint whose chains end in records t[0..m): the sum of
 * their ancestors plus the nested chains met, each once. */
static int complexity(fctx *z, const int *t, int m)
{
    uint64_t nest[1024];
    int nnest = 0, nestcx = 0, flat = 0;
    for (int i = 0; i < m; i++)
        flat +=
            nonet__cancestors(z->ch, z->f, t[i], z->level > 1 ? nest : NULL, &nnest, 1024, &nestcx);
    return flat + nestcx;
}

/* Identity of chains ending in t[0..m) (their ancestries, in order). */
static uint64_t chains_sig(fctx *z, const int *t, int m)
{
    nonet__cframe *f = z->f;
    uint64_t sig = 0xcbf29ce484222325ull;
    for (int i = 0; i < m; i++) {
        int len = nonet__cancestors(z->ch, f, t[i], NULL, NULL, 0, NULL);
        for (int j = 0; j < len; j++)
            sig = (sig ^ (uint64_t)f->rec[f->queues.bfs[j]].id) * 0x100000001b3ull;
        sig = (sig ^ 0xff) * 0x100000001b3ull;
    }
    return sig;
}

/* Appends conclusion node id (on: place; off: eliminate) to hint h's
 * eliminations. Returns 0 when it removes nothing (not worth a hint). */
static int conclude(fctx *z, int h, int id)
{
    nonet__cframe *f = z->f;
    int n = z->n, cand = id >> 1;
    if (id & 1) {
        uint64_t m = z->s->cand[cand / n] & ~(1ull << (cand % n));
        if (!m) return 0;
        f->hint[h].place = cand;
        for (; m; m &= m - 1) f->hint_ints[f->nhint_ints++] = cand - cand % n + nonet__ctz(m);
    } else {
        f->hint_ints[f->nhint_ints++] = cand;
    }
    f->hint[h].nel = f->nhint_ints - f->hint[h].el_at;
    return 1;
}

/* Makes a hint concluding node `id` from the chains ending in t[0..m);
 * start_cause: how the chains' common start is single (rule parents). */
static int make_hint(fctx *z, int kind, int key, uint64_t gen, int id, const int *t, int m,
                     int start_cause)
{
    nonet__cframe *f = z->f;
    int n = z->n;
    if ((id & 1) && !(z->s->cand[(id >> 1) / n] & ~(1ull << ((id >> 1) % n)))) return 0;
    int cx = complexity(z, t, m);
    if (z->ch->gave_up) return -1; /* the ancestors' walk counted its work */
    double diff = nonet__chain_diff(z->base, cx);
    if (!z->k->all && !nonet__cbetter(z->k, diff, cx, key, gen)) return 0;
    if (nonet__cf_hroom(f) || nonet__cf_iroom(f, n + 1)) return -1;
    int h = nonet__chint_begin(f, diff, cx, key, gen, kind);
    conclude(z, h, id);
    f->hint[h].sh_at = f->nhint_ints;
    for (int i = 0; i < m; i++)
        if (nonet__cshow_path(f, t[i])) return -1;
    f->hint[h].nsh = f->nhint_ints - f->hint[h].sh_at;
    if (z->outer) {
        f->hint[h].rp_at = f->nhint_ints;
        unsigned mark = ++z->ch->pmark;
        for (int i = 0; i < m; i++)
            if (nonet__crule_parents(z->ch, f, t[i], z->outer, z->s, start_cause, mark)) return -1;
        f->hint[h].nrp = f->nhint_ints - f->hint[h].rp_at;
        f->hint[h].sig = chains_sig(z, t, m);
    }
    nonet__chint_end(f, z->k, h);
    return 0;
}

/* The contradiction met by the search from `start`: the start's opposite holds. */
static int contradiction(fctx *z, int cell, int d, int start, int ca, int cb)
{
    int t[2] = {ca, cb};
    uint64_t gen = gen_of(cell, d, start & 1 ? 0 : 1, 0);
    return make_hint(z, z->kcontra, KEY_CONTRA, gen, start ^ 1, t, 2, NONET__CAUSE_START);
}

/* Double forcing: nodes of the "on" search (records [r0, r1)) that the
 * current ("off") search reaches too. */
static int doubles(fctx *z, int cell, int d, int r0, int r1)
{
    nonet__cframe *f = z->f;
    for (int pass = 1; pass >= 0; pass--)
        for (int r = r0; r < r1; r++) {
            const nonet__cnode *rp = &f->rec[r];
            if (nonet__cprogress(z->ch)) return -1;
            if (rp->virt || (rp->id & 1) != pass) continue;
            int other = nonet__cf_get(f, rp->id);
            if (other < 0) continue;
            int t[2] = {r, other};
            uint64_t gen = gen_of(cell, d, pass ? 2 : 3, r - r0);
            if (make_hint(z, z->kdouble, KEY_DOUBLE, gen, rp->id, t, 2, NONET__CAUSE_START))
                return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Multiple chains: cells and regions                                   */
/* ------------------------------------------------------------------ */

/* A branch of a multiple chain: the records of one search. */
typedef struct branch {
    int r0, r1;
} branch;

/* Registers the records of branch b as the current search's. */
static void recall(nonet__cframe *f, const branch *b)
{
    if (++f->stamp == 0) {
        memset(f->mark, 0, (size_t)f->nnodes * sizeof *f->mark);
        f->stamp = 1;
    }
    for (int r = b->r0; r < b->r1; r++)
        if (!f->rec[r].virt) {
            f->where[f->rec[r].id] = r;
            f->mark[f->rec[r].id] = f->stamp;
        }
}

/* 1 when node id is in the on/off candidate sets `acc`. */
static int in_sets(const uint64_t *acc, int cw, int id)
{
    int cand = id >> 1;
    return (int)(acc[(id & 1 ? 0 : cw) + (cand >> 6)] >> (cand & 63) & 1);
}

/* 1 when the sets are empty. */
static int sets_empty(const uint64_t *acc, int cw)
{
    for (int i = 0; i < 2 * cw; i++)
        if (acc[i]) return 0;
    return 1;
}

/* Hints of a multiple chain over branches b[0..m) whose common nodes are
 * `acc`: each common node, "on" ones first, in branch 0's order. kind,
 * key, and gen (cell, slot, kind base) say what it is. */
static int multiple_hints(fctx *z, const branch *b, int m, const uint64_t *acc, int kind, int key,
                          int cell, int slot, int gkind, int start_cause)
{
    nonet__cframe *f = z->f;
    int *tg = f->hint_targets, nt = 0;
    for (int pass = 1; pass >= 0; pass--)
        /* NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign): callers set b[0..m) */
        for (int r = b[0].r0; r < b[0].r1; r++)
            if (!f->rec[r].virt && (f->rec[r].id & 1) == pass && in_sets(acc, z->cw, f->rec[r].id))
                tg[nt++] = r;
    int per = m + 1;
    /* tg[i] becomes row i: the target's record in each branch */
    for (int i = nt - 1; i >= 0; i--) tg[i * per] = tg[i];
    for (int i = 0; i < nt; i++) tg[i * per + 1] = tg[i * per];
    if (nonet__cspend(z->ch,
                      (unsigned long long)(b[0].r1 - b[0].r0) + (unsigned long long)nt * per))
        return -1;
    for (int k = 1; k < m; k++) {
        if (nonet__cspend(z->ch, (unsigned long long)(b[k].r1 - b[k].r0))) return -1;
        recall(f, &b[k]);
        for (int i = 0; i < nt; i++) tg[i * per + 1 + k] = nonet__cf_get(f, f->rec[tg[i * per]].id);
    }
    for (int i = 0; i < nt; i++) {
        const int *row = tg + i * per;
        int id = f->rec[row[0]].id, ok = 1;
        for (int k = 1; k < m; k++) ok &= row[1 + k] >= 0;
        if (!ok) continue;
        int first_off = (id & 1) == 0;
        uint64_t gen = gen_of(cell, slot, gkind + first_off, row[0] - b[0].r0);
        if (make_hint(z, kind, key, gen, id, row + 1, m, start_cause)) return -1;
    }
    return 0;
}

/* ANDs the current search's sets into acc (first: copies). */
static void meet(uint64_t *acc, const uint64_t *sb, int cw, int first)
{
    for (int i = 0; i < 2 * cw; i++) acc[i] = first ? sb[i] : acc[i] & sb[i];
}

/* Most records a producer run keeps (its "on" searches are reused by
 * region chains); past it, they are dropped and searched again. */
#define KEEP_RECORDS (1 << 20)

/* Clears the records when the run has kept too many (before a cell). */
static void forget_if_full(fctx *z)
{
    nonet__cframe *f = z->f;
    if (f->nrec < KEEP_RECORDS) return;
    nonet__cf_reset(f);
    for (int i = 0; i < 2 * z->ch->ncand; i++) f->on_record[i] = -1;
}

/* The records of the "on" search from candidate cand: kept, or searched
 * now. Returns 0 or -1. */
static int on_search(fctx *z, int cand, branch *b)
{
    nonet__cframe *f = z->f;
    if (f->on_record[2 * cand] >= 0) {
        b->r0 = f->on_record[2 * cand];
        b->r1 = f->on_record[2 * cand + 1];
        return 0;
    }
    int ca, cb;
    b->r0 = f->nrec;
    if (propagate(z, cand * 2 + 1, &ca, &cb) < 0) return -1;
    b->r1 = f->nrec;
    f->on_record[2 * cand] = b->r0;
    f->on_record[2 * cand + 1] = b->r1;
    return 0;
}

/* Region forcing chains of digit d in house h (first place: cell c). */
static int region_chains(fctx *z, int h, int d, int c, int j)
{
    nonet__cframe *f = z->f;
    const uint64_t *acc =
        f->house_common + ((size_t)h * (size_t)z->n + (size_t)d) * 2 * (size_t)z->cw;
    if (sets_empty(acc, z->cw)) return 0;
    branch b[NONET_MAX_SIZE];
    int m = 0;
    forget_if_full(z);
    for (uint64_t p = z->s->pos[(size_t)h * (size_t)z->n + (size_t)d]; p; p &= p - 1)
        if (on_search(z, z->g->house[h * z->n + nonet__ctz(p)] * z->n + d, &b[m++])) return -1;
    return multiple_hints(z, b, m, acc, z->kregion, KEY_REGION, c, d, 4 + 2 * j, h);
}

/* Region forcing chains from every house whose first place of its digit
 * is a cell the producer starts from. */
static int all_region_chains(fctx *z)
{
    const nonet__hgeo *g = z->g;
    for (int c = 0; c < g->ncells; c++) {
        uint64_t m = z->s->cand[c];
        if (!(m & (m - 1)) || (!z->dynamic && nonet__at_most(m, 2))) continue;
        for (; m; m &= m - 1) {
            int d = nonet__ctz(m);
            for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
                int h = g->ch_se[j];
                uint64_t p = z->s->pos[(size_t)h * (size_t)z->n + (size_t)d];
                if (!(p & (p - 1)) || nonet__ctz(p) != z->ch->sepos[j]) continue;
                if (nonet__cprogress(z->ch)) return -1;
                if (region_chains(z, h, d, c, j - g->ch_at[c])) return -1;
            }
        }
    }
    return 0;
}

/* ANDs the current search's sets into the house accumulators of cell c. */
static void meet_houses(fctx *z, int c, int d, unsigned char *seen_hd)
{
    const nonet__hgeo *g = z->g;
    nonet__cframe *f = z->f;
    for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
        size_t hd = (size_t)g->ch_se[j] * (size_t)z->n + (size_t)d;
        meet(f->house_common + hd * 2 * (size_t)z->cw, f->search_nodes, z->cw, !seen_hd[hd]);
        seen_hd[hd] = 1;
    }
}

/* The search from the only candidate of cell c (a nested grid can hold
 * one): SE runs it as a branch of region chains. */
static int single_search(fctx *z, int c, unsigned char *seen_hd)
{
    int d = nonet__ctz(z->s->cand[c]);
    branch b;
    forget_if_full(z);
    if (on_search(z, c * z->n + d, &b)) return -1;
    meet_houses(z, c, d, seen_hd);
    return 0;
}

/* Every search of cell c (SE's loop body): contradictions, doubles, the
 * cell's forcing chains. */
static int cell_searches(fctx *z, int c, unsigned char *seen_hd)
{
    nonet__cframe *f = z->f;
    uint64_t cands = z->s->cand[c];
    int n = z->n, card = nonet__hcount(cands), start = card > 2 || z->dynamic, nb = 0;
    branch b[NONET_MAX_SIZE];
    forget_if_full(z);
    for (uint64_t m = cands; m; m &= m - 1) {
        int d = nonet__ctz(m), on = (c * n + d) * 2 + 1, ca, cb;
        int r0 = f->nrec, res = propagate(z, on, &ca, &cb);
        if (res < 0) return -1;
        f->on_record[2 * (c * n + d)] = r0;
        f->on_record[2 * (c * n + d) + 1] = f->nrec;
        if (z->mode != NONET__CHAIN_NISHIO) meet_houses(z, c, d, seen_hd);
        if (!start) continue;
        meet(f->cell_common, f->search_nodes, z->cw, nb == 0);
        b[nb].r0 = r0;
        b[nb++].r1 = f->nrec;
        if (res && z->dynamic && contradiction(z, c, d, on, ca, cb)) return -1;
        if (!z->dynamic) continue;
        int r1 = f->nrec;
        res = propagate(z, on ^ 1, &ca, &cb);
        if (res < 0) return -1;
        if (res && contradiction(z, c, d, on ^ 1, ca, cb)) return -1;
        if (z->mode == NONET__CHAIN_DYNAMIC && card >= 3 && doubles(z, c, d, r0, r1)) return -1;
    }
    if (!start || z->mode == NONET__CHAIN_NISHIO || sets_empty(f->cell_common, z->cw)) return 0;
    return multiple_hints(z, b, nb, f->cell_common, z->kcell, KEY_CELL, c, n, 0, NONET__CAUSE_CELL);
}

int nonet__forcing_run(nonet__chainer *ch, int depth, int mode, int level,
                       const nonet__hgrid *outer, nonet__ckeep *k)
{
    nonet__cframe *f = &ch->frame[depth];
    const nonet__hgeo *g = ch->geo;
    fctx z = {ch,
              f,
              g,
              &f->src,
              outer,
              k,
              depth,
              g->n,
              ch->cw,
              mode,
              level,
              mode != NONET__CHAIN_NISHIO,
              mode != NONET__CHAIN_MULTIPLE,
              0,
              0,
              0,
              0,
              0};
    if (mode == NONET__CHAIN_NISHIO) z.base = 7.5;
    else if (mode == NONET__CHAIN_MULTIPLE)
        z.base = 8.0, z.kcell = NONET__K_CELL, z.kregion = NONET__K_REGION;
    else {
        z.base = level >= 2 ? 9.5 + 0.5 * (level - 2) : level > 0 ? 8.5 + 0.5 * level : 8.5;
        z.kcontra = NONET__K_CONTRA, z.kdouble = NONET__K_DOUBLE;
        z.kcell = NONET__K_DCELL, z.kregion = NONET__K_DREGION;
    }
    f->nhint = 0;
    f->nhint_ints = 0;
    if (z.dynamic) nonet__hgrid_copy(&f->work, &f->src); /* kept equal between searches */
    nonet__cf_reset(f);
    for (int i = 0; i < 2 * ch->ncand; i++) f->on_record[i] = -1;
    unsigned char *seen_hd = f->house_started;
    memset(seen_hd, 0, (size_t)g->nhouses * (size_t)g->n);
    for (int c = 0; c < g->ncells; c++) {
        uint64_t m = f->src.cand[c];
        if (!m) continue;
        if (nonet__cprogress(ch)) return -1;
        if (m & (m - 1) ? cell_searches(&z, c, seen_hd)
                        : mode != NONET__CHAIN_NISHIO && single_search(&z, c, seen_hd))
            return -1;
    }
    return mode == NONET__CHAIN_NISHIO ? 0 : all_region_chains(&z);
}

nonet__hfound nonet__find_forcing(nonet__hctx *x, const nonet__htech *t)
{
    nonet__chainer *ch = x->chains;
    if (!ch) return NONET__HF_NONE;
    nonet__hgrid_copy(&ch->frame[0].src, x->grid);
    nonet__ckeep k = {!x->first, -1, 0, 0, 0, 0};
    if (nonet__forcing_run(ch, 0, t->ask.chain_mode, t->ask.chain_level, NULL, &k))
        return nonet__chainer_stop(ch);
    return nonet__chint_emit_kept(x, t, &k);
}
