#!/bin/sh
# json_check.sh NONET PUZZLES - JSON output parsed by a real JSON parser:
# `python3 -m json.tool --json-lines`, then json_check.py for the content.
# Skipped (77) when python3 is absent outside CI; CI installs it.
set -u
nonet=$1 puzzles=$2
[ -f "$puzzles" ] || { echo "SKIP: $puzzles is missing"; exit 77; }
if ! command -v python3 >/dev/null; then
    [ -n "${CI:-}" ] && { echo "FAIL: python3 is missing under CI"; exit 1; }
    echo "SKIP: python3 is missing"; exit 77
fi
tmp=${TMPDIR:-/tmp}/nonet-json.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
"$nonet" solve -j2 --all --limit 0 -o json "$puzzles" >"$tmp/out" 2>/dev/null
[ $? -le 1 ] || { echo "FAIL: solve failed"; exit 1; }
python3 -m json.tool --json-lines "$tmp/out" >/dev/null || { echo "FAIL: not JSON Lines"; exit 1; }
python3 "$(dirname "$0")/json_check.py" "$tmp/out" "$puzzles"
