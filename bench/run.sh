#!/bin/sh
# bench/run.sh [BUILD_DIR] - the benchmark table for every shared 9x9 data set,
# then end-to-end figures: the whole `nonet solve` process on each file with
# -j1 and -j2. Build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release (the
# fast engine picks its SIMD path at run time; -DNONET_NATIVE=ON measured no
# faster on the Zen 5 machine of README's table). To measure a lower path on a
# CPU that has more, add -DCMAKE_C_FLAGS=-DNONET_FAST9_MAX_LEVEL=2 (AVX2),
# 1 (SSE4.1) or 0 (scalar).
set -eu
build=${1:-build}
data=${NONET_SHARED_DATA:-$(dirname "$0")/../../shared/data/puzzles}
sets="puzzles2_17_clue puzzles3_magictour_top1465 puzzles5_forum_hardest_1905_11+ puzzles6_forum_hardest_1106 puzzles7_serg_benchmark"
files=""
for s in $sets; do files="$files $data/$s"; done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
# shellcheck disable=SC2086
"$build/bench/nonet-bench" -e "${ENGINES:-fast,bitmask,dlx}" -r "${RUNS:-5}" $files
echo
echo "end to end: nonet solve FILE > /dev/null (wall seconds, puzzles/s)"
for s in $sets; do
    n=$(grep -cv '^#' "$data/$s" || true)
    for j in 1 2; do
        t0=$(date +%s.%N)
        "$build/nonet" solve -q -j$j "$data/$s" >/dev/null || true
        t1=$(date +%s.%N)
        awk -v s="$s" -v j="$j" -v a="$t0" -v b="$t1" -v n="$n" \
            'BEGIN { printf "%-32s -j%d %8.3f s %10.0f puzzles/s\n", s, j, b - a, n / (b - a) }'
    done
done
