#!/usr/bin/env python3
"""sat_peer.py - a SAT solver as a peer for the big-grid benchmarks.

Encodes each puzzle of the files given (one puzzle a line: N*N symbols
1-9A-Za-z with '.' or '0' blank; or blocks of the nonet format with a size,
an optional box and N rows of givens, symbols or numbers; boxes the side's
default as nonet_default_box gives them, or the block's) as CNF the
way a user trying a SAT solver would, runs the solver (default `cadical`)
on it once, checks the model is a solution of the puzzle, and prints
puzzles/s and microseconds a puzzle in bench_shapes' format. The time is the
solver's process, wall clock, per puzzle (reading the CNF included, writing
it not). One solution is asked for: nonet's figures beside it prove
uniqueness as well (limit 2), which costs more.

Encoding: variable (r, c, d) true when cell (r, c) holds digit d; every
cell holds a digit; every digit appears at most once in each row, column
and box (pairwise clauses up to 25x25; above, the sequential-counter
"ladder" at-most-one, since pairwise clauses grow as N^4); givens are unit
clauses. (Each cell then holds exactly one digit: N cells, N digits, each
at most once.)

--max K runs the first K puzzles of each file only; --times FILE appends
each puzzle's milliseconds to FILE, one a line ('+' after a time that ran
out), as bench_times does, for bench/big_compare.sh's medians.

Usage: sat_peer.py [--solver PATH] [--timeout SECONDS] [--max K] [--times FILE] FILE...
Exit status 0; 1 when a model is not a solution; 2 when the solver is
missing.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def default_box(n):
    """Rows and columns of the side's default box (nonet_default_box)."""
    r = int(math.isqrt(n))
    if r * r == n:
        return r, r
    for rows in range(r, 0, -1):
        if n % rows == 0:
            return rows, n // rows
    return 1, n


def row_cells(text):
    """The cells of a row or a line: numbers apart, or symbols (0 = blank)."""
    if " " in text:
        return [int(t) for t in text.split()]
    return [0 if ch in ".0" else SYMBOLS.index(ch) + 1 for ch in text]


def puzzles(fp):
    """Yields (cells, box) for each puzzle of a file; box None = default."""
    lines = [ln.split("#")[0].strip() for ln in fp]
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        if line.startswith("nonet"):   # a nonet-format block
            n, box, cells = 0, None, []
            while i < len(lines) and not lines[i].startswith("givens"):
                key, _, val = lines[i].partition(" ")
                if key == "size":
                    n = int(val)
                elif key == "box":
                    box = tuple(int(x) for x in val.split("x"))
                i += 1
            for row in lines[i + 1:i + 1 + n]:
                cells.extend(row_cells(row))
            i += 1 + n
            yield cells, box
            continue
        cells = row_cells(line)
        if math.isqrt(len(cells)) ** 2 != len(cells):
            raise ValueError("not a square grid: %d cells" % len(cells))
        yield cells, None


class Cnf:
    """Clauses with fresh variables after the n^3 cell variables."""

    def __init__(self, n):
        self.n = n
        self.nvars = n * n * n
        self.clauses = []

    def var(self, r, c, d):
        return (r * self.n + c) * self.n + d + 1

    def fresh(self):
        self.nvars += 1
        return self.nvars

    def at_most_one(self, lits):
        if len(lits) <= 6 or self.n <= 25:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.clauses.append((-lits[i], -lits[j]))
            return
        # Sinz's sequential counter: s_i true when one of lits[0..i] is.
        s = [self.fresh() for _ in lits[:-1]]
        self.clauses.append((-lits[0], s[0]))
        for i in range(1, len(lits) - 1):
            self.clauses.append((-lits[i], s[i]))
            self.clauses.append((-s[i - 1], s[i]))
            self.clauses.append((-lits[i], -s[i - 1]))
        self.clauses.append((-lits[-1], -s[-1]))

    def text(self):
        out = ["p cnf %d %d" % (self.nvars, len(self.clauses))]
        out.extend(" ".join(map(str, cl)) + " 0" for cl in self.clauses)
        return "\n".join(out) + "\n"


def encode(cells, box):
    n = int(math.isqrt(len(cells)))
    br, bc = box or default_box(n)
    f = Cnf(n)
    for r in range(n):
        for c in range(n):
            f.clauses.append(tuple(f.var(r, c, d) for d in range(n)))
            if cells[r * n + c]:
                f.clauses.append((f.var(r, c, cells[r * n + c] - 1),))
    for d in range(n):
        for i in range(n):
            f.at_most_one([f.var(i, c, d) for c in range(n)])
            f.at_most_one([f.var(r, i, d) for r in range(n)])
            r0, c0 = i // (n // bc) * br, i % (n // bc) * bc
            f.at_most_one([f.var(r0 + k // bc, c0 + k % bc, d) for k in range(n)])
    return f


def check(cells, box, model, n):
    """Whether the model's grid is a solution of the puzzle."""
    br, bc = box or default_box(n)
    grid = [0] * (n * n)
    for v in model:
        if 0 < v <= n * n * n:
            cell, d = divmod(v - 1, n)
            if grid[cell]:
                return False
            grid[cell] = d + 1
    if any(g == 0 or (cells[i] and cells[i] != g) for i, g in enumerate(grid)):
        return False
    full = set(range(1, n + 1))
    for i in range(n):
        r0, c0 = i // (n // bc) * br, i % (n // bc) * bc
        if (set(grid[i * n:(i + 1) * n]) != full or set(grid[i::n]) != full or
                set(grid[(r0 + k // bc) * n + c0 + k % bc] for k in range(n)) != full):
            return False
    return True


def run(solver, path, timeout):
    """Seconds the solver took and its model (None when it gave up)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run([solver, "-q", path], capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, None
    t = time.monotonic() - t0
    if p.returncode != 10:
        return t, None
    model = []
    for line in p.stdout.splitlines():
        if line.startswith("v "):
            model.extend(int(x) for x in line[2:].split() if int(x) > 0)
    return t, model


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--max", type=int, default=0)
    ap.add_argument("--times")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    solver = shutil.which(args.solver)
    if not solver:
        print("  %-10s not installed (apt-get install cadical)" % args.solver)
        return 2
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.files:
            with open(name) as fp:
                todo = list(puzzles(fp))
            if args.max > 0:
                todo = todo[:args.max]
            total, solved, worst = 0.0, 0, 0.0
            for k, (cells, box) in enumerate(todo):
                n = int(math.isqrt(len(cells)))
                cnf = os.path.join(tmp, "p%d.cnf" % k)
                with open(cnf, "w") as out:
                    out.write(encode(cells, box).text())
                t, model = run(solver, cnf, args.timeout)
                total += t
                worst = max(worst, t)
                if args.times:
                    with open(args.times, "a") as out:
                        out.write("%.4f%s\n" % (t * 1e3, "+" if model is None else ""))
                if model is None:
                    continue
                if not check(cells, box, model, n):
                    print("sat_peer: %s: puzzle %d: the model is not a solution" % (name, k + 1),
                          file=sys.stderr)
                    bad = 1
                solved += 1
            print("%s: %d puzzles, %dx%d" % (name, len(todo), n, n))
            if solved < len(todo):
                print("  %-10s solved %d of %d, %.1f s in all" % (os.path.basename(args.solver),
                                                                   solved, len(todo), total))
            else:
                print("  %-10s %10.1f puzzles/s %10.1f us/puzzle  max %.1f ms" % (
                    os.path.basename(args.solver), len(todo) / total, total * 1e6 / len(todo),
                    worst * 1e3))
    return bad


if __name__ == "__main__":
    sys.exit(main())
