/*
 * bench_sets.h - a puzzle set of bench/data opened for a unit test.
 *
 * BENCH_DATA is the bench/data folder (the tests' CMakeLists.txt defines
 * it; "bench/data" when run from the source root). Include after
 * harness.h and nonet.h.
 */
#ifndef NONET_BENCH_SETS_H
#define NONET_BENCH_SETS_H

#ifndef BENCH_DATA
#define BENCH_DATA "bench/data"
#endif

/* An open set: its file and a reader of it in any format (both owned). */
typedef struct bench_set {
    FILE *fp;
    nonet_reader *rd;
} bench_set;

/* Opens BENCH_DATA/name and a reader of it. Returns 1, or 0 with a failed
 * check recorded (a missing set is a failure: bench/data is in the tree)
 * and nothing left to close. */
static inline int bench_set_open(bench_set *s, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BENCH_DATA, name);
    s->fp = fopen(path, "rb");
    s->rd = s->fp ? nonet_reader_new_file(s->fp, path, NONET_FORMAT_AUTO, NULL) : NULL;
    CHECK(s->rd != NULL);
    if (s->rd) return 1;
    if (s->fp) fclose(s->fp);
    return 0;
}

/* Closes what bench_set_open opened. */
static inline void bench_set_close(bench_set *s)
{
    nonet_reader_free(s->rd);
    fclose(s->fp);
}

#endif
