#!/bin/sh
# bench/rate.sh [BUILD_DIR] - nonet's Sudoku Explainer ratings against serate
# 1.2.1.3's on the shared calibration set: puzzles per CPU second and mean /
# median time per ER band, and agreement (ER, EP, ED identical / within 0.1 /
# within 0.3). With SKFR set to skfr's rate.sh (a peer built outside the
# project; it must take -t and print "PUZZLE ER/EP/ED MICROSECONDS"), skfr's
# figures are printed beside nonet's, measured in the same run. RUNS (default
# 3) batch runs, each puzzle's median CPU time kept.
set -eu
build=${1:-build}
ref=${NONET_RATINGS:-$(dirname "$0")/../../shared/data/ratings/serate_mix.txt}
[ -r "$ref" ] || { echo "bench/rate.sh: no reference file $ref" >&2; exit 77; }
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
peer=""
if [ -n "${SKFR:-}" ]; then
    peer=$(mktemp)
    trap 'rm -f "$peer"' EXIT
    "$SKFR" -t "$ref" >"$peer"
    set -- -p "$peer"
else
    set --
fi
"$build/bench/nonet-rate-bench" -r "${RUNS:-3}" "$@" "$ref"
