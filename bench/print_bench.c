/*
 * print_bench.c - how fast `nonet print` draws: pages per second and
 * puzzles per second for each surface (PDF, SVG, PNG), through the sheet
 * renderer itself (sheet/sheet.h), files written to a scratch folder.
 *
 * The puzzles of FILE are used in turn until PAGES pages are drawn,
 * PER_PAGE to a page; with -a every sheet also gets its answers section
 * (solved before the clock starts). Each format runs RUNS times after a
 * warm-up; the median is printed. No other program prints Sudoku sheets
 * from the command line, so there is no peer to compare with.
 *
 * Usage: print_bench [-n PAGES] [-p PER_PAGE] [-r RUNS] [-d DPI] [-a] FILE
 */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <dirent.h>
#include <nonet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct setup {
    nonet_puzzle **p;    /* the puzzles of FILE */
    unsigned char **sol; /* their first solutions (with -a) */
    int count;
    int pages, per_page, runs, answers;
    double dpi;
    char dir[64]; /* scratch folder */
} setup;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads every puzzle of file (and solves it with -a). Returns 0 or 1. */
static int load(setup *su, const char *file)
{
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        perror(file);
        return 1;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, file, NONET_FORMAT_AUTO, &err);
    nonet_puzzle *p;
    nonet_status st;
    while (r && (st = nonet_reader_next(r, &p, &err)) != NONET_END) {
        if (st != NONET_OK) continue;
        su->p = realloc(su->p, (size_t)(su->count + 1) * sizeof *su->p);
        su->sol = realloc(su->sol, (size_t)(su->count + 1) * sizeof *su->sol);
        su->p[su->count] = p;
        su->sol[su->count] = malloc((size_t)nonet_shape_cells(nonet_puzzle_shape(p)));
        nonet_result res;
        if (su->answers) nonet_solve(p, NULL, su->sol[su->count], &res, NULL);
        su->count++;
    }
    nonet_reader_free(r);
    fclose(fp);
    if (!su->count) fprintf(stderr, "%s: no puzzle\n", file);
    return su->count == 0;
}

/* Removes every file of the scratch folder. */
static void clean(const setup *su)
{
    DIR *d = opendir(su->dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", su->dir, e->d_name);
        unlink(path);
    }
    if (d) closedir(d);
}

/* Draws one sheet in format f; returns its seconds, or -1 on failure. */
static double one_run(const setup *su, sheet_format f)
{
    static const char *const ext[] = {"pdf", "svg", "png"};
    char path[128], msg[512];
    snprintf(path, sizeof path, "%s/sheet.%s", su->dir, ext[f]);
    sheet_options o;
    memset(&o, 0, sizeof o);
    o.style.per_page = su->per_page;
    o.format = f;
    o.path = path;
    o.dpi = su->dpi;
    o.answers = su->answers;
    o.title = "Benchmark";
    double t0 = now();
    sheet *s = sheet_new(&o, msg, sizeof msg);
    int ok = s != NULL;
    for (int i = 0; ok && i < su->pages * su->per_page; i++) {
        const nonet_puzzle *p = su->p[i % su->count];
        nonet_puzzle *copy = nonet_puzzle_new(nonet_puzzle_shape(p), nonet_puzzle_cells(p),
                                              nonet_puzzle_candidates(p), NULL);
        ok = sheet_add(s, copy, su->answers ? su->sol[i % su->count] : NULL,
                       su->answers ? SHEET_ANSWER_UNIQUE : SHEET_ANSWER_NONE, msg, sizeof msg) == 0;
    }
    ok = ok && sheet_finish(s, msg, sizeof msg) > 0;
    sheet_free(s);
    double t = now() - t0;
    clean(su);
    if (!ok) fprintf(stderr, "print_bench: %s\n", msg);
    return ok ? t : -1;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Times format f: a warm-up, then the median of su->runs runs. */
static int bench_format(const setup *su, sheet_format f, const char *name)
{
    double t[64];
    if (one_run(su, f) < 0) return 1;
    for (int i = 0; i < su->runs; i++)
        if ((t[i] = one_run(su, f)) < 0) return 1;
    qsort(t, (size_t)su->runs, sizeof t[0], by_value);
    double med = t[su->runs / 2];
    int puzzles = su->pages * su->per_page;
    int answer_pages = su->answers ? (puzzles + 11) / 12 : 0; /* 9x9: 12 a page */
    printf("%-4s %4d puzzle pages%s: %.3f s, %7.1f pages/s, %8.1f puzzles/s\n", name, su->pages,
           su->answers ? " + answers" : "", med, (su->pages + answer_pages) / med, puzzles / med);
    return 0;
}

int main(int argc, char **argv)
{
    setup su;
    memset(&su, 0, sizeof su);
    su.pages = 40, su.per_page = 4, su.runs = 5, su.dpi = 150;
    int opt;
    while ((opt = getopt(argc, argv, "n:p:r:d:a")) != -1) {
        if (opt == 'n') su.pages = atoi(optarg);
        else if (opt == 'p') su.per_page = atoi(optarg);
        else if (opt == 'r') su.runs = atoi(optarg);
        else if (opt == 'd') su.dpi = atof(optarg);
        else if (opt == 'a') su.answers = 1;
        else return 2;
    }
    if (optind != argc - 1 || su.pages < 1 || !sheet_per_page_valid(su.per_page) || su.runs < 1 ||
        su.runs > 64) {
        fprintf(stderr,
                "usage: print_bench [-n PAGES] [-p 1|2|4|6] [-r RUNS] [-d DPI] [-a] FILE\n");
        return 2;
    }
    if (load(&su, argv[optind])) return 1;
    snprintf(su.dir, sizeof su.dir, "/tmp/nonet-print-bench.XXXXXX");
    if (!mkdtemp(su.dir)) {
        perror("mkdtemp");
        return 1;
    }
    printf("%s: %d puzzles, %d to a page, PNG at %.0f dpi, median of %d runs\n", argv[optind],
           su.count, su.per_page, su.dpi, su.runs);
    int bad = bench_format(&su, SHEET_PDF, "pdf") | bench_format(&su, SHEET_SVG, "svg") |
              bench_format(&su, SHEET_PNG, "png");
    rmdir(su.dir);
    for (int i = 0; i < su.count; i++) {
        nonet_puzzle_free(su.p[i]);
        free(su.sol[i]);
    }
    free(su.p);
    free(su.sol);
    sheet_shutdown();
    return bad;
}
