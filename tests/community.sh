#!/bin/sh
# community.sh - real puzzles from the community (tests/data/community,
# README there names each one's setter and source) solve to their
# published solutions: every link in FILE is solved (-o line) and must give
# the "solution" line under it, uniquely (no "several solutions" note).
# Usage: community.sh NONET FILE FORMAT
set -eu
nonet=$1 file=$2 format=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep '^http' "$file" >"$tmp/links"
sed -n 's/^solution //p' "$file" >"$tmp/expected"
[ -s "$tmp/links" ] || { echo "no links in $file"; exit 1; }
[ "$(wc -l <"$tmp/links")" -eq "$(wc -l <"$tmp/expected")" ] ||
    { echo "links and solutions differ in number"; exit 1; }
"$nonet" solve -o line --format "$format" "$tmp/links" >"$tmp/out" 2>"$tmp/err" || true
if [ -s "$tmp/err" ]; then
    echo "stderr:"; cat "$tmp/err"; exit 1
fi
if ! cmp -s "$tmp/out" "$tmp/expected"; then
    paste -d' ' "$tmp/expected" "$tmp/out" | awk '$1 != $2 { print "line " NR ": expected " $1 ", got " $2 }'
    exit 1
fi
echo "$(wc -l <"$tmp/links") puzzles solved to their published solutions"
