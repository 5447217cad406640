/*
 * commands.h - the one table of the tool's commands. A new command is one
 * file cmd_NAME.c defining `int cmd_NAME(int argc, char **argv)` (argv from
 * the command's name on; it returns the exit status) and one row here, with
 * the line `nonet --help` shows for it.
 */
#ifndef NONET_CLI_COMMANDS_H
#define NONET_CLI_COMMANDS_H

#define CLI_COMMANDS(X)                                                                            \
    X(solve, "solve every puzzle and print the answers in input order")                            \
    X(count, "print the number of solutions of every puzzle")                                      \
    X(check, "tell whether every puzzle is valid, unique and minimal")                             \
    X(convert, "rewrite puzzles in another format without solving them")                           \
    X(explain, "print every step of a human-style solution (Sudoku Explainer's)")                  \
    X(hint, "print the next step of each puzzle, or of a game in progress")                        \
    X(rate, "rate every puzzle on Sudoku Explainer's scale (ER/EP/ED)")                            \
    X(canon, "write the canonical form of every puzzle (minlex or pattern)")                       \
    X(shuffle, "write random equivalent copies of every puzzle")                                   \
    X(dedupe, "keep the first puzzle of each class of equivalent puzzles")                         \
    X(generate, "make new puzzles with one solution, minimal by default")                          \
    X(print, "print puzzles on sheets for people: PDF, SVG or PNG")

#define CLI_DECLARE_COMMAND(name, help) int cmd_##name(int argc, char **argv);
CLI_COMMANDS(CLI_DECLARE_COMMAND)

#endif
