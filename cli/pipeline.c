/*
 * pipeline.c - ordered parallel processing of puzzle streams: scheduling
 * only (what is read comes from input.c, what is written goes to output.c).
 *
 * There is no reader thread and no writer thread: each of the N workers
 * (the main thread is the first) reads a batch from the input itself, one
 * worker at a time, works on it, and then writes every batch that is ready
 * in input order. So N threads run on N cores, and the parsing, which the
 * input does while reading, is spread over the workers.
 *
 * Invariants (threaded mode): batches are numbered in reading order; batch
 * s lives in slot s % nslots. A slot goes FREE -> BUSY (read by a worker,
 * which then works on it) -> DONE -> FREE (after it is written), so written
 * <= filled <= written + nslots, the slots of batches written..filled-1 are
 * BUSY or DONE, and every other slot is FREE (slots_ok checks it at each
 * hand-over under CLI_ASSERT). Batch s is written only after batch s-1, so
 * output order is input order whatever the thread timing: the worker that
 * finishes a batch writes every batch then ready in order, unless another
 * worker is writing already (`writing`; that one goes on to the batch when
 * it is done). At most one worker reads (`reading`) and at most one
 * writes at a time. One mutex guards the slot states; a worker that cannot
 * read (another reads, or every slot is in use) waits on can_read, but
 * when another reads it first yields its core a moment (READ_SPIN).
 *
 * Threads start only once the first batch is read and more input follows:
 * an input of one batch or less (a puzzle on standard input, an empty file)
 * is worked on the main thread, without the start-up cost of the threads.
 * (Starting them before the first batch is read, for a large file, was
 * tried: no faster.)
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"

#include "input.h"
#include "options.h"
#include "output.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Items a batch. Larger batches were tried (up to 512 for quick puzzles):
 * fewer hand-overs, but reading and solving got slower, the slots in
 * flight no longer fitting the cache, and the -j2 run was no faster. */
#define BATCH 64

/* A worker that finds another reading waits this long (seconds), yielding
 * its core, before it sleeps: reading a batch of easy puzzles takes about
 * 10 us, less than sleeping and being woken (about 30 us a time on 17-clue
 * -j2, more when the idle core is given up), so -j2 lost ~1 ms a thread. */
#define READ_SPIN 100e-6

/* Processes an item whose reading failed, or hands it to the command. */
static void process(const cli_pipeline *p, void *state, cli_item *item)
{
    if (!item->puzzle && !cli_item_lines(item) && !p->produce) { /* its message is in err */
        item->exit_status = item->read_status == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        if (p->read_failed) p->read_failed(p->ctx);
        if (p->unread && item->unread.line > 0) p->unread(p->ctx, item); /* one answer a puzzle */
        return;
    }
    p->work(p->ctx, state, item);
}

/* Writes an item, after the command's in-order hook has seen it. */
static void write_item(const cli_pipeline *p, cli_output *o, cli_item *item)
{
    if (p->ordered) p->ordered(p->ctx, item);
    cli_output_item(o, item);
}

/* Works on the items and, when `o` is given, writes each as it is done
 * (stopping when the output failed): the one loop of the serial run and of
 * an input of one batch. */
static void work_items(const cli_pipeline *p, void *state, cli_item *items, int count,
                       cli_output *o)
{
    for (int i = 0; i < count && !(o && o->failed); i++) {
        items[i].stream = o; /* written right after: it may stream (see cli_item) */
        process(p, state, &items[i]);
        items[i].stream = NULL;
        if (o) write_item(p, o, &items[i]);
    }
}

/* ------------------------------------------------------------------ */
/* Single-threaded run                                                  */
/* ------------------------------------------------------------------ */

static int run_serial(const cli_pipeline *p, cli_input *in)
{
    cli_output o;
    cli_output_init(&o, p->progress);
    o.written = p->written;
    o.written_ctx = p->ctx;
    cli_item item;
    memset(&item, 0, sizeof item);
    void *state = p->make_state ? p->make_state(p->ctx) : NULL;
    while (!o.failed && cli_input_next(in, &item)) work_items(p, state, &item, 1, &o);
    if (p->free_state) p->free_state(state);
    cli_item_free(&item);
    cli_progress_end(p->progress);
    cli_output_flush(&o); /* the answers before what finish writes */
    if (p->finish) p->finish(p->ctx);
    return cli_output_finish(&o);
}

/* ------------------------------------------------------------------ */
/* Threaded run                                                         */
/* ------------------------------------------------------------------ */

enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE };

typedef struct slot {
    int state;
    int count;   /* items used */
    int touched; /* items ever given to the input (the rest are still zero) */
    cli_item items[BATCH];
} slot;

typedef struct shared {
    const cli_pipeline *p;
    cli_input *in;
    pthread_mutex_t lock;
    pthread_cond_t can_read; /* workers wait here: a slot was freed, or the reading
                                worker is done */
    slot *slots;
    long nslots;
    long filled;        /* batches read so far */
    long written;       /* batches written and their slots freed */
    atomic_int reading; /* a worker is reading a batch (set under the lock, also
                           read without it while waiting for the read to end) */
    int reading_done;   /* the input ended, or the output failed: no more batches */
    int writing;        /* a worker is writing the batches ready in order */
    cli_output out;
} shared;

/* The slot invariants of the file comment; call with the lock held. */
static int slots_ok(const shared *sh)
{
    if (!(sh->written <= sh->filled && sh->filled <= sh->written + sh->nslots)) return 0;
    for (long i = 0; i < sh->nslots; i++) {
        const slot *s = &sh->slots[i];
        long seq = sh->written + ((i - sh->written % sh->nslots) + sh->nslots) % sh->nslots;
        int live = seq < sh->filled; /* the slot holds batch seq */
        if (!live ? s->state != SLOT_FREE
                  : s->state == SLOT_FREE || s->count < 1 || s->count > BATCH)
            return 0;
    }
    return 1;
}

/* Writes the batches that are done, in order from the first not written,
 * unless another worker does already. Called with the lock held, which it
 * drops while writing. */
static void write_ready(shared *sh)
{
    if (sh->writing) return;
    sh->writing = 1;
    for (;;) {
        slot *s = &sh->slots[sh->written % sh->nslots];
        if (sh->written >= sh->filled || s->state != SLOT_DONE) break;
        pthread_mutex_unlock(&sh->lock);
        for (int i = 0; i < s->count; i++) write_item(sh->p, &sh->out, &s->items[i]);
        pthread_mutex_lock(&sh->lock);
        s->state = SLOT_FREE;
        sh->written++;
        CLI_ASSERT(slots_ok(sh));
        if (sh->out.failed) sh->reading_done = 1; /* the output is gone: read no more */
        pthread_cond_broadcast(&sh->can_read);
    }
    sh->writing = 0;
}

/* Seconds on a monotonic clock. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the next batch into slot s (free, unlocked); returns 0 when the
 * input ended in it, else 1. */
static int fill_slot(const cli_pipeline *p, slot *s, cli_input *in)
{
    int batch = p->batch > 0 && p->batch < BATCH ? p->batch : BATCH, more = 1;
    size_t positions = 0; /* a lane item counts its lines: a batch is as much work */
    s->count = 0;
    while (s->count < batch && positions < (size_t)batch &&
           (more = cli_input_next(in, &s->items[s->count])) != 0) {
        size_t lines = cli_item_lines(&s->items[s->count]);
        positions += lines ? lines : 1;
        s->count++;
    }
    int touched = s->count < batch ? s->count + 1 : s->count;
    if (touched > s->touched) s->touched = touched;
    return more;
}

/* Waits, without the lock, at most READ_SPIN seconds for the worker that
 * reads to be done, yielding the core meanwhile. */
static void await_read(shared *sh)
{
    double end = now() + READ_SPIN;
    while (atomic_load(&sh->reading) && now() < end) sched_yield();
}

/* Waits until the calling worker may read: no other worker reads and a
 * slot is free, or there is no more to read. Called with the lock held. */
static void wait_to_read(shared *sh)
{
    int spun = 0;
    while (!sh->reading_done && (sh->reading || sh->filled - sh->written >= sh->nslots)) {
        if (sh->reading && !spun && sh->filled - sh->written < sh->nslots) {
            spun = 1; /* once a wait: the reader may have been put off the core */
            pthread_mutex_unlock(&sh->lock);
            await_read(sh);
            pthread_mutex_lock(&sh->lock);
            continue;
        }
        pthread_cond_wait(&sh->can_read, &sh->lock);
    }
}

/* Reads the next batch for the calling worker, waiting while another
 * worker reads or every slot is in use. Called with the lock held; returns
 * the slot (BUSY, the caller's to work on) or NULL when there is no more. */
static slot *read_batch(shared *sh)
{
    for (;;) {
        wait_to_read(sh);
        if (sh->reading_done) return NULL;
        slot *s = &sh->slots[sh->filled % sh->nslots];
        atomic_store(&sh->reading, 1);
        pthread_mutex_unlock(&sh->lock);
        int more = fill_slot(sh->p, s, sh->in);
        pthread_mutex_lock(&sh->lock);
        atomic_store(&sh->reading, 0);
        if (!more) sh->reading_done = 1;
        if (s->count) {
            s->state = SLOT_BUSY;
            sh->filled++;
        }
        CLI_ASSERT(slots_ok(sh));
        pthread_cond_broadcast(&sh->can_read);
        if (s->count) return s;
    }
}

/* One worker: works on `first` (a BUSY slot, or NULL), then reads, works
 * on and writes batches until there are none. Called without the lock. */
static void work_batches(shared *sh, slot *first)
{
    void *state = sh->p->make_state ? sh->p->make_state(sh->p->ctx) : NULL;
    pthread_mutex_lock(&sh->lock);
    for (slot *s = first ? first : read_batch(sh); s; s = read_batch(sh)) {
        pthread_mutex_unlock(&sh->lock);
        work_items(sh->p, state, s->items, s->count, NULL);
        pthread_mutex_lock(&sh->lock);
        s->state = SLOT_DONE;
        CLI_ASSERT(slots_ok(sh));
        write_ready(sh);
    }
    pthread_mutex_unlock(&sh->lock);
    if (sh->p->free_state) sh->p->free_state(state);
}

static void *worker_main(void *arg)
{
    work_batches(arg, NULL);
    return NULL;
}

/* Starts jobs - 1 workers beside the main thread, which works on the first
 * batch (slot 0, read) and goes on as a worker. Exits the process when
 * out of memory. */
static void run_threads(shared *sh)
{
    const cli_pipeline *p = sh->p;
    pthread_t *workers = calloc((size_t)p->jobs, sizeof *workers);
    if (!workers) {
        fprintf(stderr, "nonet: out of memory\n");
        exit(EXIT_SYSTEM);
    }
    sh->slots[0].state = SLOT_BUSY;
    sh->filled = 1;
    int started = 0;
    for (; started < p->jobs - 1; started++)
        if (pthread_create(&workers[started], NULL, worker_main, sh)) break;
    work_batches(sh, &sh->slots[0]); /* the main thread alone if none started */
    for (int i = 0; i < started; i++) pthread_join(workers[i], NULL);
    free(workers);
}

static int run_threaded(const cli_pipeline *p, cli_input *in)
{
    shared sh;
    /* all but the output, which cli_output_init sets without clearing its
     * 32 KiB block (pages of stack the clearing would touch) */
    memset(&sh, 0, offsetof(shared, out));
    sh.p = p;
    sh.in = in;
    cli_output_init(&sh.out, p->progress);
    sh.out.written = p->written;
    sh.out.written_ctx = p->ctx;
    sh.nslots = 4L * p->jobs;
    sh.slots = calloc((size_t)sh.nslots, sizeof *sh.slots);
    if (!sh.slots) {
        fprintf(stderr, "nonet: out of memory\n");
        return EXIT_SYSTEM;
    }
    pthread_mutex_init(&sh.lock, NULL);
    pthread_cond_init(&sh.can_read, NULL);
    if (fill_slot(p, &sh.slots[0], in)) run_threads(&sh);
    else { /* one batch at most: no thread */
        void *state = p->make_state ? p->make_state(p->ctx) : NULL;
        work_items(p, state, sh.slots[0].items, sh.slots[0].count, &sh.out);
        if (p->free_state) p->free_state(state);
    }
    /* only the items ever used: the others' pages were never touched */
    for (long i = 0; i < sh.nslots; i++)
        for (int k = 0; k < sh.slots[i].touched; k++) cli_item_free(&sh.slots[i].items[k]);
    free(sh.slots);
    pthread_cond_destroy(&sh.can_read);
    pthread_mutex_destroy(&sh.lock);
    cli_progress_end(p->progress);
    cli_output_flush(&sh.out); /* the answers before what finish writes */
    if (p->finish) p->finish(p->ctx);
    return cli_output_finish(&sh.out);
}

int cli_pipeline_run(const cli_pipeline *given, char **files, int nfiles)
{
    cli_pipeline run = *given;
    const cli_pipeline *p = &run;
    if (run.jobs < 1) run.jobs = isatty(STDIN_FILENO) ? 1 : cli_cores();
    cli_input in;
    cli_input_init(&in, files, nfiles, p->format, p->read_opts);
    in.lane = p->lane > 0 && p->lane <= CLI_LANE_MAX ? p->lane : 0;
    in.positions = p->progress && p->progress->on && p->progress->bytes;
    if (p->puzzles) cli_input_puzzles(&in, p->puzzles);
    if (p->produce) cli_input_produce(&in, p->produce, p->ctx);
    int status = p->jobs > 1 ? run_threaded(p, &in) : run_serial(p, &in);
    cli_input_close(&in);
    return status;
}
