#!/bin/sh
# cli_collections.sh NONET DATA CASE - whole-collection claims of the formats
# issue, through the CLI. Exits 77 (skipped) when the data is absent.
#   tdoku_counts  count --limit 0 -o tdoku reproduces tdoku_test_puzzles byte
#                 for byte (puzzle:count[:solution]), and bare counts match
#   serg          check: all 10,000 puzzles of Serg's benchmark have several
#                 solutions (exit status 1)
#   hardest       check: all 375 forum-hardest puzzles are unique (and, as
#                 they are, minimal)
#   17clue        check: 17-clue puzzles are unique and minimal (first N)
set -u
nonet=$1 data=$2 case=$3 sample=${4:-0}
tmp=${TMPDIR:-/tmp}/nonet-coll.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
need() { [ -f "$data/$1" ] || { echo "SKIP: $data/$1 is missing"; exit 77; }; }
fail() { echo "FAIL: $*"; exit 1; }
# verdicts FILE WANT COUNT STATUS: every check line of FILE is WANT, COUNT lines.
verdicts() {
    "$nonet" check -j2 "$1" >"$tmp/out" 2>"$tmp/err"; st=$?
    [ "$st" = "$4" ] || fail "exit status $st, expected $4"
    [ -s "$tmp/err" ] && fail "unexpected errors: $(head -3 "$tmp/err")"
    n=$(wc -l <"$tmp/out")
    [ "$n" -eq "$3" ] || fail "$n verdicts, expected $3"
    bad=$(grep -cv "^[0-9]*: $2\$" "$tmp/out")
    [ "$bad" -eq 0 ] || fail "$bad verdicts are not '$2': $(grep -v "^[0-9]*: $2\$" "$tmp/out" | head -3)"
    i=$(cut -d: -f1 "$tmp/out" | awk '$1 != NR' | head -1)
    [ -z "$i" ] || fail "verdicts out of order at $i"
}
case $case in
tdoku_counts)
    need tdoku_test_puzzles
    "$nonet" count -j2 --limit 0 -o tdoku -T "$data/tdoku_test_puzzles" >"$tmp/out"
    cmp "$tmp/out" "$data/tdoku_test_puzzles" || fail "tdoku records differ"
    "$nonet" count -j2 --limit 0 "$data/tdoku_test_puzzles" >"$tmp/counts"
    cut -d: -f2 "$data/tdoku_test_puzzles" | cmp - "$tmp/counts" || fail "counts differ"
    ;;
serg)
    need puzzles7_serg_benchmark
    verdicts "$data/puzzles7_serg_benchmark" "several solutions" 10000 1
    ;;
hardest)
    need puzzles6_forum_hardest_1106
    verdicts "$data/puzzles6_forum_hardest_1106" "unique, minimal" 375 0
    ;;
17clue)
    need puzzles2_17_clue
    grep -v '^#' "$data/puzzles2_17_clue" | head -n "$sample" >"$tmp/in"
    verdicts "$tmp/in" "unique, minimal" "$sample" 0
    ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case"
