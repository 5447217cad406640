/*
 * symmetry.c - the symmetries of a puzzle's givens: the eight transforms of
 * the square (the dihedral group), the subgroup each nonet_symmetry stands
 * for, the orbits it cuts the grid into, and whether a shape's rules are
 * preserved by it.
 *
 * A symmetric puzzle keeps or removes whole orbits, so its givens are
 * invariant under every transform of the subgroup. A symmetry is allowed for
 * a shape only when each transform maps every house onto a house and every
 * extra link onto a link: a puzzle whose givens are symmetric but whose
 * rules are not (a jigsaw map without that symmetry, quarter turns on 2x3
 * boxes) is refused with a message naming the house.
 */
#include "generate/generate.h"

#include "core/assert.h"
#include "core/error.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

static const char *const sym_names[NONET_SYMMETRY_COUNT] = {
    "none",     "rotate180",     "rotate90", "mirror", "flip",
    "diagonal", "anti-diagonal", "dihedral", "random"};

const char *nonet_symmetry_name(nonet_symmetry s)
{
    return (unsigned)s < NONET_SYMMETRY_COUNT ? sym_names[s] : NULL;
}

int nonet_symmetry_from_name(const char *name)
{
    for (int i = 0; name && i < NONET_SYMMETRY_COUNT; i++)
        if (strcmp(name, sym_names[i]) == 0) return i;
    if (name && strcmp(name, "antidiagonal") == 0) return NONET_SYMMETRY_ANTIDIAGONAL;
    return -1;
}

int gen_sym_init(gen_sym *sym)
{
    memset(sym, 0, sizeof *sym);
    sym->orbit_at = malloc((NONET_MAX_CELLS + 1) * sizeof *sym->orbit_at);
    sym->orbit_cell = malloc(NONET_MAX_CELLS * sizeof *sym->orbit_cell);
    sym->orbit_of = malloc(NONET_MAX_CELLS * sizeof *sym->orbit_of);
    return sym->orbit_at && sym->orbit_cell && sym->orbit_of ? 0 : -1;
}

void gen_sym_free(gen_sym *sym)
{
    free(sym->orbit_at);
    free(sym->orbit_cell);
    free(sym->orbit_of);
    memset(sym, 0, sizeof *sym);
}

int gen_transform_cell(int t, int n, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    switch (t) {
    case 1: return c * n + (m - r);       /* quarter turn clockwise */
    case 2: return (m - r) * n + (m - c); /* half turn */
    case 3: return (m - c) * n + r;       /* three quarter turns */
    case 4: return r * n + (m - c);       /* mirror: left-right */
    case 5: return (m - r) * n + c;       /* flip: top-bottom */
    case 6: return c * n + r;             /* main diagonal */
    case 7: return (m - c) * n + (m - r); /* anti-diagonal */
    default: return cell;                 /* identity */
    }
}

int gen_sym_transforms(nonet_symmetry kind, int *t)
{
    static const int groups[8][9] = {
        {1, 0},    {2, 0, 2}, {4, 0, 1, 2, 3}, {2, 0, 4},
        {2, 0, 5}, {2, 0, 6}, {2, 0, 7},       {8, 0, 1, 2, 3, 4, 5, 6, 7}};
    const int *g = groups[(unsigned)kind < 8 ? kind : 0];
    for (int i = 0; i < g[0]; i++) t[i] = g[i + 1];
    return g[0];
}

void gen_sym_orbits(gen_sym *sym, nonet_symmetry kind, int n)
{
    int t[8], nt = gen_sym_transforms(kind, t), ncells = n * n, k = 0, at = 0;
    sym->kind = kind;
    for (int c = 0; c < ncells; c++) sym->orbit_of[c] = -1;
    for (int c = 0; c < ncells; c++) {
        if (sym->orbit_of[c] >= 0) continue;
        sym->orbit_at[k] = at;
        for (int i = 0; i < nt; i++) {
            int x = gen_transform_cell(t[i], n, c);
            if (sym->orbit_of[x] >= 0) continue;
            sym->orbit_of[x] = k;
            /* insertion keeps the orbit sorted (at most 8 cells) */
            int j = at++;
            while (j > sym->orbit_at[k] && sym->orbit_cell[j - 1] > x) {
                sym->orbit_cell[j] = sym->orbit_cell[j - 1];
                j--;
            }
            sym->orbit_cell[j] = x;
        }
        k++;
    }
    sym->orbit_at[k] = at;
    sym->norbits = k;
    NONET_ASSERT(gen_sym_ok(sym, ncells));
}

int gen_sym_ok(const gen_sym *sym, int ncells)
{
    if (sym->norbits < 1 || sym->norbits > ncells || sym->orbit_at[0] != 0 ||
        sym->orbit_at[sym->norbits] != ncells)
        return 0;
    for (int k = 0; k < sym->norbits; k++) {
        if (sym->orbit_at[k + 1] <= sym->orbit_at[k] || sym->orbit_at[k + 1] - sym->orbit_at[k] > 8)
            return 0;
        for (int j = sym->orbit_at[k]; j < sym->orbit_at[k + 1]; j++) {
            int c = sym->orbit_cell[j];
            if (c < 0 || c >= ncells || sym->orbit_of[c] != k) return 0;
            if (j > sym->orbit_at[k] && sym->orbit_cell[j - 1] >= c) return 0;
        }
    }
    return 1;
}

/* Whether `cell` is in the sorted CSR list `list[at[x] .. at[x+1])`. */
static int listed(const int *at, const int *list, int x, int cell)
{
    int lo = at[x], hi = at[x + 1];
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (list[mid] == cell) return 1;
        if (list[mid] < cell) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

/* Whether the n cells `img` (marked with `stamp` in `mark`) are exactly a
 * house of s. */
static int is_house(const nonet_shape *s, const int *img, const unsigned *mark, unsigned stamp)
{
    if (s->n < 1) return 0; /* no shape has empty houses (said for the analyzer) */
    for (int i = s->cell_house_at[img[0]]; i < s->cell_house_at[img[0] + 1]; i++) {
        const int *h = s->house + (size_t)s->cell_house[i] * (size_t)s->n;
        int j = 0;
        while (j < s->n && mark[h[j]] == stamp) j++;
        if (j == s->n) return 1;
    }
    return 0;
}

/* Checks transform t against the houses of s; -1 when all map onto houses,
 * else the first house that does not. */
static int unmapped_house(const nonet_shape *s, int t, unsigned *mark, unsigned *stamp)
{
    int img[NONET_MAX_SIZE];
    for (int h = 0; h < s->nhouses; h++) {
        ++*stamp;
        for (int i = 0; i < s->n; i++) {
            img[i] = gen_transform_cell(t, s->n, s->house[(size_t)h * (size_t)s->n + i]);
            mark[img[i]] = *stamp;
        }
        if (!is_house(s, img, mark, *stamp)) return h;
    }
    return -1;
}

/* Checks transform t against the links (anti-knight, anti-king) and the
 * orthogonal neighbours of non-consecutive; 1 when all are preserved. */
static int links_mapped(const nonet_shape *s, int t)
{
    for (int c = 0; c < s->ncells; c++) {
        int tc = gen_transform_cell(t, s->n, c);
        for (int i = s->xpeer_at[c]; i < s->xpeer_at[c + 1]; i++)
            if (!listed(s->peer_at, s->peer, tc, gen_transform_cell(t, s->n, s->xpeer[i])))
                return 0;
        for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
            int ta = gen_transform_cell(t, s->n, s->adj[i]), found = 0;
            for (int j = s->adj_at[tc]; j < s->adj_at[tc + 1]; j++) found |= s->adj[j] == ta;
            if (!found) return 0;
        }
    }
    return 1;
}

nonet_status gen_sym_check(const nonet_shape *shape, nonet_symmetry kind, nonet_error *err)
{
    int t[8], nt = gen_sym_transforms(kind, t);
    if (nt == 1) return NONET_OK;
    unsigned *mark = calloc((size_t)shape->ncells, sizeof *mark), stamp = 0;
    if (!mark) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    nonet_status st = NONET_OK;
    for (int i = 1; i < nt && st == NONET_OK; i++) {
        char name[48];
        int h = unmapped_house(shape, t[i], mark, &stamp);
        if (h >= 0)
            st = nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                             "symmetry %s does not fit these rules: it maps %s onto cells that "
                             "form no house",
                             sym_names[kind], nonet__house_name(shape, h, name, sizeof name));
        else if (!links_mapped(shape, t[i]))
            st = nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                             "symmetry %s does not fit these rules: it breaks the variant's links",
                             sym_names[kind]);
    }
    free(mark);
    return st;
}

nonet_symmetry gen_sym_pick(const nonet_shape *shape, nonet_symmetry kind, nonet__rng *rng)
{
    if (kind != NONET_SYMMETRY_RANDOM) return kind;
    nonet_symmetry ok[8];
    int k = 0;
    for (int s = NONET_SYMMETRY_ROTATE180; s <= NONET_SYMMETRY_DIHEDRAL; s++)
        if (gen_sym_check(shape, (nonet_symmetry)s, NULL) == NONET_OK) ok[k++] = (nonet_symmetry)s;
    return k ? ok[nonet__rng_below(rng, (uint32_t)k)] : NONET_SYMMETRY_NONE;
}
