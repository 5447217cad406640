#!/bin/sh
# bench/memory.sh [NONET [SMALL [BIG]]] - streaming keeps memory bounded:
# solving BIG puzzles (default 1,000,000) must peak at about the memory of
# solving SMALL (default 1,000). Measures the peak resident set with
# /usr/bin/time -v and fails when the big run needs more than SMALL's peak
# plus 25% and 2 MB. The inputs are made here and deleted afterwards.
set -u
nonet=${1:-build/nonet}
small=${2:-1000}
big=${3:-1000000}
[ -x /usr/bin/time ] || { echo "memory.sh: needs /usr/bin/time (Debian package 'time')"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-mem.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# COUNT puzzles: two classic puzzles and a bad line, over and over.
make_input() {
    awk -v n="$1" 'BEGIN {
        p[0] = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        p[1] = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
        p[2] = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
        for (i = 0; i < n; i++) print (i % 1000 == 999 ? "bad line" : p[i % 3])
    }' >"$2"
}

# Prints the peak KB of solving FILE (all cores), checking the answer count.
peak_of() {
    /usr/bin/time -v "$nonet" solve -q "$1" >"$tmp/out" 2>"$tmp/time"
    answers=$(wc -l <"$tmp/out" | tr -d ' ')
    want=$(wc -l <"$1" | tr -d ' ') # one answer a puzzle, the bad lines' included
    if [ "$answers" != "$want" ]; then
        echo "memory.sh: $answers answers for $want puzzles" >&2
        exit 1
    fi
    sed -n 's/.*Maximum resident set size (kbytes): *//p' "$tmp/time"
}

make_input "$small" "$tmp/small"
make_input "$big" "$tmp/big"
start=$(date +%s)
p_small=$(peak_of "$tmp/small") || exit 1
p_big=$(peak_of "$tmp/big") || exit 1
took=$(($(date +%s) - start))
bound=$((p_small + p_small / 4 + 2048))
echo "peak memory: $small puzzles $p_small KB, $big puzzles $p_big KB (bound $bound KB; ${took}s)"
[ "$p_big" -le "$bound" ] || { echo "memory.sh: memory grows with the input"; exit 1; }
# Issue 32: each command's peak on its worst input (streaming, bounds).
sh "$(dirname "$0")/memory_commands.sh" "$nonet" || exit 1
