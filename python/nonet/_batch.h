/*
 * _batch.h - the batch runner of the Python extension: N items answered on
 * `jobs` POSIX threads with the GIL released, each item's results written at
 * its own index (so the output is in input order whatever the threads do),
 * the main thread waiting and checking for Ctrl-C between short naps.
 *
 * The library keeps no global state and its objects are one thread at a
 * time: each worker owns its solver, canon workspace, explainer and
 * generator, made on first use. Threads live here, never in the library.
 */
#ifndef NONET_PY_BATCH_H
#define NONET_PY_BATCH_H

#include <nonet.h>
#include <stdatomic.h>
#include <stddef.h>

/* What one worker owns; every field is made lazily and freed at the end. */
typedef struct py_worker {
    struct py_batch *batch;
    nonet_solver *solver;
    nonet_canon *canon;
    nonet_explainer *explainer;
    nonet_generator *generator;
    char *msg_text; /* failed items' messages, NUL-separated */
    size_t msg_len, msg_cap;
    long long *msg_index; /* the item of each message */
    size_t msg_count, msg_index_cap;
    int nomem; /* a message could not be kept */
} py_worker;

/* Answers item i; returns 0, or -1 to stop the batch (out of memory). */
typedef int (*py_item_fn)(py_worker *w, void *ctx, long long i);

typedef struct py_batch {
    long long n; /* items */
    int jobs;    /* threads (>= 1) */
    int chunk;   /* items claimed at once */
    py_item_fn fn;
    void *ctx;
    atomic_llong next;  /* first item not yet claimed */
    atomic_int stop;    /* set by Ctrl-C or a failing item: workers stop claiming */
    atomic_int running; /* workers still running */
} py_batch;

/* Runs the batch: workers on `jobs` threads (inline on this thread for a
 * small batch on one job), the GIL released; this thread checks for signals
 * every few milliseconds and stops the batch on Ctrl-C. Called with the GIL
 * held. Returns 0 with *messages a new dict {index: message} of the failed
 * items (NULL allowed: then dropped), or -1 with a Python exception set
 * (KeyboardInterrupt, MemoryError, or what a signal handler raised). */
int py_batch_run(py_batch *b, void **messages);

/* Progress callback for the library: nonzero (give up) once the batch stops. */
int py_batch_stopped(void *batch, unsigned long long nodes);

/* Keeps a message for item i (copied); the main thread turns them into a dict. */
void py_worker_note(py_worker *w, long long i, const char *message);

#endif
