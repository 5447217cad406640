/*
 * agreement_check.c - nonet's ratings against a file rated by Sudoku
 * Explainer (serate 1.2.1.3), with floors: the share of puzzles whose ER,
 * EP and ED nonet gives exactly must reach the floors, and ER within 0.1
 * must reach its floor on the puzzles rated 9.0 or less by serate.
 *
 * usage: agreement_check [-t SECONDS] [-f ER,EP,ED,ER01] FILE
 *   FILE lines "PUZZLE ER/EP/ED" ('#' lines skipped), e.g.
 *   ../shared/data/ratings/serate_mix.txt
 *   -t   give a puzzle up after SECONDS of CPU (counted as a miss; default 30)
 *   -f   floors in percent (default 99,99,99,99)
 * Prints the shares and the misses; exit 0 at or above every floor, 1 below
 * one, 77 when FILE cannot be read.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Progress callback: gives up once clock() passes *(clock_t *)ctx. */
static int past(void *ctx, unsigned long long n)
{
    (void)n;
    return clock() > *(const clock_t *)ctx;
}

static int tenths(double v) { return (int)(v * 10 + 0.5); }

int main(int argc, char **argv)
{
    double seconds = 30, floor[4] = {99, 99, 99, 99};
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-t") == 0) seconds = atof(argv[i + 1]);
        else if (strcmp(argv[i], "-f") == 0)
            sscanf(argv[i + 1], "%lf,%lf,%lf,%lf", &floor[0], &floor[1], &floor[2], &floor[3]);
    }
    FILE *fp = i < argc ? fopen(argv[i], "r") : NULL;
    if (!fp) return 77;
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    char line[1024];
    long n = 0, low = 0, same[3] = {0, 0, 0}, near = 0, upto9 = 0, gave_up = 0;
    while (fgets(line, sizeof line, fp)) {
        char puzzle[128];
        double e[3];
        if (line[0] == '#' || sscanf(line, "%127s %lf/%lf/%lf", puzzle, &e[0], &e[1], &e[2]) != 4)
            continue;
        nonet_puzzle *p = nonet_puzzle_from_string(puzzle, NULL);
        if (!p || nonet_explainer_reset(x, p, NULL) != NONET_OK) {
            nonet_puzzle_free(p);
            continue;
        }
        clock_t deadline = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
        nonet_explainer_set_progress(x, past, &deadline);
        nonet_rating r;
        nonet_status st = nonet_explainer_rate(x, &r, NULL);
        nonet_explainer_set_progress(x, NULL, NULL);
        double got[3] = {r.er, r.ep, r.ed};
        n++;
        gave_up += st == NONET_ERR_LIMIT;
        int all = st == NONET_OK;
        for (int k = 0; k < 3; k++) {
            int ok = st == NONET_OK && tenths(got[k]) == tenths(e[k]);
            same[k] += ok;
            all &= ok;
        }
        if (tenths(e[0]) <= 90) {
            upto9++;
            near += st == NONET_OK && abs(tenths(got[0]) - tenths(e[0])) <= 1;
        }
        if (!all) {
            low++;
            printf("miss: %s serate %.1f/%.1f/%.1f nonet %.1f/%.1f/%.1f%s\n", puzzle, e[0], e[1],
                   e[2], got[0], got[1], got[2], st == NONET_ERR_LIMIT ? " (given up)" : "");
        }
        nonet_puzzle_free(p);
    }
    fclose(fp);
    nonet_explainer_free(x);
    if (!n) return 77;
    double pc[4] = {100.0 * same[0] / n, 100.0 * same[1] / n, 100.0 * same[2] / n,
                    upto9 ? 100.0 * near / upto9 : 100.0};
    printf(
        "agreement_check: %ld puzzles, ER = %.2f%%, EP = %.2f%%, ED = %.2f%%, ER within 0.1 up to "
        "9.0: %.2f%% (%ld puzzles); %ld differ, %ld given up\n",
        n, pc[0], pc[1], pc[2], pc[3], upto9, low, gave_up);
    for (int k = 0; k < 4; k++)
        if (pc[k] < floor[k]) return 1;
    return 0;
}
