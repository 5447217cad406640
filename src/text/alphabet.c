/*
 * alphabet.c - digits to symbols and back (see alphabet.h). The default
 * symbols are one string, read by both directions.
 */
#include "text/alphabet.h"

#include "core/error.h"

#include <stdio.h>
#include <string.h>

static const char default_symbols[NONET__DEFAULT_SYMBOLS + 1] =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

nonet_status nonet__alphabet_set(nonet__alphabet *a, const char *text, nonet_error *err)
{
    memset(a, 0, sizeof *a);
    if (!text || !*text) return NONET_OK;
    size_t len = strlen(text);
    if (len < 2 || len > NONET_MAX_SIZE)
        return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                           "an alphabet needs 2 to %d symbols; \"%.70s\" has %zu", NONET_MAX_SIZE,
                           text, len);
    memset(a->value, -1, sizeof a->value);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        char b[8];
        if (ch <= ' ' || ch >= 0x7f || ch == '.')
            return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                               "the alphabet cannot hold %s (printable symbols other than '.')",
                               nonet__show_char(ch, b));
        if (strchr(NONET__RESERVED_MARKS, ch))
            return nonet__fail(err, NONET_ERR_ARG, 0, 0,
                               "the alphabet cannot hold %s: the readers take it as a comment, "
                               "separator or frame mark",
                               nonet__show_char(ch, b));
        if (a->value[ch] > 0)
            return nonet__fail(err, NONET_ERR_ARG, 0, 0, "the alphabet holds %s twice",
                               nonet__show_char(ch, b));
        a->value[ch] = (short)(i + 1);
    }
    a->value['.'] = 0;
    if (a->value['0'] < 0) a->value['0'] = 0;
    a->size = (int)len;
    memcpy(a->text, text, len + 1);
    return NONET_OK;
}

int nonet__default_value(int ch, int n)
{
    int v = -1;
    if (ch < 0 || ch > 255) return -1;
    if (nonet__default_blank((unsigned char)ch, nonet__default_x_blank(n))) return 0;
    if (ch >= '1' && ch <= '9') v = ch - '0';
    else if (ch >= 'A' && ch <= 'Z') v = ch - 'A' + 10;
    else if (ch >= 'a' && ch <= 'z') v = n <= 35 ? ch - 'a' + 10 : ch - 'a' + 36;
    return v >= 1 && v <= n ? v : -1;
}

int nonet__alphabet_value(const nonet__alphabet *a, int ch, int n)
{
    if (!a || !a->size) return nonet__default_value(ch, n);
    int v = a->value[ch & 0xff];
    return v <= n ? v : -1;
}

void nonet__symbols_init(nonet__symbols *t, const char *alphabet, int n)
{
    const char *sym = alphabet && alphabet[0] ? alphabet : default_symbols;
    size_t have = sym == default_symbols ? NONET__DEFAULT_SYMBOLS : strlen(sym);
    t->numbers = have < (size_t)n;
    memset(t->of, '.', sizeof t->of); /* values beyond n (a caller's bad grid) read as blanks */
    if (!t->numbers) memcpy(t->of + 1, sym, (size_t)n);
}

const char *nonet__show_char(int ch, char buf[8])
{
    if (ch >= 0x21 && ch < 0x7f) snprintf(buf, 8, "'%c'", ch);
    else snprintf(buf, 8, "\\x%02X", ch & 0xff);
    return buf;
}
