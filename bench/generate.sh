#!/bin/sh
# generate.sh [BUILD_DIR] - the generator's figures in one run: the library
# goals (bench_generate: 9x9 minimal puzzles/s and clue spread, 16x16 and
# 25x25 median times, random jigsaws/s, each difficulty band's median time
# and rate), the CLI end to end on one and two threads, and, where qqwing is
# installed (Debian's qqwing package; not a build or CI dependency), qqwing's
# own rates on the same machine in the same run (any puzzle, and its
# "expert" level beside nonet's hard bands), with the ratios. Wall-clock rates: on a shared machine compare the
# ratios, not the absolute figures.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
cmake --build "$build" --target nonet bench_generate >/dev/null
nonet=$build/nonet

now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", n / (b - a) }'; }

echo "== library (bench_generate, CPU time, one thread)"
"$build/bench/bench_generate"

echo "== nonet generate, 9x9 minimal, end to end (wall clock)"
n=20000
for j in 1 2; do
    t0=$(now)
    "$nonet" generate -n $n --seed 1 -j $j >/dev/null
    t1=$(now)
    r=$(rate $n "$t0" "$t1")
    echo "nonet generate -j$j: $r puzzles/s"
    [ $j = 1 ] && nonet_rate=$r
done

if command -v qqwing >/dev/null 2>&1; then
    q=1000
    t0=$(now)
    qqwing --generate $q --one-line >/dev/null
    t1=$(now)
    qr=$(rate $q "$t0" "$t1")
    echo "qqwing --generate (minimal 9x9, one thread): $qr puzzles/s; nonet -j1 / qqwing = $(awk -v a="$nonet_rate" -v b="$qr" 'BEGIN { printf "%.1f", a / b }')"
    q=100
    t0=$(now)
    qqwing --generate $q --difficulty expert --one-line >/dev/null
    t1=$(now)
    echo "qqwing --generate --difficulty expert: $(rate $q "$t0" "$t1") puzzles/s (its own scale; compare nonet's hard bands above)"
    t0=$(now)
    "$nonet" generate -n $q --seed 1 -j 1 --difficulty fiendish >/dev/null
    t1=$(now)
    echo "nonet generate -j1 --difficulty fiendish: $(rate $q "$t0" "$t1") puzzles/s"
else
    echo "qqwing: not installed (apt-get install qqwing), no comparison"
fi
