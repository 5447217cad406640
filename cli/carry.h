/*
 * carry.h - which formats carry which rules: a puzzle whose rules are not
 * the classic ones of its size (boxes of another shape, jigsaw regions,
 * variants) keeps them only in a format that writes them. A command that
 * writes puzzles writes such a puzzle in the nonet format by default, and
 * refuses a format asked for that would drop its rules.
 */
#ifndef NONET_CLI_CARRY_H
#define NONET_CLI_CARRY_H

#include "item.h"

#include <stddef.h>

/* 1 when a puzzle of shape s written in format f reads back with all its
 * rules (nonet: always; hdu: boxes and regions as walls, no variants; every
 * other format: only the classic shape of its size). json is a record for
 * programs and is never refused: generate's records name the rules in
 * their fields, the library's do not yet (issue 27's one JSON schema).
 * `records`: 1 for generate's records (kept for when json is judged). */
int cli_carries(nonet_format f, const nonet_shape *s, int records);

/* Writes into buf what of shape s's rules is not classic ("3x2 boxes",
 * "jigsaw regions", "variants x,anti-knight"), for messages. Returns buf. */
const char *cli_rules_text(char *buf, size_t cap, const nonet_shape *s);

/* The format to write a puzzle of shape s in: `f` (0: `fallback`, the
 * command's default) when it carries s's rules; else, when f was not asked
 * for, the nonet format; else -1 after noting on item->err (under the
 * puzzle's name, or "nonet: CMD:" without one) that f cannot hold them,
 * item->exit_status EXIT_USAGE. */
int cli_puzzle_format(cli_item *item, const char *cmd, nonet_format f, nonet_format fallback,
                      const nonet_shape *s, int records);

#endif
