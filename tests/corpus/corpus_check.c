/*
 * corpus_check.c - cross-checks the engines on puzzle collections.
 *
 *   corpus_check counts FILE       lines "puzzle:count[:solution]" (tdoku's
 *                                  test format): every engine must count
 *                                  exactly, every solution must be valid
 *   corpus_check cross FILE [-n MAX] [-b NODES]
 *                                  one puzzle a line: every engine must agree
 *                                  on none / unique / several and on the
 *                                  unique solution, and every solution must
 *                                  be valid. The backtracking baseline gets
 *                                  at most NODES nodes a puzzle (default
 *                                  2000000); the puzzles it gives up on are
 *                                  counted, not failed.
 *   corpus_check output PUZZLES ANSWERS
 *                                  ANSWERS (nonet solve's line output for
 *                                  PUZZLES) must hold one valid solution of
 *                                  each puzzle, in order
 *
 * Exits 0 when every check passes, 1 otherwise, 77 (skipped) when FILE is
 * missing, as the shared data may be absent outside the project's machines.
 */
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const nonet_engine ENGINES[] = {NONET_ENGINE_FAST, NONET_ENGINE_BITMASK, NONET_ENGINE_DLX,
                                       NONET_ENGINE_BACKTRACK};
#define NENGINES 4

static int failures;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        failures++;                                                                                \
    } while (0)

typedef struct tally {
    const nonet_puzzle *p;
    unsigned long long invalid;
} tally;

static int check_each(void *ctx, const unsigned char *grid)
{
    tally *t = ctx;
    if (nonet_puzzle_verify(t->p, grid, NULL) != NONET_OK) t->invalid++;
    return 0;
}

/* Runs engine e on p; verifies every solution; returns the status. */
static nonet_status run(const nonet_puzzle *p, nonet_engine e, unsigned long long limit,
                        unsigned long long max_nodes, unsigned char *sol, nonet_result *res,
                        long line)
{
    tally t = {p, 0};
    nonet_options opt;
    nonet_options_init(&opt);
    opt.engine = e;
    opt.limit = limit;
    opt.max_nodes = max_nodes;
    opt.on_solution = check_each;
    opt.solution_ctx = &t;
    nonet_status st = nonet_solve(p, &opt, sol, res, NULL);
    if (t.invalid)
        FAIL("line %ld: engine %s reported %llu invalid solutions", line, nonet_engine_name(e),
             t.invalid);
    return st;
}

static FILE *open_or_skip(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        printf("SKIP: %s is missing\n", path);
        exit(77);
    }
    return fp;
}

/* Reads the next puzzle line (skipping '#' and blank lines). */
static int next_line(FILE *fp, char *buf, size_t cap, long *line)
{
    while (fgets(buf, (int)cap, fp)) {
        ++*line;
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] && buf[0] != '#') return 1;
    }
    return 0;
}

static void fill_text(const nonet_puzzle *p, const unsigned char *g, char *out)
{
    int n = nonet_shape_cells(nonet_puzzle_shape(p));
    for (int i = 0; i < n; i++) out[i] = (char)('0' + g[i]);
    out[n] = '\0';
}

static int cmd_counts(const char *path)
{
    FILE *fp = open_or_skip(path);
    char buf[512];
    long line = 0, puzzles = 0;
    while (next_line(fp, buf, sizeof buf, &line)) {
        char *colon = strchr(buf, ':');
        if (!colon) {
            FAIL("line %ld: no count", line);
            continue;
        }
        *colon = '\0';
        unsigned long long want = strtoull(colon + 1, NULL, 10);
        char *want_sol = strchr(colon + 1, ':');
        nonet_puzzle *p = nonet_puzzle_from_string(buf, NULL);
        if (!p) {
            FAIL("line %ld: not a puzzle", line);
            continue;
        }
        puzzles++;
        for (int e = 0; e < NENGINES; e++) {
            if (!nonet_engine_supports(ENGINES[e], nonet_puzzle_shape(p))) continue;
            unsigned char sol[81];
            nonet_result res;
            nonet_status st = run(p, ENGINES[e], 0, 0, sol, &res, line);
            if (st != NONET_OK || res.solutions != want || !res.complete)
                FAIL("line %ld: engine %s counted %llu (status %d), expected %llu", line,
                     nonet_engine_name(ENGINES[e]), res.solutions, st, want);
            char text[82];
            fill_text(p, sol, text);
            if (want == 1 && want_sol && strcmp(text, want_sol + 1) != 0)
                FAIL("line %ld: engine %s solved it as %s", line, nonet_engine_name(ENGINES[e]),
                     text);
        }
        nonet_puzzle_free(p);
    }
    fclose(fp);
    printf("%s: %ld puzzles counted by every engine\n", path, puzzles);
    return failures ? 1 : 0;
}

static int cmd_cross(const char *path, long max, unsigned long long bt_nodes)
{
    FILE *fp = open_or_skip(path);
    char buf[512];
    long line = 0, puzzles = 0, unique = 0, several = 0, none = 0, gave_up = 0;
    while ((max <= 0 || puzzles < max) && next_line(fp, buf, sizeof buf, &line)) {
        nonet_puzzle *p = nonet_puzzle_from_string(buf, NULL);
        if (!p) {
            FAIL("line %ld: not a puzzle", line);
            continue;
        }
        puzzles++;
        unsigned long long count = 0;
        char first[82] = "", text[82];
        int have = 0;
        for (int e = 0; e < NENGINES; e++) {
            if (!nonet_engine_supports(ENGINES[e], nonet_puzzle_shape(p))) continue;
            unsigned char sol[81];
            nonet_result res;
            int bt = ENGINES[e] == NONET_ENGINE_BACKTRACK;
            nonet_status st = run(p, ENGINES[e], 2, bt ? bt_nodes : 0, sol, &res, line);
            if (st == NONET_ERR_LIMIT && bt) {
                gave_up++;
                continue;
            }
            if (st != NONET_OK) {
                FAIL("line %ld: engine %s failed with status %d", line,
                     nonet_engine_name(ENGINES[e]), st);
                continue;
            }
            fill_text(p, sol, text);
            if (!have) {
                count = res.solutions;
                strcpy(first, text);
                have = 1;
            } else if (res.solutions != count) {
                FAIL("line %ld: engine %s found %llu solutions, %s found %llu", line,
                     nonet_engine_name(ENGINES[e]), res.solutions, nonet_engine_name(ENGINES[0]),
                     count);
            } else if (count == 1 && strcmp(text, first) != 0) {
                FAIL("line %ld: engine %s found another unique solution", line,
                     nonet_engine_name(ENGINES[e]));
            }
        }
        unique += count == 1;
        several += count > 1;
        none += count == 0;
        nonet_puzzle_free(p);
    }
    fclose(fp);
    printf("%s: %ld puzzles: %ld unique, %ld several, %ld none; every engine agrees "
           "(backtrack gave up on %ld)\n",
           path, puzzles, unique, several, none, gave_up);
    return failures ? 1 : 0;
}

static int cmd_output(const char *puzzles, const char *answers)
{
    FILE *fp = open_or_skip(puzzles), *ap = fopen(answers, "r");
    if (!ap) {
        fprintf(stderr, "cannot open %s\n", answers);
        return 1;
    }
    char buf[512], ans[512];
    long line = 0, aline = 0, count = 0;
    while (next_line(fp, buf, sizeof buf, &line)) {
        nonet_puzzle *p = nonet_puzzle_from_string(buf, NULL);
        if (!next_line(ap, ans, sizeof ans, &aline)) {
            FAIL("answers end before puzzle line %ld", line);
            nonet_puzzle_free(p);
            break;
        }
        nonet_puzzle *a = nonet_puzzle_from_string(ans, NULL);
        if (!p || !a || nonet_puzzle_verify(p, nonet_puzzle_cells(a), NULL) != NONET_OK)
            FAIL("line %ld: answer \"%s\" does not solve the puzzle", line, ans);
        count++;
        nonet_puzzle_free(p);
        nonet_puzzle_free(a);
    }
    if (next_line(ap, ans, sizeof ans, &aline)) FAIL("answers go on after the last puzzle");
    fclose(fp);
    fclose(ap);
    printf("%s: %ld answers verified\n", answers, count);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "counts") == 0) return cmd_counts(argv[2]);
    if (argc >= 4 && strcmp(argv[1], "output") == 0) return cmd_output(argv[2], argv[3]);
    if (argc >= 3 && strcmp(argv[1], "cross") == 0) {
        long max = 0;
        unsigned long long nodes = 2000000;
        for (int i = 3; i + 1 < argc; i += 2) {
            if (strcmp(argv[i], "-n") == 0) max = atol(argv[i + 1]);
            else if (strcmp(argv[i], "-b") == 0) nodes = strtoull(argv[i + 1], NULL, 10);
        }
        return cmd_cross(argv[2], max, nodes);
    }
    fprintf(stderr, "usage: corpus_check counts FILE | cross FILE [-n MAX] [-b NODES] | "
                    "output PUZZLES ANSWERS\n");
    return 2;
}
