#!/bin/sh
# item11_json_schema.sh NONET SRC - one JSON schema across commands: every
# command's -o json output on a mix of inputs (unique, several solutions,
# contradiction, malformed, a 6x6, a jigsaw, an X-Sudoku) is valid against
# docs/nonet.schema.json (python3-jsonschema), and the shared fields mean
# the same everywhere: "index" 1-based, "puzzle" the givens, 1-based
# coordinates. Skipped (77) without python3-jsonschema unless
# NONET_REQUIRE_TOOLS=1.
. "$(dirname "$0")/common.sh"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! $py -c 'import jsonschema' 2>/dev/null; then
    [ "${NONET_REQUIRE_TOOLS:-0}" = 1 ] && { echo "FAIL: python3-jsonschema is missing"; exit 1; }
    echo "SKIP: python3-jsonschema is missing"
    exit 77
fi
{
    echo "$A"
    echo "${A%?????}....." # several solutions
    echo "11..............................................................................."
    echo "1234"
    echo "$A"
} >"$tmp/mix.txt"
"$nonet" generate -n 1 --size 6 --box 3x2 --seed 3 -o nonet >"$tmp/six.txt"
"$nonet" generate -n 1 --regions random --seed 3 -o nonet >"$tmp/jigsaw.txt"
"$nonet" generate -n 1 --variant x --seed 3 -o nonet >"$tmp/x.txt"
n=0
for input in mix six jigsaw x; do
    for cmd in solve count convert canon shuffle dedupe rate explain hint; do
        n=$((n + 1))
        timeout 60 "$nonet" $cmd -o json --timeout 5 "$tmp/$input.txt" >"$tmp/$n.jsonl" 2>/dev/null ||
            timeout 60 "$nonet" $cmd -o json "$tmp/$input.txt" >"$tmp/$n.jsonl" 2>/dev/null
        [ -s "$tmp/$n.jsonl" ] || { echo "$cmd $input: no JSON"; fail=1; }
    done
done
"$nonet" generate -n 3 --seed 5 -o json >"$tmp/gen1.jsonl"
"$nonet" generate -n 2 --seed 5 --difficulty medium -o json >"$tmp/gen2.jsonl"
"$nonet" generate -n 1 --seed 5 --size 6 --box 3x2 -o json >"$tmp/gen3.jsonl"
$py "$src/tests/json_schema_check.py" "$src/docs/nonet.schema.json" "$tmp"/*.jsonl >"$tmp/report" ||
    { cat "$tmp/report" | tail -20; fail=1; }
# the same meaning everywhere: "puzzle" the givens (never an index), every
# record of a puzzle read has its index, source and line
for cmd in rate explain hint solve; do
    "$nonet" $cmd -o json "$tmp/mix.txt" --timeout 5 2>/dev/null | grep -v '"step":' | head -1 >"$tmp/one"
    expect "$cmd" "puzzle is the givens" 1 "$(grep -c "\"index\":1,\"source\":\"$tmp/mix.txt\",\"line\":1,\"puzzle\":\"$A\"" "$tmp/one")"
done
# canon's transformation 1-based like every coordinate
echo "$A" | "$nonet" canon -o json >"$tmp/canon"
expect canon "1-based rows" 1 "$(grep -c '"rows":\[[1-9],' "$tmp/canon")"
expect canon "no row 0" 0 "$(grep -c '"rows":\[[^]]*\b0\b' "$tmp/canon")"
exit $fail
