"""json_check.py JSONL PUZZLES - checks nonet's JSON Lines output of
`solve --all --limit 0 -o json` against tdoku_test_puzzles: one object a
puzzle, parsed by Python's json module; the count is the file's, every
solution is listed once, is complete, keeps the givens and breaks no rule."""
import json
import sys


def valid(puzzle, grid):
    if len(grid) != 81 or any(c not in "123456789" for c in grid):
        return False
    if any(p != "." and p != g for p, g in zip(puzzle, grid)):
        return False
    houses = [[r * 9 + c for c in range(9)] for r in range(9)]
    houses += [[r * 9 + c for r in range(9)] for c in range(9)]
    houses += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    return all(len({grid[i] for i in h}) == 9 for h in houses)


def main():
    objects = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    expected = [line.rstrip("\n").split(":") for line in open(sys.argv[2], encoding="ascii")]
    assert len(objects) == len(expected), (len(objects), len(expected))
    for i, (obj, exp) in enumerate(zip(objects, expected), 1):
        assert obj["index"] == i, obj["index"]
        assert obj["puzzle"] == exp[0], i
        assert obj["count"] == int(exp[1]) and obj["exact"] is True, (i, obj["count"], exp[1])
        sols = obj["solutions"]
        assert len(sols) == len(set(sols)) == obj["count"], i
        assert all(valid(exp[0], s) for s in sols), i
        want = {0: "none", 1: "unique"}.get(obj["count"], "several")
        assert obj["status"] == want, (i, obj["status"])
        if len(exp) > 2:
            assert sols == [exp[2]], i
    print("ok: %d objects" % len(objects))


main()
