/*
 * chaincore.c - what every chaining technique shares: the chainer and its
 * frames (memory that grows to the largest search seen and is then reused),
 * SE's difficulty of a chain (base plus its length bonus, summed as SE sums
 * it), complexity (distinct ancestors, nested chains counted once), rule
 * parents, and choosing among a producer's hints as SE does (difficulty,
 * complexity, sort key, generation order; equal eliminations dropped)
 * before the chosen hint becomes a step.
 *
 * Invariants: see chains.h. Hints of a frame are valid until the frame's
 * next producer run; their pool data (eliminations, chains shown) lives in
 * the frame's hint_ints.
 */
#include "human/chains.h"

#include "core/grow.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Memory                                                               */
/* ------------------------------------------------------------------ */

/* Grows a frame array to `need` items (core/grow.h), from 64. */
static int grow(void **p, int *cap, long need, size_t size)
{
    return nonet__grow(p, cap, need, size, 64);
}

int nonet__cf_grow(nonet__cframe *f, int recs, int pars)
{
    if (grow((void **)&f->rec, &f->caprec, (long)f->nrec + recs, sizeof *f->rec)) return -1;
    if (grow((void **)&f->parent_ids, &f->capparent_ids, (long)f->nparent_ids + pars,
             sizeof *f->parent_ids))
        return -1;
    if (f->queues.cap < f->caprec) { /* the three queues, one record each at most */
        int on = f->queues.cap, off = on, bfs = on;
        if (grow((void **)&f->queues.on, &on, f->caprec, sizeof *f->queues.on) ||
            grow((void **)&f->queues.off, &off, f->caprec, sizeof *f->queues.off) ||
            grow((void **)&f->queues.bfs, &bfs, f->caprec, sizeof *f->queues.bfs))
            return -1;
        f->queues.cap = f->caprec;
    }
    return 0;
}

int nonet__cf_iroom(nonet__cframe *f, int ints)
{
    return grow((void **)&f->hint_ints, &f->caphint_ints, (long)f->nhint_ints + ints,
                sizeof *f->hint_ints);
}

int nonet__cf_hroom(nonet__cframe *f)
{
    return grow((void **)&f->hint, &f->caphint, (long)f->nhint + 1, sizeof *f->hint);
}

void nonet__cf_new_search(nonet__cframe *f)
{
    if (++f->stamp == 0) {
        f->stamp = 1;
        memset(f->mark, 0, (size_t)f->nnodes * sizeof *f->mark); /* wrapped: forget old marks */
    }
    memset(f->search_nodes, 0, 2 * (size_t)f->cw * sizeof *f->search_nodes);
}

/* Frees frame f's memory. */
static void frame_free(nonet__cframe *f)
{
    nonet__hgrid_free(&f->src);
    nonet__hgrid_free(&f->work);
    free(f->rec);
    free(f->parent_ids);
    free(f->where);
    free(f->mark);
    free(f->seen);
    free(f->queues.on);
    free(f->queues.off);
    free(f->queues.bfs);
    free(f->hint);
    free(f->hint_ints);
    free(f->nest_cx);
    free(f->nest_sig);
    free(f->search_nodes);
    free(f->cell_common);
    free(f->house_common);
    free(f->scratch);
    free(f->results);
    free(f->cellmark);
    free(f->house_started);
    free(f->on_record);
    free(f->graph.at);
    free(f->graph.cell_end);
    free(f->graph.lo);
    free(f->graph.hi);
    free(f->graph.to);
    free(f->graph.reach);
    memset(f, 0, sizeof *f);
}

/* Allocates frame f for ch's shape. Returns 0 or -1. */
static int frame_init(nonet__chainer *ch, nonet__cframe *f)
{
    const nonet__hgeo *g = ch->geo;
    size_t nn = (size_t)ch->nnodes, cw = (size_t)ch->cw;
    memset(f, 0, sizeof *f);
    f->cw = ch->cw;
    f->nnodes = ch->nnodes;
    f->ncells = g->ncells;
    f->where = malloc(nn * sizeof *f->where);
    f->mark = calloc(nn, sizeof *f->mark);
    f->seen = calloc(nn, sizeof *f->seen);
    f->search_nodes = calloc(2 * cw, sizeof *f->search_nodes);
    f->cell_common = calloc(2 * cw, sizeof *f->cell_common);
    f->house_common = calloc((size_t)g->nhouses * (size_t)g->n * 2 * cw, sizeof *f->house_common);
    f->scratch = malloc(nonet__cscratch_ints(nn, g->n) * sizeof *f->scratch);
    f->house_started = malloc((size_t)g->nhouses * (size_t)g->n);
    f->on_record = malloc(2 * (size_t)ch->ncand * sizeof *f->on_record);
    f->results = malloc(2 * ((size_t)ch->maxlist + 8) * sizeof *f->results);
    f->cellmark = calloc((size_t)g->ncells, sizeof *f->cellmark);
    f->graph.at = malloc((nn + 1) * sizeof *f->graph.at);
    f->graph.cell_end = malloc((nn + 1) * sizeof *f->graph.cell_end);
    f->graph.lo = malloc((nn + 1) * sizeof *f->graph.lo);
    f->graph.hi = malloc((nn + 1) * sizeof *f->graph.hi);
    if (!f->where || !f->mark || !f->seen || !f->search_nodes || !f->cell_common ||
        !f->house_common || !f->scratch || !f->results || !f->cellmark || !f->house_started ||
        !f->on_record || !f->graph.at || !f->graph.cell_end || !f->graph.lo || !f->graph.hi)
        return -1;
    if (nonet__hgrid_init(&f->src, g) || nonet__hgrid_init(&f->work, g)) return -1;
    f->hint_targets = f->scratch;
    int *at = f->scratch;
    nonet__tarjan_arrays *t = &f->tarjan;
    int **views[] = {&t->comp, &t->order, &t->index, &t->low, &t->stack, &t->call};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++, at += nn) *views[i] = at;
    /* call, last, takes 2 * nn: 7 * nn in all, within nonet__cscratch_ints */
    return nonet__cf_room(f, 256, 256);
}

/* Each cell's index in its houses (SE's order) and the longest list of
 * results one inference can give. Returns 0 or -1. */
static int build_sepos(nonet__chainer *ch)
{
    const nonet__hgeo *g = ch->geo;
    const nonet_shape *s = g->shape;
    ch->sepos = malloc((size_t)g->ch_at[g->ncells] + 1);
    if (!ch->sepos) return -1;
    int most = 0;
    for (int c = 0; c < g->ncells; c++) {
        for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
            const int *hc = g->house + (size_t)g->ch_se[j] * (size_t)g->n;
            for (int i = 0; i < g->n; i++)
                if (hc[i] == c) ch->sepos[j] = (unsigned char)i;
        }
        int here = g->n + (g->peer_at[c + 1] - g->peer_at[c]) +
                   2 * (g->adj_at[c + 1] - g->adj_at[c]) + (g->ch_at[c + 1] - g->ch_at[c]);
        if (here > most) most = here;
    }
    ch->maxlist = most;
    ch->xpeers = s->xpeer_at[s->ncells] > 0;
    ch->adjacent = g->adj_at[g->ncells] > 0;
    return 0;
}

nonet__chainer *nonet__chainer_new(const nonet__hgeo *g)
{
    nonet__chainer *ch = calloc(1, sizeof *ch);
    if (!ch) return NULL;
    ch->geo = g;
    ch->n = g->n;
    ch->ncand = g->ncells * g->n;
    ch->nnodes = 2 * ch->ncand;
    ch->cw = (ch->ncand + 63) / 64;
    ch->tmp = calloc((size_t)ch->ncand + (size_t)ch->nnodes + 16, sizeof *ch->tmp);
    int bad = !ch->tmp || build_sepos(ch);
    for (int k = 0; k < NONET__CDEPTH && !bad; k++) bad = frame_init(ch, &ch->frame[k]) != 0;
    if (bad) {
        nonet__chainer_free(ch);
        return NULL;
    }
    return ch;
}

void nonet__chainer_free(nonet__chainer *ch)
{
    if (!ch) return;
    for (int k = 0; k < NONET__CDEPTH; k++) frame_free(&ch->frame[k]);
    free(ch->tmp);
    free(ch->sepos);
    free(ch);
}

void nonet__chainer_progress(nonet__chainer *ch, nonet_progress_fn fn, void *ctx)
{
    ch->progress = fn;
    ch->progress_ctx = ctx;
    ch->gave_up = 0;
    ch->nomem = 0;
    ch->next = ch->work + NONET__CQUANTUM;
}

int nonet__chainer_gave_up(const nonet__chainer *ch) { return ch && ch->gave_up; }

nonet_status nonet__chainer_stopped(const nonet__chainer *ch)
{
    return !ch ? NONET_OK : ch->nomem ? NONET_ERR_NOMEM : ch->gave_up ? NONET_ERR_LIMIT : NONET_OK;
}

nonet__hfound nonet__chainer_stop(nonet__chainer *ch)
{
    if (!ch->gave_up) ch->nomem = 1;
    return NONET__HF_STOP;
}

void nonet__chainer_nested(nonet__chainer *ch, nonet__nested_fn fn) { ch->nested = fn; }

int nonet__cprogress_ask(nonet__chainer *ch)
{
    ch->next = ch->work + NONET__CQUANTUM;
    if (ch->gave_up) return 1;
    if (ch->progress && ch->progress(ch->progress_ctx, ch->work)) ch->gave_up = 1;
    return ch->gave_up;
}

/* ------------------------------------------------------------------ */
/* Difficulty                                                           */
/* ------------------------------------------------------------------ */

double nonet__chain_diff(double base, int cx)
{
    double added = 0.0;
    int ceil = 4, odd = 0;
    for (int length = cx - 2; length > ceil; odd = !odd) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    }
    return base + added;
}

int nonet__tenths(double d) { return (int)((d + 0.05) * 10.0); }

/* ------------------------------------------------------------------ */
/* Complexity                                                           */
/* ------------------------------------------------------------------ */

/* Counts the nested chain of record r once per identity. */
static void count_nest(const nonet__cframe *f, int r, uint64_t *nest, int *nnest, int capnest,
                       int *nestcx)
{
    int k = f->rec[r].nest;
    if (k < 0 || !nest) return;
    for (int i = 0; i < *nnest; i++)
        if (nest[i] == f->nest_sig[k]) return;
    if (*nnest < capnest) nest[(*nnest)++] = f->nest_sig[k];
    *nestcx += f->nest_cx[k];
}

int nonet__cancestors(nonet__chainer *ch, nonet__cframe *f, int r, uint64_t *nest, int *nnest,
                      int capnest, int *nestcx)
{
    unsigned st = nonet__cf_visit(f);
    int head = 0, tail = 0;
    f->seen[f->rec[r].id] = st;
    f->queues.bfs[tail++] = r;
    while (head < tail) {
        int p = f->queues.bfs[head++];
        count_nest(f, p, nest, nnest, capnest, nestcx);
        const nonet__cnode *rp = &f->rec[p];
        for (int j = rp->par; j < rp->par + rp->npar; j++) {
            int q = f->parent_ids[j], id = f->rec[q].id;
            if (f->seen[id] == st) continue;
            f->seen[id] = st;
            f->queues.bfs[tail++] = q;
        }
    }
    nonet__cspend(ch, (unsigned long long)tail); /* a stop is seen by the caller's next check */
    return tail;
}

int nonet__cshow_path(nonet__cframe *f, int r)
{
    int len = 0;
    for (int p = r; p >= 0; p = f->rec[p].npar ? f->parent_ids[f->rec[p].par] : -1) len++;
    if (nonet__cf_iroom(f, len + 1)) return -1;
    int at = f->nhint_ints;
    for (int p = r, i = len - 1; p >= 0;
         p = f->rec[p].npar ? f->parent_ids[f->rec[p].par] : -1, i--)
        f->hint_ints[at + i] = f->rec[p].id;
    f->hint_ints[at + len] = -1;
    f->nhint_ints += len + 1;
    return 0;
}

/* Adds candidate cand to the rule parents being built (once per mark). */
static int add_parent(nonet__chainer *ch, nonet__cframe *f, int cand, unsigned mark)
{
    if ((unsigned)ch->tmp[cand] == mark) return 0;
    ch->tmp[cand] = (int)mark;
    if (nonet__cf_iroom(f, 1)) return -1;
    f->hint_ints[f->nhint_ints++] = cand;
    return 0;
}

int nonet__cnode_parents(nonet__chainer *ch, nonet__cframe *f, int c, int d, int cause,
                         const nonet__hgrid *outer, const nonet__hgrid *cur, unsigned mark)
{
    const nonet__hgeo *g = ch->geo;
    int n = g->n;
    if (cause == NONET__CAUSE_CELL) {
        for (uint64_t m = outer->cand[c] & ~cur->cand[c]; m; m &= m - 1)
            if (add_parent(ch, f, c * n + nonet__ctz(m), mark)) return -1;
    } else if (cause >= 0) {
        size_t at = (size_t)cause * (size_t)n + (size_t)d;
        for (uint64_t m = outer->pos[at] & ~cur->pos[at]; m; m &= m - 1)
            if (add_parent(ch, f, g->house[cause * n + nonet__ctz(m)] * n + d, mark)) return -1;
    }
    return 0;
}

int nonet__crule_parents(nonet__chainer *ch, nonet__cframe *f, int r, const nonet__hgrid *outer,
                         const nonet__hgrid *cur, int start_cause, unsigned mark)
{
    unsigned st = nonet__cf_visit(f);
    int head = 0, tail = 0, n = ch->n;
    f->seen[f->rec[r].id] = st;
    f->queues.bfs[tail++] = r;
    while (head < tail) {
        const nonet__cnode *rp = &f->rec[f->queues.bfs[head++]];
        int cause = rp->cause == NONET__CAUSE_START ? start_cause : rp->cause;
        if ((rp->id & 1) && nonet__cnode_parents(ch, f, (rp->id >> 1) / n, (rp->id >> 1) % n, cause,
                                                 outer, cur, mark))
            return -1;
        for (int j = rp->par; j < rp->par + rp->npar; j++) {
            int q = f->parent_ids[j], id = f->rec[q].id;
            if (f->seen[id] == st) continue;
            f->seen[id] = st;
            f->queues.bfs[tail++] = q;
        }
    }
    return nonet__cspend(ch, (unsigned long long)tail) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Choosing                                                             */
/* ------------------------------------------------------------------ */

/* SE's order of two hints' sort fields: <0, 0, >0. */
static int order(double d1, int c1, int k1, uint64_t g1, double d2, int c2, int k2, uint64_t g2)
{
    if (d1 != d2) return d1 < d2 ? -1 : 1;
    if (c1 != c2) return c1 < c2 ? -1 : 1;
    if (k1 != k2) return k1 < k2 ? -1 : 1;
    return g1 < g2 ? -1 : g1 > g2;
}

int nonet__cbetter(const nonet__ckeep *k, double diff, int cx, int key, uint64_t gen)
{
    return k->best < 0 || order(diff, cx, key, gen, k->bdiff, k->bcx, k->bkey, k->bgen) < 0;
}

int nonet__chint_begin(nonet__cframe *f, double diff, int cx, int key, uint64_t gen, int kind)
{
    nonet__chint *h = &f->hint[f->nhint];
    memset(h, 0, sizeof *h);
    h->diff = diff;
    h->cx = cx;
    h->key = key;
    h->gen = gen;
    h->kind = kind;
    h->place = -1;
    h->el_at = h->sh_at = h->rp_at = f->nhint_ints;
    return f->nhint++;
}

void nonet__chint_end(nonet__cframe *f, nonet__ckeep *k, int h)
{
    const nonet__chint *p = &f->hint[h];
    if (k->all) return;
    if (!nonet__cbetter(k, p->diff, p->cx, p->key, p->gen)) {
        f->nhint--;
        f->nhint_ints = p->el_at;
        return;
    }
    if (k->best >= 0 && k->best != h) {
        /* keep one hint: move the new best into slot 0 */
        f->hint[0] = *p;
        f->nhint = 1;
        h = 0;
    }
    k->best = h;
    k->bdiff = f->hint[h].diff;
    k->bcx = f->hint[h].cx;
    k->bkey = f->hint[h].key;
    k->bgen = f->hint[h].gen;
}

static int cmp_hint(const void *a, const void *b)
{
    const nonet__chint *x = a, *y = b;
    return order(x->diff, x->cx, x->key, x->gen, y->diff, y->cx, y->key, y->gen);
}

/* 1 when hints a and b eliminate (or place) the same candidates. */
static int same_elims(const nonet__cframe *f, const nonet__chint *a, const nonet__chint *b)
{
    if (a->nel != b->nel) return 0;
    return memcmp(f->hint_ints + a->el_at, f->hint_ints + b->el_at, (size_t)a->nel * sizeof(int)) ==
           0;
}

/* A hash of hint h's eliminations. */
static uint64_t elim_hash(const nonet__cframe *f, const nonet__chint *h)
{
    uint64_t x = (uint64_t)h->nel * 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < h->nel; i++)
        x = (x ^ (uint64_t)f->hint_ints[h->el_at + i]) * 0x100000001b3ull;
    return x;
}

void nonet__chint_sort(nonet__chainer *ch, nonet__cframe *f)
{
    (void)ch;
    if (f->nhint < 2) return;
    qsort(f->hint, (size_t)f->nhint, sizeof *f->hint, cmp_hint);
    /* drop a hint whose eliminations equal an earlier one's (SE's linked set) */
    int kept = 0;
    for (int i = 0; i < f->nhint; i++) {
        uint64_t hi = elim_hash(f, &f->hint[i]);
        int dup = 0;
        for (int j = 0; j < kept && !dup; j++)
            dup = f->hint[j].eh == hi && same_elims(f, &f->hint[j], &f->hint[i]);
        if (dup) continue;
        f->hint[kept] = f->hint[i];
        f->hint[kept].eh = hi;
        kept++;
    }
    f->nhint = kept;
}

/* ------------------------------------------------------------------ */
/* Steps                                                                */
/* ------------------------------------------------------------------ */

/* Adds the chains shown of hint h as the step's nodes and links. */
static void show_chains(nonet__hctx *x, const nonet__cframe *f, const nonet__chint *h)
{
    int n = x->geo->n, branch = 0, prev = -1;
    for (int i = 0; i < h->nsh; i++) {
        int id = f->hint_ints[h->sh_at + i];
        if (id < 0) {
            branch++;
            prev = -1;
            continue;
        }
        int cand = id >> 1;
        int k = nonet__step_node(x, cand / n, cand % n, id & 1, branch);
        if (prev >= 0) nonet__step_link(x, prev, k, id & 1 ? NONET_LINK_STRONG : NONET_LINK_WEAK);
        if (prev < 0 && k >= 0 && x->step->pub.ncells < 2) nonet__step_cell(x, cand / n);
        prev = k;
    }
}

nonet__hfound nonet__chint_emit(nonet__hctx *x, const nonet__htech *t, const nonet__chint *h)
{
    const nonet__cframe *f = &x->chains->frame[0];
    int n = x->geo->n;
    nonet__step_begin(x, t + h->kind);
    x->step->rating = nonet__tenths(h->diff);
    x->step->pub.complexity = h->cx;
    if (h->place >= 0) {
        nonet__step_place(x, h->place / n, h->place % n);
        x->step->pub.digits |= 1ull << (h->place % n);
    } else {
        for (int i = 0; i < h->nel; i++) {
            int cand = f->hint_ints[h->el_at + i];
            nonet__step_elim(x, cand / n, cand % n);
        }
    }
    if (h->place < 0)
        for (int i = 0; i < h->nel; i++)
            x->step->pub.digits |= 1ull << (f->hint_ints[h->el_at + i] % n);
    show_chains(x, f, h);
    return nonet__hemit(x);
}

nonet__hfound nonet__chint_emit_kept(nonet__hctx *x, const nonet__htech *t, nonet__ckeep *k)
{
    nonet__cframe *f = &x->chains->frame[0];
    if (!k->all) return k->best >= 0 ? nonet__chint_emit(x, t, &f->hint[k->best]) : NONET__HF_NONE;
    nonet__chint_sort(x->chains, f);
    for (int i = 0; i < f->nhint; i++) {
        nonet__hfound r = nonet__chint_emit(x, t, &f->hint[i]);
        if (r != NONET__HF_NONE) return r;
    }
    return NONET__HF_NONE;
}

/* ------------------------------------------------------------------ */
/* Inference rules                                                      */
/* ------------------------------------------------------------------ */

/* Appends (id, cause) to f->results at *k unless id is there already. */
static void put_result(nonet__cframe *f, unsigned st, int *k, int id, int cause)
{
    if (f->seen[id] == st) return;
    f->seen[id] = st;
    f->results[(*k)++] = id;
    f->results[(*k)++] = cause;
}

int nonet__on_to_off(nonet__chainer *ch, nonet__cframe *f, const nonet__hgrid *s, int c, int d,
                     int cell_links)
{
    const nonet__hgeo *g = ch->geo;
    int n = g->n, k = 0;
    unsigned st = nonet__cf_visit(f);
    if (cell_links)
        for (uint64_t m = s->cand[c] & ~(1ull << d); m; m &= m - 1)
            put_result(f, st, &k, (c * n + nonet__ctz(m)) * 2, NONET__CAUSE_CELL);
    for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
        int h = g->ch_se[j];
        const int *hc = g->house + (size_t)h * (size_t)n;
        for (uint64_t p = s->pos[(size_t)h * (size_t)n + (size_t)d] & ~(1ull << ch->sepos[j]); p;
             p &= p - 1)
            put_result(f, st, &k, (hc[nonet__ctz(p)] * n + d) * 2, h);
    }
    if (ch->xpeers) {
        const nonet_shape *sh = g->shape;
        for (int j = sh->xpeer_at[c]; j < sh->xpeer_at[c + 1]; j++)
            if (s->cand[sh->xpeer[j]] >> d & 1)
                put_result(f, st, &k, (sh->xpeer[j] * n + d) * 2, NONET__CAUSE_PEER);
    }
    for (int j = g->adj_at[c]; ch->adjacent && j < g->adj_at[c + 1]; j++) {
        int o = g->adj[j];
        if (d > 0 && (s->cand[o] >> (d - 1) & 1))
            put_result(f, st, &k, (o * n + d - 1) * 2, NONET__CAUSE_PEER);
        if (d + 1 < n && (s->cand[o] >> (d + 1) & 1))
            put_result(f, st, &k, (o * n + d + 1) * 2, NONET__CAUSE_PEER);
    }
    return k / 2;
}

int nonet__off_to_on(nonet__chainer *ch, nonet__cframe *f, const nonet__hgrid *s, int c, int d,
                     int cell_links, int house_links)
{
    const nonet__hgeo *g = ch->geo;
    int n = g->n, k = 0;
    unsigned st = nonet__cf_visit(f);
    uint64_t m = s->cand[c];
    if (cell_links && m && nonet__at_most(m & (m - 1), 1) && (m & (m - 1)))
        put_result(f, st, &k, (c * n + nonet__ctz(m & ~(1ull << d))) * 2 + 1, NONET__CAUSE_CELL);
    for (int j = g->ch_at[c]; house_links && j < g->ch_at[c + 1]; j++) {
        int h = g->ch_se[j];
        uint64_t p = s->pos[(size_t)h * (size_t)n + (size_t)d];
        if (!p || !(p & (p - 1)) || (p & (p - 1) & ((p & (p - 1)) - 1))) continue;
        uint64_t o = p & ~(1ull << ch->sepos[j]);
        put_result(f, st, &k,
                   (g->house[(size_t)h * (size_t)n + (size_t)nonet__ctz(o)] * n + d) * 2 + 1, h);
    }
    return k / 2;
}
