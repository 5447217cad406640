/*
 * boxed.c - the generic canonical-form search for boxed shapes of any size
 * (see canon.h for the vocabulary).
 *
 * The target grid is built one row at a time. At each level every candidate
 * (a partial transformation) tries every source row it may place next (any
 * row of an unused band at a band's start, else a row of the current band);
 * for each it builds the smallest row the columns allow, and only the
 * candidates that reach the smallest row of the level go on.
 *
 * Invariants of a candidate after level t (rows 0..t placed):
 * - Target stacks 0..nfree-1 are "free": the source stacks of the pool
 *   `free_stacks` will fill them in some order, and every column of those
 *   stacks is blank in every placed row (so any order gives the same rows).
 * - In the other target stacks, target positions are cut into groups of
 *   consecutive positions (glen[start] = length; 1 = a single column): the
 *   columns of a group (col[start..start+len-1], an unordered set) have
 *   been the same in every placed row, so any order of them gives the same
 *   rows. In MINLEX and DIGITS only blank columns share a group (a row holds
 *   each digit once), and only at the start of a stack.
 * - lab[d] is the target label of source digit d (0 = not seen yet); labels
 *   are given in the order digits first appear in the target, from 1.
 * The smallest row is found greedily, position by position: inside a group
 * blanks go first, then digits already labelled in increasing label, then
 * new digits (in PATTERN, givens after blanks). New digits that share a
 * group get the same labels whatever their order, but the order decides
 * which digit gets which label: each order becomes its own candidate (a
 * "tie"), and so does each order of free stacks whose rows compare equal.
 * Groups split as rows tell their columns apart, so the final candidates
 * are exactly the transformations that reach the smallest grid (up to
 * blank columns and stacks, which move no given).
 */
#include "canon/canon.h"

#include <stdlib.h>
#include <string.h>

#define NEWV 255 /* sort key of a digit not labelled yet (above every label) */

/* Bound on the rows one search tries: symmetric inputs of large shapes
 * (full grids of 16x16, sparse givens laid out like a permutation on shapes
 * with few bands) can keep millions of partial transformations tied; past
 * this the search gives up (NONET_ERR_LIMIT) in a fraction of a second rather than
 * run for minutes. Puzzles of every bench set stay far below it. */
#define CANON_MAX_TRIES 1000000ul

/* A candidate: fixed header, then row[n] col[n] glen[n] stk[ns] lab[n+1]. */
typedef struct cand {
    uint64_t rows_used;   /* source rows placed (orientation o) */
    uint64_t free_stacks; /* source stacks of the free pool */
    unsigned char o;      /* 1: the source is read transposed */
    unsigned char next;   /* next label to give */
    unsigned char nfree;  /* target stacks 0..nfree-1 are free */
    unsigned char pad[5];
    unsigned char data[];
} cand;

/* Orders of equal items a level may take: `count` items of `unit`
 * positions each, from position `pos`. */
typedef struct tie {
    int pos, count, unit;
} tie;

/* One search: the shape's numbers, the mode, the lists and the best rows. */
typedef struct srch {
    nonet_canon *w;
    int n, R, C, ns, mode, t;
    size_t stride;
    const unsigned char *g[2]; /* source grid, and transposed */
    uint64_t blank_rows[2];    /* source rows without a given, each orientation */
    unsigned char *cur, *nxt;  /* candidate lists */
    size_t ncur, nnxt;
    int which; /* w->cand[which] holds nxt */
    unsigned char best[NONET_MAX_SIZE];
    int have_best;
    unsigned long budget; /* rows still allowed to be tried */
    nonet_status st;
    /* the row being tried */
    const cand *x;
    const unsigned char *src;
    int q;
    unsigned char pos_col[NONET_MAX_SIZE]; /* source column of each target position */
    unsigned char new_glen[NONET_MAX_SIZE];
    int nzero; /* free target stacks that stay free */
    tie ties[NONET_MAX_SIZE];
    int nties;
} srch;

#define ROW(s, c) ((c)->data)
#define COL(s, c) ((c)->data + (s)->n)
#define GLEN(s, c) ((c)->data + 2 * (s)->n)
#define STK(s, c) ((c)->data + 3 * (s)->n)
#define LAB(s, c) ((c)->data + 3 * (s)->n + (s)->ns)

/* Bytes of one candidate of side n with ns stacks, rounded up to 8. */
static size_t cand_stride(int n, int ns)
{
    size_t sz = sizeof(cand) + 4 * (size_t)n + (size_t)ns + 1;
    return (sz + 7) & ~(size_t)7;
}

/* ------------------------------------------------------------------ */
/* Scoring one row                                                      */
/* ------------------------------------------------------------------ */

/* Sort key of source column x in the row being tried: 0 blank, 1 given
 * (PATTERN), else the digit's label or NEWV. */
static unsigned key_of(const srch *s, int x)
{
    int d = s->src[x];
    if (!d) return 0;
    if (s->mode == CANON_PATTERN) return 1;
    unsigned l = LAB(s, s->x)[d];
    return l ? l : NEWV;
}

/* Sorts cols[0..k-1] by key (insertion sort: k is a box side) and writes
 * the keys to keys[]. */
static void sort_cols(const srch *s, unsigned char *cols, unsigned char *keys, int k)
{
    for (int i = 0; i < k; i++) keys[i] = (unsigned char)key_of(s, cols[i]);
    for (int i = 1; i < k; i++) {
        unsigned char c = cols[i], v = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > v; j--) {
            cols[j] = cols[j - 1];
            keys[j] = keys[j - 1];
        }
        cols[j] = c;
        keys[j] = v;
    }
}

/* Records the groups of k sorted columns placed from target position p:
 * the blanks form one group; in PATTERN the givens form another; else each
 * labelled digit stands alone and the new digits tie. */
static void lay_group(srch *s, int p, const unsigned char *keys, int k)
{
    int z = 0;
    while (z < k && keys[z] == 0) z++;
    for (int i = 0; i < k; i++) s->new_glen[p + i] = 1;
    if (z > 0) s->new_glen[p] = (unsigned char)z;
    if (z == k) return;
    if (s->mode == CANON_PATTERN) {
        s->new_glen[p + z] = (unsigned char)(k - z);
        return;
    }
    int f = z;
    while (f < k && keys[f] != NEWV) f++;
    if (k - f >= 2) s->ties[s->nties++] = (tie){p + f, k - f, 1};
}

/* Records a tie of whole stacks ahead of the ties of columns: expand
 * orders the stacks first and then the columns at their new places (the
 * other way round, a stack moved after its columns were ordered would
 * keep that order and the stack moved in would never be ordered). */
static void add_stack_tie(srch *s, tie k)
{
    memmove(s->ties + 1, s->ties, (size_t)s->nties * sizeof *s->ties);
    s->ties[0] = k;
    s->nties++;
}

/* Places the free pool: the free source stacks sorted by their sorted
 * keys, the smallest first; all-blank ones stay free, equal others tie. */
static void lay_free_stacks(srch *s)
{
    int C = s->C, nf = s->x->nfree, order[NONET_MAX_SIZE];
    unsigned char cols[NONET_MAX_SIZE][NONET_MAX_SIZE], keys[NONET_MAX_SIZE][NONET_MAX_SIZE];
    int m = 0;
    for (int u = 0; u < s->ns; u++) {
        if (!(s->x->free_stacks >> u & 1)) continue;
        for (int i = 0; i < C; i++) cols[m][i] = (unsigned char)(u * C + i);
        sort_cols(s, cols[m], keys[m], C);
        order[m] = m;
        m++;
    }
    for (int i = 1; i < m; i++) { /* insertion sort of the stacks by key */
        int v = order[i], j = i;
        for (; j > 0 && memcmp(keys[order[j - 1]], keys[v], (size_t)C) > 0; j--)
            order[j] = order[j - 1];
        order[j] = v;
    }
    s->nzero = 0;
    for (int j = 0; j < nf; j++) {
        const unsigned char *k = keys[order[j]];
        if (k[C - 1] == 0) { /* sorted: the last key is 0 only when all are */
            s->nzero++;
            continue;
        }
        memcpy(s->pos_col + j * C, cols[order[j]], (size_t)C);
        lay_group(s, j * C, k, C);
        int e = j + 1;
        while (e < nf && memcmp(keys[order[e]], k, (size_t)C) == 0) e++;
        if (e - j >= 2 && (j == 0 || memcmp(keys[order[j - 1]], k, (size_t)C) != 0))
            add_stack_tie(s, (tie){j * C, e - j, C});
    }
}

/* Places the fixed target stacks: each group sorted by key. */
static void lay_fixed_stacks(srch *s)
{
    const unsigned char *col = COL(s, s->x), *glen = GLEN(s, s->x);
    unsigned char keys[NONET_MAX_SIZE];
    for (int p = s->x->nfree * s->C; p < s->n;) {
        int k = glen[p];
        memcpy(s->pos_col + p, col + p, (size_t)k);
        if (k == 1) {
            s->new_glen[p] = 1;
        } else {
            sort_cols(s, s->pos_col + p, keys, k);
            lay_group(s, p, keys, k);
        }
        p += k;
    }
}

/* The values of the row laid out in pos_col (the same for every order the
 * ties allow): blanks 0, labels, new digits numbered on from `next`. */
static void row_values(const srch *s, unsigned char *v)
{
    int start = s->nzero * s->C;
    memset(v, 0, (size_t)start);
    unsigned next = s->x->next;
    const unsigned char *lab = LAB(s, s->x);
    for (int p = start; p < s->n; p++) {
        int d = s->src[s->pos_col[p]];
        if (!d) v[p] = 0;
        else if (s->mode == CANON_PATTERN) v[p] = 1;
        else v[p] = (unsigned char)(lab[d] ? lab[d] : next++);
    }
}

/* ------------------------------------------------------------------ */
/* Children                                                             */
/* ------------------------------------------------------------------ */

/* Appends the candidate the current order of pos_col makes. */
static void emit(srch *s)
{
    size_t need = (s->nnxt + 1) * s->stride;
    nonet_canon *w = s->w;
    if (need > w->max_bytes) {
        s->st = NONET_ERR_LIMIT;
        return;
    }
    if (nonet__canon_grow(&w->cand[s->which], &w->cand_cap[s->which], need)) {
        s->st = NONET_ERR_NOMEM;
        return;
    }
    s->nxt = w->cand[s->which];
    cand *c = (cand *)(s->nxt + s->nnxt * s->stride);
    s->nnxt++;
    memcpy(c, s->x, s->stride);
    int n = s->n, C = s->C, start = s->nzero * C;
    ROW(s, c)[s->t] = (unsigned char)s->q;
    c->rows_used |= 1ull << s->q;
    for (int j = s->nzero; j < s->x->nfree; j++)
        c->free_stacks &= ~(1ull << (s->pos_col[j * C] / C));
    for (int j = s->nzero; j < s->ns; j++) STK(s, c)[j] = (unsigned char)(s->pos_col[j * C] / C);
    c->nfree = (unsigned char)s->nzero;
    memcpy(COL(s, c) + start, s->pos_col + start, (size_t)(n - start));
    memcpy(GLEN(s, c) + start, s->new_glen + start, (size_t)(n - start));
    if (s->mode == CANON_PATTERN) return;
    unsigned char *lab = LAB(s, c);
    for (int p = start; p < n; p++) {
        int d = s->src[s->pos_col[p]];
        if (d && !lab[d]) lab[d] = c->next++;
    }
}

/* Swaps items a and b of tie k in pos_col. */
static void swap_items(srch *s, const tie *k, int a, int b)
{
    unsigned char tmp[NONET_MAX_SIZE];
    unsigned char *pa = s->pos_col + k->pos + a * k->unit, *pb = s->pos_col + k->pos + b * k->unit;
    memcpy(tmp, pa, (size_t)k->unit);
    memcpy(pa, pb, (size_t)k->unit);
    memcpy(pb, tmp, (size_t)k->unit);
}

/* Emits one candidate for every combination of orders of ties k.. (item i
 * of tie k onwards still to choose). */
static void expand(srch *s, int k, int i)
{
    if (s->st) return;
    if (k == s->nties) {
        emit(s);
        return;
    }
    const tie *tk = &s->ties[k];
    if (i >= tk->count - 1) {
        expand(s, k + 1, 0);
        return;
    }
    for (int j = i; j < tk->count && !s->st; j++) {
        swap_items(s, tk, i, j);
        expand(s, k, i + 1);
        swap_items(s, tk, i, j);
    }
}

/* Tries source row q as the next row of candidate x. */
static void try_row(srch *s, const cand *x, int q)
{
    unsigned char v[NONET_MAX_SIZE];
    if (!s->budget--) { /* bounded work: see CANON_MAX_TRIES */
        s->st = NONET_ERR_LIMIT;
        return;
    }
    s->x = x;
    s->q = q;
    s->src = s->g[x->o] + (size_t)q * (size_t)s->n;
    s->nties = 0;
    s->nzero = x->nfree;
    if (x->nfree) lay_free_stacks(s);
    lay_fixed_stacks(s);
    row_values(s, v);
    int cmp = s->have_best ? memcmp(v, s->best, (size_t)s->n) : -1;
    if (cmp > 0) return;
    if (cmp < 0) {
        memcpy(s->best, v, (size_t)s->n);
        s->have_best = 1;
        s->nnxt = 0;
    }
    expand(s, 0, 0);
}

/* ------------------------------------------------------------------ */
/* Levels                                                               */
/* ------------------------------------------------------------------ */

/* Tries every row candidate x may place at level t: inside a band the
 * band's other rows, at a band's start any row of an unused band. Blank
 * source rows are interchangeable: swapping two of one band, or two blank
 * bands, maps the grid onto itself, so only the first blank row of a band,
 * and only the first wholly blank band, are tried (the others would give
 * the same rows, and move no given). */
static void grow_candidate(srch *s, const cand *x)
{
    int t = s->t, R = s->R;
    if (s->mode == CANON_DIGITS) {
        try_row(s, x, ROW(s, x)[t]);
        return;
    }
    uint64_t band = R == 64 ? ~0ull : (1ull << R) - 1, blank = s->blank_rows[x->o];
    int b0 = t % R ? ROW(s, x)[t - t % R] / R * R : 0, b1 = t % R ? b0 + R : s->n;
    int blank_band_tried = 0;
    for (int b = b0; b < b1 && !s->st; b += R) {
        uint64_t rows = b < 64 ? (band << b) & ~x->rows_used : 0; /* b < n <= 64 */
        if (t % R == 0 && (x->rows_used >> b & band)) continue;   /* a used band */
        if (t % R == 0 && (blank >> b & band) == band) {          /* a wholly blank band */
            if (blank_band_tried++) continue;
        }
        int blank_tried = 0;
        for (int q = b; q < b + R && !s->st; q++) {
            if (!(rows >> q & 1)) continue;
            if (blank >> q & 1 && blank_tried++) continue;
            try_row(s, x, q);
        }
    }
}

/* Runs levels 0..n-1 from the candidates in cur; writes the best rows to
 * out (n*n). */
static void run_levels(srch *s, unsigned char *out)
{
    for (s->t = 0; s->t < s->n && !s->st; s->t++) {
        s->have_best = 0;
        s->nnxt = 0;
        for (size_t i = 0; i < s->ncur && !s->st; i++)
            grow_candidate(s, (const cand *)(s->cur + i * s->stride));
        memcpy(out + (size_t)s->t * (size_t)s->n, s->best, (size_t)s->n);
        s->cur = s->nxt;
        s->ncur = s->nnxt;
        s->which ^= 1;
        s->nxt = s->w->cand[s->which];
    }
}

/* Starts cur with one empty candidate per orientation. */
static nonet_status start(srch *s, int orientations)
{
    nonet_canon *w = s->w;
    if (nonet__canon_grow(&w->cand[0], &w->cand_cap[0], 2 * s->stride)) return NONET_ERR_NOMEM;
    s->cur = w->cand[0];
    s->which = 1;
    s->nxt = w->cand[1];
    memset(s->cur, 0, 2 * s->stride);
    for (int o = 0; o < orientations; o++) {
        cand *c = (cand *)(s->cur + (size_t)o * s->stride);
        c->o = (unsigned char)o;
        c->next = 1;
        c->nfree = (unsigned char)s->ns;
        c->free_stacks = s->ns == 64 ? ~0ull : (1ull << s->ns) - 1;
    }
    s->ncur = (size_t)orientations;
    return NONET_OK;
}

/* Clears the labels of every candidate in cur for the DIGITS pass. */
static void reset_labels(srch *s)
{
    for (size_t i = 0; i < s->ncur; i++) {
        cand *c = (cand *)(s->cur + i * s->stride);
        memset(LAB(s, c), 0, (size_t)s->n + 1);
        c->next = 1;
    }
}

/* ------------------------------------------------------------------ */
/* Results                                                              */
/* ------------------------------------------------------------------ */

/* Writes the transformation of final candidate c: blank groups and free
 * stacks in increasing order, unseen digits on the unused labels. */
static void to_transform(const srch *s, const cand *c, nonet_transform *tr)
{
    int n = s->n, C = s->C;
    memset(tr, 0, sizeof *tr);
    tr->size = n;
    tr->transpose = c->o;
    memcpy(tr->rows, ROW(s, c), (size_t)n);
    int j = 0;
    for (int u = 0; u < s->ns; u++)
        if (c->free_stacks >> u & 1) {
            for (int i = 0; i < C; i++) tr->cols[j * C + i] = (unsigned char)(u * C + i);
            j++;
        }
    memcpy(tr->cols + j * C, COL(s, c) + j * C, (size_t)(n - j * C));
    const unsigned char *lab = LAB(s, c);
    unsigned next = c->next;
    for (int d = 1; d <= n; d++) tr->digits[d] = (unsigned char)(lab[d] ? lab[d] : next++);
}

/* Fills w->sig with each final candidate's signature: for every given of
 * the form, in order, the source cell it comes from. Two candidates that
 * move every given alike have the same signature. */
static unsigned long long count_automorphisms(srch *s, const unsigned char *form)
{
    int n = s->n, ng = 0;
    for (int i = 0; i < n * n; i++) ng += form[i] != 0;
    if (s->ncur <= 1 || ng == 0) return 1;
    if (nonet__canon_sig_room(s->w, s->ncur, (size_t)ng)) {
        s->st = NONET_ERR_NOMEM;
        return 0;
    }
    for (size_t i = 0; i < s->ncur; i++) {
        const cand *c = (const cand *)(s->cur + i * s->stride);
        uint32_t *sig = s->w->sig + i * (size_t)ng;
        const unsigned char *row = ROW(s, c), *col = COL(s, c);
        for (int cell = 0, k = 0; cell < n * n; cell++) {
            if (!form[cell]) continue;
            int r = row[cell / n], q = col[cell % n];
            sig[k++] = (uint32_t)(c->o ? q * n + r : r * n + q);
        }
    }
    return nonet__canon_count_distinct(s->w, s->ncur, (size_t)ng);
}

/* Copies the source grid and its transpose into the workspace. */
static nonet_status load_grid(nonet_canon *w, const unsigned char *cells, int n)
{
    size_t nc = (size_t)n * (size_t)n;
    if (nc > w->grid_cap) {
        size_t cap = w->grid_cap;
        if (nonet__canon_grow(&w->grid[0], &cap, nc)) return NONET_ERR_NOMEM;
        unsigned char *t = realloc(w->grid[1], cap);
        if (!t) return NONET_ERR_NOMEM;
        w->grid[1] = t;
        w->grid_cap = cap;
    }
    memcpy(w->grid[0], cells, nc);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) w->grid[1][c * n + r] = cells[r * n + c];
    return NONET_OK;
}

nonet_status nonet__canon_boxed(nonet_canon *w, const canon_group *g, const unsigned char *cells,
                                int mode, canon_out *out, nonet_error *err)
{
    srch s;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.n = g->n;
    s.R = g->box_rows;
    s.C = g->box_cols;
    s.ns = s.n / s.C;
    size_t nc = (size_t)s.n * (size_t)s.n, given = 0;
    for (size_t i = 0; i < nc; i++) given += cells[i] != 0;
    if (mode == CANON_PATTERN && given == nc) mode = CANON_MINLEX; /* one layout: see fast9.c */
    s.mode = mode;
    s.budget = CANON_MAX_TRIES;
    s.stride = cand_stride(s.n, s.ns);
    nonet_status st = load_grid(w, cells, s.n);
    if (!st) st = start(&s, g->transpose ? 2 : 1);
    if (st) return nonet__canon_nomem(err);
    s.g[0] = w->grid[0];
    s.g[1] = w->grid[1];
    for (int o = 0; o < 2; o++)
        for (int q = 0; q < s.n; q++) {
            int i = 0;
            while (i < s.n && !s.g[o][q * s.n + i]) i++;
            if (i == s.n) s.blank_rows[o] |= 1ull << q;
        }
    run_levels(&s, out->cells);
    if (!s.st && mode == CANON_PATTERN) {
        reset_labels(&s);
        s.mode = CANON_DIGITS;
        run_levels(&s, out->cells);
    }
    if (!s.st) {
        out->automorphisms = count_automorphisms(&s, out->cells);
        if (!out->automorphisms) s.st = NONET_ERR_NOMEM;
    }
    if (s.st == NONET_ERR_LIMIT) return nonet__canon_too_many(err, w);
    if (s.st) return nonet__canon_nomem(err);
    if (out->transform) to_transform(&s, (const cand *)s.cur, out->transform);
    return NONET_OK;
}
