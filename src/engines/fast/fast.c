/*
 * fast.c - nonet's dedicated classic 9x9 engine: the level table (levels.h)
 * turned into dispatch (the best level the CPU runs within the job's SIMD
 * cap and the build's), and the engine's entry, nonet__solve_fast, which
 * speaks engine.h's contract like every engine. The engine's body is
 * search.h with triads.h and digits.h or rounds.h, or with rounds_avx2.h
 * (which has its own triad pass), and a backend, compiled once per level
 * by the level_*.c files, each defining its entry nonet__fast_run_ID over
 * search.h's f9_run; state.h holds its data structure and invariants.
 * Every level applies the same rules and reaches the same propagation
 * fixpoint at every node, so all give identical answers: same
 * counts, same first solution, same node and guess statistics (checked by
 * tests/fast). On this project's machine the round levels are 1.5x (AVX2)
 * and 2x (AVX-512) faster than digit by digit with AVX2.
 * Define NONET_FAST9_NO_SIMD to build the portable level only.
 */
#include "engines/fast/fast.h"

#include "core/assert.h"
#include "core/shape.h"
#include "engines/fast/levels.h"
#include "engines/fast/state.h"

/* NONET_FAST9_MAX_LEVEL caps the rank of the level dispatch may choose
 * (core/config.h). */
#include "core/config.h"

typedef void (*f9_run_fn)(f9_ctx *cx, const unsigned char *givens, const uint64_t *cands);

/* The CPU check of each level, from its row's features. */
#if F9_X86
#define F9_CHECK(ID, NAME, RANK, FEATURES, PDEP)                                                   \
    static int has_##ID(void) { return F9_CPU_HAS(FEATURES); }
F9_LEVELS(F9_CHECK)
#else
/* Elsewhere every level built runs: the portable one everywhere, the
 * WebAssembly SIMD128 one wherever the module loads. */
#define F9_CHECK(ID, NAME, RANK, FEATURES, PDEP)                                                   \
    static int has_##ID(void) { return 1; }
F9_LEVELS(F9_CHECK)
#endif

typedef struct f9_level {
    const char *name;
    int rank;
    int pdep;         /* uses PDEP/PEXT */
    int (*has)(void); /* this CPU has its features */
    f9_run_fn run;
} f9_level;

#define F9_ROW(ID, NAME, RANK, FEATURES, PDEP) {NAME, RANK, PDEP, has_##ID, nonet__fast_run_##ID},
static const f9_level levels[] = {F9_LEVELS(F9_ROW)};

#define F9_NLEVELS ((int)(sizeof levels / sizeof levels[0]))

/* 1 when PDEP and PEXT are microcoded (AMD families 15h and 17h: Bulldozer
 * to Zen 2, tens of cycles each). */
static int slow_pdep(void)
{
#if F9_X86
    return __builtin_cpu_is("amd") &&
           (__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h"));
#else
    return 0;
#endif
}

int nonet__fast_level_count(void) { return F9_NLEVELS; }

const char *nonet__fast_level_name(int level)
{
    return level >= 0 && level < F9_NLEVELS ? levels[level].name : NULL;
}

int nonet__fast_level_usable(int level)
{
    return level >= 0 && level < F9_NLEVELS && levels[level].has() &&
           !(levels[level].pdep && slow_pdep());
}

int nonet__fast_level_for(nonet_simd simd)
{
    int cap = nonet__simd_rank(simd);
    if (cap > NONET_FAST9_MAX_LEVEL) cap = NONET_FAST9_MAX_LEVEL;
    for (int i = F9_NLEVELS - 1; i > 0; i--)
        if (levels[i].rank <= cap && nonet__fast_level_usable(i)) return i;
    return 0;
}

int nonet__fast_level_chosen(void) { return nonet__fast_level_for(NONET_SIMD_BEST); }

void nonet__fast_solve_at(nonet__search *job, int level)
{
    f9_ctx cx;
    NONET_ASSERT(job->shape->classic9 && job->tick_mask == 0xffffu);
    cx.job = job;
    cx.limit = job->limit;
    cx.max_nodes = job->max_nodes;
    cx.nodes = 0;
    cx.guesses = 0;
    cx.solutions = 0;
    cx.stop = 0;
    cx.aborted = 0;
    levels[level].run(&cx, job->givens, job->cands);
    job->solutions = cx.solutions;
    job->nodes = cx.nodes;
    job->guesses = cx.guesses;
    job->stop = cx.aborted ? 2 : cx.stop ? 1 : 0;
}

nonet_status nonet__solve_fast(nonet__search *job, nonet__workspace *ws)
{
    (void)ws; /* the search state lives on the stack */
    nonet__fast_solve_at(job, nonet__fast_level_for(job->simd));
    return NONET_OK;
}
