/*
 * fuzz_explain.c - libFuzzer target for the human step engine.
 *
 * The input is read as puzzles in any format (detected), so it reaches the
 * explainer as givens or as pencilmark states of any shape. For each puzzle
 * the explainer takes every step to the end: each step must place or
 * eliminate something inside the grid, apply cleanly, write as text and as
 * JSON within its announced length, and, when the puzzle has one solution,
 * agree with it. Rating the puzzle again must finish or stop without
 * error, and every technique's enumeration must run.
 *
 * Work is bounded by a budget of progress calls (not a clock, so a run is
 * the same every time): the chain searches ask the callback once per
 * 65,536 units of work (about a millisecond under the sanitizers), the
 * engine between techniques, the solver every few thousand nodes; the
 * chains' searches on a hard grid take seconds, enumerations of every
 * chain much more. A search past the budget gives up (NONET_ERR_LIMIT),
 * which is checked as an outcome like the others. Every technique (nested
 * forcing chains included) and every shape up to 16x16 is explained.
 */
#include <nonet.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok) abort();
}

/* Checks step st of x against the grid's bounds and the solution. */
static void check_step(nonet_explainer *x, const nonet_step *st)
{
    const nonet_shape *shape = nonet_explainer_shape(x);
    int cells = nonet_shape_cells(shape), n = nonet_shape_size(shape);
    const unsigned char *sol = nonet_explainer_solution(x);
    require(st->nplacements + st->neliminations > 0);
    require(st->technique >= 0 && st->technique < nonet_technique_count());
    for (int i = 0; i < st->nplacements; i++) {
        const nonet_candidate *c = &st->placements[i];
        require(c->cell >= 0 && c->cell < cells && c->digit >= 1 && c->digit <= n);
        require(!sol || sol[c->cell] == c->digit);
    }
    for (int i = 0; i < st->neliminations; i++) {
        const nonet_candidate *c = &st->eliminations[i];
        require(c->cell >= 0 && c->cell < cells && c->digit >= 1 && c->digit <= n);
        require(nonet_explainer_candidates(x, c->cell) >> (c->digit - 1) & 1);
        require(!sol || sol[c->cell] != c->digit);
    }
    static char text[1 << 16];
    for (int f = 0; f < 2; f++) {
        nonet_format fmt = f ? NONET_FORMAT_JSON : NONET_FORMAT_LINE;
        size_t need = nonet_write_step(NULL, 0, fmt, 3, shape, st);
        size_t got = nonet_write_step(text, sizeof text, fmt, 3, shape, st);
        require(need == got);
        require(got >= sizeof text || strlen(text) == got);
    }
}

/* nonet_explainer_each callback: every step found is checked. */
static int each_step(void *ctx, const nonet_step *st)
{
    check_step(ctx, st);
    return 0;
}

/* Progress calls a phase of a puzzle may take before its search gives up
 * (about 2 ms of chain search each under ASan + UBSan): a run, at most 4
 * puzzles of 3 phases, stays within about 1.5 s of CPU, well inside
 * libFuzzer's 10 s per input. */
#define BUDGET 64

/* The progress callback: gives up once *calls passes BUDGET. */
static int spend(void *ctx, unsigned long long nodes)
{
    unsigned long *calls = ctx;
    (void)nodes;
    return ++*calls > BUDGET;
}

static void explain(nonet_explainer *x, const nonet_puzzle *p, unsigned long *calls)
{
    *calls = 0;
    if (nonet_explainer_reset(x, p, NULL) != NONET_OK) return;
    nonet_explainer_solutions(x);
    for (int t = 0; t < nonet_technique_count(); t++) {
        nonet_status e = nonet_explainer_each(x, t, each_step, x);
        require(e == NONET_OK || e == NONET_ERR_LIMIT);
    }
    *calls = 0;
    nonet_step st;
    int cells = nonet_shape_cells(nonet_puzzle_shape(p)), steps = 0;
    nonet_status s;
    while ((s = nonet_explainer_next(x, &st, NULL)) == NONET_OK) {
        check_step(x, &st);
        require(nonet_explainer_apply(x, &st, NULL) == NONET_OK);
        require(++steps <= cells * nonet_shape_size(nonet_puzzle_shape(p)));
    }
    require(s == NONET_END || s == NONET_ERR_RULE || s == NONET_ERR_LIMIT);
    nonet_rating r;
    *calls = 0;
    require(nonet_explainer_reset(x, p, NULL) == NONET_OK);
    s = nonet_explainer_rate(x, &r, NULL);
    require(s == NONET_OK || s == NONET_ERR_RULE || s == NONET_ERR_LIMIT);
    require(r.er >= 0 && r.er <= 20.0 && r.ep <= r.er + 1e-9);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nonet_reader *r =
        nonet_reader_new_mem((const char *)data, size, "fuzz", NONET_FORMAT_AUTO, NULL);
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    nonet_puzzle *p;
    unsigned long calls = 0;
    if (x) nonet_explainer_set_progress(x, spend, &calls);
    /* the first byte's parity turns HoDoKu's extra techniques on */
    for (int t = 0; x && size && data[0] % 2 && t < nonet_technique_count(); t++)
        nonet_explainer_enable(x, t, 1);
    nonet_status st;
    int count = 0;
    while (r && x && count < 4 && (st = nonet_reader_next(r, &p, NULL)) != NONET_END) {
        if (st != NONET_OK) {
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        if (nonet_shape_size(nonet_puzzle_shape(p)) <= 16) explain(x, p, &calls);
        nonet_puzzle_free(p);
        count++;
    }
    nonet_explainer_free(x);
    nonet_reader_free(r);
    return 0;
}
