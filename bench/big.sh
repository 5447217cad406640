#!/bin/sh
# bench/big.sh [BUILD_DIR] - big and near-empty grids in one run: every
# engine side by side, and a SAT solver (cadical) as the peer on the same
# puzzles when it is installed (apt-get install cadical; our encoder,
# bench/sat_peer.py, needs python3).
#   1. proper puzzles, bench/data's 16x16 and 25x25 sets (unique, limit 2:
#      nonet proves uniqueness, the SAT peer finds one solution);
#   2. empty and near-empty grids 16x16 to 64x64 (bench_sparse, limit 1).
# Build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release. The planes
# engine picks its SIMD path at run time; to measure a lower path on a CPU
# that has more, build with -DCMAKE_C_FLAGS=-DNONET_PLANES_MAX_LEVEL=2 (AVX2)
# or 0 (portable). ENGINES (default planes,bitmask,dlx,auto), BUDGET (seconds
# an engine a set, default 10), SPARSE_BUDGET (seconds a near-empty puzzle,
# default 2) and SAT_TIMEOUT (seconds a puzzle for the peer, default 20) tune
# it; SAT=none leaves the peer out.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
engines=${ENGINES:-planes,bitmask,dlx,auto}
sat=${SAT:-cadical}
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
peer() {
    if [ "$sat" != none ] && command -v python3 >/dev/null; then
        python3 "$here/sat_peer.py" --solver "$sat" --timeout "${SAT_TIMEOUT:-20}" "$@" |
            grep -v ': [0-9]* puzzles, ' || true
    fi
}
echo
echo "== proper puzzles: limit 2 (nonet proves uniqueness; the SAT peer finds one solution)"
for set in shapes_16x16 shapes_25x25; do
    "$build/bench/bench_shapes" -t "${BUDGET:-10}" -e "$engines" "$here/data/$set.txt"
    peer "$here/data/$set.txt"
done
echo
echo "== empty and near-empty grids: time to a first solution (limit 1)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 16 25 32 36 49 64; do
    "$build/bench/bench_sparse" -t "${SPARSE_BUDGET:-2}" -e "$engines" -w "$tmp" "$n" |
        grep -v '^first solution'
    [ "$n" -le 25 ] && peer "$tmp/sparse_${n}x$n.txt" | sed "s/^/  ${n}x$n  /"
done
echo "(the SAT peer is run up to 25x25: with the same encoding it does not solve an"
echo " empty 36x36 grid in 30 s)"
