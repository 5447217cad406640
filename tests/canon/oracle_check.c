/*
 * oracle_check.c - the library's 9x9 canonical forms against the exhaustive
 * oracle (oracle.c) over a file of puzzles, both forms, with automorphism
 * counts and the transformation returned.
 *
 *   oracle_check FILE [STEP]     every STEP-th puzzle (default 1: all)
 *
 * Prints each disagreement and a summary; exits 1 when there is one, 77
 * when FILE is absent (a test without the shared collections is skipped).
 * `make canon-oracle` runs it over the whole 17-clue and hardest sets
 * (minutes); ctest runs it on a sample.
 */
#include "oracle.h"

#include <nonet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Checks one puzzle in one form; returns 0 when the library agrees. */
static int check(nonet_canon *w, const nonet_shape *s, const unsigned char *cells, int form,
                 long no)
{
    unsigned char lib[81], ora[81], back[81];
    unsigned long long al = 0, ao = 0;
    nonet_transform t;
    nonet_error err;
    if (nonet_canon_grid(w, s, cells, (nonet_canon_form)form, lib, &t, &al, &err)) {
        printf("puzzle %ld form %d: %s\n", no, form, err.message);
        return 1;
    }
    if (oracle_canon(9, 3, 3, cells, form, ora, &ao)) {
        printf("puzzle %ld: the oracle ran out of memory\n", no);
        return 1;
    }
    int bad = memcmp(lib, ora, 81) != 0 || al != ao;
    if (nonet_transform_apply(&t, s, cells, back, NULL) || memcmp(back, lib, 81)) bad = 1;
    if (bad) {
        printf("puzzle %ld form %s: library %llu automorphisms, oracle %llu\n  ", no,
               nonet_canon_form_name((nonet_canon_form)form), al, ao);
        for (int i = 0; i < 81; i++) putchar('0' + lib[i]);
        printf("\n  ");
        for (int i = 0; i < 81; i++) putchar('0' + ora[i]);
        putchar('\n');
    }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: oracle_check FILE [STEP]\n", stderr);
        return 3;
    }
    long step = argc > 2 ? atol(argv[2]) : 1;
    FILE *fp = fopen(argv[1], "r");
    if (!fp) {
        printf("SKIP: %s is missing\n", argv[1]);
        return 77;
    }
    nonet_shape *s = nonet_shape_new_classic(9, NULL);
    nonet_canon *w = nonet_canon_new();
    char line[1024];
    long no = 0, checked = 0, bad = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (no++ % (step > 0 ? step : 1)) continue;
        unsigned char cells[81];
        for (int i = 0; i < 81; i++)
            cells[i] = line[i] >= '1' && line[i] <= '9' ? (unsigned char)(line[i] - '0') : 0;
        bad += check(w, s, cells, 0, no) + check(w, s, cells, 1, no);
        checked++;
    }
    fclose(fp);
    printf("%s: %ld puzzles checked in both forms against the oracle, %ld disagreements\n", argv[1],
           checked, bad);
    nonet_canon_free(w);
    nonet_shape_free(s);
    return bad ? 1 : 0;
}
