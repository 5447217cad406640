/*
 * json.c - the CLI's JSON record writer and status names (see json.h).
 */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[CLI_STATUS_COUNT] = {
    [CLI_STATUS_INVALID] = "invalid", [CLI_STATUS_NO_SOLUTION] = "no solution",
    [CLI_STATUS_GAVE_UP] = "gave up", [CLI_STATUS_RATED] = "rated",
    [CLI_STATUS_STUCK] = "stuck",     [CLI_STATUS_SOLVED] = "solved",
    [CLI_STATUS_MISTAKE] = "mistake", [CLI_STATUS_STEP] = "step",
    [CLI_STATUS_SEVERAL] = "several",
};

const char *cli_status_name(cli_status s)
{
    return (unsigned)s < CLI_STATUS_COUNT ? status_names[s] : "invalid";
}

/* Appends what writer(buf, cap, s) writes (snprintf-like) to t. */
static void put_written(cli_text *t, size_t (*writer)(char *, size_t, const char *), const char *s)
{
    size_t need = writer(NULL, 0, s);
    if (cli_text_reserve(t, need)) return;
    writer(t->s + t->len, need + 1, s);
    t->len += need;
}

void cli_json_put_string(cli_text *t, const char *s) { put_written(t, nonet_write_json_string, s); }

void cli_csv_put_field(cli_text *t, const char *s) { put_written(t, nonet_write_csv_field, s); }

void cli_json_begin(cli_json *j, cli_text *t)
{
    j->t = t;
    j->members = 0;
    cli_text_put(t, "{", 1);
}

/* Writes the separator and the key of the next member. */
static void key(cli_json *j, const char *k)
{
    if (j->members++) cli_text_put(j->t, ",", 1);
    cli_json_put_string(j->t, k);
    cli_text_put(j->t, ":", 1);
}

void cli_json_str(cli_json *j, const char *k, const char *value)
{
    key(j, k);
    if (value) cli_json_put_string(j->t, value);
    else cli_text_put(j->t, "null", 4);
}

void cli_json_int(cli_json *j, const char *k, long long value)
{
    key(j, k);
    cli_text_printf(j->t, "%lld", value);
}

void cli_json_num(cli_json *j, const char *k, int decimals, double value)
{
    key(j, k);
    cli_text_printf(j->t, "%.*f", decimals, value);
}

void cli_json_bool(cli_json *j, const char *k, int value)
{
    key(j, k);
    cli_text_put(j->t, value ? "true" : "false", value ? 4 : 5);
}

void cli_json_raw(cli_json *j, const char *k, const char *raw)
{
    key(j, k);
    cli_text_put(j->t, raw, strlen(raw));
}

void cli_json_end(cli_json *j) { cli_text_put(j->t, "}\n", 2); }

void cli_json_puzzle(cli_json *j, cli_text *t, const nonet_puzzle *p)
{
    char line[NONET_MAX_CELLS * 3 + 2];
    size_t n = nonet_write_grid(line, sizeof line, NONET_FORMAT_LINE, nonet_puzzle_shape(p),
                                nonet_puzzle_cells(p));
    if (n >= sizeof line) n = sizeof line - 1;
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
    line[n] = '\0';
    cli_json_begin(j, t);
    cli_json_place(j, p);
    cli_json_str(j, "puzzle", line);
}

void cli_json_place(cli_json *j, const nonet_puzzle *p)
{
    cli_json_int(j, "index", nonet_puzzle_index(p));
    cli_json_str(j, "source", nonet_puzzle_source(p));
    cli_json_int(j, "line", nonet_puzzle_line(p));
}

int cli_format_is_judge(nonet_format f)
{
    return f == NONET_FORMAT_LUOGU || f == NONET_FORMAT_POJ || f == NONET_FORMAT_HDU;
}

void cli_put_unread(cli_text *out, nonet_format f, const cli_item *item, int csv_columns,
                    int csv_status)
{
    const cli_unread *u = &item->unread;
    const char *source = u->source.s ? u->source.s : "",
               *message = u->message.s ? u->message.s : "";
    if (f == NONET_FORMAT_JSON) {
        cli_json j;
        cli_json_begin(&j, out);
        cli_json_int(&j, "index", u->index);
        cli_json_str(&j, "source", source);
        cli_json_int(&j, "line", u->line);
        cli_json_str(&j, "status", cli_status_name(CLI_STATUS_INVALID));
        cli_json_str(&j, "message", message);
        cli_json_end(&j);
    } else if (f == NONET_FORMAT_CSV) {
        cli_text_printf(out, "%ld", u->index);
        for (int k = 1; k < csv_columns; k++) {
            cli_text_put(out, ",", 1);
            if (k == csv_status) cli_text_printf(out, "%s", cli_status_name(CLI_STATUS_INVALID));
            else if (k == csv_columns - 1) cli_csv_put_field(out, message);
        }
        cli_text_put(out, "\n", 1);
    } else if (!cli_format_is_judge(f)) {
        cli_text_printf(out, "%s\n", CLI_UNREAD_MARKER);
    }
}
