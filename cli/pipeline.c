/*
 * pipeline.c - ordered parallel processing of puzzle streams.
 *
 * Invariants (threaded mode): batches are numbered in reading order; batch
 * s lives in slot s % nslots. A slot goes FREE -> FILLED (reader) -> DONE
 * (a worker) -> FREE (writer, after writing it). The writer writes batch s
 * only after batch s-1, so output order is input order whatever the thread
 * timing. One mutex guards the slot states; each role waits on its own
 * condition variable (can_take, can_write, can_fill), so a change wakes
 * only a thread that can act on it.
 */
#define _POSIX_C_SOURCE 200809L
#include "pipeline.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BATCH 128

/* Monotonic clock in seconds (--progress). */
static double cli_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------------ */
/* Text buffers                                                         */
/* ------------------------------------------------------------------ */

int cli_text_put(cli_text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + n + 1) cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) return -1;
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
    return 0;
}

int cli_text_printf(cli_text *t, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return -1;
    if ((size_t)n < sizeof small) return cli_text_put(t, small, (size_t)n);
    char *big = malloc((size_t)n + 1);
    if (!big) return -1;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    int r = cli_text_put(t, big, (size_t)n);
    free(big);
    return r;
}

void cli_put_error(cli_text *t, const nonet_error *e)
{
    const char *src = e->source[0] ? e->source : "-";
    if (e->line > 0) cli_text_printf(t, "nonet: %s:%ld: %s\n", src, e->line, e->message);
    else cli_text_printf(t, "nonet: %s: %s\n", src, e->message);
}

/* ------------------------------------------------------------------ */
/* Input                                                                */
/* ------------------------------------------------------------------ */

/* The inputs in turn, each opened when the previous one ends. */
typedef struct input {
    const cli_pipeline *p;
    char **files;
    int nfiles, next;
    FILE *fp;
    nonet_reader *reader;
    int exit_status;      /* EXIT_BAD_INPUT when a file could not be opened */
    unsigned long long seq;   /* items read so far */
} input;

static void input_close(input *in)
{
    nonet_reader_free(in->reader);
    in->reader = NULL;
    if (in->fp && in->fp != stdin) fclose(in->fp);
    in->fp = NULL;
}

/* Opens the next file; fills `item` with the error when it cannot be opened.
 * Returns 1 when a reader is ready, 0 when item holds an error, -1 at the end. */
static int input_open(input *in, cli_item *item)
{
    if (in->next >= in->nfiles) return -1;
    const char *name = in->files[in->next++];
    int is_stdin = strcmp(name, "-") == 0;
    in->fp = is_stdin ? stdin : fopen(name, "rb");
    memset(&item->error, 0, sizeof item->error);
    snprintf(item->error.source, sizeof item->error.source, "%s", name);
    if (!in->fp) {
        item->error.code = NONET_ERR_IO;
        snprintf(item->error.message, sizeof item->error.message, "cannot open: %s",
                 strerror(errno));
        return 0;
    }
    in->reader = nonet_reader_new_file(in->fp, name, in->p->format, &item->error);
    if (in->reader && in->p->read_opts &&
        nonet_reader_set_options(in->reader, in->p->read_opts, &item->error)) {
        nonet_reader_free(in->reader);
        in->reader = NULL;
    }
    if (!in->reader) {
        input_close(in);
        return 0;
    }
    return 1;
}

/* Reads the next item. Returns 1 with `item` filled, 0 at the end of all
 * input. The item's previous puzzle is freed here, by the reading thread
 * that allocated it: allocation and release then stay in one thread
 * (measured: freeing in the workers made the -j2 run wait on the
 * allocator's lock). */
static int input_next(input *in, cli_item *item)
{
    nonet_puzzle_free(item->puzzle);
    item->puzzle = NULL;
    item->out.len = item->err.len = 0;
    item->exit_status = EXIT_UNIQUE;
    item->seq = in->seq++;
    for (;;) {
        if (!in->reader) {
            int r = input_open(in, item);
            if (r < 0) return 0;
            if (r == 0) return 1;
        }
        nonet_status st = nonet_reader_next(in->reader, &item->puzzle, &item->error);
        if (st == NONET_OK) return 1;
        if (st != NONET_END) {
            if (nonet_status_is_fatal(st)) input_close(in);
            return 1;
        }
        input_close(in);
    }
}

/* ------------------------------------------------------------------ */
/* Output                                                               */
/* ------------------------------------------------------------------ */

typedef struct output {
    const cli_pipeline *p;
    int exit_status;    /* worst so far */
    int failed;         /* a write to stdout failed */
    unsigned long long written;   /* items written (--progress) */
    double shown;       /* when the progress line was last drawn; 0 = not drawn */
} output;

/* Redraws the progress line on standard error, at most 5 times a second. */
static void show_progress(output *o)
{
    if (!o->p->progress || (o->written & 255)) return;
    double now = cli_clock();
    if (now - o->shown < 0.2) return;
    o->shown = now;
    fprintf(stderr, "\rnonet: %llu puzzles", o->written);
}

/* Ends the progress line with the final count. */
static void end_progress(output *o)
{
    if (o->p->progress) fprintf(stderr, "\rnonet: %llu puzzles\n", o->written);
}

static void output_item(output *o, cli_item *item)
{
    if (o->p->ordered) o->p->ordered(o->p->ctx, item);
    o->written++;
    if (item->err.len) {
        fflush(stdout);
        if (o->shown > 0) fputc('\n', stderr);   /* below the progress line */
        o->shown = 0;
        fwrite(item->err.s, 1, item->err.len, stderr);
    }
    if (item->out.len && !o->failed && fwrite(item->out.s, 1, item->out.len, stdout) != item->out.len)
        o->failed = errno ? errno : EIO;
    if (!o->failed && item->err.len && ferror(stdout)) o->failed = errno ? errno : EIO;
    if (item->exit_status > o->exit_status) o->exit_status = item->exit_status;
    show_progress(o);
}

/* A closed pipe (the reader went away, as in `nonet solve | head -1`) is
 * not an error worth a message: nonet just stops. */
static int output_finish(output *o)
{
    end_progress(o);
    if (fflush(stdout) != 0 && !o->failed) o->failed = errno ? errno : EIO;
    if (o->failed == EPIPE) return EXIT_SYSTEM;
    if (o->failed) {
        fprintf(stderr, "nonet: cannot write the output: %s\n", strerror(o->failed));
        return EXIT_SYSTEM;
    }
    return o->exit_status;
}

/* Processes an item whose reading failed, or hands it to the command. */
static void process(const cli_pipeline *p, void *state, cli_item *item)
{
    if (!item->puzzle) {
        cli_put_error(&item->err, &item->error);
        item->exit_status = item->error.code == NONET_ERR_NOMEM ? EXIT_SYSTEM : EXIT_BAD_INPUT;
        if (p->read_failed) p->read_failed(p->ctx);
        return;
    }
    p->work(p->ctx, state, item);
}

static void free_item(cli_item *item)
{
    nonet_puzzle_free(item->puzzle);
    free(item->out.s);
    free(item->err.s);
}

/* ------------------------------------------------------------------ */
/* Single-threaded run                                                  */
/* ------------------------------------------------------------------ */

static int run_serial(const cli_pipeline *p, input *in)
{
    output o = {p, 0, 0, 0, 0};
    cli_item item;
    memset(&item, 0, sizeof item);
    void *state = p->make_state ? p->make_state(p->ctx) : NULL;
    while (!o.failed && input_next(in, &item)) {
        process(p, state, &item);
        output_item(&o, &item);
    }
    if (p->free_state) p->free_state(state);
    free_item(&item);
    if (p->finish) p->finish(p->ctx);
    return output_finish(&o);
}

/* ------------------------------------------------------------------ */
/* Threaded run                                                         */
/* ------------------------------------------------------------------ */

enum { SLOT_FREE, SLOT_FILLED, SLOT_DONE };

typedef struct slot {
    int state;
    int count;                 /* items used */
    cli_item items[BATCH];
} slot;

typedef struct shared {
    const cli_pipeline *p;
    pthread_mutex_t lock;
    pthread_cond_t can_take;   /* workers wait here: a batch was filled, or reading ended */
    pthread_cond_t can_write;  /* the writer waits here: a batch is done, or reading ended */
    pthread_cond_t can_fill;   /* the reader waits here: a slot was freed */
    slot *slots;
    long nslots;
    long filled;          /* batches filled so far */
    long taken;           /* batches taken by workers */
    int reading_done;     /* no batch will be filled any more */
    int output_failed;    /* the writer cannot write: stop reading */
    output out;
} shared;

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
        pthread_cond_signal(&sh->can_write);
    }
    pthread_mutex_unlock(&sh->lock);
    if (sh->p->free_state) sh->p->free_state(state);
    return NULL;
}

static void *writer_main(void *arg)
{
    shared *sh = arg;
    for (long seq = 0;; seq++) {
        slot *s = &sh->slots[seq % sh->nslots];
        pthread_mutex_lock(&sh->lock);
        while (!(seq < sh->filled && s->state == SLOT_DONE) &&
               !(sh->reading_done && seq >= sh->filled))
            pthread_cond_wait(&sh->can_write, &sh->lock);
        int finished = seq >= sh->filled;
        pthread_mutex_unlock(&sh->lock);
        if (finished) break;
        for (int i = 0; i < s->count; i++) output_item(&sh->out, &s->items[i]);
        pthread_mutex_lock(&sh->lock);
        s->state = SLOT_FREE;
        if (sh->out.failed) sh->output_failed = 1;
        pthread_cond_signal(&sh->can_fill);
        pthread_mutex_unlock(&sh->lock);
    }
    return NULL;
}

/* Marks the reading over and wakes the workers and the writer, which both
 * wait for it. Called with the lock held. */
static void end_reading(shared *sh)
{
    sh->reading_done = 1;
    pthread_cond_broadcast(&sh->can_take);
    pthread_cond_broadcast(&sh->can_write);
}

/* Reads batches into free slots until the input ends. */
static void read_batches(shared *sh, input *in)
{
    for (int more = 1; more;) {
        slot *s = &sh->slots[sh->filled % sh->nslots];
        pthread_mutex_lock(&sh->lock);
        while (s->state != SLOT_FREE) pthread_cond_wait(&sh->can_fill, &sh->lock);
        if (sh->output_failed) {
            end_reading(sh);
            pthread_mutex_unlock(&sh->lock);
            break;
        }
        pthread_mutex_unlock(&sh->lock);
        s->count = 0;
        while (s->count < BATCH && (more = input_next(in, &s->items[s->count])) != 0) s->count++;
        pthread_mutex_lock(&sh->lock);
        if (s->count) {
            s->state = SLOT_FILLED;
            sh->filled++;
        }
        if (s->count) pthread_cond_signal(&sh->can_take);
        if (!more) end_reading(sh);
        pthread_mutex_unlock(&sh->lock);
    }
}

static int run_threaded(const cli_pipeline *p, input *in)
{
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.p = p;
    sh.out.p = p;
    sh.nslots = 4L * p->jobs;
    sh.slots = calloc((size_t)sh.nslots, sizeof *sh.slots);
    pthread_t *workers = calloc((size_t)p->jobs, sizeof *workers);
    pthread_t writer;
    if (!sh.slots || !workers) {
        free(sh.slots);
        free(workers);
        fprintf(stderr, "nonet: out of memory\n");
        return EXIT_SYSTEM;
    }
    pthread_mutex_init(&sh.lock, NULL);
    pthread_cond_init(&sh.can_take, NULL);
    pthread_cond_init(&sh.can_write, NULL);
    pthread_cond_init(&sh.can_fill, NULL);
    int started = 0;
    for (; started < p->jobs; started++)
        if (pthread_create(&workers[started], NULL, worker_main, &sh)) break;
    int writer_ok = pthread_create(&writer, NULL, writer_main, &sh) == 0;
    if (!started || !writer_ok) {
        fprintf(stderr, "nonet: cannot start threads\n");
        exit(EXIT_SYSTEM);
    }
    read_batches(&sh, in);
    for (int i = 0; i < started; i++) pthread_join(workers[i], NULL);
    pthread_join(writer, NULL);
    for (long i = 0; i < sh.nslots; i++)
        for (int k = 0; k < BATCH; k++) free_item(&sh.slots[i].items[k]);
    free(sh.slots);
    free(workers);
    pthread_cond_destroy(&sh.can_take);
    pthread_cond_destroy(&sh.can_write);
    pthread_cond_destroy(&sh.can_fill);
    pthread_mutex_destroy(&sh.lock);
    if (p->finish) p->finish(p->ctx);
    return output_finish(&sh.out);
}

int cli_pipeline_run(const cli_pipeline *p, char **files, int nfiles)
{
    static char dash[] = "-";
    static char *just_stdin[] = {dash};
    input in;
    memset(&in, 0, sizeof in);
    in.p = p;
    in.files = nfiles > 0 ? files : just_stdin;
    in.nfiles = nfiles > 0 ? nfiles : 1;
    int status = p->jobs > 1 ? run_threaded(p, &in) : run_serial(p, &in);
    input_close(&in);
    return status;
}
