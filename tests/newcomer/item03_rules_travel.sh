#!/bin/sh
# Item 3: rules travel with the puzzle. What generate writes for rules that
# are not the classic ones of the size (variants, other boxes, jigsaw
# regions) carries them: count says 1, check says unique, rate and print
# take it without a word of several solutions; convert, shuffle and canon
# keep them; a format that cannot hold them is an error that says so.
. "$2/tests/newcomer/common.sh"

# pipe LABEL GENERATE-OPTIONS: generate 2 puzzles and read them back.
pipe() {
    label=$1
    shift
    "$nonet" generate --seed 11 -n "${n:-2}" "$@" >"$tmp/p" 2>"$tmp/e" || {
        echo "$label: generate failed: $(cat "$tmp/e")"
        fail=1
        return
    }
    want=$(yes 1 | head -n "${n:-2}" | tr '\n' ' ' | sed 's/ $//')
    expect "$label" "| count" "$want" "$("$nonet" count <"$tmp/p" 2>&1 | tr '\n' ' ' | sed 's/ $//')"
    "$nonet" check <"$tmp/p" >"$tmp/c" 2>&1
    expect "$label" "| check status" 0 $?
    "$nonet" shuffle --seed 3 <"$tmp/p" | "$nonet" count >"$tmp/s" 2>&1
    expect "$label" "| shuffle | count" "$want" "$(tr '\n' ' ' <"$tmp/s" | sed 's/ $//')"
    "$nonet" convert <"$tmp/p" | "$nonet" count >"$tmp/v" 2>&1
    expect "$label" "| convert | count" "$want" "$(tr '\n' ' ' <"$tmp/v" | sed 's/ $//')"
    if [ -n "${print_ok:-}" ]; then
        "$nonet" print --answers -O "$tmp/sheet.pdf" <"$tmp/p" 2>"$tmp/pe"
        expect "$label" "| print --answers status and messages" "0:" "$?:$(cat "$tmp/pe")"
    fi
}

# print is there when built with cairo (else it says it is not available)
"$nonet" print -O "$tmp/probe.pdf" --puzzle "$A" 2>/dev/null && print_ok=1

for v in x hyper disjoint anti-knight anti-king non-consecutive; do
    n=1 pipe "variant $v" --variant "$v"
done
pipe "4x4" --size 4
pipe "6x6 3x2" --size 6 --box 3x2
pipe "6x6 2x3" --size 6 --box 2x3
pipe "8x8 4x2" --size 8 --box 4x2
pipe "8x8" --size 8
pipe "12x12 4x3" --size 12 --box 4x3
pipe "16x16" --size 16
pipe "jigsaw random" --regions random
printf 'AAABBBCCC\nAAABBBCCC\nAAABBBCCC\nDDDEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n' |
    sed 's/AAABBBCCC/AAAABBBCC/;' >"$tmp/map"
"$nonet" generate --seed 1 --regions "$tmp/map" >/dev/null 2>&1 && pipe "jigsaw map" --regions "$tmp/map"
pipe "6x6 3x2 x" --size 6 --box 3x2 --variant x

# rate: a puzzle of rules it reads, not an ordinary Sudoku of several solutions
"$nonet" generate --seed 11 --variant x | "$nonet" rate --timeout 20 >"$tmp/r" 2>"$tmp/re"
expect "variant x" "| rate: no note of several solutions" "" "$(grep -i 'several' "$tmp/re")"
"$nonet" generate --seed 11 --size 6 --box 3x2 | "$nonet" rate --timeout 20 >"$tmp/r" 2>"$tmp/re"
expect "6x6 3x2" "| rate status" "0" "$?"

# a format that cannot hold the rules: an error that says so (status 3)
"$nonet" generate --seed 1 --variant x -o line >"$tmp/o" 2>"$tmp/e"
expect "generate --variant x -o line" "status" 3 $?
grep -q "cannot hold" "$tmp/e" || { echo "generate -o line: no reason: $(cat "$tmp/e")"; fail=1; }
"$nonet" generate --seed 1 --size 6 --box 3x2 -o csv >"$tmp/o" 2>"$tmp/e"
expect "generate --box 3x2 -o csv" "status" 3 $?
"$nonet" convert --variant x -o line --puzzle "$A" >"$tmp/o" 2>"$tmp/e"
expect "convert --variant x -o line" "status" 3 $?
# and one that can: the classic shape of its size in line, a jigsaw in hdu
"$nonet" generate --seed 1 --size 6 -o line >/dev/null
expect "generate --size 6 -o line" "status" 0 $?
# the rules given to convert are attached: the nonet format, its count 1
"$nonet" convert --variant x --puzzle "$(sed -n 1p "$2/tests/golden/convert_variant_nonet/input")" |
    "$nonet" count >"$tmp/o" 2>&1
expect "convert --variant x" "| count" 1 "$(cat "$tmp/o")"
exit $fail
