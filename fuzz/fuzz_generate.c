/*
 * fuzz_generate.c - libFuzzer target for the generator.
 *
 * The first input bytes choose the options (seed, symmetry, random regions,
 * minimal, clue target, hard steps, side 4..9, box, variant bits); the rest,
 * when there is any, is read as puzzles in any format and each becomes a
 * start (nonet_generate_from); without it the shape itself is used
 * (nonet_generate). A progress callback bounds the work by nodes. Every
 * puzzle made must have exactly one solution, the one returned, which must
 * pass nonet_puzzle_verify; its givens must be that solution's digits, and
 * symmetric when a symmetry was asked for. Some inputs ask for a rating
 * band (one of four up to ER 4.4, where no chain is needed, so a rating
 * stays quick): a puzzle that meets it must rate inside it afresh.
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

/* Gives up once a puzzle has spent its nodes. */
static int bounded(void *ctx, unsigned long long nodes)
{
    (void)ctx;
    return nodes > 20000;
}

/* Checks one generated puzzle against its solution. */
static void check(const nonet_puzzle *p, const unsigned char *sol, const nonet_generate_result *res)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    int cells = nonet_shape_cells(s), n = nonet_shape_size(s), clues = 0;
    const unsigned char *g = nonet_puzzle_cells(p);
    require(nonet_puzzle_verify(p, sol, NULL) == NONET_OK);
    for (int c = 0; c < cells; c++) {
        require(!g[c] || g[c] == sol[c]);
        clues += g[c] != 0;
        if (res->symmetry == NONET_SYMMETRY_ROTATE180) require(!g[c] == !g[cells - 1 - c]);
        if (res->symmetry == NONET_SYMMETRY_MIRROR) require(!g[c] == !g[c / n * n + n - 1 - c % n]);
    }
    require(clues == res->clues);
    if (res->rated && res->target_met && res->er <= 4.4) {
        nonet_explainer *x = nonet_explainer_new(p, NULL);
        nonet_rating rt;
        require(x && nonet_explainer_rate(x, &rt, NULL) == NONET_OK);
        require(rt.finished && rt.er == res->er && rt.hardest == res->hardest);
        nonet_explainer_free(x);
    }
    nonet_options o;
    nonet_options_init(&o);
    o.max_nodes = 200000;
    nonet_result r;
    unsigned char first[NONET_MAX_CELLS];
    if (nonet_solve(p, &o, first, &r, NULL) == NONET_OK) {
        require(r.solutions == 1);
        require(memcmp(first, sol, (size_t)cells) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8) return 0;
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = (uint64_t)data[0] | (uint64_t)data[1] << 8;
    o.symmetry = (nonet_symmetry)(data[2] % NONET_SYMMETRY_COUNT);
    o.random_regions = data[3] & 1;
    o.minimal = !(data[3] & 2);
    o.clues = data[3] & 4 ? data[4] % 40 : 0;
    o.hard_steps = data[3] & 8 ? data[4] % 4 : 0;
    o.attempts = 1 + (data[3] >> 4) % 3;
    o.progress = bounded;
    if (data[7] & 0x40) { /* a rating band: 1.0-2.0, 1.8-2.8, 2.6-3.6 or 3.4-4.4 */
        o.rating_min = 1.0 + 0.8 * (data[6] >> 6);
        o.rating_max = o.rating_min + 1.0;
        o.rating_tries = 2;
    }
    nonet_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.size = 4 + data[5] % 6;
    if (data[5] & 0x80 && sp.size % 2 == 0) {
        sp.box_rows = 2;
        sp.box_cols = sp.size / 2;
    }
    sp.variants = data[6] & data[7] & 0x3F;
    nonet_shape *shape = nonet_shape_new(&sp, NULL);
    nonet_generator *g = nonet_generator_new(&o, NULL);
    require(g != NULL);
    unsigned char sol[NONET_MAX_CELLS];
    nonet_generate_result res;
    nonet_puzzle *p = NULL;
    if (size == 8) {
        if (shape && nonet_generate(g, shape, data[0], &p, sol, &res, NULL) == NONET_OK)
            check(p, sol, &res);
        nonet_puzzle_free(p);
    } else {
        nonet_reader *r =
            nonet_reader_new_mem((const char *)data + 8, size - 8, "fuzz", NONET_FORMAT_AUTO, NULL);
        nonet_puzzle *start;
        nonet_status st;
        for (int k = 0; r && k < 4 && (st = nonet_reader_next(r, &start, NULL)) != NONET_END; k++) {
            if (st != NONET_OK) {
                if (nonet_status_is_fatal(st)) break;
                continue;
            }
            if (nonet_shape_size(nonet_puzzle_shape(start)) <= 16 &&
                nonet_generate_from(g, start, (uint64_t)k, &p, sol, &res, NULL) == NONET_OK)
                check(p, sol, &res);
            nonet_puzzle_free(p);
            p = NULL;
            nonet_puzzle_free(start);
        }
        nonet_reader_free(r);
    }
    nonet_generator_free(g);
    nonet_shape_free(shape);
    return 0;
}
