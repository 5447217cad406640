/*
 * witness.c - second solutions met while carving, kept as proofs that a
 * given must stay.
 *
 * Adding givens until one solution is left (carve.c) meets, at each step, a
 * complete grid S of the rules that is not the solution. S differs from the
 * solution in some orbits, its conflict set. Once the removal pass has
 * emptied all but one orbit o of that set, S agrees with every other given,
 * so emptying o too would let S in: o must stay, and no search is needed to
 * say so. A witness only proves that an orbit stays; an orbit it does not
 * cover is searched as before, so the removal pass keeps exactly the orbits
 * it kept without witnesses (and draws nothing from the random stream).
 *
 * Invariant (after gen_witness_index): left[i] is the number of orbits of
 * witness i's conflict set that are given; by[by_at[o] .. by_at[o+1]) are
 * the witnesses whose conflict set holds orbit o among the given ones.
 */
#include "generate/generate.h"

#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* Most orbit entries the conflict sets of one carve may hold: beyond it a
 * witness is dropped (it only saves a search). */
#define WITNESS_ROOM_MAX (1 << 22)

int gen_witness_init(gen_witnesses *w, int norbits)
{
    memset(w, 0, sizeof *w);
    w->norbits = norbits;
    w->cap = 4 * norbits + 64;
    w->room = 16 * norbits + 64;
    w->start = malloc(((size_t)w->cap + 1) * sizeof *w->start);
    w->left = malloc((size_t)w->cap * sizeof *w->left);
    w->by_at = malloc(((size_t)norbits + 1) * sizeof *w->by_at);
    w->stamp = calloc((size_t)norbits, sizeof *w->stamp);
    w->orbit = malloc((size_t)w->room * sizeof *w->orbit);
    if (!w->start || !w->left || !w->by_at || !w->stamp || !w->orbit) {
        gen_witness_free(w);
        return -1;
    }
    w->start[0] = 0;
    return 0;
}

void gen_witness_free(gen_witnesses *w)
{
    free(w->start);
    free(w->left);
    free(w->by_at);
    free(w->by);
    free(w->stamp);
    free(w->orbit);
    memset(w, 0, sizeof *w);
}

/* Makes room for `more` orbit entries. Returns 0, or -1 when there is none. */
static int grow(gen_witnesses *w, int more)
{
    if (w->used + more <= w->room) return 0;
    int room = w->room;
    while (room < w->used + more) room *= 2;
    if (room > WITNESS_ROOM_MAX) return -1;
    int *orbit = realloc(w->orbit, (size_t)room * sizeof *orbit);
    if (!orbit) return -1;
    w->orbit = orbit;
    w->room = room;
    return 0;
}

/* Adds the witness whose conflict set holds the orbits of cells[0 .. k). */
static void add_cells(gen_witnesses *w, const gen_sym *sym, const int *cells, int k)
{
    if (!w->orbit || w->count == w->cap || grow(w, k)) return;
    int id = w->count + 1; /* stamps: 0 is "never" */
    for (int i = 0; i < k; i++) {
        int o = sym->orbit_of[cells[i]];
        if (w->stamp[o] != id) {
            w->stamp[o] = id;
            w->orbit[w->used++] = o;
        }
    }
    w->start[++w->count] = w->used;
}

void gen_witness_add(gen_witnesses *w, const gen_job *job, const unsigned char *alt)
{
    int cells[NONET_MAX_CELLS], k = 0;
    for (int c = 0; c < job->shape->ncells; c++)
        if (alt[c] != job->solution[c]) cells[k++] = c;
    add_cells(w, job->sym, cells, k);
}

/* Whether every rule of s is a house (no anti-knight, anti-king or
 * non-consecutive link): then trading two digits across a set of cells
 * closed under the houses leaves a grid of the rules. */
static int houses_only(const nonet_shape *s)
{
    return s->xpeer_at[s->ncells] == 0 && s->adj_at[s->ncells] == 0;
}

/* Union-find root of cell c, halving the path. */
static int root(int *parent, int c)
{
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
}

/* The unavoidable sets of digits a and b (0-based): the cells holding
 * either fall into classes joined by "the a and the b of one house";
 * trading a and b across one class leaves every house with one of each.
 * at[h * n + d] is the cell of house h holding digit d + 1; the first n
 * houses are the rows. */
static void pair_sets(gen_witnesses *w, const gen_job *job, const int *at, int a, int b)
{
    const nonet_shape *s = job->shape;
    int n = s->n, cells[2 * NONET_MAX_SIZE], set[2 * NONET_MAX_SIZE], parent[NONET_MAX_CELLS];
    for (int i = 0; i < n; i++) { /* the a and the b of row i */
        cells[2 * i] = at[i * n + a];
        cells[2 * i + 1] = at[i * n + b];
    }
    for (int i = 0; i < 2 * n; i++) parent[cells[i]] = cells[i];
    for (int h = 0; h < s->nhouses; h++)
        parent[root(parent, at[h * n + a])] = root(parent, at[h * n + b]);
    for (int i = 0; i < 2 * n; i++) {
        if (parent[cells[i]] != cells[i]) continue; /* one set per root */
        int k = 0;
        for (int j = 0; j < 2 * n; j++)
            if (root(parent, cells[j]) == cells[i]) set[k++] = cells[j];
        if (k < 2 * n) add_cells(w, job->sym, set, k); /* the whole pair adds nothing */
    }
}

void gen_witness_pairs(gen_witnesses *w, const gen_job *job)
{
    const nonet_shape *s = job->shape;
    int n = s->n;
    if (!houses_only(s)) return;
    int *at = calloc((size_t)s->nhouses * (size_t)n, sizeof *at); /* every entry is set below */
    if (!at) return; /* no witnesses: every orbit is searched */
    for (int h = 0; h < s->nhouses; h++)
        for (int i = 0; i < n; i++) {
            int c = s->house[(size_t)h * (size_t)n + (size_t)i];
            at[h * n + job->solution[c] - 1] = c;
        }
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) pair_sets(w, job, at, a, b);
    free(at);
}

/* Whether orbit o is given (its cells are given or empty together). */
static int given(const gen_sym *sym, const unsigned char *givens, int o)
{
    return givens[sym->orbit_cell[sym->orbit_at[o]]] != 0;
}

int gen_witness_index(gen_witnesses *w, const gen_sym *sym, const unsigned char *givens)
{
    if (!w->orbit || !w->count) return 0;
    memset(w->by_at, 0, ((size_t)w->norbits + 1) * sizeof *w->by_at);
    int total = 0;
    for (int i = 0; i < w->count; i++) {
        w->left[i] = 0;
        for (int j = w->start[i]; j < w->start[i + 1]; j++)
            if (given(sym, givens, w->orbit[j])) {
                w->left[i]++;
                w->by_at[w->orbit[j] + 1]++;
                total++;
            }
    }
    for (int o = 0; o < w->norbits; o++) w->by_at[o + 1] += w->by_at[o];
    free(w->by);
    w->by = malloc(((size_t)total + 1) * sizeof *w->by);
    if (!w->by) {
        w->count = 0; /* no witnesses: every orbit is searched */
        return -1;
    }
    int *fill = w->stamp; /* reused: where orbit o's next entry goes */
    memcpy(fill, w->by_at, (size_t)w->norbits * sizeof *fill);
    for (int i = 0; i < w->count; i++)
        for (int j = w->start[i]; j < w->start[i + 1]; j++)
            if (given(sym, givens, w->orbit[j])) w->by[fill[w->orbit[j]]++] = i;
    return 0;
}

int gen_witness_holds(const gen_witnesses *w, int o)
{
    if (!w || !w->by) return 0;
    for (int j = w->by_at[o]; j < w->by_at[o + 1]; j++)
        if (w->left[w->by[j]] == 1) return 1;
    return 0;
}

void gen_witness_removed(gen_witnesses *w, int o)
{
    if (!w || !w->by) return;
    for (int j = w->by_at[o]; j < w->by_at[o + 1]; j++) w->left[w->by[j]]--;
}
