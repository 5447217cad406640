#!/bin/sh
# cli_corpus.sh NONET CORPUS_CHECK PUZZLES - solves a whole collection through
# the CLI with -j1 and -j2: both outputs must be byte-identical, and every
# answer must be a valid solution of its puzzle. Exits 77 when PUZZLES is absent.
set -u
nonet=$1 check=$2 puzzles=$3
[ -f "$puzzles" ] || { echo "SKIP: $puzzles is missing"; exit 77; }
tmp=${TMPDIR:-/tmp}/nonet-cli.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
"$nonet" solve -q -j1 "$puzzles" >"$tmp/j1" 2>"$tmp/e1"; s1=$?
"$nonet" solve -q -j2 "$puzzles" >"$tmp/j2" 2>"$tmp/e2"; s2=$?
[ "$s1" = "$s2" ] || { echo "exit status -j1 $s1, -j2 $s2"; exit 1; }
[ "$s1" -le 1 ] || { echo "exit status $s1"; cat "$tmp/e1"; exit 1; }
cmp "$tmp/j1" "$tmp/j2" || { echo "-j2 output differs from -j1"; exit 1; }
cmp "$tmp/e1" "$tmp/e2" || { echo "-j2 errors differ from -j1"; exit 1; }
"$check" output "$puzzles" "$tmp/j1"
