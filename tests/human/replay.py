#!/usr/bin/env python3
"""replay.py PUZZLES EXPLAIN_JSON SOLUTIONS - replays `nonet explain -o json`.

PUZZLES: one N*N-symbol puzzle a line (the line format, default boxes);
EXPLAIN_JSON: what `nonet explain -o json PUZZLES` printed; SOLUTIONS: what
`nonet solve PUZZLES` printed (one solution a line). For every puzzle, the
steps are applied from its givens to a grid of candidates (a placement also
removes the digit from the cell's row, column and box): every placement
must be a candidate, every elimination must leave the cell a candidate, a
"solved" puzzle must end equal to its solution, a "stuck" one must agree
with it where it is filled. Prints a summary; exit status 1 on a mismatch.
"""
import json
import math
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def digits(line):
    """Digits of a puzzle or solution line (0 = empty)."""
    return [SYMBOLS.index(ch) + 1 if ch in SYMBOLS else 0 for ch in line.strip()]


def peers(n, cell):
    """Cells sharing a row, column or default box with `cell`."""
    br = 1
    for d in range(1, int(math.isqrt(n)) + 1):
        if n % d == 0:
            br = d
    bc = n // br
    r, c = divmod(cell, n)
    out = set()
    for i in range(n):
        out.add(r * n + i)
        out.add(i * n + c)
    r0, c0 = r - r % br, c - c % bc
    for i in range(br):
        for j in range(bc):
            out.add((r0 + i) * n + c0 + j)
    out.discard(cell)
    return out


class Grid:
    def __init__(self, givens):
        self.n = int(math.isqrt(len(givens)))
        n = self.n
        self.value = [0] * (n * n)
        self.cand = [set(range(1, n + 1)) for _ in range(n * n)]
        for cell, d in enumerate(givens):
            if d:
                self.place(cell, d)

    def place(self, cell, d):
        if d not in self.cand[cell]:
            raise ValueError(f"r{cell // self.n + 1}c{cell % self.n + 1}={d} is not a candidate")
        self.value[cell] = d
        self.cand[cell] = set()
        for p in peers(self.n, cell):
            self.cand[p].discard(d)

    def eliminate(self, cell, d):
        self.cand[cell].discard(d)


def main(argv):
    puzzles = [digits(l) for l in open(argv[1]) if l.strip() and not l.startswith("#")]
    solutions = [digits(l) for l in open(argv[3]) if l.strip()]
    grids = {}
    status = {}
    steps = bad = 0
    for raw in open(argv[2]):
        rec = json.loads(raw)
        k = rec["index"] - 1  # the 1-based position ("puzzle" is the givens)
        if k not in grids:
            grids[k] = Grid(puzzles[k])
        g = grids[k]
        if "technique" not in rec:
            status[k] = rec["status"]
            continue
        steps += 1
        sol = solutions[k]
        try:
            for r, c, d in rec["eliminations"]:
                cell = (r - 1) * g.n + c - 1
                if sol[cell] == d:
                    raise ValueError(f"r{r}c{c}<>{d} removes the solution's digit")
                g.eliminate(cell, d)
            for r, c, d in rec["placements"]:
                cell = (r - 1) * g.n + c - 1
                if sol[cell] != d:
                    raise ValueError(f"r{r}c{c}={d}: the solution has {sol[cell]}")
                g.place(cell, d)
        except ValueError as e:
            print(f"puzzle {k + 1}, step {rec['step']} ({rec['technique']}): {e}")
            bad += 1
    for k, g in grids.items():
        sol = solutions[k]
        if status.get(k) == "solved" and g.value != sol:
            print(f"puzzle {k + 1}: replayed grid differs from the solution")
            bad += 1
        if any(v and v != s for v, s in zip(g.value, sol)):
            print(f"puzzle {k + 1}: a replayed digit differs from the solution")
            bad += 1
    solved = sum(1 for s in status.values() if s == "solved")
    print(f"replay: {len(grids)} puzzles, {steps} steps, {solved} solved, {bad} mismatches")
    return 1 if bad or len(grids) != len(puzzles) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
