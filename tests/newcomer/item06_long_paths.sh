#!/bin/sh
# Item 6: a path of any length is named whole, in error messages and in
# JSON "source" (nonet_error's source field holds 63 bytes; the tool and
# the puzzle's source keep the whole name).
. "$2/tests/newcomer/common.sh"

dir=$tmp/a-folder-whose-name-is-long-enough/and-another-one-below-it-to-pass-64-bytes/and-a-third
mkdir -p "$dir" || exit 1
f=$dir/puzzles-with-a-long-name.txt
printf '%s\n11.......................................................................\n' "$A" >"$f"

# a malformed puzzle: the message names the whole path
for cmd in solve count check convert rate explain hint canon shuffle dedupe; do
    "$nonet" "$cmd" "$f" >/dev/null 2>"$tmp/err"
    expect "$cmd" "error names the whole path" "nonet: $f:2:" \
        "$(grep -o "^nonet: .*:2:" "$tmp/err" | head -n 1)"
done
# a puzzle that breaks a rule (found after reading: the puzzle's source)
printf '%s\n' "11..............................................................................." >"$f"
for cmd in solve count rate explain; do
    "$nonet" "$cmd" "$f" >/dev/null 2>"$tmp/err"
    expect "$cmd (rule)" "error names the whole path" "nonet: $f:1:" \
        "$(grep -o "^nonet: .*:1:" "$tmp/err" | head -n 1)"
done
# JSON "source"
echo "$A" >"$f"
"$nonet" solve -o json "$f" >"$tmp/out"
expect "solve -o json" "source" "\"source\":\"$f\"" "$(grep -o '"source":"[^"]*"' "$tmp/out")"
# a missing file and a missing region map
"$nonet" count "$f.missing" 2>"$tmp/err"
expect "missing input" "message" "nonet: $f.missing: cannot open" "$(cut -d: -f1-3 "$tmp/err")"
"$nonet" count --regions "$f.missing" "$f" 2>"$tmp/err"
expect "missing --regions" "message" "nonet: $f.missing: cannot read the region map" \
    "$(cut -d: -f1-3 "$tmp/err")"
exit $fail
