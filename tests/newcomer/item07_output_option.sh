#!/bin/sh
# Item 7: -o names the output format everywhere. print takes -o pdf|svg|png
# and its file as -O FILE (--output-file); the old 'print -o sheet.pdf' is
# an error naming -O; 'generate -o puzzles.txt' says -o is a format and
# points to -O, which every command takes.
. "$2/tests/newcomer/common.sh"

"$nonet" generate -o puzzles.txt >/dev/null 2>"$tmp/err"
expect "generate -o puzzles.txt" "status" 3 $?
grep -q "did you mean -O" "$tmp/err" || { echo "generate -o puzzles.txt: no hint: $(cat "$tmp/err")"; fail=1; }
"$nonet" generate --seed 1 -O "$tmp/g.txt"
expect "generate -O FILE" "file" 1 "$("$nonet" count "$tmp/g.txt")"
"$nonet" solve -O "$tmp/s.txt" --puzzle "$A"
expect "solve -O FILE" "file" "$A_SOL" "$(cat "$tmp/s.txt")"

"$nonet" print -o "$tmp/sheet.pdf" --puzzle "$A" 2>"$tmp/err"
st=$?
if grep -q "not available" "$tmp/err"; then
    exit $fail # built without cairo: the rest needs print
fi
expect "print -o sheet.pdf" "status" 3 $st
grep -q -- "-O FILE, --output-file FILE" "$tmp/err" || { echo "print -o sheet.pdf: does not name -O: $(cat "$tmp/err")"; fail=1; }
[ -e "$tmp/sheet.pdf" ] && { echo "print -o sheet.pdf: wrote the file"; fail=1; }
"$nonet" print -O "$tmp/sheet.pdf" --puzzle "$A"
expect "print -O sheet.pdf" "a PDF" "%PDF" "$(head -c 4 "$tmp/sheet.pdf")"
"$nonet" print -o svg -O "$tmp/page" --puzzle "$A"
expect "print -o svg -O page" "an SVG" 1 "$(grep -c '<svg' "$tmp/page")"
"$nonet" print --output-file "$tmp/p.png" --puzzle "$A"
expect "print --output-file p.png" "a PNG" "PNG" "$(head -c 4 "$tmp/p.png" | tail -c 3)"
"$nonet" print -o pdf --puzzle "$A" >"$tmp/stdout.pdf"
expect "print -o pdf > FILE" "a PDF" "%PDF" "$(head -c 4 "$tmp/stdout.pdf")"
exit $fail
