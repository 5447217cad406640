/*
 * carry.c - which formats carry which rules (see carry.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "carry.h"

#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when s has the shape nonet_shape_new_classic gives its size: the
 * default boxes, no regions of its own, no variants. */
static int classic_shape(const nonet_shape *s)
{
    if (nonet_shape_variants(s)) return 0;
    nonet_shape *d = nonet_shape_new_classic(nonet_shape_size(s), NULL);
    if (!d) return 0;
    int same = nonet_shape_box_rows(s) == nonet_shape_box_rows(d) &&
               nonet_shape_box_cols(s) == nonet_shape_box_cols(d) && nonet_shape_box_rows(s) > 0;
    nonet_shape_free(d);
    return same;
}

/* 1 when s has boxes other than the default ones of its size. */
static int other_boxes(const nonet_shape *s)
{
    nonet_shape *d = nonet_shape_new_classic(nonet_shape_size(s), NULL);
    int other = d && (nonet_shape_box_rows(d) != nonet_shape_box_rows(s) ||
                      nonet_shape_box_cols(d) != nonet_shape_box_cols(s));
    nonet_shape_free(d);
    return other;
}

int cli_carries(nonet_format f, const nonet_shape *s, int records)
{
    if (f == NONET_FORMAT_NONET || nonet_shape_is_classic9(s)) return 1;
    (void)records;
    if (f == NONET_FORMAT_JSON) return 1; /* a record for programs, not refused (see carry.h) */
    if (f == NONET_FORMAT_HDU && !nonet_shape_variants(s) && nonet_shape_size(s) == 9) return 1;
    /* f-puzzles JSON (and the links holding it) names every variant and
     * writes a jigsaw's regions; only boxes other than its size's default
     * have no field */
    if (f == NONET_FORMAT_FPUZZLES || f == NONET_FORMAT_FPUZZLES_LINK ||
        f == NONET_FORMAT_SUDOKUPAD)
        return !nonet_shape_box_rows(s) || !other_boxes(s);
    return classic_shape(s);
}

const char *cli_rules_text(char *buf, size_t cap, const nonet_shape *s)
{
    cli_text t = {0};
    if (!nonet_shape_box_rows(s)) cli_text_printf(&t, "jigsaw regions");
    else if (other_boxes(s))
        cli_text_printf(&t, "%dx%d boxes", nonet_shape_box_rows(s), nonet_shape_box_cols(s));
    unsigned v = nonet_shape_variants(s);
    const char *sep = t.len ? ", variants " : "variants ";
    for (unsigned bit = 1; bit && bit <= v; bit <<= 1)
        if (v & bit) {
            cli_text_printf(&t, "%s%s", sep, nonet_variant_name(bit));
            sep = ",";
        }
    snprintf(buf, cap, "%s", t.s && !t.failed ? t.s : "");
    free(t.s);
    return buf;
}

int cli_puzzle_format(cli_item *item, const char *cmd, nonet_format f, nonet_format fallback,
                      const nonet_shape *s, int records)
{
    nonet_format use = f ? f : fallback;
    if (cli_carries(use, s, records)) return use;
    if (!f) return NONET_FORMAT_NONET;
    char rules[160];
    cli_rules_text(rules, sizeof rules, s);
    const nonet_puzzle *p = item->puzzle;
    if (p && nonet_puzzle_line(p) > 0)
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: ", nonet_puzzle_source(p)[0] ? nonet_puzzle_source(p) : "-",
                        nonet_puzzle_line(p));
    else cli_text_printf(&item->err, "nonet: %s: ", cmd);
    cli_text_printf(&item->err,
                    "the %s format cannot hold this puzzle's rules (%s); write it with -o nonet\n",
                    nonet_format_name(f), rules);
    item->exit_status = EXIT_USAGE;
    return -1;
}
