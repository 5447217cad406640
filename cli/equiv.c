/*
 * equiv.c - the parts canon, shuffle and dedupe share (see equiv.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "equiv.h"

#include "json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses a number for --seed or --copies (decimal or 0x hex); -1 when bad. */
static int parse_u64(const char *text, uint64_t *v)
{
    char *end;
    if (!*text || *text == '-' || *text == '+' || *text == ' ') return -1;
    errno = 0;
    unsigned long long x = strtoull(text, &end, 0);
    if (*end || errno == ERANGE) return -1; /* above 2^64-1: not clamped */
    *v = x;
    return 0;
}

int cli_equiv_option(void *own, int opt)
{
    cli_equiv *e = own;
    uint64_t v;
    switch (opt) {
    case CLI_OPT_FORM: {
        int f = nonet_canon_form_from_name(optarg);
        if (f < 0)
            e->bad = cli_usage_error(e->cmd, "unknown form '%s' (minlex or pattern)", optarg);
        else e->form = (nonet_canon_form)f;
        return 1;
    }
    case CLI_OPT_SEED:
        if (parse_u64(optarg, &v)) e->bad = cli_usage_error(e->cmd, "bad seed '%s'", optarg);
        else e->seed = v;
        return 1;
    case CLI_OPT_COPIES:
        if (parse_u64(optarg, &v) || v == 0 || v > 1000000)
            e->bad = cli_usage_error(e->cmd, "bad copy count '%s' (1..1000000)", optarg);
        else e->copies = (unsigned long)v;
        return 1;
    case 'c': e->count = 1; return 1;
    default: return 0;
    }
}

int cli_equiv_parse(cli_common *c, int argc, char **argv, const int *accepts)
{
    cli_equiv *e = c->own;
    e->cmd = c->cmd;
    int st = cli_common_parse(c, argc, argv, accepts, cli_equiv_option);
    if (st == CLI_GO_ON && e->bad) {
        cli_common_free(c);
        return EXIT_USAGE;
    }
    return st;
}

/* Per-thread state of the pipeline: a canonical-form workspace. */
static void *make_canon(void *ctx)
{
    (void)ctx;
    return nonet_canon_new();
}

/* Frees make_canon's workspace. */
static void free_canon(void *state) { nonet_canon_free(state); }

int cli_equiv_run(cli_common *c, cli_work_fn work, void (*ordered)(void *, cli_item *),
                  const char *header, void (*finish)(void *), char **files, int nfiles)
{
    cli_pipeline *p = &c->pipe;
    p->read_opts = c->rules.used ? &c->rules.opts : NULL;
    p->work = work;
    p->ctx = c;
    p->make_state = make_canon;
    p->free_state = free_canon;
    p->ordered = ordered;
    p->finish = finish;
    if (header) fputs(header, stdout);
    cli_common_start(c, files, nfiles);
    int st = cli_pipeline_run(p, files, nfiles);
    cli_common_free(c);
    return st;
}

void cli_equiv_fail(cli_item *item, nonet_error *err)
{
    const nonet_puzzle *p = item->puzzle;
    snprintf(err->source, sizeof err->source, "%s", nonet_puzzle_source(p));
    err->line = nonet_puzzle_line(p);
    cli_equiv_fail_at(item, err);
}

void cli_equiv_fail_at(cli_item *item, const nonet_error *err)
{
    if (err->code == NONET_ERR_LIMIT) {
        const char *name = item->puzzle           ? nonet_puzzle_source(item->puzzle)
                           : cli_item_lines(item) ? item->lane->source
                                                  : "";
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up: %s\n", name[0] ? name : "-", err->line,
                        err->message);
        if (item->exit_status < EXIT_GAVE_UP) item->exit_status = EXIT_GAVE_UP;
        return;
    }
    cli_put_item_error(item, err);
    int st = err->code == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
    if (item->exit_status < st) item->exit_status = st;
}

/* Appends "[a,b,...]" for values v[from..to), each plus `plus` (1 for the
 * 0-based rows and columns: every coordinate in nonet's JSON is 1-based). */
static void json_list(cli_text *out, const unsigned char *v, int from, int to, int plus)
{
    cli_text_put(out, "[", 1);
    for (int i = from; i < to; i++) cli_text_printf(out, i > from ? ",%d" : "%d", v[i] + plus);
    cli_text_put(out, "]", 1);
}

void cli_equiv_json(cli_text *out, const nonet_transform *t, unsigned long long aut)
{
    if (aut) cli_text_printf(out, ",\"automorphisms\":%llu", aut);
    cli_text_printf(out,
                    ",\"transform\":{\"transpose\":%s,\"rows\":", t->transpose ? "true" : "false");
    json_list(out, t->rows, 0, t->size, 1);
    cli_text_put(out, ",\"cols\":", 8);
    json_list(out, t->cols, 0, t->size, 1);
    cli_text_put(out, ",\"digits\":", 10);
    json_list(out, t->digits, 1, t->size + 1, 0);
    cli_text_put(out, "}", 1);
}

void cli_equiv_line(cli_text *out, const nonet_puzzle *p)
{
    const nonet_shape *s = nonet_puzzle_shape(p);
    size_t need = nonet_write_grid(NULL, 0, NONET_FORMAT_LINE, s, nonet_puzzle_cells(p));
    char small[512], *buf = need < sizeof small ? small : malloc(need + 1);
    if (!buf) return;
    nonet_write_grid(buf, need + 1, NONET_FORMAT_LINE, s, nonet_puzzle_cells(p));
    cli_text_put(out, buf, need - 1); /* without its newline */
    if (buf != small) free(buf);
}

int cli_equiv_record(cli_item *item, nonet_format f, const nonet_puzzle *q,
                     const nonet_transform *t, unsigned long long aut, const char *extra)
{
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = q;
    rec.seconds = -1;
    cli_text *out = &item->out;
    size_t start = out->len;
    if (f == NONET_FORMAT_CSV) {
        /* index,puzzle then the command's fields */
        cli_text_printf(out, "%ld,", nonet_puzzle_index(q));
        cli_equiv_line(out, q);
        cli_text_printf(out, "%s\n", extra ? extra : "");
        return 0;
    }
    if (cli_append_record(out, f, &rec)) {
        item->exit_status = EXIT_SYSTEM;
        return -1;
    }
    if (f == NONET_FORMAT_JSON && t && out->len >= start + 2) {
        out->len -= 2; /* reopen the object: drop its "}\n" */
        if (extra) cli_text_printf(out, "%s", extra);
        cli_equiv_json(out, t, aut);
        cli_text_put(out, "}\n", 2);
    }
    return 0;
}

void cli_equiv_invalid(const cli_common *c, cli_item *item, const nonet_error *err)
{
    const nonet_puzzle *p = item->puzzle;
    nonet_format f = cli_common_output(c, p);
    cli_text *out = &item->out;
    if (f == NONET_FORMAT_JSON) {
        cli_json j;
        cli_json_puzzle(&j, out, p);
        cli_json_str(&j, "status", cli_status_name(CLI_STATUS_INVALID));
        cli_json_str(&j, "message", err->message);
        cli_json_end(&j);
    } else if (f == NONET_FORMAT_CSV) {
        cli_text_printf(out, "%ld,", nonet_puzzle_index(p));
        cli_equiv_line(out, p);
        for (int k = 2; k < c->csv_columns - 2; k++) cli_text_put(out, ",", 1);
        cli_text_printf(out, ",%s,", cli_status_name(CLI_STATUS_INVALID));
        cli_csv_put_field(out, err->message);
        cli_text_put(out, "\n", 1);
    } else if (!cli_format_is_judge(f)) {
        cli_text_printf(out, "%s\n", CLI_UNREAD_MARKER);
    }
}
