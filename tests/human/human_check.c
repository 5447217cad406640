/*
 * human_check.c - soundness of the human engine over puzzle collections:
 * every step nonet explains must be true. For a puzzle with one solution,
 * every placement is the solution's digit and no elimination removes it;
 * for any puzzle, with -x, every elimination is checked by solving the
 * state with that candidate forced (no solution may follow) and every
 * placement by solving without it. Prints puzzles, steps, solved, stuck.
 *
 * usage: human_check [-n MAX] [-k EVERY] [-r REM] [-p N] [-t SECONDS] [-x] [-e] FILE...
 *   -n MAX    at most MAX puzzles a file (default all)
 *   -k EVERY  take every EVERY-th puzzle (default 1)
 *   -r REM    with -k: the puzzles whose index (from 0) is REM modulo EVERY
 *             (default 0), so -k 8 -r 0 ... -r 7 split a collection into 8
 *             runs that can be made on different days or machines
 *   -p N      print the tally so far on standard error every N puzzles
 *             taken (a long run stopped early keeps its counts)
 *   -t SECS   give a puzzle up after SECS seconds of CPU time explaining it
 *             (its steps so far are checked; counted as given up); default
 *             no limit. CPU time, so a run at low priority on a busy
 *             machine gives up the same puzzles as a run alone
 *   -x        check each step by solving (also puzzles with several solutions)
 *   -e        turn on every extra technique (HoDoKu's) too
 * Exit 0 when every step is sound, 1 when one is not, 2 for a bad -k/-r,
 * 77 when no file reads.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct tally {
    long puzzles, steps, solved, stuck, several, wrong, gave_up;
} tally;

/* Prints the tally t to `out`, one line. */
static void put_tally(FILE *out, const tally *t)
{
    fprintf(out,
            "human_check: %ld puzzles (%ld with several solutions), %ld steps, %ld solved, %ld "
            "stuck, %ld given up, %ld unsound\n",
            t->puzzles, t->several, t->steps, t->solved, t->stuck, t->gave_up, t->wrong);
    fflush(out);
}

/* CPU time of this process (one thread), in seconds. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Progress callback: gives up past the deadline (*ctx, 0 = none). */
static int past(void *ctx, unsigned long long n)
{
    (void)n;
    double end = *(const double *)ctx;
    return end > 0 && now() > end;
}

/* 1 when the state of x with cell c restricted to `mask` has a solution. */
static int solvable(nonet_explainer *x, nonet_solver *s, int c, uint64_t mask)
{
    const nonet_shape *shape = nonet_explainer_shape(x);
    int cells = nonet_shape_cells(shape);
    unsigned char *g = malloc((size_t)cells);
    uint64_t *cands = malloc((size_t)cells * sizeof *cands);
    for (int i = 0; i < cells; i++) {
        g[i] = (unsigned char)nonet_explainer_value(x, i);
        cands[i] = g[i] ? 1ull << (g[i] - 1) : nonet_explainer_candidates(x, i);
    }
    cands[c] = g[c] ? cands[c] : mask;
    nonet_puzzle *p = cands[c] ? nonet_puzzle_new(shape, g, cands, NULL) : NULL;
    nonet_options opt;
    nonet_options_init(&opt);
    opt.limit = 1;
    nonet_result res = {0};
    int ok = p && nonet_solver_run(s, p, &opt, NULL, &res, NULL) == NONET_OK && res.solutions > 0;
    nonet_puzzle_free(p);
    free(cands);
    free(g);
    return ok;
}

/* 1 when step st is sound in x's state. */
static int sound(nonet_explainer *x, nonet_solver *s, const nonet_step *st, int exhaustive)
{
    const unsigned char *sol = nonet_explainer_solution(x);
    if (sol) {
        for (int i = 0; i < st->nplacements; i++)
            if (sol[st->placements[i].cell] != st->placements[i].digit) return 0;
        for (int i = 0; i < st->neliminations; i++)
            if (sol[st->eliminations[i].cell] == st->eliminations[i].digit) return 0;
    }
    if (!exhaustive) return 1;
    for (int i = 0; i < st->neliminations; i++)
        if (solvable(x, s, st->eliminations[i].cell, 1ull << (st->eliminations[i].digit - 1)))
            return 0;
    for (int i = 0; i < st->nplacements; i++) {
        int c = st->placements[i].cell;
        uint64_t rest = nonet_explainer_candidates(x, c) & ~(1ull << (st->placements[i].digit - 1));
        if (rest && solvable(x, s, c, rest)) return 0;
    }
    return 1;
}

static void check_puzzle(nonet_explainer *x, nonet_solver *s, const nonet_puzzle *p, int exhaustive,
                         double seconds, tally *t)
{
    static double deadline;
    deadline = seconds > 0 ? now() + seconds : 0;
    nonet_explainer_set_progress(x, past, &deadline);
    if (nonet_explainer_reset(x, p, NULL) != NONET_OK) return;
    int n = nonet_explainer_solutions(x);
    if (n == 0 || (n > 1 && !exhaustive)) return;
    t->puzzles++;
    t->several += n > 1;
    nonet_step st;
    nonet_status status;
    while ((status = nonet_explainer_next(x, &st, NULL)) == NONET_OK) {
        t->steps++;
        if (!sound(x, s, &st, exhaustive)) {
            char text[4096];
            nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, nonet_puzzle_shape(p), &st);
            printf("%s:%ld: unsound step: %s", nonet_puzzle_source(p), nonet_puzzle_line(p), text);
            t->wrong++;
            return;
        }
        nonet_explainer_apply(x, &st, NULL);
    }
    if (status == NONET_ERR_LIMIT) t->gave_up++;
    else if (nonet_explainer_empty_cells(x)) t->stuck++;
    else t->solved++;
}

int main(int argc, char **argv)
{
    long max = -1, every = 1, rem = 0, every_print = 0;
    double seconds = 0;
    int exhaustive = 0, extras = 0, files = 0, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-x") == 0) exhaustive = 1;
        else if (strcmp(argv[i], "-e") == 0) extras = 1;
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) max = atol(argv[++i]);
        else if (strcmp(argv[i], "-k") == 0 && i + 1 < argc) every = atol(argv[++i]);
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc) rem = atol(argv[++i]);
        else if (strcmp(argv[i], "-p") == 0 && i + 1 < argc) every_print = atol(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) seconds = atof(argv[++i]);
    }
    if (every < 1 || rem < 0 || rem >= every) {
        fprintf(stderr, "human_check: -k must be at least 1 and -r below it\n");
        return 2;
    }
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    nonet_solver *s = nonet_solver_new();
    tally t = {0};
    for (int k = 0; extras && k < nonet_technique_count(); k++) nonet_explainer_enable(x, k, 1);
    for (; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        if (!fp) continue;
        files++;
        nonet_reader *r = nonet_reader_new_file(fp, argv[i], NONET_FORMAT_AUTO, NULL);
        nonet_puzzle *p;
        nonet_status st;
        long k = 0, taken = 0;
        while (r && (st = nonet_reader_next(r, &p, NULL)) != NONET_END) {
            if (st != NONET_OK) {
                if (nonet_status_is_fatal(st)) break;
                continue;
            }
            if (k++ % every == rem && (max < 0 || taken < max)) {
                check_puzzle(x, s, p, exhaustive, seconds, &t);
                taken++;
                if (every_print > 0 && t.puzzles % every_print == 0) put_tally(stderr, &t);
            }
            nonet_puzzle_free(p);
            if (max >= 0 && taken >= max) break;
        }
        nonet_reader_free(r);
        fclose(fp);
    }
    nonet_solver_free(s);
    nonet_explainer_free(x);
    if (!files) return 77;
    put_tally(stdout, &t);
    return t.wrong ? 1 : 0;
}
