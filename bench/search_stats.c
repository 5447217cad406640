/*
 * search_stats.c - the size of the search tree: solves every puzzle of the
 * files given (limit 2 by default: proving uniqueness) and prints, per
 * puzzle, its solution count, the search's guesses and nodes and the CPU
 * milliseconds it took, then the totals of each file. The guess counts do
 * not depend on the machine's load, so they compare search heuristics on a
 * shared machine; bench/iss_bench.mjs prints them beside ISS's.
 *
 * Usage: search_stats [-e ENGINE] [-l LIMIT] [-q] FILE...
 * (-q: the totals only.) Exit status 0; 1 when a puzzle's first solution
 * fails nonet_puzzle_verify; 2 on bad usage or input.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* This process's CPU seconds. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct totals {
    unsigned long long puzzles, guesses, nodes;
    double ms;
} totals;

/* Solves every puzzle of `file`, printing a line each unless quiet; adds to
 * *t. Returns 0, 1 on a wrong answer, 2 when the file cannot be read. */
static int run_file(const char *file, const nonet_options *opt, int quiet, totals *t)
{
    static unsigned char sol[NONET_MAX_CELLS];
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        perror(file);
        return 2;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, file, NONET_FORMAT_AUTO, &err);
    nonet_solver *s = nonet_solver_new();
    nonet_puzzle *p;
    nonet_status st = r && s ? NONET_OK : NONET_ERR_NOMEM;
    int fail = 0;
    while (!fail && r && s && (st = nonet_reader_next(r, &p, &err)) == NONET_OK) {
        nonet_result res;
        memset(&res, 0, sizeof res);
        double t0 = cpu_now();
        nonet_status rs = nonet_solver_run(s, p, opt, sol, &res, &err);
        double ms = (cpu_now() - t0) * 1e3;
        if (rs != NONET_OK || (res.solutions && nonet_puzzle_verify(p, sol, NULL) != NONET_OK)) {
            fprintf(stderr, "search_stats: %s:%ld: wrong answer\n", file, nonet_puzzle_line(p));
            fail = 1;
        }
        if (!quiet)
            printf("%s:%ld\t%llu\t%llu guesses\t%llu nodes\t%.1f ms\n", file, nonet_puzzle_line(p),
                   res.solutions, res.guesses, res.nodes, ms);
        t->puzzles++;
        t->guesses += res.guesses;
        t->nodes += res.nodes;
        t->ms += ms;
        nonet_puzzle_free(p);
    }
    nonet_solver_free(s);
    nonet_reader_free(r);
    fclose(fp);
    if (!fail && st != NONET_END) {
        fprintf(stderr, "search_stats: %s:%ld: %s\n", file, err.line, err.message);
        return 2;
    }
    return fail;
}

int main(int argc, char **argv)
{
    nonet_options opt;
    nonet_options_init(&opt);
    int quiet = 0, i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "-q") == 0) {
            quiet = 1;
        } else if (strcmp(argv[i], "-e") == 0 && i + 1 < argc) {
            int e = nonet_engine_from_name(argv[++i]);
            if (e < 0) i = argc;
            else opt.engine = (nonet_engine)e;
        } else if (strcmp(argv[i], "-l") == 0 && i + 1 < argc) {
            opt.limit = strtoull(argv[++i], NULL, 10);
        } else {
            i = argc;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: search_stats [-e ENGINE] [-l LIMIT] [-q] FILE...\n");
        return 2;
    }
    int st = 0;
    for (; i < argc && !st; i++) {
        totals t = {0, 0, 0, 0};
        st = run_file(argv[i], &opt, quiet, &t);
        printf("%s: %llu puzzles, %llu guesses, %llu nodes, %.1f ms cpu\n", argv[i], t.puzzles,
               t.guesses, t.nodes, t.ms);
    }
    return st;
}
