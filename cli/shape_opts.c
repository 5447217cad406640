/*
 * shape_opts.c - the options that set the rules puzzles are read with:
 * --box RxC, --alphabet STRING, --variant LIST and --regions FILE. They fill
 * one nonet_read_options that every reader of the run receives.
 *
 * The region map read from --regions lives in a cli_shape_opts and must
 * outlive the readers; the alphabet points into argv.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "pipeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole (small) file into a new NUL-terminated buffer; NULL on error. */
static char *slurp(const char *name, size_t *len)
{
    FILE *fp = fopen(name, "rb");
    if (!fp) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, fp);
        if (n < cap - 1) break;
        char *grown = realloc(buf, cap * 2);
        if (!grown || cap > (1u << 24)) {
            free(grown ? grown : buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    if (buf && ferror(fp)) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

/* Loads --regions FILE. Returns 0, or an exit status after printing why. */
static int load_regions(cli_shape_opts *so, const char *file)
{
    size_t len = 0;
    char *text = slurp(file, &len);
    if (!text) {
        fprintf(stderr, "nonet: %s: cannot read the region map: %s\n", file, strerror(errno));
        return EXIT_SYSTEM;
    }
    nonet_error err;
    memset(&err, 0, sizeof err);
    snprintf(err.source, sizeof err.source, "%s", file);
    int n = nonet_regions_parse(text, len, so->regions, &err);
    free(text);
    if (n < 0) {
        cli_text t = {0};
        cli_put_error(&t, &err);
        if (t.s) fputs(t.s, stderr);
        free(t.s);
        return EXIT_BAD_INPUT;
    }
    nonet_shape_spec sp = {0};
    sp.size = n;
    sp.regions = so->regions;
    nonet_shape *check = nonet_shape_new(&sp, &err);   /* connectivity */
    if (!check) {
        fprintf(stderr, "nonet: %s: %s\n", file, err.message);
        return EXIT_BAD_INPUT;
    }
    nonet_shape_free(check);
    so->opts.regions = so->regions;
    so->opts.region_size = n;
    return 0;
}

int cli_shape_option(cli_shape_opts *so, int opt, const char *arg)
{
    int r = 0, c = 0;
    char end = 0;
    nonet_error err;
    switch (opt) {
    case 'b':
        if (sscanf(arg, "%dx%d%c", &r, &c, &end) != 2 || r < 1 || c < 1 ||
            r * c < NONET_MIN_SIZE || r * c > NONET_MAX_SIZE)
            return cli_usage_error("solve", "bad box '%s' (expected RxC, like 3x4)", arg);
        so->opts.box_rows = r;
        so->opts.box_cols = c;
        return 0;
    case 'a': so->opts.alphabet = arg; break;
    case 'v':
        if (nonet_variants_parse(arg, &so->opts.variants, &err))
            return cli_usage_error("solve", "%s", err.message);
        return 0;
    case 'r': return load_regions(so, arg);
    default: return 0;
    }
    /* Let the library judge the alphabet. */
    nonet_reader *probe = nonet_reader_new_mem("", 0, "", NONET_FORMAT_AUTO, NULL);
    nonet_status st = probe ? nonet_reader_set_options(probe, &so->opts, &err) : NONET_OK;
    nonet_reader_free(probe);
    if (st) return cli_usage_error("solve", "%s", err.message);
    return 0;
}
