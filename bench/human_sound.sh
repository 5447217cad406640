#!/bin/sh
# bench/human_sound.sh [BUILD_DIR] - soundness of the human engine over every
# puzzle of every shared collection (ctest checks samples): each step nonet
# explains must agree with the unique solution; the puzzles with several
# solutions (serg's benchmark, tdoku's fixture) have every step proved by
# solving (human_check -x). Prints each collection's puzzles, steps, solved,
# stuck, given up and unsound steps, and the time it took. NONET_SOUND_SECONDS
# (default 60) gives a puzzle up after that much CPU time (its steps so far
# are still checked). The whole run takes hours (the 1905 set alone about
# 0.8 s of CPU a puzzle): run it at low priority (nice -n 19). CHUNK=R/K runs
# one K-th of each collection (the puzzles whose index is R modulo K), so the
# whole can be made in K runs; the tally so far goes to standard error every
# 100 puzzles, so a run stopped early keeps its counts.
set -eu
chunk=${CHUNK:-0/1}
rem=${chunk%/*}
every=${chunk#*/}
build=${1:-build}
data=${NONET_SHARED_DATA:-$(dirname "$0")/../../shared/data/puzzles}
check="$build/tests/human_check"
for s in puzzles2_17_clue puzzles3_magictour_top1465 puzzles5_forum_hardest_1905_11+ \
         puzzles6_forum_hardest_1106 puzzles7_serg_benchmark tdoku_test_puzzles; do
    [ -r "$data/$s" ] || { echo "$s: missing"; continue; }
    x=""
    case $s in puzzles7_serg_benchmark|tdoku_test_puzzles) x=-x ;; esac
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    out=$("$check" $x -k "$every" -r "$rem" -p 100 -t "${NONET_SOUND_SECONDS:-60}" "$data/$s" || true)
    t1=$(date +%s.%N)
    awk -v s="$s" -v o="$out" -v a="$t0" -v b="$t1" 'BEGIN { printf "%-34s %s (%.1f s)\n", s, o, b - a }'
done
