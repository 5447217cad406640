#!/bin/sh
# bench/canon.sh [BUILD_DIR] [PEER_DIR] - canonical forms, measured side by
# side with Mladen Dobrichev's sudoku-minlexing-tool in one run:
#   1. library speed on the 17-clue and hardest-1905 sets, one thread:
#      canon_bench (minlex, pattern) and the peer, interleaved ROUNDS times
#      (default 3), with each figure's ratio to the peer's in its round;
#   2. the pattern-first forms and automorphism counts of both whole sets
#      against the peer's, byte for byte;
#   3. nonet dedupe end to end (-j1, -j2) on both sets, with the class count;
#   4. whole processes, reading and writing included: `nonet canon -j1 -o
#      line` in either form beside the peer driver's `-p FILE` (which reads
#      the file and writes every form and its automorphism count), on the
#      17-clue set five times over and the 1905 set, PAIRS interleaved
#      pairs (default 11: A B A B ...), timed by bench/proc_time; medians of
#      CPU (user + system) and wall seconds, and of the pair-by-pair ratio
#      peer / nonet (above 1: nonet is faster).
# PEER_DIR is a checkout of github.com/dobrichev/sudoku-minlexing-tool
# (patminlex.cpp, patminlex.h); bench/peer_patminlex.cpp, our driver, is
# compiled against it with g++ -O3 -march=native (or PEER_CXXFLAGS) into a
# scratch folder outside the project. Without PEER_DIR the peer's columns
# are left out.
set -eu
build=${1:-build}
peer_dir=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
data=${NONET_SHARED_DATA:-$here/../../shared/data/puzzles}
sets="puzzles2_17_clue puzzles5_forum_hardest_1905_11+"
rounds=${ROUNDS:-3}
pairs=${PAIRS:-11}
tmp=${TMPDIR:-/tmp}/nonet-canon-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
peer=""
if [ -n "$peer_dir" ]; then
    peer=$tmp/peer_patminlex
    g++ ${PEER_CXXFLAGS:--O3 -march=native} -I"$peer_dir" -o "$peer" "$here/peer_patminlex.cpp" "$peer_dir/patminlex.cpp"
fi
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "1. library speed, one thread (median of 5 passes in the thread's CPU time; ratio = nonet / peer in the same round)"
for round in $(seq "$rounds"); do
    for s in $sets; do
        f=$data/$s
        "$build/bench/canon_bench" -r 5 "$f" >"$tmp/ours"
        if [ -n "$peer" ]; then
            "$peer" -r 5 "$f" >"$tmp/peer"
            p=$(awk '{print $5}' "$tmp/peer")
            awk -v p="$p" -v r="$round" '{printf "round %d  %s  ratio %.2f\n", r, $0, $5 / p}' "$tmp/ours"
            sed "s/^/round $round  /" "$tmp/peer"
        else
            sed "s/^/round $round  /" "$tmp/ours"
        fi
    done
done
echo
echo "2. pattern-first forms and automorphism counts against the peer, whole sets"
for s in $sets; do
    if [ -z "$peer" ]; then echo "$s: no peer (give PEER_DIR)"; continue; fi
    "$build/bench/canon_bench" -p pattern "$data/$s" >"$tmp/f1"
    "$peer" -p "$data/$s" >"$tmp/f2"
    if cmp -s "$tmp/f1" "$tmp/f2"; then
        echo "$s: $(wc -l <"$tmp/f1") forms and counts, byte for byte the same"
    else
        echo "$s: $(diff "$tmp/f1" "$tmp/f2" | grep -c '^<') lines differ"
    fi
done
echo
echo "3. nonet dedupe end to end (wall seconds, best of 3; classes kept)"
for s in $sets; do
    for j in 1 2; do
        best=""
        for k in 1 2 3; do
            t0=$(date +%s.%N)
            "$build/nonet" dedupe -j$j "$data/$s" >"$tmp/d"
            t1=$(date +%s.%N)
            best=$(awk -v a="$t0" -v b="$t1" -v best="$best" 'BEGIN { t = b - a; print (best == "" || t < best) ? t : best }')
        done
        printf "%-34s -j%d %7.3f s  %d classes\n" "$s" "$j" "$best" "$(wc -l <"$tmp/d")"
    done
done
echo
echo "4. whole processes, -j1 -o line beside the peer's -p (median of $pairs pairs; ratio = peer / nonet, pair by pair)"
if [ -z "$peer" ]; then
    echo "no peer (give PEER_DIR)"
    exit 0
fi
for k in 1 2 3 4 5; do cat "$data/puzzles2_17_clue"; done >"$tmp/17x5"
cp "$data/puzzles5_forum_hardest_1905_11+" "$tmp/1905"
med() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for s in 17x5 1905; do
    for form in minlex pattern; do
        : >"$tmp/pairs"
        for k in $(seq "$pairs"); do
            a=$("$build/bench/proc_time" "$build/nonet" canon -j1 -o line --form "$form" "$tmp/$s")
            b=$("$build/bench/proc_time" "$peer" -p "$tmp/$s")
            echo "$a $b" >>"$tmp/pairs"
        done
        printf "%-5s %-7s nonet cpu %.3f s wall %.3f s | peer cpu %.3f s wall %.3f s | ratio cpu %.2f wall %.2f | load %s\n" \
            "$s" "$form" "$(awk '{print $2}' "$tmp/pairs" | med)" "$(awk '{print $1}' "$tmp/pairs" | med)" \
            "$(awk '{print $4}' "$tmp/pairs" | med)" "$(awk '{print $3}' "$tmp/pairs" | med)" \
            "$(awk '{print $4 / $2}' "$tmp/pairs" | med)" "$(awk '{print $3 / $1}' "$tmp/pairs" | med)" \
            "$(cut -d' ' -f1 /proc/loadavg)"
    done
done
