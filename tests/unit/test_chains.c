/*
 * test_chains.c - unit tests of the chaining techniques (Sudoku Explainer's
 * producers 21 and 23-30): at states of serate's own solve paths the step
 * must be SE's (technique, rating, complexity, placements, eliminations;
 * tests/data/chain_steps.txt), chain steps must agree with the solution on
 * 9x9 and on other shapes, enumeration gives every step sorted as SE sorts
 * them, and the written step (text, JSON) shows the chain.
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>
#include <time.h>

#ifndef CHAIN_STEPS
#define CHAIN_STEPS "tests/data/chain_steps.txt"
#endif
#include "bench_sets.h" /* after nonet.h */

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* 1 when technique row t is one of the chaining rows. */
static int is_chain_row(int t)
{
    const char *id = nonet_technique_id(t);
    return id && (strstr(id, "cycle") || strstr(id, "chain") || strstr(id, "nishio"));
}

/* Progress callback: gives up once clock() passes *(clock_t *)ctx. */
static int past_deadline(void *ctx, unsigned long long n)
{
    (void)n;
    return clock() > *(const clock_t *)ctx;
}

/* The state "VALUES PENCIL" (81 + 729 symbols) at the start of line. */
static nonet_puzzle *state_puzzle(const nonet_shape *shape, const char *line)
{
    unsigned char cells[81];
    uint64_t cands[81];
    for (int c = 0; c < 81; c++) {
        cells[c] = line[c] >= '1' && line[c] <= '9' ? (unsigned char)(line[c] - '0') : 0;
        cands[c] = 0;
        for (int d = 0; d < 9; d++)
            if (line[82 + c * 9 + d] == '1' + d) cands[c] |= 1u << d;
    }
    return nonet_puzzle_new(shape, cells, cands, NULL);
}

/* Parses moves "r1c2<>3 r4c5=6" into sorted cell*16+digit codes (places
 * and eliminations apart). */
static void parse_moves(const char *s, int *elim, int *nelim, int *place, int *nplace)
{
    int r, c, d, k;
    *nelim = *nplace = 0;
    while (*s) {
        while (*s == ' ') s++;
        if (sscanf(s, "r%dc%d<>%d%n", &r, &c, &d, &k) == 3)
            elim[(*nelim)++] = ((r - 1) * 9 + c - 1) * 16 + d;
        else if (sscanf(s, "r%dc%d=%d%n", &r, &c, &d, &k) == 3)
            place[(*nplace)++] = ((r - 1) * 9 + c - 1) * 16 + d;
        while (*s && *s != ' ') s++;
    }
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* Sorted cell*16+digit codes of n candidates. */
static int codes(const nonet_candidate *v, int n, int *out)
{
    for (int i = 0; i < n; i++) out[i] = v[i].cell * 16 + v[i].digit;
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

/* ------------------------------------------------------------------ */
/* SE's steps at SE's states                                            */
/* ------------------------------------------------------------------ */

/* Every state of chain_steps.txt: nonet's next step is SE's. */
static void test_se_states(void)
{
    FILE *fp = fopen(CHAIN_STEPS, "r");
    CHECK(fp != NULL);
    if (!fp) return;
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    char line[4096], id[128], moves[2048];
    int states = 0, kinds = 0, seen[256] = {0};
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 812) continue;
        int rating, cx, n = 0;
        moves[0] = '\0';
        if (sscanf(line + 811, "%127s %d %d %n", id, &rating, &cx, &n) < 3) continue;
        snprintf(moves, sizeof moves, "%s", line + 811 + n);
        int want_e[729], ne, want_p[81], np, got[729];
        parse_moves(moves, want_e, &ne, want_p, &np);
        qsort(want_e, (size_t)ne, sizeof *want_e, cmp_int);
        qsort(want_p, (size_t)np, sizeof *want_p, cmp_int);
        nonet_puzzle *p = state_puzzle(shape, line);
        nonet_step st;
        CHECK(p && nonet_explainer_reset(x, p, NULL) == NONET_OK);
        states++;
        if (nonet_explainer_next(x, &st, NULL) != NONET_OK) {
            CHECK(!"no step");
            nonet_puzzle_free(p);
            continue;
        }
        int ok = strcmp(nonet_technique_id(st.technique), id) == 0 &&
                 (int)(st.rating * 10 + 0.5) == rating && st.complexity == cx;
        if (np)
            ok &= st.nplacements == np && codes(st.placements, np, got) == np &&
                  !memcmp(got, want_p, (size_t)np * sizeof(int));
        else
            ok &= st.neliminations == ne && codes(st.eliminations, ne, got) == ne &&
                  !memcmp(got, want_e, (size_t)ne * sizeof(int));
        if (!ok) {
            char text[8192];
            nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, shape, &st);
            fprintf(stderr, "state %d: want %s %d cx %d %s  got %.1f cx %d %s", states, id, rating,
                    cx, moves, st.rating, st.complexity, text);
        }
        CHECK(ok);
        if (!seen[st.technique & 255]) kinds++;
        seen[st.technique & 255] = 1;
        nonet_puzzle_free(p);
    }
    fclose(fp);
    CHECK(states >= 300);
    CHECK(kinds >=
          14); /* every family: cycles, X- and XY-chains, Nishio, multiple, dynamic, nested */
    nonet_explainer_free(x);
    nonet_shape_free(shape);
}

/* ------------------------------------------------------------------ */
/* Soundness                                                            */
/* ------------------------------------------------------------------ */

/* Explains puzzle p for up to `seconds` of CPU: every step agrees with the
 * unique solution. Returns the chain steps met (-1 on a wrong step). */
static int chain_walk(nonet_explainer *x, const nonet_puzzle *p, double seconds)
{
    nonet_step st;
    int chains = 0;
    CHECK_EQ_INT(nonet_explainer_reset(x, p, NULL), NONET_OK);
    const unsigned char *sol = nonet_explainer_solution(x);
    CHECK(sol != NULL);
    if (!sol) return -1;
    clock_t deadline = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
    nonet_explainer_set_progress(x, past_deadline, &deadline);
    while (nonet_explainer_next(x, &st, NULL) == NONET_OK) {
        for (int i = 0; i < st.nplacements; i++)
            if (sol[st.placements[i].cell] != st.placements[i].digit) chains = -1000000;
        for (int i = 0; i < st.neliminations; i++)
            if (sol[st.eliminations[i].cell] == st.eliminations[i].digit) chains = -1000000;
        if (chains < 0) {
            char text[8192];
            nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, nonet_puzzle_shape(p), &st);
            fprintf(stderr, "wrong step: %s", text);
            break;
        }
        if (is_chain_row(st.technique)) {
            chains++;
            CHECK(st.complexity > 0 && st.nnodes >= 2);
        } else {
            CHECK_EQ_INT(st.complexity, 0);
        }
        nonet_explainer_apply(x, &st, NULL);
    }
    nonet_explainer_set_progress(x, NULL, NULL);
    return chains < 0 ? -1 : chains;
}

/* Known 9x9 puzzles of every chain family (ER 6.5 to 9.3 in serate). */
static const char *const chain_puzzles[] = {
    "78.6........2..........85....74.68..6...5.1.92..1...5..2.....9.5...84....46.....8",
    "9.5......8.6...9.3....6.......6.4....8.17..9......51.7.1.......5.4..96..3.7....5.",
    "49..2.516.......34......9..23...6..75...1....6.9...2..32.5.4.7..6.....9..45......",
    "..2...9..9....6..18..4...3.....6..5..3...82........3.7.2.9..1..6.1.5.....7...4...",
};

static void test_sound_9x9(void)
{
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    int chains = 0;
    for (size_t i = 0; i < sizeof chain_puzzles / sizeof chain_puzzles[0]; i++) {
        nonet_puzzle *p = nonet_puzzle_from_string(chain_puzzles[i], NULL);
        CHECK(p != NULL);
        if (!p) continue;
        int k = chain_walk(x, p, 10.0);
        CHECK(k >= 0);
        chains += k > 0 ? k : 0;
        CHECK_EQ_INT(nonet_explainer_empty_cells(x), 0);
        nonet_puzzle_free(p);
    }
    CHECK(chains > 0);
    nonet_explainer_free(x);
}

/* Chains on other shapes (jigsaw 9x9, 6x6, 12x12 from the benchmark sets):
 * they run there, and every step agrees with the solution. */
static void test_sound_shapes(void)
{
    static const char *files[] = {"shapes_jigsaw9.txt", "shapes_6x6.txt", "shapes_12x12.txt"};
    static const int count[] = {12, 40, 6};
    int chains = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bench_set bs;
        if (!bench_set_open(&bs, files[i])) continue;
        nonet_explainer *x = nonet_explainer_new(NULL, NULL);
        nonet_puzzle *p;
        int here = 0;
        for (int done = 0; done < count[i] && nonet_reader_next(bs.rd, &p, NULL) == NONET_OK;
             done++) {
            int k = chain_walk(x, p, 1.0);
            CHECK(k >= 0);
            here += k > 0 ? k : 0;
            nonet_puzzle_free(p);
        }
        if (!here) fprintf(stderr, "%s: no chain step\n", files[i]);
        CHECK(here > 0);
        chains += here;
        nonet_explainer_free(x);
        bench_set_close(&bs);
    }
    CHECK(chains > 0);
}

/* ------------------------------------------------------------------ */
/* Enumeration and writing                                              */
/* ------------------------------------------------------------------ */

typedef struct listing {
    int n;
    double last;
    int last_cx, sorted;
    const unsigned char *sol;
    int wrong;
} listing;

static int collect(void *ctx, const nonet_step *st)
{
    listing *l = ctx;
    if (l->n && (st->rating < l->last || (st->rating == l->last && st->complexity < l->last_cx)))
        l->sorted = 0;
    l->last = st->rating;
    l->last_cx = st->complexity;
    for (int i = 0; i < st->neliminations; i++)
        l->wrong |= l->sol[st->eliminations[i].cell] == st->eliminations[i].digit;
    for (int i = 0; i < st->nplacements; i++)
        l->wrong |= l->sol[st->placements[i].cell] != st->placements[i].digit;
    l->n++;
    return 0;
}

/* nonet_explainer_each on chain rows: every step, sorted by rating then
 * complexity (SE's order), each sound; the first one is next's. */
static void test_each(void)
{
    FILE *fp = fopen(CHAIN_STEPS, "r");
    CHECK(fp != NULL);
    if (!fp) return;
    char line[4096];
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    int tried = 0;
    while (fgets(line, sizeof line, fp) && tried < 12) {
        if (line[0] == '#' || strlen(line) < 812) continue;
        char id[128];
        if (sscanf(line + 811, "%127s", id) != 1 || strstr(id, "plus")) continue;
        nonet_puzzle *p = state_puzzle(shape, line);
        if (!p || nonet_explainer_reset(x, p, NULL) != NONET_OK ||
            nonet_explainer_solutions(x) != 1) {
            nonet_puzzle_free(p);
            continue;
        }
        tried++;
        listing l = {0, 0, 0, 1, nonet_explainer_solution(x), 0};
        int t = nonet_technique_from_id(id);
        CHECK_EQ_INT(nonet_explainer_each(x, t, collect, &l), NONET_OK);
        CHECK(l.n >= 1);
        CHECK(l.sorted);
        CHECK(!l.wrong);
        nonet_puzzle_free(p);
    }
    CHECK(tried > 0);
    fclose(fp);
    nonet_explainer_free(x);
    nonet_shape_free(shape);
}

/* A chain step written as text (the nodes in order) and as JSON (rating,
 * complexity, nodes and links that point at them). */
static void test_write(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(chain_puzzles[1], NULL);
    nonet_explainer *x = nonet_explainer_new(p, NULL);
    nonet_step st;
    char text[8192];
    CHECK(x != NULL);
    if (!x) return;
    int found = 0;
    while (!found && nonet_explainer_next(x, &st, NULL) == NONET_OK) {
        if (is_chain_row(st.technique)) {
            found = 1;
            break;
        }
        nonet_explainer_apply(x, &st, NULL);
    }
    CHECK(found);
    if (found) {
        const nonet_shape *shape = nonet_puzzle_shape(p);
        nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, shape, &st);
        CHECK(strstr(text, " -> ") != NULL);
        CHECK(strstr(text, " => ") != NULL);
        nonet_write_step(text, sizeof text, NONET_FORMAT_JSON, 3, shape, &st);
        CHECK(strstr(text, "\"complexity\":") != NULL);
        CHECK(strstr(text, "\"nodes\":[[") != NULL);
        CHECK(strstr(text, "\"links\":[[") != NULL);
        CHECK_EQ_INT(st.nlinks, st.nnodes - 1); /* one chain: a link between each pair */
        for (int i = 0; i < st.nlinks; i++) {
            CHECK(st.links[i].from >= 0 && st.links[i].to < st.nnodes);
            CHECK(st.nodes[st.links[i].from].on != st.nodes[st.links[i].to].on); /* alternating */
            CHECK_EQ_INT(st.links[i].kind,
                         st.nodes[st.links[i].to].on ? NONET_LINK_STRONG : NONET_LINK_WEAK);
        }
        /* the chain ends in its conclusion: the start's candidate, opposite */
        CHECK(st.nodes[0].cell == st.nodes[st.nnodes - 1].cell);
    }
    nonet_explainer_free(x);
    nonet_puzzle_free(p);
}

/* Chain rows can be turned off: SE's order then goes on to the next rows. */
static void test_disable(void)
{
    nonet_puzzle *p = nonet_puzzle_from_string(chain_puzzles[1], NULL);
    nonet_explainer *x = nonet_explainer_new(p, NULL);
    if (!x) return;
    for (int t = 0; t < nonet_technique_count(); t++)
        if (is_chain_row(t)) nonet_explainer_enable(x, t, 0);
    nonet_rating r;
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_OK);
    CHECK(r.hardest < 0 || !is_chain_row(r.hardest));
    nonet_explainer_free(x);
    nonet_puzzle_free(p);
}

static const harness_test tests[] = {
    {"se_states", test_se_states},
    {"sound_9x9", test_sound_9x9},
    {"sound_shapes", test_sound_shapes},
    {"each", test_each},
    {"write", test_write},
    {"disable", test_disable},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(tests, argc, argv); }
