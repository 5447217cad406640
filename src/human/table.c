/*
 * table.c - the technique table: every technique the engine knows, in the
 * order Sudoku Explainer 1.2.1 tries them (its "hint producers"), with a
 * stable kebab-case id, a display name, SE's rating (in tenths) and the
 * finder that looks for it. Adding a technique is one finder and one row.
 *
 * SE's order is not sorted by rating: a naked single (2.3) is tried after
 * the direct hidden pair (2.0), the XY-Wing (4.2) before the unique
 * rectangle (4.5), the naked quad (5.0) after it. Each producer's first
 * step wins. Rows flagged NONET__H_EXTRA are not SE's: they run only when
 * asked for and never count in a rating.
 */
#include "human/human.h"

#include <string.h>

#define ROW(id, name, rating, find, param, flags, style)                                           \
    {                                                                                              \
        id, name, rating, find, param, flags, style                                                \
    }

/* The four rows of one level of dynamic forcing chains (SE's producers
 * 25-30; the finder's parameter is 3 + 16 * level). */
#define DYNAMIC(idsuffix, namesuffix, rating, level)                                               \
    ROW("dynamic-contradiction-forcing-chains" idsuffix,                                           \
        "Dynamic Contradiction Forcing Chains" namesuffix, rating, nonet__find_forcing,            \
        3 + 16 * (level), 0, NONET__SHOW_CHAIN),                                                   \
        ROW("dynamic-double-forcing-chains" idsuffix, "Dynamic Double Forcing Chains" namesuffix,  \
            rating, NULL, 0, 0, NONET__SHOW_CHAIN),                                                \
        ROW("dynamic-cell-forcing-chains" idsuffix, "Dynamic Cell Forcing Chains" namesuffix,      \
            rating, NULL, 0, 0, NONET__SHOW_CHAIN),                                                \
        ROW("dynamic-region-forcing-chains" idsuffix, "Dynamic Region Forcing Chains" namesuffix,  \
            rating, NULL, 0, 0, NONET__SHOW_CHAIN)

const nonet__htech nonet__techs[] = {
    ROW("full-house", "Full House", 10, nonet__find_full_house, 0, 0, NONET__SHOW_HOUSE),
    ROW("hidden-single", "Hidden Single", 12, nonet__find_hidden_single, 0, 0, NONET__SHOW_HOUSE),
    ROW("direct-pointing", "Direct Pointing", 17, nonet__find_locked, 1, 0, NONET__SHOW_HOUSE),
    ROW("direct-claiming", "Direct Claiming", 19, nonet__find_locked, 3, 0, NONET__SHOW_HOUSE),
    ROW("direct-hidden-pair", "Direct Hidden Pair", 20, nonet__find_hidden_set, 2 | 16, 0,
        NONET__SHOW_SUBSET),
    ROW("naked-single", "Naked Single", 23, nonet__find_naked_single, 0, 0, NONET__SHOW_CELL),
    ROW("direct-hidden-triple", "Direct Hidden Triple", 25, nonet__find_hidden_set, 3 | 16, 0,
        NONET__SHOW_SUBSET),
    ROW("pointing", "Pointing", 26, nonet__find_locked, 0, 0, NONET__SHOW_HOUSE),
    ROW("claiming", "Claiming", 28, nonet__find_locked, 2, 0, NONET__SHOW_HOUSE),
    ROW("naked-pair", "Naked Pair", 30, nonet__find_naked_set, 2, 0, NONET__SHOW_SUBSET),
    ROW("x-wing", "X-Wing", 32, nonet__find_fish, 2, 0, NONET__SHOW_FISH),
    ROW("hidden-pair", "Hidden Pair", 34, nonet__find_hidden_set, 2, 0, NONET__SHOW_SUBSET),
    ROW("naked-triple", "Naked Triple", 36, nonet__find_naked_set, 3, 0, NONET__SHOW_SUBSET),
    ROW("swordfish", "Swordfish", 38, nonet__find_fish, 3, 0, NONET__SHOW_FISH),
    ROW("hidden-triple", "Hidden Triple", 40, nonet__find_hidden_set, 3, 0, NONET__SHOW_SUBSET),
    ROW("xy-wing", "XY-Wing", 42, nonet__find_xy_wing, 0, 0, NONET__SHOW_WING),
    ROW("xyz-wing", "XYZ-Wing", 44, nonet__find_xy_wing, 1, 0, NONET__SHOW_WING),
    /* HoDoKu's techniques, extras: their ratings are what SE gives the
     * chains that make the same eliminations (estimates, not SE's own). */
    ROW("skyscraper", "Skyscraper", 66, nonet__find_x_chain4, 0, NONET__H_EXTRA, NONET__SHOW_CHAIN),
    ROW("two-string-kite", "2-String Kite", 66, NULL, 0, NONET__H_EXTRA, NONET__SHOW_CHAIN),
    ROW("turbot-fish", "Turbot Fish", 66, NULL, 0, NONET__H_EXTRA, NONET__SHOW_CHAIN),
    ROW("w-wing", "W-Wing", 71, nonet__find_w_wing, 0, NONET__H_EXTRA, NONET__SHOW_WING),
    ROW("finned-x-wing", "Finned X-Wing", 66, nonet__find_finned_fish, 2, NONET__H_EXTRA,
        NONET__SHOW_FISH),
    ROW("sashimi-x-wing", "Sashimi X-Wing", 66, NULL, 2, NONET__H_EXTRA, NONET__SHOW_FISH),
    ROW("finned-swordfish", "Finned Swordfish", 67, nonet__find_finned_fish, 3, NONET__H_EXTRA,
        NONET__SHOW_FISH),
    ROW("sashimi-swordfish", "Sashimi Swordfish", 67, NULL, 3, NONET__H_EXTRA, NONET__SHOW_FISH),
    ROW("finned-jellyfish", "Finned Jellyfish", 68, nonet__find_finned_fish, 4, NONET__H_EXTRA,
        NONET__SHOW_FISH),
    ROW("sashimi-jellyfish", "Sashimi Jellyfish", 68, NULL, 4, NONET__H_EXTRA, NONET__SHOW_FISH),
    ROW("unique-rectangle", "Unique Rectangle", 45, nonet__find_unique_loop, 0, NONET__H_UNIQUE,
        NONET__SHOW_LOOP),
    ROW("unique-loop", "Unique Loop", 46, NULL, 0, NONET__H_UNIQUE, NONET__SHOW_LOOP),
    ROW("naked-quad", "Naked Quad", 50, nonet__find_naked_set, 4, 0, NONET__SHOW_SUBSET),
    ROW("jellyfish", "Jellyfish", 52, nonet__find_fish, 4, 0, NONET__SHOW_FISH),
    ROW("hidden-quad", "Hidden Quad", 54, nonet__find_hidden_set, 4, 0, NONET__SHOW_SUBSET),
    ROW("bug", "Bivalue Universal Grave", 56, nonet__find_bug, 0, NONET__H_UNIQUE,
        NONET__SHOW_LOOP),
    ROW("aligned-pair-exclusion", "Aligned Pair Exclusion", 62, nonet__find_aligned, 2, 0,
        NONET__SHOW_CELL),
    ROW("x-cycle", "Bidirectional X-Cycle", 65, nonet__find_cycles, 0, 0, NONET__SHOW_CHAIN),
    ROW("y-cycle", "Bidirectional Y-Cycle", 65, NULL, 0, 0, NONET__SHOW_CHAIN),
    ROW("forcing-x-chain", "Forcing X-Chain", 66, NULL, 0, 0, NONET__SHOW_CHAIN),
    ROW("xy-cycle", "Bidirectional Cycle", 70, NULL, 0, 0, NONET__SHOW_CHAIN),
    ROW("forcing-chain", "Forcing Chain", 70, NULL, 0, 0, NONET__SHOW_CHAIN),
    ROW("aligned-triple-exclusion", "Aligned Triple Exclusion", 75, nonet__find_aligned, 3, 0,
        NONET__SHOW_CELL),
    ROW("nishio-forcing-chains", "Nishio Forcing Chains", 75, nonet__find_forcing, 1, 0,
        NONET__SHOW_CHAIN),
    ROW("cell-forcing-chains", "Cell Forcing Chains", 80, nonet__find_forcing, 2, 0,
        NONET__SHOW_CHAIN),
    ROW("region-forcing-chains", "Region Forcing Chains", 80, NULL, 0, 0, NONET__SHOW_CHAIN),
    DYNAMIC("", "", 85, 0),
    DYNAMIC("-plus", " (+)", 90, 1),
    DYNAMIC("-plus-fc", " (+ Forcing Chains)", 95, 2),
    DYNAMIC("-plus-mfc", " (+ Multiple Forcing Chains)", 100, 3),
    DYNAMIC("-plus-dfc", " (+ Dynamic Forcing Chains)", 105, 4),
    DYNAMIC("-plus-dfc-fc", " (+ Dynamic Forcing Chains (+ Forcing Chains))", 110, 5),
};

const int nonet__ntechs = (int)(sizeof nonet__techs / sizeof nonet__techs[0]);

/* ------------------------------------------------------------------ */
/* Public queries                                                       */
/* ------------------------------------------------------------------ */

int nonet_technique_count(void) { return nonet__ntechs; }

static const nonet__htech *row(int t)
{
    return t >= 0 && t < nonet__ntechs ? &nonet__techs[t] : NULL;
}

const char *nonet_technique_id(int t) { return row(t) ? row(t)->id : NULL; }

const char *nonet_technique_name(int t) { return row(t) ? row(t)->name : NULL; }

double nonet_technique_rating(int t) { return row(t) ? row(t)->rating / 10.0 : -1; }

int nonet_technique_is_extra(int t) { return row(t) ? (row(t)->flags & NONET__H_EXTRA) != 0 : -1; }

int nonet_technique_from_id(const char *id)
{
    if (!id) return -1;
    for (int t = 0; t < nonet__ntechs; t++)
        if (strcmp(nonet__techs[t].id, id) == 0) return t;
    return -1;
}
