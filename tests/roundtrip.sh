#!/bin/sh
# roundtrip.sh NONET DATA_DIR - every output format read back by convert:
#   every format keeps the givens; line, tdoku, pencil and json also keep the
#   comments; pencil, candidates, csv and json keep the pencilmarks.
# Then `--stats` of solve and count on the same puzzles.
set -u
nonet=$1 data=$2
tmp=${TMPDIR:-/tmp}/nonet-rt.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
# same WHAT A B: the files must be equal.
same() { cmp -s "$2" "$3" || { echo "FAIL: $1"; diff "$2" "$3" | head -6; fail=1; }; }
"$nonet" convert -o line "$data/plain.txt" >"$tmp/line" || { echo "FAIL: convert"; exit 1; }
cut -c1-81 "$tmp/line" >"$tmp/givens"
"$nonet" convert -o pencil "$data/pencil.txt" | cut -c1-729 >"$tmp/marks"
[ "$(wc -l <"$tmp/givens")" -eq 3 ] && [ "$(wc -l <"$tmp/marks")" -eq 2 ] || { echo "FAIL: inputs"; exit 1; }
for f in line grid luogu poj pretty unicode framed pencil candidates csv json tdoku; do
    "$nonet" convert -o "$f" "$data/plain.txt" >"$tmp/$f" || { echo "FAIL: -o $f"; fail=1; }
    "$nonet" convert -o line "$tmp/$f" | cut -c1-81 >"$tmp/back"
    same "givens through $f" "$tmp/givens" "$tmp/back"
done
for f in line tdoku pencil json; do
    "$nonet" convert -o "$f" "$data/plain.txt" | "$nonet" convert -o line >"$tmp/back"
    same "comments through $f" "$tmp/line" "$tmp/back"
done
for f in pencil candidates csv json; do
    "$nonet" convert -o "$f" "$data/pencil.txt" | "$nonet" convert -o pencil | cut -c1-729 >"$tmp/back"
    same "pencilmarks through $f" "$tmp/marks" "$tmp/back"
done
"$nonet" solve -q --stats "$data/plain.txt" >/dev/null 2>"$tmp/err"
grep -q '^nonet: 3 puzzles: 1 unique, 1 several, 1 none, 0 invalid, 0 gave up; [0-9.]* s, [0-9]* puzzles/s$' "$tmp/err" ||
    { echo "FAIL: solve --stats: $(cat "$tmp/err")"; fail=1; }
printf 'bad\n' | cat "$data/plain.txt" - | "$nonet" count --stats >/dev/null 2>"$tmp/err"
grep -q '^nonet: 4 puzzles: 1 unique, 1 several, 1 none, 1 invalid, 0 gave up;' "$tmp/err" ||
    { echo "FAIL: count --stats: $(cat "$tmp/err")"; fail=1; }
[ $fail = 0 ] && echo "ok: round trips and stats"
exit $fail
