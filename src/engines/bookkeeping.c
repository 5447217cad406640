/*
 * bookkeeping.c - the bookkeeping every engine reports through (engine.h):
 * solutions against the limit and the callback, nodes against max_nodes and
 * the progress callback, and the workspace the engines take memory from.
 * It calls no engine, so engines and solve.c both sit above it.
 */
#include "engines/engine.h"

#include "core/shape.h"

#include <stdlib.h>
#include <string.h>

void *nonet__workspace_get(nonet__workspace *ws, size_t bytes)
{
    if (bytes > ws->size) {
        free(ws->mem);
        ws->mem = malloc(bytes);
        ws->size = ws->mem ? bytes : 0;
    }
    return ws->mem;
}

int nonet__found(nonet__search *job, const unsigned char *grid)
{
    if (job->solutions == 0 && job->first) memcpy(job->first, grid, (size_t)job->shape->ncells);
    job->solutions++;
    if (job->on_solution && job->on_solution(job->solution_ctx, grid)) {
        job->stop = 1;
        return 1;
    }
    if (job->limit && job->solutions >= job->limit) {
        job->stop = 1;
        return 1;
    }
    return 0;
}

int nonet__tick_slow(nonet__search *job)
{
    if (job->max_nodes && job->nodes > job->max_nodes) {
        job->stop = 2;
        return 1;
    }
    if (job->progress && (job->nodes & job->tick_mask) == 0 &&
        job->progress(job->progress_ctx, job->nodes)) {
        job->stop = 2;
        return 1;
    }
    return 0;
}
