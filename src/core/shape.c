/*
 * shape.c - building and querying nonet_shape: houses, regions, peers.
 * See shape.h for the invariants. Construction validates the specification
 * and derives the lookup tables every engine and checker reads.
 */
#include "core/shape.h"

#include "core/bits.h"
#include "core/assert.h"
#include "core/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Box sizes                                                            */
/* ------------------------------------------------------------------ */

int nonet_default_box(int size, int *box_rows, int *box_cols)
{
    if (size < NONET_MIN_SIZE || size > NONET_MAX_SIZE) return -1;
    int r = 1;
    for (int d = 1; d * d <= size; d++)
        if (size % d == 0) r = d;
    if (box_rows) *box_rows = r;
    if (box_cols) *box_cols = size / r;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Construction                                                         */
/* ------------------------------------------------------------------ */

/* Growing list of houses while a shape is built. */
typedef struct house_list {
    int n;
    int count, cap;
    int *cells; /* count * n */
    unsigned char *kind;
    int *no;
} house_list;

static int houses_add(house_list *hl, const int *cells, int kind, int no)
{
    if (hl->count == hl->cap) {
        int cap = hl->cap ? hl->cap * 2 : 64;
        int *c = realloc(hl->cells, (size_t)cap * (size_t)hl->n * sizeof *c);
        if (!c) return -1;
        hl->cells = c;
        unsigned char *k = realloc(hl->kind, (size_t)cap);
        if (!k) return -1;
        hl->kind = k;
        int *o = realloc(hl->no, (size_t)cap * sizeof *o);
        if (!o) return -1;
        hl->no = o;
        hl->cap = cap;
    }
    memcpy(hl->cells + (size_t)hl->count * (size_t)hl->n, cells, (size_t)hl->n * sizeof *cells);
    hl->kind[hl->count] = (unsigned char)kind;
    hl->no[hl->count] = no;
    hl->count++;
    return 0;
}

static void shape_release(nonet_shape *s)
{
    if (!s) return;
    free(s->region);
    free(s->house);
    free(s->house_kind);
    free(s->house_no);
    free(s->cell_house_at);
    free(s->cell_house);
    free(s->peer_at);
    free(s->peer);
    free(s->xpeer_at);
    free(s->xpeer);
    free(s->adj_at);
    free(s->adj);
    free(s);
}

/* Checks a jigsaw map: ids in range, N cells each, each region connected. */
static nonet_status check_regions(int n, const int *reg, nonet_error *err)
{
    int ncells = n * n, count[NONET_MAX_SIZE] = {0};
    for (int c = 0; c < ncells; c++) {
        if (reg[c] < 0 || reg[c] >= n)
            return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                               "cell r%dc%d has region %d, outside 0..%d", c / n + 1, c % n + 1,
                               reg[c], n - 1);
        count[reg[c]]++;
    }
    for (int g = 0; g < n; g++)
        if (count[g] != n)
            return nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "region %d has %d cells, expected %d",
                               g + 1, count[g], n);
    int *stack = malloc((size_t)ncells * sizeof *stack);
    unsigned char *seen = calloc((size_t)ncells, 1);
    nonet_status st = NONET_OK;
    if (!stack || !seen) {
        free(stack);
        free(seen);
        return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    }
    for (int c = 0; st == NONET_OK && c < ncells; c++) {
        if (seen[c]) continue;
        int top = 0, size = 0;
        stack[top++] = c;
        seen[c] = 1;
        while (top) {
            int x = stack[--top], r = x / n, q = x % n;
            size++;
            int nb[4] = {r > 0 ? x - n : -1, r < n - 1 ? x + n : -1, q > 0 ? x - 1 : -1,
                         q < n - 1 ? x + 1 : -1};
            for (int i = 0; i < 4; i++)
                if (nb[i] >= 0 && !seen[nb[i]] && reg[nb[i]] == reg[c]) {
                    seen[nb[i]] = 1;
                    stack[top++] = nb[i];
                }
        }
        if (size != n)
            st = nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                             "region %d is not connected (r%dc%d reaches %d of its %d cells)",
                             reg[c] + 1, c / n + 1, c % n + 1, size, n);
    }
    free(stack);
    free(seen);
    return st;
}

/* Adds rows, columns and regions. */
static int add_basic_houses(house_list *hl, const nonet_shape *s)
{
    int n = s->n, cells[NONET_MAX_SIZE];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) cells[c] = r * n + c;
        if (houses_add(hl, cells, NONET__ROW, r)) return -1;
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++) cells[r] = r * n + c;
        if (houses_add(hl, cells, NONET__COLUMN, c)) return -1;
    }
    /* Boxes of one row or one column repeat the rows or columns. */
    if (s->box_rows == 1 || s->box_cols == 1) return 0;
    int kind = s->box_rows ? NONET__BOX : NONET__REGION;
    for (int g = 0; g < n; g++) {
        int k = 0;
        for (int c = 0; c < s->ncells; c++)
            if (s->region[c] == g) cells[k++] = c;
        if (houses_add(hl, cells, kind, g)) return -1;
    }
    return 0;
}

/* Adds the houses of the X, hyper and disjoint variants; errors where the
 * variant does not fit the shape. */
static nonet_status add_variant_houses(house_list *hl, const nonet_shape *s, nonet_error *err)
{
    int n = s->n, cells[NONET_MAX_SIZE];
    if (s->variants & NONET_VARIANT_X) {
        for (int i = 0; i < n; i++) cells[i] = i * n + i;
        if (houses_add(hl, cells, NONET__DIAGONAL, 0)) goto nomem;
        for (int i = 0; i < n; i++) cells[i] = i * n + (n - 1 - i);
        if (houses_add(hl, cells, NONET__DIAGONAL, 1)) goto nomem;
    }
    if (s->variants & NONET_VARIANT_HYPER) {
        int b = s->box_rows;
        if (!b || b != s->box_cols || b < 2)
            return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                               "the hyper variant needs square boxes (like 3x3 on 9x9)");
        int no = 0;
        for (int r0 = 1; r0 + b <= n; r0 += b + 1)
            for (int c0 = 1; c0 + b <= n; c0 += b + 1) {
                for (int i = 0; i < n; i++) cells[i] = (r0 + i / b) * n + c0 + i % b;
                if (houses_add(hl, cells, NONET__HYPER, no++)) goto nomem;
            }
    }
    if (s->variants & NONET_VARIANT_DISJOINT) {
        int br = s->box_rows, bc = s->box_cols;
        if (!br)
            return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                               "the disjoint variant needs boxes, not a jigsaw map");
        for (int p = 0; p < n; p++) {
            for (int b = 0; b < n; b++) {
                int r = (b / (n / bc)) * br + p / bc, c = (b % (n / bc)) * bc + p % bc;
                cells[b] = r * n + c;
            }
            if (houses_add(hl, cells, NONET__DISJOINT, p)) goto nomem;
        }
    }
    return NONET_OK;
nomem:
    return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
}

/* Adds the caller's extra groups after checking each holds N distinct cells. */
static nonet_status add_groups(house_list *hl, const nonet_shape *s, const nonet_shape_spec *sp,
                               nonet_error *err)
{
    int n = s->n;
    if (sp->group_count < 0 || (sp->group_count > 0 && !sp->groups))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "bad group list");
    for (int g = 0; g < sp->group_count; g++) {
        const int *cells = sp->groups + (size_t)g * (size_t)n;
        uint64_t seen[NONET_MAX_CELLS / 64] = {0};
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            if (c < 0 || c >= s->ncells)
                return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                                   "group %d names cell %d, outside the grid", g + 1, c);
            if (seen[c / 64] >> (c % 64) & 1)
                return nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "group %d names cell r%dc%d twice",
                                   g + 1, c / n + 1, c % n + 1);
            seen[c / 64] |= 1ull << (c % 64);
        }
        if (houses_add(hl, cells, NONET__GROUP, g))
            return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    }
    return NONET_OK;
}

/* Returns 1 when houses a and b of hl hold the same cells (as sets). */
static int same_house(const house_list *hl, int a, int b)
{
    uint64_t m[NONET_MAX_CELLS / 64] = {0};
    const int *x = hl->cells + (size_t)a * (size_t)hl->n,
              *y = hl->cells + (size_t)b * (size_t)hl->n;
    for (int i = 0; i < hl->n; i++) m[x[i] / 64] |= 1ull << (x[i] % 64);
    for (int i = 0; i < hl->n; i++)
        if (!(m[y[i] / 64] >> (y[i] % 64) & 1)) return 0;
    return 1;
}

/* Moves the houses into the shape, dropping exact repeats. */
static int adopt_houses(nonet_shape *s, house_list *hl)
{
    int n = s->n, kept = 0;
    for (int h = 0; h < hl->count; h++) {
        int dup = 0;
        for (int k = 0; k < kept && !dup; k++) dup = same_house(hl, k, h);
        if (dup) continue;
        memmove(hl->cells + (size_t)kept * (size_t)n, hl->cells + (size_t)h * (size_t)n,
                (size_t)n * sizeof(int));
        hl->kind[kept] = hl->kind[h];
        hl->no[kept] = hl->no[h];
        kept++;
    }
    s->nhouses = kept;
    s->house = hl->cells;
    s->house_kind = hl->kind;
    s->house_no = hl->no;
    hl->cells = NULL;
    hl->kind = NULL;
    hl->no = NULL;
    return 0;
}

/* Builds a CSR table: for each cell, the list produced by `fill`. */
typedef int (*list_fn)(const nonet_shape *s, int cell, int *out);

static int build_csr(const nonet_shape *s, list_fn fill, int **at_out, int **list_out)
{
    int *at = malloc(((size_t)s->ncells + 1) * sizeof *at);
    int *tmp = malloc((size_t)s->ncells * sizeof *tmp);
    int total = 0;
    if (!at || !tmp) goto fail;
    for (int c = 0; c < s->ncells; c++) {
        at[c] = total;
        total += fill(s, c, tmp);
    }
    at[s->ncells] = total;
    int *list = malloc(((size_t)total + 1) * sizeof *list);
    if (!list) goto fail;
    for (int c = 0; c < s->ncells; c++) fill(s, c, list + at[c]);
    free(tmp);
    *at_out = at;
    *list_out = list;
    return 0;
fail:
    free(at);
    free(tmp);
    return -1;
}

/* Inverts the house lists: for each cell, the houses holding it. */
static int build_cell_houses(nonet_shape *s)
{
    int n = s->n, total = s->nhouses * n;
    s->cell_house_at = calloc((size_t)s->ncells + 1, sizeof *s->cell_house_at);
    s->cell_house = malloc((size_t)total * sizeof *s->cell_house);
    if (!s->cell_house_at || !s->cell_house) return -1;
    for (int i = 0; i < total; i++) s->cell_house_at[s->house[i] + 1]++;
    for (int c = 0; c < s->ncells; c++) s->cell_house_at[c + 1] += s->cell_house_at[c];
    int *next = malloc((size_t)s->ncells * sizeof *next);
    if (!next) return -1;
    memcpy(next, s->cell_house_at, (size_t)s->ncells * sizeof *next);
    for (int h = 0; h < s->nhouses; h++)
        for (int i = 0; i < n; i++) s->cell_house[next[s->house[h * n + i]]++] = h;
    free(next);
    return 0;
}

/* Cells a knight's move (or, with king, a diagonal step) away from `cell`. */
static int fill_links(const nonet_shape *s, int cell, int *out)
{
    static const int knight[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                     {1, -2},  {1, 2},  {2, -1},  {2, 1}};
    static const int king[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    int n = s->n, r = cell / n, c = cell % n, k = 0;
    if (s->variants & NONET_VARIANT_ANTI_KNIGHT)
        for (int i = 0; i < 8; i++) {
            int rr = r + knight[i][0], cc = c + knight[i][1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n) out[k++] = rr * n + cc;
        }
    if (s->variants & NONET_VARIANT_ANTI_KING)
        for (int i = 0; i < 4; i++) {
            int rr = r + king[i][0], cc = c + king[i][1];
            if (rr >= 0 && rr < n && cc >= 0 && cc < n) out[k++] = rr * n + cc;
        }
    return k;
}

/* Returns 1 if `cell` and `other` share a house. */
static int shares_house(const nonet_shape *s, int cell, int other)
{
    for (int i = s->cell_house_at[cell]; i < s->cell_house_at[cell + 1]; i++) {
        const int *h = s->house + (size_t)s->cell_house[i] * (size_t)s->n;
        for (int j = 0; j < s->n; j++)
            if (h[j] == other) return 1;
    }
    return 0;
}

static int fill_xpeers(const nonet_shape *s, int cell, int *out)
{
    int links[12], k = 0, m = fill_links(s, cell, links);
    for (int i = 0; i < m; i++)
        if (!shares_house(s, cell, links[i])) out[k++] = links[i];
    return k;
}

/* Peers of a cell, sorted and without repeats (a bitmap of cells). */
static int fill_peers(const nonet_shape *s, int cell, int *out)
{
    uint64_t mark[NONET_MAX_CELLS / 64] = {0};
    for (int i = s->cell_house_at[cell]; i < s->cell_house_at[cell + 1]; i++) {
        const int *h = s->house + (size_t)s->cell_house[i] * (size_t)s->n;
        for (int j = 0; j < s->n; j++) mark[h[j] / 64] |= 1ull << (h[j] % 64);
    }
    for (int i = s->xpeer_at[cell]; i < s->xpeer_at[cell + 1]; i++)
        mark[s->xpeer[i] / 64] |= 1ull << (s->xpeer[i] % 64);
    mark[cell / 64] &= ~(1ull << (cell % 64));
    int k = 0;
    for (int w = 0; w <= (s->ncells - 1) / 64; w++)
        for (uint64_t m = mark[w]; m; m &= m - 1) out[k++] = w * 64 + nonet__ctz(m);
    return k;
}

static int fill_adjacent(const nonet_shape *s, int cell, int *out)
{
    if (!(s->variants & NONET_VARIANT_NON_CONSECUTIVE)) return 0;
    int n = s->n, r = cell / n, c = cell % n, k = 0;
    if (r > 0) out[k++] = cell - n;
    if (c > 0) out[k++] = cell - 1;
    if (c < n - 1) out[k++] = cell + 1;
    if (r < n - 1) out[k++] = cell + n;
    return k;
}

/* Validates size, box and regions and fills n, box, region[]. */
static nonet_status set_layout(nonet_shape *s, const nonet_shape_spec *sp, nonet_error *err)
{
    int n = sp->size;
    if (n < NONET_MIN_SIZE || n > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "size %d is outside %d..%d", n,
                           NONET_MIN_SIZE, NONET_MAX_SIZE);
    s->n = n;
    s->ncells = n * n;
    s->full = n == 64 ? ~0ull : (1ull << n) - 1;
    s->region = malloc((size_t)s->ncells * sizeof *s->region);
    if (!s->region) return nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    if (sp->regions) {
        nonet_status st = check_regions(n, sp->regions, err);
        if (st) return st;
        memcpy(s->region, sp->regions, (size_t)s->ncells * sizeof *s->region);
        return NONET_OK;
    }
    int br = sp->box_rows, bc = sp->box_cols;
    if (!br && !bc) nonet_default_box(n, &br, &bc);
    if (br < 1 || bc < 1 || br * bc != n)
        return nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "boxes of %dx%d do not tile a %dx%d grid",
                           br, bc, n, n);
    s->box_rows = br;
    s->box_cols = bc;
    for (int c = 0; c < s->ncells; c++) {
        int r = c / n, q = c % n;
        s->region[c] = (r / br) * (n / bc) + q / bc;
    }
    return NONET_OK;
}

nonet_shape *nonet_shape_new(const nonet_shape_spec *sp, nonet_error *err)
{
    if (!sp) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no shape specification");
        return NULL;
    }
    nonet_shape *s = calloc(1, sizeof *s);
    house_list hl = {0};
    if (!s) goto nomem;
    atomic_init(&s->refs, 1);
    s->variants = sp->variants;
    if (sp->variants & ~0x3Fu) {
        nonet__fail(err, NONET_ERR_SHAPE, 0, 0, "unknown variant bits 0x%x", sp->variants & ~0x3Fu);
        goto fail;
    }
    if (set_layout(s, sp, err)) goto fail;
    hl.n = s->n;
    if (add_basic_houses(&hl, s)) goto nomem;
    if (add_variant_houses(&hl, s, err)) goto fail;
    if (add_groups(&hl, s, sp, err)) goto fail;
    adopt_houses(s, &hl);
    if (build_cell_houses(s)) goto nomem;
    if (build_csr(s, fill_xpeers, &s->xpeer_at, &s->xpeer)) goto nomem;
    if (build_csr(s, fill_peers, &s->peer_at, &s->peer)) goto nomem;
    if (build_csr(s, fill_adjacent, &s->adj_at, &s->adj)) goto nomem;
    s->classic9 =
        s->n == 9 && s->box_rows == 3 && s->box_cols == 3 && !s->variants && s->nhouses == 27;
    NONET_ASSERT(nonet__shape_ok(s));
    return s;
nomem:
    nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
fail:
    free(hl.cells);
    free(hl.kind);
    free(hl.no);
    shape_release(s);
    return NULL;
}

nonet_shape *nonet_shape_new_classic(int size, nonet_error *err)
{
    nonet_shape_spec sp = {0};
    sp.size = size;
    return nonet_shape_new(&sp, err);
}

nonet_shape *nonet_shape_ref(const nonet_shape *shape)
{
    nonet_shape *s = (nonet_shape *)(uintptr_t)shape; /* the count is mutable */
    if (s) atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
    return s;
}

void nonet_shape_free(const nonet_shape *shape)
{
    nonet_shape *s = (nonet_shape *)(uintptr_t)shape; /* the count is mutable */
    if (s && atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) == 1) shape_release(s);
}

/* ------------------------------------------------------------------ */
/* Queries                                                              */
/* ------------------------------------------------------------------ */

int nonet_shape_size(const nonet_shape *s) { return s->n; }
int nonet_shape_cells(const nonet_shape *s) { return s->ncells; }
int nonet_shape_box_rows(const nonet_shape *s) { return s->box_rows; }
int nonet_shape_box_cols(const nonet_shape *s) { return s->box_cols; }
unsigned nonet_shape_variants(const nonet_shape *s) { return s->variants; }
int nonet_shape_is_classic9(const nonet_shape *s) { return s->classic9; }

int nonet_shape_region(const nonet_shape *s, int cell)
{
    return cell >= 0 && cell < s->ncells ? s->region[cell] : -1;
}

const char *nonet__house_name(const nonet_shape *s, int h, char *buf, size_t cap)
{
    static const char *const names[] = {"row",       "column",         "box",  "region", "diagonal",
                                        "extra box", "disjoint group", "group"};
    snprintf(buf, cap, "%s %d", names[s->house_kind[h]], s->house_no[h] + 1);
    return buf;
}

/* ------------------------------------------------------------------ */
/* The invariants, checked (NONET_ASSERT)                               */
/* ------------------------------------------------------------------ */

/* 1 when the CSR list at[c]..at[c+1] of every cell lies within the grid,
 * without the cell itself and, when `sorted`, in increasing order (the
 * peers are kept sorted; the variant links come in the order they are
 * found). */
static int csr_ok(const nonet_shape *s, const int *at, const int *list, int sorted)
{
    if (at[0] != 0) return 0;
    for (int c = 0; c < s->ncells; c++) {
        if (at[c + 1] < at[c]) return 0;
        for (int i = at[c]; i < at[c + 1]; i++)
            if (list[i] < 0 || list[i] >= s->ncells || list[i] == c ||
                (sorted && i > at[c] && list[i] <= list[i - 1]))
                return 0;
    }
    return 1;
}

/* 1 when `other` is among the peers of `cell` (a sorted list). */
static int is_peer(const nonet_shape *s, int cell, int other)
{
    int lo = s->peer_at[cell], hi = s->peer_at[cell + 1];
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (s->peer[mid] == other) return 1;
        if (s->peer[mid] < other) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

/* 1 when house h holds n distinct cells, is listed among their houses, and
 * its cells are each other's peers. */
static int house_ok(const nonet_shape *s, int h)
{
    uint64_t seen[NONET_MAX_CELLS / 64] = {0};
    const int *cells = s->house + (size_t)h * (size_t)s->n;
    for (int i = 0; i < s->n; i++) {
        int c = cells[i], listed = 0;
        if (c < 0 || c >= s->ncells || (seen[c / 64] >> (c % 64) & 1)) return 0;
        seen[c / 64] |= 1ull << (c % 64);
        for (int k = s->cell_house_at[c]; k < s->cell_house_at[c + 1]; k++)
            listed |= s->cell_house[k] == h;
        if (!listed) return 0;
    }
    for (int i = 0; i < s->n; i++)
        for (int j = 0; j < s->n; j++)
            if (i != j && !is_peer(s, cells[i], cells[j])) return 0;
    return 1;
}

int nonet__shape_ok(const nonet_shape *s)
{
    if (!s || atomic_load(&s->refs) < 1 || s->n < NONET_MIN_SIZE || s->n > NONET_MAX_SIZE ||
        s->ncells != s->n * s->n || s->full != (s->n == 64 ? ~0ull : (1ull << s->n) - 1) ||
        s->nhouses < 2 * s->n)
        return 0;
    for (int c = 0; c < s->ncells; c++)
        if (s->region[c] < 0 || s->region[c] >= s->n) return 0;
    if (!csr_ok(s, s->peer_at, s->peer, 1) || !csr_ok(s, s->xpeer_at, s->xpeer, 0) ||
        !csr_ok(s, s->adj_at, s->adj, 0))
        return 0;
    for (int h = 0; h < s->nhouses; h++)
        if (!house_ok(s, h)) return 0;
    for (int c = 0; c < s->ncells; c++) /* the links that share no house are peers */
        for (int i = s->xpeer_at[c]; i < s->xpeer_at[c + 1]; i++)
            if (!is_peer(s, c, s->xpeer[i])) return 0;
    return 1;
}

int nonet_shape_house_count(const nonet_shape *s) { return s->nhouses; }

int nonet_shape_house_kind(const nonet_shape *s, int h)
{
    return h >= 0 && h < s->nhouses ? s->house_kind[h] : -1;
}

int nonet_shape_house_number(const nonet_shape *s, int h)
{
    return h >= 0 && h < s->nhouses ? s->house_no[h] : -1;
}

const int *nonet_shape_house_cells(const nonet_shape *s, int h)
{
    return h >= 0 && h < s->nhouses ? s->house + (size_t)h * (size_t)s->n : NULL;
}
