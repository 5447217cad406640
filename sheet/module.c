/*
 * module.c - the one symbol nonet-sheet.so exports (module.h): the table of
 * sheet.h's drawing functions, with the ABI number, version and option
 * layout of this build, which the loader checks before it calls anything.
 */
#include "module.h"

/* The module's entry (SHEET_MODULE_ENTRY); the only symbol it exports
 * (sheet/module.map). A data object rather than a function, so that the
 * loader turns dlsym's pointer into an object pointer, as ISO C allows. */
__attribute__((visibility("default"))) extern const sheet_module nonet_sheet_module;

const sheet_module nonet_sheet_module = {
    SHEET_MODULE_ABI, NONET_VERSION, sizeof(sheet_options), sheet_new, sheet_warning, sheet_add,
    sheet_finish,     sheet_free,    sheet_shutdown,
};
