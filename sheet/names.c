/*
 * names.c - the files a sheet is written to: the format an output name
 * asks for, and the name of each page when a format holds one page a file
 * (see sheet.h). No cairo here, so the naming is tested in every build.
 */
#include "sheet.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int sheet_format_from_path(const char *path)
{
    static const char *const ext[] = {".pdf", ".svg", ".png"};
    size_t len = strlen(path);
    for (int f = 0; f < 3; f++)
        if (len > 4 && strcasecmp(path + len - 4, ext[f]) == 0) return f;
    return -1;
}

int sheet_format_from_name(const char *name)
{
    static const char *const names[] = {"pdf", "svg", "png"};
    for (int f = 0; f < 3; f++)
        if (strcasecmp(name, names[f]) == 0) return f;
    return -1;
}

size_t sheet_page_path(char *buf, size_t cap, const char *path, sheet_format f, int page, int pages)
{
    size_t len = strlen(path);
    int n;
    if (f == SHEET_PDF || pages <= 1 || len < 4) n = snprintf(buf, cap, "%s", path);
    else n = snprintf(buf, cap, "%.*s-%d%s", (int)(len - 4), path, page, path + len - 4);
    return n < 0 ? 0 : (size_t)n;
}
