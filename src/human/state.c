/*
 * state.c - the human engine's shape tables (nonet__hgeo), the candidate
 * state (nonet__hgrid) with its place / eliminate operations, and the step
 * builder every finder fills (nonet__hstep, nonet__step_*, nonet__hemit).
 * See human.h for the invariants these keep.
 */
#include "human/human.h"

#include "core/grow.h"

#include "core/assert.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Shape tables                                                         */
/* ------------------------------------------------------------------ */

static int is_boxlike(int kind)
{
    return kind == NONET__BOX || kind == NONET__REGION || kind == NONET__HYPER;
}

/* Appends to out the houses of kind `kind` (or, with kind -1, those of no
 * kind listed in `skip`), in house order. Returns the new count. */
static int list_kind(const nonet__hgeo *g, int kind, const int *skip, int nskip, int *out, int k)
{
    for (int h = 0; h < g->nhouses; h++) {
        int hk = g->kind[h];
        if (kind >= 0 ? hk == kind || (kind == NONET__BOX && hk == NONET__REGION) : 1) {
            int skipped = 0;
            for (int i = 0; kind < 0 && i < nskip; i++) skipped |= hk == skip[i];
            if (!skipped) out[k++] = h;
        }
    }
    return k;
}

/* The two SE orders: boxes, then columns and rows (or rows and columns),
 * then every other house. */
static void build_orders(nonet__hgeo *g)
{
    static const int basic[] = {NONET__BOX, NONET__REGION, NONET__ROW, NONET__COLUMN};
    int k = list_kind(g, NONET__BOX, NULL, 0, g->order_bcr, 0);
    k = list_kind(g, NONET__COLUMN, NULL, 0, g->order_bcr, k);
    k = list_kind(g, NONET__ROW, NULL, 0, g->order_bcr, k);
    list_kind(g, -1, basic, 4, g->order_bcr, k);
    k = list_kind(g, NONET__BOX, NULL, 0, g->order_brc, 0);
    k = list_kind(g, NONET__ROW, NULL, 0, g->order_brc, k);
    k = list_kind(g, NONET__COLUMN, NULL, 0, g->order_brc, k);
    list_kind(g, -1, basic, 4, g->order_brc, k);
}

/* Adds the pair (h1, h2) when the houses share at least two cells. */
static void add_lock(nonet__hgeo *g, int h1, int h2)
{
    uint64_t m = g->inter[(size_t)h1 * (size_t)g->nhouses + (size_t)h2];
    if (h1 == h2 || nonet__hcount(m) < 2) return;
    g->lock[2 * g->nlock] = h1;
    g->lock[2 * g->nlock + 1] = h2;
    g->nlock++;
}

/* Class c of houses for the locking order: 0 columns, 1 rows, 2 the rest. */
static int lock_class(int kind) { return kind == NONET__COLUMN ? 0 : kind == NONET__ROW ? 1 : 2; }

/* SE's intersection order: (box, column), (box, row) pairs box by box,
 * then (column, box) and (row, box); the variants' houses after. Pairs
 * with a box-like first house (pointing) come first. */
static void build_locks(nonet__hgeo *g)
{
    int nh = g->nhouses;
    for (int cls = 0; cls < 3; cls++)
        for (int h1 = 0; h1 < nh; h1++)
            for (int h2 = 0; g->boxlike[h1] && h2 < nh; h2++)
                if (lock_class(g->kind[h2]) == cls) add_lock(g, h1, h2);
    g->nlock_point = g->nlock;
    for (int cls = 0; cls < 3; cls++)
        for (int h1 = 0; h1 < nh; h1++) {
            if (g->boxlike[h1] || lock_class(g->kind[h1]) != cls) continue;
            for (int h2 = 0; h2 < nh; h2++)
                if (g->boxlike[h2]) add_lock(g, h1, h2);
            for (int h2 = 0; h2 < nh; h2++)
                if (!g->boxlike[h2]) add_lock(g, h1, h2);
        }
}

/* For each house h1 and position i, the pairs (h1, h2) whose intersection
 * holds i: a digit's first place names the only pairs that can lock it. */
static int build_lock_index(nonet__hgeo *g)
{
    size_t slots = (size_t)g->nhouses * (size_t)g->n;
    g->lk_at = calloc(slots + 1, sizeof *g->lk_at);
    if (!g->lk_at) return -1;
    for (int pass = 0; pass < 2; pass++) {
        int total = 0;
        for (int h = 0; h < g->nhouses; h++)
            for (int i = 0; i < g->n; i++) {
                size_t at = (size_t)h * (size_t)g->n + (size_t)i;
                if (pass) g->lk_at[at] = total;
                for (int k = 0; k < g->nlock; k++) {
                    if (g->lock[2 * k] != h) continue;
                    uint64_t m =
                        g->inter[(size_t)h * (size_t)g->nhouses + (size_t)g->lock[2 * k + 1]];
                    if (m >> i & 1) {
                        if (pass) g->lk[total] = k;
                        total++;
                    }
                }
            }
        if (!pass) {
            g->lk = malloc(((size_t)total + 1) * sizeof *g->lk);
            if (!g->lk) return -1;
        } else {
            g->lk_at[slots] = total;
        }
    }
    return 0;
}

/* For each pair (h1, h2), the houses of h1's kind other than h1 that
 * share a cell with h2, in house order. */
static int build_direct_index(nonet__hgeo *g)
{
    size_t nh = (size_t)g->nhouses;
    g->d3_at = malloc(((size_t)g->nlock + 1) * sizeof *g->d3_at);
    g->d3 = malloc(((size_t)g->nlock * nh + 1) * sizeof *g->d3);
    if (!g->d3_at || !g->d3) return -1;
    int total = 0;
    for (int k = 0; k < g->nlock; k++) {
        /* NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign): build_locks set it */
        int h1 = g->lock[2 * k], h2 = g->lock[2 * k + 1];
        g->d3_at[k] = total;
        for (int h3 = 0; h3 < g->nhouses; h3++)
            if (h3 != h1 && g->kind[h3] == g->kind[h1] && g->inter[(size_t)h3 * nh + (size_t)h2])
                g->d3[total++] = h3;
    }
    g->d3_at[g->nlock] = total;
    return 0;
}

/* Fills the cell sets of houses and peers and each cell's index in its houses. */
static void build_sets(nonet__hgeo *g)
{
    const nonet_shape *s = g->shape;
    int n = g->n, nw = g->nw;
    for (int h = 0; h < g->nhouses; h++)
        for (int i = 0; i < n; i++) {
            int c = s->house[h * n + i];
            g->house_bits[(size_t)h * nw + (size_t)(c >> 6)] |= 1ull << (c & 63);
        }
    for (int c = 0; c < g->ncells; c++) {
        for (int k = s->peer_at[c]; k < s->peer_at[c + 1]; k++) {
            int p = s->peer[k];
            g->peer_bits[(size_t)c * nw + (size_t)(p >> 6)] |= 1ull << (p & 63);
        }
        for (int k = s->cell_house_at[c]; k < s->cell_house_at[c + 1]; k++) {
            const int *hc = s->house + (size_t)s->cell_house[k] * (size_t)n;
            for (int i = 0; i < n; i++)
                if (hc[i] == c) g->ch_pos[k] = (unsigned char)i;
        }
    }
    for (int a = 0; a < g->nhouses; a++)
        for (int b = 0; b < g->nhouses; b++) {
            uint64_t m = 0;
            const uint64_t *bits = g->house_bits + (size_t)b * (size_t)nw;
            for (int i = 0; i < n; i++) {
                int c = s->house[a * n + i];
                if (bits[c >> 6] >> (c & 63) & 1) m |= 1ull << i;
            }
            g->inter[(size_t)a * (size_t)g->nhouses + (size_t)b] = m;
        }
}

/* Lists each cell's peers in SE's order: house by house in order_brc,
 * each house's cells in order, then the peers that share no house. */
static int build_speers(nonet__hgeo *g)
{
    const nonet_shape *s = g->shape;
    int nc = g->ncells, total = s->peer_at[nc];
    int *rank = malloc((size_t)g->nhouses * sizeof *rank);
    unsigned char *seen = calloc((size_t)nc, 1);
    g->speer_at = malloc(((size_t)nc + 1) * sizeof *g->speer_at);
    g->speer = malloc(((size_t)total + 1) * sizeof *g->speer);
    g->ch_se = malloc(((size_t)g->ch_at[nc] + 1) * sizeof *g->ch_se);
    if (!rank || !seen || !g->speer_at || !g->speer || !g->ch_se) {
        free(rank);
        free(seen);
        return -1;
    }
    for (int i = 0; i < g->nhouses; i++) rank[g->order_brc[i]] = i;
    int k = 0;
    for (int c = 0; c < nc; c++) {
        int first = k, q = g->ch_at[c];
        g->speer_at[c] = k;
        seen[c] = 1;
        for (int r = 0; r < g->nhouses; r++) /* houses of c by rank */
            for (int j = g->ch_at[c]; j < g->ch_at[c + 1]; j++) {
                if (rank[g->ch[j]] != r) continue;
                g->ch_se[q++] = g->ch[j];
                const int *hc = g->house + (size_t)g->ch[j] * (size_t)g->n;
                for (int i = 0; i < g->n; i++)
                    if (!seen[hc[i]]) seen[hc[i]] = 1, g->speer[k++] = hc[i];
            }
        for (int j = s->xpeer_at[c]; j < s->xpeer_at[c + 1]; j++)
            if (!seen[s->xpeer[j]]) seen[s->xpeer[j]] = 1, g->speer[k++] = s->xpeer[j];
        seen[c] = 0;
        for (int i = first; i < k; i++) seen[g->speer[i]] = 0;
    }
    g->speer_at[nc] = k;
    free(rank);
    free(seen);
    return 0;
}

int nonet__hgeo_init(nonet__hgeo *g, const nonet_shape *s)
{
    memset(g, 0, sizeof *g);
    g->shape = s;
    g->n = s->n;
    g->ncells = s->ncells;
    g->nhouses = s->nhouses;
    g->nw = (s->ncells + 63) / 64;
    g->full = s->full;
    g->house = s->house;
    g->ch_at = s->cell_house_at;
    g->ch = s->cell_house;
    g->peer_at = s->peer_at;
    g->peer = s->peer;
    g->adj_at = s->adj_at;
    g->adj = s->adj;
    size_t nh = (size_t)g->nhouses, nw = (size_t)g->nw, nc = (size_t)g->ncells;
    g->ch_pos = malloc((size_t)s->cell_house_at[s->ncells] + 1);
    g->house_bits = calloc(nh * nw, sizeof *g->house_bits);
    g->peer_bits = calloc(nc * nw, sizeof *g->peer_bits);
    g->inter = malloc(nh * nh * sizeof *g->inter);
    g->kind = malloc(nh);
    g->kclass = malloc(nh);
    g->boxlike = malloc(nh);
    g->order_bcr = malloc(nh * sizeof(int));
    g->order_brc = malloc(nh * sizeof(int));
    g->rank = malloc(nh * sizeof(int));
    g->lock = malloc(2 * nh * nh * sizeof(int));
    if (!g->ch_pos || !g->house_bits || !g->peer_bits || !g->inter || !g->kind || !g->kclass ||
        !g->boxlike || !g->order_bcr || !g->order_brc || !g->rank || !g->lock)
        return -1;
    for (int h = 0; h < g->nhouses; h++) {
        g->kind[h] = s->house_kind[h];
        g->kclass[h] = s->house_kind[h] == NONET__REGION ? NONET__BOX : s->house_kind[h];
        g->boxlike[h] = (unsigned char)is_boxlike(s->house_kind[h]);
        g->rank[h] = s->house_no[h];
    }
    build_sets(g);
    build_orders(g);
    build_locks(g);
    if (build_speers(g) || build_lock_index(g) || build_direct_index(g)) return -1;
    g->uniq_shape = !(s->variants & (NONET_VARIANT_ANTI_KNIGHT | NONET_VARIANT_ANTI_KING |
                                     NONET_VARIANT_NON_CONSECUTIVE));
    return 0;
}

void nonet__hgeo_free(nonet__hgeo *g)
{
    free(g->ch_pos);
    free(g->house_bits);
    free(g->peer_bits);
    free(g->inter);
    free(g->kind);
    free(g->boxlike);
    free(g->order_bcr);
    free(g->order_brc);
    free(g->rank);
    free(g->lock);
    free(g->speer_at);
    free(g->speer);
    free(g->lk_at);
    free(g->lk);
    free(g->d3_at);
    free(g->d3);
    free(g->ch_se);
    free(g->kclass);
    memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------------------ */
/* Candidate state                                                      */
/* ------------------------------------------------------------------ */

/* Lays the arrays out in s->block (NULL: only measures). Returns the size. */
static size_t lay_out(nonet__hgrid *s, const nonet__hgeo *g, char *block)
{
    size_t nc = (size_t)g->ncells, at = 0;
    uint64_t **arrays[] = {&s->cand, &s->pos, &s->dcells, &s->placed};
    size_t counts[] = {nc, (size_t)g->nhouses * (size_t)g->n, (size_t)g->n * (size_t)g->nw,
                       (size_t)g->nhouses};
    for (int i = 0; i < 4; i++) {
        if (block) *arrays[i] = (uint64_t *)(void *)(block + at);
        at += counts[i] * sizeof(uint64_t);
    }
    if (block) s->value = (unsigned char *)(block + at);
    return at + ((nc + 7) & ~(size_t)7);
}

int nonet__hgrid_init(nonet__hgrid *s, const nonet__hgeo *g)
{
    memset(s, 0, sizeof *s);
    s->bytes = lay_out(s, g, NULL);
    s->block = malloc(s->bytes);
    if (!s->block) return -1;
    lay_out(s, g, s->block);
    nonet__hgrid_clear(s, g);
    return 0;
}

void nonet__hgrid_free(nonet__hgrid *s)
{
    free(s->block);
    memset(s, 0, sizeof *s);
}

void nonet__hgrid_copy(nonet__hgrid *dst, const nonet__hgrid *src)
{
    memcpy(dst->block, src->block, src->bytes);
    dst->empty = src->empty;
    dst->version = (dst->version > src->version ? dst->version : src->version) + 1;
}

void nonet__hgrid_clear(nonet__hgrid *s, const nonet__hgeo *g)
{
    size_t nw = (size_t)g->nw;
    memset(s->value, 0, (size_t)g->ncells);
    for (int c = 0; c < g->ncells; c++) s->cand[c] = g->full;
    for (size_t i = 0; i < (size_t)g->nhouses * (size_t)g->n; i++) s->pos[i] = g->full;
    for (int d = 0; d < g->n; d++)
        for (size_t w = 0; w < nw; w++) {
            int left = g->ncells - (int)w * 64;
            s->dcells[(size_t)d * nw + w] = left >= 64 ? ~0ull : left > 0 ? (1ull << left) - 1 : 0;
        }
    memset(s->placed, 0, (size_t)g->nhouses * sizeof *s->placed);
    s->empty = g->ncells;
    s->version++;
}

void nonet__hgrid_eliminate(nonet__hgrid *s, const nonet__hgeo *g, int c, int d)
{
    uint64_t bit = 1ull << d;
    if (!(s->cand[c] & bit)) return;
    s->version++;
    s->cand[c] &= ~bit;
    s->dcells[(size_t)d * (size_t)g->nw + (size_t)(c >> 6)] &= ~(1ull << (c & 63));
    for (int k = g->ch_at[c]; k < g->ch_at[c + 1]; k++)
        s->pos[(size_t)g->ch[k] * (size_t)g->n + (size_t)d] &= ~(1ull << g->ch_pos[k]);
}

void nonet__hgrid_place(nonet__hgrid *s, const nonet__hgeo *g, int c, int d)
{
    for (uint64_t m = s->cand[c]; m; m &= m - 1) nonet__hgrid_eliminate(s, g, c, nonet__ctz(m));
    s->value[c] = (unsigned char)(d + 1);
    s->empty--;
    s->version++;
    for (int k = g->ch_at[c]; k < g->ch_at[c + 1]; k++) s->placed[g->ch[k]] |= 1ull << d;
    for (int k = g->peer_at[c]; k < g->peer_at[c + 1]; k++)
        nonet__hgrid_eliminate(s, g, g->peer[k], d);
    for (int k = g->adj_at[c]; k < g->adj_at[c + 1]; k++) {
        if (d > 0) nonet__hgrid_eliminate(s, g, g->adj[k], d - 1);
        if (d + 1 < g->n) nonet__hgrid_eliminate(s, g, g->adj[k], d + 1);
    }
}

int nonet__hgrid_broken(const nonet__hgrid *s, const nonet__hgeo *g)
{
    for (int c = 0; c < g->ncells; c++)
        if (!s->value[c] && !s->cand[c]) return 1;
    for (int h = 0; h < g->nhouses; h++)
        for (int d = 0; d < g->n; d++)
            if (!(s->placed[h] >> d & 1) && !s->pos[(size_t)h * (size_t)g->n + (size_t)d]) return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Steps                                                                */
/* ------------------------------------------------------------------ */

int nonet__hstep_init(nonet__hstep *st, const nonet__hgeo *g)
{
    memset(st, 0, sizeof *st);
    st->cap_place = g->ncells;
    st->cap_elim = g->ncells * g->n;
    st->cap_cells = g->ncells;
    st->cap_houses = g->nhouses;
    st->place = malloc((size_t)st->cap_place * sizeof *st->place);
    st->elim = malloc((size_t)st->cap_elim * sizeof *st->elim);
    st->cells = malloc((size_t)st->cap_cells * sizeof *st->cells);
    st->extra = malloc((size_t)st->cap_cells * sizeof *st->extra);
    st->base = malloc((size_t)st->cap_houses * sizeof *st->base);
    st->cover = malloc((size_t)st->cap_houses * sizeof *st->cover);
    st->emask = calloc((size_t)g->ncells, sizeof *st->emask);
    if (!st->place || !st->elim || !st->cells || !st->extra || !st->base || !st->cover ||
        !st->emask)
        return -1;
    return 0;
}

void nonet__hstep_free(nonet__hstep *st)
{
    free(st->place);
    free(st->elim);
    free(st->cells);
    free(st->extra);
    free(st->base);
    free(st->cover);
    free(st->nodes);
    free(st->links);
    free(st->emask);
    memset(st, 0, sizeof *st);
}

void nonet__step_clear_elims(nonet__hctx *x)
{
    nonet__hstep *st = x->step;
    for (int i = 0; i < st->pub.neliminations; i++) st->emask[st->elim[i].cell] = 0;
    st->pub.neliminations = 0;
}

void nonet__step_begin(nonet__hctx *x, const nonet__htech *t)
{
    nonet__hstep *st = x->step;
    nonet__step_clear_elims(x);
    NONET_ASSERT(x->techs && t >= x->techs);
    st->pub.technique = (int)(t - x->techs);
    st->pub.variant = 0;
    st->rating = t->rating;
    st->pub.nplacements = st->pub.ncells = st->pub.nextra = 0;
    st->pub.nbase = st->pub.ncover = st->pub.nnodes = st->pub.nlinks = 0;
    st->pub.complexity = 0;
    st->pub.sum = 0;
    st->pub.digits = 0;
    st->nomem = 0;
}

void nonet__step_elim(nonet__hctx *x, int c, int d)
{
    nonet__hstep *st = x->step;
    uint64_t bit = 1ull << d;
    if (!(x->grid->cand[c] & bit) || (st->emask[c] & bit)) return;
    st->emask[c] |= bit;
    st->elim[st->pub.neliminations].cell = c;
    st->elim[st->pub.neliminations].digit = d + 1;
    st->pub.neliminations++;
}

void nonet__step_elim_mask(nonet__hctx *x, int c, uint64_t mask)
{
    for (mask &= x->grid->cand[c]; mask; mask &= mask - 1) nonet__step_elim(x, c, nonet__ctz(mask));
}

void nonet__step_place(nonet__hctx *x, int c, int d)
{
    nonet__hstep *st = x->step;
    for (int i = 0; i < st->pub.nplacements; i++)
        if (st->place[i].cell == c) return;
    st->place[st->pub.nplacements].cell = c;
    st->place[st->pub.nplacements].digit = d + 1;
    st->pub.nplacements++;
}

void nonet__step_cell(nonet__hctx *x, int c)
{
    nonet__hstep *st = x->step;
    if (st->pub.ncells < st->cap_cells) st->cells[st->pub.ncells++] = c;
}

void nonet__step_extra(nonet__hctx *x, int c)
{
    nonet__hstep *st = x->step;
    if (st->pub.nextra < st->cap_cells) st->extra[st->pub.nextra++] = c;
}

void nonet__step_base(nonet__hctx *x, int h)
{
    nonet__hstep *st = x->step;
    if (st->pub.nbase < st->cap_houses) st->base[st->pub.nbase++] = h;
}

void nonet__step_cover(nonet__hctx *x, int h)
{
    nonet__hstep *st = x->step;
    if (st->pub.ncover < st->cap_houses) st->cover[st->pub.ncover++] = h;
}

/* Grows an array of `size`-byte items to hold one more than `used`
 * (core/grow.h, from 256); 0 or -1. */
static int grow(void **array, int *cap, int used, size_t size)
{
    return nonet__grow(array, cap, (long)used + 1, size, 256);
}

int nonet__step_node(nonet__hctx *x, int c, int d, int on, int branch)
{
    nonet__hstep *st = x->step;
    if (grow((void **)&st->nodes, &st->cap_nodes, st->pub.nnodes, sizeof *st->nodes)) {
        st->nomem = 1;
        return -1;
    }
    nonet_chain_node *nd = &st->nodes[st->pub.nnodes];
    nd->cell = c;
    nd->digit = d + 1;
    nd->on = on;
    nd->branch = branch;
    return st->pub.nnodes++;
}

void nonet__step_link(nonet__hctx *x, int from, int to, int kind)
{
    nonet__hstep *st = x->step;
    if (from < 0 || to < 0) return;
    if (grow((void **)&st->links, &st->cap_links, st->pub.nlinks, sizeof *st->links)) {
        st->nomem = 1;
        return;
    }
    nonet_chain_link *l = &st->links[st->pub.nlinks++];
    l->from = from;
    l->to = to;
    l->kind = kind;
}

/* 1 when a comes before b (cell, then digit). */
static int cand_before(const nonet_candidate *a, const nonet_candidate *b)
{
    return a->cell < b->cell || (a->cell == b->cell && a->digit < b->digit);
}

/* Sorts candidates by cell, then digit (insertion sort: lists are short
 * and mostly in order already). */
static void sort_cands(nonet_candidate *v, int n)
{
    for (int i = 1; i < n; i++) {
        nonet_candidate t = v[i];
        int j = i;
        for (; j > 0 && cand_before(&t, &v[j - 1]); j--) v[j] = v[j - 1];
        v[j] = t;
    }
}

nonet__hfound nonet__hemit(nonet__hctx *x)
{
    nonet__hstep *st = x->step;
    nonet_step *p = &st->pub;
    if (st->nomem) return NONET__HF_STOP;
    if (!p->nplacements && !p->neliminations) return 0;
    sort_cands(st->elim, p->neliminations);
    sort_cands(st->place, p->nplacements);
    p->rating = st->rating / 10.0;
    p->placements = st->place;
    p->eliminations = st->elim;
    p->cells = st->cells;
    p->extra = st->extra;
    p->base = st->base;
    p->cover = st->cover;
    p->nodes = st->nodes;
    p->links = st->links;
    return x->sink(x->sink_ctx, st) ? NONET__HF_FOUND : NONET__HF_NONE;
}
