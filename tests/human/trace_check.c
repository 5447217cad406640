/*
 * trace_check.c - replays Sudoku Explainer step traces against nonet's
 * explainer: for every traced step that comes with its state (the values
 * and the 729-symbol pencilmarks, as SE's tracer prints them), nonet must
 * take the same step: same rating, same placements, same eliminations.
 * Chaining steps are checked too (the traces' dynamic steps at nested
 * levels, where SE's own choice among equal chains depends on Java hash
 * order, may be skipped with -n).
 *
 * usage: trace_check [-n] TRACE...  (exit 0 all agree, 1 a step differs, 77 no file)
 *
 * Trace lines used: "step N: RATING NAME [producer]", "  values: 81",
 * "  pencil: 729", "  eliminate: r1c2<>3 ...", "  place: r1c2=3".
 */
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct traced {
    double rating;
    char name[128];
    char values[82], pencil[730];
    int have_state;
} traced;

/* Parses "r1c2<>3 r4c5<>6" (or "=") into a sorted list of cell*16+digit. */
static int parse_moves(const char *s, int *out)
{
    int n = 0, r, c, d;
    while (*s) {
        while (*s == ' ') s++;
        if (sscanf(s, "r%dc%d<>%d", &r, &c, &d) == 3 || sscanf(s, "r%dc%d=%d", &r, &c, &d) == 3)
            out[n++] = ((r - 1) * 9 + c - 1) * 16 + d;
        while (*s && *s != ' ') s++;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j] < out[j - 1]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* 1 for the steps of SE's nested levels (producers 26-30, 9.0 and up). */
static int is_nested(const traced *t) { return strstr(t->name, "(+") != NULL; }

/* Runs nonet on t's state; returns 1 when its step matches `want` (n moves). */
static int check(const traced *t, const int *want, int n, int placing, char *why, size_t cap)
{
    nonet_shape *shape = nonet_shape_new_classic(9, NULL);
    unsigned char cells[81];
    uint64_t cands[81];
    for (int c = 0; c < 81; c++) {
        cells[c] =
            t->values[c] >= '1' && t->values[c] <= '9' ? (unsigned char)(t->values[c] - '0') : 0;
        cands[c] = 0;
        for (int d = 0; d < 9; d++)
            if (t->pencil[c * 9 + d] == '1' + d) cands[c] |= 1u << d;
        if (cells[c]) cands[c] = 1u << (cells[c] - 1);
    }
    nonet_puzzle *p = nonet_puzzle_new(shape, cells, cands, NULL);
    nonet_explainer *x = p ? nonet_explainer_new(p, NULL) : NULL;
    nonet_step st;
    int ok = 0;
    if (!x || nonet_explainer_next(x, &st, NULL) != NONET_OK) {
        snprintf(why, cap, "nonet finds no step");
    } else {
        int got[1024], m = 0;
        const nonet_candidate *v = placing ? st.placements : st.eliminations;
        int nv = placing ? st.nplacements : st.neliminations;
        for (int i = 0; i < nv && m < 1024; i++) got[m++] = v[i].cell * 16 + v[i].digit;
        ok = (int)(st.rating * 10 + 0.5) == (int)(t->rating * 10 + 0.5) && m == n &&
             memcmp(got, want, (size_t)n * sizeof *got) == 0;
        if (!ok) {
            char text[4096];
            nonet_write_step(text, sizeof text, NONET_FORMAT_LINE, 3, shape, &st);
            snprintf(why, cap, "nonet: %.1f %s", st.rating, text);
        }
    }
    nonet_explainer_free(x);
    nonet_puzzle_free(p);
    nonet_shape_free(shape);
    return ok;
}

int main(int argc, char **argv)
{
    int checked = 0, bad = 0, skipped = 0, files = 0, no_nested = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-n") == 0) {
            no_nested = 1;
            continue;
        }
        FILE *f = fopen(argv[a], "r");
        if (!f) continue;
        files++;
        char line[2048];
        traced t = {0};
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = 0;
            if (strncmp(line, "step ", 5) == 0) {
                memset(&t, 0, sizeof t);
                const char *s = strchr(line, ':');
                if (s) sscanf(s + 1, "%lf %127[^[]", &t.rating, t.name);
            } else if (strncmp(line, "  values: ", 10) == 0 && strlen(line) >= 91) {
                memcpy(t.values, line + 10, 81);
            } else if (strncmp(line, "  pencil: ", 10) == 0 && strlen(line) >= 739) {
                memcpy(t.pencil, line + 10, 729);
                t.have_state = 1;
            } else if (t.have_state && (strncmp(line, "  eliminate: ", 13) == 0 ||
                                        strncmp(line, "  place: ", 9) == 0)) {
                int placing = line[2] == 'p';
                if (no_nested && is_nested(&t)) {
                    skipped++;
                    t.have_state = 0;
                    continue;
                }
                int want[1024], n = parse_moves(line + (placing ? 9 : 13), want);
                char why[4200];
                checked++;
                if (!check(&t, want, n, placing, why, sizeof why)) {
                    bad++;
                    printf("%s: SE %.1f %s:%s\n  %s\n", argv[a], t.rating, t.name, line, why);
                }
                t.have_state = 0;
            }
        }
        fclose(f);
    }
    if (!files) return 77;
    printf("trace_check: %d steps checked, %d differ, %d nested chain steps skipped\n", checked,
           bad, skipped);
    return bad ? 1 : 0;
}
