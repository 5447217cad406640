/*
 * _batch.c - runs a batch on POSIX threads (see _batch.h). Items are claimed
 * in chunks from one atomic counter; each item writes only its own slots of
 * the output arrays, so no lock guards the results and the order is the
 * input's. The main thread naps on a condition variable, wakes every 20 ms
 * to run Python's signal handlers, and on an exception sets `stop`, which
 * the workers see between items and the library sees through the progress
 * callbacks (py_batch_stopped) inside a long search.
 */
#define PY_SSIZE_T_CLEAN
#define _POSIX_C_SOURCE 200809L
#include <Python.h>

#include "_batch.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A batch this small on one job runs inline: no thread to start. */
#define INLINE_MAX 16
/* The main thread's nap between two signal checks, in milliseconds. */
#define NAP_MS 20

typedef struct shared {
    pthread_mutex_t mu;
    pthread_cond_t done; /* signalled by the last worker */
} shared;

int py_batch_stopped(void *batch, unsigned long long nodes)
{
    (void)nodes;
    return atomic_load_explicit(&((py_batch *)batch)->stop, memory_order_relaxed);
}

void py_worker_note(py_worker *w, long long i, const char *message)
{
    size_t len = strlen(message) + 1;
    if (w->msg_count == w->msg_index_cap) {
        size_t cap = w->msg_index_cap ? 2 * w->msg_index_cap : 16;
        long long *idx = realloc(w->msg_index, cap * sizeof *idx);
        if (!idx) {
            w->nomem = 1;
            return;
        }
        w->msg_index = idx;
        w->msg_index_cap = cap;
    }
    if (w->msg_len + len > w->msg_cap) {
        size_t cap = w->msg_cap ? 2 * w->msg_cap : 1024;
        while (cap < w->msg_len + len) cap *= 2;
        char *text = realloc(w->msg_text, cap);
        if (!text) {
            w->nomem = 1;
            return;
        }
        w->msg_text = text;
        w->msg_cap = cap;
    }
    memcpy(w->msg_text + w->msg_len, message, len);
    w->msg_len += len;
    w->msg_index[w->msg_count++] = i;
}

/* Claims and answers chunks until the items run out or the batch stops. */
static void work(py_worker *w)
{
    py_batch *b = w->batch;
    while (!atomic_load(&b->stop)) {
        long long first = atomic_fetch_add(&b->next, b->chunk);
        if (first >= b->n) break;
        long long end = first + b->chunk < b->n ? first + b->chunk : b->n;
        for (long long i = first; i < end; i++) {
            if (atomic_load_explicit(&b->stop, memory_order_relaxed)) return;
            if (b->fn(w, b->ctx, i) != 0) {
                atomic_store(&b->stop, 2); /* 2: out of memory */
                return;
            }
        }
    }
}

typedef struct thread_arg {
    py_worker *w;
    shared *sh;
} thread_arg;

static void *thread_main(void *varg)
{
    thread_arg *a = varg;
    work(a->w);
    pthread_mutex_lock(&a->sh->mu);
    if (atomic_fetch_sub(&a->w->batch->running, 1) == 1) pthread_cond_signal(&a->sh->done);
    pthread_mutex_unlock(&a->sh->mu);
    return NULL;
}

static void worker_free(py_worker *w)
{
    nonet_solver_free(w->solver);
    nonet_canon_free(w->canon);
    nonet_explainer_free(w->explainer);
    nonet_generator_free(w->generator);
    free(w->msg_text);
    free(w->msg_index);
}

/* Adds the workers' messages to a new dict; NULL with an exception set. */
static PyObject *collect_messages(py_worker *ws, int jobs)
{
    PyObject *d = PyDict_New();
    for (int j = 0; d && j < jobs; j++) {
        const char *text = ws[j].msg_text;
        for (size_t k = 0; k < ws[j].msg_count; k++) {
            PyObject *key = PyLong_FromLongLong(ws[j].msg_index[k]);
            PyObject *val = PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
            if (!key || !val || PyDict_SetItem(d, key, val) < 0) Py_CLEAR(d);
            Py_XDECREF(key);
            Py_XDECREF(val);
            if (!d) break;
            text += strlen(text) + 1;
        }
    }
    return d;
}

/* Waits for the workers, checking signals; returns -1 when one raised. */
static int wait_workers(py_batch *b, shared *sh)
{
    int raised = 0;
    for (;;) {
        int left;
        Py_BEGIN_ALLOW_THREADS;
        pthread_mutex_lock(&sh->mu);
        if (atomic_load(&b->running) > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += NAP_MS * 1000000L;
            if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&sh->done, &sh->mu, &ts);
        }
        left = atomic_load(&b->running);
        pthread_mutex_unlock(&sh->mu);
        Py_END_ALLOW_THREADS;
        if (left == 0) return raised ? -1 : 0;
        if (!raised && PyErr_CheckSignals() < 0) {
            raised = 1;
            atomic_store(&b->stop, 1);
        }
    }
}

/* Starts the threads; returns how many started. */
static int start_threads(py_batch *b, py_worker *ws, thread_arg *args, pthread_t *tids, shared *sh)
{
    int started = 0;
    atomic_store(&b->running, b->jobs);
    for (int j = 0; j < b->jobs; j++) {
        args[j].w = &ws[j];
        args[j].sh = sh;
        if (pthread_create(&tids[j], NULL, thread_main, &args[j]) != 0) break;
        started++;
    }
    if (started < b->jobs) { /* count the threads that never ran as done */
        pthread_mutex_lock(&sh->mu);
        atomic_fetch_sub(&b->running, b->jobs - started);
        pthread_mutex_unlock(&sh->mu);
    }
    return started;
}

int py_batch_run(py_batch *b, void **messages)
{
    if (b->jobs < 1) b->jobs = 1;
    if (b->chunk < 1) b->chunk = 1;
    atomic_store(&b->next, 0);
    atomic_store(&b->stop, 0);
    py_worker *ws = calloc((size_t)b->jobs, sizeof *ws);
    thread_arg *args = calloc((size_t)b->jobs, sizeof *args);
    pthread_t *tids = calloc((size_t)b->jobs, sizeof *tids);
    if (!ws || !args || !tids) {
        free(ws), free(args), free(tids);
        PyErr_NoMemory();
        return -1;
    }
    for (int j = 0; j < b->jobs; j++) ws[j].batch = b;
    int rc = 0;
    if (b->jobs == 1 && b->n <= INLINE_MAX) {
        Py_BEGIN_ALLOW_THREADS;
        work(&ws[0]);
        Py_END_ALLOW_THREADS;
    } else {
        shared sh;
        pthread_mutex_init(&sh.mu, NULL);
        pthread_cond_init(&sh.done, NULL);
        int started = start_threads(b, ws, args, tids, &sh);
        if (started == 0) {
            PyErr_SetString(PyExc_RuntimeError, "nonet: cannot start a thread");
            rc = -1;
        } else {
            rc = wait_workers(b, &sh);
        }
        for (int j = 0; j < started; j++) pthread_join(tids[j], NULL);
        pthread_cond_destroy(&sh.done);
        pthread_mutex_destroy(&sh.mu);
    }
    int nomem = atomic_load(&b->stop) == 2;
    for (int j = 0; j < b->jobs; j++) nomem |= ws[j].nomem;
    if (rc == 0 && nomem) {
        PyErr_NoMemory();
        rc = -1;
    }
    if (rc == 0 && messages) {
        *messages = collect_messages(ws, b->jobs);
        if (!*messages) rc = -1;
    }
    for (int j = 0; j < b->jobs; j++) worker_free(&ws[j]);
    free(ws), free(args), free(tids);
    return rc;
}
