#!/bin/sh
# make_shape_sets.sh [BUILD_DIR] - rebuilds bench/data/shapes_*.txt with the
# seeded generator (same files on every run), then benchmarks them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
cmake --build "$build" --target make_sets bench_shapes
mkdir -p "$here/data"
"$build/bench/make_sets" "$here/data"
"$build/bench/bench_shapes" "$here"/data/shapes_*.txt
