#!/bin/sh
# Item 13: a missing --regions file exits 2 like a missing input; a bad
# region map names the real side, not "expected 4"; impossible generate
# values (--clues 1000) are usage errors; qqwing's --csv output is read; a
# binary file stops after a few errors with one summary line, and the next
# file is read.
. "$2/tests/newcomer/common.sh"

echo "$A" >"$tmp/in"
for cmd in solve count check convert rate canon; do
    "$nonet" "$cmd" --regions "$tmp/no-such-map" "$tmp/in" >/dev/null 2>&1
    expect "$cmd --regions MISSING" "status" 2 $?
    "$nonet" "$cmd" "$tmp/no-such-file" >/dev/null 2>&1
    expect "$cmd MISSING" "status" 2 $?
done

# a region map for a 9x9 that goes wrong: no "expected 4"
python_free_map() { i=0; while [ $i -lt 9 ]; do printf 'ABCDEFGHI'; i=$((i + 1)); done; echo; }
python_free_map >"$tmp/one-line"
printf 'AAABBBCCC\nAAABBBCCC\n' >"$tmp/short"
: >"$tmp/empty"
for m in one-line short empty; do
    "$nonet" solve --regions "$tmp/$m" "$tmp/in" 2>"$tmp/err"
    grep -q "expected 4" "$tmp/err" && { echo "--regions $m: $(cat "$tmp/err")"; fail=1; }
done
expect "9-row map cut short" "message" "region map has 2 rows, expected 9" \
    "$("$nonet" solve --regions "$tmp/short" "$tmp/in" 2>&1 | sed 's/.*: //')"

# impossible values: usage errors
"$nonet" generate --clues 1000 >"$tmp/out" 2>"$tmp/err"
expect "generate --clues 1000" "status" 3 $?
expect "generate --clues 1000" "standard output" "" "$(cat "$tmp/out")"
"$nonet" generate --size 4 --clues 17 >/dev/null 2>&1
expect "generate --size 4 --clues 17" "status" 3 $?

# qqwing --csv: "Puzzle,Solution," then puzzle,solution, rows
printf 'Puzzle,Solution,\n%s,%s,\n%s,%s,\n' "$A" "$A_SOL" "$A" "$A_SOL" >"$tmp/qq.csv"
expect "qqwing csv" "count" "1 1" "$("$nonet" count "$tmp/qq.csv" 2>&1 | tr '\n' ' ' | sed 's/ $//')"
printf 'Puzzle,Solution,Solution Count,Difficulty,\n%s,%s,1,Simple,\n' "$A" "$A_SOL" >"$tmp/qq2.csv"
expect "qqwing csv with stats" "solution" "$A_SOL" "$("$nonet" solve -o line "$tmp/qq2.csv" 2>&1)"

# a binary file: a few errors, one summary line, then the next file
bin=$nonet
lines=$("$nonet" count "$bin" "$tmp/in" 2>&1 >"$tmp/out" | wc -l)
[ "$lines" -le 5 ] || { echo "binary: $lines lines of errors"; fail=1; }
"$nonet" count "$bin" "$tmp/in" 2>"$tmp/err" >"$tmp/out"
grep -q "^nonet: $bin: looks like a binary file, skipped after [0-9]* errors$" "$tmp/err" ||
    { echo "binary: no summary: $(tail -n 2 "$tmp/err")"; fail=1; }
expect "binary then a file" "the file's answer" 1 "$(tail -n 1 "$tmp/out")"
exit $fail
