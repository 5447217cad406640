/*
 * none.c - the sheet interface in a build without cairo: nothing can be
 * drawn, and every attempt says why (see sheet.h).
 */
#include "sheet.h"

#include <stdio.h>

int sheet_available(void) { return 0; }

sheet *sheet_new(const sheet_options *o, char *msg, size_t cap)
{
    (void)o;
    snprintf(msg, cap,
             "'nonet print' is not available: this nonet was built without cairo "
             "(install libcairo2-dev and build again)");
    return NULL;
}

const char *sheet_warning(const sheet *s)
{
    (void)s;
    return NULL;
}

int sheet_add(sheet *s, nonet_puzzle *p, const unsigned char *solution, sheet_answer how, char *msg,
              size_t cap)
{
    (void)s, (void)solution, (void)how;
    nonet_puzzle_free(p);
    snprintf(msg, cap, "no sheet");
    return -1;
}

int sheet_finish(sheet *s, char *msg, size_t cap)
{
    (void)s;
    snprintf(msg, cap, "no sheet");
    return -1;
}

void sheet_free(sheet *s) { (void)s; }

void sheet_shutdown(void) {}
