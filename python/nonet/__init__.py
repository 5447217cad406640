"""nonet: a Sudoku toolkit for batches of puzzles in numpy.

Every call takes a whole batch and answers it in C (libnonet), on ``jobs``
threads with the GIL released, results in input order:

    >>> import nonet
    >>> r = nonet.solve(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
    >>> r.status[0], nonet.to_strings(r.solutions)[0][:9]
    ('unique', '417369825')

Puzzles are a list of strings (81 symbols for 9x9, '.' or '0' blank; any
N*N-symbol line for other sizes) or a uint8 array [N, cells] with 0 for a
blank. The rules default to the classic ones for the size; give ``shape=``
(a :class:`Shape`) or the same keywords (``size``, ``box``, ``regions``,
``variants``, ``groups``) for others. A malformed or contradictory puzzle
gets its status and message in the result (``result.messages[i]``) and the
rest is answered; usage errors raise :class:`nonet.Error` with the library's
message. Ctrl-C stops a long batch.

Functions: solve, count, check, rate, canon, classes, dedupe, shuffle,
augment, transform, generate, explain, hint; helpers to_array, to_strings,
seed_derive, techniques.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _nonet
from ._nonet import Error

__all__ = [
    "Error", "Shape", "STATUS", "solve", "count", "check", "rate", "canon", "classes",
    "dedupe", "shuffle", "augment", "transform", "generate", "explain", "hint", "to_array",
    "to_strings", "seed_derive", "techniques", "DIFFICULTIES", "SolveResult", "CheckResult",
    "RateResult", "CanonResult", "ShuffleResult", "GenerateResult", "__version__",
]

__version__: str = _nonet.version()
"""The library's version (nonet_version()), which is also the package's."""

STATUS: Tuple[str, ...] = ("ok", "unique", "several", "none", "gave up", "invalid",
                           "malformed", "stuck", "error")
"""Status names, indexed by the codes in ``result.status_code``."""
_STATUS = np.array(STATUS)

DIFFICULTIES: Dict[str, Tuple[float, float]] = {
    name: (lo, hi) for name, lo, hi in _nonet.difficulties()}
"""The named bands of ``nonet generate --difficulty`` (ER on Sudoku Explainer's
scale; a top of 0 means no top), easiest first: the library's table."""


def difficulty_of(er: float) -> Optional[str]:
    """The name of the band holding rating ``er`` (as ``nonet rate`` names it,
    ratings taken to one decimal), or None for 20.0 (no technique finishes)."""
    return _nonet.difficulty_of(er)


Puzzles = Union[np.ndarray, Sequence[str], Sequence[bytes], str]
_SYMBOLS = np.frombuffer(b"." + b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                         dtype=np.uint8)


class Shape(_nonet.Shape):
    """The rules of a grid: size, boxes or jigsaw regions, variants, extra groups.

    Shape(size=9, box=None, regions=None, variants=None, groups=None)

    - ``size``: side N, 4..64.
    - ``box``: (rows, cols) of a box, rows*cols == N; default: the square
      root, or the factor pair closest to square.
    - ``regions``: a jigsaw map, either N*N region ids 0..N-1 (list or array)
      or the text of ``--regions`` (N rows of N symbols).
    - ``variants``: "x,hyper", a list of names ("x", "hyper", "disjoint",
      "anti-knight", "anti-king", "non-consecutive"), or the bit set.
    - ``groups``: extra houses, a list of lists of N cell indexes.

    Immutable; attributes ``size``, ``cells``, ``box``, ``variant_bits``,
    ``variants``, ``is_classic9``, ``region_ids``, ``houses``. Raises
    nonet.Error with the library's message for a shape that cannot be.
    """

    def __new__(cls, size: int = 9, box: Optional[Tuple[int, int]] = None,
                regions: Union[None, str, Sequence[int], np.ndarray] = None,
                variants: Union[None, str, Sequence[str], int] = None,
                groups: Optional[Sequence[Sequence[int]]] = None) -> "Shape":
        rows, cols = box if box is not None else (0, 0)
        if isinstance(regions, str):
            regions = _nonet.regions_parse(regions)
        elif regions is not None:
            regions = [int(v) for v in np.asarray(regions).ravel()]
        bits = _variant_bits(variants)
        flat = None
        if groups is not None:
            flat = [int(c) for g in groups for c in g]
        return super().__new__(cls, int(size), int(rows), int(cols), regions, bits, flat)

    @property
    def variants(self) -> List[str]:
        """Names of the variant rules in force."""
        names = _nonet.names("variant")
        return [n for k, n in enumerate(names) if self.variant_bits >> k & 1]

    def __repr__(self) -> str:
        extra = f", variants={','.join(self.variants)!r}" if self.variant_bits else ""
        box = f", box={self.box}" if self.box else ", regions=..."
        return f"nonet.Shape(size={self.size}{box}{extra})"


def _variant_bits(variants: Union[None, str, Sequence[str], int]) -> int:
    if variants is None:
        return 0
    if isinstance(variants, (int, np.integer)):
        return int(variants)
    if not isinstance(variants, str):
        variants = ",".join(variants)
    return _nonet.variants_parse(variants)


def _shape(puzzles: Any, shape: Optional[Shape], kw: Dict[str, Any]) -> Shape:
    """The shape given, or one made from the keywords, or the classic one for
    the puzzles' size."""
    if shape is not None:
        if kw:
            raise Error(f"give shape= or {', '.join(kw)}, not both")
        return shape
    size = kw.pop("size", None)
    if size is None:
        size = _infer_size(puzzles)
    return Shape(size, **kw)


def _infer_size(puzzles: Any) -> int:
    if isinstance(puzzles, np.ndarray):
        cells = puzzles.shape[-1] if puzzles.ndim else 81
    else:
        first = next(iter(puzzles), "")
        if isinstance(first, bytes):
            first = first.decode("utf-8", "replace")
        cells = len(str(first).rstrip())
    side = math.isqrt(cells)
    return side if side * side == cells and 4 <= side <= 64 else 9


def _batch(puzzles: Puzzles) -> Tuple[Any, bool]:
    """The batch as the extension takes it, and whether one puzzle was given."""
    if isinstance(puzzles, (str, bytes)):
        return [puzzles], True
    if isinstance(puzzles, np.ndarray) or hasattr(puzzles, "__array_interface__"):
        a = np.asarray(puzzles)
        single = a.ndim == 1
        if single:
            a = a[None, :]
        if a.ndim != 2:
            raise Error(f"puzzles: expected an array [N, cells], got shape {a.shape}")
        if a.dtype != np.uint8:
            if a.size and (a.min() < 0 or a.max() > 64):
                raise Error("puzzles: digits must be 0..64")
            a = a.astype(np.uint8)
        return np.ascontiguousarray(a), single
    if not isinstance(puzzles, (list, tuple)):
        puzzles = list(puzzles)
    return puzzles, False


def _statuses(codes: np.ndarray) -> np.ndarray:
    return _STATUS[codes]


@dataclass
class SolveResult:
    """What :func:`solve` and :func:`count` found, one row per puzzle.

    - ``solutions``: uint8 [N, cells], the first solution found (zeros when none).
    - ``status``: "unique", "several", "none", "gave up", "invalid" (givens
      break a rule), "malformed" (not a puzzle of the shape), "error".
    - ``count``: solutions found, at most ``limit`` (uint64).
    - ``complete``: True where ``count`` is the exact number.
    - ``nodes``, ``guesses``: the search's statistics.
    - ``messages``: {index: the library's message} for failed puzzles.
    """
    solutions: Optional[np.ndarray]
    status: np.ndarray
    count: np.ndarray
    nodes: np.ndarray
    guesses: np.ndarray
    complete: np.ndarray
    messages: Dict[int, str]
    status_code: np.ndarray = field(repr=False)


def _solve_call(puzzles, shape, kw, engine, simd, limit, max_nodes, jobs, want, minimal, mode):
    batch, single = _batch(puzzles)
    sh = _shape(batch, shape, kw)
    return _nonet.solve(sh, batch, engine, simd, int(limit), int(max_nodes), int(jobs), want,
                        minimal, mode), single


def solve(puzzles: Puzzles, *, limit: int = 2, engine: str = "auto", max_nodes: int = 0,
          simd: str = "best", jobs: int = 1, shape: Optional[Shape] = None,
          **shape_kw: Any) -> SolveResult:
    """Solves a batch: the first solution of each puzzle and whether it is unique.

    ``puzzles``: list of strings or uint8 array [N, cells] (0 = blank).
    ``limit``: stop each search after this many solutions (2: none / unique /
    several; 0: count all). ``engine``: "auto", "fast", "planes", "bitmask",
    "dlx", "backtrack". ``max_nodes``: give up a puzzle after that many
    search nodes (0: no bound). ``simd``: cap of the SIMD path ("best",
    "scalar", "sse4.1", "avx2", "avx512"). ``jobs``: threads. ``shape`` or
    ``size=``, ``box=``, ``regions=``, ``variants=``, ``groups=``: the rules.

    Returns a :class:`SolveResult`; ``result.status[i] == "unique"`` and
    ``result.solutions[i]`` is the answer.
    """
    (sol, st, cnt, nodes, guesses, complete, msgs), _ = _solve_call(
        puzzles, shape, shape_kw, engine, simd, limit, max_nodes, jobs, True, False, 0)
    return SolveResult(sol, _statuses(st), cnt, nodes, guesses, complete.astype(bool), msgs, st)


def count(puzzles: Puzzles, limit: int = 0, *, engine: str = "auto", max_nodes: int = 0,
          jobs: int = 1, shape: Optional[Shape] = None, **shape_kw: Any) -> SolveResult:
    """Counts the solutions of each puzzle, up to ``limit`` (0: all).

    Returns a :class:`SolveResult` without solutions: ``count`` (uint64) and
    ``complete`` (True where the count is exact: the search ended by itself),
    ``status`` as for :func:`solve`. Other arguments as for :func:`solve`.
    """
    (sol, st, cnt, nodes, guesses, complete, msgs), _ = _solve_call(
        puzzles, shape, shape_kw, engine, "best", limit, max_nodes, jobs, False, False, 0)
    return SolveResult(None, _statuses(st), cnt, nodes, guesses, complete.astype(bool), msgs, st)


@dataclass
class CheckResult:
    """What :func:`check` found: ``status`` as for :func:`solve`; ``unique``
    (bool); ``minimal``: 1 minimal, 0 not, -1 not tested or unknown;
    ``removable``: the first given that can go (cell index), -1 when none;
    ``messages`` {index: message}."""
    status: np.ndarray
    unique: np.ndarray
    minimal: np.ndarray
    removable: np.ndarray
    messages: Dict[int, str]


def check(puzzles: Puzzles, *, minimal: bool = True, engine: str = "auto", max_nodes: int = 0,
          jobs: int = 1, shape: Optional[Shape] = None, **shape_kw: Any) -> CheckResult:
    """Checks each puzzle as ``nonet check`` does: one solution, and minimal
    (no given can be removed keeping one solution) when ``minimal``.

    Returns a :class:`CheckResult`. Other arguments as for :func:`solve`.
    """
    (st, ismin, removable, msgs), _ = _solve_call(
        puzzles, shape, shape_kw, engine, "best", 2, max_nodes, jobs, False, minimal, 1)
    status = _statuses(st)
    return CheckResult(status, st == 1, ismin, removable, msgs)


@dataclass
class RateResult:
    """Sudoku Explainer ratings, one row per puzzle: ``er``, ``ep``, ``ed``
    (float64, NaN when not rated), ``steps``, ``hardest`` (technique id of the
    hardest step, "" when none), ``status``: "ok" (rated, unique), "several"
    (several solutions: not rated, as ``nonet rate`` answers it; explain and
    hint answer it the same way), "stuck" (no technique applies:
    ER 20.0), "none" (no solution), "invalid", "malformed", "gave up";
    ``messages`` {index: message}."""
    er: np.ndarray
    ep: np.ndarray
    ed: np.ndarray
    steps: np.ndarray
    hardest: np.ndarray
    status: np.ndarray
    messages: Dict[int, str]

    def text(self) -> List[str]:
        """The lines ``nonet rate`` prints: "ER/EP/ED DIFFICULTY" (no name for
        20.0), or "several", "no solution", "invalid", "gave up"."""
        words = {"none": "no solution", "malformed": "invalid", "error": "invalid"}
        lines = []
        for a, b, c, s in zip(self.er, self.ep, self.ed, self.status):
            if s not in ("ok", "stuck"):
                lines.append(words.get(s, s))
                continue
            name = difficulty_of(a)
            lines.append(f"{a:.1f}/{b:.1f}/{c:.1f}" + (f" {name}" if name else ""))
        return lines


def rate(puzzles: Puzzles, *, jobs: int = 1, shape: Optional[Shape] = None,
         **shape_kw: Any) -> RateResult:
    """Rates each puzzle on Sudoku Explainer's scale (the numbers of ``nonet rate``).

    ER is the hardest step of SE's solution path, EP the hardest up to the
    first placed digit, ED the first step's. A puzzle no technique can finish
    gets ER 20.0 and status "stuck".

    >>> nonet.rate(["..."*27]).status  # doctest: +SKIP

    Returns a :class:`RateResult` with float64 arrays ``er``, ``ep``, ``ed``.
    """
    batch, _ = _batch(puzzles)
    sh = _shape(batch, shape, shape_kw)
    er, ep, ed, steps, hardest, st, msgs = _nonet.human(sh, batch, int(jobs))
    ids = np.array([t[0] for t in _nonet.techniques()] + [""])
    return RateResult(er, ep, ed, steps, ids[hardest], _statuses(st), msgs)


@dataclass
class CanonResult:
    """Canonical forms, one row per puzzle: ``forms`` uint8 [N, cells];
    ``keys`` the forms as strings ('.' blank), one per class;
    ``automorphisms`` (uint64); the transformation mapping each puzzle onto
    its form: ``transpose`` [N], ``rows`` [N, side], ``cols`` [N, side],
    ``digits`` [N, side+1] (see :func:`transform`); ``status`` "ok" or
    "invalid"/"malformed"/"gave up"; ``messages`` {index: message}."""
    forms: np.ndarray
    keys: np.ndarray
    automorphisms: np.ndarray
    transpose: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    digits: np.ndarray
    status: np.ndarray
    messages: Dict[int, str]


def canon(puzzles: Puzzles, form: str = "minlex", *, jobs: int = 1,
          shape: Optional[Shape] = None, **shape_kw: Any) -> CanonResult:
    """Canonical form of each puzzle: one member of its equivalence class, the
    same for every member (``nonet canon``).

    ``form``: "minlex" (the smallest string of the class) or "pattern" (the
    smallest layout of givens first: the form of sudoku-minlexing-tool).
    Equivalence: the shape's group (band/stack/row/column permutations,
    transposition for square boxes, relabelling; symmetries of the square
    for jigsaws and variants).
    """
    batch, _ = _batch(puzzles)
    sh = _shape(batch, shape, shape_kw)
    out, _, aut, tp, rows, cols, digits, st, msgs = _nonet.equiv(
        sh, batch, 0, form, 0, 0, 1, None, None, int(jobs))
    return CanonResult(out, _keys(out), aut, tp.astype(bool), rows, cols, digits,
                       _statuses(st), msgs)


def _keys(cells: np.ndarray) -> np.ndarray:
    width = cells.shape[1] if cells.ndim == 2 else 0
    if width == 0 or len(cells) == 0:
        return np.array([], dtype="U1")
    return _SYMBOLS[cells].view(f"S{width}").ravel().astype(f"U{width}")


def classes(puzzles: Puzzles, form: str = "minlex", *, jobs: int = 1,
            shape: Optional[Shape] = None, **shape_kw: Any) -> np.ndarray:
    """The canonical key of each puzzle (a string): equal keys, same class.

    Use it to split train and test by class so no test puzzle is a shuffled
    copy of a training one. Puzzles that cannot be canonicalised get "".
    """
    r = canon(puzzles, form, jobs=jobs, shape=shape, **shape_kw)
    keys = r.keys.copy()
    keys[r.status != "ok"] = ""
    return keys


def dedupe(puzzles: Puzzles, *, jobs: int = 1, shape: Optional[Shape] = None,
           **shape_kw: Any) -> np.ndarray:
    """Indexes of the first puzzle of each equivalence class, in input order
    (``puzzles[dedupe(puzzles)]`` keeps one per class). Puzzles that cannot
    be canonicalised are kept."""
    keys = classes(puzzles, jobs=jobs, shape=shape, **shape_kw)
    _, first = np.unique(keys, return_index=True)
    bad = np.flatnonzero(keys == "")
    keep = np.union1d(first[keys[first] != ""], bad)
    return np.sort(keep)


@dataclass
class ShuffleResult:
    """Shuffled puzzles: ``puzzles`` uint8 [N*copies, cells] (copy k of
    puzzle i at row i*copies+k), ``also`` the second array moved the same way
    (or None), the transformations (``transpose``, ``rows``, ``cols``,
    ``digits``), ``status``, ``messages``."""
    puzzles: np.ndarray
    also: Optional[np.ndarray]
    transpose: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    digits: np.ndarray
    status: np.ndarray
    messages: Dict[int, str]


def shuffle(puzzles: Puzzles, seed: int = 0, *, copies: int = 1, also: Optional[np.ndarray] = None,
            start: int = 0, jobs: int = 1, shape: Optional[Shape] = None,
            **shape_kw: Any) -> ShuffleResult:
    """Moves each puzzle by a random member of its shape's group (relabelled
    digits, permuted bands, stacks, rows and columns, transposed): an
    equivalent puzzle, as ``nonet shuffle --seed S -n copies`` writes it.

    Copy k (1-based) of puzzle i draws from seed
    ``seed_derive(seed_derive(seed, start + i + 1), k)``: the output depends
    only on (seed, index), never on ``jobs`` or on how a dataset is split
    (pass ``start``, the index of the first puzzle in the whole dataset).
    ``also`` (uint8 [N, cells], e.g. the solutions) is moved by the same
    transformations.
    """
    batch, _ = _batch(puzzles)
    sh = _shape(batch, shape, shape_kw)
    if also is not None:
        also = np.ascontiguousarray(np.asarray(also, dtype=np.uint8))
    out, also_out, _, tp, rows, cols, digits, st, msgs = _nonet.equiv(
        sh, batch, 1, "minlex", int(seed), int(start), int(copies), also, None, int(jobs))
    return ShuffleResult(out, also_out, tp.astype(bool), rows, cols, digits, _statuses(st), msgs)


def augment(puzzles: Puzzles, solutions: Optional[np.ndarray] = None, *, copies: int = 1,
            seed: int = 0, start: int = 0, jobs: int = 1, shape: Optional[Shape] = None,
            **shape_kw: Any) -> Tuple[np.ndarray, Optional[np.ndarray]]:
    """Training-set augmentation: ``copies`` equivalent copies of each
    puzzle, and of its solution moved the same way.

    Returns (puzzles [N*copies, cells], solutions or None), deterministic per
    (seed, start + index) as :func:`shuffle`. Raises nonet.Error when a
    puzzle cannot be moved (a value above N).
    """
    r = shuffle(puzzles, seed, copies=copies, also=solutions, start=start, jobs=jobs, shape=shape,
                **shape_kw)
    bad = np.flatnonzero(r.status != "ok")
    if len(bad):
        raise Error(f"puzzle {bad[0] // max(1, copies)}: {r.messages.get(int(bad[0]), 'failed')}")
    return r.puzzles, r.also


def transform(puzzles: Puzzles, transpose: np.ndarray, rows: np.ndarray, cols: np.ndarray,
              digits: np.ndarray, *, jobs: int = 1, shape: Optional[Shape] = None,
              **shape_kw: Any) -> np.ndarray:
    """Applies transformation i to puzzle i (nonet_transform_apply): target
    cell (r, c) takes source cell (rows[i, r], cols[i, c]), read transposed
    first when transpose[i], and digit d becomes digits[i, d]. The arrays are
    those of :class:`CanonResult` and :class:`ShuffleResult`; e.g. map a
    solution onto its canonical puzzle with canon's transformation. Raises
    nonet.Error when one is not in the shape's group."""
    batch, _ = _batch(puzzles)
    sh = _shape(batch, shape, shape_kw)
    out, _, _, _, _, _, _, st, msgs = _nonet.equiv(
        sh, batch, 2, "minlex", 0, 0, 1, None, (transpose, rows, cols, digits), int(jobs))
    bad = np.flatnonzero(st != 0)
    if len(bad):
        raise Error(f"puzzle {bad[0]}: {msgs.get(int(bad[0]), 'failed')}")
    return out


@dataclass
class GenerateResult:
    """Generated puzzles: ``puzzles`` and ``solutions`` uint8 [N, cells];
    ``regions`` int8 [N, cells] with random_regions (else None); ``seeds``
    (each puzzle's own seed); ``clues``; ``minimal``; ``target_met``; ``er``,
    ``ep``, ``ed`` (NaN when not rated); ``hardest`` (technique id or "");
    ``nodes``; ``status`` "ok" or the failure; ``messages``."""
    puzzles: np.ndarray
    solutions: np.ndarray
    regions: Optional[np.ndarray]
    seeds: np.ndarray
    clues: np.ndarray
    minimal: np.ndarray
    target_met: np.ndarray
    er: np.ndarray
    ep: np.ndarray
    ed: np.ndarray
    hardest: np.ndarray
    nodes: np.ndarray
    status: np.ndarray
    messages: Dict[int, str]


def generate(count: int, *, seed: int = 0, start: int = 0, symmetry: str = "none",
             difficulty: Optional[str] = None, rating: Optional[Tuple[float, float]] = None,
             technique: Optional[str] = None, minimal: bool = True, clues: int = 0,
             attempts: int = 0, hard_steps: int = 0, rating_tries: int = -1,
             rate: bool = False, random_regions: bool = False, jobs: int = 1,
             shape: Optional[Shape] = None, **shape_kw: Any) -> GenerateResult:
    """Makes ``count`` puzzles with one solution each (minimal by default),
    as ``nonet generate`` does: puzzle k is drawn from a seed derived from
    (seed, start + k), so the same arguments give the same puzzles for any
    ``jobs`` and any split into shards (``start``: index of the first).

    ``symmetry``: "none", "rotate180", "rotate90", "mirror", "flip",
    "diagonal", "anti-diagonal", "dihedral", "random". Difficulty on Sudoku
    Explainer's ER scale: ``difficulty`` one of :data:`DIFFICULTIES`
    ("easy" .. "nightmare"), or ``rating=(lo, hi)`` (hi 0: no top), or
    ``technique`` (an SE technique id: the hardest step must be it);
    ``rating_tries``: puzzles carved per target (-1: the library's 200).
    ``rate``: rate every puzzle. ``clues``: aim at that many givens.
    ``hard_steps``: steps of the hard-puzzle search. ``random_regions``: a
    new jigsaw map per puzzle (returned in ``regions``). Shape keywords as
    for :func:`solve` (default: classic 9x9).
    """
    if shape is None:
        shape_kw.setdefault("size", 9)
    sh = _shape(None, shape, shape_kw)
    lo, hi = 0.0, 0.0
    if difficulty is not None:
        if difficulty not in DIFFICULTIES:
            raise Error(f"unknown difficulty '{difficulty}' ({', '.join(DIFFICULTIES)})")
        lo, hi = DIFFICULTIES[difficulty]
    if rating is not None:
        lo, hi = float(rating[0]), float(rating[1])
    (puz, sol, reg, seeds, nclues, mini, met, er, ep, ed, hard, nodes, st,
     msgs) = _nonet.generate(sh, int(count), int(start), int(seed), symmetry, random_regions,
                             int(minimal), int(clues), int(attempts), int(hard_steps), lo, hi,
                             technique or "", int(rating_tries), rate, int(jobs))
    ids = np.array([t[0] for t in _nonet.techniques()] + [""])
    return GenerateResult(puz, sol, reg, seeds, nclues, mini.astype(bool), met.astype(bool),
                          er, ep, ed, ids[hard], nodes, _statuses(st), msgs)


def _human_json(puzzles: Puzzles, mode: int, level: int, extra: Optional[Sequence[str]],
                start: int, jobs: int, shape: Optional[Shape], kw: Dict[str, Any]):
    batch, single = _batch(puzzles)
    sh = _shape(batch, shape, kw)
    texts, st, msgs = _nonet.human(sh, batch, int(jobs), mode, int(level), int(start),
                                   list(extra) if extra is not None else None)
    steps = [[json.loads(line) for line in text.splitlines()] for text in texts]
    for i, m in msgs.items():  # the library's message on the closing line
        if steps[i] and "status" in steps[i][-1]:
            steps[i][-1]["message"] = m
        else:
            steps[i].append({"index": start + i + 1, "status": STATUS[st[i]], "message": m})
    return (steps[0] if single else steps), texts


def explain(puzzles: Puzzles, *, extra: Optional[Sequence[str]] = None, start: int = 0,
            jobs: int = 1, shape: Optional[Shape] = None,
            **shape_kw: Any) -> Union[List[Dict[str, Any]], List[List[Dict[str, Any]]]]:
    """Explains each puzzle step by step the way a person solves it (Sudoku
    Explainer's techniques), as ``nonet explain -o json`` does.

    Returns, per puzzle, the list of its steps as dicts with the fields of
    ``-o json`` ("index", "step", "technique", "name", "rating",
    "placements", "eliminations" as [row, column, digit], "pattern", ...)
    and a last dict {"index", "puzzle" (the givens), "status": "solved" | "stuck", "steps",
    "hardest"}; a puzzle that cannot be explained ends with that closing
    dict, its status "invalid", "no solution" or "gave up", plus the
    library's "message". One string in: one list out. ``extra``: extra
    technique ids to enable (see :func:`techniques`).
    """
    return _human_json(puzzles, 1, 3, extra, start, jobs, shape, shape_kw)[0]


def hint(puzzles: Puzzles, *, level: int = 3, extra: Optional[Sequence[str]] = None,
         start: int = 0, jobs: int = 1, shape: Optional[Shape] = None,
         **shape_kw: Any) -> Union[List[Dict[str, Any]], List[List[Dict[str, Any]]]]:
    """The next step of each puzzle (``nonet hint -o json``): ``level`` 1
    names the technique, 2 also where to look, 3 the whole step. Returns per
    puzzle a list holding the step dict (or {"index", "puzzle", "status"} when the
    grid is solved or stuck)."""
    return _human_json(puzzles, 2, level, extra, start, jobs, shape, shape_kw)[0]


def to_array(puzzles: Sequence[str], *, shape: Optional[Shape] = None,
             **shape_kw: Any) -> np.ndarray:
    """Strings to a uint8 array [N, cells] (0 = blank), parsed by the library.
    Raises nonet.Error naming the first malformed one."""
    batch, _ = _batch(puzzles)
    sh = _shape(batch, shape, shape_kw)
    tp = np.zeros(len(batch), np.uint8)
    ident = np.tile(np.arange(sh.size, dtype=np.uint8), (len(batch), 1))
    digits = np.tile(np.arange(sh.size + 1, dtype=np.uint8), (len(batch), 1))
    out, _, _, _, _, _, _, st, msgs = _nonet.equiv(
        sh, batch, 2, "minlex", 0, 0, 1, None, (tp, ident, ident, digits), 1)
    bad = np.flatnonzero(st != 0)
    if len(bad):
        raise Error(f"puzzle {bad[0]}: {msgs.get(int(bad[0]), 'malformed')}")
    return out


def to_strings(cells: np.ndarray) -> List[str]:
    """A uint8 array [N, cells] to strings of symbols (1-9, A-Z, a-z; '.' blank)."""
    a = np.asarray(cells, dtype=np.uint8)
    if a.ndim == 1:
        a = a[None, :]
    return [s for s in _keys(np.ascontiguousarray(a))]


def seed_derive(seed: int, index: int) -> int:
    """nonet_seed_derive: the seed of item ``index`` of a run seeded ``seed``
    (``seed`` itself for index 0). Shard a job by giving each shard its
    ``start`` and the same ``seed``."""
    return _nonet.seed_derive(int(seed), int(index))


def techniques() -> List[Tuple[str, str, float, bool]]:
    """The technique table in SE's order: (id, name, SE rating, is_extra)."""
    return _nonet.techniques()
