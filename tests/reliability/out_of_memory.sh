#!/bin/sh
# out_of_memory.sh NONET - running out of memory while keeping the solutions
# of a puzzle or while writing its record is reported, never a record dropped
# in silence: a message naming the file and line, nothing half-written on
# standard output, exit status 4. Memory is capped with `ulimit -v`; builds
# that need more address space than the cap (sanitizers, valgrind) skip (77).
set -u
nonet=$1
. "$(dirname "$0")/common.sh"
cap=230000   # KiB of address space
printf '%081d\n' 0 >"$tmp/empty"
(ulimit -v $cap && "$nonet" --version) >/dev/null 2>&1 || { echo "skip: cannot run under ulimit -v $cap"; exit 77; }

# Line output streams each solution as it is found: 3,000,000 solutions of the
# empty grid (246 MB of text) under the cap, every one written.
lines=$( (ulimit -v $cap && exec "$nonet" solve -j1 --all --limit 3000000 "$tmp/empty") 2>"$tmp/err" | wc -l)
expect stream lines 3000000 "$lines"

# A JSON record holds its puzzle's solutions until it is written (its count
# comes first): 5,000,000 solutions (405 MB) cannot be stored.
(ulimit -v $cap && exec "$nonet" solve -j1 --all --limit 5000000 -o json "$tmp/empty") >"$tmp/out" 2>"$tmp/err"
expect store status 4 "$?"
expect store stdout "" "$(cat "$tmp/out")"
grep -q "^nonet: $tmp/empty:1: out of memory while storing solution [0-9]*$" "$tmp/err" ||
    { echo "store: stderr: $(cat "$tmp/err")"; fail=1; }

# 1,200,000 solutions (170 MB kept) fit, their record's text does not.
(ulimit -v $cap && exec "$nonet" solve -j1 --all --limit 1200000 -o json "$tmp/empty") >"$tmp/out" 2>"$tmp/err"
expect record status 4 "$?"
expect record stdout "" "$(cat "$tmp/out")"
expect record stderr "nonet: $tmp/empty:1: out of memory while writing the answer" "$(cat "$tmp/err")"

# The next puzzle is still answered after the one that ran out.
printf '%s\n' "$A" >>"$tmp/empty"
(ulimit -v $cap && exec "$nonet" solve -j1 --all --limit 5000000 -o json "$tmp/empty") >"$tmp/out" 2>/dev/null
expect "next puzzle" status 4 "$?"
grep -q "\"index\":2,.*$A_SOL" "$tmp/out" || { echo "next puzzle: no record with its solution: $(cat "$tmp/out")"; fail=1; }
exit $fail
