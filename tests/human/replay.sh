#!/bin/sh
# replay.sh NONET FILE [COUNT] - replaying `nonet explain -o json` from the
# givens reproduces `nonet solve`'s solution (tests/human/replay.py), for the
# first COUNT puzzles of FILE (one puzzle a line; default all). -j2 output
# must equal -j1 output. Skipped (77) without python3 or FILE.
set -u
nonet=$1 file=$2 count=${3:-}
command -v python3 >/dev/null || exit 77
[ -r "$file" ] || exit 77
tmp=${TMPDIR:-/tmp}/nonet-replay.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ -n "$count" ]; then
    grep -v '^#' "$file" | awk 'NF' | head -n "$count" >"$tmp/puzzles"
else
    grep -v '^#' "$file" | awk 'NF' >"$tmp/puzzles"
fi
"$nonet" explain -j1 -o json "$tmp/puzzles" >"$tmp/steps" 2>"$tmp/err"
st=$?
[ $st -le 1 ] || { echo "explain exit status $st"; cat "$tmp/err"; exit 1; }
"$nonet" explain -j2 -o json "$tmp/puzzles" >"$tmp/steps2" 2>/dev/null
cmp -s "$tmp/steps" "$tmp/steps2" || { echo "explain -j2 output differs from -j1"; exit 1; }
"$nonet" solve -q "$tmp/puzzles" >"$tmp/solutions" || true
python3 "$(dirname "$0")/replay.py" "$tmp/puzzles" "$tmp/steps" "$tmp/solutions"
