#!/bin/sh
# bench/run.sh [BUILD_DIR] - the speed table in one command:
#   1. each shared 9x9 set: nonet's fast engine on each SIMD path of this one
#      build (nonet-bench --simd), side by side with tdoku's own benchmark
#      (`run_benchmark -t3 -w1 -v0 -stdoku FILE`) when TDOKU names it, and the
#      ratios nonet/tdoku; tdoku and nonet take turns set by set, so both see
#      the same load;
#   2. the big grids: bench/big.sh (16x16 and 25x25 sets, near-empty grids,
#      the SAT peer when installed);
#   3. end to end: the whole `nonet solve` process on each set, -j1 and -j2,
#      wall and CPU time (bench/proc_time), beside the library alone and the
#      CPU of a run on an empty input (the process's own start and end), and
#      two -j1 processes at once on the two halves of the set (the bound this
#      machine sets on -j2/-j1).
# Build first, without CI=1 in the environment (it turns the invariant checks
# on): cmake -S . -B build -DCMAKE_BUILD_TYPE=Release.
#
# Environment:
#   TDOKU=PATH        tdoku's run_benchmark (built outside the project); every
#                     nonet path is compared with it
#   TDOKU_AVX2=PATH   optional second tdoku build without AVX-512 (e.g.
#                     -march=znver3): nonet's AVX2 and lower paths are then
#                     compared with it instead, each path with its own kind
#   SIMD=LIST         nonet's paths (default avx512,avx2: a cap the CPU lacks
#                     gives a path already listed, which is run once)
#   RUNS=N            nonet-bench runs a set, the median kept (default 3)
#   ROUNDS=N          the 9x9 table this many times (default 1; 2 shows the spread)
#   BIG=0, E2E=0      leave out parts 2 or 3; big.sh's own variables
#                     (ENGINES_BIG -> its ENGINES, BUDGET, SPARSE_BUDGET,
#                     SAT, SAT_TIMEOUT) pass through, with smaller defaults
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
data=${NONET_SHARED_DATA:-$here/../../shared/data/puzzles}
sets="puzzles2_17_clue puzzles3_magictour_top1465 puzzles5_forum_hardest_1905_11+ puzzles6_forum_hardest_1106 puzzles7_serg_benchmark"
tdoku=${TDOKU:-}
tdoku2=${TDOKU_AVX2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in $sets; do
    [ -f "$data/$s" ] || { echo "bench/run.sh: no $data/$s (set NONET_SHARED_DATA)" >&2; exit 2; }
done
for t in "$tdoku" "$tdoku2"; do
    [ -z "$t" ] || [ -x "$t" ] || { echo "bench/run.sh: $t is not a program" >&2; exit 2; }
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "nonet: $build/bench/nonet-bench -e fast --simd ${SIMD:-avx512,avx2} -r ${RUNS:-3} (one thread," \
    "limit 2, median); tdoku: run_benchmark -t3 -w1 -v0 -stdoku"
[ -n "$tdoku" ] && echo "tdoku: $tdoku"
[ -n "$tdoku2" ] && echo "tdoku for the AVX2 and lower paths: $tdoku2"

# tdoku_rate PROGRAM FILE - tdoku's puzzles/s on FILE (the first row of its table).
tdoku_rate() {
    "$1" -t3 -w1 -v0 -stdoku "$2" 2>/dev/null | awk -F'|' '/^\|tdoku/ { gsub(/ /, "", $3); print $3; exit }'
}

# round N - one side-by-side table.
round() {
    : >"$tmp/rows"
    for s in $sets; do
        t1=-
        t2=-
        [ -n "$tdoku" ] && t1=$(tdoku_rate "$tdoku" "$data/$s")
        # shellcheck disable=SC2086
        "$build/bench/nonet-bench" -e fast --simd "${SIMD:-avx512,avx2}" -r "${RUNS:-3}" "$data/$s" \
            >"$tmp/nonet"
        [ -n "$tdoku2" ] && t2=$(tdoku_rate "$tdoku2" "$data/$s")
        # one line a set: name puzzles tdoku tdoku2 then path rate pairs
        n=$(grep -c '^[^#]' "$data/$s" || true)
        awk -F'|' -v s="$s" -v n="$n" -v t1="${t1:--}" -v t2="${t2:--}" '
            $3 ~ /fast/ { gsub(/ /, "", $4); gsub(/ /, "", $5); p = p " " $4 " " $5 }
            END { print s, n, t1, t2 p }' "$tmp/nonet" >>"$tmp/rows"
    done
    awk -v two="$tdoku2" '
        function ratio(a, b) { return (a == "-" || b == "-" || b == 0) ? "-" : sprintf("%.2f", a / b) }
        function low(path) { return path !~ /^avx512/ }
        NR == 1 {
            head = "| set | puzzles | tdoku"
            rule = "|---|---:|---:"
            if (two != "") { head = head " | tdoku (AVX2 build)"; rule = rule "|---:" }
            for (i = 5; i < NF; i += 2) {
                head = head " | nonet " $i " | ratio"
                rule = rule "|---:|---:"
            }
            print head " |"
            print rule "|"
        }
        function num(x) { return x == "-" ? x : sprintf("%.0f", x) }
        {
            line = "| " $1 " | " $2 " | " num($3)
            if (two != "") line = line " | " num($4)
            for (i = 5; i < NF; i += 2) {
                peer = (two != "" && low($i)) ? $4 : $3
                line = line " | " sprintf("%.0f", $(i + 1)) " | " ratio($(i + 1), peer)
            }
            print line " |"
        }' "$tmp/rows"
}

r=1
while [ "$r" -le "${ROUNDS:-1}" ]; do
    echo
    echo "== 9x9, round $r: puzzles/s (ratio = nonet/tdoku$([ -n "$tdoku2" ] && echo '; AVX2 and lower paths against the AVX2 build'))"
    round
    r=$((r + 1))
done

if [ "${BIG:-1}" != 0 ]; then
    echo
    echo "== big grids (bench/big.sh)"
    ENGINES=${ENGINES_BIG:-planes,bitmask,auto} BUDGET=${BUDGET:-5} \
        SPARSE_BUDGET=${SPARSE_BUDGET:-1} SAT_TIMEOUT=${SAT_TIMEOUT:-3} \
        sh "$here/big.sh" "$build" | grep -v '^machine:'
fi

# median - the median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

if [ "${E2E:-1}" != 0 ]; then
    echo
    echo "== end to end: the whole \`nonet solve -q -jN FILE > /dev/null\` process beside the"
    echo "   library alone (nonet-bench -e auto: solving only, puzzles read beforehand);"
    echo "   median of ${RUNS:-3} runs, the runs of -j1 and -j2 alternated; CPU = user + system"
    echo "   of the process (bench/proc_time); vs library = process puzzles/s / library's;"
    echo "   start = CPU of \`nonet solve -q -j1 /dev/null\` (an empty input: starting and"
    echo "   ending the process), taken in turn with the others; -j1 less start vs library ="
    echo "   the puzzles' own work beside the library's; halves = the wall time of two"
    echo "   \`nonet solve -q -j1\` processes run at once, each on half the puzzles: what"
    echo "   this machine's two cores give two independent processes, the bound to read"
    echo "   -j2/-j1 against (-j1/halves)"
    echo "| set | library puzzles/s | -j1 wall s | -j1 CPU s | -j1 CPU vs library | -j1 wall vs library | start CPU s | -j1 less start vs library | -j2 wall s | -j2 CPU s | -j2/-j1 (wall) | halves wall s | -j1/halves |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for s in $sets; do
        n=$(grep -c '^[^#]' "$data/$s" || true)
        lib=$("$build/bench/nonet-bench" -e auto -r "${RUNS:-3}" "$data/$s" |
            awk -F'|' '$3 ~ /auto/ { gsub(/ /, "", $5); print $5; exit }')
        : >"$tmp/e2e1"
        : >"$tmp/e2e2"
        : >"$tmp/e2e0"
        : >"$tmp/e2eh"
        grep '^[^#]' "$data/$s" >"$tmp/all" || true
        half=$(((n + 1) / 2))
        head -n "$half" "$tmp/all" >"$tmp/half1"
        tail -n +"$((half + 1))" "$tmp/all" >"$tmp/half2"
        k=0
        while [ "$k" -lt "${RUNS:-3}" ]; do
            for j in 1 2; do
                "$build/bench/proc_time" "$build/nonet" solve -q -j$j "$data/$s" >>"$tmp/e2e$j" || true
            done
            "$build/bench/proc_time" "$build/nonet" solve -q -j1 /dev/null >>"$tmp/e2e0" 2>/dev/null || true
            "$build/bench/proc_time" "$build/nonet" solve -q -j1 "$tmp/half1" >"$tmp/h1" &
            "$build/bench/proc_time" "$build/nonet" solve -q -j1 "$tmp/half2" >"$tmp/h2" || true
            wait
            cat "$tmp/h1" "$tmp/h2" | cut -d' ' -f1 | sort -g | tail -n 1 >>"$tmp/e2eh"
            k=$((k + 1))
        done
        c0=$(cut -d' ' -f2 "$tmp/e2e0" | median)
        w1=$(cut -d' ' -f1 "$tmp/e2e1" | median)
        c1=$(cut -d' ' -f2 "$tmp/e2e1" | median)
        w2=$(cut -d' ' -f1 "$tmp/e2e2" | median)
        c2=$(cut -d' ' -f2 "$tmp/e2e2" | median)
        wh=$(median <"$tmp/e2eh")
        awk -v s="$s" -v n="$n" -v lib="$lib" -v w1="$w1" -v c1="$c1" -v w2="$w2" -v c2="$c2" \
            -v c0="$c0" -v wh="$wh" \
            'BEGIN { printf "| %s | %.0f | %.4f | %.4f | %.2f | %.2f | %.4f | %.2f | %.4f | %.4f | %.2fx | %.4f | %.2fx |\n",
                     s, lib, w1, c1, n / c1 / lib, n / w1 / lib, c0,
                     (c1 > c0 ? n / (c1 - c0) / lib : 0), w2, c2, w1 / w2, wh, w1 / wh }'
    done
fi
