#!/bin/sh
# output_integrity.sh NONET - a closed pipe ends nonet quietly and early; a
# write error (/dev/full) is reported with exit status 4; output and error
# messages come in input order whatever the number of threads.
set -u
nonet=$1
. "$(dirname "$0")/common.sh"

# 4000 puzzles with a bad line every 97 lines (more than a pipe buffer holds).
i=0
while [ $i -lt 200 ]; do
    printf '%s\n' "$A" "$B" "$A" "$B" "$A"
    i=$((i + 1))
done >"$tmp/block"
for k in 1 2 3 4; do cat "$tmp/block"; done >"$tmp/good"
awk 'NR % 97 == 0 { print substr($0, 1, 80); next } { print }' "$tmp/good" >"$tmp/mixed"

# Closed pipe: head takes one line; nonet must say nothing (killed by SIGPIPE
# or, with SIGPIPE ignored, stopping at EPIPE).
for j in 1 4; do
    first=$("$nonet" solve -j$j "$tmp/good" 2>"$tmp/err" | head -1)
    expect "pipe -j$j" "first line" "$A_SOL" "$first"
    expect "pipe -j$j" stderr "" "$(cat "$tmp/err")"
    first=$(sh -c 'trap "" PIPE; exec "$0" solve -j'$j' "$1"' "$nonet" "$tmp/good" 2>"$tmp/err" | head -1)
    expect "pipe ignored -j$j" "first line" "$A_SOL" "$first"
    expect "pipe ignored -j$j" stderr "" "$(cat "$tmp/err")"
done

# Write error: reported once, exit status 4.
if [ -w /dev/full ]; then
    for j in 1 4; do
        "$nonet" solve -j$j "$tmp/good" >/dev/full 2>"$tmp/err"
        expect "/dev/full -j$j" status 4 "$?"
        expect "/dev/full -j$j" stderr "nonet: cannot write the output: No space left on device" \
            "$(cat "$tmp/err")"
    done
fi

# Order: -j1 and -j4 give byte-identical stdout and stderr on mixed input.
"$nonet" solve -j1 "$tmp/mixed" >"$tmp/out1" 2>"$tmp/err1"
s1=$?
"$nonet" solve -j4 "$tmp/mixed" >"$tmp/out4" 2>"$tmp/err4"
s4=$?
expect order "status -j1" 2 "$s1"
expect order "status -j4" 2 "$s4"
cmp -s "$tmp/out1" "$tmp/out4" || { echo "order: stdout of -j4 differs from -j1"; fail=1; }
cmp -s "$tmp/err1" "$tmp/err4" || { echo "order: stderr of -j4 differs from -j1"; fail=1; }
expect order "answers" 4000 "$(wc -l <"$tmp/out1" | tr -d ' ')"
expect order "errors" "$((4000 / 97))" "$(wc -l <"$tmp/err1" | tr -d ' ')"
# The answers are the right ones, in order (a bad line answers the marker).
awk -v a="$A" -v b="$B" -v sa="$A_SOL" -v sb="$B_SOL" \
    '{ print length($0) != 81 ? "Invalid input" : $0 == a ? sa : sb }' "$tmp/mixed" >"$tmp/want"
cmp -s "$tmp/want" "$tmp/out1" || { echo "order: answers are not the solutions in input order"; fail=1; }
exit $fail
