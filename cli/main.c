/*
 * main.c - the nonet command: global options and dispatch to the commands
 * of the table in commands.h. Nothing else lives here. The tool is a thin
 * client of the public API in nonet.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "options.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct command {
    const char *name;
    const char *help;                  /* its line in `nonet --help` */
    int (*run)(int argc, char **argv); /* argv from its name on; returns the exit status */
} command;

#define CLI_COMMAND_ROW(name, help) {#name, help, cmd_##name},
static const command commands[] = {CLI_COMMANDS(CLI_COMMAND_ROW)};

/* Prints the global usage, its command list from the table, to fp. */
static void usage(FILE *fp)
{
    fputs("Usage: nonet COMMAND [OPTIONS] [FILE...]\n"
          "A Sudoku toolkit: solve, explain, rate and make puzzles in the common judge\n"
          "and community formats.\n"
          "\n"
          "Commands:\n",
          fp);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(fp, "  %-9s %s\n", commands[i].name, commands[i].help);
    fputs("\n"
          "Options:\n"
          "  -h, --help      show this help and exit\n"
          "  -V, --version   show the version and exit\n"
          "\n"
          "Run 'nonet help COMMAND' or 'nonet COMMAND --help' for a command's options.\n"
          "Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has\n"
          "none or several, or was given up (--timeout, --max-nodes); 2 some input is\n"
          "malformed or breaks the rules; 3 usage error; 4 output or system error.\n",
          fp);
}

/* The command named `name`, or NULL. */
static const command *find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0) return &commands[i];
    return NULL;
}

/* `nonet help [COMMAND]`: the general help, or the command's own. */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        usage(stdout);
        return EXIT_OK;
    }
    const command *c = find(argv[2]);
    if (!c) return cli_usage_error(NULL, "unknown command '%s'", argv[2]);
    static char help_flag[] = "--help";
    char *args[] = {argv[2], help_flag, NULL};
    return c->run(2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0) return help(argc, argv);
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("nonet %s\n", nonet_version());
        return EXIT_OK;
    }
    /* Large output buffer: answers are written in big blocks, not per line. */
    static char outbuf[1 << 16];
    if (!isatty(STDOUT_FILENO)) setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    const command *c = find(cmd);
    if (c) return c->run(argc - 1, argv + 1);
    if (cmd[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", cmd);
    return cli_usage_error(NULL, "unknown command '%s'", cmd);
}
