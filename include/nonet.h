/*
 * nonet.h - the whole public API of libnonet, a Sudoku toolkit.
 *
 * Usage (solve one classic puzzle from an 81-character string):
 *
 *     #include <nonet.h>
 *     char out[82];
 *     nonet_error err;
 *     long n = nonet_solve_string(
 *         "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
 *         2, out, sizeof out, &err);
 *     if (n < 0)       fprintf(stderr, "nonet: %s\n", err.message);
 *     else if (n == 0) puts("no solution");
 *     else             printf("%s%s\n", out, n > 1 ? " (not unique)" : "");
 *
 * Reading a file of puzzles in any supported format, solving each:
 *
 *     nonet_reader *r = nonet_reader_new_file(fp, "input.txt", NONET_FORMAT_AUTO, &err);
 *     nonet_solver *s = nonet_solver_new();
 *     nonet_options opt; nonet_options_init(&opt);
 *     nonet_puzzle *p;
 *     int st;
 *     while ((st = nonet_reader_next(r, &p, &err)) != NONET_END) {
 *         if (st != NONET_OK) { report(&err); if (nonet_status_is_fatal(st)) break; continue; }
 *         unsigned char sol[NONET_MAX_CELLS];
 *         nonet_result res;
 *         nonet_solver_run(s, p, &opt, sol, &res, &err);
 *         ...
 *         nonet_puzzle_free(p);
 *     }
 *     nonet_solver_free(s);
 *     nonet_reader_free(r);
 *
 * Build and link: `cc -std=c11 prog.c $(pkg-config --cflags --libs nonet)`, or in
 * CMake `find_package(nonet)` and link `nonet::nonet` (shared) or
 * `nonet::nonet_static`. See also nonet(3) and the programs in examples/.
 *
 * Conventions used throughout:
 * - Cells are numbered row-major from 0: cell = row * N + column. A grid is an
 *   array of N*N `unsigned char` values: 0 = empty, 1..N = digit.
 * - Candidate sets are `uint64_t` masks: bit d-1 set means digit d is allowed.
 * - Functions that can fail return a nonet_status (NONET_OK = 0), or NULL for
 *   constructors, or -1 for counts, and, when the caller passes a non-NULL
 *   `nonet_error *`, fill it with the details. Passing NULL for the error is
 *   always allowed. Read the error only after a failure: on success its
 *   contents are unspecified (some calls clear it). NONET_ERR_ARG
 *   means the caller broke a contract (a NULL where an object is required, a
 *   value out of range); other codes are about the data or the system.
 * - Accessors (functions that only read an object) cannot fail; passing them
 *   NULL or a freed object is undefined, like any use after free.
 * - Ownership: "new" objects belong to the caller, who frees them with the
 *   matching _free function (every _free accepts NULL); "borrowed" pointers
 *   stay owned by the object they came from and live as long as it does.
 *   Arrays and strings passed in are copied unless a comment says "borrowed";
 *   results go to caller-owned buffers. Strings returned by name functions
 *   are static constants.
 * - Thread safety: the library keeps no global state. Distinct objects may be
 *   used from distinct threads freely. A nonet_shape and a nonet_puzzle are
 *   immutable after creation and may be read (and their references taken and
 *   dropped) from any number of threads at once. A nonet_reader or
 *   nonet_solver must be used by one thread at a time (a parallel program
 *   gives each thread its own solver). Callbacks run on the thread that made
 *   the call, during the call, and must not use the object that called them.
 *   The functions that take no object (names, nonet_solve, nonet_solve_string,
 *   the writers) are safe to call from any thread at any time.
 */
#ifndef NONET_H
#define NONET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NONET_API marks the exported symbols; everything else is hidden. */
#if defined(_WIN32) && defined(NONET_SHARED_BUILD)
#define NONET_API __declspec(dllexport)
#elif defined(__GNUC__)
#define NONET_API __attribute__((visibility("default")))
#else
#define NONET_API
#endif

/* ------------------------------------------------------------------------- */
/* Version                                                                   */
/* ------------------------------------------------------------------------- */

/* The one place the version is written: CMakeLists.txt reads NONET_VERSION
 * from here (project version, SONAME, nonet.pc, the CMake package), and ctest
 * docs/version checks that the three numbers, `nonet --version`, the man
 * pages and CHANGELOG.md agree with it. */
#define NONET_VERSION "0.1.0"
#define NONET_VERSION_MAJOR 0
#define NONET_VERSION_MINOR 1
#define NONET_VERSION_PATCH 0

/* Returns the library's version string ("MAJOR.MINOR.PATCH"), which may differ
 * from NONET_VERSION when a program runs against another build. Static storage. */
NONET_API const char *nonet_version(void);

/* ------------------------------------------------------------------------- */
/* Errors                                                                    */
/* ------------------------------------------------------------------------- */

typedef enum nonet_status {
    NONET_OK = 0,          /* success */
    NONET_END,             /* reader: no more puzzles (not an error) */
    NONET_ERR_SYNTAX,      /* input text is malformed (bad symbol, wrong length, ...) */
    NONET_ERR_SHAPE,       /* a size, box or region map does not make a valid shape */
    NONET_ERR_RULE,        /* the givens break a rule (a digit twice in a house) */
    NONET_ERR_DETECT,      /* the input format cannot be told; name it explicitly */
    NONET_ERR_UNSUPPORTED, /* the chosen engine cannot express this puzzle's rules */
    NONET_ERR_LIMIT,       /* the search gave up (node bound or progress callback) */
    NONET_ERR_ARG,         /* an argument is out of range (a bug in the caller) */
    NONET_ERR_NOMEM,       /* out of memory */
    NONET_ERR_IO           /* the input callback or stream failed */
} nonet_status;

/* Room for one error message, including the terminating NUL. */
#define NONET_ERROR_TEXT 256

typedef struct nonet_error {
    nonet_status code;              /* what went wrong */
    long line;                      /* 1-based input line, 0 when not about input */
    int column;                     /* 1-based column, 0 when unknown */
    char source[64];                /* input name (file name), "" when none: its
                                       first 63 bytes (a longer name is cut here;
                                       nonet_puzzle_source keeps it whole, and
                                       the caller knows the names it gave) */
    char message[NONET_ERROR_TEXT]; /* one sentence, no trailing newline */
} nonet_error;

/* Returns a short constant name for a status ("syntax error", ...); never
 * NULL ("unknown status" for a value outside the enum). Static storage. */
NONET_API const char *nonet_status_name(nonet_status st);

/* Returns 1 when a reader cannot go on after returning `st` (NOMEM, IO, ARG),
 * 0 when the next call to nonet_reader_next will read the next puzzle. */
NONET_API int nonet_status_is_fatal(nonet_status st);

/* ------------------------------------------------------------------------- */
/* Shapes: size, houses and extra rules                                       */
/* ------------------------------------------------------------------------- */

#define NONET_MIN_SIZE 4  /* smallest side N */
#define NONET_MAX_SIZE 64 /* largest side N: digits fit a uint64_t mask */
#define NONET_MAX_CELLS (NONET_MAX_SIZE * NONET_MAX_SIZE)

/* Variant rules, combined as a bit set in nonet_shape_spec.variants. */
enum {
    NONET_VARIANT_X = 1u << 0,        /* both main diagonals hold every digit */
    NONET_VARIANT_HYPER = 1u << 1,    /* windoku: extra boxes offset by one (square boxes only) */
    NONET_VARIANT_DISJOINT = 1u << 2, /* cells in the same position of every box hold every digit */
    NONET_VARIANT_ANTI_KNIGHT = 1u << 3,    /* cells a chess knight's move apart differ */
    NONET_VARIANT_ANTI_KING = 1u << 4,      /* diagonally touching cells differ */
    NONET_VARIANT_NON_CONSECUTIVE = 1u << 5 /* orthogonal neighbours never differ by one */
};

/* What makes a shape. Zero-initialise, then set what you need. */
typedef struct nonet_shape_spec {
    int size;           /* N, NONET_MIN_SIZE..NONET_MAX_SIZE */
    int box_rows;       /* box height R; 0 with box_cols 0 = default for N */
    int box_cols;       /* box width C; R*C must equal N */
    const int *regions; /* NULL for boxes, or N*N region ids 0..N-1 (jigsaw):
                              N regions of N connected cells each; copied */
    unsigned variants;  /* NONET_VARIANT_* bits */
    const int *groups;  /* group_count * N cell indices: extra houses that must
                              each hold every digit; copied */
    int group_count;
} nonet_shape_spec;

/* Opaque, immutable, reference-counted description of the rules. */
typedef struct nonet_shape nonet_shape;

/* Returns a new shape (one reference, for the caller to drop with
 * nonet_shape_free) or NULL with err set: NONET_ERR_SHAPE naming what is
 * wrong, NONET_ERR_ARG when spec is NULL or its group list is malformed,
 * NONET_ERR_NOMEM. The spec and its arrays are copied: they need not outlive
 * the call. */
NONET_API nonet_shape *nonet_shape_new(const nonet_shape_spec *spec, nonet_error *err);

/* Returns a new classic shape N x N with the default boxes (see
 * nonet_default_box), or NULL with err set (NONET_ERR_SHAPE when N is out of
 * range, NONET_ERR_NOMEM). */
NONET_API nonet_shape *nonet_shape_new_classic(int size, nonet_error *err);

/* Takes another reference; returns `shape`. Thread-safe. */
NONET_API nonet_shape *nonet_shape_ref(const nonet_shape *shape);

/* Drops one reference, freeing the shape with the last. NULL is allowed.
 * Thread-safe; a puzzle's own reference keeps its shape alive. */
NONET_API void nonet_shape_free(const nonet_shape *shape);

/* Accessors: immutable facts about the shape. */
NONET_API int nonet_shape_size(const nonet_shape *shape);     /* N */
NONET_API int nonet_shape_cells(const nonet_shape *shape);    /* N*N */
NONET_API int nonet_shape_box_rows(const nonet_shape *shape); /* R, 0 when jigsaw */
NONET_API int nonet_shape_box_cols(const nonet_shape *shape); /* C, 0 when jigsaw */
NONET_API unsigned nonet_shape_variants(const nonet_shape *shape);
/* Region id (0..N-1) of `cell`: its box, or its jigsaw region; -1 when cell
 * is outside 0..N*N-1. */
NONET_API int nonet_shape_region(const nonet_shape *shape, int cell);
/* 1 for the classic 9x9 with 3x3 boxes and no other rule. */
NONET_API int nonet_shape_is_classic9(const nonet_shape *shape);

/* Default box for side N: square roots for squares, otherwise the factor pair
 * R x C closest to square with R <= C. Returns 0, or -1 when N is out of range. */
NONET_API int nonet_default_box(int size, int *box_rows, int *box_cols);

/* Returns the name of one NONET_VARIANT_* bit as used by --variant and the
 * nonet format ("x", "hyper", "disjoint", "anti-knight", "anti-king",
 * "non-consecutive"), or NULL when `variant` is not exactly one known bit. */
NONET_API const char *nonet_variant_name(unsigned variant);

/* Houses: every set of N cells that must hold each digit once (rows,
 * columns, boxes or jigsaw regions, then the variants' and the extra
 * groups). Houses are numbered 0..count-1: rows 0..N-1, columns N..2N-1,
 * then the rest (boxes of one row or column are not repeated). */
typedef enum nonet_house_kind {
    NONET_HOUSE_ROW = 0,
    NONET_HOUSE_COLUMN,
    NONET_HOUSE_BOX,
    NONET_HOUSE_REGION,
    NONET_HOUSE_DIAGONAL,
    NONET_HOUSE_HYPER,
    NONET_HOUSE_DISJOINT,
    NONET_HOUSE_GROUP
} nonet_house_kind;
NONET_API int nonet_shape_house_count(const nonet_shape *shape);
/* Kind of house h (a nonet_house_kind), or -1 when h is out of range. */
NONET_API int nonet_shape_house_kind(const nonet_shape *shape, int h);
/* 0-based number of house h within its kind (row 0, box 4, diagonal 1...),
 * or -1 when h is out of range. */
NONET_API int nonet_shape_house_number(const nonet_shape *shape, int h);
/* The N cells of house h (borrowed, lives as long as the shape), or NULL
 * when h is out of range. */
NONET_API const int *nonet_shape_house_cells(const nonet_shape *shape, int h);

/* Parses a comma-separated list of variant names (aliases: "diagonal" = x,
 * "windoku" = hyper; "" and "none" = no variant) into *out. Returns NONET_OK,
 * or NONET_ERR_SHAPE with err naming the unknown variant. */
NONET_API nonet_status nonet_variants_parse(const char *list, unsigned *out, nonet_error *err);

/* Parses a jigsaw region map: N rows of N region symbols (any printable
 * characters, optionally separated by spaces; blank and '#' lines skipped).
 * Fills `regions` (room for NONET_MAX_CELLS) with ids 0..N-1 in order of
 * first appearance. Returns N, or -1 with err set (NONET_ERR_SHAPE with the
 * line, naming the region whose size is wrong, or NONET_ERR_SYNTAX). */
NONET_API int nonet_regions_parse(const char *text, size_t len, int *regions, nonet_error *err);

/* ------------------------------------------------------------------------- */
/* Puzzles                                                                   */
/* ------------------------------------------------------------------------- */

/* Opaque, immutable puzzle: a shape, its givens, optional pencilmarks and
 * where it came from. */
typedef struct nonet_puzzle nonet_puzzle;

/* Returns a new puzzle holding its own reference to `shape` (the caller
 * keeps and still drops its own) and a copy of `cells` (N*N values 0..N) and
 * of `candidates` (NULL, or N*N masks restricting the empty cells). NULL with
 * err set: NONET_ERR_ARG for a NULL shape or cells, a value above N or an
 * empty candidate mask; NONET_ERR_NOMEM. The givens are not checked against
 * the rules here: see nonet_puzzle_check. Its source is "", line 0, index 0,
 * format NONET_FORMAT_AUTO. */
NONET_API nonet_puzzle *nonet_puzzle_new(const nonet_shape *shape, const unsigned char *cells,
                                         const uint64_t *candidates, nonet_error *err);

/* Parses a one-line classic puzzle of N*N symbols for N 4..64 (9x9: 81 of
 * 1-9 and '.'/'0' for empty; trailing spaces and newline ignored) into a new
 * puzzle with the default boxes. NULL with err set: NONET_ERR_SYNTAX (wrong
 * length, or a bad symbol with its column), NONET_ERR_ARG for NULL text,
 * NONET_ERR_NOMEM. */
NONET_API nonet_puzzle *nonet_puzzle_from_string(const char *text, nonet_error *err);

/* Parses a one-line puzzle of `shape`'s side N, as nonet_puzzle_from_string
 * reads one (len bytes of text, no NUL needed; N*N symbols of the default
 * alphabet, '.' or '0' empty; trailing spaces, tabs and newlines ignored),
 * into `cells` (room for N*N values 0..N), making no shape and no puzzle:
 * for a caller reading many lines of one shape into its own buffer. The
 * shape's rules are not checked (see nonet_puzzle_check). Returns NONET_OK;
 * NONET_ERR_SYNTAX with err set for a length other than N*N or a bad symbol
 * (with its column); NONET_ERR_ARG for a NULL shape, text or cells. */
NONET_API nonet_status nonet_cells_from_string(const nonet_shape *shape, const char *text,
                                               size_t len, unsigned char *cells, nonet_error *err);

/* Frees the puzzle and drops its shape reference. NULL is allowed. */
NONET_API void nonet_puzzle_free(nonet_puzzle *puzzle);

/* Accessors: immutable facts about the puzzle; borrowed pointers live as
 * long as the puzzle. */

NONET_API const nonet_shape *nonet_puzzle_shape(const nonet_puzzle *p);   /* borrowed */
NONET_API const unsigned char *nonet_puzzle_cells(const nonet_puzzle *p); /* borrowed, N*N */
NONET_API const uint64_t *nonet_puzzle_candidates(const nonet_puzzle *p); /* borrowed or NULL */
NONET_API long nonet_puzzle_line(const nonet_puzzle *p);  /* first input line, 0 if none */
NONET_API long nonet_puzzle_index(const nonet_puzzle *p); /* 1-based position in its input */
/* The input name, whole whatever its length; "" if none. */
NONET_API const char *nonet_puzzle_source(const nonet_puzzle *p);
NONET_API int nonet_puzzle_format(const nonet_puzzle *p); /* nonet_format it was read as */
/* The text that followed the grid on its input line, as written (separator
 * included, e.g. " # rating 9.1" or ":1"), or "" when none. Borrowed. */
NONET_API const char *nonet_puzzle_comment(const nonet_puzzle *p);
/* The symbol of digit `digit` (1..N) as the puzzle's input wrote it: in the
 * alphabet it was read with (--alphabet, a nonet format `alphabet` line),
 * else the default symbols 1-9, A-Z, a-z. Returns '.' for 0 (empty), and 0
 * when digit is out of range or has no one-character symbol (the default
 * symbols serve sides up to 61; the writers write larger grids as numbers). */
NONET_API int nonet_puzzle_symbol(const nonet_puzzle *p, int digit);

/* Checks that the givens break no rule (candidate masks are not checked).
 * Returns NONET_OK, or NONET_ERR_RULE with err naming the digit, the house
 * and the input line of the first clash. Solving such a puzzle gives 0
 * solutions, so call this first to tell the user why. */
NONET_API nonet_status nonet_puzzle_check(const nonet_puzzle *p, nonet_error *err);

/* Checks that `grid` (N*N) is a complete solution of `p`: every cell filled,
 * every rule kept, every given and candidate restriction honoured. Returns
 * NONET_OK or NONET_ERR_RULE with err saying what is wrong. */
NONET_API nonet_status nonet_puzzle_verify(const nonet_puzzle *p, const unsigned char *grid,
                                           nonet_error *err);

/* ------------------------------------------------------------------------- */
/* Constraints beyond houses (killer cages, thermometers, dots, lines, ...)  */
/* ------------------------------------------------------------------------- */

/* The kinds of constraint a puzzle may carry besides its shape's houses and
 * variants (docs/CONSTRAINTS.md gives each one's rule, cells and values).
 * Cells are listed in the order the rule reads them; "values" are the
 * numbers the constraint carries. */
typedef enum nonet_constraint_kind {
    NONET_CONS_CAGE,          /* killer cage: no repeat; values: [sum] (none = no sum) */
    NONET_CONS_LITTLE_KILLER, /* diagonal cells summing to values[0]; repeats allowed */
    NONET_CONS_SANDWICH,      /* a whole row or column in order: values[0] = the sum of
                                 the digits between its 1 and its N */
    NONET_CONS_THERMO,        /* strictly increasing from the bulb (cells[0]) */
    NONET_CONS_ARROW,         /* values: [circle cells k] (default 1); the first k
                                 cells, read as a number, equal the sum of the rest */
    NONET_CONS_WHITE_DOT,     /* kropki: two neighbours differing by 1 */
    NONET_CONS_BLACK_DOT,     /* kropki: two neighbours, one twice the other */
    NONET_CONS_DOTS_NEGATIVE, /* no cells: every pair of neighbours without a white
                                 (black) dot differs by more than 1 (is not 1:2);
                                 values: [1 white only, 2 black only, 3 both (default)] */
    NONET_CONS_X,             /* two neighbours summing to 10 */
    NONET_CONS_V,             /* two neighbours summing to 5 */
    NONET_CONS_XV_NEGATIVE,   /* no cells: neighbours without an X (V) do not sum to
                                 10 (5); values: [1 X only, 2 V only, 3 both] */
    NONET_CONS_WHISPER,       /* German whispers line: neighbours on it differ by at
                                 least values[0] (default (N+1)/2: 5 on 9x9) */
    NONET_CONS_RENBAN,        /* a set of consecutive digits in any order, no repeat */
    NONET_CONS_PALINDROME,    /* reads the same from both ends */
    NONET_CONS_BETWEEN,       /* cells strictly between its two ends' digits */
    NONET_CONS_ODD,           /* odd digits only */
    NONET_CONS_EVEN,          /* even digits only */
    NONET_CONS_MIN,           /* each cell below all its orthogonal neighbours that are
                                 not minimum cells themselves */
    NONET_CONS_MAX,           /* each cell above all its orthogonal neighbours that are
                                 not maximum cells themselves */
    NONET_CONS_QUADRUPLE,     /* values (1 to 4 digits) all appear among the cells */
    NONET_CONS_REGION,        /* extra region: no repeat (every digit once with N cells) */
    NONET_CONS_CLONE,         /* 2k cells: cell i holds the same digit as cell k + i */
    NONET_CONS_COUNT
} nonet_constraint_kind;

/* Adds a constraint to p: `cells` (ncells cell numbers, in the rule's
 * order) and `values` (nvalues numbers) are copied. Call it while p is the
 * caller's alone (right after creating or reading it): a puzzle being read
 * or solved by another thread must not change. Returns NONET_OK, or
 * NONET_ERR_ARG (a NULL puzzle, an unknown kind, a cell out of the grid or
 * listed twice, a count of cells or values the kind does not take, cells the
 * kind needs adjacent that are not, a value out of range) with err naming
 * the kind, or NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_puzzle_add_constraint(nonet_puzzle *p, nonet_constraint_kind kind,
                                                   const int *cells, int ncells, const int *values,
                                                   int nvalues, nonet_error *err);

/* The number of constraints of p (0 for a plain puzzle). */
NONET_API int nonet_puzzle_constraint_count(const nonet_puzzle *p);

/* Constraint i (0 <= i < nonet_puzzle_constraint_count) of p: returns its
 * kind and sets the borrowed arrays and counts (any of the out pointers may
 * be NULL). */
NONET_API nonet_constraint_kind nonet_puzzle_constraint(const nonet_puzzle *p, int i,
                                                        const int **cells, int *ncells,
                                                        const int **values, int *nvalues);

/* The kind's name in the nonet format ("cage", "thermo", "white-dot", ...),
 * or NULL for a kind out of range. */
NONET_API const char *nonet_constraint_name(nonet_constraint_kind kind);

/* The kind named `name` in the nonet format, or -1. */
NONET_API int nonet_constraint_from_name(const char *name);

/* ------------------------------------------------------------------------- */
/* Solving                                                                   */
/* ------------------------------------------------------------------------- */

typedef enum nonet_engine {
    NONET_ENGINE_AUTO = 0,  /* the fastest engine that supports the puzzle */
    NONET_ENGINE_BACKTRACK, /* plain backtracking in row-major order (teaching baseline) */
    NONET_ENGINE_BITMASK,   /* bit-mask candidates, singles, fewest-candidates-first */
    NONET_ENGINE_DLX,       /* Knuth's Algorithm X with dancing links (exact cover) */
    NONET_ENGINE_FAST,      /* dedicated classic 9x9 bitboard engine */
    NONET_ENGINE_PLANES     /* boxed grids up to 32x32 as bit planes, checked lane-
                               parallel: the bitmask engine's rules plus hidden pairs */
} nonet_engine;

#define NONET_ENGINE_COUNT 6

/* Returns "auto", "backtrack", "bitmask", "dlx", "fast" or "planes" (static
 * storage); NULL if out of range. */
NONET_API const char *nonet_engine_name(nonet_engine e);
/* Returns the engine of that exact (case-sensitive) name, or -1 (also for NULL). */
NONET_API int nonet_engine_from_name(const char *name);
/* Returns 1 if engine `e` can solve puzzles of `shape`, 0 otherwise (FAST:
 * only the classic 9x9, and only when the library was built with it;
 * PLANES: boxes, not a jigsaw map, side up to 32, no variant or extra group;
 * AUTO: always). AUTO stands for FAST on the classic 9x9, for PLANES where it
 * supports the shape, the CPU runs its AVX2 or AVX-512 path (within the
 * options' SIMD cap) and a fifth of the cells or more are given, else for BITMASK (the faster on near-empty
 * grids; the two find the same solutions in the same order). */
NONET_API int nonet_engine_supports(nonet_engine e, const nonet_shape *shape);
/* Returns the code path engine `e` runs on this CPU (static storage): for
 * FAST (and AUTO, whose 9x9 engine it is) "avx512", "avx2", "avx2-nobmi2"
 * (AVX2 on CPUs whose PDEP/PEXT are slow: AMD before Zen 3), "sse4.1" or
 * "scalar"; for PLANES "avx512", "avx2" or "portable"; chosen at run time,
 * every path giving the same results; for the other engines "portable".
 * NULL if out of range, or for FAST when the library was built without it.
 * For benchmark reports and bug reports. The same as
 * nonet_engine_path_capped(e, NONET_SIMD_BEST). */
NONET_API const char *nonet_engine_path(nonet_engine e);

/* The instruction-set levels the SIMD engines (FAST, PLANES) may use: a cap
 * in nonet_options.simd, so that one build runs, tests and measures every
 * path the machine has. An engine runs its best path at or below the cap
 * that this CPU supports: a cap above what the CPU has gives the best path
 * it has, without error (so the same cap works on every machine; ask
 * nonet_engine_path_capped which path that is). Every path gives the same
 * solutions, counts, node and guess statistics. */
typedef enum nonet_simd {
    NONET_SIMD_BEST = 0, /* the best path this CPU runs (the default) */
    NONET_SIMD_SCALAR,   /* no vector instructions: FAST "scalar", PLANES "portable" */
    NONET_SIMD_SSE41,    /* up to SSE4.1: FAST "sse4.1" (PLANES has no SSE path: "portable") */
    NONET_SIMD_AVX2,     /* up to AVX2: FAST "avx2" or "avx2-nobmi2", PLANES "avx2" */
    NONET_SIMD_AVX512    /* up to AVX-512: FAST and PLANES "avx512" */
} nonet_simd;

#define NONET_SIMD_COUNT 5

/* Returns "best", "scalar", "sse4.1", "avx2" or "avx512" (static storage);
 * NULL if out of range. */
NONET_API const char *nonet_simd_name(nonet_simd simd);
/* Returns the level of that exact (case-sensitive) name, or -1 (also for
 * NULL). */
NONET_API int nonet_simd_from_name(const char *name);
/* Returns the code path engine `e` runs on this CPU under the cap `simd`
 * (names as for nonet_engine_path; for AUTO, its 9x9 engine's). NULL if `e`
 * or `simd` is out of range, or for FAST when the library was built without
 * it. A cap may also change what AUTO picks on other shapes: see
 * nonet_engine_supports. */
NONET_API const char *nonet_engine_path_capped(nonet_engine e, nonet_simd simd);

/* Called with each solution found (N*N digits, valid only during the call),
 * on the solving thread; it must not use the solver that is running. Return 0
 * to go on, nonzero to stop the search (the result is then not complete).
 * Solutions are handed out as the search finds them and the library keeps
 * none, so a caller that writes or copies each one out (as `nonet solve
 * --all` does) streams any number of them in flat memory, and keeps those
 * found before a progress callback gives up. No global state: ctx is the
 * caller's. */
typedef int (*nonet_solution_fn)(void *ctx, const unsigned char *grid);
/* Called about every 65536 search nodes on a 9x9 grid, and proportionally
 * more often on larger grids (every 1024 nodes on 64x64), so that a timeout
 * kept by the callback is noticed within a fraction of a second. Return
 * nonzero to give up. */
typedef int (*nonet_progress_fn)(void *ctx, unsigned long long nodes);

typedef struct nonet_options {
    nonet_engine engine;           /* default NONET_ENGINE_AUTO */
    unsigned long long limit;      /* stop after this many solutions; 0 = all. Default 2 */
    unsigned long long max_nodes;  /* give up after this many nodes; 0 = no bound (default) */
    nonet_solution_fn on_solution; /* NULL, or called for each solution */
    void *solution_ctx;
    nonet_progress_fn progress; /* NULL, or called periodically (timeouts) */
    void *progress_ctx;
    nonet_simd simd; /* cap on the SIMD path of FAST and PLANES (see nonet_simd):
                        default NONET_SIMD_BEST, the best this CPU runs */
} nonet_options;

/* Sets the defaults: auto engine, limit 2 (none / unique / several), no
 * bounds, no callbacks, the best SIMD path. Call it before setting fields, so fields added in
 * later versions get their defaults. */
NONET_API void nonet_options_init(nonet_options *opt);

typedef struct nonet_result {
    unsigned long long solutions; /* solutions found, at most limit (when limit > 0) */
    unsigned long long nodes;     /* search nodes entered (root included) */
    unsigned long long guesses;   /* trial assignments at branch points; 0 = pure logic */
    int complete;                 /* 1: search ended by itself, so `solutions` is the exact
                                      count; 0: stopped at the limit, by the callback, or gave up */
    int gave_up;                  /* 1: stopped by max_nodes or the progress callback */
    nonet_engine engine;          /* engine that ran (resolved from AUTO) */
} nonet_result;

/* Reusable solver workspace. It grows to the largest shape it has solved and
 * then allocates nothing more. One thread at a time; it holds no reference to
 * the puzzles it solved. */
typedef struct nonet_solver nonet_solver;

/* Returns a new, empty solver (it allocates on first use), or NULL when out
 * of memory. Free it with nonet_solver_free, which accepts NULL. */
NONET_API nonet_solver *nonet_solver_new(void);
NONET_API void nonet_solver_free(nonet_solver *s);

/* Searches `p` for solutions. `solution` is NULL or N*N cells that receive the
 * first solution found (untouched when there is none). `res` (may be NULL)
 * receives the counts, also when the search gave up. `opt` may be NULL for
 * the defaults. Givens that break a rule give 0 solutions.
 * Returns NONET_OK when the search ended by itself, at the limit or by the
 * solution callback; NONET_ERR_LIMIT when it gave up (max_nodes or progress);
 * NONET_ERR_UNSUPPORTED when the engine cannot express the rules;
 * NONET_ERR_ARG for a NULL solver or puzzle, a bad engine or SIMD cap;
 * NONET_ERR_NOMEM. The error's line is the puzzle's input line. */
NONET_API nonet_status nonet_solver_run(nonet_solver *s, const nonet_puzzle *p,
                                        const nonet_options *opt, unsigned char *solution,
                                        nonet_result *res, nonet_error *err);

/* nonet_solver_run on the puzzle of `shape` whose givens are `cells` (N*N
 * values 0..N, 0 = empty; read during the call, not kept), as if made by
 * nonet_puzzle_new(shape, cells, NULL): the same search, solution and
 * result, without a puzzle object. For a caller holding many puzzles in its
 * own buffer (a batch in an array, one row each): it solves them in place,
 * and allocates nothing a puzzle once the solver has solved one of the shape.
 * Returns as nonet_solver_run (the error's line is 0), and NONET_ERR_ARG for
 * a NULL solver, shape or cells, a bad engine or SIMD cap, or a value above
 * N (err names the cell, as nonet_puzzle_new does). */
NONET_API nonet_status nonet_solver_run_cells(nonet_solver *s, const nonet_shape *shape,
                                              const unsigned char *cells, const nonet_options *opt,
                                              unsigned char *solution, nonet_result *res,
                                              nonet_error *err);

/* The same with a temporary workspace: simpler, allocates on each call, safe
 * from any thread. Also NONET_ERR_NOMEM when the workspace cannot be made. */
NONET_API nonet_status nonet_solve(const nonet_puzzle *p, const nonet_options *opt,
                                   unsigned char *solution, nonet_result *res, nonet_error *err);

/* The minimality test (`nonet check`): looks for a given of `p` that can go,
 * the first in cell order whose removal leaves exactly one solution. Meant
 * for a puzzle with one solution (a puzzle with none or several has every
 * given removable or none; the answer is then of no use). Candidate masks
 * are ignored. Each search runs under `opt` (NULL for the defaults) with its
 * limit set to 2 and no solution callback, so max_nodes and the progress
 * callback bound the test. *cell receives the removable given's cell, or -1
 * when p is minimal (and when the test failed). `res` (may be NULL) receives
 * the last search's counts. Returns NONET_OK; NONET_ERR_LIMIT when a search
 * gave up (minimality unknown); NONET_ERR_UNSUPPORTED as nonet_solver_run;
 * NONET_ERR_ARG for a NULL solver, puzzle or cell; NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_solver_removable_given(nonet_solver *s, const nonet_puzzle *p,
                                                    const nonet_options *opt, int *cell,
                                                    nonet_result *res, nonet_error *err);

/* Solves a one-line classic puzzle (see nonet_puzzle_from_string), stopping
 * after `limit` solutions (0 = all). Writes the first solution as N*N symbols
 * plus NUL to `out` (NULL allowed; out_size N*N+1 holds the whole line, 82
 * for 9x9; a smaller buffer gets a cut, NUL-terminated text); `out` is
 * untouched when there is no solution. Returns the number of solutions found,
 * or -1 with err set when the text is not a puzzle (see
 * nonet_puzzle_from_string) or memory runs out. Safe from any thread. */
NONET_API long nonet_solve_string(const char *puzzle, unsigned long long limit, char *out,
                                  size_t out_size, nonet_error *err);

/* ------------------------------------------------------------------------- */
/* Formats: reading                                                          */
/* ------------------------------------------------------------------------- */

typedef enum nonet_format {
    NONET_FORMAT_AUTO = 0,   /* detect from the input (reading only) */
    NONET_FORMAT_LINE,       /* one puzzle a line; AcWing 166 when ended by "end" */
    NONET_FORMAT_GRID,       /* N lines of N symbols */
    NONET_FORMAT_LUOGU,      /* N lines of N space-separated numbers, 0 = empty (Luogu P1784) */
    NONET_FORMAT_POJ,        /* a count T, then T grids of N lines (POJ 2676) */
    NONET_FORMAT_HDU,        /* a count T, then T blocks of cells with walls (HDU 4069) */
    NONET_FORMAT_PRETTY,     /* boxed display for people (writing; read as luogu) */
    NONET_FORMAT_FRAMED,     /* N rows of symbols with box separators ('|', '+', '-' rules,
                                box-drawing lines): Simple Sudoku .ss, qqwing readable */
    NONET_FORMAT_PENCIL,     /* pencilmark (sukaku) line: for each cell, for each digit 1-9,
                                the digit if still possible else '.' (729 symbols) */
    NONET_FORMAT_CANDIDATES, /* N rows of N candidate strings ("1269"), optional frames */
    NONET_FORMAT_UNICODE,    /* boxed with box-drawing characters (writing; read as framed) */
    NONET_FORMAT_CSV,        /* index,puzzle,status,count,solution,seconds (read: puzzle) */
    NONET_FORMAT_JSON,       /* JSON Lines, one object a puzzle (read: puzzle, comment) */
    NONET_FORMAT_TDOKU,      /* puzzle:count:solution (writing; read as line) */
    NONET_FORMAT_NONET, /* self-describing: shape, regions, variants, givens (docs/NONET_FORMAT.md) */
    NONET_FORMAT_FPUZZLES,      /* f-puzzles JSON: an object, or an f-puzzles/SudokuPad link or
                             LZ-string payload (read); one JSON line (written) */
    NONET_FORMAT_FPUZZLES_LINK, /* an f-puzzles link, https://www.f-puzzles.com/?load=...
                                   (writing; read as fpuzzles) */
    NONET_FORMAT_SUDOKUPAD      /* SudokuPad links and payloads: scl/ctc (SudokuPad's own
                                   drawing, docs/CONSTRAINTS.md) and fpuz (read); a SudokuPad
                                   link with an f-puzzles payload (written) */
} nonet_format;

#define NONET_FORMAT_COUNT 18

/* Returns the format's name ("line", "grid", ...; static storage); NULL if
 * out of range. */
NONET_API const char *nonet_format_name(nonet_format f);
/* Returns the format of that exact name (aliases: "acwing" = line,
 * "poj2676", ...), or -1 (also for NULL). */
NONET_API int nonet_format_from_name(const char *name);

/* Pulls up to `size` bytes of input into `buf`. Returns the count (0 at end of
 * input), or -1 on a read error (the reader then fails with NONET_ERR_IO).
 * Called from nonet_reader_next on the caller's thread. */
typedef long (*nonet_read_fn)(void *ctx, char *buf, size_t size);

/* Streaming puzzle reader over one input. It holds a bounded window of the
 * input (lines longer than 1 MiB are reported and skipped), never the whole
 * of it. One thread at a time. */
typedef struct nonet_reader nonet_reader;

/* Returns a new reader pulling bytes from `read` (borrowed ctx). `name` is
 * copied (NULL means "") and used in error messages and as each puzzle's
 * source. `format` may be NONET_FORMAT_AUTO (detect from the first lines);
 * NONET_FORMAT_PRETTY reads as luogu. NULL with err set: NONET_ERR_ARG for a
 * NULL read function or a bad format, NONET_ERR_NOMEM. */
NONET_API nonet_reader *nonet_reader_new(nonet_read_fn read, void *ctx, const char *name,
                                         nonet_format format, nonet_error *err);
/* The same over a stdio stream (borrowed: it must stay open while the
 * reader is used, and the reader never closes it). */
NONET_API nonet_reader *nonet_reader_new_file(FILE *fp, const char *name, nonet_format format,
                                              nonet_error *err);
/* The same over a memory buffer (borrowed; must outlive the reader). */
NONET_API nonet_reader *nonet_reader_new_mem(const char *data, size_t size, const char *name,
                                             nonet_format format, nonet_error *err);
/* Frees the reader; the puzzles it returned stay valid. NULL is allowed. */
NONET_API void nonet_reader_free(nonet_reader *r);

/* Reads the next puzzle. Returns NONET_OK with *out set to a new puzzle (the
 * caller frees it with nonet_puzzle_free), NONET_END at the end of the
 * input, or an error with err set (source, line, column and message) and
 * *out NULL: NONET_ERR_SYNTAX, NONET_ERR_SHAPE, NONET_ERR_DETECT (the format
 * cannot be told: create the reader with a format), NONET_ERR_IO,
 * NONET_ERR_NOMEM. After a non-fatal error (see nonet_status_is_fatal) the
 * next call goes on with the next puzzle; after a fatal one, stop.
 * An input with no puzzle at all (no bytes, or only blank and comment lines)
 * gives NONET_ERR_SYNTAX "the input holds no puzzle" at its last line; an
 * input that itself announces zero puzzles (a POJ/HDU count of 0, AcWing's
 * "end" alone, a CSV header without rows) gives NONET_END at once. */
NONET_API nonet_status nonet_reader_next(nonet_reader *r, nonet_puzzle **out, nonet_error *err);

/* nonet_reader_next for a loop that is done with each puzzle before it
 * reads the next: *p is NULL or a puzzle the caller owns and no longer
 * uses (from an earlier call, say), which the reader takes and refills in
 * place when it can (the one-line formats, while the side and the rules
 * stay the same), at this call or a later one, else frees (at the latest
 * in nonet_reader_free). Reading then allocates nothing a puzzle.
 * Returns as nonet_reader_next, with *p the puzzle read (the caller's) or
 * NULL. */
NONET_API nonet_status nonet_reader_next_reuse(nonet_reader *r, nonet_puzzle **p, nonet_error *err);

/* The format being read: the one given, or the one detected (AUTO until the
 * first puzzle has been read). */
NONET_API nonet_format nonet_reader_format(const nonet_reader *r);

/* Puzzles read so far, those that failed to read included: the last one's
 * 1-based position in the input (its nonet_puzzle_index). An error that is
 * not about one puzzle (an input holding none, a format that cannot be
 * told) does not count. */
NONET_API long nonet_reader_index(const nonet_reader *r);

/* ---- Plain lines in bulk ----
 * A fast lane for the commonest input, many classic 9x9 puzzles one a line:
 * the reader hands out runs of lines as they are (no puzzle made for each),
 * and nonet_solve_lines solves a run and writes the answers, so that reading
 * (one thread at a time) is split from parsing and solving (any thread).
 * A plain line is 81 bytes, each '1'-'9' (a given) or '.' or '0' (a blank),
 * ended by '\n': NONET_PLAIN_LINE bytes. Any other line (a comment, CRLF,
 * other symbols or sizes) goes the usual way, through nonet_reader_next. */
#define NONET_PLAIN_LINE 82

/* Moves the plain lines at the reader's position into buf, unchanged (whole
 * lines, as many as cap bytes hold), stopping before the first other line.
 * The lines moved count as read: nonet_reader_next goes on after them, and
 * *first_line (may be NULL) receives the input line number of the first.
 * Takes lines only from a reader of the line format, given or detected,
 * without nonet_reader_set_options, and once the lines looked at to detect
 * the format have been read by nonet_reader_next; otherwise, at the end of
 * the input and at a read error (which nonet_reader_next then reports), it
 * moves none. Returns the number of lines moved; 0: call nonet_reader_next. */
NONET_API size_t nonet_reader_take_lines(nonet_reader *r, char *buf, size_t cap, long *first_line);

/* What nonet_solve_lines found for one line. */
typedef enum nonet_line_verdict {
    NONET_LINE_NONE = 0,    /* no solution */
    NONET_LINE_UNIQUE = 1,  /* one solution (at limit 1: at least one) */
    NONET_LINE_SEVERAL = 2, /* more than one */
    NONET_LINE_GAVE_UP = 3  /* the search gave up (max_nodes or the progress callback) */
} nonet_line_verdict;

/* One line's answer from nonet_solve_lines. */
typedef struct nonet_line_answer {
    unsigned char verdict;  /* nonet_line_verdict */
    unsigned char grid[81]; /* UNIQUE, SEVERAL: the first solution (digits 1-9); else unset */
} nonet_line_answer;

/* Solves the plain lines of `text` (len bytes, as nonet_reader_take_lines
 * hands them out) in order, as nonet_solver_run would under opt (NULL = the
 * defaults; the solution callback is called as there), and gives each
 * line's answer in answers[0..]: its verdict and first solution (given up:
 * uniqueness unknown, whatever was found). Stops at the end of the text,
 * after `max` lines, or at an error. *lines (may be NULL) receives the
 * lines answered. Returns NONET_OK; NONET_ERR_SYNTAX when the next line is
 * not plain (err's line: its 1-based position in text); NONET_ERR_ARG (NULL
 * solver, text or answers with a size, bad engine or SIMD cap);
 * NONET_ERR_UNSUPPORTED (an engine that cannot solve a 9x9 grid);
 * NONET_ERR_NOMEM. Allocates nothing a line once the solver has solved one.
 * nonet_write_line_answer writes an answer as `nonet solve` does. */
NONET_API nonet_status nonet_solve_lines(nonet_solver *s, const nonet_options *opt,
                                         const char *text, size_t len, nonet_line_answer *answers,
                                         size_t max, size_t *lines, nonet_error *err);

/* Writes answer a in the line format, as nonet_write_answer would for its
 * puzzle: the first solution's 81 digits and '\n', "No solution\n" or
 * "Gave up\n" (no NUL after it). Returns the bytes written, at most
 * NONET_PLAIN_LINE; 0 (nothing written) when cap is less than that. */
NONET_API size_t nonet_write_line_answer(char *buf, size_t cap, const nonet_line_answer *a);

/* Rules a reader applies to the puzzles it reads (formats that carry their own
 * rules, HDU walls and the nonet format, keep theirs; the nonet format adds
 * these variants to its own). Initialise with nonet_read_options_init. */
typedef struct nonet_read_options {
    int box_rows, box_cols; /* box R x C for every puzzle; 0, 0 = default box of each size */
    const char *alphabet;   /* NULL = default symbols (1-9, A-Z, a-z); else the symbols of
                                digits 1, 2, ... in order (2..64 distinct printable, not '.'
                                nor a mark the readers take: # [ ] , ; : | + - " ');
                                '.' is blank, and '0' too when the alphabet lacks it */
    unsigned variants;      /* NONET_VARIANT_* bits added to every puzzle */
    int region_size;        /* side N of `regions`, 0 when none */
    const int *regions;     /* N*N region ids 0..N-1 for puzzles of side region_size */
    int group_size;         /* side N the extra groups are for, 0 when none */
    const int *groups;      /* group_count * N cell indices: extra houses */
    int group_count;
} nonet_read_options;

/* Sets no box, default alphabet, no variant, no regions, no groups. */
NONET_API void nonet_read_options_init(nonet_read_options *o);

/* Makes `r` read its puzzles with these rules; everything is copied. Call it
 * before the first nonet_reader_next. Returns NONET_OK, or NONET_ERR_ARG /
 * NONET_ERR_SHAPE with err set (bad alphabet, bad box, bad region map). A box
 * or map that does not fit a puzzle's size is reported for that puzzle. */
NONET_API nonet_status nonet_reader_set_options(nonet_reader *r, const nonet_read_options *o,
                                                nonet_error *err);

/* ------------------------------------------------------------------------- */
/* Formats: writing                                                          */
/* ------------------------------------------------------------------------- */

/* All writers follow snprintf: they write at most `cap` bytes (NUL included)
 * to `buf` and return the length the whole text needs (without NUL), so a
 * return value >= cap means the text was cut. buf may be NULL when cap is 0:
 * call once with (NULL, 0) to size the buffer, then again to write. They
 * allocate nothing, cannot fail and are safe from any thread. */

/* Writes `grid` (N*N cells, 0 = empty) of a puzzle shaped `shape` in format
 * `f` (LINE, GRID, LUOGU, POJ, HDU digits without walls, PRETTY, UNICODE,
 * FRAMED, PENCIL, CANDIDATES, NONET; CSV, JSON and TDOKU write a LINE), ending
 * with a newline. Any other value of `f` writes GRID. */
NONET_API size_t nonet_write_grid(char *buf, size_t cap, nonet_format f, const nonet_shape *shape,
                                  const unsigned char *grid);

/* Writes the answer to `p` the way format `f` does: the solution when the
 * count is 1 (or, in formats that cannot say more, the first of several),
 * or the format's words for "no solution" / "several solutions" ("Gave up"
 * when res->gave_up and nothing was found). NONET_FORMAT_AUTO means the
 * puzzle's own format. `solution` may be NULL when res->solutions is 0. */
NONET_API size_t nonet_write_answer(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p,
                                    const nonet_result *res, const unsigned char *solution);

/* Writes the puzzle itself (its givens, not an answer) in format `f`: LINE,
 * TDOKU and PENCIL add its comment as read; PENCIL and CANDIDATES write its
 * candidates (every digit for an empty cell without any); CSV and JSON write
 * a record without a result. Formats without pencilmarks drop candidates. */
NONET_API size_t nonet_write_puzzle(char *buf, size_t cap, nonet_format f, const nonet_puzzle *p);

/* One puzzle's outcome, for the record writers. Zero-initialise, then set. */
typedef struct nonet_record {
    const nonet_puzzle *puzzle;     /* required */
    const nonet_result *result;     /* NULL when not solved (conversion only) */
    const unsigned char *solutions; /* nsolutions grids of N*N cells, one after another */
    unsigned long long nsolutions;  /* solutions stored (may be fewer than counted) */
    const char *status;             /* NULL: from result ("unique", "several", "none",
                                         "gave up"); else this word (e.g. "invalid") */
    double seconds;                 /* time spent on the puzzle; < 0 when unknown */
    const char *message;            /* NULL, or why the status is what it is (e.g. the
                                       rule the givens break): CSV and JSON write it */
} nonet_record;

/* Writes a record in format `f`:
 * CSV   "index,puzzle,status,count,solution,seconds,message" (solution: the
 *       first; message: rec->message, quoted, or empty);
 * JSON  one object a line: index, source, line, puzzle, comment (when any),
 *       status, message (when any), count, exact (true when count is the
 *       full count), solutions (array of lines), seconds;
 * TDOKU "puzzle:count" plus ":solution" when the count is 1 (the puzzle and
 *       its comment when there is no result);
 * other formats: every stored solution, each written as nonet_write_answer
 * writes one (the format's answer when there is at most one, HDU's always;
 * the puzzle when there is no result). */
NONET_API size_t nonet_write_record(char *buf, size_t cap, nonet_format f, const nonet_record *rec);

/* Writes `s` as a JSON string: quoted, with '"' and '\\' escaped and every
 * control character (below 0x20, and 0x7f) written as \u00XX; other bytes
 * as they are. The writers' rules above (snprintf-like return). */
NONET_API size_t nonet_write_json_string(char *buf, size_t cap, const char *s);

/* Writes `s` as one CSV field: as it is when it holds no comma, quote,
 * CR or LF, else quoted with its quotes doubled. The writers' rules above. */
NONET_API size_t nonet_write_csv_field(char *buf, size_t cap, const char *s);

/* ------------------------------------------------------------------------- */
/* Human-style solving: steps, hints and Sudoku Explainer ratings            */
/* ------------------------------------------------------------------------- */

/* An explainer solves a puzzle the way a person does: one step at a time,
 * each step a named technique (hidden single, pointing, X-Wing, ...) with
 * the cells, houses and digits that justify it. It never guesses. The
 * techniques and their order are those of Sudoku Explainer 1.2.1 (SE), and
 * so are the ratings: nonet_explainer_next picks the step SE would pick, and
 * nonet_explainer_rate gives SE's ER/EP/ED. Techniques defined on houses run
 * on every shape (any size, jigsaw regions, the variants' extra houses and
 * peers); the uniqueness techniques (unique rectangles and loops, BUG) run
 * only when the puzzle is known to have one solution and every rule of its
 * shape is a house (not with anti-knight, anti-king or non-consecutive).
 *
 * Usage (explain a puzzle step by step):
 *
 *     nonet_explainer *x = nonet_explainer_new(p, &err);
 *     nonet_step step;
 *     char line[4096];
 *     while (nonet_explainer_next(x, &step, &err) == NONET_OK) {
 *         nonet_write_step(line, sizeof line, NONET_FORMAT_LINE, 3, nonet_puzzle_shape(p), &step);
 *         fputs(line, stdout);
 *         nonet_explainer_apply(x, &step, &err);
 *     }
 *     nonet_explainer_free(x);
 */

/* A candidate: digit `digit` (1..N) in cell `cell` (row-major from 0). */
typedef struct nonet_candidate {
    int cell;
    int digit;
} nonet_candidate;

/* A node of a chain: a candidate that the chain makes true (`on` = 1) or
 * false (`on` = 0). `branch` numbers the chains of a step that has several
 * (a forcing chain from each candidate of a cell); 0 otherwise. */
typedef struct nonet_chain_node {
    int cell;
    int digit;
    int on;
    int branch;
} nonet_chain_node;

/* Kinds of links between chain nodes. */
enum {
    NONET_LINK_WEAK = 0,   /* "if from is true, to is false" (same house or cell) */
    NONET_LINK_STRONG = 1, /* "if from is false, to is true" (the only other place) */
    NONET_LINK_IMPLIED = 2 /* a consequence found by a deeper search (dynamic, nested) */
};

/* A link of a chain: node indexes into nonet_step.nodes, in the order the
 * chain is read. */
typedef struct nonet_chain_link {
    int from;
    int to;
    int kind;
} nonet_chain_link;

/* One step: plain data. The arrays are borrowed from the explainer that
 * made the step and stay valid until its next call other than the
 * accessors (next, apply, place, eliminate, reset, rate, each). */
typedef struct nonet_step {
    int technique;   /* row of the technique table (nonet_technique_id) */
    int variant;     /* technique's own subtype: unique rectangle and
                                              BUG type (1..4); 0 when none */
    double rating;   /* SE difficulty of this step (1.0 .. 11+) */
    int nplacements; /* digits the step places */
    const nonet_candidate *placements;
    int neliminations; /* candidates the step removes */
    const nonet_candidate *eliminations;
    int ncells; /* the pattern's cells (in the technique's order) */
    const int *cells;
    int nextra; /* secondary cells: fins, extra cells of a loop,
                                              the other cells of a subset or a BUG */
    const int *extra;
    uint64_t digits; /* the pattern's digits (bit d-1 for digit d) */
    int nbase;       /* base houses (nonet_shape_house_*) */
    const int *base;
    int ncover; /* cover houses */
    const int *cover;
    int nnodes; /* chain nodes, in order */
    const nonet_chain_node *nodes;
    int nlinks; /* chain links, in order */
    const nonet_chain_link *links;
    int complexity; /* chains: their length as SE counts it (distinct
                                              nodes the conclusion rests on, plus nested
                                              chains'), which sets the rating's bonus; 0
                                              for other techniques */
    int sum;        /* killer steps: the sum their cells hold (Cage Combinations
                       the cage's, Innies and Outies the cells'); 0 for others */
} nonet_step;

/* The technique table, in SE's order: rows 0..count-1. */
NONET_API int nonet_technique_count(void);
/* The row's stable kebab-case id ("hidden-single", "x-wing", ...); NULL out of range. */
NONET_API const char *nonet_technique_id(int technique);
/* The row's display name ("Hidden Single"); NULL out of range. */
NONET_API const char *nonet_technique_name(int technique);
/* The row's SE rating (its lowest; a step may rate more); -1 out of range. */
NONET_API double nonet_technique_rating(int technique);
/* 1 when the row is an extra technique (HoDoKu's skyscraper, W-wing...):
 * off unless enabled, never used by nonet_explainer_rate; 0 for SE's own,
 * -1 out of range. */
NONET_API int nonet_technique_is_extra(int technique);
/* The row of that id, or -1 (also for NULL). */
NONET_API int nonet_technique_from_id(const char *id);

/* Opaque human-style solving state: a shape, its cells and candidates. One
 * thread at a time. It holds its own reference to the shape. */
typedef struct nonet_explainer nonet_explainer;

/* Returns a new explainer set to puzzle p (see nonet_explainer_reset), or,
 * when p is NULL, an empty one to reset later; NULL with err set:
 * NONET_ERR_RULE when p's givens break a rule, NONET_ERR_NOMEM. Free it
 * with nonet_explainer_free (NULL allowed). Calls other than reset and
 * free on an empty explainer fail with NONET_ERR_ARG (accessors give 0). */
NONET_API nonet_explainer *nonet_explainer_new(const nonet_puzzle *p, nonet_error *err);
NONET_API void nonet_explainer_free(nonet_explainer *x);

/* Sets x to puzzle p: its givens placed, each empty cell's candidates those
 * of p's pencilmarks when it has them (else every digit), less the digits
 * its peers hold. Solves p (up to two solutions) to know whether it is
 * unique. Memory is reused: it is allocated only when p's shape is larger
 * than any before. The extra techniques enabled and the progress callback
 * are kept. Returns NONET_OK, or NONET_ERR_ARG, NONET_ERR_RULE (givens that
 * clash), NONET_ERR_NOMEM with err set (x is then empty until the next
 * successful reset). */
NONET_API nonet_status nonet_explainer_reset(nonet_explainer *x, const nonet_puzzle *p,
                                             nonet_error *err);

/* Accessors. */
NONET_API const nonet_shape *nonet_explainer_shape(const nonet_explainer *x); /* borrowed */
/* Digit in `cell` (1..N), 0 when empty or out of range. */
NONET_API int nonet_explainer_value(const nonet_explainer *x, int cell);
/* Candidates of `cell` (0 when it is filled or out of range). */
NONET_API uint64_t nonet_explainer_candidates(const nonet_explainer *x, int cell);
/* Empty cells left (0 = solved). */
NONET_API int nonet_explainer_empty_cells(const nonet_explainer *x);
/* Solutions of the puzzle: 0, 1, or 2 for "several"; -1 when the progress
 * callback stopped the search (then the uniqueness techniques stay off
 * until the next reset). */
NONET_API int nonet_explainer_solutions(nonet_explainer *x);
/* The unique solution (N*N digits, borrowed, valid until the next reset),
 * or NULL when the puzzle has none or several. Both solve the puzzle as
 * reset on their first call after a reset (so they take a mutable x). */
NONET_API const unsigned char *nonet_explainer_solution(nonet_explainer *x);

/* Turns technique `technique` on or off. SE's techniques are on by default;
 * extras are off. Returns NONET_OK or NONET_ERR_ARG (no such row). */
NONET_API nonet_status nonet_explainer_enable(nonet_explainer *x, int technique, int on);

/* Called between the steps of nonet_explainer_rate, between the techniques
 * tried by nonet_explainer_next (and rate), and inside the chain searches
 * after every 65,536 units of their work (about one inference each), with
 * a count that only grows within one call; return nonzero to give up (the
 * call then returns NONET_ERR_LIMIT). NULL removes it. Kept across resets. */
NONET_API void nonet_explainer_set_progress(nonet_explainer *x, nonet_progress_fn fn, void *ctx);

/* Finds the next step, SE's choice: the first step of the first enabled
 * technique of the table that applies. Returns NONET_OK with *step filled
 * (borrowed arrays, see nonet_step), or NONET_END when the grid is solved
 * or no technique applies (nonet_explainer_empty_cells tells which),
 * NONET_ERR_RULE when the state holds a contradiction (a cell without
 * candidates, a digit with no place in a house), NONET_ERR_LIMIT when the
 * progress callback gave up, NONET_ERR_NOMEM when a search ran out of
 * memory (never another step in its place), NONET_ERR_ARG for NULL
 * arguments. The state is not changed. */
NONET_API nonet_status nonet_explainer_next(nonet_explainer *x, nonet_step *step, nonet_error *err);

/* Applies a step: removes its eliminations, then places its placements
 * (each removing the digit from the cell's peers). Any step whose cells and
 * digits fit the shape may be applied, not only one of x's. Returns
 * NONET_OK, or NONET_ERR_ARG (a cell or digit out of range, a placement of
 * a digit that is not a candidate) with err set; nothing is changed then. */
NONET_API nonet_status nonet_explainer_apply(nonet_explainer *x, const nonet_step *step,
                                             nonet_error *err);

/* A player's own moves: place digit `digit` (1..N) in `cell`, or remove it
 * from the cell's candidates. NONET_ERR_ARG when out of range or (place)
 * not a candidate. */
NONET_API nonet_status nonet_explainer_place(nonet_explainer *x, int cell, int digit,
                                             nonet_error *err);
NONET_API nonet_status nonet_explainer_eliminate(nonet_explainer *x, int cell, int digit,
                                                 nonet_error *err);

/* Called by nonet_explainer_each with every step found; return nonzero to
 * stop. The step's arrays are valid during the call only. */
typedef int (*nonet_step_fn)(void *ctx, const nonet_step *step);

/* Calls fn with every step technique `technique` finds in the current state
 * (whether the row is enabled or not; uniqueness rows only when the puzzle
 * is unique). Returns NONET_OK, NONET_ERR_LIMIT when the progress callback
 * stopped a chain search (the steps found before were passed on),
 * NONET_ERR_NOMEM when the search ran out of memory (likewise), or
 * NONET_ERR_ARG (no such row). The state is not changed. */
NONET_API nonet_status nonet_explainer_each(nonet_explainer *x, int technique, nonet_step_fn fn,
                                            void *ctx);

/* Sudoku Explainer's ratings of a solve path. */
typedef struct nonet_rating {
    double er;    /* ER: the hardest step of the path; 20.0 when stuck */
    double ep;    /* EP: the hardest step up to the first placement (0.0 when none) */
    double ed;    /* ED: the first step's rating (0.0 when none) */
    int finished; /* 1: solved to the end; 0: no technique applied (ER 20.0) */
    int steps;    /* steps applied */
    int hardest;  /* technique row of the hardest step, -1 when none */
} nonet_rating;

/* Solves from the current state with SE's techniques only (extras never
 * count; SE techniques turned off are skipped), applying each step, and
 * rates the path as SE does. The state is left where the path ended (solved,
 * or stuck). A grid already solved rates 0.0/0.0/0.0. Returns NONET_OK
 * (also when stuck: see r->finished), NONET_ERR_RULE (contradiction),
 * NONET_ERR_LIMIT (the progress callback gave up; r holds the path so far),
 * NONET_ERR_NOMEM (a search ran out of memory; likewise, never rated 20.0),
 * NONET_ERR_ARG. */
NONET_API nonet_status nonet_explainer_rate(nonet_explainer *x, nonet_rating *r, nonet_error *err);

/* The named difficulty bands on the ER scale, easiest first: 0 easy 1.0-1.5,
 * 1 medium 1.6-2.5, 2 hard 2.6-4.4, 3 fiendish 4.5-6.2, 4 diabolical
 * 6.3-8.9, 5 nightmare 9.0 and up. The one table that `nonet generate
 * --difficulty`, `nonet rate` and the bindings name. */

/* Returns the number of bands. */
NONET_API int nonet_difficulty_count(void);
/* Returns band `band`'s name ("easy" ...), NULL when out of range. Static
 * storage. */
NONET_API const char *nonet_difficulty_name(int band);
/* Returns the band of that exact (case-sensitive) name, or -1 (also for
 * NULL). */
NONET_API int nonet_difficulty_from_name(const char *name);
/* Sets *min and *max (either may be NULL) to band `band`'s ER range, *max
 * 0 for the last band (no top). Returns 0, or -1 when out of range (nothing
 * set). */
NONET_API int nonet_difficulty_range(int band, double *min, double *max);
/* Returns the band holding rating `er` taken to one decimal place (1.55 is
 * medium, 1.54 easy), or -1 when none does: below 0.95, and 20.0 or more
 * (the rating of a puzzle no technique finishes). */
NONET_API int nonet_difficulty_of(double er);

/* Writes a step (snprintf-style, see the writers below) for a puzzle shaped
 * `shape`, ending with a newline. `f` NONET_FORMAT_JSON writes one JSON
 * object: "technique" (id), "name", "rating", "variant" and "complexity"
 * (when nonzero), "placements" and "eliminations" as [row, column, digit] triples (1-based),
 * "pattern" {"cells", "extra" as [row, column], "digits", "base", "cover"
 * as house names ("r1", "c4", "b1", "d1", "w1", "p1", "g1"), "nodes" as
 * [row, column, digit, on, branch], "links" as [from, to, kind]}; any other
 * format writes a line of text like "Pointing: 5 in b1 => r1c4<>5".
 * `level` is how much to tell: 1 the technique only, 2 also where to look
 * (the pattern), 3 the whole step (the default for anything else). */
NONET_API size_t nonet_write_step(char *buf, size_t cap, nonet_format f, int level,
                                  const nonet_shape *shape, const nonet_step *step);

/* ------------------------------------------------------------------------- */
/* Generating puzzles                                                        */
/* ------------------------------------------------------------------------- */

/* Making puzzles (each with exactly one solution, minimal by default):
 *
 *     nonet_generate_options o;
 *     nonet_generate_options_init(&o);
 *     o.seed = 42;
 *     o.symmetry = NONET_SYMMETRY_ROTATE180;
 *     nonet_generator *g = nonet_generator_new(&o, &err);
 *     nonet_shape *shape = nonet_shape_new_classic(9, &err);
 *     for (uint64_t k = 0; k < 10; k++) {
 *         nonet_puzzle *p;
 *         unsigned char sol[81];
 *         nonet_generate_result res;
 *         if (nonet_generate(g, shape, k, &p, sol, &res, &err) == NONET_OK) {
 *             ... nonet_puzzle_cells(p) holds res.clues givens ...
 *             nonet_puzzle_free(p);
 *         }
 *     }
 *     nonet_shape_free(shape);
 *     nonet_generator_free(g);
 *
 * Determinism: puzzle `index` is drawn from a seed derived from (seed,
 * index) alone, so the same seed, shape, options and index give the same
 * puzzle on every machine, in any thread and in any order of calls; the
 * generator's state is scratch memory only. Budgets inside are counted in
 * search nodes, never in time; a progress callback can stop a puzzle but
 * never change it.
 *
 * Grids: the classic 9x9 grid is three random diagonal boxes completed by
 * the 9x9 engine, then put through a random member of its symmetry group
 * (relabelled digits, reordered bands, stacks, rows, columns, transposed):
 * every cell holds each digit equally often. Other shapes up to side 25,
 * jigsaws and variants are filled by a randomised search (random digit
 * order, restarts). Boxes without variants above side 25 (or when that
 * search fails) start from one pattern grid shuffled by the symmetry group:
 * random digits in every cell, but all such grids are alike up to that
 * group.
 *
 * Puzzles: the shortest prefix of a random order of the cells (of the
 * symmetry's orbits) that has one solution is the first unique puzzle; by
 * default a removal pass in a fresh random order then makes it minimal: no
 * given (with symmetry: no orbit of givens) can be removed keeping one
 * solution. Uniqueness is proved by the 9x9 engine for the classic shape and
 * by the bitmask engine otherwise.
 *
 * Difficulty (rating_min/rating_max on Sudoku Explainer's ER scale, or
 * `technique`): carving is steered, Simon Tatham's way: a given is removed
 * only while the explainer (nonet_explainer_rate) limited to the techniques
 * rated at most the target's top still solves the puzzle, with ER at most
 * that top. The puzzle carved is then rated with SE's whole set; below the
 * band, another grid is carved (and from ER 4.5 up a hard search keeps the
 * highest ER within the band), up to rating_tries puzzles. A puzzle whose
 * removals were refused by the steering is not reported minimal. */

typedef enum nonet_symmetry {
    NONET_SYMMETRY_NONE = 0,     /* givens anywhere */
    NONET_SYMMETRY_ROTATE180,    /* unchanged by a half turn */
    NONET_SYMMETRY_ROTATE90,     /* unchanged by a quarter turn */
    NONET_SYMMETRY_MIRROR,       /* unchanged by a left-right reflection */
    NONET_SYMMETRY_FLIP,         /* unchanged by a top-bottom reflection */
    NONET_SYMMETRY_DIAGONAL,     /* unchanged by reflection in the main diagonal */
    NONET_SYMMETRY_ANTIDIAGONAL, /* unchanged by reflection in the anti-diagonal */
    NONET_SYMMETRY_DIHEDRAL,     /* unchanged by all of these */
    NONET_SYMMETRY_RANDOM        /* one of ROTATE180..DIHEDRAL that the shape allows,
                                       drawn for each puzzle (NONE when none fits) */
} nonet_symmetry;

#define NONET_SYMMETRY_COUNT 9

/* Returns "none", "rotate180", "rotate90", "mirror", "flip", "diagonal",
 * "anti-diagonal", "dihedral" or "random" (static storage); NULL if out of
 * range. */
NONET_API const char *nonet_symmetry_name(nonet_symmetry s);
/* Returns the symmetry of that name ("antidiagonal" also works), or -1
 * (also for NULL). */
NONET_API int nonet_symmetry_from_name(const char *name);

/* Steering hook: called with each candidate puzzle during the removal pass
 * (N*N givens, 0 = empty, valid only during the call; it has exactly one
 * solution). Return nonzero to accept the removal, 0 to put the given back.
 * A rater capped at a target difficulty steers generation this way: a clue
 * is removed only while the capped solver still finishes. A puzzle from
 * which a removal was refused is not reported minimal (res->minimal 0). */
typedef int (*nonet_accept_fn)(void *ctx, const nonet_shape *shape, const unsigned char *givens);
/* Difficulty hook for the hard-puzzle search: a score of a puzzle with one
 * solution, higher = harder; a negative value stops the search. */
typedef double (*nonet_score_fn)(void *ctx, const nonet_shape *shape, const unsigned char *givens);

typedef struct nonet_generate_options {
    uint64_t seed;           /* puzzle k is drawn from a seed derived from (seed, k); default 0 */
    nonet_symmetry symmetry; /* of the givens; default NONE */
    int random_regions;      /* 1: each puzzle gets a new random jigsaw map of the shape's
                                   size (n connected regions of n cells, symmetric under
                                   `symmetry`); the shape's box or map is not used, its
                                   variants and groups are. Default 0 */
    int minimal;             /* 1 (default): remove givens until none can go;
                                   0: stop at the first unique puzzle */
    int clues;               /* 0 (default): no target; N: aim at N givens: stop removing at
                                   N, or take more of the random order when the first unique
                                   puzzle has fewer; res->target_met tells */
    int attempts;            /* solution grids tried to reach `clues` (default 8) */
    int hard_steps;          /* 0 (default): none; else steps of the hard-puzzle search
                                   (local search keeping the highest score) */
    nonet_accept_fn accept;  /* NULL, or the steering hook */
    void *accept_ctx;
    nonet_score_fn score; /* NULL (the engine's guesses), or the difficulty hook */
    void *score_ctx;
    nonet_progress_fn progress; /* NULL, or called periodically with the puzzle's search
                                   nodes so far; nonzero gives the puzzle up (timeouts) */
    void *progress_ctx;
    /* Difficulty on Sudoku Explainer's scale: ER in [rating_min, rating_max]
     * (both 0, the default: no rating target; rating_max 0 with rating_min
     * set: no top); `technique` -1 (default) or a row of the technique table
     * (one of SE's) that the hardest step of SE's path must be;
     * `rating_tries` puzzles carved to meet such a target before the closest
     * is returned with target_met 0 (default 200; 0 = no bound: stop it with
     * `progress`); `rate` 1: rate every puzzle (res->er, ep, ed) even
     * without a target (default 0). */
    double rating_min;
    double rating_max;
    int technique;
    int rating_tries;
    int rate;
    /* Constraints beyond the houses (docs/CONSTRAINTS.md, "Generating"):
     * `killer` 1 makes a killer: cages (connected, distinct digits, 2 to
     * `killer_max` cells; 0 = 3 on 4x4, 4 on 6x6, 5 above) cover the grid and
     * there are no givens; cages that leave a second solution are split,
     * then (minimal) neighbouring cages merged while one solution is kept.
     * `constraints`, bits (1u << kind) of NONET_CONS_CAGE, THERMO, ARROW,
     * WHITE_DOT, BLACK_DOT, X and V: a few of each drawn to fit the grid;
     * without `killer` the givens are then removed orbit by orbit while one
     * solution is kept (always minimal), with it they join the cages. No
     * difficulty, clue target, hard search or `rate` with them (NONET_ERR_ARG
     * from nonet_generator_new). Default 0, 0, 0: none. nonet_generate_from
     * ignores them. */
    int killer;
    int killer_max;
    unsigned constraints;
} nonet_generate_options;

/* Sets the defaults: seed 0, no symmetry, fixed shape, minimal, no clue
 * target, 8 attempts, no hard search, no hooks, no difficulty target (200
 * tries), no rating. Call it before setting fields, so fields added in later
 * versions get their defaults. */
NONET_API void nonet_generate_options_init(nonet_generate_options *o);

/* What one generated puzzle is. */
typedef struct nonet_generate_result {
    uint64_t seed;            /* the puzzle's own seed: with it as options.seed the same
                                   puzzle is number 0 */
    int clues;                /* givens */
    int minimal;              /* 1: checked minimal (no given or orbit of givens can go) */
    int target_met;           /* 1: every target set (clues, rating, technique) was met */
    int attempts;             /* solution grids carved (more than 1 only for a clue target) */
    nonet_symmetry symmetry;  /* the givens' symmetry (the one drawn for RANDOM) */
    double score;             /* the hard search's score (the hook's, or the engine's
                                   guesses to prove uniqueness); 0 without hard search */
    unsigned long long nodes; /* search nodes spent on this puzzle */
    int rated;                /* 1: er, ep, ed and hardest are the puzzle's SE rating (with a
                                   difficulty target or `rate`) */
    double er, ep, ed;        /* its ER, EP, ED (nonet_rating); 0 when not rated */
    int hardest;              /* technique row of its hardest step; -1 when not rated */
    int tries;                /* puzzles carved for the difficulty target (1 without) */
} nonet_generate_result;

/* Reusable generator: the options and scratch memory. One thread at a time
 * (a parallel program gives each thread its own); it holds no reference to
 * the shapes and puzzles it made. */
typedef struct nonet_generator nonet_generator;

/* Returns a new generator with a copy of `opt` (NULL: the defaults), or NULL
 * with err set: NONET_ERR_ARG for a bad symmetry, a negative count, a
 * rating band with max below min or a technique that is not one of SE's,
 * NONET_ERR_NOMEM. Free it with nonet_generator_free (NULL allowed). */
NONET_API nonet_generator *nonet_generator_new(const nonet_generate_options *opt, nonet_error *err);
NONET_API void nonet_generator_free(nonet_generator *g);

/* Makes puzzle number `index` for `shape`: *out receives a new puzzle (the
 * caller frees it; it holds its own shape reference: with random_regions a
 * new jigsaw shape), `solution` (NULL, or N*N cells) its solution, `res`
 * (may be NULL) what was made. Returns NONET_OK (also when a clue target was
 * missed: see res->target_met); NONET_ERR_SHAPE when the symmetry does not
 * fit the shape's houses, when random regions cannot carry the shape's
 * variants, or when the rules admit no complete grid; NONET_ERR_LIMIT when
 * the progress callback gave up: *out is then the unique but not minimal
 * puzzle reached so far, or NULL when there was none yet; NONET_ERR_ARG for
 * a NULL generator, shape or out; NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_generate(nonet_generator *g, const nonet_shape *shape, uint64_t index,
                                      nonet_puzzle **out, unsigned char *solution,
                                      nonet_generate_result *res, nonet_error *err);

/* The same starting from `start` (its shape is used; random_regions is
 * ignored): a complete grid is carved as it is; a puzzle with empty cells
 * is carved from its solution (the first found when it has several), and
 * with hard_steps its own givens, made minimal, start the hard search when
 * it has exactly one solution. NONET_ERR_RULE when `start` has no solution
 * or breaks a rule. */
NONET_API nonet_status nonet_generate_from(nonet_generator *g, const nonet_puzzle *start,
                                           uint64_t index, nonet_puzzle **out,
                                           unsigned char *solution, nonet_generate_result *res,
                                           nonet_error *err);

/* Makes complete grid number `index` for `shape` (the solution nonet_generate
 * would carve for that index): *out receives a new puzzle with every cell
 * given. Same errors as nonet_generate. */
NONET_API nonet_status nonet_generate_grid(nonet_generator *g, const nonet_shape *shape,
                                           uint64_t index, nonet_puzzle **out, nonet_error *err);

/* ------------------------------------------------------------------------- */
/* Equivalence: canonical forms, transformations, automorphisms              */
/* ------------------------------------------------------------------------- */

/* Two puzzles are equivalent ("the same puzzle") when a transformation of
 * the shape's group maps one onto the other. The group of a shape:
 *
 * - Boxed shapes (boxes of R rows and C columns, no variant, jigsaw map or
 *   extra group), every size: permute the N/R bands, the rows inside each
 *   band, the N/C stacks, the columns inside each stack; transpose when the
 *   boxes are square (R == C); relabel the digits (any permutation). For
 *   9x9 that is 2 x 6^8 x 9! transformations.
 * - Jigsaw shapes, variants and extra groups: the symmetries of the square
 *   (rotations by quarter turns, reflections: at most 8) that map the shape
 *   onto itself (every house onto a house, every anti-knight, anti-king and
 *   non-consecutive link onto a link), times the relabellings: any
 *   permutation, or with the non-consecutive variant only the identity and
 *   d -> N+1-d (the other relabellings break that rule).
 *
 * A canonical form is one member of the class, the same for every member,
 * read as the N*N string of the grid row by row with blanks as 0:
 *
 * - NONET_CANON_MINLEX (the default): the lexicographically smallest string
 *   of the whole class (blank 0 is below every digit). For 9x9 this is the
 *   true minlex over all 2 x 6^8 x 9! transformations.
 * - NONET_CANON_PATTERN: pattern first: among the members whose layout of
 *   givens (blank 0, given 1) is the smallest, the smallest string. For
 *   9x9 this is byte for byte the form of Mladen Dobrichev's
 *   sudoku-minlexing-tool, so existing databases can be matched.
 *
 * Both forms give the same classes. The automorphism count of a puzzle is
 * the number of distinct transformations that map it onto itself, two
 * transformations counting once when they move every given to the same
 * cell and the same digit (so swapping two blank rows does not count; for a
 * full grid it is the order of its automorphism group). It is 1 for most
 * puzzles.
 *
 * Canonicalising a puzzle needs givens that repeat no digit in a row or a
 * column (NONET_ERR_RULE otherwise). Pencilmarks play no part in the form.
 * A puzzle with constraints (killer cages, ...) has none yet:
 * NONET_ERR_UNSUPPORTED naming them. */

typedef enum nonet_canon_form {
    NONET_CANON_MINLEX = 0, /* smallest string of the class */
    NONET_CANON_PATTERN     /* smallest layout of givens, then smallest string */
} nonet_canon_form;

/* Returns the form's name ("minlex", "pattern"; static storage), NULL if out
 * of range. */
NONET_API const char *nonet_canon_form_name(nonet_canon_form f);
/* Returns the form of that name, or -1 (also for NULL). */
NONET_API int nonet_canon_form_from_name(const char *name);

/* A transformation, as plain data: target cell (r, c) takes the source cell
 * (rows[r], cols[c]) of the source grid, read transposed first when
 * `transpose` is 1, and a source digit d becomes digits[d] (digits[0] is 0:
 * blanks stay blank). rows, cols and digits[1..size] are permutations of
 * 0..size-1 and 1..size. */
typedef struct nonet_transform {
    int size;                                 /* N */
    int transpose;                            /* 0 or 1 */
    unsigned char rows[NONET_MAX_SIZE];       /* target row r <- source row rows[r] */
    unsigned char cols[NONET_MAX_SIZE];       /* target column c <- source column cols[c] */
    unsigned char digits[NONET_MAX_SIZE + 1]; /* source digit d -> digits[d] */
} nonet_transform;

/* Sets *t to the identity of side `size` (NONET_MIN_SIZE..NONET_MAX_SIZE;
 * other sizes give size 0, which no call accepts). */
NONET_API void nonet_transform_identity(nonet_transform *t, int size);

/* Checks that t is an element of the group of `shape` (see above): the
 * right size, permutations everywhere, bands, stacks and boxes kept (or a
 * symmetry of the square that keeps the shape). Returns NONET_OK, or
 * NONET_ERR_ARG with err saying what is wrong. */
NONET_API nonet_status nonet_transform_check(const nonet_transform *t, const nonet_shape *shape,
                                             nonet_error *err);

/* Applies t to the N*N cells `in`, writing the N*N cells `out` (in and out
 * must not overlap). Returns NONET_OK, or NONET_ERR_ARG (see
 * nonet_transform_check) with out untouched. */
NONET_API nonet_status nonet_transform_apply(const nonet_transform *t, const nonet_shape *shape,
                                             const unsigned char *in, unsigned char *out,
                                             nonet_error *err);

/* Sets *out to "a then b": applying *out is applying a, then b. Both must
 * have the same size; NONET_ERR_ARG otherwise. out may be a or b. */
NONET_API nonet_status nonet_transform_compose(const nonet_transform *a, const nonet_transform *b,
                                               nonet_transform *out, nonet_error *err);

/* Sets *out to the inverse of t (applying t then *out is the identity).
 * NONET_ERR_ARG when t is not made of permutations. out may be t. */
NONET_API nonet_status nonet_transform_invert(const nonet_transform *t, nonet_transform *out,
                                              nonet_error *err);

/* Returns a new puzzle: p moved by t (givens, pencilmarks and constraints),
 * with p's source, line, index, format and comment. NULL with err set:
 * NONET_ERR_ARG when t is not in the group of p's shape, or breaks one of
 * p's constraints (every constraint is kept only by the symmetries of the
 * square, and digits relabelled only when no constraint reads their values:
 * see nonet_puzzle_transform_random), naming it; NONET_ERR_NOMEM. */
NONET_API nonet_puzzle *nonet_puzzle_transform(const nonet_puzzle *p, const nonet_transform *t,
                                               nonet_error *err);

/* Sets *t to a transformation drawn uniformly from the group of `shape`
 * by a generator seeded with `seed`: the same seed gives the same
 * transformation on every machine. Returns NONET_OK, NONET_ERR_ARG for a
 * NULL argument, or NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_transform_random(const nonet_shape *shape, uint64_t seed,
                                              nonet_transform *t, nonet_error *err);

/* Sets *t to a transformation drawn uniformly from those that keep puzzle
 * p: its shape's group (as nonet_transform_random) when p has no
 * constraint; else only the symmetries of the square in that group, with
 * digits relabelled only when no constraint reads their values (cages
 * without a sum, palindromes, extra regions, clones, quadruples). Returns
 * NONET_OK, NONET_ERR_ARG for a NULL argument, or NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_puzzle_transform_random(const nonet_puzzle *p, uint64_t seed,
                                                     nonet_transform *t, nonet_error *err);

/* Returns a seed for item `index` of a run seeded with `seed`: `seed`
 * itself for index 0, else well mixed (splitmix64), so nearby indexes give
 * unrelated seeds. Use it to give item k of a batch its own seed, the same
 * whatever the number of threads. */
NONET_API uint64_t nonet_seed_derive(uint64_t seed, uint64_t index);

/* Reusable workspace for canonical forms. It grows to the largest need and
 * then allocates nothing more. One thread at a time. */
typedef struct nonet_canon nonet_canon;

/* Returns a new workspace, or NULL when out of memory. */
NONET_API nonet_canon *nonet_canon_new(void);
/* Frees it; NULL is allowed. */
NONET_API void nonet_canon_free(nonet_canon *c);

/* Writes the canonical form in `form` of the N*N cells `cells` (a puzzle or
 * a full grid of `shape`) to the N*N cells `out` (may be `cells`). When `t`
 * is non-NULL it receives a transformation of the group that maps `cells`
 * onto `out`; when `automorphisms` is non-NULL it receives the automorphism
 * count. Returns NONET_OK; NONET_ERR_RULE when a digit repeats in a row or a
 * column; NONET_ERR_ARG for a NULL argument, a digit above N or a bad form;
 * NONET_ERR_LIMIT when the search needs more than its bounds (128 MB of tied
 * partial transformations, or a million rows tried: the 9x9 search never
 * comes near; full grids of 16x16 and above do, and so can sparse givens laid
 * out like a permutation on shapes of thin boxes such as 1xN);
 * NONET_ERR_NOMEM. */
NONET_API nonet_status nonet_canon_grid(nonet_canon *c, const nonet_shape *shape,
                                        const unsigned char *cells, nonet_canon_form form,
                                        unsigned char *out, nonet_transform *t,
                                        unsigned long long *automorphisms, nonet_error *err);

/* The same for a puzzle's givens; the error's line is the puzzle's input line. */
NONET_API nonet_status nonet_canon_puzzle(nonet_canon *c, const nonet_puzzle *p,
                                          nonet_canon_form form, unsigned char *out,
                                          nonet_transform *t, unsigned long long *automorphisms,
                                          nonet_error *err);

/* Writes the canonical form in `form` of each plain 9x9 line of `text` (len
 * bytes, as nonet_reader_take_lines hands them out; see NONET_PLAIN_LINE)
 * to out, in order, as `nonet canon` writes it in the line format: 81
 * symbols ('1'-'9', '.' for a blank) and '\n', NONET_PLAIN_LINE bytes a
 * line, so cap >= len holds every one. Stops at the end of the text, when
 * out has no room for another line, or at an error. *lines and *out_len
 * (either may be NULL) receive the lines done and the bytes written.
 * Returns NONET_OK; NONET_ERR_SYNTAX when the next line is not plain,
 * NONET_ERR_RULE when its givens repeat a digit in a row, column or box (err's
 * line: its 1-based position in text; that line is not written);
 * NONET_ERR_ARG (NULL workspace, text or out with a size, bad form);
 * NONET_ERR_NOMEM. Allocates nothing a line once the workspace has done one. */
NONET_API nonet_status nonet_canon_lines(nonet_canon *c, nonet_canon_form form, const char *text,
                                         size_t len, size_t *lines, char *out, size_t cap,
                                         size_t *out_len, nonet_error *err);

#ifdef __cplusplus
}
#endif

#endif /* NONET_H */
