/*
 * main.c - the nonet command: global options and subcommand dispatch.
 * The tool is a thin client of the public API in nonet.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "pipeline.h"

#include <nonet.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <unistd.h>

static const char usage[] =
    "Usage: nonet COMMAND [OPTIONS] [FILE...]\n"
    "A Sudoku toolkit: solve puzzles in the common judge and community formats.\n"
    "\n"
    "Commands:\n"
    "  solve     solve every puzzle and print the answers in input order\n"
    "  count     print the number of solutions of every puzzle\n"
    "  check     tell whether every puzzle is valid, unique and minimal\n"
    "  convert   rewrite puzzles in another format without solving them\n"
    "  print     print puzzles on sheets for people: PDF, SVG or PNG\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  -V, --version   show the version and exit\n"
    "\n"
    "Run 'nonet COMMAND --help' for a command's options.\n"
    "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
    "none or several, or was given up (--timeout, --max-nodes); 2 some input is\n"
    "malformed or breaks the rules; 3 usage error; 4 output or system error.\n";

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

int cli_input_format(const char *name)
{
    int f = nonet_format_from_name(name);
    if (f == NONET_FORMAT_PRETTY) return -1;
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return EXIT_UNIQUE;
    }
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("nonet %s\n", nonet_version());
        return EXIT_UNIQUE;
    }
    /* Large output buffer: answers are written in big blocks, not per line. */
    static char outbuf[1 << 16];
    if (!isatty(STDOUT_FILENO)) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (strcmp(cmd, "solve") == 0) return cmd_solve(argc - 1, argv + 1);
    if (strcmp(cmd, "count") == 0) return cmd_count(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0) return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "convert") == 0) return cmd_convert(argc - 1, argv + 1);
    if (strcmp(cmd, "print") == 0) return cmd_print(argc - 1, argv + 1);
    if (cmd[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", cmd);
    return cli_usage_error(NULL, "unknown command '%s'", cmd);
}
