#!/bin/sh
# examples_check.sh BINDIR SRCDIR - runs the example programs built in BINDIR
# (solve_string, count_solutions, read_file) and checks every output against
# known answers: the golden CLI cases' verified outputs for the bundled
# example files, and the 288 grids of the empty 4x4 Sudoku.
set -u
bin=$1 src=$2
tmp=${TMPDIR:-/tmp}/nonet-examples.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
for ex in solve_string count_solutions read_file; do
    [ -x "$bin/$ex" ] || { echo "$bin/$ex is missing"; exit 1; }
done

# expect LABEL WANT_STATUS WANT_STDOUT_FILE COMMAND... - runs and compares.
expect() {
    label=$1 want_status=$2 want=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" != "$want_status" ]; then
        echo "$label: exit status $status, expected $want_status"; cat "$tmp/err"; fail=1
    fi
    if ! cmp -s "$tmp/out" "$want"; then
        echo "$label: output differs:"; diff "$want" "$tmp/out" | head -10; fail=1
    fi
}

golden=$src/tests/golden
head -n 1 "$golden/acwing166_sample/expected" >"$tmp/first"
expect "solve_string (bundled puzzle)" 0 "$tmp/first" "$bin/solve_string"
puzzle=$(head -n 1 "$src/examples/acwing166.txt")
expect "solve_string PUZZLE" 0 "$tmp/first" "$bin/solve_string" "$puzzle"
: >"$tmp/empty"
expect "solve_string (not a puzzle)" 2 "$tmp/empty" "$bin/solve_string" "12345"

echo "288 solutions" >"$tmp/c288"
expect "count_solutions (empty 4x4)" 0 "$tmp/c288" "$bin/count_solutions" "................"
echo "at least 100 solutions" >"$tmp/c100"
expect "count_solutions (limit)" 0 "$tmp/c100" "$bin/count_solutions" "................" 100
echo "1 solution" >"$tmp/c1"
expect "count_solutions (unique)" 0 "$tmp/c1" "$bin/count_solutions" "$puzzle"

for name in acwing166 luogu_p1784 poj2676 hdu4069; do
    case=$golden/${name}_sample
    want_status=0
    [ -f "$case/status" ] && want_status=$(cat "$case/status")
    expect "read_file $name.txt" "$want_status" "$case/expected" \
        "$bin/read_file" "$src/examples/$name.txt"
done
exit $fail
