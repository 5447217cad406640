/*
 * stale_module.c - a renderer module of another build (interface 0, nonet
 * 0.0.0), which `nonet print` must refuse without calling it
 * (print_check.sh module; sheet/module.h). Its functions would fail the
 * test if they were ever called.
 */
#include "module.h"

#include <stdlib.h>

/* Aborts: the loader must never call a refused module. */
static sheet *never_new(const sheet_options *o, char *msg, size_t cap)
{
    (void)o, (void)msg, (void)cap;
    abort();
}

__attribute__((visibility("default"))) extern const sheet_module nonet_sheet_module;

const sheet_module nonet_sheet_module = {0, "0.0.0", 0, never_new, NULL, NULL, NULL, NULL, NULL};
