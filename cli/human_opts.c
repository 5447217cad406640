/*
 * human_opts.c - the parts explain, hint and rate share (see human_opts.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "human_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_human_option(void *own, int opt)
{
    cli_human *h = own;
    switch (opt) {
    case CLI_OPT_EXTRA: h->extra_list = optarg; return 1;
    case CLI_OPT_LEVEL: h->level_text = optarg; return 1;
    case CLI_OPT_TECHNIQUES: h->list = 1; return 1;
    case CLI_OPT_KEEP_GOING: h->keep_going = 1; return 1;
    default: return 0;
    }
}

/* Prints the technique table: id, SE rating, name, and whether it is extra. */
static void print_techniques(void)
{
    for (int t = 0; t < nonet_technique_count(); t++)
        printf("%-26s %4.1f  %s%s\n", nonet_technique_id(t), nonet_technique_rating(t),
               nonet_technique_name(t), nonet_technique_is_extra(t) ? " (extra)" : "");
}

/* Turns on the techniques of a comma-separated list ("all": every extra). */
static int parse_extra(cli_common *c, cli_human *h, const char *list)
{
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        char id[64];
        if (len == 0 || len >= sizeof id)
            return cli_usage_error(c->cmd, "bad --extra list '%s'", list);
        memcpy(id, p, len);
        id[len] = '\0';
        if (strcmp(id, "all") == 0) {
            for (int t = 0; t < nonet_technique_count() && t < 256; t++) h->extra[t] = 1;
        } else {
            int t = nonet_technique_from_id(id);
            if (t < 0 || t >= 256)
                return cli_usage_error(c->cmd, "unknown technique '%s' (see --techniques)", id);
            h->extra[t] = 1;
        }
        p += len;
        if (*p == ',') p++;
    }
    return CLI_GO_ON;
}

int cli_human_finish(cli_common *c, cli_human *h)
{
    if (h->list) {
        print_techniques();
        return EXIT_OK;
    }
    if (h->level_text) {
        const char *v = h->level_text;
        if (!(v[0] >= '1' && v[0] <= '3' && !v[1]))
            return cli_usage_error(c->cmd, "bad level '%s' (1, 2 or 3)", v);
        h->level = v[0] - '0';
    }
    return h->extra_list ? parse_extra(c, h, h->extra_list) : CLI_GO_ON;
}

int cli_human_main(const cli_human_command *cmd, cli_common *c, cli_human *own, int argc,
                   char **argv)
{
    cli_common_init(c, cmd->name, cmd->usage, own);
    c->timeout = CLI_HUMAN_TIMEOUT;
    c->make_state = cli_make_explainer;
    c->free_state = cli_free_explainer;
    c->csv_header = cmd->csv_header;
    c->unread_text = cmd->unread_text;
    c->csv_columns = cmd->csv_columns;
    c->csv_status = cmd->csv_status;
    int st = cli_common_parse(c, argc, argv, cmd->accepts, cli_human_option);
    if (st == CLI_GO_ON) st = cli_human_finish(c, own);
    if (st == CLI_GO_ON && c->output && c->output != NONET_FORMAT_JSON &&
        c->output != NONET_FORMAT_CSV)
        st = cli_usage_error(c->cmd, "%s writes text, json or csv, not '%s'", cmd->name,
                             nonet_format_name(c->output));
    if (st != CLI_GO_ON) {
        cli_common_free(c);
        return st;
    }
    return cli_common_run(c, cmd->work, argv + optind, argc - optind);
}

void *cli_make_explainer(void *ctx)
{
    (void)ctx;
    return nonet_explainer_new(NULL, NULL);
}

void cli_free_explainer(void *state) { nonet_explainer_free(state); }

/* Progress callback: gives up once the deadline (a double) has passed. */
static int past_deadline(void *ctx, unsigned long long n)
{
    (void)n;
    return cli_human_late(*(const double *)ctx);
}

int cli_human_load(const cli_common *c, const cli_human *h, nonet_explainer *x, cli_item *item,
                   double *deadline)
{
    const nonet_puzzle *p = item->puzzle;
    nonet_error err;
    memset(&err, 0, sizeof err); /* the library keeps the source we give it */
    snprintf(err.source, sizeof err.source, "%s", nonet_puzzle_source(p));
    if (!x) {
        cli_text_printf(&item->err, "nonet: out of memory\n");
        item->exit_status = EXIT_SYSTEM;
        return CLI_HUMAN_INVALID;
    }
    if (nonet_explainer_reset(x, p, &err) != NONET_OK) {
        cli_put_item_error(item, &err);
        item->exit_status = err.code == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        return CLI_HUMAN_INVALID;
    }
    for (int t = 0; t < nonet_technique_count() && t < 256; t++)
        if (h->extra[t]) nonet_explainer_enable(x, t, 1);
    *deadline = c->timeout > 0 ? cli_now() + c->timeout : 0;
    nonet_explainer_set_progress(x, *deadline > 0 ? past_deadline : NULL, deadline);
    int n = nonet_explainer_solutions(x);
    item->exit_status = n == 1 ? EXIT_OK : EXIT_NOT_UNIQUE;
    if (n < 0) {
        cli_text_printf(&item->err, "nonet: %s:%ld: gave up after %g seconds (--timeout)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p), c->timeout);
        return CLI_HUMAN_GAVE_UP;
    }
    if (n == 0) {
        if (!h->quiet_none)
            cli_text_printf(&item->err, "nonet: %s:%ld: the puzzle has no solution\n",
                            nonet_puzzle_source(p), nonet_puzzle_line(p));
        return CLI_HUMAN_NONE;
    }
    if (n > 1 && !h->keep_going) {
        /* the steps of a puzzle with several solutions can run for ever (the
         * chains look for a contradiction that does not exist): answered at once */
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: the puzzle has several solutions (--keep-going works "
                        "on it anyway)\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
        return CLI_HUMAN_SEVERAL;
    }
    if (n > 1)
        cli_text_printf(&item->err,
                        "nonet: %s:%ld: the puzzle has several solutions; the uniqueness "
                        "techniques are not used\n",
                        nonet_puzzle_source(p), nonet_puzzle_line(p));
    return CLI_HUMAN_OK;
}

cli_status cli_human_status(int load)
{
    return load == CLI_HUMAN_NONE      ? CLI_STATUS_NO_SOLUTION
           : load == CLI_HUMAN_GAVE_UP ? CLI_STATUS_GAVE_UP
           : load == CLI_HUMAN_SEVERAL ? CLI_STATUS_SEVERAL
                                       : CLI_STATUS_INVALID;
}

int cli_human_late(double deadline) { return deadline > 0 && cli_now() > deadline; }

void cli_human_put_step(cli_text *t, nonet_format f, int level, const nonet_shape *shape,
                        const nonet_step *st, const char *prefix)
{
    char small[2048];
    size_t need = nonet_write_step(small, sizeof small, f, level, shape, st);
    char *text = small;
    if (need >= sizeof small) {
        text = malloc(need + 1);
        if (!text) return;
        nonet_write_step(text, need + 1, f, level, shape, st);
    }
    if (prefix && f == NONET_FORMAT_JSON && text[0] == '{') {
        cli_text_printf(t, "{%s,", prefix);
        cli_text_put(t, text + 1, need - 1);
    } else {
        cli_text_put(t, text, need);
    }
    if (text != small) free(text);
}

void cli_human_put_moves(cli_text *t, const nonet_shape *shape, const nonet_step *st)
{
    int n = nonet_shape_size(shape);
    for (int i = 0; i < st->nplacements; i++)
        cli_text_printf(t, "%sr%dc%d=%d", i ? " " : "", st->placements[i].cell / n + 1,
                        st->placements[i].cell % n + 1, st->placements[i].digit);
    for (int i = 0; i < st->neliminations; i++)
        cli_text_printf(t, "%sr%dc%d<>%d", i || st->nplacements ? " " : "",
                        st->eliminations[i].cell / n + 1, st->eliminations[i].cell % n + 1,
                        st->eliminations[i].digit);
}
