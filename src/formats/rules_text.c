/*
 * rules_text.c - rules written as text: variant names and lists
 * ("x,anti-knight") and jigsaw region maps (N rows of N region symbols).
 * Shared by the nonet format, the reader options and the CLI.
 *
 * A region map names regions by any printable symbol; ids are given in the
 * order symbols first appear, so the map "AAB.." makes A region 0.
 */
#include "formats/reader.h"

#include "core/error.h"
#include "text/rows.h"

#include <string.h>

static const struct variant_name {
    const char *name;
    unsigned bit;
} variant_names[] = {
    {"x", NONET_VARIANT_X},
    {"hyper", NONET_VARIANT_HYPER},
    {"disjoint", NONET_VARIANT_DISJOINT},
    {"anti-knight", NONET_VARIANT_ANTI_KNIGHT},
    {"anti-king", NONET_VARIANT_ANTI_KING},
    {"non-consecutive", NONET_VARIANT_NON_CONSECUTIVE},
    /* aliases after the names */
    {"diagonal", NONET_VARIANT_X},
    {"windoku", NONET_VARIANT_HYPER},
    {"antiknight", NONET_VARIANT_ANTI_KNIGHT},
    {"antiking", NONET_VARIANT_ANTI_KING},
    {"nonconsecutive", NONET_VARIANT_NON_CONSECUTIVE},
};

#define VARIANT_NAMES (sizeof variant_names / sizeof variant_names[0])

const char *nonet_variant_name(unsigned variant)
{
    for (size_t i = 0; i < VARIANT_NAMES; i++)
        if (variant_names[i].bit == variant) return variant_names[i].name;
    return NULL;
}

nonet_status nonet_variants_parse(const char *list, unsigned *out, nonet_error *err)
{
    unsigned bits = 0;
    const char *p = list ? list : "";
    while (*p) {
        size_t len = strcspn(p, ", \t");
        size_t i = 0;
        while (i < VARIANT_NAMES &&
               (strlen(variant_names[i].name) != len || memcmp(variant_names[i].name, p, len) != 0))
            i++;
        if (i < VARIANT_NAMES) bits |= variant_names[i].bit;
        else if (len && !(len == 4 && memcmp(p, "none", 4) == 0))
            return nonet__fail(err, NONET_ERR_SHAPE, 0, 0,
                               "unknown variant '%.*s' (known: x, hyper, disjoint, anti-knight, "
                               "anti-king, non-consecutive)",
                               (int)(len > 40 ? 40 : len), p);
        p += len;
        while (*p == ',' || *p == ' ' || *p == '\t') p++;
    }
    *out = bits;
    return NONET_OK;
}

/* ------------------------------------------------------------------ */
/* Region maps                                                          */
/* ------------------------------------------------------------------ */

/* State while a map is read row by row. */
typedef struct region_map {
    int n;                             /* side, fixed by the first row (0 before) */
    int rows;                          /* rows read */
    int *regions;                      /* n*n ids */
    int id[256];                       /* id of each symbol, -1 unseen */
    int count[NONET_MAX_SIZE];         /* cells per id */
    unsigned char sym[NONET_MAX_SIZE]; /* symbol of each id */
    long line[NONET_MAX_SIZE];         /* line where each id first appears */
    int nids;
} region_map;

/* Adds one row of the map (spaces between symbols are ignored). */
static nonet_status map_row(region_map *m, const char *text, size_t len, long no, nonet_error *err)
{
    unsigned char row[NONET_MAX_SIZE + 1];
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == ' ' || ch == '\t') continue;
        char b[8];
        if (ch < 0x21 || ch >= 0x7f)
            return nonet__fail(err, NONET_ERR_SYNTAX, no, (int)i + 1, "bad region symbol %s",
                               nonet__show_char(ch, b));
        if (k > NONET_MAX_SIZE) break;
        row[k++] = ch;
    }
    if (!m->n && (k < NONET_MIN_SIZE || k > NONET_MAX_SIZE)) /* the first row sets the side */
        return nonet__fail(err, NONET_ERR_SHAPE, no, 0,
                           "region map row 1 has %s%d symbols; a map is N rows of N region "
                           "symbols, N from %d to %d",
                           k > NONET_MAX_SIZE ? "more than " : "",
                           k > NONET_MAX_SIZE ? NONET_MAX_SIZE : k, NONET_MIN_SIZE, NONET_MAX_SIZE);
    if (!m->n) m->n = k;
    if (k != m->n)
        return nonet__fail(err, NONET_ERR_SHAPE, no, 0,
                           "region map row %d has %s%d symbols, expected %d", m->rows + 1,
                           k > NONET_MAX_SIZE ? "more than " : "",
                           k > NONET_MAX_SIZE ? NONET_MAX_SIZE : k, m->n);
    for (int i = 0; i < k; i++) {
        int *id = &m->id[row[i]];
        if (*id < 0) {
            if (m->nids == m->n)
                return nonet__fail(err, NONET_ERR_SHAPE, no, i + 1,
                                   "region map has more than %d regions ('%c' is region %d)", m->n,
                                   row[i], m->n + 1);
            m->sym[m->nids] = row[i];
            m->line[m->nids] = no;
            *id = m->nids++;
        }
        m->count[*id]++;
        m->regions[m->rows * m->n + i] = *id;
    }
    m->rows++;
    return NONET_OK;
}

/* Checks that every region holds n cells, naming the first that does not. */
static nonet_status map_sizes(const region_map *m, long last, nonet_error *err)
{
    if (m->nids < m->n)
        return nonet__fail(err, NONET_ERR_SHAPE, last, 0, "region map has %d regions, expected %d",
                           m->nids, m->n);
    for (int g = 0; g < m->n; g++)
        if (m->count[g] != m->n)
            return nonet__fail(err, NONET_ERR_SHAPE, m->line[g], 0,
                               "region '%c' has %d cells, expected %d", m->sym[g], m->count[g],
                               m->n);
    return NONET_OK;
}

int nonet_regions_parse(const char *text, size_t len, int *regions, nonet_error *err)
{
    region_map m;
    memset(&m, 0, sizeof m);
    memset(m.id, -1, sizeof m.id);
    m.regions = regions;
    size_t at = 0;
    long no = 0;
    if (!text || !regions) {
        nonet__fail(err, NONET_ERR_ARG, 0, 0, "no text or no room");
        return -1;
    }
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) at = 3;
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n') end++;
        size_t e = end;
        while (e > at && strchr(" \t\r", text[e - 1])) e--;
        no++;
        if (e > at && text[at] != '#') {
            if (m.n && m.rows == m.n) {
                nonet__fail(err, NONET_ERR_SHAPE, no, 0, "region map has more than %d rows", m.n);
                return -1;
            }
            if (map_row(&m, text + at, e - at, no, err)) return -1;
        }
        at = end + 1;
    }
    if (!m.n) {
        nonet__fail(err, NONET_ERR_SHAPE, no, 0,
                    "the region map is empty (N rows of N region symbols expected)");
        return -1;
    }
    if (m.rows < m.n) {
        nonet__fail(err, NONET_ERR_SHAPE, no, 0, "region map has %d rows, expected %d", m.rows,
                    m.n);
        return -1;
    }
    return map_sizes(&m, no, err) ? -1 : m.n;
}

/* ------------------------------------------------------------------ */
/* Region maps inside a reader (the nonet format's `regions` section)   */
/* ------------------------------------------------------------------ */

/* The map being read, for the row reader's callbacks. */
static nonet_status region_row(void *ctx, const nonet__line *l, int row, nonet_error *err)
{
    region_map *m = ctx;
    (void)row;
    return map_row(m, l->text, l->len, l->no, err);
}

int nonet__read_region_rows(nonet__lines *ls, int n, int *regions, nonet_error *err)
{
    region_map m;
    memset(&m, 0, sizeof m);
    memset(m.id, -1, sizeof m.id);
    m.regions = regions;
    m.n = n;
    nonet__rows rows = {.lines = ls,
                        .n = n,
                        .what = "the region map ends",
                        .its = "its",
                        .missing = NONET_ERR_SHAPE,
                        .at_last_row = 1,
                        .row = region_row,
                        .ctx = &m};
    if (nonet__rows_read(&rows, 0, err)) return -1;
    return map_sizes(&m, nonet__lines_number(ls), err) ? -1 : n;
}
