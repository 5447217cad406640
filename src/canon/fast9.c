/*
 * fast9.c - the dedicated 9x9 canonical-form search (placeholder: the
 * generic search until the dedicated one lands).
 */
#include "canon.h"

nonet_status nonet__canon_fast9(nonet_canon *w, const unsigned char *cells, int mode,
                                canon_out *out, nonet_error *err)
{
    canon_group g = {0};
    g.kind = CANON_GROUP_BOXED;
    g.n = 9;
    g.box_rows = g.box_cols = 3;
    g.transpose = 1;
    return nonet__canon_boxed(w, &g, cells, mode, out, err);
}

void nonet__canon_fast9_free(void *fast9) { (void)fast9; }
