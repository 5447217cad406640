/*
 * constrained.c - puzzles with constraints beyond the houses: killers
 * (cages covering the grid, no givens) and mixed puzzles (givens plus a few
 * thermometers, arrows, cages, kropki dots, X and V), made around a random
 * solution grid (docs/CONSTRAINTS.md, "Generating").
 *
 * Killer: the grid is cut into random connected cages of distinct digits
 * (sizes 2 to `killer_max`); while the cages allow a second solution, the
 * cage of a cell where that solution differs is split in two connected
 * pieces (a cage of one cell is a given in disguise, so this ends); then,
 * when minimal, neighbouring cages are merged in random order while one
 * solution is kept. Any other kinds asked for are drawn first, so they
 * take part from the start.
 *
 * Mixed: every cell given, the constraints drawn to fit the grid (each
 * kind a few times), then the givens removed orbit by orbit of the
 * symmetry, in random order, each removal kept while one solution is left.
 *
 * Uniqueness is proved by the solver (nonet_solver_run, the engine `auto`
 * picks for constraints), counting to two; its nodes add to the puzzle's
 * and the progress callback reaches into it, so --timeout stops a puzzle
 * (never changes it). Every random choice comes from the puzzle's rng.
 */
#include "generate/generate.h"

#include "core/error.h"
#include "core/puzzle.h"
#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

/* The kinds mixed puzzles can draw. */
#define DRAWABLE                                                                                   \
    (1u << NONET_CONS_CAGE | 1u << NONET_CONS_THERMO | 1u << NONET_CONS_ARROW |                    \
     1u << NONET_CONS_WHITE_DOT | 1u << NONET_CONS_BLACK_DOT | 1u << NONET_CONS_X |                \
     1u << NONET_CONS_V)

/* Search nodes one uniqueness check may take: a merge whose check needs
 * more is refused (a puzzle that hard to prove is not one a person
 * solves), a split picks its cage at random. Counted in nodes, so the
 * puzzles stay the same on every machine. */
#define COUNT_NODES 8000ull

/* Draws of one constraint before a kind is given up. */
enum { DRAW_TRIES = 64 };

/* One puzzle being made. */
typedef struct cjob {
    nonet_generator *g;
    const nonet_shape *s;
    int n, ncells;
    const unsigned char *grid; /* the solution */
    nonet_puzzle *work;        /* givens and constraints under test */
    int *cage_of;              /* ncells: killer cage of each cell */
    int *tmp;                  /* 4 * ncells ints of scratch */
    unsigned char *used;       /* ncells: on a drawn line or cage */
    int *pairs;                /* marked pairs (2 cells each) */
    int npairs;
    unsigned char *other; /* ncells: the second solution found */
} cjob;

nonet_status gen_constrained_check(const nonet_generate_options *o, nonet_error *err)
{
    if (o->constraints & ~DRAWABLE)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "generate draws only cage, thermo, arrow, white-dot, black-dot, x "
                           "and v constraints");
    if (o->killer && (o->killer_max < 0 || o->killer_max == 1))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0, "killer cages need at least 2 cells");
    if ((o->killer || o->constraints) &&
        (gen_rater_target(o) || o->clues || o->hard_steps || o->rate))
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "constrained puzzles take no difficulty target, clue target or "
                           "hard search");
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Counting                                                             */
/* ------------------------------------------------------------------ */

typedef struct count_ctx {
    cjob *j;
    int seen_other;
} count_ctx;

/* Keeps a solution other than the grid. */
static int keep_other(void *ctx, const unsigned char *grid)
{
    count_ctx *c = ctx;
    if (!c->seen_other && memcmp(grid, c->j->grid, (size_t)c->j->ncells) != 0) {
        memcpy(c->j->other, grid, (size_t)c->j->ncells);
        c->seen_other = 1;
    }
    return 0;
}

static int forward(void *ctx, unsigned long long nodes)
{
    gen_search *se = ctx;
    if (se->progress && se->progress(se->progress_ctx, se->nodes + nodes)) se->gave_up = 1;
    return se->gave_up;
}

/* Solutions of j->work up to two: 1 unique, 2 several (j->other holds one
 * that is not the grid), -2 stopped by the progress callback, -3 out of
 * memory, -4 not known within COUNT_NODES search nodes. */
static int count2(cjob *j)
{
    gen_search *se = &j->g->search;
    /* asked before every check too: a check takes at most COUNT_NODES
     * nodes, and an engine may call progress seldom */
    if (forward(se, 0)) return -2;
    if (!j->g->solver && !(j->g->solver = nonet_solver_new())) return -3;
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 2;
    count_ctx c = {j, 0};
    opt.on_solution = keep_other;
    opt.solution_ctx = &c;
    opt.max_nodes = COUNT_NODES;
    opt.progress = forward;
    opt.progress_ctx = se;
    nonet_result res;
    memset(&res, 0, sizeof res);
    nonet_status st = nonet_solver_run(j->g->solver, j->work, &opt, NULL, &res, NULL);
    se->nodes += res.nodes;
    if (st == NONET_ERR_NOMEM) return -3;
    if (se->gave_up) return -2;
    if (st == NONET_ERR_LIMIT || res.gave_up) return res.solutions >= 2 && c.seen_other ? 2 : -4;
    if (st != NONET_OK) return -3;
    return res.solutions >= 2 && c.seen_other ? 2 : res.solutions == 1 ? 1 : -3;
}

/* ------------------------------------------------------------------ */
/* Drawing constraints that fit the grid                                */
/* ------------------------------------------------------------------ */

/* Neighbours of cell c: orthogonal (4) or with the diagonals (8); returns
 * how many were written to out. */
static int neighbours(const cjob *j, int c, int diag, int *out)
{
    int n = j->n, r = c / n, col = c % n, k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if ((!dr && !dc) || (!diag && dr && dc)) continue;
            int rr = r + dr, cc = col + dc;
            if (rr >= 0 && rr < n && cc >= 0 && cc < n) out[k++] = rr * n + cc;
        }
    return k;
}

/* A random neighbour of c that `ok` accepts, or -1. */
static int pick_neighbour(cjob *j, int c, int diag, int (*ok)(cjob *, int, void *), void *ctx)
{
    int nb[8], k = neighbours(j, c, diag, nb), good[8], m = 0;
    for (int i = 0; i < k; i++)
        if (ok(j, nb[i], ctx)) good[m++] = nb[i];
    return m ? good[nonet__rng_below(&j->g->rng, (uint32_t)m)] : -1;
}

static int add(cjob *j, int kind, const int *cells, int ncells, const int *values, int nvalues)
{
    if (nonet_puzzle_add_constraint(j->work, (nonet_constraint_kind)kind, cells, ncells, values,
                                    nvalues, NULL))
        return -1;
    for (int i = 0; i < ncells && kind != NONET_CONS_WHITE_DOT && kind != NONET_CONS_BLACK_DOT &&
                    kind != NONET_CONS_X && kind != NONET_CONS_V;
         i++)
        j->used[cells[i]] = 1;
    return 0;
}

/* A line being drawn: its cells. */
typedef struct line {
    int cell[NONET_MAX_SIZE];
    int len;
} line;

static int on_line(const line *l, int c)
{
    for (int i = 0; i < l->len; i++)
        if (l->cell[i] == c) return 1;
    return 0;
}

/* Thermometer: each next cell unused, on no line yet, with a higher digit. */
static int thermo_next(cjob *j, int c, void *ctx)
{
    const line *l = ctx;
    return !j->used[c] && !on_line(l, c) && j->grid[c] > j->grid[l->cell[l->len - 1]];
}

/* Grows l from a random cell, unused, towards `want` cells: each next cell is a
 * neighbour (diagonals included when `diag`) that `ok` accepts, of the last cell
 * or, when `branch`, of any cell so far (a cage rather than a line). Returns the
 * length reached, 0 when the random cell was used. */
static int grow_line(cjob *j, line *l, int want, int diag, int branch,
                     int (*ok)(cjob *, int, void *))
{
    l->cell[0] = (int)nonet__rng_below(&j->g->rng, (uint32_t)j->ncells);
    l->len = 1;
    if (j->used[l->cell[0]]) return 0;
    while (l->len < want) {
        int from =
            branch ? l->cell[nonet__rng_below(&j->g->rng, (uint32_t)l->len)] : l->cell[l->len - 1];
        int c = pick_neighbour(j, from, diag, ok, l);
        if (c < 0) break;
        l->cell[l->len++] = c;
    }
    return l->len;
}

static int draw_thermo(cjob *j)
{
    int want = 3 + (int)nonet__rng_below(&j->g->rng, 3);
    if (want > j->n - 1) want = j->n - 1 < 2 ? 2 : j->n - 1;
    for (int t = 0; t < DRAW_TRIES; t++) {
        line l;
        if (grow_line(j, &l, want, 1, 0, thermo_next) >= (want < 3 ? want : 3))
            return add(j, NONET_CONS_THERMO, l.cell, l.len, NULL, 0);
    }
    return 0;
}

/* Arrow: each next cell unused, on no line, keeping the sum within the circle's digit. */
typedef struct arrow_ctx {
    line *l;
    int left;
} arrow_ctx;

static int arrow_next(cjob *j, int c, void *ctx)
{
    const arrow_ctx *a = ctx;
    return !j->used[c] && !on_line(a->l, c) && j->grid[c] <= a->left;
}

static int draw_arrow(cjob *j)
{
    for (int t = 0; t < DRAW_TRIES; t++) {
        line l;
        l.cell[0] = (int)nonet__rng_below(&j->g->rng, (uint32_t)j->ncells);
        l.len = 1;
        if (j->used[l.cell[0]] || j->grid[l.cell[0]] < 3) continue;
        arrow_ctx a = {&l, j->grid[l.cell[0]]};
        while (a.left > 0 && l.len < NONET_MAX_SIZE) {
            int c = pick_neighbour(j, l.cell[l.len - 1], 1, arrow_next, &a);
            if (c < 0) break;
            l.cell[l.len++] = c;
            a.left -= j->grid[c];
        }
        if (!a.left && l.len >= 3) return add(j, NONET_CONS_ARROW, l.cell, l.len, NULL, 0);
    }
    return 0;
}

/* Cage (mixed): connected, unused cells of distinct digits. */
static int cage_next(cjob *j, int c, void *ctx)
{
    const line *l = ctx;
    if (j->used[c] || on_line(l, c)) return 0;
    for (int i = 0; i < l->len; i++)
        if (j->grid[l->cell[i]] == j->grid[c]) return 0;
    return 1;
}

static int draw_cage(cjob *j)
{
    int want = 2 + (int)nonet__rng_below(&j->g->rng, 3);
    for (int t = 0; t < DRAW_TRIES; t++) {
        line l;
        if (grow_line(j, &l, want, 0, 1, cage_next) < 2) continue;
        int sum = 0;
        for (int i = 0; i < l.len; i++) sum += j->grid[l.cell[i]];
        return add(j, NONET_CONS_CAGE, l.cell, l.len, &sum, 1);
    }
    return 0;
}

/* Whether the pair (a, b) holds digits that a mark of `kind` describes. */
static int pair_fits(int kind, int a, int b)
{
    switch (kind) {
    case NONET_CONS_WHITE_DOT: return a - b == 1 || b - a == 1;
    case NONET_CONS_BLACK_DOT: return a == 2 * b || b == 2 * a;
    case NONET_CONS_X: return a + b == 10;
    default: return a + b == 5; /* V */
    }
}

static int pair_marked(const cjob *j, int a, int b)
{
    for (int i = 0; i < j->npairs; i++)
        if ((j->pairs[2 * i] == a && j->pairs[2 * i + 1] == b) ||
            (j->pairs[2 * i] == b && j->pairs[2 * i + 1] == a))
            return 1;
    return 0;
}

/* A dot, X or V between two orthogonal neighbours whose digits fit it. */
static int draw_mark(cjob *j, int kind)
{
    for (int t = 0; t < 4 * DRAW_TRIES; t++) {
        int a = (int)nonet__rng_below(&j->g->rng, (uint32_t)j->ncells);
        int nb[8], k = neighbours(j, a, 0, nb);
        int b = nb[nonet__rng_below(&j->g->rng, (uint32_t)k)];
        if (!pair_fits(kind, j->grid[a], j->grid[b]) || pair_marked(j, a, b)) continue;
        if (j->npairs >= j->ncells) return 0;
        int cells[2] = {a < b ? a : b, a < b ? b : a};
        j->pairs[2 * j->npairs] = cells[0];
        j->pairs[2 * j->npairs + 1] = cells[1];
        j->npairs++;
        return add(j, kind, cells, 2, NULL, 0);
    }
    return 0;
}

/* How many of `kind` a puzzle of side n gets. */
static int how_many(int kind, int n)
{
    int lines = n / 3 < 1 ? 1 : n / 3;
    switch (kind) {
    case NONET_CONS_THERMO:
    case NONET_CONS_ARROW:
    case NONET_CONS_CAGE: return lines;
    default: return n / 2 < 1 ? 1 : n / 2;
    }
}

/* Draws the kinds of opt->constraints (cages only when `cages`). */
static int draw_all(cjob *j, unsigned kinds, int cages)
{
    for (int kind = 0; kind < NONET_CONS_COUNT; kind++) {
        if (!(kinds >> kind & 1) || (kind == NONET_CONS_CAGE && !cages)) continue;
        for (int i = 0; i < how_many(kind, j->n); i++) {
            int r = kind == NONET_CONS_THERMO  ? draw_thermo(j)
                    : kind == NONET_CONS_ARROW ? draw_arrow(j)
                    : kind == NONET_CONS_CAGE  ? draw_cage(j)
                                               : draw_mark(j, kind);
            if (r) return r;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Killer cages                                                         */
/* ------------------------------------------------------------------ */

/* Cells of cage k into out (ascending); returns how many. */
static int cage_cells(const cjob *j, int k, int *out)
{
    int m = 0;
    for (int c = 0; c < j->ncells; c++)
        if (j->cage_of[c] == k) out[m++] = c;
    return m;
}

/* 1 when cell c may join cage k (a free cell whose digit k lacks). */
static int joins(cjob *j, int c, void *ctx)
{
    int k = *(int *)ctx;
    if (j->cage_of[c] != -1) return 0;
    for (int i = 0; i < j->ncells; i++)
        if (j->cage_of[i] == k && j->grid[i] == j->grid[c]) return 0;
    return 1;
}

/* Cuts the grid into connected cages of distinct digits, 2 to `max` cells
 * (a cell with no free neighbour to take is a cage of one, or joins a
 * neighbouring cage when it can). Returns the number of cages. */
static int cut_cages(cjob *j, int max)
{
    int *order = j->tmp, *members = j->tmp + j->ncells, k = 0;
    for (int c = 0; c < j->ncells; c++) {
        order[c] = c;
        j->cage_of[c] = -1;
    }
    nonet__rng_shuffle(&j->g->rng, order, j->ncells);
    for (int i = 0; i < j->ncells; i++) {
        int c = order[i];
        if (j->cage_of[c] != -1) continue;
        int want = 2 + (int)nonet__rng_below(&j->g->rng, (uint32_t)(max - 1)), len = 1;
        j->cage_of[c] = k;
        members[0] = c;
        for (int tries = 0; len < want && tries < 4 * want; tries++) {
            int from = members[nonet__rng_below(&j->g->rng, (uint32_t)len)];
            int d = pick_neighbour(j, from, 0, joins, &k);
            if (d < 0) continue;
            j->cage_of[d] = k;
            members[len++] = d;
        }
        k++;
    }
    return k;
}

/* Splits cage k, which holds cell c, into connected pieces: the half
 * nearest c (breadth first from it), then each connected piece of the rest.
 * New cages are numbered from *ncages on. */
static void split_cage(cjob *j, int k, int c, int *ncages)
{
    int *cells = j->tmp, *queue = j->tmp + j->ncells;
    int m = cage_cells(j, k, cells), half = (m + 1) / 2, head = 0, tail = 0;
    int first = (*ncages)++;
    j->cage_of[c] = first;
    queue[tail++] = c;
    int taken = 1;
    while (head < tail && taken < half) {
        int nb[8], q = neighbours(j, queue[head++], 0, nb);
        for (int i = 0; i < q && taken < half; i++)
            if (j->cage_of[nb[i]] == k) {
                j->cage_of[nb[i]] = first;
                queue[tail++] = nb[i];
                taken++;
            }
    }
    for (int i = 0; i < m; i++) { /* the rest: each connected piece a cage */
        if (j->cage_of[cells[i]] != k) continue;
        int piece = (*ncages)++;
        head = tail = 0;
        j->cage_of[cells[i]] = piece;
        queue[tail++] = cells[i];
        while (head < tail) {
            int nb[8], q = neighbours(j, queue[head++], 0, nb);
            for (int e = 0; e < q; e++)
                if (j->cage_of[nb[e]] == k) {
                    j->cage_of[nb[e]] = piece;
                    queue[tail++] = nb[e];
                }
        }
    }
}

/* Puts the cages of cage_of (numbered below ncages) on j->work after the
 * `keep` constraints drawn before them. */
static int push_cages(cjob *j, int keep, int ncages)
{
    while (j->work->ncons > keep) {
        nonet__constraint *k = &j->work->cons[--j->work->ncons];
        free(k->cells);
        k->cells = k->values = NULL;
    }
    int *cells = j->tmp;
    for (int k = 0; k < ncages; k++) {
        int m = cage_cells(j, k, cells), sum = 0;
        if (!m) continue;
        for (int i = 0; i < m; i++) sum += j->grid[cells[i]];
        if (nonet__puzzle_push_constraint(j->work, NONET_CONS_CAGE, cells, m, &sum, 1)) return -3;
    }
    return 0;
}

static int number_cages(cjob *j, int ncages);

static int cage_size(const cjob *j, int k)
{
    int size = 0;
    for (int c = 0; c < j->ncells; c++) size += j->cage_of[c] == k;
    return size;
}

/* Splits cages until the puzzle has one solution. Returns 1, or -2/-3. */
static int split_until_unique(cjob *j, int keep, int *ncages)
{
    for (;;) {
        if (push_cages(j, keep, *ncages)) return -3;
        int r = count2(j);
        if (r != 2 && r != -4) return r;
        int *diff = j->tmp, nd = 0; /* cells to split at: where the other solution differs */
        for (int c = 0; c < j->ncells; c++)
            if (r == 2 ? j->other[c] != j->grid[c] : cage_size(j, j->cage_of[c]) > 1)
                diff[nd++] = c;
        if (!nd) return -3;
        int c = diff[nonet__rng_below(&j->g->rng, (uint32_t)nd)];
        int k = j->cage_of[c];
        if (cage_size(j, k) < 2) return -3; /* a cage of one differing: cannot be */
        split_cage(j, k, c, ncages);
        *ncages = number_cages(j, *ncages); /* ids stay below ncells */
    }
}

/* 1 when cages a and b touch, hold no digit twice, and fit in `max` cells. */
static int mergeable(const cjob *j, int a, int b, int max)
{
    uint64_t da = 0, db = 0;
    int size = 0, touch = 0;
    for (int c = 0; c < j->ncells; c++) {
        int k = j->cage_of[c];
        if (k != a && k != b) continue;
        size++;
        if (k == a) da |= 1ull << (j->grid[c] - 1);
        else db |= 1ull << (j->grid[c] - 1);
        int nb[8], q = neighbours(j, c, 0, nb);
        for (int i = 0; i < q && k == a; i++) touch |= j->cage_of[nb[i]] == b;
    }
    return touch && !(da & db) && size <= max;
}

/* Merges neighbouring cages in random order while one solution is kept.
 * Returns 1, -2 (stopped: the cages in place are the last unique ones, on
 * j->work) or -3. */
static int merge_cages(cjob *j, int keep, int ncages, int max)
{
    int *order = malloc((size_t)ncages * sizeof *order);
    int *moved = j->tmp + 2 * j->ncells; /* b's cells while a merge is tried */
    if (!order) return -3;
    for (int k = 0; k < ncages; k++) order[k] = k;
    nonet__rng_shuffle(&j->g->rng, order, ncages);
    int r = 1;
    for (int i = 0; i < ncages && r == 1; i++) {
        int a = order[i];
        for (int b = 0; b < ncages && r == 1; b++) {
            if (b == a || !mergeable(j, a, b, max)) continue;
            int nm = 0;
            for (int c = 0; c < j->ncells; c++)
                if (j->cage_of[c] == b) {
                    j->cage_of[c] = a;
                    moved[nm++] = c;
                }
            r = push_cages(j, keep, ncages) ? -3 : count2(j);
            if (r == 2 || r == -2 || r == -4) /* not unique, or not known: b comes back */
                for (int e = 0; e < nm; e++) j->cage_of[moved[e]] = b;
            if (r == 2 || r == -4) r = 1;
        }
    }
    free(order);
    if (r != -3 && push_cages(j, keep, ncages)) r = -3;
    return r;
}

/* ------------------------------------------------------------------ */
/* The two kinds of puzzle                                              */
/* ------------------------------------------------------------------ */

/* Numbers the cages by their first cell (reading order), below ncells;
 * returns how many there are. */
static int number_cages(cjob *j, int ncages)
{
    int *renum = j->tmp + 2 * j->ncells, next = 0; /* 2 * ncells: ncages is below that */
    for (int k = 0; k < ncages; k++) renum[k] = -1;
    for (int c = 0; c < j->ncells; c++) {
        int k = j->cage_of[c];
        if (renum[k] < 0) renum[k] = next++;
        j->cage_of[c] = renum[k];
    }
    return next;
}

/* The cages numbered by their first cell, put on j->work. */
static int tidy_cages(cjob *j, int keep, int ncages)
{
    return push_cages(j, keep, number_cages(j, ncages)) ? -3 : 0;
}

static int make_killer(cjob *j, nonet_generate_result *res)
{
    const nonet_generate_options *o = &j->g->opt;
    int max = o->killer_max ? o->killer_max : j->n <= 4 ? 3 : j->n <= 6 ? 4 : 5;
    if (max > j->n) max = j->n;
    memset(j->work->cells, 0, (size_t)j->ncells);
    int r = draw_all(j, o->constraints, 0);
    if (r) return -3;
    int keep = j->work->ncons, ncages = cut_cages(j, max);
    r = split_until_unique(j, keep, &ncages);
    if (r != 1) return r;
    if (o->minimal) {
        r = merge_cages(j, keep, ncages, max);
        if (r == -3) return r;
        if (r == 1) res->minimal = 1;
    }
    if (tidy_cages(j, keep, ncages)) return -3;
    return r == -2 ? 0 : 1; /* stopped while merging: unique, not minimal */
}

static int make_mixed(cjob *j, nonet_generate_result *res)
{
    const nonet_generate_options *o = &j->g->opt;
    memcpy(j->work->cells, j->grid, (size_t)j->ncells);
    if (draw_all(j, o->constraints, 1)) return -3;
    const gen_sym *sym = &j->g->sym;
    int *order = j->tmp;
    for (int k = 0; k < sym->norbits; k++) order[k] = k;
    nonet__rng_shuffle(&j->g->rng, order, sym->norbits);
    for (int i = 0; i < sym->norbits; i++) {
        int k = order[i];
        for (int e = sym->orbit_at[k]; e < sym->orbit_at[k + 1]; e++)
            j->work->cells[sym->orbit_cell[e]] = 0;
        int r = count2(j);
        if (r == 2)
            for (int e = sym->orbit_at[k]; e < sym->orbit_at[k + 1]; e++)
                j->work->cells[sym->orbit_cell[e]] = j->grid[sym->orbit_cell[e]];
        else if (r == -2) { /* stopped: put the orbit back, the puzzle is unique */
            for (int e = sym->orbit_at[k]; e < sym->orbit_at[k + 1]; e++)
                j->work->cells[sym->orbit_cell[e]] = j->grid[sym->orbit_cell[e]];
            return 0;
        } else if (r < 0) return r;
    }
    res->minimal = 1;
    return 1;
}

nonet_status gen_constrained(nonet_generator *g, const nonet_shape *s, nonet_puzzle **out,
                             unsigned char *solution, nonet_generate_result *res, nonet_error *err)
{
    size_t nc = (size_t)s->ncells;
    cjob j;
    memset(&j, 0, sizeof j);
    j.g = g;
    j.s = s;
    j.n = s->n;
    j.ncells = s->ncells;
    j.grid = g->grid;
    j.work = nonet__puzzle_alloc(s, 0);
    j.cage_of = malloc(nc * sizeof *j.cage_of);
    j.tmp = malloc(4 * nc * sizeof *j.tmp);
    j.pairs = malloc(2 * nc * sizeof *j.pairs);
    j.used = calloc(nc, 1);
    j.other = malloc(nc);
    int r = -3;
    if (j.work && j.cage_of && j.tmp && j.pairs && j.used && j.other)
        r = g->opt.killer ? make_killer(&j, res) : make_mixed(&j, res);
    free(j.cage_of);
    free(j.tmp);
    free(j.pairs);
    free(j.used);
    free(j.other);
    res->nodes = g->search.nodes;
    nonet_status st = NONET_OK;
    if (r == -3) st = nonet__fail(err, NONET_ERR_NOMEM, 0, 0, "out of memory");
    else if (r == -2 || (r == 0 && g->search.gave_up))
        st = nonet__fail(err, NONET_ERR_LIMIT, 0, 0, "gave up after %llu search nodes",
                         g->search.nodes);
    if (r >= 0 || r == -2) {
        for (size_t c = 0; c < nc; c++) res->clues += j.work->cells[c] != 0;
        res->target_met = 1;
        if (solution) memcpy(solution, g->grid, nc);
    }
    if (r >= 0) {
        *out = j.work;
        return st;
    }
    nonet_puzzle_free(j.work);
    return st;
}
