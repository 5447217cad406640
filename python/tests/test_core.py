"""The nonet package against the rules, the CLI and itself."""
import json
import subprocess

import numpy as np
import pytest

import nonet
from conftest import CLASSIC


def verify(shape, puzzles, solutions, anti_knight=False):
    """Every house holds each digit once, every given is kept (numpy, no library call)."""
    puzzles = nonet.to_array(puzzles, shape=shape) if not isinstance(puzzles, np.ndarray) else puzzles
    n = shape.size
    houses = np.array([cells for _, _, cells in shape.houses])
    want = np.arange(1, n + 1)
    got = np.sort(solutions[:, houses], axis=2)  # [N, houses, n]
    assert (got == want).all(), "a house misses a digit"
    given = puzzles != 0
    assert (solutions[given] == puzzles[given]).all(), "a given was changed"
    if anti_knight:
        g = solutions.reshape(-1, n, n)
        for dr, dc in [(1, 2), (2, 1), (1, -2), (2, -1)]:
            a = g[:, max(0, -dr):n - max(0, dr), max(0, -dc):n - max(0, dc)]
            b = g[:, max(0, dr):n - max(0, -dr) or None, max(0, dc):n - max(0, -dc) or None]
            assert (a != b).all(), "a knight's move apart hold the same digit"


def test_version():
    assert nonet.__version__.count(".") == 2
    assert isinstance(nonet.__version__, str)


def test_solve_strings_and_arrays(clue17):
    r = nonet.solve(clue17)
    assert (r.status == "unique").all()
    shape = nonet.Shape(9)
    verify(shape, clue17, r.solutions)
    a = nonet.to_array(clue17)
    assert a.dtype == np.uint8 and a.shape == (len(clue17), 81)
    r2 = nonet.solve(a)
    assert (r2.solutions == r.solutions).all()
    assert nonet.to_strings(a) == [s.replace("0", ".") for s in clue17]


def test_solve_jobs_same(hard):
    r1 = nonet.solve(hard, jobs=1)
    r2 = nonet.solve(hard, jobs=2)
    r3 = nonet.solve(hard, jobs=3)
    for r in (r2, r3):
        assert (r.solutions == r1.solutions).all()
        assert (r.status == r1.status).all()
        assert (r.nodes == r1.nodes).all() and (r.guesses == r1.guesses).all()
    verify(nonet.Shape(9), hard, r1.solutions)


def test_engines_agree():
    base = nonet.solve(CLASSIC)
    for engine in ["bitmask", "dlx", "planes", "fast"]:
        r = nonet.solve(CLASSIC, engine=engine)
        assert (r.solutions == base.solutions).all(), engine


def test_count_and_limit():
    empty4 = np.zeros((1, 16), np.uint8)
    r = nonet.count(empty4)  # the 4x4 grids: 288
    assert r.count[0] == 288 and r.complete[0]
    r = nonet.count(empty4, limit=10)
    assert r.count[0] == 10 and not r.complete[0]
    r = nonet.count(["." * 81], max_nodes=50)
    assert r.status[0] == "gave up"


def test_check_minimal():
    p = CLASSIC[0]
    r = nonet.check([p])
    assert r.unique[0] and r.minimal[0] == 1
    sol = nonet.solve([p]).solutions[0]
    more = nonet.to_array([p])[0]
    cell = int(np.flatnonzero(more == 0)[0])
    more[cell] = sol[cell]
    r = nonet.check(more[None, :])
    assert r.unique[0] and r.minimal[0] == 0 and r.removable[0] >= 0
    r = nonet.check(["." * 81])
    assert r.status[0] == "several" and r.minimal[0] == -1


def test_other_sizes_and_rules():
    g = nonet.generate(3, size=16, seed=3)
    assert g.puzzles.shape == (3, 256) and (g.status == "ok").all()
    r = nonet.solve(g.puzzles)
    assert (r.status == "unique").all()
    verify(nonet.Shape(16), g.puzzles, r.solutions)
    assert (r.solutions == g.solutions).all()
    six = nonet.Shape(6)
    assert six.box == (2, 3)
    g = nonet.generate(4, shape=six, seed=1)
    verify(six, g.puzzles, nonet.solve(g.puzzles, shape=six).solutions)
    for variants in ["x", "hyper", "x,anti-knight"]:
        sh = nonet.Shape(9, variants=variants)
        g = nonet.generate(2, shape=sh, seed=5)
        r = nonet.solve(g.puzzles, shape=sh)
        assert (r.status == "unique").all(), variants
        verify(sh, g.puzzles, r.solutions, anti_knight="anti-knight" in variants)
    jig = nonet.generate(2, size=9, random_regions=True, seed=7)
    for k in range(2):
        sh = nonet.Shape(9, regions=jig.regions[k])
        r = nonet.solve(jig.puzzles[k:k + 1], shape=sh)
        assert r.status[0] == "unique"
        verify(sh, jig.puzzles[k:k + 1], r.solutions)
    text = "AABB\nACBB\nCCDD\nCDDD\n"  # a 4x4 jigsaw map (regions need not be boxes)
    with pytest.raises(nonet.Error):
        nonet.Shape(4, regions="AABB\nAABB\nCCDD\nCDDD\n")  # C has 3 cells, D 5
    text = "AABB\nAABB\nCCDD\nCCDD\n"
    sh = nonet.Shape(4, regions=text)
    assert sh.box is None and len(sh.region_ids) == 16


def test_errors_per_item():
    batch = [CLASSIC[0], "12" + "." * 78 + "%", "11" + "." * 79, "1" * 80, "abc", CLASSIC[1]]
    r = nonet.solve(batch)
    assert list(r.status) == ["unique", "malformed", "invalid", "malformed", "malformed", "unique"]
    assert set(r.messages) == {1, 2, 3, 4}
    assert "twice" in r.messages[2]
    assert (r.solutions[1:5] == 0).all()
    rr = nonet.rate(batch)
    assert list(rr.status[[0, 2, 5]]) == ["ok", "invalid", "ok"] and np.isnan(rr.er[2])
    c = nonet.canon(batch)
    assert c.status[2] == "invalid" and c.status[0] == "ok"
    a = np.zeros((2, 81), np.uint8)
    a[1, 0] = 10  # a digit above 9
    r = nonet.solve(a)
    assert list(r.status) == ["several", "malformed"]


def test_usage_errors():
    with pytest.raises(nonet.Error):
        nonet.solve(CLASSIC, engine="warp")
    with pytest.raises(nonet.Error, match="variant"):
        nonet.Shape(9, variants="sideways")
    with pytest.raises(nonet.Error):
        nonet.Shape(10, box=(3, 3))
    with pytest.raises(nonet.Error, match="cells"):
        nonet.solve(np.zeros((2, 80), np.uint8), size=9)
    with pytest.raises(nonet.Error):
        nonet.generate(1, symmetry="wobbly")
    with pytest.raises(nonet.Error):
        nonet.generate(1, rating=(5.0, 2.0))
    with pytest.raises(nonet.Error):
        nonet.canon(CLASSIC, form="maxlex")
    e = None
    try:
        nonet.Shape(9, regions=[0] * 81)
    except nonet.Error as exc:
        e = exc
    assert e is not None and e.status == "bad shape"


def test_rate_equals_cli(cli, hard, clue17, tmp_path):
    # the hardest sets take a second or more a puzzle to rate: two of them
    puzzles = clue17[:150] + hard[:2] + CLASSIC + ["11" + "." * 79]  # not "." * 81: minutes
    f = tmp_path / "in.txt"
    f.write_text("\n".join(puzzles) + "\n")
    out = subprocess.run([cli, "rate", "-j1", str(f)], capture_output=True, text=True).stdout
    assert nonet.rate(puzzles, jobs=2).text() == out.splitlines()


def test_explain_equals_cli(cli, tmp_path):
    puzzles = CLASSIC[:3] + ["11" + "." * 79]
    f = tmp_path / "in.txt"
    f.write_text("\n".join(puzzles) + "\n")
    out = subprocess.run([cli, "explain", "-o", "json", "-j1", str(f)], capture_output=True,
                         text=True).stdout
    ours = nonet.explain(puzzles, jobs=2)
    # the CLI's records name their file and line; the package's have no file
    want = [{k: v for k, v in json.loads(line).items() if k not in ("source", "line")}
            for line in out.splitlines()]
    assert "twice" in ours[3][-1].pop("message")
    got = [d for steps in ours for d in steps]
    assert got == want
    assert ours[3][-1]["status"] == "invalid"
    h = nonet.hint(CLASSIC[0])
    assert h[0]["status"] == "step" and h[0]["puzzle"] == CLASSIC[0]
    assert h[0]["technique"] == ours[0][0]["technique"]


def test_several_solutions_as_cli(cli, tmp_path):
    # a classic puzzle with one given blanked has several solutions: rate,
    # explain and hint answer "several" at once, as the CLI does (rating it
    # could run for ever), and the puzzles around it are still answered
    several = "." + CLASSIC[0][1:] if CLASSIC[0][0] != "." else "." * 9 + CLASSIC[0][9:]
    assert nonet.count([several], limit=2).count[0] == 2
    puzzles = [CLASSIC[1], several, "." * 81, CLASSIC[2]]
    f = tmp_path / "in.txt"
    f.write_text("\n".join(puzzles) + "\n")
    def run(*args):
        return subprocess.run([cli, *args, "-j1", str(f)], capture_output=True, text=True).stdout
    r = nonet.rate(puzzles, jobs=2)
    assert list(r.status) == ["ok", "several", "several", "ok"]
    assert np.isnan(r.er[1]) and np.isnan(r.er[2]) and "several" in r.messages[1]
    assert r.text() == run("rate").splitlines()
    def records(out):
        return [{k: v for k, v in json.loads(line).items() if k not in ("source", "line")}
                for line in out.splitlines()]
    ex = nonet.explain(puzzles)
    for k in (1, 2):
        assert ex[k][-1].pop("message").startswith("the puzzle has several")
    assert [d for steps in ex for d in steps] == records(run("explain", "-o", "json"))
    hi = nonet.hint(puzzles)
    for k in (1, 2):
        assert hi[k][-1].pop("message").startswith("the puzzle has several")
    assert [d for steps in hi for d in steps] == records(run("hint", "-o", "json"))
    assert hi[1][-1]["status"] == "several"


def test_canon_invariant_under_augment(hard):
    base = nonet.canon(hard[:100])
    assert (base.status == "ok").all()
    sols = nonet.solve(hard[:100]).solutions
    aug, aug_sol = nonet.augment(hard[:100], sols, copies=3, seed=11)
    assert aug.shape == (300, 81)
    again = nonet.canon(aug, jobs=2)
    assert (again.keys == np.repeat(base.keys, 3)).all()
    assert not (aug[::3] == nonet.to_array(hard[:100])).all()
    verify(nonet.Shape(9), aug, aug_sol)  # solutions moved with their puzzles
    pat = nonet.canon(aug, form="pattern")
    assert (pat.keys.reshape(100, 3) == pat.keys.reshape(100, 3)[:, :1]).all()
    # canon's transformation maps each puzzle onto its form
    moved = nonet.transform(aug, again.transpose, again.rows, again.cols, again.digits)
    assert (moved == again.forms).all()
    keys = nonet.classes(aug)
    assert len(np.unique(keys)) == len(np.unique(base.keys))
    keep = nonet.dedupe(aug)
    assert len(keep) == len(np.unique(base.keys)) and keep[0] == 0


def test_shuffle_matches_cli(cli, tmp_path):
    f = tmp_path / "in.txt"
    f.write_text("\n".join(CLASSIC) + "\n")
    out = subprocess.run([cli, "shuffle", "--seed", "42", "-n", "2", "-j2", str(f)],
                         capture_output=True, text=True).stdout.split()
    r = nonet.shuffle(CLASSIC, 42, copies=2)
    assert nonet.to_strings(r.puzzles) == out


def test_seeds_deterministic_across_jobs_and_shards():
    g1 = nonet.generate(12, seed=99, symmetry="rotate180", jobs=1)
    g2 = nonet.generate(12, seed=99, symmetry="rotate180", jobs=2)
    assert (g1.puzzles == g2.puzzles).all() and (g1.seeds == g2.seeds).all()
    a = nonet.generate(5, seed=99, symmetry="rotate180")
    b = nonet.generate(7, seed=99, symmetry="rotate180", start=5)
    assert (np.vstack([a.puzzles, b.puzzles]) == g1.puzzles).all()
    s1 = nonet.shuffle(g1.puzzles, 7, copies=2, jobs=1)
    s2 = nonet.shuffle(g1.puzzles, 7, copies=2, jobs=3)
    h1 = nonet.shuffle(g1.puzzles[:4], 7, copies=2)
    h2 = nonet.shuffle(g1.puzzles[4:], 7, copies=2, start=4)
    assert (s1.puzzles == s2.puzzles).all()
    assert (np.vstack([h1.puzzles, h2.puzzles]) == s1.puzzles).all()
    assert nonet.seed_derive(5, 0) == 5 and nonet.seed_derive(5, 1) != nonet.seed_derive(5, 2)
    assert not (nonet.shuffle(g1.puzzles, 8).puzzles == nonet.shuffle(g1.puzzles, 7).puzzles).all()


def test_generate_difficulty():
    g = nonet.generate(3, difficulty="medium", seed=4, jobs=2)
    assert (g.status == "ok").all() and g.target_met.all()
    assert ((g.er >= 1.6) & (g.er <= 2.5)).all()
    r = nonet.rate(g.puzzles)
    assert (r.er == g.er).all()
    assert (nonet.check(g.puzzles).minimal == 0).sum() <= 3  # steered puzzles may keep givens
    g = nonet.generate(2, technique="x-wing", seed=2, rating_tries=400)
    assert (g.hardest[g.target_met] == "x-wing").all()
    r = nonet.generate(2, rate=True, seed=1)
    assert not np.isnan(r.er).any()


def test_help_is_enough():
    for f in [nonet.solve, nonet.rate, nonet.canon, nonet.generate, nonet.shuffle, nonet.explain]:
        assert f.__doc__ and len(f.__doc__) > 200
    assert "ER" in nonet.rate.__doc__
