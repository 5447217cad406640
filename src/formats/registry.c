/*
 * formats.c - format names and their aliases.
 */
#include "nonet.h"

#include <string.h>

static const char *const names[NONET_FORMAT_COUNT] = {"auto", "line", "grid", "luogu",
                                                      "poj", "hdu", "pretty",
                                                      "framed", "pencil", "candidates",
                                                      "unicode", "csv", "json", "tdoku", "nonet"};

static const struct alias {
    const char *name;
    nonet_format format;
} aliases[] = {
    {"acwing", NONET_FORMAT_LINE},   {"acwing166", NONET_FORMAT_LINE},
    {"p1784", NONET_FORMAT_LUOGU},   {"poj2676", NONET_FORMAT_POJ},
    {"hdu4069", NONET_FORMAT_HDU},   {"squiggly", NONET_FORMAT_HDU},
    {"boxed", NONET_FORMAT_PRETTY},
    {"sdm", NONET_FORMAT_LINE},      {"sdk", NONET_FORMAT_GRID},
    {"ss", NONET_FORMAT_FRAMED},     {"qqwing", NONET_FORMAT_FRAMED},
    {"sukaku", NONET_FORMAT_PENCIL}, {"pencilmarks", NONET_FORMAT_PENCIL},
    {"jsonl", NONET_FORMAT_JSON},
};

const char *nonet_format_name(nonet_format f)
{
    return (unsigned)f < NONET_FORMAT_COUNT ? names[f] : NULL;
}

int nonet_format_from_name(const char *name)
{
    if (!name) return -1;
    for (int i = 0; i < NONET_FORMAT_COUNT; i++)
        if (strcmp(name, names[i]) == 0) return i;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].name) == 0) return (int)aliases[i].format;
    return -1;
}
