#!/bin/sh
# item05_one_answer.sh NONET SRC - one answer a puzzle: five puzzles in,
# one malformed, give five answers out in every format that is not a
# judge's (the marker line 'Invalid input', a csv row and a json record
# with status "invalid" and the message), and the error still on stderr.
. "$(dirname "$0")/common.sh"
{
    echo "$A"
    echo "1234"
    echo "11..............................................................................."
    echo "$A"
    echo "$A"
} >"$tmp/in.txt"
count() { grep -c "$1" "$tmp/out" 2>/dev/null || true; }
for cmd in solve count convert canon shuffle rate; do
    "$nonet" $cmd "$tmp/in.txt" >"$tmp/out" 2>"$tmp/err"
    expect "$cmd" "lines" 5 "$(wc -l <"$tmp/out" | tr -d ' ')"
    expect "$cmd" "error on stderr" 1 "$(grep -c "nonet: $tmp/in.txt:2: " "$tmp/err")"
    "$nonet" $cmd -o json "$tmp/in.txt" >"$tmp/out" 2>/dev/null
    expect "$cmd -o json" "records" 5 "$(wc -l <"$tmp/out" | tr -d ' ')"
    expect "$cmd -o json" "invalid record of line 2" 1 \
        "$(grep -c '"index":2,"source":"[^"]*","line":2,.*"status":"invalid","message":"line has 4 symbols' "$tmp/out")"
    "$nonet" $cmd -o csv "$tmp/in.txt" >"$tmp/out" 2>/dev/null
    expect "$cmd -o csv" "rows" 6 "$(wc -l <"$tmp/out" | tr -d ' ')"
    expect "$cmd -o csv" "invalid row" 1 "$(grep -c '^2,.*invalid,*line has 4 symbols' "$tmp/out")"
done
"$nonet" solve "$tmp/in.txt" >"$tmp/out" 2>/dev/null
expect solve "marker" "Invalid input" "$(sed -n 2p "$tmp/out")"
"$nonet" solve -o grid "$tmp/in.txt" >"$tmp/out" 2>/dev/null
expect "solve -o grid" "marker" 1 "$(count '^Invalid input$')"
"$nonet" check "$tmp/in.txt" >"$tmp/out" 2>/dev/null
expect check "lines" 5 "$(wc -l <"$tmp/out" | tr -d ' ')"
expect check "verdict" "2: invalid: line has 4 symbols; a puzzle line has N*N of them (81 for 9x9)" \
    "$(sed -n 2p "$tmp/out")"
for cmd in explain hint; do
    "$nonet" $cmd -o json "$tmp/in.txt" >"$tmp/out" 2>/dev/null
    expect "$cmd -o json" "invalid record of line 2" 1 \
        "$(grep -c '"index":2,.*"status":"invalid","message":"line has 4 symbols' "$tmp/out")"
done
# judge formats keep their judge's shape: no record for the malformed one
"$nonet" solve -o luogu "$tmp/in.txt" >"$tmp/out" 2>/dev/null
expect "solve -o luogu" "no marker" 0 "$(count 'Invalid')"
exit $fail
