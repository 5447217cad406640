/*
 * _nonet.c - the CPython extension `nonet._nonet`: a thin skin over nonet.h.
 *
 * It converts buffers and calls the library, nothing else: every answer,
 * error message and JSON field is the library's. A batch crosses the
 * boundary once: puzzles come in as a C-contiguous uint8 array [N, cells]
 * (read in place) or a sequence of strings (each parsed by
 * nonet_puzzle_from_string), results go out as numpy arrays filled by the
 * workers of _batch.c, item i writing only row i. Per-item failures
 * (malformed, contradictory, unsolvable) become a status code and a message;
 * usage errors raise nonet.Error with the library's message.
 *
 * The Python layer (nonet/__init__.py) names the status codes, checks and
 * casts arrays, and documents everything; this file trusts it for types.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include "_batch.h"

#include <nonet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* Errors and status codes                                                   */
/* ------------------------------------------------------------------------- */

/* Item status codes; nonet/__init__.py holds their names in this order. */
enum {
    ST_OK = 0,        /* done (canon, shuffle, generate; rate: rated, unique) */
    ST_UNIQUE = 1,    /* one solution */
    ST_SEVERAL = 2,   /* more than one */
    ST_NONE = 3,      /* no solution */
    ST_GAVE_UP = 4,   /* max_nodes, or the batch was stopped */
    ST_INVALID = 5,   /* the givens break a rule */
    ST_MALFORMED = 6, /* not a puzzle of the shape (syntax, size, digit out of range) */
    ST_STUCK = 7,     /* rate/explain: no technique applies */
    ST_ERROR = 8      /* anything else the library reported */
};

static PyObject *nonet_Error; /* nonet.Error */

/* Raises nonet.Error with the library's message; returns NULL. */
static PyObject *raise_error(const nonet_error *err)
{
    PyObject *exc = PyObject_CallFunction(nonet_Error, "s", err->message);
    if (!exc) return NULL;
    PyObject *code = PyUnicode_FromString(nonet_status_name(err->code));
    if (code) PyObject_SetAttrString(exc, "status", code);
    Py_XDECREF(code);
    PyErr_SetObject(nonet_Error, exc);
    Py_DECREF(exc);
    return NULL;
}

/* Raises nonet.Error with a message of ours (usage the library never sees). */
static PyObject *raise_usage(const char *what, const char *value)
{
    PyErr_Format(nonet_Error, "%s '%s'", what, value);
    return NULL;
}

/* The item status of a library error code. */
static int status_of(nonet_status code)
{
    switch (code) {
    case NONET_ERR_RULE: return ST_INVALID;
    case NONET_ERR_SYNTAX:
    case NONET_ERR_SHAPE:
    case NONET_ERR_ARG: return ST_MALFORMED;
    case NONET_ERR_LIMIT: return ST_GAVE_UP;
    default: return ST_ERROR;
    }
}

/* Records item i's failure: its status and the library's message. Returns
 * -1 (stop the batch) only when memory ran out. */
static int fail(py_worker *w, signed char *status, long long i, const nonet_error *err)
{
    status[i] = (signed char)status_of(err->code);
    py_worker_note(w, i, err->message);
    return err->code == NONET_ERR_NOMEM ? -1 : 0;
}

/* ------------------------------------------------------------------------- */
/* Shape: a Python type holding one nonet_shape reference                    */
/* ------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD nonet_shape *shape;
} ShapeObject;

static PyTypeObject ShapeType;

/* Copies a sequence of ints into a new int array of exactly `count`
 * items; NULL with an exception set. */
static int *int_array(PyObject *seq, Py_ssize_t count, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(nonet_Error, "%s: %zd values, expected %zd", what,
                     PySequence_Fast_GET_SIZE(fast), count);
        Py_DECREF(fast);
        return NULL;
    }
    int *out = malloc((size_t)(count ? count : 1) * sizeof *out);
    if (!out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) {
            free(out);
            Py_DECREF(fast);
            return NULL;
        }
        out[k] = (int)v;
    }
    Py_DECREF(fast);
    return out;
}

/* Shape(size, box_rows=0, box_cols=0, regions=None, variants=0, groups=None):
 * regions N*N ints, groups a flat sequence of group_count*N cells. */
static PyObject *Shape_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"size", "box_rows", "box_cols", "regions", "variants", "groups", NULL};
    int size, box_rows = 0, box_cols = 0;
    unsigned variants = 0;
    PyObject *regions = Py_None, *groups = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|iiOIO", names, &size, &box_rows, &box_cols,
                                     &regions, &variants, &groups))
        return NULL;
    nonet_shape_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.size = size;
    spec.box_rows = box_rows;
    spec.box_cols = box_cols;
    spec.variants = variants;
    int *reg = NULL, *grp = NULL;
    if (size < NONET_MIN_SIZE || size > NONET_MAX_SIZE) {
        PyErr_Format(nonet_Error, "size %d is out of range (%d..%d)", size, NONET_MIN_SIZE,
                     NONET_MAX_SIZE);
        return NULL;
    }
    if (regions != Py_None && !(reg = int_array(regions, (Py_ssize_t)size * size, "regions")))
        return NULL;
    if (groups != Py_None) {
        Py_ssize_t len = PySequence_Size(groups);
        if (len < 0 || len % size) {
            free(reg);
            if (!PyErr_Occurred())
                PyErr_Format(nonet_Error, "groups: %zd cells is not a multiple of %d", len, size);
            return NULL;
        }
        if (!(grp = int_array(groups, len, "groups"))) {
            free(reg);
            return NULL;
        }
        spec.group_count = (int)(len / size);
    }
    spec.regions = reg;
    spec.groups = grp;
    nonet_error err;
    nonet_shape *shape = nonet_shape_new(&spec, &err);
    free(reg);
    free(grp);
    if (!shape) return raise_error(&err);
    ShapeObject *self = (ShapeObject *)type->tp_alloc(type, 0);
    if (!self) {
        nonet_shape_free(shape);
        return NULL;
    }
    self->shape = shape;
    return (PyObject *)self;
}

static void Shape_dealloc(ShapeObject *self)
{
    nonet_shape_free(self->shape);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Shape_get_size(ShapeObject *s, void *c)
{
    (void)c;
    return PyLong_FromLong(nonet_shape_size(s->shape));
}
static PyObject *Shape_get_cells(ShapeObject *s, void *c)
{
    (void)c;
    return PyLong_FromLong(nonet_shape_cells(s->shape));
}
static PyObject *Shape_get_box(ShapeObject *s, void *c)
{
    (void)c;
    if (!nonet_shape_box_rows(s->shape)) Py_RETURN_NONE;
    return Py_BuildValue("(ii)", nonet_shape_box_rows(s->shape), nonet_shape_box_cols(s->shape));
}
static PyObject *Shape_get_variant_bits(ShapeObject *s, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(nonet_shape_variants(s->shape));
}
static PyObject *Shape_get_is_classic9(ShapeObject *s, void *c)
{
    (void)c;
    return PyBool_FromLong(nonet_shape_is_classic9(s->shape));
}
/* The region id of every cell, as a list. */
static PyObject *Shape_get_region_ids(ShapeObject *s, void *c)
{
    (void)c;
    int cells = nonet_shape_cells(s->shape);
    PyObject *list = PyList_New(cells);
    for (int k = 0; list && k < cells; k++) {
        PyObject *v = PyLong_FromLong(nonet_shape_region(s->shape, k));
        if (!v) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}
/* Every house as (kind, number, cells). */
static PyObject *Shape_get_houses(ShapeObject *s, void *c)
{
    (void)c;
    static const char *kinds[] = {"row",      "column", "box",      "region",
                                  "diagonal", "hyper",  "disjoint", "group"};
    int count = nonet_shape_house_count(s->shape), n = nonet_shape_size(s->shape);
    PyObject *list = PyList_New(count);
    for (int h = 0; list && h < count; h++) {
        const int *cells = nonet_shape_house_cells(s->shape, h);
        PyObject *cl = PyTuple_New(n);
        for (int k = 0; cl && k < n; k++) PyTuple_SET_ITEM(cl, k, PyLong_FromLong(cells[k]));
        int kind = nonet_shape_house_kind(s->shape, h);
        PyObject *t = cl ? Py_BuildValue("(siN)", kind >= 0 && kind < 8 ? kinds[kind] : "?",
                                         nonet_shape_house_number(s->shape, h), cl)
                         : NULL;
        if (!t) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, h, t);
    }
    return list;
}

static PyGetSetDef Shape_getset[] = {
    {"size", (getter)Shape_get_size, NULL, "side N", NULL},
    {"cells", (getter)Shape_get_cells, NULL, "N*N", NULL},
    {"box", (getter)Shape_get_box, NULL, "(rows, cols) of a box, None for a jigsaw", NULL},
    {"variant_bits", (getter)Shape_get_variant_bits, NULL, "NONET_VARIANT_* bits", NULL},
    {"is_classic9", (getter)Shape_get_is_classic9, NULL, "the classic 9x9 and no other rule", NULL},
    {"region_ids", (getter)Shape_get_region_ids, NULL, "box or region of every cell", NULL},
    {"houses", (getter)Shape_get_houses, NULL, "every house as (kind, number, cells)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject ShapeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.Shape",
    .tp_basicsize = sizeof(ShapeObject),
    .tp_dealloc = (destructor)Shape_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Shape(size, box_rows=0, box_cols=0, regions=None, variants=0, groups=None): "
              "an immutable nonet_shape",
    .tp_getset = Shape_getset,
    .tp_new = Shape_new,
};

/* Borrows the nonet_shape of a Shape; NULL with TypeError. */
static const nonet_shape *shape_of(PyObject *o)
{
    if (!PyObject_TypeCheck(o, &ShapeType)) {
        PyErr_SetString(PyExc_TypeError, "shape must be a nonet.Shape");
        return NULL;
    }
    return ((ShapeObject *)o)->shape;
}

/* ------------------------------------------------------------------------- */
/* Batches in: an array read in place, or strings parsed by the library      */
/* ------------------------------------------------------------------------- */

typedef struct py_input {
    const nonet_shape *shape;
    int side, cells;
    long long count;
    PyArrayObject *array;      /* uint8 [count, cells], C-contiguous; or NULL */
    const unsigned char *data; /* its first byte */
    PyObject *strings;         /* a tuple of str/bytes; or NULL */
    const char **text;         /* each string's UTF-8 bytes (borrowed from the tuple) */
    Py_ssize_t *len;
} py_input;

static void input_free(py_input *in)
{
    Py_XDECREF(in->array);
    Py_XDECREF(in->strings);
    free(in->text);
    free(in->len);
    memset(in, 0, sizeof *in);
}

/* Reads a batch of strings: pointers into the tuple's own UTF-8. */
static int input_strings(py_input *in, PyObject *obj)
{
    if (!(in->strings = PySequence_Tuple(obj))) return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(in->strings);
    in->count = n;
    in->text = calloc((size_t)(n ? n : 1), sizeof *in->text);
    in->len = calloc((size_t)(n ? n : 1), sizeof *in->len);
    if (!in->text || !in->len) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *s = PyTuple_GET_ITEM(in->strings, i);
        if (PyUnicode_Check(s)) {
            if (!(in->text[i] = PyUnicode_AsUTF8AndSize(s, &in->len[i]))) return -1;
        } else if (PyBytes_Check(s)) {
            char *b;
            if (PyBytes_AsStringAndSize(s, &b, &in->len[i]) < 0) return -1;
            in->text[i] = b;
        } else {
            PyErr_Format(PyExc_TypeError, "puzzle %zd is a %s, not a str or bytes", i,
                         Py_TYPE(s)->tp_name);
            return -1;
        }
    }
    return 0;
}

/* Loads `obj` (uint8 array [N, cells] or a sequence of strings) for `shape`. */
static int input_load(py_input *in, PyObject *shape_obj, PyObject *obj)
{
    memset(in, 0, sizeof *in);
    if (!(in->shape = shape_of(shape_obj))) return -1;
    in->side = nonet_shape_size(in->shape);
    in->cells = nonet_shape_cells(in->shape);
    if (!PyArray_Check(obj)) return input_strings(in, obj);
    in->array = (PyArrayObject *)PyArray_FROMANY(obj, NPY_UINT8, 2, 2,
                                                 NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED);
    if (!in->array) return -1;
    if (PyArray_DIM(in->array, 1) != in->cells) {
        PyErr_Format(nonet_Error, "the puzzles have %zd cells, the shape %d",
                     (Py_ssize_t)PyArray_DIM(in->array, 1), in->cells);
        return -1;
    }
    in->count = PyArray_DIM(in->array, 0);
    in->data = PyArray_DATA(in->array);
    return 0;
}

/* The givens of item i: its row of the array, read in place, or its string
 * parsed by the library into buf (room for NONET_MAX_CELLS). No shape and
 * no puzzle is made. NULL with err set for a malformed string. */
static const unsigned char *item_cells(const py_input *in, long long i, unsigned char *buf,
                                       nonet_error *err)
{
    if (in->data) return in->data + (size_t)i * in->cells;
    if (nonet_cells_from_string(in->shape, in->text[i], (size_t)in->len[i], buf, err) != NONET_OK)
        return NULL;
    return buf;
}

/* Returns a new puzzle for item i, or NULL with err set. */
static nonet_puzzle *make_puzzle(const py_input *in, long long i, nonet_error *err)
{
    unsigned char buf[NONET_MAX_CELLS];
    const unsigned char *cells = item_cells(in, i, buf, err);
    return cells ? nonet_puzzle_new(in->shape, cells, NULL, err) : NULL;
}

/* ------------------------------------------------------------------------- */
/* Arrays out                                                                */
/* ------------------------------------------------------------------------- */

/* A new zeroed array of type `type`, 1-D [n] or 2-D [n, width]. */
static PyArrayObject *new_array(long long n, long long width, int type)
{
    npy_intp dims[2] = {(npy_intp)n, (npy_intp)width};
    return (PyArrayObject *)PyArray_ZEROS(width ? 2 : 1, dims, type, 0);
}

#define DATA(a, T) ((T *)PyArray_DATA(a))

/* Runs the batch on `jobs` threads; returns the messages dict or NULL. */
static PyObject *run(long long n, int jobs, int chunk, py_item_fn fn, void *ctx)
{
    py_batch b;
    memset(&b, 0, sizeof b);
    b.n = n;
    b.jobs = jobs < 1 ? 1 : jobs;
    if (b.jobs > 1024) b.jobs = 1024;
    if ((long long)b.jobs > n) b.jobs = n > 0 ? (int)n : 1;
    b.chunk = chunk;
    b.fn = fn;
    b.ctx = ctx;
    void *messages = NULL;
    if (py_batch_run(&b, &messages) < 0) return NULL;
    return messages;
}

/* ------------------------------------------------------------------------- */
/* solve, count, check                                                       */
/* ------------------------------------------------------------------------- */

typedef struct solve_ctx {
    py_input in;
    nonet_options opt;
    int minimal;              /* check: also test minimality */
    unsigned char *solutions; /* [n, cells] or NULL */
    signed char *status;
    unsigned long long *count, *nodes, *guesses;
    signed char *complete;   /* 1: count is exact */
    signed char *is_minimal; /* check: 1, 0, -1 unknown */
    int *removable;          /* check: a given that can go, -1 */
} solve_ctx;

/* The first given of p whose removal keeps one solution: its cell, -1 when
 * p is minimal, -2 when a search gave up, -3 on another failure (memory):
 * the library's test (nonet_solver_removable_given). */
static int removable_given(nonet_solver *s, const nonet_options *opt, const nonet_puzzle *p)
{
    int cell;
    nonet_status st = nonet_solver_removable_given(s, p, opt, &cell, NULL, NULL);
    return st == NONET_OK ? cell : st == NONET_ERR_LIMIT ? -2 : -3;
}

/* Solves item i straight from its cells (nonet_solver_run_cells: no puzzle
 * object, the solution written into its row of the output); a puzzle is
 * made only to name a clash (no solution) or to test minimality. */
static int solve_item(py_worker *w, void *vctx, long long i)
{
    solve_ctx *c = vctx;
    nonet_error err;
    unsigned char buf[NONET_MAX_CELLS];
    const unsigned char *cells = item_cells(&c->in, i, buf, &err);
    if (!cells) return fail(w, c->status, i, &err);
    if (!w->solver && !(w->solver = nonet_solver_new())) return -1;
    nonet_options opt = c->opt;
    opt.progress = py_batch_stopped;
    opt.progress_ctx = w->batch;
    nonet_result res;
    unsigned char *sol = c->solutions ? c->solutions + (size_t)i * c->in.cells : NULL;
    nonet_status st = nonet_solver_run_cells(w->solver, c->in.shape, cells, &opt, sol, &res, &err);
    if (st != NONET_OK && st != NONET_ERR_LIMIT) return fail(w, c->status, i, &err);
    nonet_puzzle *p = NULL;
    int rc = 0;
    if ((res.solutions == 0 && st == NONET_OK) || (c->is_minimal && res.solutions == 1)) {
        if (!(p = nonet_puzzle_new(c->in.shape, cells, NULL, &err)))
            return fail(w, c->status, i, &err);
    }
    /* givens that break a rule give no solution: only then is the check run,
     * to tell "invalid" (with the clash) from "none" */
    if (res.solutions == 0 && st == NONET_OK && nonet_puzzle_check(p, &err) != NONET_OK) {
        rc = fail(w, c->status, i, &err);
        goto done;
    }
    if (c->count) c->count[i] = res.solutions;
    if (c->nodes) c->nodes[i] = res.nodes;
    if (c->guesses) c->guesses[i] = res.guesses;
    if (c->complete) c->complete[i] = (signed char)res.complete;
    c->status[i] = (signed char)(st == NONET_ERR_LIMIT ? ST_GAVE_UP
                                 : res.solutions == 0  ? ST_NONE
                                 : res.solutions == 1  ? ST_UNIQUE
                                                       : ST_SEVERAL);
    if (c->is_minimal) {
        int g = c->minimal && c->status[i] == ST_UNIQUE ? removable_given(w->solver, &opt, p) : -4;
        if (g == -3) rc = -1;
        c->is_minimal[i] = (signed char)(g == -1 ? 1 : g >= 0 ? 0 : -1);
        c->removable[i] = g >= 0 ? g : -1;
    }
done:
    if (p) nonet_puzzle_free(p);
    return rc;
}

/* Parses the engine and SIMD names into opt; -1 with nonet.Error. */
static int engine_options(nonet_options *opt, const char *engine, const char *simd)
{
    int e = nonet_engine_from_name(engine);
    if (e < 0) return raise_usage("unknown engine", engine), -1;
    int s = nonet_simd_from_name(simd);
    if (s < 0) return raise_usage("unknown SIMD level", simd), -1;
    opt->engine = (nonet_engine)e;
    opt->simd = (nonet_simd)s;
    return 0;
}

/* solve(shape, puzzles, engine, simd, limit, max_nodes, jobs, solutions, minimal, mode)
 * mode 0 solve: (solutions|None, status, count, nodes, guesses, complete, messages)
 * mode 1 check: (status, is_minimal, removable, messages) */
static PyObject *py_solve(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *puzzles;
    const char *engine, *simd;
    unsigned long long limit, max_nodes;
    int jobs, want_solutions, minimal, mode;
    if (!PyArg_ParseTuple(args, "OOssKKipii", &shape, &puzzles, &engine, &simd, &limit, &max_nodes,
                          &jobs, &want_solutions, &minimal, &mode))
        return NULL;
    solve_ctx c;
    memset(&c, 0, sizeof c);
    nonet_options_init(&c.opt);
    if (engine_options(&c.opt, engine, simd) < 0) return NULL;
    c.opt.limit = limit;
    c.opt.max_nodes = max_nodes;
    c.minimal = minimal;
    if (input_load(&c.in, shape, puzzles) < 0) {
        input_free(&c.in);
        return NULL;
    }
    long long n = c.in.count;
    PyArrayObject *sol = want_solutions ? new_array(n, c.in.cells, NPY_UINT8) : NULL;
    PyArrayObject *status = new_array(n, 0, NPY_INT8), *count = new_array(n, 0, NPY_UINT64);
    PyArrayObject *nodes = new_array(n, 0, NPY_UINT64), *guesses = new_array(n, 0, NPY_UINT64);
    PyArrayObject *complete = new_array(n, 0, NPY_INT8), *ismin = new_array(n, 0, NPY_INT8);
    PyArrayObject *removable = new_array(n, 0, NPY_INT32);
    PyObject *messages = NULL, *out = NULL;
    if ((want_solutions && !sol) || !status || !count || !nodes || !guesses || !complete ||
        !ismin || !removable)
        goto done;
    c.solutions = sol ? DATA(sol, unsigned char) : NULL;
    c.status = DATA(status, signed char);
    c.count = DATA(count, unsigned long long);
    c.nodes = DATA(nodes, unsigned long long);
    c.guesses = DATA(guesses, unsigned long long);
    c.complete = DATA(complete, signed char);
    if (mode == 1) {
        c.is_minimal = DATA(ismin, signed char);
        c.removable = DATA(removable, int);
    }
    if (!(messages = run(n, jobs, 16, solve_item, &c))) goto done;
    if (mode == 1) out = Py_BuildValue("(OOOO)", status, ismin, removable, messages);
    else
        out = Py_BuildValue("(OOOOOOO)", sol ? (PyObject *)sol : Py_None, status, count, nodes,
                            guesses, complete, messages);
done:
    Py_XDECREF(sol), Py_XDECREF(status), Py_XDECREF(count), Py_XDECREF(nodes);
    Py_XDECREF(guesses), Py_XDECREF(complete), Py_XDECREF(ismin), Py_XDECREF(removable);
    Py_XDECREF(messages);
    input_free(&c.in);
    return out;
}

/* ------------------------------------------------------------------------- */
/* rate, explain, hint                                                       */
/* ------------------------------------------------------------------------- */

typedef struct human_ctx {
    py_input in;
    long long start;            /* index of item 0 in the whole input (the "index" field) */
    int mode;                   /* 0 rate, 1 explain, 2 hint */
    int level;                  /* hint: 1..3 */
    const unsigned char *extra; /* explain/hint: extra techniques to enable, or NULL */
    double *er, *ep, *ed;
    int *steps;
    short *hardest;
    signed char *status;
    char **text; /* explain/hint: JSON lines of item i (malloc'd) */
} human_ctx;

/* A growable text buffer for one item's JSON lines. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
    int nomem;
} text_buf;

static void text_put(text_buf *t, const char *s, size_t n)
{
    if (t->nomem) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (cap < t->len + n + 1) cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) {
            t->nomem = 1;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

/* Opens a record as `nonet explain/hint -o json` does: {"index":N, then
 * "puzzle" (the givens in the line format) when p is given. */
static void put_head(text_buf *t, long index, const nonet_puzzle *p)
{
    char num[40], small[1024];
    snprintf(num, sizeof num, "{\"index\":%ld", index);
    text_put(t, num, strlen(num));
    if (!p) return;
    size_t need = nonet_write_puzzle(small, sizeof small, NONET_FORMAT_LINE, p);
    char *text = small;
    if (need >= sizeof small) {
        if (!(text = malloc(need + 1))) {
            t->nomem = 1;
            return;
        }
        nonet_write_puzzle(text, need + 1, NONET_FORMAT_LINE, p);
    }
    while (need && text[need - 1] == '\n') need--;
    text_put(t, ",\"puzzle\":\"", 11);
    text_put(t, text, need);
    text_put(t, "\"", 1);
    if (text != small) free(text);
}

/* Appends a step's fields (nonet_write_step's JSON) to the record opened
 * by put_head, and closes it. */
static void put_step(text_buf *t, const nonet_shape *shape, int level, const nonet_step *st)
{
    char small[2048];
    size_t need = nonet_write_step(small, sizeof small, NONET_FORMAT_JSON, level, shape, st);
    char *text = small;
    if (need >= sizeof small) {
        if (!(text = malloc(need + 1))) {
            t->nomem = 1;
            return;
        }
        nonet_write_step(text, need + 1, NONET_FORMAT_JSON, level, shape, st);
    }
    text_put(t, ",", 1);
    text_put(t, text + 1, need - 1);
    if (text != small) free(text);
}

/* Sets the explainer to item i's puzzle: 0 ready, 1 the item is answered
 * (status set), -1 out of memory. *solutions receives the count (0, 1, 2). */
static int human_load(py_worker *w, human_ctx *c, long long i, const nonet_puzzle *p,
                      int *solutions)
{
    nonet_error err;
    if (!w->explainer && !(w->explainer = nonet_explainer_new(NULL, NULL))) return -1;
    if (nonet_explainer_reset(w->explainer, p, &err) != NONET_OK)
        return fail(w, c->status, i, &err) < 0 ? -1 : 1;
    for (int t = 0; c->extra && t < nonet_technique_count(); t++)
        nonet_explainer_enable(w->explainer, t, c->extra[t]);
    nonet_explainer_set_progress(w->explainer, py_batch_stopped, w->batch);
    int n = nonet_explainer_solutions(w->explainer);
    *solutions = n;
    if (n < 0) c->status[i] = ST_GAVE_UP;
    else if (n == 0) {
        c->status[i] = ST_NONE;
        py_worker_note(w, i, "the puzzle has no solution");
    } else if (n > 1) {
        /* as `nonet rate/explain/hint` answer it: at once, not rated (the
         * chains can look for ever for a contradiction that does not exist) */
        c->status[i] = ST_SEVERAL;
        py_worker_note(w, i, "the puzzle has several solutions");
    } else return 0;
    return 1;
}

static int rate_item(py_worker *w, human_ctx *c, long long i, int solutions)
{
    nonet_rating r;
    nonet_error err;
    nonet_status s = nonet_explainer_rate(w->explainer, &r, &err);
    if (s == NONET_ERR_LIMIT) {
        c->status[i] = ST_GAVE_UP;
        return 0;
    }
    if (s != NONET_OK) return fail(w, c->status, i, &err);
    c->er[i] = r.er, c->ep[i] = r.ep, c->ed[i] = r.ed;
    c->steps[i] = r.steps;
    c->hardest[i] = (short)r.hardest;
    (void)solutions; /* 1: human_load answered the others */
    c->status[i] = (signed char)(!r.finished ? ST_STUCK : ST_OK);
    return 0;
}

/* The JSON lines of `nonet explain -o json` (hint's for mode 2) for this
 * puzzle, p. */
static int explain_item(py_worker *w, human_ctx *c, long long i, const nonet_puzzle *p, text_buf *t)
{
    const nonet_shape *shape = nonet_explainer_shape(w->explainer);
    long index = (long)(c->start + i + 1);
    int steps = 0;
    double hardest = 0;
    nonet_step st;
    nonet_error err;
    char line[160];
    for (;;) {
        if (atomic_load(&w->batch->stop)) {
            c->status[i] = ST_GAVE_UP;
            return 0;
        }
        nonet_status s = nonet_explainer_next(w->explainer, &st, &err);
        if (s == NONET_END) break;
        if (s == NONET_ERR_LIMIT) continue; /* stopped: seen above */
        if (s != NONET_OK) return fail(w, c->status, i, &err);
        if (c->mode == 2) {
            put_head(t, index, p);
            text_put(t, ",\"status\":\"step\"", 16);
        } else {
            put_head(t, index, NULL);
            snprintf(line, sizeof line, ",\"step\":%d", ++steps);
            text_put(t, line, strlen(line));
        }
        put_step(t, shape, c->mode == 2 ? c->level : 3, &st);
        if (st.rating > hardest) hardest = st.rating;
        if (c->mode == 2) return 0;
        nonet_explainer_apply(w->explainer, &st, NULL);
    }
    int solved = nonet_explainer_empty_cells(w->explainer) == 0;
    c->status[i] = (signed char)(solved ? ST_OK : ST_STUCK);
    put_head(t, index, p);
    if (c->mode == 2) /* hint on a solved or stuck grid */
        snprintf(line, sizeof line, ",\"status\":\"%s\"}\n", solved ? "solved" : "stuck");
    else
        snprintf(line, sizeof line, ",\"status\":\"%s\",\"steps\":%d,\"hardest\":%.1f}\n",
                 solved ? "solved" : "stuck", steps, hardest);
    text_put(t, line, strlen(line));
    return 0;
}

static int human_item(py_worker *w, void *vctx, long long i)
{
    human_ctx *c = vctx;
    nonet_error err;
    nonet_puzzle *p = make_puzzle(&c->in, i, &err);
    if (!p) return fail(w, c->status, i, &err);
    int solutions = 0, rc = human_load(w, c, i, p, &solutions);
    text_buf t = {NULL, 0, 0, 0};
    if (rc == 1 && c->mode) { /* not explained: the CLI's closing line, its status word */
        int st = c->status[i];
        const char *word = st == ST_NONE      ? "no solution"
                           : st == ST_SEVERAL ? "several"
                           : st == ST_GAVE_UP ? "gave up"
                                              : "invalid";
        char line[160];
        put_head(&t, (long)(c->start + i + 1), p);
        if (c->mode == 2) snprintf(line, sizeof line, ",\"status\":\"%s\"}\n", word);
        else snprintf(line, sizeof line, ",\"status\":\"%s\",\"steps\":0,\"hardest\":0.0}\n", word);
        text_put(&t, line, strlen(line));
        if (t.nomem) rc = -1;
        c->text[i] = t.s;
    }
    if (rc == 0 && c->mode == 0) rc = rate_item(w, c, i, solutions);
    else if (rc == 0) {
        rc = explain_item(w, c, i, p, &t);
        if (t.nomem) rc = -1;
        c->text[i] = t.s;
    }
    nonet_puzzle_free(p);
    return rc < 0 ? -1 : 0;
}

/* rate(shape, puzzles, jobs) -> (er, ep, ed, steps, hardest, status, messages)
 * explain(shape, puzzles, jobs, mode, level, start, extra) -> (texts, status, messages) */
static PyObject *py_human(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *puzzles, *extra = Py_None;
    int jobs, mode = 0, level = 3;
    long long start = 0;
    if (!PyArg_ParseTuple(args, "OOi|iiLO", &shape, &puzzles, &jobs, &mode, &level, &start, &extra))
        return NULL;
    human_ctx c;
    memset(&c, 0, sizeof c);
    c.mode = mode;
    c.level = level;
    c.start = start;
    unsigned char extra_on[256] = {0};
    if (extra != Py_None) {
        PyObject *fast = PySequence_Fast(extra, "extra must be a sequence of technique ids");
        if (!fast) return NULL;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++) {
            const char *id = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(fast, k));
            int t = id ? nonet_technique_from_id(id) : -1;
            if (t < 0 || t >= 256) {
                Py_DECREF(fast);
                return id ? raise_usage("unknown technique", id) : NULL;
            }
            extra_on[t] = 1;
        }
        Py_DECREF(fast);
        for (int t = 0; t < nonet_technique_count() && t < 256; t++)
            if (!nonet_technique_is_extra(t)) extra_on[t] = 1; /* SE's stay on */
        c.extra = extra_on;
    }
    if (input_load(&c.in, shape, puzzles) < 0) {
        input_free(&c.in);
        return NULL;
    }
    long long n = c.in.count;
    PyArrayObject *er = new_array(n, 0, NPY_FLOAT64), *ep = new_array(n, 0, NPY_FLOAT64);
    PyArrayObject *ed = new_array(n, 0, NPY_FLOAT64), *steps = new_array(n, 0, NPY_INT32);
    PyArrayObject *hardest = new_array(n, 0, NPY_INT16), *status = new_array(n, 0, NPY_INT8);
    PyObject *messages = NULL, *out = NULL, *texts = NULL;
    if (!er || !ep || !ed || !steps || !hardest || !status) goto done;
    c.er = DATA(er, double), c.ep = DATA(ep, double), c.ed = DATA(ed, double);
    c.steps = DATA(steps, int);
    c.hardest = DATA(hardest, short);
    c.status = DATA(status, signed char);
    for (long long i = 0; i < n; i++) c.hardest[i] = -1;
    for (long long i = 0; i < n; i++) c.er[i] = c.ep[i] = c.ed[i] = Py_NAN;
    if (mode && !(c.text = calloc((size_t)(n ? n : 1), sizeof *c.text))) {
        PyErr_NoMemory();
        goto done;
    }
    messages = run(n, jobs, 1, human_item, &c);
    if (messages && mode) {
        texts = PyList_New((Py_ssize_t)n);
        for (long long i = 0; texts && i < n; i++) {
            PyObject *s = PyUnicode_FromString(c.text[i] ? c.text[i] : "");
            if (!s) Py_CLEAR(texts);
            else PyList_SET_ITEM(texts, (Py_ssize_t)i, s);
        }
        if (texts) out = Py_BuildValue("(OOO)", texts, status, messages);
    } else if (messages) {
        out = Py_BuildValue("(OOOOOOO)", er, ep, ed, steps, hardest, status, messages);
    }
done:
    if (c.text)
        for (long long i = 0; i < n; i++) free(c.text[i]);
    free(c.text);
    Py_XDECREF(er), Py_XDECREF(ep), Py_XDECREF(ed), Py_XDECREF(steps), Py_XDECREF(hardest);
    Py_XDECREF(status), Py_XDECREF(messages), Py_XDECREF(texts);
    input_free(&c.in);
    return out;
}

/* ------------------------------------------------------------------------- */
/* canon, shuffle, transform                                                 */
/* ------------------------------------------------------------------------- */

/* Where transformations go: item i's fields in four arrays. */
typedef struct transform_out {
    unsigned char *transpose; /* [n] */
    unsigned char *rows;      /* [n, side] */
    unsigned char *cols;      /* [n, side] */
    unsigned char *digits;    /* [n, side + 1] */
} transform_out;

static void put_transform(transform_out *o, long long i, int side, const nonet_transform *t)
{
    o->transpose[i] = (unsigned char)t->transpose;
    memcpy(o->rows + (size_t)i * side, t->rows, (size_t)side);
    memcpy(o->cols + (size_t)i * side, t->cols, (size_t)side);
    memcpy(o->digits + (size_t)i * (side + 1), t->digits, (size_t)side + 1);
}

static void get_transform(const transform_out *o, long long i, int side, nonet_transform *t)
{
    nonet_transform_identity(t, side);
    t->transpose = o->transpose[i];
    memcpy(t->rows, o->rows + (size_t)i * side, (size_t)side);
    memcpy(t->cols, o->cols + (size_t)i * side, (size_t)side);
    memcpy(t->digits, o->digits + (size_t)i * (side + 1), (size_t)side + 1);
}

typedef struct equiv_ctx {
    py_input in;
    int mode; /* 0 canon, 1 shuffle, 2 apply given transforms */
    nonet_canon_form form;
    uint64_t seed;
    long long start;           /* shuffle: index of item 0 in the whole input */
    int copies;                /* shuffle: copies of each puzzle */
    const unsigned char *also; /* shuffle/apply: a second array moved the same way, or NULL */
    unsigned char *also_out;
    unsigned char *out; /* [n * copies, cells] */
    unsigned long long *automorphisms;
    transform_out t;
    signed char *status;
} equiv_ctx;

static int equiv_item(py_worker *w, void *vctx, long long k)
{
    equiv_ctx *c = vctx;
    long long i = c->mode == 1 ? k / c->copies : k;
    size_t cells = (size_t)c->in.cells;
    nonet_error err;
    unsigned char buf[NONET_MAX_CELLS];
    const unsigned char *givens = item_cells(&c->in, i, buf, &err);
    /* canon takes a puzzle; shuffle and transform move the cells alone */
    nonet_puzzle *p =
        givens && c->mode == 0 ? nonet_puzzle_new(c->in.shape, givens, NULL, &err) : NULL;
    if (!givens || (c->mode == 0 && !p)) return fail(w, c->status, k, &err);
    nonet_transform t;
    nonet_status st = NONET_OK;
    unsigned char *out = c->out + (size_t)k * cells;
    if (c->mode == 0) {
        if (!w->canon && !(w->canon = nonet_canon_new())) st = NONET_ERR_NOMEM;
        else st = nonet_canon_puzzle(w->canon, p, c->form, out, &t, &c->automorphisms[k], &err);
    } else {
        if (c->mode == 1) {
            uint64_t base = nonet_seed_derive(c->seed, (uint64_t)(c->start + i) + 1);
            st = nonet_transform_random(
                c->in.shape, nonet_seed_derive(base, (uint64_t)(k % c->copies) + 1), &t, &err);
        } else {
            get_transform(&c->t, i, c->in.side, &t);
        }
        if (st == NONET_OK) st = nonet_transform_apply(&t, c->in.shape, givens, out, &err);
        if (st == NONET_OK && c->also)
            st = nonet_transform_apply(&t, c->in.shape, c->also + (size_t)i * cells,
                                       c->also_out + (size_t)k * cells, &err);
    }
    nonet_puzzle_free(p);
    if (st == NONET_ERR_NOMEM) return -1;
    if (st != NONET_OK) {
        memset(out, 0, cells);
        return fail(w, c->status, k, &err);
    }
    if (c->mode != 2) put_transform(&c->t, k, c->in.side, &t);
    c->status[k] = ST_OK;
    return 0;
}

/* Checks the `also` array: uint8 [n, cells]; NULL with an exception. */
static PyArrayObject *also_array(PyObject *also, long long n, int cells)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(also, NPY_UINT8, 2, 2,
                                                        NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED);
    if (a && (PyArray_DIM(a, 0) != n || PyArray_DIM(a, 1) != cells)) {
        PyErr_Format(nonet_Error, "also: shape (%zd, %zd), expected (%lld, %d)",
                     (Py_ssize_t)PyArray_DIM(a, 0), (Py_ssize_t)PyArray_DIM(a, 1), n, cells);
        Py_CLEAR(a);
    }
    return a;
}

/* equiv(shape, puzzles, mode, form, seed, start, copies, also, transforms, jobs)
 * -> (out, also_out|None, automorphisms, transpose, rows, cols, digits, status, messages) */
static PyObject *py_equiv(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape, *puzzles, *also = Py_None, *tr = Py_None;
    const char *form;
    unsigned long long seed;
    long long start;
    int mode, copies, jobs;
    if (!PyArg_ParseTuple(args, "OOisKLiOOi", &shape, &puzzles, &mode, &form, &seed, &start,
                          &copies, &also, &tr, &jobs))
        return NULL;
    equiv_ctx c;
    memset(&c, 0, sizeof c);
    int f = nonet_canon_form_from_name(form);
    if (f < 0) return raise_usage("unknown canonical form", form);
    c.form = (nonet_canon_form)f;
    c.mode = mode;
    c.seed = seed;
    c.start = start;
    c.copies = mode == 1 ? (copies < 1 ? 1 : copies) : 1;
    if (input_load(&c.in, shape, puzzles) < 0) {
        input_free(&c.in);
        return NULL;
    }
    long long n = c.in.count, m = n * c.copies;
    int side = c.in.side;
    PyArrayObject *out = new_array(m, c.in.cells, NPY_UINT8), *aut = new_array(m, 0, NPY_UINT64);
    PyArrayObject *status = new_array(m, 0, NPY_INT8), *also_in = NULL, *also_out = NULL;
    PyArrayObject *tp = NULL, *rows = NULL, *cols = NULL, *digits = NULL;
    PyObject *messages = NULL, *result = NULL;
    if (!out || !aut || !status) goto done;
    if (mode == 2) { /* the transforms given: (transpose, rows, cols, digits) */
        if (!PyArg_ParseTuple(tr, "O&O&O&O&", PyArray_Converter, &tp, PyArray_Converter, &rows,
                              PyArray_Converter, &cols, PyArray_Converter, &digits))
            goto done;
        PyArrayObject **arrs[4] = {&tp, &rows, &cols, &digits};
        int widths[4] = {0, side, side, side + 1};
        for (int k = 0; k < 4; k++) {
            PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(
                (PyObject *)*arrs[k], NPY_UINT8, widths[k] ? 2 : 1, widths[k] ? 2 : 1,
                NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_FORCECAST);
            Py_DECREF(*arrs[k]);
            *arrs[k] = a;
            if (!a) goto done;
            if (PyArray_DIM(a, 0) != n || (widths[k] && PyArray_DIM(a, 1) != widths[k])) {
                PyErr_Format(nonet_Error, "transform arrays do not fit %lld puzzles of side %d", n,
                             side);
                goto done;
            }
        }
    } else {
        tp = new_array(m, 0, NPY_UINT8), rows = new_array(m, side, NPY_UINT8);
        cols = new_array(m, side, NPY_UINT8), digits = new_array(m, side + 1, NPY_UINT8);
        if (!tp || !rows || !cols || !digits) goto done;
    }
    c.t.transpose = DATA(tp, unsigned char), c.t.rows = DATA(rows, unsigned char);
    c.t.cols = DATA(cols, unsigned char), c.t.digits = DATA(digits, unsigned char);
    if (also != Py_None) {
        if (!(also_in = also_array(also, n, c.in.cells))) goto done;
        if (!(also_out = new_array(m, c.in.cells, NPY_UINT8))) goto done;
        c.also = DATA(also_in, unsigned char);
        c.also_out = DATA(also_out, unsigned char);
    }
    c.out = DATA(out, unsigned char);
    c.automorphisms = DATA(aut, unsigned long long);
    c.status = DATA(status, signed char);
    if (!(messages = run(m, jobs, mode == 0 ? 4 : 64, equiv_item, &c))) goto done;
    result = Py_BuildValue("(OOOOOOOOO)", out, also_out ? (PyObject *)also_out : Py_None, aut, tp,
                           rows, cols, digits, status, messages);
done:
    Py_XDECREF(out), Py_XDECREF(aut), Py_XDECREF(status), Py_XDECREF(also_in);
    Py_XDECREF(also_out), Py_XDECREF(tp), Py_XDECREF(rows), Py_XDECREF(cols);
    Py_XDECREF(digits), Py_XDECREF(messages);
    input_free(&c.in);
    return result;
}

/* ------------------------------------------------------------------------- */
/* generate                                                                  */
/* ------------------------------------------------------------------------- */

typedef struct gen_ctx {
    const nonet_shape *shape;
    int cells;
    nonet_generate_options opt;
    long long start;
    unsigned char *puzzles, *solutions;
    signed char *regions; /* random_regions: [n, cells] */
    unsigned long long *seeds, *nodes;
    int *clues;
    signed char *minimal, *target_met, *status;
    double *er, *ep, *ed;
    short *hardest;
} gen_ctx;

static int gen_item(py_worker *w, void *vctx, long long i)
{
    gen_ctx *c = vctx;
    nonet_error err;
    if (!w->generator) {
        nonet_generate_options o = c->opt;
        o.progress = py_batch_stopped;
        o.progress_ctx = w->batch;
        if (!(w->generator = nonet_generator_new(&o, &err))) return -1;
    }
    nonet_puzzle *p = NULL;
    nonet_generate_result res;
    size_t cells = (size_t)c->cells;
    nonet_status st = nonet_generate(w->generator, c->shape, (uint64_t)(c->start + i), &p,
                                     c->solutions + i * cells, &res, &err);
    if (st != NONET_OK) {
        nonet_puzzle_free(p);
        memset(c->solutions + i * cells, 0, cells);
        return fail(w, c->status, i, &err);
    }
    memcpy(c->puzzles + i * cells, nonet_puzzle_cells(p), cells);
    if (c->regions)
        for (size_t k = 0; k < cells; k++)
            c->regions[i * cells + k] =
                (signed char)nonet_shape_region(nonet_puzzle_shape(p), (int)k);
    c->seeds[i] = res.seed;
    c->nodes[i] = res.nodes;
    c->clues[i] = res.clues;
    c->minimal[i] = (signed char)res.minimal;
    c->target_met[i] = (signed char)res.target_met;
    if (res.rated) c->er[i] = res.er, c->ep[i] = res.ep, c->ed[i] = res.ed;
    c->hardest[i] = (short)res.hardest;
    c->status[i] = ST_OK;
    nonet_puzzle_free(p);
    return 0;
}

/* generate(shape, count, start, seed, symmetry, random_regions, minimal, clues, attempts,
 *          hard_steps, rating_min, rating_max, technique, rating_tries, rate, jobs)
 * -> (puzzles, solutions, regions|None, seeds, clues, minimal, target_met, er, ep, ed,
 *     hardest, nodes, status, messages) */
static PyObject *py_generate(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *shape_obj;
    long long count, start;
    unsigned long long seed;
    const char *symmetry, *technique;
    int random_regions, minimal, clues, attempts, hard_steps, tries, rate, jobs;
    double lo, hi;
    if (!PyArg_ParseTuple(args, "OLLKspiiiiddsipi", &shape_obj, &count, &start, &seed, &symmetry,
                          &random_regions, &minimal, &clues, &attempts, &hard_steps, &lo, &hi,
                          &technique, &tries, &rate, &jobs))
        return NULL;
    gen_ctx c;
    memset(&c, 0, sizeof c);
    if (!(c.shape = shape_of(shape_obj))) return NULL;
    if (count < 0) return raise_usage("negative count", "count");
    c.cells = nonet_shape_cells(c.shape);
    c.start = start;
    nonet_generate_options_init(&c.opt);
    int sym = nonet_symmetry_from_name(symmetry);
    if (sym < 0) return raise_usage("unknown symmetry", symmetry);
    int tech = -1;
    if (*technique) {
        tech = nonet_technique_from_id(technique);
        if (tech < 0 || nonet_technique_is_extra(tech))
            return raise_usage("unknown technique (one of Sudoku Explainer's)", technique);
    }
    c.opt.seed = seed;
    c.opt.symmetry = (nonet_symmetry)sym;
    c.opt.random_regions = random_regions;
    c.opt.minimal = minimal;
    c.opt.clues = clues;
    if (attempts > 0) c.opt.attempts = attempts;
    c.opt.hard_steps = hard_steps;
    c.opt.rating_min = lo;
    c.opt.rating_max = hi;
    c.opt.technique = tech;
    if (tries >= 0) c.opt.rating_tries = tries;
    c.opt.rate = rate;
    nonet_error err;
    nonet_generator *probe = nonet_generator_new(&c.opt, &err); /* usage errors raise here */
    if (!probe) return raise_error(&err);
    nonet_generator_free(probe);
    long long n = count;
    PyArrayObject *puz = new_array(n, c.cells, NPY_UINT8), *sol = new_array(n, c.cells, NPY_UINT8);
    PyArrayObject *reg = random_regions ? new_array(n, c.cells, NPY_INT8) : NULL;
    PyArrayObject *seeds = new_array(n, 0, NPY_UINT64), *nclues = new_array(n, 0, NPY_INT32);
    PyArrayObject *mini = new_array(n, 0, NPY_INT8), *met = new_array(n, 0, NPY_INT8);
    PyArrayObject *er = new_array(n, 0, NPY_FLOAT64), *ep = new_array(n, 0, NPY_FLOAT64);
    PyArrayObject *ed = new_array(n, 0, NPY_FLOAT64), *hard = new_array(n, 0, NPY_INT16);
    PyArrayObject *nodes = new_array(n, 0, NPY_UINT64), *status = new_array(n, 0, NPY_INT8);
    PyObject *messages = NULL, *out = NULL;
    if (!puz || !sol || (random_regions && !reg) || !seeds || !nclues || !mini || !met || !er ||
        !ep || !ed || !hard || !nodes || !status)
        goto done;
    c.puzzles = DATA(puz, unsigned char), c.solutions = DATA(sol, unsigned char);
    c.regions = reg ? DATA(reg, signed char) : NULL;
    c.seeds = DATA(seeds, unsigned long long), c.nodes = DATA(nodes, unsigned long long);
    c.clues = DATA(nclues, int);
    c.minimal = DATA(mini, signed char), c.target_met = DATA(met, signed char);
    c.status = DATA(status, signed char);
    c.er = DATA(er, double), c.ep = DATA(ep, double), c.ed = DATA(ed, double);
    c.hardest = DATA(hard, short);
    for (long long i = 0; i < n; i++) c.er[i] = c.ep[i] = c.ed[i] = Py_NAN, c.hardest[i] = -1;
    if (!(messages = run(n, jobs, 1, gen_item, &c))) goto done;
    out = Py_BuildValue("(OOOOOOOOOOOOOO)", puz, sol, reg ? (PyObject *)reg : Py_None, seeds,
                        nclues, mini, met, er, ep, ed, hard, nodes, status, messages);
done:
    Py_XDECREF(puz), Py_XDECREF(sol), Py_XDECREF(reg), Py_XDECREF(seeds), Py_XDECREF(nclues);
    Py_XDECREF(mini), Py_XDECREF(met), Py_XDECREF(er), Py_XDECREF(ep), Py_XDECREF(ed);
    Py_XDECREF(hard), Py_XDECREF(nodes), Py_XDECREF(status), Py_XDECREF(messages);
    return out;
}

/* ------------------------------------------------------------------------- */
/* Small calls: names, parsing, seeds                                        */
/* ------------------------------------------------------------------------- */

static PyObject *py_version(PyObject *self, PyObject *args)
{
    (void)self, (void)args;
    return PyUnicode_FromString(nonet_version());
}

static PyObject *py_variants_parse(PyObject *self, PyObject *args)
{
    (void)self;
    const char *list;
    if (!PyArg_ParseTuple(args, "s", &list)) return NULL;
    unsigned bits;
    nonet_error err;
    if (nonet_variants_parse(list, &bits, &err) != NONET_OK) return raise_error(&err);
    return PyLong_FromUnsignedLong(bits);
}

static PyObject *py_regions_parse(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    Py_ssize_t len;
    if (!PyArg_ParseTuple(args, "s#", &text, &len)) return NULL;
    int *regions = malloc(NONET_MAX_CELLS * sizeof *regions);
    if (!regions) return PyErr_NoMemory();
    nonet_error err;
    int n = nonet_regions_parse(text, (size_t)len, regions, &err);
    PyObject *list = NULL;
    if (n < 0) raise_error(&err);
    else if ((list = PyList_New(n * n)))
        for (int k = 0; k < n * n; k++) PyList_SET_ITEM(list, k, PyLong_FromLong(regions[k]));
    free(regions);
    return list;
}

static PyObject *py_seed_derive(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long seed, index;
    if (!PyArg_ParseTuple(args, "KK", &seed, &index)) return NULL;
    return PyLong_FromUnsignedLongLong(nonet_seed_derive(seed, index));
}

/* [(id, name, rating, extra)] for every row of the technique table. */
static PyObject *py_techniques(PyObject *self, PyObject *args)
{
    (void)self, (void)args;
    int n = nonet_technique_count();
    PyObject *list = PyList_New(n);
    for (int t = 0; list && t < n; t++) {
        PyObject *row = Py_BuildValue("(ssdO)", nonet_technique_id(t), nonet_technique_name(t),
                                      nonet_technique_rating(t),
                                      nonet_technique_is_extra(t) ? Py_True : Py_False);
        if (!row) Py_CLEAR(list);
        else PyList_SET_ITEM(list, t, row);
    }
    return list;
}

/* [(name, min, max)] for every difficulty band, easiest first (max 0: no top). */
static PyObject *py_difficulties(PyObject *self, PyObject *args)
{
    (void)self, (void)args;
    int n = nonet_difficulty_count();
    PyObject *list = PyList_New(n);
    for (int b = 0; list && b < n; b++) {
        double lo, hi;
        nonet_difficulty_range(b, &lo, &hi);
        PyObject *row = Py_BuildValue("(sdd)", nonet_difficulty_name(b), lo, hi);
        if (!row) Py_CLEAR(list);
        else PyList_SET_ITEM(list, b, row);
    }
    return list;
}

/* nonet_difficulty_of: the band's name for a rating, or None. */
static PyObject *py_difficulty_of(PyObject *self, PyObject *args)
{
    (void)self;
    double er;
    if (!PyArg_ParseTuple(args, "d", &er)) return NULL;
    const char *name = nonet_difficulty_name(nonet_difficulty_of(er));
    if (name) return PyUnicode_FromString(name);
    Py_RETURN_NONE;
}

/* The names of an enum, from its name function, as a list. */
static PyObject *py_names(PyObject *self, PyObject *args)
{
    (void)self;
    const char *what;
    if (!PyArg_ParseTuple(args, "s", &what)) return NULL;
    PyObject *list = PyList_New(0);
    for (int k = 0; list && k < 64; k++) {
        const char *name = strcmp(what, "engine") == 0     ? nonet_engine_name((nonet_engine)k)
                           : strcmp(what, "simd") == 0     ? nonet_simd_name((nonet_simd)k)
                           : strcmp(what, "symmetry") == 0 ? nonet_symmetry_name((nonet_symmetry)k)
                           : strcmp(what, "form") == 0 ? nonet_canon_form_name((nonet_canon_form)k)
                           : strcmp(what, "variant") == 0 && k < 32 ? nonet_variant_name(1u << k)
                                                                    : NULL;
        if (!name) break;
        PyObject *s = PyUnicode_FromString(name);
        if (!s || PyList_Append(list, s) < 0) Py_CLEAR(list);
        Py_XDECREF(s);
    }
    return list;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "batch solve/count/check (see nonet.solve)"},
    {"human", py_human, METH_VARARGS, "batch rate/explain/hint (see nonet.rate)"},
    {"equiv", py_equiv, METH_VARARGS, "batch canon/shuffle/transform (see nonet.canon)"},
    {"generate", py_generate, METH_VARARGS, "batch generate (see nonet.generate)"},
    {"version", py_version, METH_NOARGS, "nonet_version()"},
    {"variants_parse", py_variants_parse, METH_VARARGS, "nonet_variants_parse(list) -> bits"},
    {"regions_parse", py_regions_parse, METH_VARARGS, "nonet_regions_parse(text) -> ids"},
    {"seed_derive", py_seed_derive, METH_VARARGS, "nonet_seed_derive(seed, index)"},
    {"techniques", py_techniques, METH_NOARGS, "the technique table"},
    {"difficulties", py_difficulties, METH_NOARGS, "the difficulty bands"},
    {"difficulty_of", py_difficulty_of, METH_VARARGS, "nonet_difficulty_of(er) -> name"},
    {"names", py_names, METH_VARARGS, "names of engine, simd, symmetry, form, variant"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT,
                                    "_nonet",
                                    "libnonet's batch calls (use the nonet package)",
                                    -1,
                                    methods,
                                    NULL,
                                    NULL,
                                    NULL,
                                    NULL};

PyMODINIT_FUNC PyInit__nonet(void)
{
    import_array();
    if (PyType_Ready(&ShapeType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    nonet_Error = PyErr_NewExceptionWithDoc(
        "nonet.Error", "A usage error, with the library's message (and .status, its kind).",
        PyExc_ValueError, NULL);
    Py_INCREF(&ShapeType);
    if (!nonet_Error || PyModule_AddObject(m, "Error", nonet_Error) < 0 ||
        PyModule_AddObject(m, "Shape", (PyObject *)&ShapeType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(nonet_Error);
    return m;
}
