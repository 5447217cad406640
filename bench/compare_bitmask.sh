#!/bin/sh
# bench/compare_bitmask.sh BASE_BENCH NEW_BENCH [ROUNDS] - the bitmask engine's
# time per puzzle on every shape set, two bench_shapes builds interleaved
# (base, new, base, new, ...) so a shared, noisy machine hurts both alike.
set -eu
base=$1 new=$2 rounds=${3:-2}
data=$(dirname "$0")/data
i=0
while [ "$i" -lt "$rounds" ]; do
    for b in "$base" "$new"; do
        echo "== $b"
        "$b" -t 20 -e bitmask "$data"/shapes_*.txt | paste - - | awk '{ print $1, $(NF-1), "us/puzzle" }'
    done
    i=$((i + 1))
done
