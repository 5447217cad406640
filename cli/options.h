/*
 * options.h - the tool's shared ground, in one place: its exit statuses,
 * usage errors, the parsers of option values, the one table of long
 * options every command takes its options from, and CLI_ASSERT.
 *
 * A command names the options it accepts (their ids: a short letter, or a
 * CLI_OPT_* above 255 for a long-only one); cli_options_build turns that
 * list into getopt_long's tables. A new option is one row of the table in
 * options.c (and, for a long-only one, its CLI_OPT_* here).
 */
#ifndef NONET_CLI_OPTIONS_H
#define NONET_CLI_OPTIONS_H

#include <nonet.h>

#include <getopt.h>

/* Exit statuses of the nonet tool (documented in --help, nonet(1) and
 * README.md). Status 1 says an item got an answer short of the one asked
 * for; it has one name per way of falling short, so each use says which. The
 * worst status of all items is the tool's (their order matters). */
enum {
    EXIT_OK = 0,         /* every item answered as asked (solve: each puzzle has exactly
                            one solution); --help, --version */
    EXIT_NOT_UNIQUE = 1, /* solve, count, check, hint: a puzzle has no solution or several */
    EXIT_GAVE_UP = 1,    /* a search or a rating stopped by --timeout or a node bound */
    EXIT_STUCK = 1,      /* rate, explain, hint: no technique applies before the end */
    EXIT_NOT_FOUND = 1,  /* generate: no puzzle met the target (clues, difficulty) */
    EXIT_BAD_INPUT = 2,  /* some input could not be read or breaks the rules */
    EXIT_USAGE = 3,      /* bad command line */
    EXIT_SYSTEM = 4      /* output could not be written, out of memory */
};

/* getopt_long values of the long-only options (above any short letter). */
enum {
    CLI_OPT_BOX = 256,  /* --box RxC */
    CLI_OPT_ALPHABET,   /* --alphabet STRING */
    CLI_OPT_VARIANT,    /* --variant LIST */
    CLI_OPT_REGIONS,    /* --regions FILE */
    CLI_OPT_TIMEOUT,    /* --timeout SECONDS */
    CLI_OPT_MAX_NODES,  /* --max-nodes N */
    CLI_OPT_SIMD,       /* --simd LEVEL (solve, count, check) */
    CLI_OPT_PROGRESS,   /* --progress[=auto|always|never] */
    CLI_OPT_EXTRA,      /* --extra LIST (explain, hint) */
    CLI_OPT_LEVEL,      /* --level N (hint) */
    CLI_OPT_TECHNIQUES, /* --techniques (explain, hint) */
    CLI_OPT_FORM,       /* --form minlex|pattern (canon, dedupe) */
    CLI_OPT_SEED,       /* --seed S (shuffle) */
    CLI_OPT_COPIES,     /* -n, --copies K (shuffle; its letter is also --no-minimal's) */
    CLI_OPT_COUNT,      /* -n, --count N (generate; the same letter) */
    CLI_OPT_NO_MINIMAL, /* --no-minimal without a letter (generate, whose -n is --count) */
    CLI_OPT_SIZE,       /* --size N (generate) */
    CLI_OPT_SYMMETRY,   /* --symmetry NAME (generate) */
    CLI_OPT_CLUES,      /* --clues N (generate) */
    CLI_OPT_HARD,       /* --hard (generate) */
    CLI_OPT_HARD_STEPS, /* --hard-steps N (generate) */
    CLI_OPT_RATING,     /* --rating MIN-MAX (generate) */
    CLI_OPT_DIFFICULTY, /* --difficulty NAME (generate) */
    CLI_OPT_TECHNIQUE,  /* --technique NAME (generate) */
    /* nonet print */
    CLI_OPT_PER_PAGE,    /* --per-page N */
    CLI_OPT_PAPER,       /* --paper NAME */
    CLI_OPT_TITLE,       /* --title TEXT */
    CLI_OPT_CAPTION,     /* --caption FIELDS (print) */
    CLI_OPT_ANSWERS,     /* --answers */
    CLI_OPT_CANDIDATES,  /* --candidates */
    CLI_OPT_LARGE_PRINT, /* --large-print */
    CLI_OPT_FONT,        /* --font NAME */
    CLI_OPT_DPI,         /* --dpi N */
    CLI_OPT_PUZZLE,      /* --puzzle STRING (every command that reads puzzles) */
    CLI_OPT_OUTPUT_FILE, /* -O, --output-file FILE (print) */
    CLI_OPT_KEEP_GOING,  /* --keep-going (explain, hint, rate: work on several solutions) */
    CLI_OPT_KILLER,      /* --killer (generate: cages, no givens) */
    CLI_OPT_KILLER_MAX,  /* --cage-max N (generate --killer) */
    CLI_OPT_CONSTRAINTS  /* --constraints LIST (generate: mixed puzzles) */
};

/* The options every command that reads puzzles takes (the one set: rules,
 * input format, threads, progress, puzzles on the command line, help), and
 * the limits of those whose work is a search that can run long. A command's
 * own list adds to these (cli_common_parse merges them). */
extern const int cli_reading_options[];
extern const int cli_limit_options[];

/* Their --help lines, written once so they read the same everywhere. */
#define CLI_HELP_READING                                                                           \
    "Options every command that reads puzzles takes:\n"                                            \
    "  -f, --format NAME   read this format instead of detecting it\n"                             \
    "      --puzzle STRING a puzzle given on the command line (repeatable; read\n"                 \
    "                      before the FILEs, and standard input is then not read)\n"               \
    "  -j, --jobs N        threads (default: all cores; 1 when reading a terminal)\n"              \
    "      --progress[=WHEN]  the count of puzzles done on standard error, with\n"                 \
    "                      the share and time left when the input size is known:\n"                \
    "                      auto (the default of --progress: on a terminal),\n"                     \
    "                      always, never (without --progress)\n"                                   \
    "  -O, --output-file FILE  write to FILE instead of standard output\n" CLI_HELP_RULES

#define CLI_HELP_LIMITS                                                                            \
    "      --timeout SECONDS  give up a puzzle after this much time (e.g. 2.5)\n"                  \
    "      --max-nodes N       give up a puzzle after N search nodes\n"

/* The --help lines of the rule options every puzzle-reading command takes
 * (--box, --alphabet, --variant, --regions), written once so they read the
 * same everywhere. */
#define CLI_HELP_RULES                                                                             \
    "      --box RxC       boxes of R rows and C columns (default: the size's own)\n"              \
    "      --alphabet STR  symbols of the digits 1, 2, ... (default 1-9 A-Z a-z);\n"               \
    "                      '.' is blank, and '0' when STR does not hold it\n"                      \
    "      --variant LIST  extra rules, comma-separated: x, hyper, disjoint,\n"                    \
    "                      anti-knight, anti-king, non-consecutive\n"                              \
    "      --regions FILE  jigsaw regions: N rows of N region letters\n"

#define CLI_MAX_OPTIONS 48
typedef struct cli_options {
    struct option longopts[CLI_MAX_OPTIONS + 1]; /* ends with a zero row */
    char shortopts[2 * CLI_MAX_OPTIONS + 2];     /* ":f:o:..." */
    int letter_id[128]; /* a short letter standing for a long-only id, or 0 */
} cli_options;

/* Builds getopt_long's tables for the options whose ids are listed in
 * `lists` (a NULL-ended array of lists, each ended by 0; an id in two
 * lists counts once), taking names and arguments from the shared table.
 * An id the table lacks, or two listed options with one letter, is a bug:
 * it aborts. */
void cli_options_build(cli_options *t, const int *const *lists);

/* The id of the option getopt_long returned as `c`: c itself, or the
 * long-only id its short letter stands for in this command (-n is
 * --copies in shuffle, --no-minimal in check). */
int cli_options_id(const cli_options *t, int c);

/* ---- usage errors ---- */

/* Prints "nonet: message; see 'nonet CMD --help'" (CMD NULL: 'nonet --help')
 * and returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports the option getopt_long just rejected (it returned `c`, '?' or ':',
 * with optind at `prev_optind` before the call): names it, points to
 * 'nonet CMD --help', returns EXIT_USAGE. */
int cli_option_error(const char *cmd, char **argv, int prev_optind, int c);

/* ---- value parsers: each returns the value, or -1 / 0 when invalid ---- */

/* A thread count ("4"; "0" = all cores), at most 1024; -1 when invalid. */
int cli_parse_jobs(const char *text);
/* Number of online processors, 1..256. */
int cli_cores(void);
/* A --limit value (0 = all) into *limit. Returns 0, or -1 when invalid. */
int cli_parse_limit(const char *text, unsigned long long *limit);
/* A positive number of seconds, at most a year; -1 when invalid. */
double cli_parse_seconds(const char *text);
/* A positive node count; 0 when invalid. */
unsigned long long cli_parse_nodes(const char *text);
/* A format for --format (any but pretty, which reads as luogu); -1. */
int cli_parse_input_format(const char *name);
/* A format for --output (any but auto); -1. */
int cli_parse_output_format(const char *name);
/* A --simd level: scalar, sse4.1, avx2, avx512 or best; -1. */
int cli_parse_simd(const char *name);
/* A box "RxC" with 4 <= R*C <= 64 into *rows, *cols. Returns 0, or -1. */
int cli_parse_box(const char *text, int *rows, int *cols);

/* ---- checks (the library's NONET_ASSERT, for the tool) ---- */

#ifdef NONET_ASSERTS
#define CLI_ASSERT(cond) ((cond) ? (void)0 : cli_assert_fail(#cond, __FILE__, __LINE__))
#else
#define CLI_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0)) /* type-checked, not run */
#endif

/* Reports a failed CLI_ASSERT on standard error and aborts. */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void cli_assert_fail(const char *what, const char *file, int line);

#endif
