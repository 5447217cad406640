/*
 * rules.c - the options that set the rules puzzles are read with (see
 * rules.h). The region map read from --regions lives in the cli_rules and
 * must outlive the readers; the alphabet points into argv.
 */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#include "item.h"
#include "options.h"

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
static int load_regions(cli_rules *so, const char *file)
{
    size_t len = 0;
    char *text = slurp(file, &len);
    if (!text) {
        int e = errno;
        fprintf(stderr, "nonet: %s: cannot read the region map: %s\n", file, strerror(e));
        return e == ENOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT; /* as a missing input */
    }
    nonet_error err;
    memset(&err, 0, sizeof err);
    snprintf(err.source, sizeof err.source, "%s", file);
    int n = nonet_regions_parse(text, len, so->regions, &err);
    free(text);
    if (n < 0) {
        cli_text t = {0};
        cli_put_error_in(&t, &err, file);
        if (t.s) fputs(t.s, stderr);
        free(t.s);
        return EXIT_BAD_INPUT;
    }
    nonet_shape_spec sp = {0};
    sp.size = n;
    sp.regions = so->regions;
    nonet_shape *check = nonet_shape_new(&sp, &err); /* connectivity */
    if (!check) {
        fprintf(stderr, "nonet: %s: %s\n", file, err.message);
        return EXIT_BAD_INPUT;
    }
    nonet_shape_free(check);
    so->opts.regions = so->regions;
    so->opts.region_size = n;
    return 0;
}

int cli_rules_option(cli_rules *so, const char *cmd, int opt, const char *arg)
{
    nonet_error err;
    so->used = 1;
    switch (opt) {
    case CLI_OPT_BOX:
        if (cli_parse_box(arg, &so->opts.box_rows, &so->opts.box_cols))
            return cli_usage_error(cmd, "bad box '%s' (expected RxC, like 3x4)", arg);
        return 0;
    case CLI_OPT_ALPHABET: so->opts.alphabet = arg; break;
    case CLI_OPT_VARIANT:
        if (nonet_variants_parse(arg, &so->opts.variants, &err))
            return cli_usage_error(cmd, "%s", err.message);
        return 0;
    case CLI_OPT_REGIONS: return load_regions(so, arg);
    default: return 0;
    }
    /* Let the library judge the alphabet. */
    nonet_reader *probe = nonet_reader_new_mem("", 0, "", NONET_FORMAT_AUTO, NULL);
    nonet_status st = probe ? nonet_reader_set_options(probe, &so->opts, &err) : NONET_OK;
    nonet_reader_free(probe);
    if (st) return cli_usage_error(cmd, "%s", err.message);
    return 0;
}
