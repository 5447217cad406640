/*
 * cmd_dedupe.c - `nonet dedupe`: keep the first puzzle of each class of
 * equivalent puzzles, streaming. Workers compute each puzzle's canonical
 * form and a 128-bit hash of it (with the shape); the writer, in input
 * order, keeps a puzzle when its hash is new. Memory grows with the number
 * of classes (16 bytes each, and the first puzzle's line with --count),
 * never with the number of puzzles.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "equiv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: nonet dedupe [OPTIONS] [FILE...]\n"
    "Write the first puzzle of each class of equivalent puzzles of the FILEs\n"
    "(standard input when none or '-'), in input order, as it was read: later\n"
    "puzzles equivalent to an earlier one (see nonet canon) are left out.\n"
    "\n"
    "Options:\n"
    "  -c, --count         instead, once all is read, write one line a class in\n"
    "                      order of first appearance: the number of puzzles of\n"
    "                      the class, a tab, and its first puzzle as one line\n"
    "                      (json: its record with \"class_size\"; csv:\n"
    "                      index,puzzle,class_size)\n"
    "      --form NAME     canonical form compared: minlex (default) or pattern\n"
    "                      (the same classes, told apart at another speed)\n"
    "  -o, --output NAME   write this format (default: the input's)\n"
    "  -h, --help          show this help and exit\n"
    "\n" CLI_HELP_READING "\n"
    "Classes are told apart by a 128-bit hash of the canonical form and the\n"
    "shape (size, boxes, regions, variants): two classes share one with a\n"
    "chance below 1 in 10^26 for a million classes.\n"
    "\n"
    "Exit status: 0 every puzzle read; 1 some search gave up; 2 some input is\n"
    "malformed or breaks the rules (it is reported and left out); 3 usage\n"
    "error; 4 output or system error.\n";

/* The classes seen: keys in order of first appearance, an open-addressing
 * index over them, and with --count each class's size and first line. */
typedef struct classes {
    uint64_t *keys;            /* 2 words a class */
    unsigned long long *sizes; /* --count: puzzles of each class */
    char **texts;              /* --count: first puzzle of each class, as written */
    unsigned char *formats;    /* --count: the format it was written in */
    size_t n, cap;
    uint32_t *slot; /* class index + 1, 0 = empty */
    size_t nslots;  /* a power of two, at least twice n */
    int failed;     /* out of memory */
} classes;

/* ------------------------------------------------------------------ */
/* Keys                                                                 */
/* ------------------------------------------------------------------ */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdull;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ull;
    return z ^ (z >> 33);
}

/* Adds 8 bytes to the two running hashes. */
static void add_word(uint64_t *h, uint64_t w)
{
    h[0] = mix64(h[0] ^ w) + 0x9e3779b97f4a7c15ull;
    h[1] = mix64(h[1] + w * 0x9fb21c651e98df25ull) ^ (h[1] >> 29);
}

/* 128-bit key of a canonical form of a puzzle of shape s: the shape's
 * size, boxes, variants and (jigsaw) regions, then the cells. */
static void class_key(const nonet_shape *s, const unsigned char *cells, uint64_t *key)
{
    int n = nonet_shape_size(s), nc = n * n;
    uint64_t h[2] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull};
    add_word(h, (uint64_t)n | (uint64_t)nonet_shape_box_rows(s) << 8 |
                    (uint64_t)nonet_shape_box_cols(s) << 16 |
                    (uint64_t)nonet_shape_variants(s) << 24);
    if (!nonet_shape_box_rows(s))
        for (int i = 0; i < nc; i++)
            add_word(h, (uint64_t)nonet_shape_region(s, i) << 8 | (uint64_t)i);
    for (int i = 0; i < nc; i += 8) {
        uint64_t w = 0;
        memcpy(&w, cells + i, (size_t)(nc - i < 8 ? nc - i : 8));
        add_word(h, w);
    }
    key[0] = mix64(h[0] ^ h[1]);
    key[1] = mix64(h[1] + h[0]) | 1; /* never 0: 0,0 marks an item without a key */
}

/* ------------------------------------------------------------------ */
/* The class table                                                      */
/* ------------------------------------------------------------------ */

/* Doubles the index. Returns 0 or -1. */
static int rehash(classes *cl)
{
    size_t ns = cl->nslots ? 2 * cl->nslots : 1024;
    uint32_t *slot = calloc(ns, sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < cl->n; i++) {
        size_t h = (size_t)cl->keys[2 * i] & (ns - 1);
        while (slot[h]) h = (h + 1) & (ns - 1);
        slot[h] = (uint32_t)(i + 1);
    }
    free(cl->slot);
    cl->slot = slot;
    cl->nslots = ns;
    return 0;
}

/* Grows the per-class arrays to hold one more. Returns 0 or -1. */
static int grow(classes *cl, int with_count)
{
    if (cl->n < cl->cap) return 0;
    size_t cap = cl->cap ? 2 * cl->cap : 1024;
    uint64_t *k = realloc(cl->keys, 2 * cap * sizeof *k);
    if (!k) return -1;
    cl->keys = k;
    if (with_count) {
        unsigned long long *s = realloc(cl->sizes, cap * sizeof *s);
        if (!s) return -1;
        cl->sizes = s;
        char **t = realloc(cl->texts, cap * sizeof *t);
        if (!t) return -1;
        cl->texts = t;
        unsigned char *f = realloc(cl->formats, cap);
        if (!f) return -1;
        cl->formats = f;
    }
    cl->cap = cap;
    return 0;
}

/* Index of the class of `key`, or the new class's index with *is_new set;
 * (size_t)-1 when out of memory. */
static size_t find_or_add(classes *cl, const uint64_t *key, int with_count, int *is_new)
{
    if (2 * (cl->n + 1) > cl->nslots && rehash(cl)) return (size_t)-1;
    size_t h = (size_t)key[0] & (cl->nslots - 1);
    for (; cl->slot[h]; h = (h + 1) & (cl->nslots - 1)) {
        size_t i = cl->slot[h] - 1;
        if (cl->keys[2 * i] == key[0] && cl->keys[2 * i + 1] == key[1]) {
            *is_new = 0;
            return i;
        }
    }
    if (grow(cl, with_count)) return (size_t)-1;
    size_t i = cl->n++;
    cl->keys[2 * i] = key[0];
    cl->keys[2 * i + 1] = key[1];
    cl->slot[h] = (uint32_t)(i + 1);
    *is_new = 1;
    return i;
}

/* Frees the class table and the lines it kept. */
static void classes_free(classes *cl)
{
    for (size_t i = 0; cl->texts && i < cl->n; i++) free(cl->texts[i]);
    free(cl->keys);
    free(cl->sizes);
    free(cl->texts);
    free(cl->formats);
    free(cl->slot);
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

/* Worker: the class key of item's puzzle, and its record (as read; with
 * --count the text its class line will carry). */
static void dedupe_one(void *vctx, void *state, cli_item *item)
{
    cli_common *c = vctx;
    const cli_equiv *e = c->own;
    const nonet_puzzle *p = item->puzzle;
    unsigned char cells[NONET_MAX_CELLS];
    nonet_error err;
    item->key[0] = item->key[1] = 0;
    if (nonet_puzzle_check(p, &err) ||
        nonet_canon_puzzle(state, p, e->form, cells, NULL, NULL, &err)) {
        cli_equiv_fail(item, &err);
        return;
    }
    int f = cli_common_puzzle_output(c, item, p);
    if (f < 0) return; /* noted on item; no key: not a class */
    class_key(nonet_puzzle_shape(p), cells, item->key);
    if (!e->count) {
        cli_equiv_record(item, f, p, NULL, 0, NULL);
    } else if (f == NONET_FORMAT_JSON || f == NONET_FORMAT_CSV) {
        cli_equiv_record(item, f, p, NULL, 0, NULL);
        if (item->out.len) item->out.len--; /* the class size goes before the newline */
        if (f == NONET_FORMAT_JSON && item->out.len) item->out.len--; /* and inside the object */
        item->out.s[item->out.len] = '\0';
    } else {
        cli_append_record(&item->out, NONET_FORMAT_LINE,
                          &(nonet_record){.puzzle = p, .seconds = -1});
        if (item->out.len) item->out.s[--item->out.len] = '\0';
    }
}

/* Writer, in input order: keeps the first puzzle of a class. */
static void dedupe_ordered(void *vctx, cli_item *item)
{
    cli_common *c = vctx;
    cli_equiv *e = c->own;
    classes *cl = e->state;
    if (!item->key[0] && !item->key[1]) return; /* an error, already noted */
    int is_new = 0;
    size_t i = find_or_add(cl, item->key, e->count, &is_new);
    if (i == (size_t)-1) {
        cl->failed = 1;
        item->out.len = 0;
        if (item->exit_status < EXIT_SYSTEM) item->exit_status = EXIT_SYSTEM;
        return;
    }
    if (e->count) {
        if (is_new) {
            cl->sizes[i] = 0;
            cl->formats[i] = (unsigned char)cli_common_puzzle_output(c, item, item->puzzle);
            cl->texts[i] = item->out.s; /* keep the text; the item gets a new buffer */
            item->out.s = NULL;
            item->out.cap = 0;
        }
        cl->sizes[i]++;
    } else if (is_new) {
        return; /* written */
    }
    item->out.len = 0;
}

/* With --count: the class lines, once everything is read. */
static void dedupe_finish(void *vctx)
{
    cli_common *c = vctx;
    cli_equiv *e = c->own;
    classes *cl = e->state;
    if (cl->failed) fputs("nonet: out of memory for the classes\n", stderr);
    if (!e->count) return;
    for (size_t i = 0; i < cl->n; i++) {
        const char *text = cl->texts[i] ? cl->texts[i] : "";
        if (cl->formats[i] == NONET_FORMAT_JSON)
            printf("%s,\"class_size\":%llu}\n", text, cl->sizes[i]);
        else if (cl->formats[i] == NONET_FORMAT_CSV) printf("%s,%llu\n", text, cl->sizes[i]);
        else printf("%llu\t%s\n", cl->sizes[i], text);
    }
}

int cmd_dedupe(int argc, char **argv)
{
    static const int accepts[] = {'f',
                                  'o',
                                  'j',
                                  'h',
                                  'c',
                                  CLI_OPT_FORM,
                                  CLI_OPT_PROGRESS,
                                  CLI_OPT_BOX,
                                  CLI_OPT_ALPHABET,
                                  CLI_OPT_VARIANT,
                                  CLI_OPT_REGIONS,
                                  0};
    static cli_common c; /* static: the region map is large */
    cli_equiv e;
    classes cl;
    memset(&e, 0, sizeof e);
    memset(&cl, 0, sizeof cl);
    e.state = &cl;
    cli_common_init(&c, "dedupe", usage, &e);
    int st = cli_equiv_parse(&c, argc, argv, accepts);
    if (st != CLI_GO_ON) return st;
    const char *header = NULL;
    if (c.output == NONET_FORMAT_CSV)
        header = e.count ? "index,puzzle,class_size\n" : "index,puzzle\n";
    st = cli_equiv_run(&c, dedupe_one, dedupe_ordered, header, dedupe_finish, argv + optind,
                       argc - optind);
    classes_free(&cl);
    return st;
}
