/*
 * step.c - a step of the human engine written as text or JSON,
 * snprintf style (nonet_write_step). A step is plain data; this is the only
 * place that turns it into words, from the technique table's names and
 * each row's pattern style.
 *
 * Text: "NAME: PATTERN => CONCLUSIONS", e.g. "Pointing: 5 in b1 =>
 * r1c4<>5"; placements as "r3c7=5", eliminations with the cells that lose
 * the same digits together ("r1c4,r1c5<>5", "r6c4<>2,4"). Houses are named r (row), c (column), b (box or jigsaw
 * region), d (diagonal), w (hyper window), p (disjoint group), g (extra
 * group), numbered from 1.
 */
#include "human/human.h"

#include "core/shape.h"
#include "text/out.h"

#include <stdio.h>
#include <string.h>

typedef nonet__out out; /* text/out.h: counts every byte, stores those that fit */

/* Appends n bytes of s. */
static void put(out *o, const char *s, size_t n) { nonet__put(o, s, n); }

/* Appends a NUL-terminated string. */
static void puts_(out *o, const char *s) { nonet__puts(o, s); }

/* Appends v in decimal. */
static void put_int(out *o, int v) { nonet__put_int(o, v, 0); }

/* Writes text `a`, number v, text `b`. */
static void put3(out *o, const char *a, int v, const char *b)
{
    puts_(o, a);
    put_int(o, v);
    puts_(o, b);
}

/* ------------------------------------------------------------------ */
/* Names                                                                */
/* ------------------------------------------------------------------ */

static void put_cell(out *o, const nonet_shape *s, int c)
{
    put3(o, "r", c / s->n + 1, "c");
    put_int(o, c % s->n + 1);
}

static void put_house(out *o, const nonet_shape *s, int h)
{
    static const char letter[] = "rcbbdwpg";
    if (h < 0 || h >= s->nhouses) { /* not a house of this shape */
        puts_(o, "?");
        return;
    }
    put(o, &letter[s->house_kind[h]], 1);
    put_int(o, s->house_no[h] + 1);
}

static void put_cells(out *o, const nonet_shape *s, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ",");
        put_cell(o, s, cells[i]);
    }
}

static void put_houses(out *o, const nonet_shape *s, const int *h, int n)
{
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ",");
        put_house(o, s, h[i]);
    }
}

static void put_digits(out *o, uint64_t m)
{
    for (int first = 1; m; m &= m - 1, first = 0) put3(o, first ? "" : ",", nonet__ctz(m) + 1, "");
}

/* The technique's name, with the step's type when it has one. */
static void put_name(out *o, const nonet_step *st)
{
    puts_(o, nonet__techs[st->technique].name);
    if (st->variant) put3(o, " type ", st->variant, "");
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

static void put_chain(out *o, const nonet_shape *s, const nonet_step *st)
{
    for (int i = 0; i < st->nnodes; i++) {
        const nonet_chain_node *nd = &st->nodes[i];
        if (i) puts_(o, nd->branch != st->nodes[i - 1].branch ? "; " : " -> ");
        put_cell(o, s, nd->cell);
        put3(o, nd->on ? "=" : "<>", nd->digit, "");
    }
}

/* The pattern, in the row's style. */
static void put_pattern(out *o, const nonet_shape *s, const nonet_step *st)
{
    switch (nonet__techs[st->technique].style) {
    case NONET__SHOW_HOUSE:
        put_digits(o, st->digits);
        puts_(o, " in ");
        put_houses(o, s, st->base, st->nbase);
        break;
    case NONET__SHOW_SUBSET:
        put_digits(o, st->digits);
        puts_(o, " in ");
        put_cells(o, s, st->cells, st->ncells);
        puts_(o, " (");
        put_houses(o, s, st->base, st->nbase);
        if (st->sum) put3(o, ", sum ", st->sum, ""); /* innies, outies */
        puts_(o, ")");
        break;
    case NONET__SHOW_FISH:
        put_digits(o, st->digits);
        puts_(o, " in ");
        put_houses(o, s, st->base, st->nbase);
        puts_(o, " (");
        put_houses(o, s, st->cover, st->ncover);
        puts_(o, ")");
        break;
    case NONET__SHOW_WING:
    case NONET__SHOW_LOOP:
        if (st->sum) put3(o, "cage ", st->sum, " at "); /* cage combinations */
        put_cells(o, s, st->cells, st->ncells);
        puts_(o, " on ");
        put_digits(o, st->digits);
        if (st->nextra) {
            puts_(o, " with ");
            put_cells(o, s, st->extra, st->nextra);
        }
        break;
    case NONET__SHOW_CHAIN: put_chain(o, s, st); break;
    default: /* NONET__SHOW_CELL */ put_cells(o, s, st->cells, st->ncells);
    }
}

/* The digits eliminated from cell c by the step. */
static uint64_t elim_mask(const nonet_step *st, int c)
{
    uint64_t m = 0;
    for (int i = 0; i < st->neliminations; i++)
        if (st->eliminations[i].cell == c) m |= 1ull << (st->eliminations[i].digit - 1);
    return m;
}

/* 1 when an elimination before index i is in a cell losing the same
 * digits as cell c (that group is written already). */
static int written(const nonet_step *st, int i, int c, uint64_t m)
{
    for (int j = 0; j < i; j++) {
        int e = st->eliminations[j].cell;
        if (e == c || elim_mask(st, e) == m) return 1;
    }
    return 0;
}

/* Placements ("r3c7=5"), then eliminations, cells losing the same digits
 * together ("r1c4,r1c5<>5", "r6c4<>2,4"), in cell order. */
static void put_conclusions(out *o, const nonet_shape *s, const nonet_step *st)
{
    int first = 1;
    for (int i = 0; i < st->nplacements; i++, first = 0) {
        if (!first) puts_(o, ", ");
        put_cell(o, s, st->placements[i].cell);
        put3(o, "=", st->placements[i].digit, "");
    }
    for (int i = 0; i < st->neliminations; i++) {
        int c = st->eliminations[i].cell;
        uint64_t m = elim_mask(st, c);
        if (written(st, i, c, m)) continue;
        if (!first) puts_(o, ", ");
        first = 0;
        for (int j = i, any = 0; j < st->neliminations; j++) {
            int e = st->eliminations[j].cell;
            if ((j > i && e == st->eliminations[j - 1].cell) || elim_mask(st, e) != m) continue;
            if (any) puts_(o, ",");
            put_cell(o, s, e);
            any = 1;
        }
        puts_(o, "<>");
        put_digits(o, m);
    }
}

static void put_text(out *o, int level, const nonet_shape *s, const nonet_step *st)
{
    put_name(o, st);
    if (level >= 2) {
        puts_(o, ": ");
        put_pattern(o, s, st);
    }
    if (level >= 3) {
        puts_(o, " => ");
        put_conclusions(o, s, st);
    }
    puts_(o, "\n");
}

/* ------------------------------------------------------------------ */
/* JSON                                                                 */
/* ------------------------------------------------------------------ */

static void json_cands(out *o, const nonet_shape *s, const nonet_candidate *v, int n)
{
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ",");
        put3(o, "[", v[i].cell / s->n + 1, ",");
        put3(o, "", v[i].cell % s->n + 1, ",");
        put3(o, "", v[i].digit, "]");
    }
    puts_(o, "]");
}

static void json_cells(out *o, const nonet_shape *s, const int *cells, int n)
{
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ",");
        put3(o, "[", cells[i] / s->n + 1, ",");
        put3(o, "", cells[i] % s->n + 1, "]");
    }
    puts_(o, "]");
}

static void json_houses(out *o, const nonet_shape *s, const int *h, int n)
{
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        puts_(o, i ? ",\"" : "\"");
        put_house(o, s, h[i]);
        puts_(o, "\"");
    }
    puts_(o, "]");
}

static void json_chain(out *o, const nonet_shape *s, const nonet_step *st)
{
    puts_(o, ",\"nodes\":[");
    for (int i = 0; i < st->nnodes; i++) {
        const nonet_chain_node *nd = &st->nodes[i];
        if (i) puts_(o, ",");
        put3(o, "[", nd->cell / s->n + 1, ",");
        put3(o, "", nd->cell % s->n + 1, ",");
        put3(o, "", nd->digit, ",");
        put3(o, "", nd->on, ",");
        put3(o, "", nd->branch, "]");
    }
    puts_(o, "],\"links\":[");
    for (int i = 0; i < st->nlinks; i++) {
        if (i) puts_(o, ",");
        put3(o, "[", st->links[i].from, ",");
        put3(o, "", st->links[i].to, ",");
        put3(o, "", st->links[i].kind, "]");
    }
    puts_(o, "]");
}

static void json_pattern(out *o, const nonet_shape *s, const nonet_step *st)
{
    puts_(o, ",\"pattern\":{\"cells\":");
    json_cells(o, s, st->cells, st->ncells);
    puts_(o, ",\"extra\":");
    json_cells(o, s, st->extra, st->nextra);
    puts_(o, ",\"digits\":[");
    put_digits(o, st->digits);
    puts_(o, "],\"base\":");
    json_houses(o, s, st->base, st->nbase);
    puts_(o, ",\"cover\":");
    json_houses(o, s, st->cover, st->ncover);
    json_chain(o, s, st);
    puts_(o, "}");
}

static void put_json(out *o, int level, const nonet_shape *s, const nonet_step *st)
{
    char r[32];
    puts_(o, "{\"technique\":\"");
    puts_(o, nonet__techs[st->technique].id);
    puts_(o, "\",\"name\":\"");
    put_name(o, st);
    int w = snprintf(r, sizeof r, "\",\"rating\":%.1f", st->rating);
    put(o, r, (size_t)w);
    if (st->variant) put3(o, ",\"variant\":", st->variant, "");
    if (st->complexity) put3(o, ",\"complexity\":", st->complexity, "");
    if (level >= 2) json_pattern(o, s, st);
    if (level >= 3) {
        puts_(o, ",\"placements\":");
        json_cands(o, s, st->placements, st->nplacements);
        puts_(o, ",\"eliminations\":");
        json_cands(o, s, st->eliminations, st->neliminations);
    }
    puts_(o, "}\n");
}

size_t nonet_write_step(char *buf, size_t cap, nonet_format f, int level, const nonet_shape *shape,
                        const nonet_step *step)
{
    out o;
    nonet__out_init(&o, buf, cap, NULL);
    if (level < 1 || level > 3) level = 3;
    if (step->technique < 0 || step->technique >= nonet__ntechs) return nonet__out_end(&o);
    if (f == NONET_FORMAT_JSON) put_json(&o, level, shape, step);
    else put_text(&o, level, shape, step);
    return nonet__out_end(&o);
}
