/*
 * none.c - the renderer loader (module.h) in a build without cairo: there
 * is no module to load, and every attempt says why.
 */
#include "module.h"

#include <stdio.h>

int sheet_renderer_load(sheet_renderer *r, char *msg, size_t cap)
{
    r->handle = NULL;
    r->fn = NULL;
    snprintf(msg, cap,
             "'nonet print' is not available: this nonet was built without cairo "
             "(install libcairo2-dev and build again)");
    return -1;
}

void sheet_renderer_unload(sheet_renderer *r) { (void)r; }
