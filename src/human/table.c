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

#include "core/assert.h"

#include <string.h>

/* A row whose finder runs, with what it asks (designated initializers of
 * nonet__hask: .degree, .how, .chain_mode, .chain_level; NO_ASK for none). */
#define FIND(id, name, rating, flags, style, find, ...)                                            \
    {                                                                                              \
        id, name, rating, find, 0, {__VA_ARGS__}, flags, NONET__SHOW_##style                       \
    }
#define NO_ASK .degree = 0

/* A row emitted by the finder of the row `from` places above it. */
#define ALSO(id, name, rating, flags, style, from)                                                 \
    {                                                                                              \
        id, name, rating, NULL, from, {0, 0, 0, 0}, flags, NONET__SHOW_##style                     \
    }

/* The four rows of one level of dynamic forcing chains (SE's producers
 * 25-30): one finder, the contradiction, double, cell and region kinds. */
#define DYNAMIC(idsuffix, namesuffix, rating, level)                                               \
    FIND("dynamic-contradiction-forcing-chains" idsuffix,                                          \
         "Dynamic Contradiction Forcing Chains" namesuffix, rating, 0, CHAIN, nonet__find_forcing, \
         .chain_mode = NONET__CHAIN_DYNAMIC, .chain_level = (level)),                              \
        ALSO("dynamic-double-forcing-chains" idsuffix, "Dynamic Double Forcing Chains" namesuffix, \
             rating, 0, CHAIN, 1),                                                                 \
        ALSO("dynamic-cell-forcing-chains" idsuffix, "Dynamic Cell Forcing Chains" namesuffix,     \
             rating, 0, CHAIN, 2),                                                                 \
        ALSO("dynamic-region-forcing-chains" idsuffix, "Dynamic Region Forcing Chains" namesuffix, \
             rating, 0, CHAIN, 3)

#define DIRECT NONET__ASK_DIRECT
#define EXTRA NONET__H_EXTRA
#define UNIQUE NONET__H_UNIQUE

const nonet__htech nonet__techs[] = {
    FIND("full-house", "Full House", 10, 0, HOUSE, nonet__find_full_house, NO_ASK),
    FIND("hidden-single", "Hidden Single", 12, 0, HOUSE, nonet__find_hidden_single, NO_ASK),
    FIND("direct-pointing", "Direct Pointing", 17, 0, HOUSE, nonet__find_locked, .how = DIRECT),
    FIND("direct-claiming", "Direct Claiming", 19, 0, HOUSE, nonet__find_locked,
         .how = DIRECT | NONET__ASK_CLAIMING),
    FIND("direct-hidden-pair", "Direct Hidden Pair", 20, 0, SUBSET, nonet__find_hidden_set,
         .degree = 2, .how = DIRECT),
    FIND("naked-single", "Naked Single", 23, 0, CELL, nonet__find_naked_single, NO_ASK),
    /* nonet's extension for constraints beyond the houses (killer.c,
     * docs/CONSTRAINTS.md): run only on puzzles that have them. */
    FIND("cage-combination", "Cage Combinations", 24, 0, LOOP, nonet__find_cage_combination,
         NO_ASK),
    FIND("constraint-logic", "Constraint Logic", 24, 0, LOOP, nonet__find_constraint_logic, NO_ASK),
    FIND("direct-hidden-triple", "Direct Hidden Triple", 25, 0, SUBSET, nonet__find_hidden_set,
         .degree = 3, .how = DIRECT),
    FIND("pointing", "Pointing", 26, 0, HOUSE, nonet__find_locked, NO_ASK),
    FIND("innies", "Innies", 27, 0, SUBSET, nonet__find_innies_outies, NO_ASK),
    FIND("claiming", "Claiming", 28, 0, HOUSE, nonet__find_locked, .how = NONET__ASK_CLAIMING),
    FIND("outies", "Outies", 29, 0, SUBSET, nonet__find_innies_outies, .how = NONET__ASK_OUTIES),
    FIND("naked-pair", "Naked Pair", 30, 0, SUBSET, nonet__find_naked_set, .degree = 2),
    FIND("x-wing", "X-Wing", 32, 0, FISH, nonet__find_fish, .degree = 2),
    FIND("hidden-pair", "Hidden Pair", 34, 0, SUBSET, nonet__find_hidden_set, .degree = 2),
    FIND("naked-triple", "Naked Triple", 36, 0, SUBSET, nonet__find_naked_set, .degree = 3),
    FIND("swordfish", "Swordfish", 38, 0, FISH, nonet__find_fish, .degree = 3),
    FIND("hidden-triple", "Hidden Triple", 40, 0, SUBSET, nonet__find_hidden_set, .degree = 3),
    FIND("xy-wing", "XY-Wing", 42, 0, WING, nonet__find_xy_wing, NO_ASK),
    FIND("xyz-wing", "XYZ-Wing", 44, 0, WING, nonet__find_xy_wing, .how = NONET__ASK_XYZ),
    /* HoDoKu's techniques, extras: their ratings are what SE gives the
     * chains that make the same eliminations (estimates, not SE's own). */
    FIND("skyscraper", "Skyscraper", 66, EXTRA, CHAIN, nonet__find_x_chain4, NO_ASK),
    ALSO("two-string-kite", "2-String Kite", 66, EXTRA, CHAIN, 1),
    ALSO("turbot-fish", "Turbot Fish", 66, EXTRA, CHAIN, 2),
    FIND("w-wing", "W-Wing", 71, EXTRA, WING, nonet__find_w_wing, NO_ASK),
    FIND("finned-x-wing", "Finned X-Wing", 66, EXTRA, FISH, nonet__find_finned_fish, .degree = 2),
    ALSO("sashimi-x-wing", "Sashimi X-Wing", 66, EXTRA, FISH, 1),
    FIND("finned-swordfish", "Finned Swordfish", 67, EXTRA, FISH, nonet__find_finned_fish,
         .degree = 3),
    ALSO("sashimi-swordfish", "Sashimi Swordfish", 67, EXTRA, FISH, 1),
    FIND("finned-jellyfish", "Finned Jellyfish", 68, EXTRA, FISH, nonet__find_finned_fish,
         .degree = 4),
    ALSO("sashimi-jellyfish", "Sashimi Jellyfish", 68, EXTRA, FISH, 1),
    FIND("unique-rectangle", "Unique Rectangle", 45, UNIQUE, LOOP, nonet__find_unique_loop, NO_ASK),
    ALSO("unique-loop", "Unique Loop", 46, UNIQUE, LOOP, 1),
    FIND("naked-quad", "Naked Quad", 50, 0, SUBSET, nonet__find_naked_set, .degree = 4),
    FIND("jellyfish", "Jellyfish", 52, 0, FISH, nonet__find_fish, .degree = 4),
    FIND("hidden-quad", "Hidden Quad", 54, 0, SUBSET, nonet__find_hidden_set, .degree = 4),
    FIND("bug", "Bivalue Universal Grave", 56, UNIQUE, LOOP, nonet__find_bug, NO_ASK),
    FIND("aligned-pair-exclusion", "Aligned Pair Exclusion", 62, 0, CELL, nonet__find_aligned,
         .degree = 2),
    FIND("x-cycle", "Bidirectional X-Cycle", 65, 0, CHAIN, nonet__find_cycles, NO_ASK),
    ALSO("y-cycle", "Bidirectional Y-Cycle", 65, 0, CHAIN, 1),
    ALSO("forcing-x-chain", "Forcing X-Chain", 66, 0, CHAIN, 2),
    ALSO("xy-cycle", "Bidirectional Cycle", 70, 0, CHAIN, 3),
    ALSO("forcing-chain", "Forcing Chain", 70, 0, CHAIN, 4),
    FIND("aligned-triple-exclusion", "Aligned Triple Exclusion", 75, 0, CELL, nonet__find_aligned,
         .degree = 3),
    FIND("nishio-forcing-chains", "Nishio Forcing Chains", 75, 0, CHAIN, nonet__find_forcing,
         .chain_mode = NONET__CHAIN_NISHIO),
    FIND("cell-forcing-chains", "Cell Forcing Chains", 80, 0, CHAIN, nonet__find_forcing,
         .chain_mode = NONET__CHAIN_MULTIPLE),
    ALSO("region-forcing-chains", "Region Forcing Chains", 80, 0, CHAIN, 1),
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

const nonet__htech *nonet__tech_finder(const nonet__htech *t)
{
    NONET_ASSERT(t->from == 0 ? t->find != NULL : !t->find && (t - t->from)->find);
    return t - t->from;
}

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
