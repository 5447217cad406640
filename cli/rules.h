/*
 * rules.h - the options that set the rules puzzles are read with: --box
 * RxC, --alphabet STRING, --variant LIST and --regions FILE. They fill one
 * nonet_read_options that every reader of the run receives.
 */
#ifndef NONET_CLI_RULES_H
#define NONET_CLI_RULES_H

#include <nonet.h>

typedef struct cli_rules {
    nonet_read_options opts; /* what readers receive; `used` = 1 when set */
    int used;
    int regions[NONET_MAX_CELLS]; /* the --regions map */
} cli_rules;

/* Applies rule option `opt` (CLI_OPT_BOX, _ALPHABET, _VARIANT, _REGIONS)
 * with value `arg` (borrowed: it must outlive the run) for command `cmd`.
 * Returns 0, or the exit status after printing why. */
int cli_rules_option(cli_rules *r, const char *cmd, int opt, const char *arg);

#endif
