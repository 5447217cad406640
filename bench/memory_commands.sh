#!/bin/sh
# bench/memory_commands.sh [NONET] - issue 32: the peak resident set of each
# command on its worst input from the issue, measured with /usr/bin/time
# -f %M, each under a bound; the streaming ones (solve --all, shuffle -n)
# must also stay flat as their answer grows. About 30 s on a loaded 2-core
# machine (the time-outs are most of it). Prints one line a command; exits
# 1 when a peak passes its bound. bench/memory.sh runs it after its own check.
set -u
nonet=${1:-build/nonet}
[ -x /usr/bin/time ] || { echo "memory_commands.sh: needs /usr/bin/time (Debian package 'time')"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-memc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0

# peak LABEL BOUND_KB INPUT CMD...: runs CMD on INPUT, prints its peak and
# fails when it is above BOUND_KB. Sets $kb.
peak() {
    label=$1 bound=$2 input=$3
    shift 3
    /usr/bin/time -o "$tmp/time" -f %M "$@" <"$input" >"$tmp/out" 2>/dev/null
    kb=$(tail -n 1 "$tmp/time")
    echo "$label: $kb KB (bound $bound KB)"
    [ "$kb" -le "$bound" ] || { echo "memory_commands.sh: $label is over its bound"; fail=1; }
}

awk 'BEGIN { s = ""; for (i = 0; i < 81; i++) s = s "."; print s }' >"$tmp/empty9"
awk 'BEGIN { for (i = 0; i < 4096; i++) printf "%s0", (i ? " " : ""); print "" }' >"$tmp/empty64"
"$nonet" solve -o line <"$tmp/empty64" >"$tmp/full64" 2>/dev/null
awk 'BEGIN { srand(11) } { for (i = 1; i <= NF; i++) if (rand() < 0.3) $i = "0"; print }' \
    "$tmp/full64" >"$tmp/p64"
: >"$tmp/none"

# solve --all: every solution of an empty grid, streamed (main: 1.19 GB in 8 s)
peak "solve -a -l 0 --timeout 5, empty 9x9" 65536 "$tmp/empty9" \
    "$nonet" solve -a -l 0 --timeout 5
# shuffle: a 64x64 puzzle's copies, streamed (main: 805 MB for -n 100000)
peak "shuffle -n 100, 64x64" 65536 "$tmp/p64" "$nonet" shuffle -n 100 -o line
small=$kb
peak "shuffle -n 3000, 64x64" $((small + small / 4 + 2048)) "$tmp/p64" \
    "$nonet" shuffle -n 3000 -o line
# the human engine on a 64x64 with several solutions, made to go on:
# the chain frames grow with the grid (docs/GUIDE.md, "Memory")
peak "rate --keep-going --timeout 5, 64x64" 1048576 "$tmp/p64" \
    "$nonet" rate --keep-going -j1 --timeout 5
peak "explain --keep-going --timeout 5, 64x64" 1048576 "$tmp/p64" \
    "$nonet" explain --keep-going -j1 --timeout 5
peak "hint, empty 9x9" 65536 "$tmp/empty9" "$nonet" hint
# generate: minimal 25x25 does not end; bounded by --timeout
peak "generate --size 25 --timeout 5" 131072 "$tmp/none" \
    "$nonet" generate --size 25 --seed 3 -j1 --timeout 5
# canon: a full 12x12 grid gives up at its 128 MB budget
"$nonet" generate --size 12 --seed 1 --no-minimal -j1 2>/dev/null | "$nonet" solve >"$tmp/full12" 2>/dev/null
peak "canon, full 12x12" 262144 "$tmp/full12" "$nonet" canon
exit $fail
