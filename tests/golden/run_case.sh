#!/bin/sh
# run_case.sh NONET CASE_DIR - runs one golden CLI case.
#
# A case folder holds:
#   input          fed to standard input (or input.gz, decompressed)
#   args           the arguments after `nonet` (one line, split on spaces)
#   expected       exact standard output (or expected.gz, decompressed: for
#                  outputs too big to keep as text, like 64x64 grids)
#   expected_err   exact standard error (when absent, standard error must be empty)
#   status         expected exit status (default 0)
#   engines        optional: engine names; the case runs once with each
#                  (`--engine NAME` appended), and every run must match
set -u
nonet=$1
dir=$2
tmp=${TMPDIR:-/tmp}/nonet-golden.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
args=$(cat "$dir/args")
want_status=0
[ -f "$dir/status" ] && want_status=$(cat "$dir/status")
engines=-
[ -f "$dir/engines" ] && engines=$(cat "$dir/engines")
input=$dir/input
if [ -f "$dir/input.gz" ]; then
    gzip -dc "$dir/input.gz" >"$tmp/input" || exit 1
    input=$tmp/input
fi
expected=$dir/expected
if [ -f "$dir/expected.gz" ]; then
    gzip -dc "$dir/expected.gz" >"$tmp/expected" || exit 1
    expected=$tmp/expected
fi
fail=0
for engine in $engines; do
    extra=""
    [ "$engine" = "-" ] || extra="--engine $engine"
    # shellcheck disable=SC2086
    (cd "$dir" && "$nonet" $args $extra <"$input" >"$tmp/out" 2>"$tmp/err")
    status=$?
    label="$(basename "$dir")${extra:+ ($extra)}"
    if [ "$status" != "$want_status" ]; then
        echo "$label: exit status $status, expected $want_status"
        fail=1
    fi
    if ! cmp -s "$tmp/out" "$expected"; then
        echo "$label: standard output differs:"
        diff "$expected" "$tmp/out" | head -20
        fail=1
    fi
    if [ -f "$dir/expected_err" ]; then
        if ! cmp -s "$tmp/err" "$dir/expected_err"; then
            echo "$label: standard error differs:"
            diff "$dir/expected_err" "$tmp/err" | head -20
            fail=1
        fi
    elif [ -s "$tmp/err" ]; then
        echo "$label: unexpected standard error:"
        head -5 "$tmp/err"
        fail=1
    fi
done
exit $fail
