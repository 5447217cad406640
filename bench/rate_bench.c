/*
 * rate_bench.c - nonet-rate-bench: speed and agreement of nonet's Sudoku
 * Explainer ratings against a reference file rated by serate.
 *
 * usage: nonet-rate-bench [-r RUNS] [-p PEERFILE] [-n MAX] REFERENCE
 *
 * REFERENCE holds lines "PUZZLE ER/EP/ED" ('#' lines skipped), such as
 * ../shared/data/ratings/serate_mix.txt. The whole file is rated RUNS times
 * over (default 3), one puzzle after the other as a batch would; a puzzle's
 * time is the median of its RUNS thread CPU times (CPU time, so other load
 * on the machine does not count; the median, so one preempted run does not). Printed per band of
 * the reference ER (<=4.4, 4.5-6.2, 6.3-8.9, 9.0+, all): puzzles, puzzles
 * per CPU second, mean and median milliseconds, and the share of puzzles
 * whose ER, EP and ED are identical / within 0.1 / within 0.3. PEERFILE
 * (optional) holds another rater's "PUZZLE ER/EP/ED MICROSECONDS" lines
 * (skfr's rate.sh -t writes them); its figures are printed beside nonet's.
 */
#define _POSIX_C_SOURCE 200809L
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXP 100000

typedef struct rated {
    char puzzle[82];
    int ref[3];  /* ER, EP, ED in tenths (reference) */
    int got[3];  /* nonet's */
    double us;   /* nonet's CPU microseconds */
    int peer[3]; /* the peer's, -1 when absent */
    double peer_us;
} rated;

static rated *all;
static int nall;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int tenths(double v) { return (int)(v * 10 + 0.5); }

/* Parses "ER/EP/ED" into tenths; 0 or -1. */
static int parse_triple(const char *s, int *out)
{
    double a, b, c;
    if (sscanf(s, "%lf/%lf/%lf", &a, &b, &c) != 3) return -1;
    out[0] = tenths(a);
    out[1] = tenths(b);
    out[2] = tenths(c);
    return 0;
}

static int load_reference(const char *path, int max)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[1024];
    while (nall < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 85) continue;
        rated *r = &all[nall];
        memcpy(r->puzzle, line, 81);
        r->puzzle[81] = 0;
        if (parse_triple(line + 82, r->ref)) continue;
        r->peer[0] = -1;
        nall++;
    }
    fclose(f);
    return 0;
}

/* Reads the peer's ratings and times, matched by puzzle. */
static void load_peer(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "nonet-rate-bench: cannot read %s\n", path);
        return;
    }
    char line[1024];
    int at = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 85) continue;
        for (int k = 0; k < nall; k++) {
            rated *r = &all[(at + k) % nall];
            if (memcmp(r->puzzle, line, 81)) continue;
            if (parse_triple(line + 82, r->peer) == 0) {
                const char *sp = strchr(line + 82, ' ');
                r->peer_us = sp ? atof(sp + 1) : 0;
            }
            at = (at + k + 1) % nall;
            break;
        }
    }
    fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Rates every puzzle `runs` times, the file as a batch each time. */
static void rate_all(int runs)
{
    nonet_explainer *x = nonet_explainer_new(NULL, NULL);
    nonet_puzzle **ps = calloc((size_t)nall, sizeof *ps);
    double *t = malloc((size_t)nall * (size_t)runs * sizeof *t);
    if (!x || !ps || !t) exit(4);
    for (int i = 0; i < nall; i++) ps[i] = nonet_puzzle_from_string(all[i].puzzle, NULL);
    for (int k = 0; k < runs; k++)
        for (int i = 0; i < nall; i++) {
            rated *r = &all[i];
            nonet_rating rt;
            double t0 = cpu_now();
            if (nonet_explainer_reset(x, ps[i], NULL) || nonet_explainer_rate(x, &rt, NULL))
                rt.er = rt.ep = rt.ed = -1;
            t[(size_t)i * (size_t)runs + (size_t)k] = (cpu_now() - t0) * 1e6;
            r->got[0] = tenths(rt.er);
            r->got[1] = tenths(rt.ep);
            r->got[2] = tenths(rt.ed);
        }
    for (int i = 0; i < nall; i++) {
        double *ti = t + (size_t)i * (size_t)runs;
        qsort(ti, (size_t)runs, sizeof *ti, cmp_double);
        all[i].us = ti[runs / 2];
        nonet_puzzle_free(ps[i]);
    }
    free(t);
    free(ps);
    nonet_explainer_free(x);
}

/* Prints one band's line for nonet (peer = 0) or the peer. */
static void band(const char *name, int lo, int hi, int peer, double *times)
{
    int n = 0, ok[3][3] = {{0}};
    double total = 0;
    for (int i = 0; i < nall; i++) {
        const rated *r = &all[i];
        const int *got = peer ? r->peer : r->got;
        if (r->ref[0] < lo || r->ref[0] > hi || got[0] < 0) continue;
        double us = peer ? r->peer_us : r->us;
        times[n++] = us;
        total += us;
        for (int j = 0; j < 3; j++) {
            int d = abs(got[j] - r->ref[j]);
            ok[j][0] += d == 0;
            ok[j][1] += d <= 1;
            ok[j][2] += d <= 3;
        }
    }
    if (!n) return;
    qsort(times, (size_t)n, sizeof *times, cmp_double);
    printf("%-6s %-8s %5d %10.0f %9.3f %9.3f", peer ? "peer" : "nonet", name, n,
           total > 0 ? n / (total / 1e6) : 0, total / n / 1e3, times[n / 2] / 1e3);
    for (int j = 0; j < 3; j++)
        printf("  %5.1f %5.1f %5.1f", 100.0 * ok[j][0] / n, 100.0 * ok[j][1] / n,
               100.0 * ok[j][2] / n);
    printf("\n");
}

int main(int argc, char **argv)
{
    int runs = 3, max = MAXP;
    const char *peer = NULL;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-r") == 0) runs = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-p") == 0) peer = argv[i + 1];
        else if (strcmp(argv[i], "-n") == 0) max = atoi(argv[i + 1]);
    }
    if (i >= argc || runs < 1 || max < 1) {
        fprintf(stderr, "usage: nonet-rate-bench [-r RUNS] [-p PEERFILE] [-n MAX] REFERENCE\n");
        return 2;
    }
    all = calloc(MAXP, sizeof *all);
    double *times = malloc(MAXP * sizeof *times);
    if (!all || !times || load_reference(argv[i], max < MAXP ? max : MAXP) || !nall) {
        fprintf(stderr, "nonet-rate-bench: cannot read %s\n", argv[i]);
        return 2;
    }
    if (peer) load_peer(peer);
    rate_all(runs);
    printf("reference %s: %d puzzles; time = median thread CPU time of %d batch runs\n", argv[i],
           nall, runs);
    printf("%-6s %-8s %5s %10s %9s %9s  %-17s  %-17s  %-17s\n", "rater", "ER band", "n",
           "puzzles/s", "mean ms", "median ms", "ER = .1 .3 (%)", "EP = .1 .3 (%)",
           "ED = .1 .3 (%)");
    static const struct {
        const char *name;
        int lo, hi;
    } bands[] = {{"<=4.4", 0, 44},   {"4.5-6.2", 45, 62}, {"6.3-8.9", 63, 89},
                 {"9.0+", 90, 1000}, {"<=9.0", 0, 90},    {"all", 0, 1000}};
    for (int b = 0; b < 6; b++) {
        band(bands[b].name, bands[b].lo, bands[b].hi, 0, times);
        if (peer) band(bands[b].name, bands[b].lo, bands[b].hi, 1, times);
    }
    free(times);
    free(all);
    return 0;
}
