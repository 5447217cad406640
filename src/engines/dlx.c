/*
 * solve_dlx.c - Knuth's Algorithm X with dancing links over the exact-cover
 * matrix of the puzzle.
 *
 * Rows are the (cell, digit) choices still allowed (a given cell has only
 * its given). Primary columns, each to be covered exactly once: one per
 * cell, and one per (house, digit). Secondary columns, covered at most once,
 * express the "must differ" links that are not houses: one per (linked
 * pair, digit) for anti-knight and anti-king, and for non-consecutive one
 * per (neighbour pair, d) forbidding d beside d+1 (each way round). The
 * search always covers the primary column with the fewest rows.
 *
 * Node storage is six int32 arrays (left, right, up, down, column, row) in
 * the workspace; node j for 0 < j <= ncols is column j's header, node 0 the
 * root. Invariant: the header list through the root holds exactly the
 * uncovered primary columns; size[c] is the number of rows left in column c.
 */
#include "core/bits.h"
#include "engines/engine.h"
#include "core/shape.h"

#include <string.h>

typedef struct dlx {
    int32_t *L, *R, *U, *D, *C, *row;
    int32_t *size;   /* per column */
    int32_t *choice; /* per level: chosen node */
    unsigned char *grid;
    int *cols; /* scratch: the columns of one row */
    int ncols, nprimary, nnodes;
    int xpeer_base, adj_base; /* first secondary column of each kind */
} dlx;

/* Column of (pair slot, digit) links: slot is the position of the larger
 * cell in the smaller cell's list. */
static int slot_of(const int *at, const int *list, int a, int b)
{
    for (int i = at[a]; i < at[a + 1]; i++)
        if (list[i] == b) return i;
    return -1;
}

/* Lists the columns of row (c, d) into out; returns how many. */
static int row_columns(const dlx *x, const nonet_shape *s, int c, int d, int *out)
{
    int n = s->n, k = 0;
    out[k++] = 1 + c;
    for (int i = s->cell_house_at[c]; i < s->cell_house_at[c + 1]; i++)
        out[k++] = 1 + s->ncells + s->cell_house[i] * n + (d - 1);
    for (int i = s->xpeer_at[c]; i < s->xpeer_at[c + 1]; i++) {
        int o = s->xpeer[i], a = c < o ? c : o, b = c < o ? o : c;
        out[k++] = x->xpeer_base + slot_of(s->xpeer_at, s->xpeer, a, b) * n + (d - 1);
    }
    for (int i = s->adj_at[c]; i < s->adj_at[c + 1]; i++) {
        int o = s->adj[i], a = c < o ? c : o, b = c < o ? o : c;
        int base = x->adj_base + slot_of(s->adj_at, s->adj, a, b) * 2 * n;
        /* X(d') holds (a, d') and (b, d'+1); Y(d') holds (a, d'+1) and (b, d'). */
        int xd = c == a ? d : d - 1, yd = c == a ? d - 1 : d;
        if (xd >= 1 && xd < n) out[k++] = base + (xd - 1);
        if (yd >= 1 && yd < n) out[k++] = base + n + (yd - 1);
    }
    return k;
}

static uint64_t row_digits(const nonet__search *job, int c)
{
    if (job->givens[c]) return 1ull << (job->givens[c] - 1);
    return job->cands ? job->cands[c] & job->shape->full : job->shape->full;
}

/* Counts columns and nodes, and carves the arrays from the workspace. */
static int layout(dlx *x, const nonet__search *job, nonet__workspace *ws)
{
    const nonet_shape *s = job->shape;
    int n = s->n;
    x->nprimary = s->ncells + s->nhouses * n;
    x->xpeer_base = 1 + x->nprimary;
    x->adj_base = x->xpeer_base + s->xpeer_at[s->ncells] * n;
    x->ncols = x->adj_base - 1 + s->adj_at[s->ncells] * 2 * n;
    long nodes = 1 + x->ncols;
    int widest = 0;
    for (int c = 0; c < s->ncells; c++) {
        int per_row = 1 + (s->cell_house_at[c + 1] - s->cell_house_at[c]) +
                      (s->xpeer_at[c + 1] - s->xpeer_at[c]) + 2 * (s->adj_at[c + 1] - s->adj_at[c]);
        if (per_row > widest) widest = per_row;
        uint64_t m = row_digits(job, c);
        int rows = 0;
        for (; m; m &= m - 1) rows++;
        nodes += (long)rows * per_row;
    }
    x->nnodes = (int)nodes;
    size_t bytes = (size_t)nodes * 6 * sizeof(int32_t) + (size_t)(x->ncols + 1) * sizeof(int32_t) +
                   (size_t)s->ncells * sizeof(int32_t) + (size_t)widest * sizeof(int) +
                   (size_t)s->ncells;
    int32_t *m = nonet__workspace_get(ws, bytes);
    if (!m) return 0;
    x->L = m;
    x->R = x->L + nodes;
    x->U = x->R + nodes;
    x->D = x->U + nodes;
    x->C = x->D + nodes;
    x->row = x->C + nodes;
    x->size = x->row + nodes;
    x->choice = x->size + x->ncols + 1;
    x->cols = (int *)(x->choice + s->ncells);
    x->grid = (unsigned char *)(x->cols + widest);
    return 1;
}

/* Links the headers: primary columns into the root's list, secondary ones
 * each to itself. */
static void link_headers(dlx *x)
{
    x->L[0] = x->nprimary;
    x->R[0] = x->nprimary ? 1 : 0;
    for (int j = 1; j <= x->ncols; j++) {
        x->U[j] = x->D[j] = x->C[j] = j;
        x->size[j] = 0;
        if (j <= x->nprimary) {
            x->L[j] = j - 1;
            x->R[j] = j == x->nprimary ? 0 : j + 1;
        } else {
            x->L[j] = x->R[j] = j;
        }
    }
}

/* Builds every row of the matrix. */
static void build(dlx *x, const nonet__search *job)
{
    const nonet_shape *s = job->shape;
    int *cols = x->cols;
    int next = x->ncols + 1;
    link_headers(x);
    for (int c = 0; c < s->ncells; c++)
        for (uint64_t m = row_digits(job, c); m; m &= m - 1) {
            int d = nonet__ctz(m) + 1, k = row_columns(x, s, c, d, cols), first = next;
            for (int i = 0; i < k; i++, next++) {
                int col = cols[i];
                x->C[next] = col;
                x->row[next] = c * s->n + (d - 1);
                x->U[next] = x->U[col];
                x->D[next] = col;
                x->D[x->U[col]] = next;
                x->U[col] = next;
                x->size[col]++;
                x->L[next] = i ? next - 1 : first + k - 1;
                x->R[next] = i < k - 1 ? next + 1 : first;
            }
        }
}

static void cover(dlx *x, int c)
{
    x->R[x->L[c]] = x->R[c];
    x->L[x->R[c]] = x->L[c];
    for (int i = x->D[c]; i != c; i = x->D[i])
        for (int j = x->R[i]; j != i; j = x->R[j]) {
            x->D[x->U[j]] = x->D[j];
            x->U[x->D[j]] = x->U[j];
            x->size[x->C[j]]--;
        }
}

static void uncover(dlx *x, int c)
{
    for (int i = x->U[c]; i != c; i = x->U[i])
        for (int j = x->L[i]; j != i; j = x->L[j]) {
            x->size[x->C[j]]++;
            x->D[x->U[j]] = j;
            x->U[x->D[j]] = j;
        }
    x->R[x->L[c]] = c;
    x->L[x->R[c]] = c;
}

/* The uncovered primary column with the fewest rows (0 when none is left). */
static int pick_column(const dlx *x)
{
    int best = 0, best_size = 0x7fffffff;
    for (int c = x->R[0]; c != 0; c = x->R[c])
        if (x->size[c] < best_size) {
            best = c;
            best_size = x->size[c];
            if (best_size <= 1) break;
        }
    return best;
}

/* Writes the chosen rows of levels 0..k-1 as a grid and reports it. */
static int report(dlx *x, nonet__search *job, int k)
{
    int n = job->shape->n;
    for (int i = 0; i < k; i++) {
        int r = x->row[x->choice[i]];
        x->grid[r / n] = (unsigned char)(r % n + 1);
    }
    return nonet__found(job, x->grid);
}

nonet_status nonet__solve_dlx(nonet__search *job, nonet__workspace *ws)
{
    dlx x;
    if (!layout(&x, job, ws)) return NONET_ERR_NOMEM;
    build(&x, job);
    nonet__tick(job);
    int k = 0, r = 0;
    for (;;) {
        /* Descend: choose a column, or report a solution, or fail. */
        int c = pick_column(&x);
        if (!c) {
            if (report(&x, job, k)) return NONET_OK;
            goto backtrack;
        }
        if (!x.size[c]) goto backtrack;
        cover(&x, c);
        r = x.D[c];
    try_row:
        if (r <= x.ncols) { /* back at the header: column exhausted */
            uncover(&x, r);
            goto backtrack;
        }
        if (x.size[x.C[r]] > 1) job->guesses++; /* size is frozen while covered */
        if (nonet__tick(job)) return NONET_OK;
        x.choice[k++] = r;
        for (int j = x.R[r]; j != r; j = x.R[j]) cover(&x, x.C[j]);
        continue;
    backtrack:
        if (k == 0) return NONET_OK;
        r = x.choice[--k];
        for (int j = x.L[r]; j != r; j = x.L[j]) uncover(&x, x.C[j]);
        r = x.D[r];
        goto try_row;
    }
}
