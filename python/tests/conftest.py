"""Shared fixtures: the CLI to compare with (NONET_CLI, else ../../build/nonet),
the shared puzzle sets (NONET_SHARED_DATA, else ../../../shared/data/puzzles)
and small samples of them."""
import os
import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def _cli():
    path = os.environ.get("NONET_CLI") or str(ROOT / "build" / "nonet")
    return path if os.access(path, os.X_OK) else None


def _data():
    path = pathlib.Path(os.environ.get("NONET_SHARED_DATA") or ROOT.parent / "shared" / "data" / "puzzles")
    return path if path.is_dir() else None


def require(what):
    """Skips, or fails under NONET_REQUIRE_TOOLS=1 (CI), when a tool is missing."""
    if os.environ.get("NONET_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{what} is missing (NONET_REQUIRE_TOOLS=1)")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def cli():
    path = _cli()
    if not path:
        require("the nonet CLI (set NONET_CLI or build build/nonet)")
    return path


def read_lines(path, n=None):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line[:81])
                if n and len(out) == n:
                    break
    return out


# A few classic puzzles kept in the tests, so they run without the shared sets.
CLASSIC = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
]


@pytest.fixture(scope="session")
def hard():
    """Hard puzzles: the 1905 set's first 200 when present, else CLASSIC."""
    d = _data()
    f = d / "puzzles5_forum_hardest_1905_11+" if d else None
    return read_lines(f, 200) if f and f.exists() else list(CLASSIC)


@pytest.fixture(scope="session")
def clue17():
    d = _data()
    f = d / "puzzles2_17_clue" if d else None
    return read_lines(f, 2000) if f and f.exists() else list(CLASSIC)
