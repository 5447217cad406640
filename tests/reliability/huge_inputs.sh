#!/bin/sh
# huge_inputs.sh NONET - a 100 MB single line followed by a good puzzle, and a
# 100 MB file without any newline: each is reported as too long on line 1,
# the good puzzle is still answered, and the peak memory stays far below the
# input size (the reader keeps at most 1 MiB of a line). The files are made
# here at run time and deleted afterwards.
set -u
nonet=$1
. "$(dirname "$0")/common.sh"
limit_kb=${NONET_HUGE_RSS_KB:-81920}   # 80 MB: under a 100 MB input even with ASan
size=104857600

big_file "$tmp/line" $size 1
printf '\n%s\n' "$A" >>"$tmp/line"
big_file "$tmp/nonl" $size .

for case in line nonl; do
    if [ -x /usr/bin/time ] && [ -z "${NONET_NO_RSS:-}" ]; then
        /usr/bin/time -v "$nonet" solve "$tmp/$case" >"$tmp/out" 2>"$tmp/err.all"
        status=$?
        peak=$(peak_kb "$tmp/err.all")
        grep '^nonet:' "$tmp/err.all" >"$tmp/err"
        if [ -n "$peak" ] && [ "$peak" -gt "$limit_kb" ]; then
            echo "$case: peak memory $peak KB exceeds $limit_kb KB"
            fail=1
        fi
        echo "$case: peak memory ${peak:-?} KB for a 100 MB input"
    else
        "$nonet" solve "$tmp/$case" >"$tmp/out" 2>"$tmp/err"
        status=$?
    fi
    expect "$case" status 2 "$status"
    expect "$case" stderr "nonet: $tmp/$case:1: line is longer than 1048576 bytes" "$(cat "$tmp/err")"
    want_out=""
    # one answer a puzzle: the long line's slot holds the marker
    [ "$case" = line ] && want_out=$(printf 'Invalid input\n%s' "$A_SOL")
    expect "$case" stdout "$want_out" "$(cat "$tmp/out")"
done
exit $fail
