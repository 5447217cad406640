#!/bin/sh
# bench/big_compare.sh [BEFORE_REV] - big grids before and after, side by
# side in one run: the median and the mean milliseconds a puzzle of
#   - bench/data's 16x16 and 25x25 sets (proper puzzles, limit 2: nonet
#     proves uniqueness),
#   - near-empty grids (bench_sparse's sets: the empty grid and grids with
#     n/4 to 2n random givens; limit 1, a first solution; default sides 49
#     and 64), each puzzle under a time budget,
# for BEFORE_REV's library (default main: its engines, auto included) and
# this tree's (auto; planes at each of its levels; bitmask), and for a SAT
# solver as the peer (cadical through bench/sat_peer.py, our encoder) on
# the proper sets when it is installed (tdoku, the 9x9 peer, has no 16x16).
#
# One program times every side (bench_times.c, built against each library:
# it uses only calls every version has), so the figures differ only by the
# library. The runs are interleaved: each round runs every version once on
# each set, in the reverse order of the round before, and the medians and
# means pool the rounds. Libraries are built here, Release, NONET_ASSERTS
# off: BEFORE_REV from `git archive` (the repository is not touched), this
# tree as it is on disk, and this tree again with NONET_PLANES_MAX_LEVEL=2
# (AVX2) and 0 (portable), so the planes levels a CPU without AVX-512 runs
# are measured too.
#
# Environment: ROUNDS (default 3), SPARSE_SIDES (default "49 64"),
# SPARSE_N (puzzles a side, default 8), SPARSE_BUDGET (seconds a sparse
# puzzle, default 5: a puzzle that runs out counts that time and is shown),
# SAT (solver, default cadical; none leaves the peer out), SAT_ROUNDS
# (default 1), SAT_TIMEOUT (seconds a puzzle, default 20), WORK (a directory
# to keep the builds in and reuse; default a temporary one), CC.
# Exit status 0, or that of the first failing step (a wrong answer fails).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
rev=${1:-main}
rounds=${ROUNDS:-3}
sides=${SPARSE_SIDES:-49 64}
sat=${SAT:-cadical}
cc=${CC:-cc}
if [ -n "${WORK:-}" ]; then
    work=$WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

# build_lib SOURCE DIR [C_FLAGS]: libnonet.a of SOURCE in DIR, and
# bench_times linked with it as DIR/bench_times.
build_lib() {
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DNONET_ASSERTS=OFF \
        -DCMAKE_C_FLAGS="${3:-}" >"$2.log" 2>&1
    cmake --build "$2" -j2 --target nonet_static >>"$2.log" 2>&1
    "$cc" -O2 -std=c11 -I"$1/include" "$here/bench_times.c" "$2/libnonet.a" -o "$2/bench_times"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores;" \
    "before: $rev ($(git -C "$src" rev-parse --short "$rev")), after: $(git -C "$src" rev-parse --short HEAD)" \
    "$(git -C "$src" diff --quiet HEAD -- src include && echo '' || echo '(with uncommitted changes)')"
echo "building (Release, asserts off) in $work ..."
want=$(git -C "$src" rev-parse "$rev^{commit}")
if [ "$(cat "$work/before-src.rev" 2>/dev/null || true)" != "$want" ]; then
    rm -rf "$work/before-src" "$work/before"
    mkdir -p "$work/before-src"
    git -C "$src" archive "$want" | tar -x -C "$work/before-src"
    echo "$want" >"$work/before-src.rev"
fi
build_lib "$work/before-src" "$work/before"
build_lib "$src" "$work/after"
build_lib "$src" "$work/after-avx2" -DNONET_PLANES_MAX_LEVEL=2
build_lib "$src" "$work/after-portable" -DNONET_PLANES_MAX_LEVEL=0
cmake --build "$work/after" -j2 --target bench_sparse >>"$work/after.log" 2>&1
for n in $sides; do
    "$work/after/bench/bench_sparse" -e none -n "${SPARSE_N:-8}" -w "$work" "$n" >/dev/null
done

# The versions: a name (its file stem), its library dir and its engine.
proper_versions="before:before:auto after:after:auto planes:after:planes planes-avx2:after-avx2:planes
planes-portable:after-portable:planes bitmask:after:bitmask"
sparse_versions="before:before:auto after:after:auto bitmask:after:bitmask"

# run_round SET FILE LIMIT BUDGET ROUND VERSIONS: each version once on FILE,
# in order on odd rounds and reversed on even ones.
run_round() {
    list=$6
    if [ $(($5 % 2)) -eq 0 ]; then list=$(printf '%s\n' $6 | sed '1!G;h;$!d'); fi
    for v in $list; do
        name=${v%%:*} rest=${v#*:}
        dir=${rest%%:*} engine=${rest#*:}
        "$work/$dir/bench_times" -e "$engine" -l "$3" -t "$4" -o "$work/t_$1_$name" "$2" \
            >"$work/s_$1_$name"
    done
}

# stats FILE: "median mean count gave_up" of the times in FILE.
stats() {
    sed 's/+$//' "$1" | sort -g | awk -v up="$(grep -c '+$' "$1" || true)" '
        { v[NR] = $1; sum += $1 }
        END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%.3f %.3f %d %d\n", m, sum / NR, NR, up }'
}

# row NAME ENGINE RAN TIMES: one line of a table (RAN: the engines that ran,
# with their code paths, as bench_times names them); the speed-up is the
# "before" median and mean ($bmed, $bmean) over this version's.
row() {
    echo "$1 $2 $3 $(stats "$4") $bmed $bmean" | awk '{
        printf "  %-16s %-8s %-16s %10.3f %10.3f %8d %9.3gx %7.3gx%s\n", $1, $2, $3, $4, $5, $6,
            $8 / $4, $9 / $5, ($7 > 0 ? "  (" $7 " ran out of time: lower bounds)" : "") }'
}

# report SET VERSIONS [PEER]: the table of one set.
report() {
    base=$(stats "$work/t_$1_before")
    bmed=$(echo "$base" | cut -d' ' -f1) bmean=$(echo "$base" | cut -d' ' -f2)
    printf '  %-16s %-8s %-16s %10s %10s %8s %21s\n' version engine ran "median ms" "mean ms" \
        samples "speed-up (median, mean)"
    for v in $2; do
        name=${v%%:*} engine=${v##*:}
        row "$name" "$engine" "$(awk '{print $2}' "$work/s_$1_$name")" "$work/t_$1_$name"
    done
    if [ -n "${3:-}" ] && [ -s "$work/t_$1_peer" ]; then row peer "$3" - "$work/t_$1_peer"; fi
}

rm -f "$work"/t_* "$work"/s_*
peer_ok=
if [ "$sat" != none ] && command -v "$sat" >/dev/null && command -v python3 >/dev/null; then
    peer_ok=1
fi
r=1
while [ "$r" -le "$rounds" ]; do
    for n in 16 25; do
        run_round "$n" "$here/data/shapes_${n}x$n.txt" 2 60 "$r" "$proper_versions"
        if [ -n "$peer_ok" ] && [ "$r" -le "${SAT_ROUNDS:-1}" ]; then
            python3 "$here/sat_peer.py" --solver "$sat" --timeout "${SAT_TIMEOUT:-20}" \
                --times "$work/t_${n}_peer" "$here/data/shapes_${n}x$n.txt" >/dev/null
        fi
    done
    for n in $sides; do
        run_round "sparse$n" "$work/sparse_${n}x$n.txt" 1 "${SPARSE_BUDGET:-5}" "$r" "$sparse_versions"
    done
    r=$((r + 1))
done

for n in 16 25; do
    echo
    echo "== ${n}x$n: bench/data/shapes_${n}x$n.txt, limit 2, $rounds rounds interleaved" \
        "(peer: ${SAT_ROUNDS:-1} round, one solution)"
    report "$n" "$proper_versions" "$([ -n "$peer_ok" ] && echo "$sat" || true)"
done
for n in $sides; do
    echo
    echo "== ${n}x$n near-empty: the empty grid and $((${SPARSE_N:-8} - 1)) with n/4 to 2n random" \
        "givens, limit 1, ${SPARSE_BUDGET:-5} s a puzzle, $rounds rounds interleaved"
    report "sparse$n" "$sparse_versions"
done
[ -n "$peer_ok" ] || echo "(no SAT peer: $sat or python3 is not installed)"
