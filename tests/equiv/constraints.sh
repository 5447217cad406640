#!/bin/sh
# constraints.sh NONET SRCDIR - canon, shuffle and dedupe on puzzles with
# constraints (issue 30), over every tests/golden/constraint_*/input:
#   - shuffle moves the constraints with the givens: each copy (seeds 1..6)
#     has as many solutions as its original, and its solution is the
#     original's solution moved by the copy's transformation (from -o json);
#   - the copies are not all the original: some turn or mirror the grid,
#     and the kinds that read no digit value get their digits relabelled,
#     the others never;
#   - canon and dedupe refuse such puzzles with an error naming the
#     constraint and exit status 2 (a form of the givens alone would call
#     different puzzles the same).
set -u
nonet=$1 src=$2
py=/usr/bin/python3
[ -x "$py" ] || py=python3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$*"; fail=1; }

moved=0
for dir in "$src"/tests/golden/constraint_*; do
    in=$dir/input kind=${dir##*/constraint_}
    "$nonet" count "$in" >"$tmp/n0" || bad "$kind: count failed"
    "$nonet" solve -o line "$in" | head -n 1 >"$tmp/s0"
    relabelled=0
    for seed in 1 2 3 4 5 6; do
        "$nonet" shuffle --seed $seed -o nonet "$in" >"$tmp/copy" || bad "$kind: shuffle failed"
        "$nonet" shuffle --seed $seed -o json "$in" >"$tmp/json"
        "$nonet" count "$tmp/copy" >"$tmp/n1"
        cmp -s "$tmp/n0" "$tmp/n1" || bad "$kind seed $seed: $(cat "$tmp/n1") solutions, original $(cat "$tmp/n0")"
        "$nonet" solve -o line "$tmp/copy" | head -n 1 >"$tmp/s1"
        out=$("$py" - "$tmp/s0" "$tmp/s1" "$tmp/json" <<'PY'
import json, sys
s0 = open(sys.argv[1]).read().split()[0]
s1 = open(sys.argv[2]).read().split()[0]
t = json.loads(open(sys.argv[3]).readline())["transform"]
n = len(t["rows"])
sym = lambda ch: int(ch, 36)
moved = []
for r in range(n):
    for c in range(n):
        sr, sc = t["rows"][r] - 1, t["cols"][c] - 1
        if t["transpose"]:
            sr, sc = sc, sr
        moved.append(t["digits"][sym(s0[sr * n + sc]) - 1])
want = "".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d] for d in moved)  # base 36, as sym
ident = t["rows"] == sorted(t["rows"]) and t["cols"] == sorted(t["cols"]) and not t["transpose"]
relab = t["digits"] != sorted(t["digits"])
print("ok" if want.upper() == s1.upper() else "differs", int(not ident), int(relab))
PY
)
        set -- $out
        [ "${1:-}" = ok ] || bad "$kind seed $seed: the copy's solution is not the moved solution ($out)"
        [ "${2:-0}" = 1 ] && moved=$((moved + 1))
        [ "${3:-0}" = 1 ] && relabelled=1
    done
    case $kind in
    region | clone | quadruple) [ $relabelled = 1 ] || bad "$kind: digits never relabelled" ;;
    cage) ;; # the golden cages carry sums: never relabelled, checked below
    *) [ $relabelled = 0 ] || bad "$kind: digits relabelled" ;;
    esac
done
[ $moved -gt 20 ] || bad "only $moved copies were turned or mirrored"

# a cage with a sum: never relabelled; cages without sums: relabelled
sed 's/^cage [0-9]* /cage /' "$src/tests/golden/constraint_cage/input" >"$tmp/nosum"
any=0
for seed in 1 2 3 4; do
    "$nonet" shuffle --seed $seed -o json "$tmp/nosum" | grep -q '"digits":\[1,2,3,4,5,6\]' || any=1
    "$nonet" shuffle --seed $seed -o json "$src/tests/golden/constraint_cage/input" |
        grep -q '"digits":\[1,2,3,4,5,6\]' || bad "cage sums: seed $seed relabelled the digits"
done
[ $any = 1 ] || bad "cages without sums: digits never relabelled"

for cmd in canon dedupe; do
    "$nonet" $cmd "$src/tests/golden/constraint_thermo/input" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ $st = 2 ] || bad "$cmd: exit status $st on a thermometer puzzle, expected 2"
    grep -q "thermo.*:1: thermometers are not covered by canonical forms" "$tmp/err" ||
        bad "$cmd: error does not name the thermometers: $(cat "$tmp/err")"
done
# the other puzzles of the input are still answered
{ cat "$src/tests/golden/constraint_cage/input"; printf 'nonet 1\nsize 4\ngivens\n1...\n..2.\n....\n...3\n'; } >"$tmp/mixed"
"$nonet" canon "$tmp/mixed" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && grep -q "killer cages are not covered" "$tmp/err" && grep -qx '\.3\.\.' "$tmp/out" ||
    bad "canon: a cage puzzle then a plain one: $(cat "$tmp/err") / $(cat "$tmp/out")"
exit $fail
