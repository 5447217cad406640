#!/bin/sh
# Item 2: README.md is a front door: at most about 300 lines, no measurement
# log (issue goals, load averages, dated timing tables, branch comparisons),
# every layer of src/ named (or docs/ARCHITECTURE.md linked and naming them),
# the quick start saying what `nonet print` needs; the figures in
# docs/BENCHMARKS.md (dated, with the method and the peers), the development
# notes in docs/DEVELOPMENT.md.
. "$(dirname "$0")/common.sh"
r=$src/README.md
no() { echo "$1"; fail=1; }

lines=$(wc -l <"$r")
[ "$lines" -le 320 ] || no "README.md has $lines lines (at most about 300)"
grep -qi "issue goal\|issue target\|issue's aim" "$r" && no "README.md has issue goals"
grep -qi "load \(average\|of\|about\)\? *[0-9]" "$r" && no "README.md gives load averages"
grep -q "20[0-9][0-9]-[01][0-9]-[0-3][0-9]" "$r" && no "README.md has dated measurements"
grep -q "^|.*[0-9]/s *|" "$r" && no "README.md has a timing table"
grep -qi "this tree\|the day before\|main .auto" "$r" && no "README.md compares branches or days"

# Every layer of src/, in README or in the ARCHITECTURE.md it links.
arch=$src/docs/ARCHITECTURE.md
for d in "$src"/src/*/; do
    layer=$(basename "$d")
    grep -q "\`$layer\`\|src/$layer/" "$r" && continue
    grep -q "docs/ARCHITECTURE.md" "$r" && grep -q "src/$layer/" "$arch" 2>/dev/null && continue
    no "README.md does not name the layer src/$layer/"
done

# The quick start says what print needs.
sed -n '/^## Quick start/,/^## /p' "$r" >"$tmp/quick"
grep -qi "cairo" "$tmp/quick" || no "README.md's quick start does not say that print needs cairo"
grep -q "ctest --test-dir build --output-on-failure -j2" "$tmp/quick" || no "README.md's quick start lost its test command"

# The figures and the development notes have their own files.
b=$src/docs/BENCHMARKS.md
if [ -f "$b" ]; then
    for peer in tdoku skfr serate qqwing Dobrichev cadical; do
        grep -q "$peer" "$b" || no "docs/BENCHMARKS.md has no figure of $peer"
    done
    grep -q "20[0-9][0-9]-[01][0-9]-[0-3][0-9]" "$b" || no "docs/BENCHMARKS.md dates no figure"
    grep -q "bench/run.sh" "$b" || no "docs/BENCHMARKS.md does not give the method (bench/run.sh)"
    grep -q "^|.*[0-9],[0-9][0-9][0-9]/s" "$b" || no "docs/BENCHMARKS.md has no table of figures"
    grep -qi "issue goal\|issue target" "$b" && no "docs/BENCHMARKS.md has issue columns"
    grep -q "docs/BENCHMARKS.md" "$r" || no "README.md does not link docs/BENCHMARKS.md"
else
    no "no docs/BENCHMARKS.md"
fi
dv=$src/docs/DEVELOPMENT.md
if [ -f "$dv" ]; then
    for what in "make asan" "make fuzz" "make lint" "tests/golden" "layers.py" "Valgrind"; do
        grep -q "$what" "$dv" || no "docs/DEVELOPMENT.md does not cover '$what'"
    done
    grep -q "docs/DEVELOPMENT.md" "$r" || no "README.md does not link docs/DEVELOPMENT.md"
else
    no "no docs/DEVELOPMENT.md"
fi
exit $fail
