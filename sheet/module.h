/*
 * module.h - the sheet renderer as a module that `nonet print` loads when it
 * runs, so that no other command maps cairo and its libraries at start-up.
 *
 * The drawing (sheet.h: cairo, fontconfig, libpng and the ~20 libraries
 * behind them) is built as nonet-sheet.so, installed in LIBDIR/nonet/. The
 * nonet tool opens it with dlopen by a path relative to its own file
 * (load.c: the installed layout, then the build tree's), so the build tree
 * works as it is and an installed tree can be moved or staged (DESTDIR) as
 * a whole.
 *
 * The module exports one object, SHEET_MODULE_ENTRY, the table below; the
 * tool checks its ABI number, version and option layout before calling
 * anything, so a module of another build is refused with a reason, not
 * called.
 *
 * load.c implements the two functions below with dlopen; none.c, in a build
 * without cairo, fails them with the reason.
 */
#ifndef NONET_SHEET_MODULE_H
#define NONET_SHEET_MODULE_H

#include "sheet.h"

#include <stddef.h>

#define SHEET_MODULE_FILE "nonet-sheet.so"
#define SHEET_MODULE_ENTRY "nonet_sheet_module"
#define SHEET_MODULE_ABI 1 /* raised whenever the table or sheet.h's types change */

/* What the module offers: sheet.h's drawing functions, one for one. */
typedef struct sheet_module {
    int abi;             /* SHEET_MODULE_ABI of the module's build */
    const char *version; /* NONET_VERSION of the module's build */
    size_t options_size; /* sizeof(sheet_options) in the module's build */
    sheet *(*new_sheet)(const sheet_options *o, char *msg, size_t cap);
    const char *(*warning)(const sheet *s);
    int (*add)(sheet *s, nonet_puzzle *p, const unsigned char *solution, sheet_answer how,
               char *msg, size_t cap);
    int (*finish)(sheet *s, char *msg, size_t cap);
    void (*free_sheet)(sheet *s);
    void (*shutdown)(void);
} sheet_module;

/* A loaded renderer: `fn` is usable while `handle` is open. */
typedef struct sheet_renderer {
    void *handle;
    const sheet_module *fn;
} sheet_renderer;

/* Opens the renderer module into *r. Returns 0, or -1 with *r cleared and
 * the reason in msg (cap bytes), worded to follow "nonet: ". */
int sheet_renderer_load(sheet_renderer *r, char *msg, size_t cap);

/* Releases what the renderer keeps for the whole process (sheet_shutdown)
 * and closes the module's handle (the module itself stays mapped until the
 * process ends: load.c); no sheet of it may be left. A cleared *r (failed
 * load) is allowed and left as it is. */
void sheet_renderer_unload(sheet_renderer *r);

#endif
