/*
 * progress.h - the one --progress line of every command, on standard error:
 * how many puzzles are done, and when the size of the work is known (the
 * input's regular files: bytes read of their total; generate: -n) how much
 * of it and the time left.
 *
 * --progress (or --progress=auto) shows it only when standard error is a
 * terminal, redrawn in place at most four times a second, ending with the
 * count done; --progress=always shows it anywhere (a file or pipe gets one
 * line an update and the last line: what tests read);
 * --progress=never (the default) shows nothing. Only the writer of the
 * ordered output calls it (one thread at a time).
 */
#ifndef NONET_CLI_PROGRESS_H
#define NONET_CLI_PROGRESS_H

#include "item.h"

enum { CLI_PROGRESS_NEVER = 0, CLI_PROGRESS_AUTO, CLI_PROGRESS_ALWAYS };

typedef struct cli_progress {
    int on;                   /* shown at all (the mode resolved against the terminal) */
    int tty;                  /* redrawn in place on a terminal, else a line an update */
    long long done;           /* puzzles written */
    long long total;          /* puzzles expected (generate -n), 0 when unknown */
    unsigned long long bytes; /* total bytes of the inputs, 0 when unknown (a pipe) */
    unsigned long long at;    /* bytes of the inputs read by the last item written */
    double started, shown;    /* when the run started, when the line was last drawn */
} cli_progress;

/* Parses --progress's value (NULL: auto): auto, always or never. Returns
 * the CLI_PROGRESS_* mode, or -1 when invalid. */
int cli_progress_mode(const char *value);

/* Starts p in `mode` for inputs `files` (nfiles 0: standard input), whose
 * sizes it adds up when every one is a regular file, and `total` puzzles
 * expected (0 when unknown). */
void cli_progress_start(cli_progress *p, int mode, char **files, int nfiles, long long total);

/* Counts the item just written (a lane item counts its lines) and redraws
 * the line when a quarter second has passed. */
void cli_progress_item(cli_progress *p, const cli_item *item);

/* Clears the line on a terminal before a message is written below it. */
void cli_progress_clear(cli_progress *p);

/* Ends the line with the count done ("nonet: 5 puzzles done"), when any. */
void cli_progress_end(cli_progress *p);

/* Writes "N puzzle" or "N puzzles" into buf (the one place plurals are
 * made). Returns buf. */
const char *cli_plural(char *buf, size_t cap, long long n, const char *noun);

#endif
