#!/bin/sh
# bench/human_sound.sh [BUILD_DIR] - soundness of the human engine over every
# puzzle of every shared collection (ctest checks samples): each step nonet
# explains must agree with the unique solution; the puzzles with several
# solutions (serg's benchmark, tdoku's fixture) have every step proved by
# solving (human_check -x). Prints each collection's puzzles, steps, solved,
# stuck and unsound steps, and the time it took.
set -eu
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
    out=$("$check" $x "$data/$s" || true)
    t1=$(date +%s.%N)
    awk -v s="$s" -v o="$out" -v a="$t0" -v b="$t1" 'BEGIN { printf "%-34s %s (%.1f s)\n", s, o, b - a }'
done
