#!/usr/bin/env python3
"""bench/python_bench.py [BUILD_DIR] - the Python package against the library,
measured in the same run, interleaved A/B, ROUNDS rounds, medians:

1. batch solve from a numpy array on one thread vs nonet-bench (the library
   alone, fast engine, one thread, limit 2) on the 17-clue set (goal >= 90%);
2. solve jobs=2 vs jobs=1 on the 1905 set (goal >= 1.8x on an idle machine);
3. rate through Python vs `nonet rate -j1` (whole process) per band of the
   1905 set's first puzzles (goal within 5%).

Run with PYTHONPATH at an installed or built package (tests/python_check.sh
builds one into BUILD_DIR/python). Environment: ROUNDS (default 5),
RATE_N (puzzles rated per run, default 200), NONET_SHARED_DATA.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import nonet

build = sys.argv[1] if len(sys.argv) > 1 else "build"
here = os.path.dirname(os.path.abspath(__file__))
data = os.environ.get("NONET_SHARED_DATA", os.path.join(here, "..", "..", "shared", "data", "puzzles"))
rounds = int(os.environ.get("ROUNDS", "5"))
rate_n = int(os.environ.get("RATE_N", "200"))


def lines(name, n=None):
    out = []
    with open(os.path.join(data, name)) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                out.append(line.strip()[:81])
    return out[:n] if n else out


def lib_rate(path):
    """nonet-bench's puzzles/s for the fast engine, one thread, one run."""
    out = subprocess.run([os.path.join(build, "bench", "nonet-bench"), "-e", "fast", "-r", "1", path],
                         capture_output=True, text=True, check=True).stdout
    for row in out.splitlines():
        cols = [c.strip() for c in row.split("|")]
        if len(cols) > 4 and cols[2] == "fast":
            return float(cols[4].replace(",", ""))
    raise SystemExit("nonet-bench printed no fast row:\n" + out)


def py_rate(arr, jobs=1):
    t = time.perf_counter()
    r = nonet.solve(arr, jobs=jobs, engine="fast" if jobs else "auto")
    dt = time.perf_counter() - t
    assert (r.status == "unique").all()
    return len(arr) / dt


print(f"nonet {nonet.__version__}; machine: {os.cpu_count()} cores, load "
      f"{open('/proc/loadavg').read().split()[:3]} at start; {rounds} rounds, medians")

# 1. one thread, numpy in, vs the library's own benchmark
f17 = os.path.join(data, "puzzles2_17_clue")
a17 = nonet.to_array(lines("puzzles2_17_clue"))
lib, py = [], []
for _ in range(rounds):
    lib.append(lib_rate(f17))
    py.append(py_rate(a17))
ml, mp = statistics.median(lib), statistics.median(py)
print(f"17-clue ({len(a17)}): nonet-bench {ml:,.0f}/s, Python solve jobs=1 {mp:,.0f}/s: "
      f"{100 * mp / ml:.1f}% (rounds: lib {[round(x) for x in lib]}, py {[round(x) for x in py]})")

# 2. jobs=2 vs jobs=1
a1905 = nonet.to_array(lines("puzzles5_forum_hardest_1905_11+", int(os.environ.get("N1905", "10000"))))
one, two = [], []
for _ in range(rounds):
    one.append(py_rate(a1905, 1))
    two.append(py_rate(a1905, 2))
m1, m2 = statistics.median(one), statistics.median(two)
print(f"1905 set ({len(a1905)}): jobs=1 {m1:,.0f}/s, jobs=2 {m2:,.0f}/s: {m2 / m1:.2f}x "
      f"(ratios per round {[round(b / a, 2) for a, b in zip(one, two)]})")

# 3. rating per band: Python vs the CLI, one thread each
# bands: generated medium puzzles, the 17-clue set (ER mostly 1.5-4.5), and
# the 1905 set's first puzzles (ER 7-11; seconds each, so fewer of them)
easy = nonet.generate(rate_n, seed=1, difficulty="medium", jobs=2).puzzles
bands = {"medium (ER 1.6-2.5)": nonet.to_strings(easy),
         "17-clue": lines("puzzles2_17_clue", rate_n),
         "1905 hardest (ER 7+)": lines("puzzles5_forum_hardest_1905_11+", max(1, rate_n // 10))}
with tempfile.TemporaryDirectory() as tmp:
    for band, ps in bands.items():
        path = os.path.join(tmp, "band.txt")
        with open(path, "w") as f:
            f.write("\n".join(ps) + "\n")
        cli_t, py_t = [], []
        for _ in range(max(1, rounds // 2)):
            t = time.perf_counter()
            out = subprocess.run([os.path.join(build, "nonet"), "rate", "-j1", path],
                                 capture_output=True, text=True).stdout
            cli_t.append(time.perf_counter() - t)
            t = time.perf_counter()
            r = nonet.rate(ps, jobs=1)
            py_t.append(time.perf_counter() - t)
            assert r.text() == out.splitlines()
        mc, mpy = statistics.median(cli_t), statistics.median(py_t)
        print(f"rate {band} ({len(ps)}): nonet rate -j1 {mc:.2f} s, Python {mpy:.2f} s: "
              f"Python/CLI time {mpy / mc:.3f}")
print(f"load at end {open('/proc/loadavg').read().split()[:3]}")
