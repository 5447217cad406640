#!/bin/sh
# limits.sh NONET - --timeout gives up a puzzle that runs too long, reports it
# as given up (answer "Gave up", a note naming the file, line and bound,
# exit status 1) and the batch goes on, in solve, count and check; bad limit
# values are usage errors.
set -u
nonet=$1
. "$(dirname "$0")/common.sh"

# An empty 64x64 grid: the dlx engine cannot settle it in any reasonable time.
{ head -c 4096 /dev/zero | tr '\0' .; printf '\n%s\n' "$A"; } >"$tmp/slow"
start=$(date +%s)
"$nonet" solve -j1 -e dlx --timeout 0.5 "$tmp/slow" >"$tmp/out" 2>"$tmp/err"
status=$?
took=$(($(date +%s) - start))
expect timeout status 1 "$status"
expect timeout stdout "$(printf 'Gave up\n%s' "$A_SOL")" "$(cat "$tmp/out")"
expect timeout stderr "nonet: $tmp/slow:1: gave up after 0.5 seconds (--timeout)" "$(cat "$tmp/err")"
if [ "$took" -gt 60 ]; then
    echo "timeout: --timeout 0.5 took ${took}s"
    fail=1
fi

# Threads: every slow puzzle is given up on its own, the others are answered in order.
{ for i in 1 2 3; do head -c 4096 /dev/zero | tr '\0' .; printf '\n%s\n' "$B"; done; } >"$tmp/slow3"
"$nonet" solve -j3 -e dlx --timeout 0.3 "$tmp/slow3" >"$tmp/out" 2>"$tmp/err"
expect threads status 1 "$?"
expect threads stdout "$(printf 'Gave up\n%s\nGave up\n%s\nGave up\n%s' "$B_SOL" "$B_SOL" "$B_SOL")" \
    "$(cat "$tmp/out")"
expect threads "notes on stderr" 3 "$(grep -c 'gave up after 0.3 seconds' "$tmp/err")"

# count and check: the same bound, the same note, their own verdicts.
"$nonet" count -j3 -e dlx --timeout 0.3 "$tmp/slow3" >"$tmp/out" 2>"$tmp/err"
expect count status 1 "$?"
expect count stdout "$(printf 'gave up (at least 0)\n1\n%.0s' 1 2 3)" "$(cat "$tmp/out")"
expect count "notes on stderr" 3 "$(grep -c 'gave up after 0.3 seconds (--timeout)' "$tmp/err")"
"$nonet" check -j3 -e dlx --timeout 0.3 "$tmp/slow3" >"$tmp/out" 2>"$tmp/err"
expect check status 1 "$?"
expect check stdout "$(printf '%s: gave up\n%s: unique, minimal\n' 1 2 3 4 5 6)" "$(cat "$tmp/out")"
expect check "notes on stderr" 3 "$(grep -c 'gave up after 0.3 seconds (--timeout)' "$tmp/err")"

for bad in "--timeout 0" "--timeout x" "--max-nodes 0" "--max-nodes -5" "--max-nodes 12k"; do
    for cmd in solve count check; do
        # shellcheck disable=SC2086
        "$nonet" $cmd $bad "$tmp/slow" >"$tmp/out" 2>"$tmp/err"
        expect "$cmd $bad" status 3 "$?"
        expect "$cmd $bad" stdout "" "$(cat "$tmp/out")"
    done
done
exit $fail
