#!/bin/sh
# Item 4: one set of options. Every command that reads puzzles takes the
# rule options (--box, --variant, --regions, --alphabet, --format), --jobs,
# --progress and --puzzle; the searching ones the limits (--timeout,
# --max-nodes; explain, hint and rate --timeout). The options are taken,
# and they act: count of a 6x6 line with --box 3x2, an X-Sudoku line with
# --variant x.
. "$2/tests/newcomer/common.sh"

printf 'AAABBBCCC\nAAABBBCCC\nAAABBBCCC\nDDDEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n' >"$tmp/map"
echo "$A" >"$tmp/in"

# takes CMD OPTION...: the command does not refuse the option (status 3).
takes() {
    cmd=$1
    shift
    extra=
    [ "$cmd" = print ] && extra="-O $tmp/x.pdf"
    # shellcheck disable=SC2086
    "$nonet" "$cmd" $extra "$@" "$tmp/in" </dev/null >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" = 3 ] && ! grep -q "not available" "$tmp/err"; then
        echo "$cmd $*: refused (status 3): $(head -n 1 "$tmp/err")"
        fail=1
    fi
}

for cmd in solve count check convert explain hint rate canon shuffle dedupe print generate; do
    takes "$cmd" --box 3x3
    takes "$cmd" --variant x
    takes "$cmd" --regions "$tmp/map"
    takes "$cmd" --alphabet 123456789
    takes "$cmd" --format line
    takes "$cmd" -f line
    takes "$cmd" --jobs 2
    takes "$cmd" -j 1
    takes "$cmd" --progress
    takes "$cmd" --progress=never
    takes "$cmd" --puzzle "$A"
    takes "$cmd" -O "$tmp/o.pdf"
done
for cmd in solve count check explain hint rate print generate; do
    takes "$cmd" --timeout 5
done
for cmd in solve count check print generate; do
    takes "$cmd" --max-nodes 100000
done

# the options act: a 6x6 with 3x2 boxes kept as a line, an X-Sudoku line
six=$("$nonet" generate --seed 4 --size 6 --box 3x2 -o nonet | sed -n '/^givens/,$p' | sed 1d | tr -d '\n')
expect "count --box 3x2" "count" 1 "$("$nonet" count --box 3x2 --puzzle "$six" 2>&1)"
expect "check --box 3x2" "status" 0 "$("$nonet" check --box 3x2 --puzzle "$six" >/dev/null 2>&1; echo $?)"
x=$("$nonet" generate --seed 4 --variant x -o nonet | sed -n '/^givens/,$p' | sed 1d | tr -d '\n')
expect "count --variant x" "count" 1 "$("$nonet" count --variant x --puzzle "$x" 2>&1)"
expect "count without the rule" "count" 2 "$("$nonet" count --puzzle "$x" 2>/dev/null)"
# convert attaches the rules: the nonet format, which count reads alone
expect "convert --box 3x2 | count" "count" 1 \
    "$("$nonet" convert --box 3x2 --puzzle "$six" | "$nonet" count 2>&1)"
exit $fail
