/*
 * test_human.c - unit tests of the human-style step engine: the technique
 * table, Sudoku Explainer's ratings of known puzzles, every step checked
 * against the solution, one state per technique whose step must be the
 * expected one (tests/data/human_steps.txt), the step writer, pencilmark
 * states, enumeration, API errors, and other shapes (4x4 to 16x16, jigsaw
 * regions, X, hyper, disjoint, anti-knight, anti-king) where every step
 * must agree with the unique solution.
 */
#include "harness.h"

#include <nonet.h>

#include <stdlib.h>
#include <time.h>

#ifndef HUMAN_STEPS
#define HUMAN_STEPS "tests/data/human_steps.txt"
#endif
#ifndef HUMAN_STEPS_EXTRA
#define HUMAN_STEPS_EXTRA "tests/data/human_steps_extra.txt"
#endif
#include "bench_sets.h" /* after nonet.h */

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Seconds a puzzle may take in walk_sound: deep chains (an anti-knight
 * minimal puzzle can need SE's nested levels at every step) would make the
 * suite slow; the steps found until then are checked all the same. */
#define WALK_SECONDS 1.0

/* Progress callback: gives up once clock() passes *(clock_t *)ctx. */
static int past_deadline(void *ctx, unsigned long long n)
{
    (void)n;
    return clock() > *(const clock_t *)ctx;
}

/* Checks every step of x's path against its unique solution, applying
 * them, for up to WALK_SECONDS of CPU time; returns the steps taken (-1
 * when a step is wrong). Uniqueness-based rows must not appear when
 * `no_unique`. */
static int walk_steps(nonet_explainer *x, int no_unique);

static int walk_sound(nonet_explainer *x, int no_unique)
{
    clock_t deadline = clock() + (clock_t)(WALK_SECONDS * CLOCKS_PER_SEC);
    nonet_explainer_set_progress(x, past_deadline, &deadline);
    int steps = walk_steps(x, no_unique);
    nonet_explainer_set_progress(x, NULL, NULL);
    return steps;
}

/* walk_sound's walk. */
static int walk_steps(nonet_explainer *x, int no_unique)
{
    const unsigned char *sol = nonet_explainer_solution(x);
    nonet_step st;
    nonet_error err;
    int steps = 0;
    CHECK(sol != NULL);
    if (!sol) return -1;
    while (nonet_explainer_next(x, &st, &err) == NONET_OK) {
        int wrong = 0;
        for (int i = 0; i < st.nplacements; i++)
            wrong |= sol[st.placements[i].cell] != st.placements[i].digit;
        for (int i = 0; i < st.neliminations; i++)
            wrong |= sol[st.eliminations[i].cell] == st.eliminations[i].digit;
        if (wrong) {
            char text[4096];
            nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, nonet_explainer_shape(x),
                             &st);
            fprintf(stderr, "wrong step: %s", text);
            return -1;
        }
        const char *id = nonet_technique_id(st.technique);
        if (no_unique && (strstr(id, "unique") || strcmp(id, "bug") == 0)) return -1;
        if (!st.nplacements && !st.neliminations) return -1;
        if (nonet_explainer_apply(x, &st, &err) != NONET_OK) return -1;
        steps++;
    }
    return steps;
}

static nonet_explainer *explainer_for(const char *line)
{
    nonet_error err;
    nonet_puzzle *p = nonet_puzzle_from_string(line, &err);
    CHECK(p != NULL);
    if (!p) return NULL;
    nonet_explainer *x = nonet_explainer_new(p, &err);
    CHECK(x != NULL);
    nonet_puzzle_free(p);
    return x;
}

/* ------------------------------------------------------------------ */
/* The table                                                            */
/* ------------------------------------------------------------------ */

static void test_table(void)
{
    int n = nonet_technique_count();
    CHECK(n >= 25);
    CHECK_EQ_STR(nonet_technique_id(0), "full-house");
    CHECK_EQ_STR(nonet_technique_id(1), "hidden-single");
    for (int t = 0; t < n; t++) {
        const char *id = nonet_technique_id(t);
        CHECK(id != NULL && nonet_technique_name(t) != NULL);
        if (!id) continue;
        for (const char *c = id; *c; c++)
            CHECK((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-');
        CHECK_EQ_INT(nonet_technique_from_id(id), t);
        CHECK(nonet_technique_rating(t) >= 1.0);
        CHECK(nonet_technique_is_extra(t) == 0 || nonet_technique_is_extra(t) == 1);
    }
    /* SE's order, not sorted by rating: naked single after direct hidden pair */
    CHECK(nonet_technique_from_id("naked-single") > nonet_technique_from_id("direct-hidden-pair"));
    CHECK(nonet_technique_from_id("unique-rectangle") < nonet_technique_from_id("naked-quad"));
    CHECK(nonet_technique_id(n) == NULL && nonet_technique_id(-1) == NULL);
    CHECK(nonet_technique_rating(n) < 0);
    CHECK_EQ_INT(nonet_technique_from_id("no-such-thing"), -1);
    CHECK_EQ_INT(nonet_technique_from_id(NULL), -1);
}

/* ------------------------------------------------------------------ */
/* Ratings: puzzles rated by serate 1.2.1.3 (from serate_mix.txt)       */
/* ------------------------------------------------------------------ */

static const struct {
    const char *puzzle;
    double er, ep, ed;
} rated[] = {
    {"74..1..8.9.65...3.......9....54.....6.......437.......8....71.6..3.....7.1....84.", 1.2, 1.2,
     1.2},
    {"....7...2.........2.4....8.....6...9.8..25..44..9.1.5.9.81...6.51..4.9....67...21", 2.0, 1.2,
     1.2},
    {"13.76.5...6.5.9....59.4..8....9...6....8..1..........5..13......45.913...9..8..7.", 1.5, 1.2,
     1.2},
    {"6...85..31..2.6.454.9.31..................256.3.....9..91...824.6....1.9..2......", 2.3, 1.2,
     1.2},
    {"............3.7..5...5...7..7...86...8.2.57132....6.8.6.........18...5.475.6..13.", 1.7, 1.2,
     1.2},
    {"..3.61..7.923.54...6.7.......5.....6...6........9.453.4.9............2...3.2...5.", 2.6, 1.2,
     1.2},
    {"3.74......59...6...6..9..315...8......4....5.83.....4...1..7.9.6..3....7.......15", 2.5, 1.2,
     1.2},
    {"8...61..3.5....2...2.9..81...2......6...8..5........2....8291..3..........43..69.", 2.8, 1.2,
     1.2},
    {"...........7.361.8.16..7............24.8...5.58..1........8..27.....24.3.5.3....1", 3.4, 1.2,
     1.2},
    {"..1..7..83.25........................85.6.3..23....57...792.61.1....8..2..67....5", 3.0, 1.2,
     1.2},
    {"........6.8.7.....1.6........2...1...19..38.77...4.....638.7.4...7.61..92..3.....", 4.5, 1.2,
     1.2},
    {"47....6.8..5.7..423...5...7.5...1....2..4......8.....158..64....36.8.1....1..2...", 5.6, 1.2,
     1.2},
    {".3.....85..7...9....65.......4...8.9.9.....34...3..6...62.8.........57...7..9...6", 4.2, 1.2,
     1.2},
    {"91.8....5....3.2...67...81.....1...2..1...9..728..5.6...9....575..6....3.7.......", 4.4, 1.2,
     1.2},
    {"................12..3.45...............1.6.7..45..38........5..19.2.....7........", 5.7, 1.2,
     1.2},
    {"4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9....", 4.0, 4.0,
     2.6},
    {"8..9.6...........7...3..9...1...2..849.5...36.2......9......54....2......31..7...", 3.6, 1.2,
     1.2},
    {"....6..7.....3.569...1......5.4..13...89.16...71..2.8......3...485.1.....6..4....", 5.0, 1.2,
     1.2},
    {"3.82.15.77..8.6..2.........6..7.3..1.8.4.5.9..3.....5.8..172..5...........1...4..", 5.2, 1.2,
     1.2},
    {"1......6...72....49......7..3.49.............69...8.5.32.8.7.....6....1....5.683.", 2.8, 2.8,
     2.6},
};

static int tenths(double v) { return (int)(v * 10 + 0.5); }

static void test_se_ratings(void)
{
    for (size_t i = 0; i < sizeof rated / sizeof rated[0]; i++) {
        nonet_explainer *x = explainer_for(rated[i].puzzle);
        nonet_rating r;
        nonet_error err;
        if (!x) continue;
        CHECK_EQ_INT(nonet_explainer_rate(x, &r, &err), NONET_OK);
        CHECK_EQ_INT(r.finished, 1);
        CHECK_EQ_INT(nonet_explainer_empty_cells(x), 0);
        if (tenths(r.er) != tenths(rated[i].er) || tenths(r.ep) != tenths(rated[i].ep) ||
            tenths(r.ed) != tenths(rated[i].ed))
            fprintf(stderr, "%s: %.1f/%.1f/%.1f, SE %.1f/%.1f/%.1f\n", rated[i].puzzle, r.er, r.ep,
                    r.ed, rated[i].er, rated[i].ep, rated[i].ed);
        CHECK_EQ_INT(tenths(r.er), tenths(rated[i].er));
        CHECK_EQ_INT(tenths(r.ep), tenths(rated[i].ep));
        CHECK_EQ_INT(tenths(r.ed), tenths(rated[i].ed));
        CHECK(r.steps > 0 && r.hardest >= 0);
        CHECK_EQ_INT(tenths(nonet_technique_rating(r.hardest)) <= tenths(r.er), 1);
        nonet_explainer_free(x);
    }
}

static void test_steps_sound(void)
{
    for (size_t i = 0; i < sizeof rated / sizeof rated[0]; i++) {
        nonet_explainer *x = explainer_for(rated[i].puzzle);
        if (!x) continue;
        int steps = walk_sound(x, 0);
        CHECK(steps > 0);
        CHECK_EQ_INT(nonet_explainer_empty_cells(x), 0);
        const unsigned char *sol = nonet_explainer_solution(x);
        for (int c = 0; c < 81 && sol; c++) CHECK_EQ_INT(nonet_explainer_value(x, c), sol[c]);
        nonet_explainer_free(x);
    }
}

/* ------------------------------------------------------------------ */
/* One state per technique                                              */
/* ------------------------------------------------------------------ */

/* Builds the state "VALUES PENCIL" of a line of human_steps.txt. */
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

/* Checks every state of `path` (extra techniques on when `extras`): the
 * next step's text is the expected one, and it agrees with the solution.
 * Marks the techniques seen. Returns the states read. */
static int check_states(const char *path, int extras, int *seen)
{
    FILE *fp = fopen(path, "r");
    CHECK(fp != NULL);
    if (!fp) return 0;
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    for (int t = 0; extras && t < nonet_technique_count(); t++) nonet_explainer_enable(x, t, 1);
    char line[2048], text[4096];
    int states = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 813) continue;
        nonet_puzzle *p = state_puzzle(shape, line);
        nonet_step st;
        CHECK(p && nonet_explainer_reset(x, p, NULL) == NONET_OK);
        CHECK_EQ_INT(nonet_explainer_next(x, &st, NULL), NONET_OK);
        nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, shape, &st);
        CHECK_EQ_STR(text, line + 812);
        if (st.technique >= 0 && st.technique < 64) seen[st.technique] = 1;
        /* the step agrees with the solution of the state */
        const unsigned char *sol = nonet_explainer_solution(x);
        CHECK(sol != NULL);
        for (int i = 0; sol && i < st.neliminations; i++)
            CHECK(sol[st.eliminations[i].cell] != st.eliminations[i].digit);
        for (int i = 0; sol && i < st.nplacements; i++)
            CHECK(sol[st.placements[i].cell] == st.placements[i].digit);
        nonet_puzzle_free(p);
        states++;
    }
    fclose(fp);
    nonet_explainer_free(x);
    nonet_shape_free(shape);
    return states;
}

static void test_technique_states(void)
{
    int seen[64] = {0};
    CHECK(check_states(HUMAN_STEPS, 0, seen) >= 30);
    static const char *must[] = {"full-house",
                                 "hidden-single",
                                 "direct-pointing",
                                 "direct-hidden-pair",
                                 "naked-single",
                                 "direct-hidden-triple",
                                 "pointing",
                                 "claiming",
                                 "naked-pair",
                                 "x-wing",
                                 "hidden-pair",
                                 "naked-triple",
                                 "swordfish",
                                 "hidden-triple",
                                 "xy-wing",
                                 "xyz-wing",
                                 "unique-rectangle",
                                 "unique-loop",
                                 "naked-quad",
                                 "jellyfish",
                                 "bug",
                                 "aligned-pair-exclusion",
                                 "aligned-triple-exclusion"};
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        CHECK(seen[nonet_technique_from_id(must[i])]);
}

/* The extra techniques: one state each, and they never change a rating. */
static void test_extra_techniques(void)
{
    int seen[64] = {0};
    CHECK(check_states(HUMAN_STEPS_EXTRA, 1, seen) >= 10);
    for (int t = 0; t < nonet_technique_count() && t < 64; t++)
        if (nonet_technique_is_extra(t)) CHECK(seen[t]);
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    for (int t = 0; t < nonet_technique_count(); t++) nonet_explainer_enable(x, t, 1);
    for (size_t i = 0; i < sizeof rated / sizeof rated[0]; i++) {
        nonet_puzzle *p = nonet_puzzle_from_string(rated[i].puzzle, NULL);
        nonet_rating r;
        CHECK_EQ_INT(nonet_explainer_reset(x, p, NULL), NONET_OK);
        CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_OK);
        CHECK_EQ_INT(tenths(r.er), tenths(rated[i].er));
        CHECK_EQ_INT(tenths(r.ep), tenths(rated[i].ep));
        CHECK_EQ_INT(tenths(r.ed), tenths(rated[i].ed));
        nonet_puzzle_free(p);
    }
    nonet_explainer_free(x);
}

/* ------------------------------------------------------------------ */
/* Writing steps                                                        */
/* ------------------------------------------------------------------ */

static void test_write_step(void)
{
    nonet_explainer *x = explainer_for(rated[0].puzzle);
    nonet_step st;
    char buf[1024], small[8];
    if (!x) return;
    CHECK_EQ_INT(nonet_explainer_next(x, &st, NULL), NONET_OK);
    const nonet_shape *shape = nonet_explainer_shape(x);
    size_t n = nonet_write_step(buf, sizeof buf, NONET_FORMAT_LINE, 3, shape, &st);
    CHECK_EQ_INT(n, strlen(buf));
    CHECK(strncmp(buf, "Hidden Single: ", 15) == 0 || strncmp(buf, "Full House: ", 12) == 0);
    CHECK(strstr(buf, " => r") != NULL && buf[n - 1] == '\n');
    /* snprintf semantics: the full length, a cut NUL-terminated text */
    CHECK_EQ_INT(nonet_write_step(small, sizeof small, NONET_FORMAT_LINE, 3, shape, &st), n);
    CHECK_EQ_INT(strlen(small), sizeof small - 1);
    CHECK_EQ_INT(nonet_write_step(NULL, 0, NONET_FORMAT_LINE, 3, shape, &st), n);
    /* levels */
    nonet_write_step(buf, sizeof buf, NONET_FORMAT_LINE, 1, shape, &st);
    CHECK(strchr(buf, ':') == NULL);
    nonet_write_step(buf, sizeof buf, NONET_FORMAT_LINE, 2, shape, &st);
    CHECK(strchr(buf, ':') != NULL && strstr(buf, "=>") == NULL);
    /* JSON */
    nonet_write_step(buf, sizeof buf, NONET_FORMAT_JSON, 3, shape, &st);
    CHECK(strncmp(buf, "{\"technique\":\"", 14) == 0);
    CHECK(strstr(buf, "\"rating\":1.") != NULL);
    CHECK(strstr(buf, "\"placements\":[[") != NULL);
    CHECK(strstr(buf, "\"eliminations\":[]") != NULL);
    CHECK(strstr(buf, "\"pattern\":{\"cells\":[[") != NULL);
    char want[32];
    snprintf(want, sizeof want, "[[%d,%d,%d]]", st.placements[0].cell / 9 + 1,
             st.placements[0].cell % 9 + 1, st.placements[0].digit);
    CHECK(strstr(buf, want) != NULL);
    nonet_write_step(buf, sizeof buf, NONET_FORMAT_JSON, 1, shape, &st);
    CHECK(strstr(buf, "placements") == NULL && strstr(buf, "pattern") == NULL);
    nonet_explainer_free(x);
}

/* ------------------------------------------------------------------ */
/* Pencilmarks, enumeration, errors                                     */
/* ------------------------------------------------------------------ */

static void test_pencil_state(void)
{
    /* the X-Wing state of human_steps.txt read as a candidates puzzle: only
     * its unsolved cells keep several candidates */
    FILE *fp = fopen(HUMAN_STEPS, "r");
    char line[2048];
    int found = 0;
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    while (fp && fgets(line, sizeof line, fp))
        if (strstr(line, " X-Wing: ")) {
            found = 1;
            break;
        }
    if (fp) fclose(fp);
    CHECK(found);
    if (!found) {
        nonet_shape_free(shape);
        return;
    }
    nonet_puzzle *p = state_puzzle(shape, line);
    nonet_explainer *x = nonet_explainer_new(p, NULL);
    CHECK(x != NULL);
    int xwing = nonet_technique_from_id("x-wing"), count = 0;
    /* every candidate of the puzzle is one of the explainer's */
    for (int c = 0; c < 81; c++)
        if (!nonet_puzzle_cells(p)[c])
            CHECK_EQ_INT(nonet_explainer_candidates(x, c), nonet_puzzle_candidates(p)[c]);
    nonet_step st;
    CHECK_EQ_INT(nonet_explainer_next(x, &st, NULL), NONET_OK);
    CHECK_EQ_INT(st.technique, xwing);
    CHECK_EQ_INT(st.nbase, 2);
    CHECK_EQ_INT(st.ncover, 2);
    CHECK_EQ_INT(st.ncells, 4);
    CHECK(nonet_explainer_each(x, xwing, NULL, NULL) == NONET_ERR_ARG);
    nonet_explainer_free(x);
    nonet_puzzle_free(p);
    nonet_shape_free(shape);
    (void)count;
}

/* nonet_explainer_each callback: counts steps and checks them against the solution. */
static int count_sound(void *ctx, const nonet_step *st)
{
    const unsigned char *sol = ((const unsigned char **)ctx)[0];
    int *n = (int *)((void **)ctx)[1];
    for (int i = 0; i < st->neliminations; i++)
        CHECK(sol[st->eliminations[i].cell] != st->eliminations[i].digit);
    for (int i = 0; i < st->nplacements; i++)
        CHECK(sol[st->placements[i].cell] == st->placements[i].digit);
    (*n)++;
    return 0;
}

static void test_each(void)
{
    nonet_explainer *x = explainer_for(rated[0].puzzle);
    if (!x) return;
    int n = 0;
    void *ctx[2] = {(void *)(uintptr_t)nonet_explainer_solution(x), &n};
    CHECK_EQ_INT(
        nonet_explainer_each(x, nonet_technique_from_id("hidden-single"), count_sound, ctx),
        NONET_OK);
    CHECK(n > 3); /* several hidden singles at the start */
    n = 0;
    CHECK_EQ_INT(nonet_explainer_each(x, nonet_technique_from_id("naked-single"), count_sound, ctx),
                 NONET_OK);
    CHECK_EQ_INT(nonet_explainer_each(x, 999, count_sound, ctx), NONET_ERR_ARG);
    nonet_explainer_free(x);
}

static void test_errors(void)
{
    nonet_error err;
    nonet_step st;
    nonet_rating r;
    nonet_explainer *e = nonet_explainer_new(NULL, &err);
    CHECK(e != NULL);
    CHECK_EQ_INT(nonet_explainer_next(e, &st, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_explainer_rate(e, &r, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_explainer_empty_cells(e), 0);
    CHECK_EQ_INT(nonet_explainer_reset(e, NULL, &err), NONET_ERR_ARG);
    /* givens that clash */
    nonet_puzzle *bad = nonet_puzzle_from_string(
        "11...............................................................................", &err);
    CHECK_EQ_INT(nonet_explainer_reset(e, bad, &err), NONET_ERR_RULE);
    CHECK(nonet_explainer_new(bad, &err) == NULL);
    nonet_puzzle_free(bad);
    nonet_explainer_free(e);
    nonet_explainer_free(NULL);

    nonet_explainer *x = explainer_for(rated[0].puzzle);
    if (!x) return;
    CHECK_EQ_INT(nonet_explainer_place(x, 81, 1, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_explainer_place(x, 0, 10, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_explainer_place(x, 0, 1, &err), NONET_ERR_ARG); /* r1c1 holds 7 */
    CHECK_EQ_INT(nonet_explainer_eliminate(x, -1, 1, &err), NONET_ERR_ARG);
    CHECK_EQ_INT(nonet_explainer_enable(x, -1, 1), NONET_ERR_ARG);
    nonet_candidate off = {100, 1};
    nonet_step fake;
    memset(&fake, 0, sizeof fake);
    fake.neliminations = 1;
    fake.eliminations = &off;
    CHECK_EQ_INT(nonet_explainer_apply(x, &fake, &err), NONET_ERR_ARG);
    /* a player's wrong elimination leaves a contradiction to be found */
    const unsigned char *sol = nonet_explainer_solution(x);
    int c = 2;
    while (nonet_explainer_value(x, c)) c++;
    CHECK_EQ_INT(nonet_explainer_eliminate(x, c, sol[c], &err), NONET_OK);
    nonet_status s;
    while ((s = nonet_explainer_next(x, &st, &err)) == NONET_OK)
        nonet_explainer_apply(x, &st, NULL);
    CHECK(s == NONET_ERR_RULE || (s == NONET_END && nonet_explainer_empty_cells(x) > 0));
    /* a solved grid: END, rated 0.0 */
    nonet_explainer_free(x);
    x = explainer_for(rated[0].puzzle);
    while (nonet_explainer_next(x, &st, &err) == NONET_OK) nonet_explainer_apply(x, &st, NULL);
    CHECK_EQ_INT(nonet_explainer_next(x, &st, &err), NONET_END);
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, &err), NONET_OK);
    CHECK(r.finished && r.er == 0.0 && r.steps == 0);
    nonet_explainer_free(x);
}

/* An empty grid has many solutions and no step: stuck, 20.0/0/0 (4x4:
 * every chain level searched in a moment; 9x9: SE's nested levels take
 * hours on it, as in SE, so a progress callback gives up). */
static void test_stuck(void)
{
    nonet_explainer *x = explainer_for("................");
    nonet_rating r;
    if (!x) return;
    CHECK_EQ_INT(nonet_explainer_solutions(x), 2);
    CHECK(nonet_explainer_solution(x) == NULL);
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_OK);
    CHECK_EQ_INT(r.finished, 0);
    CHECK_EQ_INT(tenths(r.er), 200);
    CHECK_EQ_INT(tenths(r.ep), 0);
    CHECK_EQ_INT(tenths(r.ed), 0);
    nonet_explainer_free(x);
    x = explainer_for(
        ".................................................................................");
    if (!x) return;
    clock_t deadline = clock() + CLOCKS_PER_SEC / 2;
    nonet_explainer_set_progress(x, past_deadline, &deadline);
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_ERR_LIMIT);
    CHECK_EQ_INT(r.steps, 0);
    nonet_explainer_free(x);
}

/* A progress callback that gives up at once. */
static int give_up(void *ctx, unsigned long long n)
{
    (void)ctx;
    (void)n;
    return 1;
}

static void test_progress(void)
{
    nonet_explainer *x = explainer_for(rated[1].puzzle);
    nonet_rating r;
    if (!x) return;
    nonet_explainer_set_progress(x, give_up, NULL);
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_ERR_LIMIT);
    nonet_explainer_set_progress(x, NULL, NULL);
    CHECK_EQ_INT(nonet_explainer_rate(x, &r, NULL), NONET_OK);
    nonet_explainer_free(x);
}

/* ------------------------------------------------------------------ */
/* Other shapes                                                         */
/* ------------------------------------------------------------------ */

/* Makes a unique puzzle of `shape` from a solution of its empty grid by
 * removing givens in a seeded random order while it stays unique and
 * keeps more than `floor` givens (a floor keeps it easy enough to solve). */
static nonet_puzzle *make_puzzle(const nonet_shape *shape, uint64_t seed, int floor)
{
    int cells = nonet_shape_cells(shape), n = nonet_shape_size(shape);
    unsigned char *g = calloc((size_t)cells, 1);
    nonet_solver *s = nonet_solver_new();
    nonet_options opt;
    nonet_result res;
    nonet_options_init(&opt);
    opt.limit = 1;
    rng r = {seed};
    /* a random first row makes the solution differ from seed to seed */
    for (int i = 0; i < n; i++) g[i] = (unsigned char)(i + 1);
    for (int i = n - 1; i > 0; i--) {
        int j = below(&r, i + 1);
        unsigned char t = g[i];
        g[i] = g[j];
        g[j] = t;
    }
    nonet_puzzle *p = nonet_puzzle_new(shape, g, NULL, NULL);
    unsigned char *sol = malloc((size_t)cells);
    if (!p || nonet_solver_run(s, p, &opt, sol, &res, NULL) || res.solutions != 1) {
        nonet_puzzle_free(p);
        free(g);
        free(sol);
        nonet_solver_free(s);
        return NULL;
    }
    nonet_puzzle_free(p);
    memcpy(g, sol, (size_t)cells);
    opt.limit = 2;
    int *order = malloc((size_t)cells * sizeof *order);
    for (int i = 0; i < cells; i++) order[i] = i;
    for (int i = cells - 1; i > 0; i--) {
        int j = below(&r, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int givens = cells;
    for (int k = 0; k < cells && givens > floor; k++) {
        int c = order[k];
        unsigned char keep = g[c];
        g[c] = 0;
        nonet_puzzle *q = nonet_puzzle_new(shape, g, NULL, NULL);
        if (!q || nonet_solver_run(s, q, &opt, NULL, &res, NULL) || res.solutions != 1) g[c] = keep;
        else givens--;
        nonet_puzzle_free(q);
    }
    p = nonet_puzzle_new(shape, g, NULL, NULL);
    free(order);
    free(sol);
    free(g);
    nonet_solver_free(s);
    return p;
}

/* Explains `count` generated puzzles of shape spec, half of them minimal,
 * half with more than a third of the cells given; every step must agree
 * with the solution, and some puzzles must be solved to the end. */
static void shape_sound(const nonet_shape_spec *sp, int count, const char *what)
{
    nonet_error err;
    nonet_shape *shape = nonet_shape_new(sp, &err);
    CHECK(shape != NULL);
    if (!shape) return;
    int no_unique = (sp->variants & (NONET_VARIANT_ANTI_KNIGHT | NONET_VARIANT_ANTI_KING)) != 0;
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    int solved = 0, steps = 0;
    for (int i = 0; i < count; i++) {
        nonet_puzzle *p = make_puzzle(shape, 1000u + (uint64_t)i * 7919u + (uint64_t)sp->size,
                                      i % 2 ? nonet_shape_cells(shape) / 3 : 0);
        CHECK(p != NULL);
        if (!p) continue;
        CHECK_EQ_INT(nonet_explainer_reset(x, p, &err), NONET_OK);
        CHECK_EQ_INT(nonet_explainer_solutions(x), 1);
        int k = walk_sound(x, no_unique);
        if (k < 0) fprintf(stderr, "%s: a step disagrees with the solution\n", what);
        CHECK(k >= 0);
        steps += k > 0 ? k : 0;
        solved += nonet_explainer_empty_cells(x) == 0;
        nonet_puzzle_free(p);
    }
    CHECK(steps > 0);
    if (!solved)
        fprintf(stderr, "%s %d (variants %u): none of %d puzzles solved\n", what, sp->size,
                sp->variants, count);
    CHECK(solved > 0);
    nonet_explainer_free(x);
    nonet_shape_free(shape);
}

static void test_shapes(void)
{
    nonet_shape_spec sp;
    static const int sizes[] = {4, 6, 8, 9};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        memset(&sp, 0, sizeof sp);
        sp.size = sizes[i];
        shape_sound(&sp, 20, "classic");
    }
    static const unsigned variants[] = {
        NONET_VARIANT_X,         NONET_VARIANT_HYPER,
        NONET_VARIANT_DISJOINT,  NONET_VARIANT_ANTI_KNIGHT,
        NONET_VARIANT_ANTI_KING, NONET_VARIANT_X | NONET_VARIANT_ANTI_KNIGHT};
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        memset(&sp, 0, sizeof sp);
        sp.size = 9;
        sp.variants = variants[i];
        shape_sound(&sp, 10, "variant");
    }
    /* jigsaw: a 6x6 map of regions */
    static const int jig[36] = {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 3, 1,
                                4, 4, 2, 3, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 5, 5};
    memset(&sp, 0, sizeof sp);
    sp.size = 6;
    sp.regions = jig;
    shape_sound(&sp, 20, "jigsaw");
}

/* The benchmark sets of other sizes (6x6 to 25x25, jigsaw 9x9): steps sound. */
static void test_bench_sets(void)
{
    static const char *files[] = {"shapes_6x6.txt", "shapes_12x12.txt", "shapes_16x16.txt",
                                  "shapes_jigsaw9.txt", "shapes_25x25.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bench_set bs;
        if (!bench_set_open(&bs, files[i])) continue;
        nonet_error err;
        nonet_explainer *x = nonet_explainer_new(NULL, NULL);
        nonet_puzzle *p;
        int done = 0, limit = i == 4 ? 2 : 10;
        while (done < limit && nonet_reader_next(bs.rd, &p, &err) == NONET_OK) {
            CHECK_EQ_INT(nonet_explainer_reset(x, p, &err), NONET_OK);
            if (nonet_explainer_solutions(x) == 1) CHECK(walk_sound(x, 0) >= 0);
            nonet_puzzle_free(p);
            done++;
        }
        CHECK(done > 0);
        nonet_explainer_free(x);
        bench_set_close(&bs);
    }
}

static const harness_test tests[] = {
    {"table", test_table},
    {"se_ratings", test_se_ratings},
    {"steps_sound", test_steps_sound},
    {"technique_states", test_technique_states},
    {"extra_techniques", test_extra_techniques},
    {"write_step", test_write_step},
    {"pencil_state", test_pencil_state},
    {"each", test_each},
    {"errors", test_errors},
    {"stuck", test_stuck},
    {"progress", test_progress},
    {"shapes", test_shapes},
    {"bench_sets", test_bench_sets},
    {NULL, NULL},
};

int main(int argc, char **argv) { return harness_main(tests, argc, argv); }
