/*
 * options.c - the shared option table, usage errors and value parsers (see
 * options.h). It calls nothing else of the tool.
 */
#define _POSIX_C_SOURCE 200809L
#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every long option of every command, once: name, argument, id. */
static const struct option table[] = {
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"engine", required_argument, NULL, 'e'},
    {"jobs", required_argument, NULL, 'j'},
    {"limit", required_argument, NULL, 'l'},
    {"stats", no_argument, NULL, 's'},
    {"no-time", no_argument, NULL, 'T'},
    {"quiet", no_argument, NULL, 'q'},
    {"all", no_argument, NULL, 'a'},
    {"no-minimal", no_argument, NULL, 'n'},
    {"help", no_argument, NULL, 'h'},
    {"box", required_argument, NULL, CLI_OPT_BOX},
    {"alphabet", required_argument, NULL, CLI_OPT_ALPHABET},
    {"variant", required_argument, NULL, CLI_OPT_VARIANT},
    {"regions", required_argument, NULL, CLI_OPT_REGIONS},
    {"timeout", required_argument, NULL, CLI_OPT_TIMEOUT},
    {"max-nodes", required_argument, NULL, CLI_OPT_MAX_NODES},
    {"simd", required_argument, NULL, CLI_OPT_SIMD},
    {"progress", optional_argument, NULL, CLI_OPT_PROGRESS},
    {"puzzle", required_argument, NULL, CLI_OPT_PUZZLE},
    {"output-file", required_argument, NULL, CLI_OPT_OUTPUT_FILE},
    {"extra", required_argument, NULL, CLI_OPT_EXTRA},
    {"level", required_argument, NULL, CLI_OPT_LEVEL},
    {"techniques", no_argument, NULL, CLI_OPT_TECHNIQUES},
    {"count", no_argument, NULL, 'c'},
    {"form", required_argument, NULL, CLI_OPT_FORM},
    {"seed", required_argument, NULL, CLI_OPT_SEED},
    {"copies", required_argument, NULL, CLI_OPT_COPIES},
    /* generate's: its --count takes the number to make (dedupe's counts),
     * and its --no-minimal has no letter (its -n is --count) */
    {"count", required_argument, NULL, CLI_OPT_COUNT},
    {"no-minimal", no_argument, NULL, CLI_OPT_NO_MINIMAL},
    {"size", required_argument, NULL, CLI_OPT_SIZE},
    {"symmetry", required_argument, NULL, CLI_OPT_SYMMETRY},
    {"clues", required_argument, NULL, CLI_OPT_CLUES},
    {"hard", no_argument, NULL, CLI_OPT_HARD},
    {"hard-steps", required_argument, NULL, CLI_OPT_HARD_STEPS},
    {"rating", required_argument, NULL, CLI_OPT_RATING},
    {"difficulty", required_argument, NULL, CLI_OPT_DIFFICULTY},
    {"technique", required_argument, NULL, CLI_OPT_TECHNIQUE},
    {"per-page", required_argument, NULL, CLI_OPT_PER_PAGE},
    {"paper", required_argument, NULL, CLI_OPT_PAPER},
    {"title", required_argument, NULL, CLI_OPT_TITLE},
    {"caption", required_argument, NULL, CLI_OPT_CAPTION},
    {"answers", no_argument, NULL, CLI_OPT_ANSWERS},
    {"candidates", no_argument, NULL, CLI_OPT_CANDIDATES},
    {"large-print", no_argument, NULL, CLI_OPT_LARGE_PRINT},
    {"font", required_argument, NULL, CLI_OPT_FONT},
    {"dpi", required_argument, NULL, CLI_OPT_DPI},
    {"keep-going", no_argument, NULL, CLI_OPT_KEEP_GOING},
    {"killer", no_argument, NULL, CLI_OPT_KILLER},
    {"cage-max", required_argument, NULL, CLI_OPT_KILLER_MAX},
    {"constraints", required_argument, NULL, CLI_OPT_CONSTRAINTS},
};

/* Short letters of long-only ids whose letter another command's option
 * already is (the command lists one or the other, never both). */
static const struct {
    int id;
    char letter;
} letters[] = {
    {CLI_OPT_COPIES, 'n'},
    {CLI_OPT_COUNT, 'n'},
    {CLI_OPT_OUTPUT_FILE, 'O'},
};

const int cli_reading_options[] = {'f',
                                   'j',
                                   'h',
                                   CLI_OPT_BOX,
                                   CLI_OPT_ALPHABET,
                                   CLI_OPT_VARIANT,
                                   CLI_OPT_REGIONS,
                                   CLI_OPT_PROGRESS,
                                   CLI_OPT_PUZZLE,
                                   CLI_OPT_OUTPUT_FILE,
                                   0};
const int cli_limit_options[] = {CLI_OPT_TIMEOUT, CLI_OPT_MAX_NODES, 0};

/* The short letter of long-only option `id`, or 0. */
static char letter_of(int id)
{
    for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++)
        if (letters[i].id == id) return letters[i].letter;
    return 0;
}

/* Adds short letter c (with ':' when it takes a value) to t->shortopts;
 * a letter listed twice is a bug: it aborts. */
static void add_letter(cli_options *t, size_t *k, char c, int has_arg)
{
    CLI_ASSERT(!strchr(t->shortopts + 1, c));
    if (strchr(t->shortopts + 1, c)) abort();
    t->shortopts[(*k)++] = c;
    if (has_arg == required_argument) t->shortopts[(*k)++] = ':';
    if (has_arg == optional_argument) {
        t->shortopts[(*k)++] = ':';
        t->shortopts[(*k)++] = ':';
    }
}

/* 1 when id is among the first n rows of t->longopts. */
static int listed(const cli_options *t, size_t n, int id)
{
    for (size_t i = 0; i < n; i++)
        if (t->longopts[i].val == id) return 1;
    return 0;
}

void cli_options_build(cli_options *t, const int *const *lists)
{
    size_t n = 0, k = 0;
    memset(t, 0, sizeof *t);
    t->shortopts[k++] = ':'; /* a missing value is reported as ':' */
    for (; *lists; lists++)
        for (const int *accepts = *lists; *accepts; accepts++) {
            if (listed(t, n, *accepts)) continue; /* in two lists: once */
            size_t i = 0;
            while (i < sizeof table / sizeof table[0] && table[i].val != *accepts) i++;
            CLI_ASSERT(i < sizeof table / sizeof table[0] && n < CLI_MAX_OPTIONS);
            if (i == sizeof table / sizeof table[0] || n == CLI_MAX_OPTIONS) abort();
            t->longopts[n++] = table[i];
            char c = table[i].val < 256 ? (char)table[i].val : letter_of(table[i].val);
            if (c) add_letter(t, &k, c, table[i].has_arg);
            if (c && table[i].val >= 256) t->letter_id[(unsigned char)c] = table[i].val;
        }
}

int cli_options_id(const cli_options *t, int c)
{
    return c > 0 && c < 128 && t->letter_id[c] ? t->letter_id[c] : c;
}

/* ------------------------------------------------------------------ */
/* Usage errors                                                         */
/* ------------------------------------------------------------------ */

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fputs("nonet: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (cmd) fprintf(stderr, "; see 'nonet %s --help'\n", cmd);
    else fputs("; see 'nonet --help'\n", stderr);
    return EXIT_USAGE;
}

int cli_option_error(const char *cmd, char **argv, int prev_optind, int c)
{
    /* getopt_long always steps past a long option it rejects; a short one in
     * the middle of a cluster ("-zq") leaves optind where it was. */
    const char *arg = argv[optind - 1];
    if (optind > prev_optind && strncmp(arg, "--", 2) == 0) {
        int len = (int)strcspn(arg, "=");
        if (c == ':') return cli_usage_error(cmd, "option '%.*s' needs a value", len, arg);
        if (optopt) return cli_usage_error(cmd, "option '%.*s' takes no value", len, arg);
        return cli_usage_error(cmd, "unknown option '%.*s'", len, arg);
    }
    if (c == ':') return cli_usage_error(cmd, "option '-%c' needs a value", optopt);
    if (optopt > ' ' && optopt < 127) return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

/* ------------------------------------------------------------------ */
/* Value parsers                                                        */
/* ------------------------------------------------------------------ */

int cli_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

int cli_parse_jobs(const char *text)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (!*text || *end || n < 0 || n > 1024) return -1;
    return n == 0 ? cli_cores() : (int)n;
}

int cli_parse_limit(const char *text, unsigned long long *limit)
{
    char *end;
    if (!*text || *text == '-') return -1;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end) return -1;
    *limit = v;
    return 0;
}

double cli_parse_seconds(const char *text)
{
    char *end;
    double v = strtod(text, &end);
    return *text && !*end && v > 0 && v <= 31536000.0 ? v : -1;
}

unsigned long long cli_parse_nodes(const char *text)
{
    char *end;
    if (*text < '0' || *text > '9') return 0;
    unsigned long long v = strtoull(text, &end, 10);
    return *end ? 0 : v;
}

int cli_parse_input_format(const char *name)
{
    int f = nonet_format_from_name(name);
    return f == NONET_FORMAT_PRETTY ? -1 : f;
}

int cli_parse_output_format(const char *name)
{
    int f = nonet_format_from_name(name);
    return f <= 0 ? -1 : f;
}

int cli_parse_simd(const char *name) { return nonet_simd_from_name(name); }

int cli_parse_box(const char *text, int *rows, int *cols)
{
    char *x, *end;
    long r = strtol(text, &x, 10);
    if (x == text || *x != 'x') return -1;
    long c = strtol(x + 1, &end, 10);
    if (end == x + 1 || *end || r < 1 || c < 1 || r > NONET_MAX_SIZE || c > NONET_MAX_SIZE ||
        r * c < NONET_MIN_SIZE || r * c > NONET_MAX_SIZE)
        return -1;
    *rows = (int)r;
    *cols = (int)c;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checks                                                               */
/* ------------------------------------------------------------------ */

void cli_assert_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "nonet: internal check failed: %s (%s:%d)\n", what, file, line);
    abort();
}
