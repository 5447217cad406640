/*
 * read_file.c - solve every puzzle of a file and print the answers.
 *
 *     read_file FILE [FORMAT]
 *
 * Reads FILE in any format nonet knows (detected, or FORMAT: line, grid,
 * luogu, poj, hdu), solves each puzzle with one reusable solver and prints
 * each answer in the input's format, like `nonet solve -j1 FILE`. A bad
 * puzzle is reported as "read_file: FILE:LINE: message" on standard error and
 * the next one is read. Exit status: 0 all unique, 1 some puzzle has no or
 * several solutions, 2 some input was bad.
 *
 * Shows: nonet_reader (streaming, error recovery), nonet_puzzle_check,
 * nonet_solver_run, and the snprintf-style writer nonet_write_answer.
 *
 * Build against an installed nonet:
 *     cc -std=c11 read_file.c $(pkg-config --cflags --libs nonet) -o read_file
 */
#include <nonet.h>

#include <stdio.h>
#include <stdlib.h>

/* Prints an error the way the nonet tool does: name, line, message. */
static void report(const char *file, const nonet_error *err)
{
    if (err->line > 0) fprintf(stderr, "read_file: %s:%ld: %s\n", file, err->line, err->message);
    else fprintf(stderr, "read_file: %s: %s\n", file, err->message);
}

/* Writes the answer to `p` in `f`, sizing the buffer with a first call. */
static int print_answer(nonet_format f, const nonet_puzzle *p, const nonet_result *res,
                        const unsigned char *solution)
{
    size_t need = nonet_write_answer(NULL, 0, f, p, res, solution);
    char *text = malloc(need + 1);
    if (!text) return -1;
    nonet_write_answer(text, need + 1, f, p, res, solution);
    fputs(text, stdout);
    free(text);
    return 0;
}

/* Checks, solves and prints one puzzle; returns its exit status. */
static int solve_one(nonet_solver *s, const nonet_puzzle *p, const char *file)
{
    unsigned char solution[NONET_MAX_CELLS];
    nonet_result res = {0};
    nonet_error err;
    int status = 0;
    nonet_options opt;
    nonet_options_init(&opt); /* auto engine, stop at 2 solutions */
    nonet_status st = nonet_puzzle_check(p, &err);
    if (st == NONET_OK) st = nonet_solver_run(s, p, &opt, solution, &res, &err);
    if (st != NONET_OK) {
        report(file, &err);
        status = 2; /* the answer below says "no solution" */
    } else if (res.solutions != 1) {
        status = 1;
    }
    if (print_answer((nonet_format)nonet_puzzle_format(p), p, &res, solution) != 0) status = 2;
    return status;
}

/* Reads, solves and prints every puzzle of `r`; returns the exit status. */
static int solve_all(nonet_reader *r, nonet_solver *s, const char *file)
{
    int status = 0;
    nonet_puzzle *p;
    nonet_error err;
    nonet_status st;
    while ((st = nonet_reader_next(r, &p, &err)) != NONET_END) {
        if (st != NONET_OK) {
            report(file, &err); /* a bad puzzle: say where, go on with the next */
            status = 2;
            if (nonet_status_is_fatal(st)) break;
            continue;
        }
        int one = solve_one(s, p, file);
        if (one > status) status = one;
        nonet_puzzle_free(p);
    }
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fputs("usage: read_file FILE [FORMAT]\n", stderr);
        return 2;
    }
    const char *file = argv[1];
    int format = argc > 2 ? nonet_format_from_name(argv[2]) : NONET_FORMAT_AUTO;
    if (format < 0) {
        fprintf(stderr, "read_file: unknown format '%s'\n", argv[2]);
        return 2;
    }
    FILE *fp = fopen(file, "rb");
    if (!fp) {
        perror(file);
        return 2;
    }
    nonet_error err;
    nonet_reader *r = nonet_reader_new_file(fp, file, (nonet_format)format, &err);
    nonet_solver *s = nonet_solver_new();
    int status = 2;
    if (!r) report(file, &err);
    else if (!s) fputs("read_file: out of memory\n", stderr);
    else status = solve_all(r, s, file);
    nonet_solver_free(s);
    nonet_reader_free(r);
    fclose(fp);
    return status;
}
