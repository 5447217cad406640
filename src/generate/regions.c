/*
 * regions.c - random jigsaw maps: n connected regions of n cells each,
 * optionally symmetric.
 *
 * A map starts as the boxes (or, for sizes whose boxes lack the symmetry,
 * the rows) and is then changed by random swaps: a cell of region A next to
 * region B and a cell of B touching A trade regions, which keeps every
 * region's size. A swap is kept only when both regions stay connected. For a symmetric map
 * each swap is made together with its images under the symmetry's
 * transforms, each region going to its image region (the start map fixes
 * which region is whose image: pi[t][r]); so the map stays symmetric.
 *
 * Invariant after every kept swap: each region has n cells and is
 * connected, and region[t(c)] == pi[t][region[c]] for every transform t.
 *
 * Grid first (gen_regions_for_grid): from side 20 up a random map rarely
 * admits a complete grid, so the map is drawn around a grid instead. The
 * grid solves the start map (boxes or rows); a swap then trades only cells
 * holding the same digit, so every region keeps one of each digit, and the
 * grid, whose digits never move, solves the final map and keeps every rule
 * that is not a region (rows, columns, variants).
 */
#include "generate/generate.h"

#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* The drawing state. */
typedef struct mapper {
    int n, ncells;
    int *region;               /* the map being drawn */
    const unsigned char *grid; /* NULL, or the grid every region must keep whole */
    int nt, t[8];              /* the symmetry's transforms */
    int pi[8][NONET_MAX_SIZE]; /* region r's image under t[i] */
    int *seen;                 /* ncells stamps for the connectivity walk */
    int *stack;                /* ncells */
    int stamp;
} mapper;

/* Whether region[] maps onto itself under every transform, filling pi. */
static int equivariant(mapper *m)
{
    for (int i = 0; i < m->nt; i++) {
        for (int r = 0; r < m->n; r++) m->pi[i][r] = -1;
        for (int c = 0; c < m->ncells; c++) {
            int img = m->region[gen_transform_cell(m->t[i], m->n, c)], *p = &m->pi[i][m->region[c]];
            if (*p < 0) *p = img;
            else if (*p != img) return 0;
        }
    }
    return 1;
}

/* Whether region r is connected (every cell reached from its first). */
static int connected(mapper *m, int r)
{
    int n = m->n, first = 0, top = 0, reached = 0;
    while (m->region[first] != r) first++;
    m->stamp++;
    m->stack[top++] = first;
    m->seen[first] = m->stamp;
    while (top) {
        int x = m->stack[--top], row = x / n, col = x % n;
        int nb[4] = {row > 0 ? x - n : -1, row < n - 1 ? x + n : -1, col > 0 ? x - 1 : -1,
                     col < n - 1 ? x + 1 : -1};
        reached++;
        for (int i = 0; i < 4; i++)
            if (nb[i] >= 0 && m->seen[nb[i]] != m->stamp && m->region[nb[i]] == r) {
                m->seen[nb[i]] = m->stamp;
                m->stack[top++] = nb[i];
            }
    }
    return reached == n;
}

/* One swap proposal: the cells to change and their new regions. */
typedef struct change {
    int k;
    int cell[16], to[16], from[16];
} change;

/* Adds "cell goes to region r"; returns 0 on a clash with an earlier entry. */
static int propose(change *ch, int cell, int r)
{
    for (int i = 0; i < ch->k; i++)
        if (ch->cell[i] == cell) return ch->to[i] == r;
    ch->cell[ch->k] = cell;
    ch->to[ch->k++] = r;
    return 1;
}

/* Whether the changed map keeps each region's size (the changes must
 * balance, region by region). */
static int sizes_kept(const mapper *m, const change *ch)
{
    int delta[NONET_MAX_SIZE] = {0};
    for (int i = 0; i < ch->k; i++) {
        delta[ch->from[i]]--;
        delta[ch->to[i]]++;
    }
    for (int r = 0; r < m->n; r++)
        if (delta[r]) return 0;
    return 1;
}

/* Whether every region keeps its digits when the changes are made (always
 * without a grid): what leaves each region comes back as the same digit. */
static int digits_kept(const mapper *m, const change *ch)
{
    if (!m->grid) return 1;
    for (int i = 0; i < ch->k; i++) {
        int d = m->grid[ch->cell[i]], net = 0;
        for (int j = 0; j < ch->k; j++)
            if (m->grid[ch->cell[j]] == d)
                net += (ch->to[j] == ch->from[i]) - (ch->from[j] == ch->from[i]);
        if (net) return 0;
    }
    return 1;
}

/* Tries swapping cells a and b (with their images). Returns 1 when kept. */
static int try_swap(mapper *m, int a, int b)
{
    int ra = m->region[a], rb = m->region[b];
    change ch;
    ch.k = 0;
    for (int i = 0; i < m->nt; i++)
        if (!propose(&ch, gen_transform_cell(m->t[i], m->n, a), m->pi[i][rb]) ||
            !propose(&ch, gen_transform_cell(m->t[i], m->n, b), m->pi[i][ra]))
            return 0;
    for (int i = 0; i < ch.k; i++) ch.from[i] = m->region[ch.cell[i]];
    if (!sizes_kept(m, &ch) || !digits_kept(m, &ch)) return 0;
    for (int i = 0; i < ch.k; i++) m->region[ch.cell[i]] = ch.to[i];
    int ok = 1;
    uint64_t asked[(NONET_MAX_SIZE + 63) / 64] = {0}; /* regions already walked */
    for (int i = 0; i < 2 * ch.k && ok; i++) {
        int r = i % 2 ? ch.from[i / 2] : ch.to[i / 2];
        if (asked[r / 64] >> (r % 64) & 1) continue;
        asked[r / 64] |= 1ull << (r % 64);
        ok = connected(m, r);
    }
    if (!ok)
        for (int i = 0; i < ch.k; i++) m->region[ch.cell[i]] = ch.from[i];
    return ok;
}

/* Starts from boxes, else rows, whichever has the symmetry. Returns 0 when
 * neither has it. */
static int start_map(mapper *m)
{
    int br, bc, n = m->n;
    nonet_default_box(n, &br, &bc);
    for (int c = 0; c < m->ncells; c++) m->region[c] = (c / n / br) * (n / bc) + (c % n) / bc;
    if (equivariant(m)) return 1;
    for (int c = 0; c < m->ncells; c++) m->region[c] = c / n;
    return equivariant(m);
}

int gen_regions_start(int n, nonet_symmetry kind, int *region)
{
    mapper m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.ncells = n * n;
    m.region = region;
    m.nt = gen_sym_transforms(kind, m.t);
    return start_map(&m);
}

/* A random cell of region `to` that touches region `from` (so it can move
 * there), or -1 when none does. */
static int touching_cell(mapper *m, int to, int from, nonet__rng *rng)
{
    int n = m->n, k = 0;
    for (int c = 0; c < m->ncells; c++) {
        if (m->region[c] != to) continue;
        int row = c / n, col = c % n;
        if ((row > 0 && m->region[c - n] == from) || (row < n - 1 && m->region[c + n] == from) ||
            (col > 0 && m->region[c - 1] == from) || (col < n - 1 && m->region[c + 1] == from))
            m->stack[k++] = c;
    }
    return k ? m->stack[nonet__rng_below(rng, (uint32_t)k)] : -1;
}

/* Whether cell c touches region r (orthogonally). */
static int touches(const mapper *m, int c, int r)
{
    int n = m->n, row = c / n, col = c % n;
    return (row > 0 && m->region[c - n] == r) || (row < n - 1 && m->region[c + n] == r) ||
           (col > 0 && m->region[c - 1] == r) || (col < n - 1 && m->region[c + 1] == r);
}

/* With a grid: a random pair of cells, *a in region ra touching rb and *b
 * in rb touching ra, holding the same digit. Returns 0 when none. */
static int same_digit_pair(mapper *m, int ra, int rb, nonet__rng *rng, int *a, int *b)
{
    int in_b[NONET_MAX_SIZE + 1], k = 0;
    for (int d = 0; d <= m->n; d++) in_b[d] = -1;
    for (int c = 0; c < m->ncells; c++)
        if (m->region[c] == rb && touches(m, c, ra)) in_b[m->grid[c]] = c;
    for (int c = 0; c < m->ncells; c++)
        if (m->region[c] == ra && in_b[m->grid[c]] >= 0 && touches(m, c, rb)) m->stack[k++] = c;
    if (!k) return 0;
    *a = m->stack[nonet__rng_below(rng, (uint32_t)k)];
    *b = in_b[m->grid[*a]];
    return 1;
}

/* Draws the map: the start map changed by random swaps (see the top). */
static nonet_status draw(mapper *m, nonet_symmetry kind, nonet__rng *rng, nonet_error *err)
{
    int n = m->n, *region = m->region;
    m->nt = gen_sym_transforms(kind, m->t);
    if (!start_map(m))
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                           "cannot draw %dx%d jigsaw regions with symmetry %s (neither its "
                           "boxes nor its rows have it)",
                           n, n, nonet_symmetry_name(kind));
    m->seen = calloc((size_t)m->ncells, sizeof *m->seen);
    m->stack = malloc((size_t)m->ncells * sizeof *m->stack);
    if (!m->seen || !m->stack) {
        free(m->seen);
        free(m->stack);
        return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    }
    /* A move: a cell a of region A next to region B goes to B, and a cell
     * b of B that touches A goes to A (with a grid: a and b are drawn
     * among the pairs holding the same digit). */
    /* Swaps around a grid are local (a pair on a shared border holding one
     * digit), so more are made to spread the change. */
    long kept = 0, want = (m->grid ? 6L : 1L) * m->ncells;
    long tries = (m->grid ? 60L : 10L) * m->ncells;
    for (long i = 0; i < tries && kept < want; i++) {
        int a = (int)nonet__rng_below(rng, (uint32_t)m->ncells),
            dir = (int)nonet__rng_below(rng, 4);
        int row = a / n, col = a % n;
        int x = dir == 0   ? (row > 0 ? a - n : -1)
                : dir == 1 ? (row < n - 1 ? a + n : -1)
                : dir == 2 ? (col > 0 ? a - 1 : -1)
                           : (col < n - 1 ? a + 1 : -1);
        if (x < 0 || region[a] == region[x]) continue;
        int b;
        if (m->grid) {
            if (same_digit_pair(m, region[a], region[x], rng, &a, &b)) kept += try_swap(m, a, b);
        } else if ((b = touching_cell(m, region[x], region[a], rng)) >= 0) {
            kept += try_swap(m, a, b);
        }
    }
    free(m->seen);
    free(m->stack);
    return NONET_OK;
}

nonet_status gen_regions(int n, nonet_symmetry kind, nonet__rng *rng, int *region, nonet_error *err)
{
    mapper m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.ncells = n * n;
    m.region = region;
    return draw(&m, kind, rng, err);
}

nonet_status gen_regions_for_grid(int n, nonet_symmetry kind, nonet__rng *rng,
                                  const unsigned char *grid, int *region, nonet_error *err)
{
    mapper m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.ncells = n * n;
    m.region = region;
    m.grid = grid;
    return draw(&m, kind, rng, err);
}
