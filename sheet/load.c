/*
 * load.c - opening the renderer module (module.h) with dlopen, in a build
 * with cairo.
 *
 * The module is looked for beside the tool, by paths relative to the
 * tool's own file (/proc/self/exe), so the build tree works as it is and an
 * installed tree can be moved or staged (DESTDIR) as a whole: first where
 * the install puts it (NONET_SHEET_INSTALLED: from BINDIR to LIBDIR/nonet),
 * then where the build tree has it (NONET_SHEET_BUILT: the build's sheet/
 * folder, from the tool's). No RUNPATH is used, so no other library the
 * tool needs is searched for in those folders at start-up, and no library
 * path of the system is searched for the module. Its table is accepted only
 * when its ABI number, version and option layout are this build's.
 *
 * The module is opened RTLD_NODELETE: it stays mapped until the process
 * ends, since cairo, pixman and fontconfig keep some memory for the whole
 * process that only their own globals point to (after sheet_shutdown too);
 * unmapped, that memory would be unreachable, a leak to memory checkers.
 */
#define _POSIX_C_SOURCE 200809L
#include "module.h"

#include <dlfcn.h>

#ifndef RTLD_NODELETE
#define RTLD_NODELETE 0
#endif
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef NONET_SHEET_INSTALLED
#define NONET_SHEET_INSTALLED "../lib/nonet" /* set by sheet/CMakeLists.txt */
#endif
#ifndef NONET_SHEET_BUILT
#define NONET_SHEET_BUILT "sheet"
#endif

/* Writes the reason the module is refused into msg and closes it; returns -1. */
static int refuse(sheet_renderer *r, const char *why, char *msg, size_t cap)
{
    snprintf(msg, cap, "'nonet print' is not available: its renderer %s", why);
    if (r->handle) dlclose(r->handle);
    r->handle = NULL;
    r->fn = NULL;
    return -1;
}

/* Writes the folder of the running tool (no trailing slash) into dir;
 * returns 0, or -1 when it cannot be known. */
static int tool_folder(char *dir, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", dir, cap - 1);
    if (n <= 0 || (size_t)n >= cap - 1) return -1;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash) return -1;
    *slash = '\0';
    return 0;
}

/* Opens the module file at the first of the two places where it exists.
 * Returns 0 with r->handle set, or -1 with the reason in msg. */
static int open_module(sheet_renderer *r, char *msg, size_t cap)
{
    static const char *const places[] = {NONET_SHEET_INSTALLED, NONET_SHEET_BUILT};
    char dir[4096], path[4200], why[4400];
    if (tool_folder(dir, sizeof dir))
        return refuse(r, "cannot be found: the tool's own path is unknown (/proc/self/exe)", msg,
                      cap);
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(path, sizeof path, "%s/%s/" SHEET_MODULE_FILE, dir, places[i]);
        if (access(path, F_OK) != 0) continue;
        r->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
        if (r->handle) return 0;
        snprintf(why, sizeof why, "cannot be loaded: %s", dlerror());
        return refuse(r, why, msg, cap);
    }
    snprintf(why, sizeof why, SHEET_MODULE_FILE " is missing from %s/%s (reinstall nonet)", dir,
             places[0]);
    return refuse(r, why, msg, cap);
}

int sheet_renderer_load(sheet_renderer *r, char *msg, size_t cap)
{
    r->handle = NULL;
    r->fn = NULL;
    if (open_module(r, msg, cap)) return -1;
    const sheet_module *m = dlsym(r->handle, SHEET_MODULE_ENTRY);
    if (!m) return refuse(r, "is not a nonet renderer (no " SHEET_MODULE_ENTRY ")", msg, cap);
    /* abi and version are the table's first fields in every interface */
    if (m->abi != SHEET_MODULE_ABI || !m->version || strcmp(m->version, NONET_VERSION) != 0 ||
        m->options_size != sizeof(sheet_options)) {
        char why[200];
        snprintf(why, sizeof why,
                 "is of another build (nonet %.40s, interface %d; this is nonet %s, "
                 "interface %d): reinstall nonet",
                 m->version ? m->version : "?", m->abi, NONET_VERSION, SHEET_MODULE_ABI);
        return refuse(r, why, msg, cap);
    }
    r->fn = m;
    return 0;
}

void sheet_renderer_unload(sheet_renderer *r)
{
    if (!r->handle) return;
    r->fn->shutdown();
    dlclose(r->handle);
    r->handle = NULL;
    r->fn = NULL;
}
