#!/bin/sh
# timeout_live.sh NONET DATA_DIR - liveness of --timeout in the human
# commands: `explain`, `hint` and `rate --timeout 1` on an empty 64x64 grid
# (the uniqueness search, then the chain producers on 262,144 candidates)
# and `explain`, `rate` on a hard 16x16 puzzle (ER 10+, nested forcing
# chains; its first step, all `hint` looks for, is easy) must give up
# with the documented status 1 and the "gave up after 1 seconds" note. Not a
# speed test: each run only has to end within 30 seconds (30x its timeout;
# `timeout` exits 124 when it does not), a bound that holds on a loaded
# machine and under the sanitizers as long as the chain searches ask their
# progress callback every fraction of a millisecond of work.
set -u
nonet=$1 data=$2
command -v timeout >/dev/null || exit 77
tmp=${TMPDIR:-/tmp}/nonet-timeout-live.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { s = ""; for (i = 0; i < 4096; i++) s = s "."; print s }' >"$tmp/empty64"
cp "$data/hard_16x16.txt" "$tmp/hard16"
fail=0
for run in "explain empty64" "hint empty64" "rate empty64" "explain hard16" "rate hard16"; do
    set -- $run
    cmd=$1 input=$2
    {
        timeout 30 "$nonet" "$cmd" --keep-going --timeout 1 "$tmp/$input" >"$tmp/out" 2>"$tmp/err"
        st=$?
        if [ $st -eq 124 ]; then
            echo "FAIL: $cmd --timeout 1 $input: still running after 30 s"
            fail=1
        elif [ $st -ne 1 ] || ! grep -q "gave up after 1 seconds (--timeout)" "$tmp/err"; then
            echo "FAIL: $cmd --timeout 1 $input: status $st (want 1, gave up)"
            cat "$tmp/err"
            fail=1
        else
            echo "ok: $cmd --timeout 1 $input: gave up, status 1"
        fi
    }
done
exit $fail
