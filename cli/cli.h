/*
 * cli.h - the subcommands of the nonet tool and the option helpers they share.
 */
#ifndef NONET_CLI_H
#define NONET_CLI_H

/* Each subcommand takes argv from its own name on and returns an exit status. */
int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_print(int argc, char **argv);

/* The format of that name for --format (any but pretty, which reads as
 * luogu), or -1. */
int cli_input_format(const char *name);

/* Parses a thread count ("4", "0" = all cores); -1 when invalid. */
int cli_parse_jobs(const char *text);
/* Number of online processors, at least 1. */
int cli_cores(void);
/* Prints "nonet: message; see 'nonet CMD --help'" and returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports the option getopt_long just rejected (it returned `c`, '?' or ':',
 * with optind at `prev_optind` before the call): names it, points to
 * 'nonet CMD --help', returns EXIT_USAGE. */
int cli_option_error(const char *cmd, char **argv, int prev_optind, int c);
/* --box, --alphabet, --variant and --regions (shape_opts.c). */
#include <nonet.h>

typedef struct cli_shape_opts {
    nonet_read_options opts;          /* what readers receive; `used` = 1 when set */
    int used;
    int regions[NONET_MAX_CELLS];     /* the --regions map */
} cli_shape_opts;

/* Applies option `opt` ('b' box, 'a' alphabet, 'v' variant, 'r' regions)
 * with value `arg`. Returns 0, or the exit status after printing why. */
int cli_shape_option(cli_shape_opts *so, int opt, const char *arg);

#endif
