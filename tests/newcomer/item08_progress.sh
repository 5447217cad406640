#!/bin/sh
# Item 8: --progress on every command, on standard error, with a total and
# the share done when the input size is known (a regular file; generate's
# -n), right plurals; --progress=always shows it off a terminal (what this
# test reads), --progress alone only on one.
. "$2/tests/newcomer/common.sh"

echo "$A" >"$tmp/one"
for i in 1 2 3; do echo "$A"; done >"$tmp/three"
for cmd in solve count check convert explain hint rate canon shuffle dedupe; do
    "$nonet" "$cmd" --progress=always "$tmp/one" >/dev/null 2>"$tmp/err"
    expect "$cmd" "last line, one puzzle" "nonet: 1 puzzle done" "$(tail -n 1 "$tmp/err")"
    "$nonet" "$cmd" --progress=always "$tmp/three" >/dev/null 2>"$tmp/err"
    expect "$cmd" "last line, three puzzles" "nonet: 3 puzzles done" "$(tail -n 1 "$tmp/err")"
    grep -q "^nonet: [0-9]* puzzles\{0,1\} done, [0-9]*%" "$tmp/err" ||
        { echo "$cmd: no share of a regular file: $(cat "$tmp/err")"; fail=1; }
    # off a terminal, --progress alone shows nothing
    "$nonet" "$cmd" --progress "$tmp/three" >/dev/null 2>"$tmp/err"
    expect "$cmd" "--progress off a terminal" "" "$(cat "$tmp/err")"
done
"$nonet" generate --seed 1 -n 3 --progress=always >/dev/null 2>"$tmp/err"
expect "generate -n 3" "last line" "nonet: 3 of 3 puzzles done" "$(tail -n 1 "$tmp/err")"
grep -q "^nonet: 1 of 3 puzzles done, 33%" "$tmp/err" || { echo "generate: no share: $(cat "$tmp/err")"; fail=1; }
# a pipe: the count without a share
cat "$tmp/three" | "$nonet" count --progress=always >/dev/null 2>"$tmp/err"
expect "a pipe" "lines" "nonet: 1 puzzle done
nonet: 3 puzzles done" "$(cat "$tmp/err")"
"$nonet" count --progress=sometimes "$tmp/one" >/dev/null 2>&1
expect "--progress=sometimes" "status" 3 $?
exit $fail
