/*
 * glue.c - the C side of the WebAssembly build: a thin skin over nonet.h
 * (it includes nothing else of the library) that takes puzzle text in
 * linear memory and answers JSON Lines in an output buffer, one record a
 * puzzle (or a step), with the fields `nonet COMMAND -o json -T` writes.
 *
 * Calling convention (web/nonet.js is the only caller): the host makes a
 * context with web_new, copies its input into memory from web_alloc, calls
 * one command and reads web_out(w) .. web_out(w) + web_out_len(w). Every
 * command replaces the output. Input text is any format nonet reads (the
 * format is detected), under the rules set by web_rules. A puzzle that
 * cannot be read or breaks the rules gets a record with "status" and
 * "error" ("nonet: -:LINE: message") and the others are still answered,
 * as the CLI does. Returns: 0, or -1 when memory ran out (the output then
 * holds what fitted).
 *
 * The context owns one solver, one explainer and one canon workspace, so a
 * page that asks many hints allocates nothing after the first.
 */
#include <nonet.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEB_EXPORT(name) __attribute__((export_name(#name)))

/* A growable text buffer: the output of the last command. */
typedef struct web_text {
    char *s;    /* NUL-terminated, NULL before the first write */
    size_t len; /* bytes without the NUL */
    size_t cap; /* bytes allocated */
    int failed; /* 1 once memory ran out */
} web_text;

typedef struct web {
    web_text out;             /* the answer of the last command */
    nonet_read_options rules; /* box, variants and regions for every puzzle */
    int regions[NONET_MAX_CELLS];
    nonet_solver *solver;
    nonet_explainer *explainer;
    nonet_canon *canon;
    char scratch[NONET_MAX_CELLS * 8]; /* one grid or step written by the library */
} web;

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

static int text_room(web_text *t, size_t more)
{
    if (t->failed) return -1;
    if (t->len + more + 1 <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + more + 1) cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) {
        t->failed = 1;
        return -1;
    }
    t->s = s;
    t->cap = cap;
    return 0;
}

static void put(web_text *t, const char *s, size_t n)
{
    if (text_room(t, n)) return;
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = 0;
}

static void puts_(web_text *t, const char *s) { put(t, s, strlen(s)); }

static void printf_(web_text *t, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        put(t, small, (size_t)n);
        return;
    }
    if (text_room(t, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* A JSON string with its quotes. */
static void put_json_string(web_text *t, const char *s)
{
    put(t, "\"", 1);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') printf_(t, "\\%c", ch);
        else if (ch == '\n') puts_(t, "\\n");
        else if (ch < 32) printf_(t, "\\u%04x", ch);
        else put(t, s, 1);
    }
    put(t, "\"", 1);
}

/* Reopens the JSON object just written (drops its "}\n"). */
static void reopen(web_text *t, size_t start)
{
    if (t->len >= start + 2 && t->s[t->len - 2] == '}') t->len -= 2;
}

/* A grid as one line of symbols, no newline. */
static void put_line(web *w, const nonet_shape *s, const unsigned char *grid)
{
    size_t need = nonet_write_grid(NULL, 0, NONET_FORMAT_LINE, s, grid);
    if (need < sizeof w->scratch) {
        nonet_write_grid(w->scratch, sizeof w->scratch, NONET_FORMAT_LINE, s, grid);
        put(&w->out, w->scratch, need ? need - 1 : 0);
    }
}

static void put_error(web *w, const nonet_error *err)
{
    puts_(&w->out, ",\"error\":");
    char msg[NONET_ERROR_TEXT + 128];
    if (err->line) snprintf(msg, sizeof msg, "nonet: -:%ld: %s", err->line, err->message);
    else snprintf(msg, sizeof msg, "nonet: %s", err->message);
    put_json_string(&w->out, msg);
    puts_(&w->out, ",\"code\":");
    put_json_string(&w->out, nonet_status_name(err->code));
}

/* The opening fields every per-puzzle record of the CLI has. */
static void put_head(web *w, const nonet_puzzle *p)
{
    printf_(&w->out, "{\"index\":%ld,\"source\":\"-\",\"line\":%ld,\"puzzle\":\"",
            nonet_puzzle_index(p), nonet_puzzle_line(p));
    put_line(w, nonet_puzzle_shape(p), nonet_puzzle_cells(p));
    put(&w->out, "\"", 1);
}

/* ------------------------------------------------------------------ */
/* Context                                                              */
/* ------------------------------------------------------------------ */

WEB_EXPORT(web_new) web *web_new(void)
{
    web *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    nonet_read_options_init(&w->rules);
    w->solver = nonet_solver_new();
    w->explainer = nonet_explainer_new(NULL, NULL);
    w->canon = nonet_canon_new();
    if (!w->solver || !w->explainer || !w->canon) {
        nonet_solver_free(w->solver);
        nonet_explainer_free(w->explainer);
        nonet_canon_free(w->canon);
        free(w);
        return NULL;
    }
    return w;
}

WEB_EXPORT(web_free) void web_free(web *w)
{
    if (!w) return;
    nonet_solver_free(w->solver);
    nonet_explainer_free(w->explainer);
    nonet_canon_free(w->canon);
    free(w->out.s);
    free(w);
}

WEB_EXPORT(web_alloc) void *web_alloc(size_t n) { return malloc(n ? n : 1); }
WEB_EXPORT(web_dealloc) void web_dealloc(void *p) { free(p); }
WEB_EXPORT(web_out) const char *web_out(const web *w) { return w->out.s ? w->out.s : ""; }
WEB_EXPORT(web_out_len) size_t web_out_len(const web *w) { return w->out.len; }
WEB_EXPORT(web_version) const char *web_version(void) { return nonet_version(); }

static int begin(web *w)
{
    w->out.len = 0;
    w->out.failed = 0;
    return text_room(&w->out, 0);
}

static int finish(web *w) { return w->out.failed ? -1 : 0; }

/* Sets the rules every later puzzle is read with: box R x C (0, 0 for the
 * default), a variant list ("x,hyper"; "" for none) and a jigsaw map
 * (NULL or "" for none). Returns 0, or -1 with an error record in the
 * output (the rules are then the defaults). */
WEB_EXPORT(web_rules)
int web_rules(web *w, int box_rows, int box_cols, const char *variants, const char *regions)
{
    begin(w);
    nonet_read_options_init(&w->rules);
    nonet_error err;
    unsigned v = 0;
    int n = 0;
    memset(&err, 0, sizeof err);
    if (variants && nonet_variants_parse(variants, &v, &err) != NONET_OK) goto fail;
    if (regions && *regions) {
        n = nonet_regions_parse(regions, strlen(regions), w->regions, &err);
        if (n < 0) goto fail;
    }
    w->rules.box_rows = box_rows;
    w->rules.box_cols = box_cols;
    w->rules.variants = v;
    w->rules.region_size = n;
    w->rules.regions = n ? w->regions : NULL;
    return 0;
fail:
    puts_(&w->out, "{\"status\":\"invalid\"");
    put_error(w, &err);
    puts_(&w->out, "}\n");
    return -1;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

typedef void (*web_each_fn)(web *w, const nonet_puzzle *p, void *ctx);

/* Calls fn with every puzzle of the text; writes a record for each one
 * that cannot be read. Returns 0 or -1 (out of memory, fatal read error). */
static int each_puzzle(web *w, const char *text, size_t len, web_each_fn fn, void *ctx)
{
    nonet_error err;
    memset(&err, 0, sizeof err);
    nonet_reader *r = nonet_reader_new_mem(text, len, "-", NONET_FORMAT_AUTO, &err);
    if (r && nonet_reader_set_options(r, &w->rules, &err) != NONET_OK) {
        nonet_reader_free(r);
        r = NULL;
    }
    if (!r) {
        puts_(&w->out, "{\"status\":\"invalid\"");
        put_error(w, &err);
        puts_(&w->out, "}\n");
        return -1;
    }
    long index = 0;
    for (;;) {
        nonet_puzzle *p = NULL;
        nonet_status st = nonet_reader_next(r, &p, &err);
        if (st == NONET_END) break;
        index++;
        if (st != NONET_OK) {
            printf_(&w->out, "{\"index\":%ld,\"source\":\"-\",\"line\":%ld,\"status\":\"invalid\"",
                    index, err.line);
            put_error(w, &err);
            puts_(&w->out, "}\n");
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        fn(w, p, ctx);
        nonet_puzzle_free(p);
        if (w->out.failed) break;
    }
    nonet_reader_free(r);
    return finish(w);
}

/* ------------------------------------------------------------------ */
/* solve, count, check                                                  */
/* ------------------------------------------------------------------ */

typedef struct solve_ctx {
    unsigned long long limit; /* solutions to look for (0: all) */
    int keep;                 /* solutions to write (at least 1) */
    unsigned char *grids;     /* keep grids */
    unsigned long long kept;
    int cells;
} solve_ctx;

static int keep_solution(void *vctx, const unsigned char *grid)
{
    solve_ctx *c = vctx;
    if (c->kept < (unsigned long long)c->keep)
        memcpy(c->grids + c->kept * (size_t)c->cells, grid, (size_t)c->cells);
    c->kept++;
    return 0;
}

static void solve_one(web *w, const nonet_puzzle *p, void *vctx)
{
    solve_ctx *c = vctx;
    nonet_error err;
    nonet_result res;
    nonet_record rec;
    memset(&res, 0, sizeof res);
    memset(&rec, 0, sizeof rec);
    rec.puzzle = p;
    rec.seconds = -1;
    rec.result = &res;
    c->cells = nonet_shape_cells(nonet_puzzle_shape(p));
    c->kept = 0;
    c->grids = malloc((size_t)c->cells * (size_t)c->keep);
    int bad = !c->grids;
    nonet_status st = NONET_OK;
    if (!bad && (st = nonet_puzzle_check(p, &err)) == NONET_OK) {
        nonet_options opt;
        nonet_options_init(&opt);
        opt.limit = c->limit;
        opt.on_solution = keep_solution;
        opt.solution_ctx = c;
        st = nonet_solver_run(w->solver, p, &opt, NULL, &res, &err);
    }
    if (st != NONET_OK && st != NONET_ERR_LIMIT) rec.status = "invalid";
    rec.solutions = c->grids;
    rec.nsolutions = c->kept < (unsigned long long)c->keep ? c->kept : (unsigned long long)c->keep;
    size_t need = nonet_write_record(NULL, 0, NONET_FORMAT_JSON, &rec);
    size_t start = w->out.len;
    if (!bad && !text_room(&w->out, need)) {
        nonet_write_record(w->out.s + w->out.len, need + 1, NONET_FORMAT_JSON, &rec);
        w->out.len += need;
        if (st != NONET_OK && st != NONET_ERR_LIMIT) {
            reopen(&w->out, start);
            put_error(w, &err);
            puts_(&w->out, "}\n");
        }
    }
    free(c->grids);
}

/* Solves every puzzle: records as `nonet solve -o json -T` (limit 2: the
 * first solution and whether it is unique). */
WEB_EXPORT(web_solve) int web_solve(web *w, const char *text, size_t len)
{
    solve_ctx c = {2, 1, NULL, 0, 0};
    return begin(w) ? -1 : each_puzzle(w, text, len, solve_one, &c);
}

/* Counts solutions up to `limit` (0: all), writing the first `keep` (as
 * `nonet solve --all --limit L -o json -T`; `nonet count` is keep 1). */
WEB_EXPORT(web_count)
int web_count(web *w, const char *text, size_t len, double limit, int keep)
{
    solve_ctx c = {limit > 0 ? (unsigned long long)limit : 0, keep < 1 ? 1 : keep, NULL, 0, 0};
    return begin(w) ? -1 : each_puzzle(w, text, len, solve_one, &c);
}

static void check_one(web *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    nonet_error err;
    nonet_result res;
    memset(&res, 0, sizeof res);
    int n = nonet_shape_size(nonet_puzzle_shape(p));
    put_head(w, p);
    nonet_status st = nonet_puzzle_check(p, &err);
    if (st == NONET_OK) st = nonet_solver_run(w->solver, p, NULL, NULL, &res, &err);
    if (st == NONET_ERR_RULE) {
        puts_(&w->out, ",\"status\":\"contradiction\",\"verdict\":\"contradiction\"");
        put_error(w, &err);
    } else if (st != NONET_OK) {
        puts_(&w->out, ",\"status\":\"error\",\"verdict\":\"error\"");
        put_error(w, &err);
    } else if (res.solutions == 0) {
        puts_(&w->out, ",\"status\":\"none\",\"verdict\":\"no solution\"");
    } else if (res.solutions > 1) {
        puts_(&w->out, ",\"status\":\"several\",\"verdict\":\"several solutions\"");
    } else if (nonet_puzzle_candidates(p)) {
        puts_(&w->out, ",\"status\":\"unique\",\"verdict\":\"unique\"");
    } else {
        int g = -1; /* on an error (memory) the puzzle is called minimal, as before */
        nonet_solver_removable_given(w->solver, p, NULL, &g, NULL, NULL);
        if (g < 0)
            puts_(&w->out,
                  ",\"status\":\"unique\",\"minimal\":true,\"verdict\":\"unique, minimal\"");
        else
            printf_(&w->out,
                    ",\"status\":\"unique\",\"minimal\":false,\"removable\":\"r%dc%d\","
                    "\"verdict\":\"unique, not minimal (r%dc%d can be removed)\"",
                    g / n + 1, g % n + 1, g / n + 1, g % n + 1);
    }
    puts_(&w->out, "}\n");
}

/* Checks every puzzle: the verdicts of `nonet check`, as records. */
WEB_EXPORT(web_check) int web_check(web *w, const char *text, size_t len)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, check_one, NULL);
}

/* ------------------------------------------------------------------ */
/* hint, explain, rate                                                  */
/* ------------------------------------------------------------------ */

/* Loads p into the explainer; writes a status record and returns 0 when
 * it cannot be explained (invalid, no solution, several solutions: answered
 * at once, as `nonet explain/hint` do, since the chains can search for ever
 * for a contradiction that is not there). `head` opens the record, `tail`
 * ends it (explain's ",steps,hardest"). */
static int load(web *w, const nonet_puzzle *p, const char *head, const char *tail)
{
    nonet_error err;
    memset(&err, 0, sizeof err);
    if (nonet_explainer_reset(w->explainer, p, &err) != NONET_OK) {
        printf_(&w->out, "{%s,\"status\":\"invalid\"", head);
        put_error(w, &err);
        puts_(&w->out, "}\n");
        return 0;
    }
    int n = nonet_explainer_solutions(w->explainer);
    if (n == 0 || n > 1) {
        printf_(&w->out, "{%s,\"status\":\"%s\"%s}\n", head, n ? "several" : "no solution", tail);
        return 0;
    }
    return 1;
}

/* Opens a record as `nonet explain/hint -o json` does: index, source and
 * line, then the givens when with_puzzle. */
static void open_record(web *w, const nonet_puzzle *p, int with_puzzle)
{
    printf_(&w->out, "{\"index\":%ld,\"source\":\"-\",\"line\":%ld", nonet_puzzle_index(p),
            nonet_puzzle_line(p));
    if (!with_puzzle) return;
    puts_(&w->out, ",\"puzzle\":\"");
    put_line(w, nonet_puzzle_shape(p), nonet_puzzle_cells(p));
    put(&w->out, "\"", 1);
}

/* The fields open_record writes, as a string (malloc'd, without the
 * brace), or NULL when out of memory. */
static char *record_head(web *w, const nonet_puzzle *p, int with_puzzle)
{
    size_t at = w->out.len;
    open_record(w, p, with_puzzle);
    if (w->out.failed || w->out.len <= at) return NULL;
    size_t n = w->out.len - at - 1;
    char *head = malloc(n + 1);
    if (head) {
        memcpy(head, w->out.s + at + 1, n);
        head[n] = '\0';
    }
    w->out.len = at;
    w->out.s[at] = '\0';
    return head;
}

/* One step as nonet_write_step's JSON, `head` fields first. */
static void put_step(web *w, int level, const nonet_shape *shape, const nonet_step *st,
                     const char *head)
{
    size_t need = nonet_write_step(NULL, 0, NONET_FORMAT_JSON, level, shape, st);
    if (text_room(&w->out, need + strlen(head) + 2)) return;
    char *at = w->out.s + w->out.len;
    nonet_write_step(at, need + 1, NONET_FORMAT_JSON, level, shape, st);
    if (at[0] != '{') {
        w->out.len += need;
        return;
    }
    size_t hl = strlen(head);
    memmove(at + hl + 2, at + 1, need); /* "{" head "," rest */
    at[0] = '{';
    memcpy(at + 1, head, hl);
    at[hl + 1] = ',';
    w->out.len += need + hl + 1;
    w->out.s[w->out.len] = 0;
}

static void hint_step(web *w, const nonet_shape *shape, int level, const char *head)
{
    nonet_step st;
    nonet_error err;
    nonet_status s = nonet_explainer_next(w->explainer, &st, &err);
    if (s == NONET_END && !nonet_explainer_empty_cells(w->explainer))
        printf_(&w->out, "{%s,\"status\":\"solved\"}\n", head);
    else if (s == NONET_END) printf_(&w->out, "{%s,\"status\":\"stuck\"}\n", head);
    else if (s != NONET_OK) {
        printf_(&w->out, "{%s,\"status\":\"invalid\"", head);
        put_error(w, &err);
        puts_(&w->out, "}\n");
    } else {
        size_t n = strlen(head);
        char *step_head = malloc(n + 20);
        if (!step_head) return;
        memcpy(step_head, head, n);
        memcpy(step_head + n, ",\"status\":\"step\"", 17); /* as `nonet hint -o json` */
        put_step(w, level, shape, &st, step_head);
        free(step_head);
    }
}

static void hint_one(web *w, const nonet_puzzle *p, void *ctx)
{
    int level = *(const int *)ctx;
    char *head = record_head(w, p, 1);
    if (!head) return;
    if (load(w, p, head, "")) hint_step(w, nonet_puzzle_shape(p), level, head);
    free(head);
}

/* The next step of every puzzle, told at `level` (1 technique, 2 where to
 * look, 3 the whole step), as `nonet hint -o json --level L`. */
WEB_EXPORT(web_hint) int web_hint(web *w, const char *text, size_t len, int level)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, hint_one, &level);
}

static void explain_one(web *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    char *head = record_head(w, p, 1), *step_head = record_head(w, p, 0);
    if (!head || !step_head || !load(w, p, head, ",\"steps\":0,\"hardest\":0.0")) {
        free(head);
        free(step_head);
        return;
    }
    const nonet_shape *shape = nonet_puzzle_shape(p);
    size_t n = strlen(step_head);
    char step[48];
    int steps = 0;
    double hardest = 0;
    nonet_step st;
    nonet_error err;
    nonet_status s;
    while ((s = nonet_explainer_next(w->explainer, &st, &err)) == NONET_OK && !w->out.failed) {
        snprintf(step, sizeof step, ",\"step\":%d", ++steps);
        char *fields = malloc(n + strlen(step) + 1);
        if (!fields) break;
        memcpy(fields, step_head, n);
        strcpy(fields + n, step);
        put_step(w, 3, shape, &st, fields);
        free(fields);
        if (st.rating > hardest) hardest = st.rating;
        nonet_explainer_apply(w->explainer, &st, NULL);
    }
    const char *status = s != NONET_END                              ? "invalid"
                         : nonet_explainer_empty_cells(w->explainer) ? "stuck"
                                                                     : "solved";
    printf_(&w->out, "{%s,\"status\":\"%s\",\"steps\":%d,\"hardest\":%.1f}\n", head, status, steps,
            hardest);
    free(head);
    free(step_head);
}

/* Every step of every puzzle, then its summary, as `nonet explain -o json`. */
WEB_EXPORT(web_explain) int web_explain(web *w, const char *text, size_t len)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, explain_one, NULL);
}

/* The band holding rating er, as `nonet rate` names it, or NULL for none
 * (the library's table: nonet_difficulty_of). */
static const char *band_of(double er) { return nonet_difficulty_name(nonet_difficulty_of(er)); }

/* The named difficulty bands, easiest first: one record each, {"name",
 * "min", "max"} (max 0: no top), for the page's difficulty menu. */
WEB_EXPORT(web_difficulties) int web_difficulties(web *w)
{
    if (begin(w)) return -1;
    for (int i = 0; i < nonet_difficulty_count(); i++) {
        double lo, hi;
        nonet_difficulty_range(i, &lo, &hi);
        printf_(&w->out, "{\"name\":\"%s\",\"min\":%.1f,\"max\":%.1f}\n", nonet_difficulty_name(i),
                lo, hi);
    }
    return finish(w);
}

static void rate_one(web *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    nonet_rating r;
    nonet_error err;
    memset(&r, 0, sizeof r);
    const char *status = "rated";
    int bad = 0;
    if (nonet_explainer_reset(w->explainer, p, &err) != NONET_OK) status = "invalid", bad = 1;
    else if (nonet_explainer_solutions(w->explainer) == 0) status = "no solution";
    else if (nonet_explainer_solutions(w->explainer) > 1) status = "several"; /* as nonet rate */
    else if (nonet_explainer_rate(w->explainer, &r, &err) != NONET_OK) status = "invalid", bad = 1;
    else if (!r.finished) status = "stuck";
    put_head(w, p);
    printf_(&w->out, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f", r.er, r.ep, r.ed);
    const char *band =
        bad || !strcmp(status, "no solution") || !strcmp(status, "several") ? NULL : band_of(r.er);
    if (band) printf_(&w->out, ",\"difficulty\":\"%s\"", band);
    printf_(&w->out, ",\"status\":\"%s\",\"steps\":%d", status, r.steps);
    if (r.hardest >= 0 && !bad && r.steps)
        printf_(&w->out, ",\"hardest\":\"%s\"", nonet_technique_id(r.hardest));
    if (bad) put_error(w, &err);
    puts_(&w->out, "}\n");
}

/* Sudoku Explainer's ER/EP/ED of every puzzle, as `nonet rate -o json -T`
 * (plus "hardest", the technique of the hardest step). */
WEB_EXPORT(web_rate) int web_rate(web *w, const char *text, size_t len)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, rate_one, NULL);
}

/* ------------------------------------------------------------------ */
/* A player's state: hint from it, find a mistake in it                 */
/* ------------------------------------------------------------------ */

/* The first puzzle of the text with its cells and candidates replaced by
 * the player's (cells: N*N digits; cands: N*N masks, 0 = every digit).
 * NULL with an error record written when the text holds no puzzle. */
static nonet_puzzle *state_puzzle(web *w, const char *text, size_t len, const unsigned char *cells,
                                  const uint64_t *cands, nonet_puzzle **original)
{
    nonet_error err;
    memset(&err, 0, sizeof err);
    *original = NULL;
    nonet_reader *r = nonet_reader_new_mem(text, len, "-", NONET_FORMAT_AUTO, &err);
    nonet_status st = NONET_ERR_NOMEM;
    if (r && (st = nonet_reader_set_options(r, &w->rules, &err)) == NONET_OK)
        st = nonet_reader_next(r, original, &err);
    nonet_reader_free(r);
    if (st == NONET_END) {
        err.code = NONET_ERR_SYNTAX;
        snprintf(err.message, sizeof err.message, "the input holds no puzzle");
    }
    nonet_puzzle *p = NULL;
    if (st == NONET_OK) {
        const nonet_shape *shape = nonet_puzzle_shape(*original);
        int count = nonet_shape_cells(shape);
        uint64_t full =
            nonet_shape_size(shape) == 64 ? ~0ull : (1ull << nonet_shape_size(shape)) - 1;
        uint64_t *m = malloc(sizeof *m * (size_t)count);
        if (m) {
            for (int c = 0; c < count; c++) m[c] = cands[c] & full ? cands[c] & full : full;
            p = nonet_puzzle_new(shape, cells, m, &err);
            free(m);
        }
    }
    if (!p) {
        puts_(&w->out, "{\"puzzle\":1,\"status\":\"invalid\"");
        put_error(w, &err);
        puts_(&w->out, "}\n");
        nonet_puzzle_free(*original);
        *original = NULL;
    }
    return p;
}

/* Finds the first cell where the player's state has lost the solution of
 * the original puzzle: a wrong digit, or the solution's digit gone from
 * the candidates. Writes a "mistake" record and returns 1, else 0. */
static int find_mistake(web *w, const nonet_puzzle *original, const nonet_puzzle *state)
{
    const nonet_shape *shape = nonet_puzzle_shape(original);
    int n = nonet_shape_size(shape), count = nonet_shape_cells(shape);
    unsigned char sol[NONET_MAX_CELLS];
    nonet_result res;
    memset(&res, 0, sizeof res);
    if (nonet_solver_run(w->solver, original, NULL, sol, &res, NULL) != NONET_OK ||
        res.solutions != 1)
        return 0;
    const unsigned char *cells = nonet_puzzle_cells(state);
    const uint64_t *cands = nonet_puzzle_candidates(state);
    for (int c = 0; c < count; c++) {
        int r = c / n + 1, col = c % n + 1;
        if (cells[c] && cells[c] != sol[c]) {
            printf_(&w->out,
                    "{\"puzzle\":1,\"status\":\"mistake\",\"cell\":[%d,%d],\"digit\":%d,"
                    "\"message\":\"r%dc%d holds %d, the solution has %d there\"}\n",
                    r, col, cells[c], r, col, cells[c], sol[c]);
            return 1;
        }
        if (!cells[c] && cands && !(cands[c] >> (sol[c] - 1) & 1)) {
            printf_(&w->out,
                    "{\"puzzle\":1,\"status\":\"mistake\",\"cell\":[%d,%d],\"digit\":%d,"
                    "\"message\":\"r%dc%d has lost its candidate %d\"}\n",
                    r, col, sol[c], r, col, sol[c]);
            return 1;
        }
    }
    return 0;
}

/* The next step from the player's state (the first puzzle of `text`,
 * with `cells` and `cands` in place of its own), at `level`; a "mistake"
 * record instead when the state has lost the solution. */
WEB_EXPORT(web_state_hint)
int web_state_hint(web *w, const char *text, size_t len, const unsigned char *cells,
                   const uint64_t *cands, int level)
{
    if (begin(w)) return -1;
    nonet_puzzle *original, *p = state_puzzle(w, text, len, cells, cands, &original);
    if (!p) return finish(w);
    if (!find_mistake(w, original, p) && load(w, p, "\"puzzle\":1", ""))
        hint_step(w, nonet_puzzle_shape(p), level, "\"puzzle\":1");
    nonet_puzzle_free(p);
    nonet_puzzle_free(original);
    return finish(w);
}

/* "Check my progress": a "mistake" record naming the first cell where the
 * state has lost the solution, "solved" when it is the solution, else
 * "ok" with the empty cells left. */
WEB_EXPORT(web_state_check)
int web_state_check(web *w, const char *text, size_t len, const unsigned char *cells,
                    const uint64_t *cands)
{
    if (begin(w)) return -1;
    nonet_puzzle *original, *p = state_puzzle(w, text, len, cells, cands, &original);
    if (!p) return finish(w);
    if (!find_mistake(w, original, p)) {
        int empty = 0, count = nonet_shape_cells(nonet_puzzle_shape(p));
        for (int c = 0; c < count; c++) empty += !cells[c];
        printf_(&w->out, "{\"puzzle\":1,\"status\":\"%s\",\"empty\":%d}\n", empty ? "ok" : "solved",
                empty);
    }
    nonet_puzzle_free(p);
    nonet_puzzle_free(original);
    return finish(w);
}

/* ------------------------------------------------------------------ */
/* parse: what a page needs to draw a puzzle                            */
/* ------------------------------------------------------------------ */

static void put_ints(web_text *t, const char *name, const int *v, int n)
{
    printf_(t, ",\"%s\":[", name);
    for (int i = 0; i < n; i++) printf_(t, i ? ",%d" : "%d", v[i]);
    put(t, "]", 1);
}

static void parse_one(web *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    const nonet_shape *s = nonet_puzzle_shape(p);
    int n = nonet_shape_size(s), count = nonet_shape_cells(s);
    int *v = malloc(sizeof *v * (size_t)count);
    if (!v) {
        w->out.failed = 1;
        return;
    }
    put_head(w, p);
    printf_(&w->out, ",\"size\":%d,\"box\":[%d,%d]", n, nonet_shape_box_rows(s),
            nonet_shape_box_cols(s));
    for (int c = 0; c < count; c++) v[c] = nonet_puzzle_cells(p)[c];
    put_ints(&w->out, "cells", v, count);
    for (int c = 0; c < count; c++) v[c] = nonet_shape_region(s, c);
    put_ints(&w->out, "regions", v, count);
    puts_(&w->out, ",\"variants\":[");
    unsigned vars = nonet_shape_variants(s);
    int first = 1;
    for (unsigned bit = 1; bit && bit <= vars; bit <<= 1)
        if (vars & bit) {
            printf_(&w->out, "%s\"%s\"", first ? "" : ",", nonet_variant_name(bit));
            first = 0;
        }
    puts_(&w->out, "],\"houses\":[");
    static const char kinds[] = "rcbbdwpg"; /* as nonet_write_step names houses */
    for (int h = 0; h < nonet_shape_house_count(s); h++) {
        int kind = nonet_shape_house_kind(s, h);
        printf_(&w->out, "%s{\"name\":\"%c%d\",\"cells\":[", h ? "," : "", kinds[kind],
                nonet_shape_house_number(s, h) + 1);
        const int *cells = nonet_shape_house_cells(s, h);
        for (int i = 0; i < n; i++) printf_(&w->out, i ? ",%d" : "%d", cells[i]);
        puts_(&w->out, "]}");
    }
    put(&w->out, "]", 1);
    const uint64_t *cands = nonet_puzzle_candidates(p);
    if (cands) {
        puts_(&w->out, ",\"candidates\":[");
        for (int c = 0; c < count; c++)
            printf_(&w->out, c ? ",%llu" : "%llu", (unsigned long long)cands[c]);
        put(&w->out, "]", 1);
    }
    size_t need = nonet_write_puzzle(NULL, 0, NONET_FORMAT_NONET, p);
    char *text = malloc(need + 1);
    if (text) {
        nonet_write_puzzle(text, need + 1, NONET_FORMAT_NONET, p);
        puts_(&w->out, ",\"nonet\":");
        put_json_string(&w->out, text);
        free(text);
    }
    puts_(&w->out, "}\n");
    free(v);
}

/* Every puzzle's shape (size, box, region of each cell, variants, houses
 * named as steps name them), givens, candidates when it has pencilmarks
 * and its text in the nonet format (which keeps all of it). */
WEB_EXPORT(web_parse) int web_parse(web *w, const char *text, size_t len)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, parse_one, NULL);
}

/* ------------------------------------------------------------------ */
/* canon                                                                */
/* ------------------------------------------------------------------ */

/* Writes [v[from] + add, ..., v[to - 1] + add]. */
static void put_list(web_text *t, const unsigned char *v, int from, int to, int add)
{
    put(t, "[", 1);
    for (int i = from; i < to; i++) printf_(t, i > from ? ",%d" : "%d", v[i] + add);
    put(t, "]", 1);
}

static void canon_one(web *w, const nonet_puzzle *p, void *ctx)
{
    int form = *(const int *)ctx;
    unsigned char cells[NONET_MAX_CELLS];
    nonet_transform t;
    unsigned long long aut = 0;
    nonet_error err;
    nonet_puzzle *q = NULL;
    if (nonet_puzzle_check(p, &err) == NONET_OK &&
        nonet_canon_puzzle(w->canon, p, (nonet_canon_form)form, cells, &t, &aut, &err) == NONET_OK)
        q = nonet_puzzle_transform(p, &t, &err);
    if (!q) {
        put_head(w, p);
        puts_(&w->out, ",\"status\":\"invalid\"");
        put_error(w, &err);
        puts_(&w->out, "}\n");
        return;
    }
    nonet_record rec;
    memset(&rec, 0, sizeof rec);
    rec.puzzle = q;
    rec.seconds = -1;
    size_t need = nonet_write_record(NULL, 0, NONET_FORMAT_JSON, &rec), start = w->out.len;
    if (!text_room(&w->out, need)) {
        nonet_write_record(w->out.s + w->out.len, need + 1, NONET_FORMAT_JSON, &rec);
        w->out.len += need;
        reopen(&w->out, start);
        puts_(&w->out, ",\"original\":\"");
        put_line(w, nonet_puzzle_shape(p), nonet_puzzle_cells(p));
        put(&w->out, "\"", 1);
        if (aut) printf_(&w->out, ",\"automorphisms\":%llu", aut);
        printf_(&w->out,
                ",\"transform\":{\"transpose\":%s,\"rows\":", t.transpose ? "true" : "false");
        put_list(&w->out, t.rows, 0, t.size, 1); /* 1-based, as every coordinate */
        puts_(&w->out, ",\"cols\":");
        put_list(&w->out, t.cols, 0, t.size, 1);
        puts_(&w->out, ",\"digits\":");
        put_list(&w->out, t.digits, 1, t.size + 1, 0);
        puts_(&w->out, "}}\n");
    }
    nonet_puzzle_free(q);
}

/* The canonical form of every puzzle ("minlex" or "pattern"), as
 * `nonet canon -o json`. */
WEB_EXPORT(web_canon) int web_canon(web *w, const char *text, size_t len, const char *form)
{
    if (begin(w)) return -1;
    int f = nonet_canon_form_from_name(form && *form ? form : "minlex");
    if (f < 0) {
        puts_(&w->out, "{\"status\":\"invalid\",\"error\":\"nonet: unknown canonical form\","
                       "\"code\":\"bad argument\"}\n");
        return 0;
    }
    return each_puzzle(w, text, len, canon_one, &f);
}

/* ------------------------------------------------------------------ */
/* generate                                                             */
/* ------------------------------------------------------------------ */

static void put_generated(web *w, long index, const nonet_puzzle *p, const unsigned char *sol,
                          const nonet_generate_result *res)
{
    static const char sym[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const nonet_shape *s = nonet_puzzle_shape(p);
    printf_(&w->out, "{\"index\":%ld,\"puzzle\":\"", index);
    put_line(w, s, nonet_puzzle_cells(p));
    puts_(&w->out, "\",\"solution\":\"");
    put_line(w, s, sol);
    printf_(&w->out, "\",\"clues\":%d,\"seed\":%llu,\"symmetry\":\"%s\",\"minimal\":%s", res->clues,
            (unsigned long long)res->seed, nonet_symmetry_name(res->symmetry),
            res->minimal ? "true" : "false");
    if (nonet_shape_size(s) != 9) printf_(&w->out, ",\"size\":%d", nonet_shape_size(s));
    if (!nonet_shape_box_rows(s)) {
        puts_(&w->out, ",\"regions\":\"");
        for (int c = 0; c < nonet_shape_cells(s); c++)
            put(&w->out, &sym[nonet_shape_region(s, c)], 1);
        put(&w->out, "\"", 1);
    }
    unsigned v = nonet_shape_variants(s);
    if (v) {
        puts_(&w->out, ",\"variants\":\"");
        int first = 1;
        for (unsigned bit = 1; bit && bit <= v; bit <<= 1)
            if (v & bit) {
                printf_(&w->out, "%s%s", first ? "" : ",", nonet_variant_name(bit));
                first = 0;
            }
        put(&w->out, "\"", 1);
    }
    if (res->rated) {
        printf_(&w->out, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f", res->er, res->ep, res->ed);
        const char *band = band_of(res->er);
        if (band) printf_(&w->out, ",\"difficulty\":\"%s\"", band);
        if (res->hardest >= 0)
            printf_(&w->out, ",\"technique\":\"%s\"", nonet_technique_id(res->hardest));
    }
    size_t need = nonet_write_puzzle(NULL, 0, NONET_FORMAT_NONET, p);
    char *text = malloc(need + 1);
    if (text) {
        nonet_write_puzzle(text, need + 1, NONET_FORMAT_NONET, p);
        puts_(&w->out, ",\"nonet\":");
        put_json_string(&w->out, text);
        free(text);
    }
    puts_(&w->out, "}\n");
}

static int fail_arg(web *w, const char *what, const char *value)
{
    printf_(&w->out, "{\"status\":\"invalid\",\"error\":\"nonet: %s '", what);
    for (const char *s = value ? value : ""; *s; s++)
        if (*s != '"' && *s != '\\' && (unsigned char)*s >= 32) put(&w->out, s, 1);
    puts_(&w->out, "'\",\"code\":\"bad argument\"}\n");
    return 0;
}

/* Makes `count` puzzles of side `size` (box R x C or 0, 0 for the default;
 * jigsaw 1: a random region map each), with the variants, the symmetry
 * ("none", "rotate180", ..., "random"), the difficulty ("" for none, a band
 * name, or "" with rating_min/rating_max) from `seed`, as `nonet generate
 * -o json` (plus "nonet": the puzzle in the nonet format). The seed is a
 * decimal string (64 bits do not fit a JS number). */
WEB_EXPORT(web_generate)
int web_generate(web *w, int size, int box_rows, int box_cols, const char *variants, int jigsaw,
                 const char *symmetry, const char *difficulty, double rating_min, double rating_max,
                 const char *seed, int count)
{
    if (begin(w)) return -1;
    nonet_generate_options o;
    nonet_generate_options_init(&o);
    o.seed = strtoull(seed ? seed : "0", NULL, 10);
    o.random_regions = jigsaw != 0;
    int sym = nonet_symmetry_from_name(symmetry && *symmetry ? symmetry : "none");
    if (sym < 0) return fail_arg(w, "unknown symmetry", symmetry);
    o.symmetry = (nonet_symmetry)sym;
    if (difficulty && *difficulty) {
        if (nonet_difficulty_range(nonet_difficulty_from_name(difficulty), &o.rating_min,
                                   &o.rating_max))
            return fail_arg(w, "unknown difficulty", difficulty);
    } else if (rating_min > 0) {
        o.rating_min = rating_min;
        o.rating_max = rating_max;
    }
    o.rate = 1;
    nonet_error err;
    memset(&err, 0, sizeof err);
    unsigned v = 0;
    nonet_shape *shape = NULL;
    nonet_generator *g = NULL;
    if (nonet_variants_parse(variants ? variants : "", &v, &err) == NONET_OK) {
        nonet_shape_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.size = size;
        spec.box_rows = box_rows;
        spec.box_cols = box_cols;
        spec.variants = v;
        shape = nonet_shape_new(&spec, &err);
    }
    if (shape) g = nonet_generator_new(&o, &err);
    unsigned char *sol = malloc(NONET_MAX_CELLS);
    for (int k = 0; g && sol && k < count && !w->out.failed; k++) {
        nonet_puzzle *p = NULL;
        nonet_generate_result res;
        if (nonet_generate(g, shape, (uint64_t)k, &p, sol, &res, &err) != NONET_OK) {
            nonet_puzzle_free(p);
            break;
        }
        put_generated(w, k + 1, p, sol, &res);
        nonet_puzzle_free(p);
        err.code = NONET_OK;
    }
    if (err.code != NONET_OK) {
        puts_(&w->out, "{\"status\":\"invalid\"");
        put_error(w, &err);
        puts_(&w->out, "}\n");
    }
    free(sol);
    nonet_generator_free(g);
    nonet_shape_free(shape);
    return finish(w);
}

/* ------------------------------------------------------------------ */
/* Batches as text, and the library alone (benchmarks)                  */
/* ------------------------------------------------------------------ */

static void answer_one(web *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    unsigned char sol[NONET_MAX_CELLS];
    nonet_result res;
    nonet_error err;
    memset(&res, 0, sizeof res);
    nonet_status st = nonet_puzzle_check(p, &err);
    if (st == NONET_OK) st = nonet_solver_run(w->solver, p, NULL, sol, &res, &err);
    if (st != NONET_OK && st != NONET_ERR_LIMIT) {
        puts_(&w->out, "{\"status\":\"invalid\"");
        put_error(w, &err);
        puts_(&w->out, "}\n");
        return;
    }
    size_t need = nonet_write_answer(NULL, 0, NONET_FORMAT_AUTO, p, &res, sol);
    if (text_room(&w->out, need)) return;
    nonet_write_answer(w->out.s + w->out.len, need + 1, NONET_FORMAT_AUTO, p, &res, sol);
    w->out.len += need;
}

/* Solves every puzzle and writes the answers as `nonet solve` does (each
 * in its puzzle's format: the solution, "No solution", several...), a
 * JSON error record for a puzzle that cannot be read or breaks the rules. */
WEB_EXPORT(web_solve_text) int web_solve_text(web *w, const char *text, size_t len)
{
    return begin(w) ? -1 : each_puzzle(w, text, len, answer_one, NULL);
}

/* The library alone, as bench/bench.c measures it: the puzzles of `text`
 * read once into memory, then solved `runs` times (limit 2) by one reused
 * solver; returns the number of puzzles (0 when none or out of memory) and
 * writes {"puzzles","solved","guesses"} to the output. The caller times it. */
WEB_EXPORT(web_bench_load) int web_bench_load(web *w, const char *text, size_t len, int runs)
{
    begin(w);
    nonet_reader *r = nonet_reader_new_mem(text, len, "-", NONET_FORMAT_AUTO, NULL);
    nonet_puzzle **all = NULL;
    size_t count = 0, cap = 0;
    nonet_puzzle *p;
    nonet_status st;
    while (r && (st = nonet_reader_next(r, &p, NULL)) != NONET_END) {
        if (st != NONET_OK) {
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        if (count == cap) {
            cap = cap ? cap * 2 : 1024;
            nonet_puzzle **grown = realloc(all, cap * sizeof(nonet_puzzle *));
            if (!grown) {
                nonet_puzzle_free(p);
                break;
            }
            all = grown;
        }
        all[count++] = p;
    }
    nonet_reader_free(r);
    unsigned long long solved = 0, guesses = 0;
    nonet_options opt;
    nonet_options_init(&opt);
    for (int k = 0; k < runs; k++)
        for (size_t i = 0; i < count; i++) {
            nonet_result res;
            if (nonet_solver_run(w->solver, all[i], &opt, NULL, &res, NULL) == NONET_OK &&
                res.solutions == 1)
                solved++, guesses += res.guesses;
        }
    printf_(&w->out, "{\"puzzles\":%zu,\"solved\":%llu,\"guesses\":%llu}\n", count, solved,
            guesses);
    for (size_t i = 0; i < count; i++) nonet_puzzle_free(all[i]);
    free(all);
    return (int)count;
}
