#!/bin/sh
# formats_corpus.sh NONET DATA_DIR ENGINE [TOP] - many puzzles through every judge
# format with one engine. Builds one input of hard, unsolvable and
# multi-solution puzzles (top1465, tdoku's test fixture, serg) and writes it
# as lines, 9-line grids, Luogu grids, a POJ 2676 input and an HDU 4069 input
# (regions = the 3x3 boxes, as walls). Each format's answers, read back as
# lines, must equal the line format's answers; the HDU answers must say
# "Case k:" with the grid, "No solution" or "Multiple Solutions" exactly where
# the line answers have a unique solution, none, or several. TOP (default
# 150) is how many top1465 puzzles to include (the backtracking engine gets 3).
# Exits 77 when the data is absent.
set -u
nonet=$1 data=$2 engine=$3 top=${4:-150}
for f in puzzles3_magictour_top1465 tdoku_test_puzzles puzzles7_serg_benchmark; do
    [ -f "$data/$f" ] || { echo "SKIP: $data/$f is missing"; exit 77; }
done
tmp=${TMPDIR:-/tmp}/nonet-formats.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
{
    grep -v '^#' "$data/puzzles3_magictour_top1465" | grep . | head -n "$top"
    cut -c1-81 "$data/tdoku_test_puzzles"
    grep -v '^#' "$data/puzzles7_serg_benchmark" | head -n 60
} >"$tmp/lines"
total=$(wc -l <"$tmp/lines")

# Reference: line answers, and which puzzles have several solutions.
"$nonet" solve -e "$engine" -j2 "$tmp/lines" >"$tmp/ref" 2>"$tmp/ref.err"
status=$?
[ "$status" -le 1 ] || { echo "line format: exit status $status"; head "$tmp/ref.err"; exit 1; }
[ "$(wc -l <"$tmp/ref")" -eq "$total" ] || { echo "line format: $total puzzles, $(wc -l <"$tmp/ref") answers"; exit 1; }
sed -n 's/^nonet: [^:]*:\([0-9]*\): the puzzle has several solutions.*/\1/p' "$tmp/ref.err" >"$tmp/several"

# Back to one answer a line: 9-line grids (any spacing) or "No solution".
join_grids() {
    awk '/^No solution$/ { print; next } { gsub(/ /, ""); row = row $0; if (++n == 9) { print row; row = ""; n = 0 } }'
}

fail=0
check() {   # check NAME FORMAT_ARGS < input
    name=$1
    shift
    "$nonet" solve -q -e "$engine" -j2 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    s=$?
    [ "$s" -le 1 ] || { echo "$name: exit status $s"; head -3 "$tmp/$name.err"; fail=1; return; }
    grep -v '^$' "$tmp/$name.out" | join_grids >"$tmp/$name.lines"
    if ! cmp -s "$tmp/$name.lines" "$tmp/ref"; then
        echo "$name: answers differ from the line format's"
        diff "$tmp/ref" "$tmp/$name.lines" | head -5
        fail=1
    fi
}

awk '{ for (r = 0; r < 9; r++) print substr($0, r * 9 + 1, 9) }' "$tmp/lines" >"$tmp/grid.in"
check grid "$tmp/grid.in"
awk '{ for (r = 0; r < 9; r++) { s = ""; for (c = 1; c <= 9; c++) { ch = substr($0, r * 9 + c, 1); if (ch == ".") ch = 0; s = s (c > 1 ? " " : "") ch } print s } print "" }' "$tmp/lines" >"$tmp/luogu.in"
check luogu "$tmp/luogu.in"
check pretty-out -o pretty "$tmp/lines"
{ echo "$total"; awk '{ gsub(/\./, "0"); for (r = 0; r < 9; r++) print substr($0, r * 9 + 1, 9) }' "$tmp/lines"; } >"$tmp/poj.in"
check poj "$tmp/poj.in"

# HDU: box walls around each 3x3 box.
{
    echo "$total"
    awk '{
        gsub(/\./, "0")
        for (r = 0; r < 9; r++) {
            s = ""
            for (c = 0; c < 9; c++) {
                v = substr($0, r * 9 + c + 1, 1) + 0
                if (r % 3 == 0) v += 16
                if (c % 3 == 2) v += 32
                if (r % 3 == 2) v += 64
                if (c % 3 == 0) v += 128
                s = s (c ? " " : "") v
            }
            print s
        }
        print ""
    }' "$tmp/lines"
} >"$tmp/hdu.in"
"$nonet" solve -e "$engine" -j2 "$tmp/hdu.in" >"$tmp/hdu.out" 2>"$tmp/hdu.err"
awk -v several="$tmp/several" '
    BEGIN { while ((getline l < several) > 0) multi[l] = 1 }
    {
        k = NR
        printf "Case %d:\n", k
        if (k in multi) print "Multiple Solutions"
        else if ($0 == "No solution") print
        else for (r = 0; r < 9; r++) print substr($0, r * 9 + 1, 9)
    }' "$tmp/ref" >"$tmp/hdu.expected"
if ! cmp -s "$tmp/hdu.out" "$tmp/hdu.expected"; then
    echo "hdu: answers differ from the line format's"
    diff "$tmp/hdu.expected" "$tmp/hdu.out" | head -5
    fail=1
fi
[ "$fail" = 0 ] && echo "$total puzzles: line, grid, luogu, pretty, poj and hdu agree (engine $engine)"
exit $fail
