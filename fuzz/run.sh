#!/usr/bin/env bash
# fuzz/run.sh BUILD_DIR SECONDS [PARALLEL] - runs every fuzz target of
# BUILD_DIR (built with -DNONET_FUZZ=ON) for SECONDS each, PARALLEL at a time
# (default 2). New interesting inputs go to fuzz/corpus-work/<target>/
# (gitignored; the seeds in fuzz/corpus/<target>/ are read only); a crash is
# saved as fuzz/artifacts/<target>/crash-* and makes the script fail. Copy a
# crash into fuzz/regressions/<target>/ once fixed: ctest replays it forever.
set -uo pipefail
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [PARALLEL]}
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [PARALLEL]}
parallel=${3:-2}
here=$(cd "$(dirname "$0")" && pwd)
targets=()
for exe in "$build"/fuzz/fuzz_*; do [ -x "$exe" ] && targets+=("$(basename "$exe")"); done
((${#targets[@]})) || { echo "fuzz/run.sh: no fuzz targets in $build/fuzz" >&2; exit 2; }

run_one() {
    local exe=$1 name=${1#fuzz_}
    local work=$here/corpus-work/$name art=$here/artifacts/$name
    mkdir -p "$work" "$art"
    # FUZZ_RUNS=N: a fixed number of runs from seed 1 instead of a time, so
    # the run is the same every time (CI); otherwise SECONDS of random runs.
    local budget=(-max_total_time="$seconds")
    # FUZZ_RUNS_<target> overrides it for one target (CI: explain, whose
    # runs explain whole puzzles under the sanitizers, about one a second).
    local own="FUZZ_RUNS_$name" runs_wanted=${FUZZ_RUNS:-}
    [ -n "${!own:-}" ] && runs_wanted=${!own}
    [ -n "$runs_wanted" ] && budget=(-runs="$runs_wanted" -seed=1)
    "$build/fuzz/$exe" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 \
        -max_len=8192 -print_final_stats=1 -artifact_prefix="$art/" \
        "$work" "$here/corpus/$name" >"$art/log.txt" 2>&1
    local rc=$?
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$art/log.txt" | grep -o '[0-9]*$')
    echo "$exe: ${runs_wanted:+seed 1, }${runs:-?} runs, exit $rc"
    if [ $rc -ne 0 ]; then
        grep -m5 -E 'ERROR|SUMMARY|runtime error|deadly signal' "$art/log.txt"
        ls "$art"/crash-* "$art"/timeout-* "$art"/oom-* 2>/dev/null
    fi
    return $rc
}

fail=0
pids=()
for exe in "${targets[@]}"; do
    run_one "$exe" &
    pids+=($!)
    if ((${#pids[@]} >= parallel)); then
        wait "${pids[0]}" || fail=1
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || fail=1; done
exit $fail
