/*
 * pipeline.c - ordered parallel processing of puzzle streams: scheduling
 * only (what is read comes from input.c, what is written goes to output.c).
 *
 * Invariants (threaded mode): batches are numbered in reading order; batch
 * s lives in slot s % nslots. A slot goes FREE -> FILLED (reader) -> DONE
 * (a worker) -> FREE (after it is written), so written <= taken <=
 * filled <= written + nslots, the slots of batches written..filled-1 are
 * not FREE, those of taken..filled-1 are FILLED and every other slot is
 * FREE (slots_ok checks it at each hand-over under CLI_ASSERT). Batch s is
 * written only after batch s-1, so output order is input order whatever
 * the thread timing. There is no writer thread: the worker that finishes a
 * batch writes every batch that is then ready in order, unless another
 * worker is writing already (`writing`; that one goes on to the batch when
 * it is done), so a batch is written by the thread that worked on it or by
 * its neighbour, with no wake-up in between, and at most one thread writes
 * at a time. One mutex guards the slot states; the workers wait on can_take,
 * the reader on can_fill, so a change wakes only a thread that can act on
 * it.
 *
 * Threads start only once the first batch is read and more input follows:
 * an input of one batch or less (a puzzle on standard input, an empty file)
 * is worked on the main thread, without the start-up cost of the threads.
 */
#include "pipeline.h"

#include "input.h"
#include "options.h"
#include "output.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 128

/* Processes an item whose reading failed, or hands it to the command. */
static void process(const cli_pipeline *p, void *state, cli_item *item)
{
    if (!item->puzzle && !p->produce) {
        cli_put_error(&item->err, &item->error);
        item->exit_status = item->error.code == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        if (p->read_failed) p->read_failed(p->ctx);
        return;
    }
    p->work(p->ctx, state, item);
}

/* ------------------------------------------------------------------ */
/* Single-threaded run                                                  */
/* ------------------------------------------------------------------ */

/* Writes an item, after the command's in-order hook has seen it. */
static void write_item(const cli_pipeline *p, cli_output *o, cli_item *item)
{
    if (p->ordered) p->ordered(p->ctx, item);
    cli_output_item(o, item);
}

static int run_serial(const cli_pipeline *p, cli_input *in)
{
    cli_output o;
    cli_output_init(&o, p->progress);
    o.written = p->written;
    o.written_ctx = p->ctx;
    cli_item item;
    memset(&item, 0, sizeof item);
    void *state = p->make_state ? p->make_state(p->ctx) : NULL;
    while (!o.failed && cli_input_next(in, &item)) {
        process(p, state, &item);
        write_item(p, &o, &item);
    }
    if (p->free_state) p->free_state(state);
    cli_item_free(&item);
    if (p->finish) p->finish(p->ctx);
    return cli_output_finish(&o);
}

/* ------------------------------------------------------------------ */
/* Threaded run                                                         */
/* ------------------------------------------------------------------ */

enum { SLOT_FREE, SLOT_FILLED, SLOT_DONE };

typedef struct slot {
    int state;
    int count;   /* items used */
    int touched; /* items ever given to the input (the rest are still zero) */
    cli_item items[BATCH];
} slot;

typedef struct shared {
    const cli_pipeline *p;
    pthread_mutex_t lock;
    pthread_cond_t can_take; /* workers wait here: a batch was filled, or reading ended */
    pthread_cond_t can_fill; /* the reader waits here: a slot was freed */
    slot *slots;
    long nslots;
    long filled;       /* batches filled so far */
    long taken;        /* batches taken by workers */
    long written;      /* batches written and their slots freed */
    int reading_done;  /* no batch will be filled any more */
    int writing;       /* a worker is writing the batches ready in order */
    int output_failed; /* the writer cannot write: stop reading */
    cli_output out;
} shared;

/* The slot invariants of the file comment; call with the lock held. */
static int slots_ok(const shared *sh)
{
    if (!(sh->written <= sh->taken && sh->taken <= sh->filled &&
          sh->filled <= sh->written + sh->nslots))
        return 0;
    for (long i = 0; i < sh->nslots; i++) {
        const slot *s = &sh->slots[i];
        long seq = sh->written + ((i - sh->written % sh->nslots) + sh->nslots) % sh->nslots;
        int live = seq < sh->filled; /* the slot holds batch seq */
        if (!live ? s->state != SLOT_FREE
                  : s->state == SLOT_FREE || (seq >= sh->taken && s->state != SLOT_FILLED) ||
                        s->count < 1 || s->count > BATCH)
            return 0;
    }
    return 1;
}

/* 1 when the reader, out of free slots, is to fill them again: half of
 * them are free (so it wakes once for several batches, not for each, and
 * does not take a core from a worker as often), or the output failed.
 * Called with the lock held. */
static int refill_now(const shared *sh)
{
    return sh->output_failed || sh->filled - sh->written <= sh->nslots / 2;
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
        if (sh->out.failed) sh->output_failed = 1;
        if (refill_now(sh)) pthread_cond_signal(&sh->can_fill);
    }
    sh->writing = 0;
}

static void *worker_main(void *arg)
{
    shared *sh = arg;
    void *state = sh->p->make_state ? sh->p->make_state(sh->p->ctx) : NULL;
    pthread_mutex_lock(&sh->lock);
    for (;;) {
        while (sh->taken == sh->filled && !sh->reading_done)
            pthread_cond_wait(&sh->can_take, &sh->lock);
        if (sh->taken == sh->filled) break;
        slot *s = &sh->slots[sh->taken++ % sh->nslots];
        pthread_mutex_unlock(&sh->lock);
        for (int i = 0; i < s->count; i++) process(sh->p, state, &s->items[i]);
        pthread_mutex_lock(&sh->lock);
        s->state = SLOT_DONE;
        CLI_ASSERT(slots_ok(sh));
        write_ready(sh);
    }
    pthread_mutex_unlock(&sh->lock);
    if (sh->p->free_state) sh->p->free_state(state);
    return NULL;
}

/* Marks the reading over and wakes the workers, which wait for it. Called
 * with the lock held. */
static void end_reading(shared *sh)
{
    sh->reading_done = 1;
    pthread_cond_broadcast(&sh->can_take);
}

/* Reads the next batch into slot s (free, unlocked); returns 0 when the
 * input ended in it, else 1. */
static int fill_slot(const cli_pipeline *p, slot *s, cli_input *in)
{
    int batch = p->batch > 0 && p->batch < BATCH ? p->batch : BATCH, more = 1;
    s->count = 0;
    while (s->count < batch && (more = cli_input_next(in, &s->items[s->count])) != 0) s->count++;
    int touched = s->count < batch ? s->count + 1 : s->count;
    if (touched > s->touched) s->touched = touched;
    return more;
}

/* Reads batches into free slots until the input ends; `more` is 0 when it
 * ended already (in the first batch, read before the threads started). */
static void read_batches(shared *sh, cli_input *in, int more)
{
    while (more) {
        slot *s = &sh->slots[sh->filled % sh->nslots];
        pthread_mutex_lock(&sh->lock);
        if (s->state != SLOT_FREE) /* every slot is in use: wait until half are free */
            while (!refill_now(sh)) pthread_cond_wait(&sh->can_fill, &sh->lock);
        if (sh->output_failed) {
            end_reading(sh);
            pthread_mutex_unlock(&sh->lock);
            break;
        }
        pthread_mutex_unlock(&sh->lock);
        more = fill_slot(sh->p, s, in);
        pthread_mutex_lock(&sh->lock);
        if (s->count) {
            s->state = SLOT_FILLED;
            sh->filled++;
        }
        CLI_ASSERT(slots_ok(sh));
        if (s->count) pthread_cond_signal(&sh->can_take);
        if (!more) end_reading(sh);
        pthread_mutex_unlock(&sh->lock);
    }
}

/* Works and writes the items of one slot on the calling thread: the whole
 * input when it fits in the first batch. */
static void run_one_slot(const cli_pipeline *p, slot *s, cli_output *o)
{
    void *state = p->make_state ? p->make_state(p->ctx) : NULL;
    for (int i = 0; i < s->count && !o->failed; i++) {
        process(p, state, &s->items[i]);
        write_item(p, o, &s->items[i]);
    }
    if (p->free_state) p->free_state(state);
}

/* Starts the workers over the first batch (slot 0, filled) and reads the
 * rest. Exits the process when no thread can start. */
static void run_threads(shared *sh, cli_input *in)
{
    const cli_pipeline *p = sh->p;
    pthread_t *workers = calloc((size_t)p->jobs, sizeof *workers);
    if (!workers) {
        fprintf(stderr, "nonet: out of memory\n");
        exit(EXIT_SYSTEM);
    }
    sh->slots[0].state = SLOT_FILLED;
    sh->filled = 1;
    int started = 0;
    for (; started < p->jobs; started++)
        if (pthread_create(&workers[started], NULL, worker_main, sh)) break;
    if (!started) {
        fprintf(stderr, "nonet: cannot start threads\n");
        exit(EXIT_SYSTEM);
    }
    read_batches(sh, in, 1);
    for (int i = 0; i < started; i++) pthread_join(workers[i], NULL);
    free(workers);
}

static int run_threaded(const cli_pipeline *p, cli_input *in)
{
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.p = p;
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
    pthread_cond_init(&sh.can_take, NULL);
    pthread_cond_init(&sh.can_fill, NULL);
    if (fill_slot(p, &sh.slots[0], in)) run_threads(&sh, in);
    else run_one_slot(p, &sh.slots[0], &sh.out);
    /* only the items ever used: the others' pages were never touched */
    for (long i = 0; i < sh.nslots; i++)
        for (int k = 0; k < sh.slots[i].touched; k++) cli_item_free(&sh.slots[i].items[k]);
    free(sh.slots);
    pthread_cond_destroy(&sh.can_take);
    pthread_cond_destroy(&sh.can_fill);
    pthread_mutex_destroy(&sh.lock);
    if (p->finish) p->finish(p->ctx);
    return cli_output_finish(&sh.out);
}

int cli_pipeline_run(const cli_pipeline *p, char **files, int nfiles)
{
    cli_input in;
    cli_input_init(&in, files, nfiles, p->format, p->read_opts);
    if (p->produce) cli_input_produce(&in, p->produce, p->ctx);
    int status = p->jobs > 1 ? run_threaded(p, &in) : run_serial(p, &in);
    cli_input_close(&in);
    return status;
}
