/*
 * progress.c - the --progress line (see progress.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include "outcome.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_progress_mode(const char *value)
{
    if (!value || strcmp(value, "auto") == 0) return CLI_PROGRESS_AUTO;
    if (strcmp(value, "always") == 0) return CLI_PROGRESS_ALWAYS;
    if (strcmp(value, "never") == 0) return CLI_PROGRESS_NEVER;
    return -1;
}

/* The total size of the inputs, or 0 when one is not a regular file. */
static unsigned long long input_bytes(char **files, int nfiles)
{
    unsigned long long sum = 0;
    struct stat st;
    if (nfiles <= 0)
        return fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) ? (unsigned long long)st.st_size
                                                                    : 0;
    for (int i = 0; i < nfiles; i++) {
        int ok =
            strcmp(files[i], "-") == 0 ? fstat(STDIN_FILENO, &st) == 0 : stat(files[i], &st) == 0;
        if (!ok || !S_ISREG(st.st_mode)) return 0;
        sum += (unsigned long long)st.st_size;
    }
    return sum;
}

void cli_progress_start(cli_progress *p, int mode, char **files, int nfiles, long long total)
{
    memset(p, 0, sizeof *p);
    p->tty = isatty(STDERR_FILENO);
    p->on = mode == CLI_PROGRESS_ALWAYS || (mode == CLI_PROGRESS_AUTO && p->tty);
    if (!p->on) return;
    p->total = total;
    p->bytes = total ? 0 : input_bytes(files, nfiles);
    p->started = cli_now();
}

const char *cli_plural(char *buf, size_t cap, long long n, const char *noun)
{
    snprintf(buf, cap, "%lld %s%s", n, noun, n == 1 ? "" : "s");
    return buf;
}

/* Appends " (D%, M:SS left)" for a fraction `f` of the work done. */
static void put_left(char *buf, size_t cap, double f, double elapsed)
{
    size_t n = strlen(buf);
    if (f <= 0 || f > 1 || n >= cap) return;
    long left = (long)(elapsed * (1 - f) / f + 0.5);
    if (elapsed < 0.5 || f >= 1) snprintf(buf + n, cap - n, ", %.0f%%", f * 100);
    else snprintf(buf + n, cap - n, ", %.0f%%, %ld:%02ld left", f * 100, left / 60, left % 60);
}

/* Draws the line: "nonet: 3 of 10 puzzles done, 30%, 0:07 left". */
static void draw(cli_progress *p, int last)
{
    char line[160], count[48];
    double elapsed = cli_now() - p->started;
    if (p->total) {
        snprintf(line, sizeof line, "nonet: %lld of %s done", p->done,
                 cli_plural(count, sizeof count, p->total, "puzzle"));
        if (!last) put_left(line, sizeof line, (double)p->done / (double)p->total, elapsed);
    } else {
        snprintf(line, sizeof line, "nonet: %s done",
                 cli_plural(count, sizeof count, p->done, "puzzle"));
        if (p->bytes && !last)
            put_left(line, sizeof line, (double)p->at / (double)p->bytes, elapsed);
    }
    if (p->tty) fprintf(stderr, "\r%s\033[K%s", line, last ? "\n" : "");
    else fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

void cli_progress_item(cli_progress *p, const cli_item *item)
{
    if (!p || !p->on) return;
    size_t lines = cli_item_lines(item);
    p->done += lines ? (long long)lines : 1;
    if (item->at > p->at) p->at = item->at;
    double t = cli_now();
    if (t - p->shown < 0.25) return;
    p->shown = t;
    draw(p, 0);
}

void cli_progress_clear(cli_progress *p)
{
    if (p && p->on && p->tty && p->shown > 0) fputs("\r\033[K", stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (!p || !p->on) return;
    if (p->done) draw(p, 1);
    p->on = 0;
}
