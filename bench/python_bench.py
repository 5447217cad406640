#!/usr/bin/env python3
"""bench/python_bench.py [BUILD_DIR] - the Python package against the library,
measured in the same run, interleaved A/B, ROUNDS rounds, medians:

1. batch solve from a numpy array on one thread vs nonet-bench (the library
   alone, fast engine, one thread, limit 2) on the 17-clue set (goal >= 90%);
2. solve jobs=2 vs jobs=1 on the 1905 set (goal >= 1.8x on an idle machine);
3. rate through Python vs `nonet rate -j1` per band (goal within 5%), on
   CPU time and on wall time less the CLI's start-up, each band enough
   puzzles for about RATE_SECONDS (default 2) a run.

Run with PYTHONPATH at an installed or built package (tests/python_check.sh
builds one into BUILD_DIR/python). Environment: ROUNDS (default 5),
RATE_SECONDS, RATE_POOL (17-clue puzzles banded, default all 49,158),
NONET_SHARED_DATA.
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

# 3. rating per band: Python vs the CLI, one thread each, on the library's
# work: CPU time (the CLI's from getrusage of the child, the package's from
# process_time), and wall time less the CLI's start-up (a run on one
# puzzle). Bands by ER from a first rating of the 17-clue set, and the 1905
# set (ER 7+); each band as many puzzles as take about RATE_SECONDS a run.
import math
import resource

rate_secs = float(os.environ.get("RATE_SECONDS", "2"))
nonet_cli = os.path.join(build, "nonet")


def cli_run(path):
    """(wall s, CPU s, output) of `nonet rate -j1 path`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([nonet_cli, "rate", "-j1", path], capture_output=True, text=True).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def py_run(ps):
    t, c = time.perf_counter(), time.process_time()
    r = nonet.rate(ps, jobs=1)
    return time.perf_counter() - t, time.process_time() - c, r


pool = lines("puzzles2_17_clue", int(os.environ.get("RATE_POOL", "0")) or None)
er = nonet.rate(pool, jobs=2).er
bands = {"ER < 2.6 (easy, medium; 17-clue)": [p for p, e in zip(pool, er) if e < 2.55],
         "ER 2.6-6.2 (hard, fiendish; 17-clue)": [p for p, e in zip(pool, er) if 2.55 <= e < 6.25],
         "ER 7+ (1905 hardest)": lines("puzzles5_forum_hardest_1905_11+", 2000)}
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "band.txt")
    with open(path, "w") as f:
        f.write(pool[0] + "\n")
    startup = statistics.median(cli_run(path)[0] for _ in range(5))
    print(f"nonet rate start-up (one puzzle): {startup * 1000:.1f} ms")
    for band, ps in bands.items():
        probe = ps[:5]
        _, cpu, _ = py_run(probe)
        n = max(1, min(len(ps), math.ceil(rate_secs * len(probe) / max(cpu, 1e-6))))
        ps = ps[:n]
        with open(path, "w") as f:
            f.write("\n".join(ps) + "\n")
        cw, cc, pw, pc = [], [], [], []
        for _ in range(max(1, rounds // 2 + 1)):
            wall, cpu, out = cli_run(path)
            cw.append(wall - startup)
            cc.append(cpu)
            wall, cpu, r = py_run(ps)
            pw.append(wall)
            pc.append(cpu)
            assert r.text() == out.splitlines()
        mcc, mpc = statistics.median(cc), statistics.median(pc)
        mcw, mpw = statistics.median(cw), statistics.median(pw)
        print(f"rate {band} ({len(ps)}): CPU nonet rate -j1 {mcc:.2f} s, Python {mpc:.2f} s: "
              f"Python/CLI {mpc / mcc:.3f}; wall (CLI less start-up) {mcw:.2f} s vs {mpw:.2f} s: "
              f"{mpw / mcw:.3f} (CPU ratio per round {[round(b / a, 3) for a, b in zip(cc, pc)]})")
print(f"load at end {open('/proc/loadavg').read().split()[:3]}")
