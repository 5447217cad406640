#!/bin/sh
# cli_canon.sh NONET DATA - canon, shuffle and dedupe over whole collections:
#   - the 17-clue puzzles are all essentially different: dedupe keeps all
#     49,158, and the list followed by a shuffled copy of itself dedupes
#     back to the same 49,158 lines (every class of size 2 with --count);
#   - the hardest set dedupes to its 48,766 puzzles;
#   - canon, shuffle and dedupe give the same output with -j1 and -j2;
#   - every shuffled copy has its original's canonical form, both forms.
# Exits 77 (skipped) when DATA lacks the collections.
set -u
nonet=$1 data=$2
p17=$data/puzzles2_17_clue hard=$data/puzzles5_forum_hardest_1905_11+
[ -f "$p17" ] && [ -f "$hard" ] || { echo "SKIP: collections missing in $data"; exit 77; }
tmp=${TMPDIR:-/tmp}/nonet-canon.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$*"; fail=1; }

"$nonet" dedupe -j2 "$p17" >"$tmp/d17" || bad "dedupe 17-clue: exit status $?"
[ "$(wc -l <"$tmp/d17")" -eq 49158 ] || bad "dedupe 17-clue kept $(wc -l <"$tmp/d17"), expected 49158"
grep -v '^#' "$p17" | cmp -s - "$tmp/d17" || bad "dedupe 17-clue changed or reordered puzzles"
"$nonet" shuffle --seed 18 -j2 "$p17" >"$tmp/s17" || bad "shuffle: exit status $?"
"$nonet" dedupe -j2 "$p17" "$tmp/s17" >"$tmp/d2" || bad "dedupe with copies: exit status $?"
cmp -s "$tmp/d17" "$tmp/d2" || bad "17-clue plus a shuffled copy does not dedupe back to the 17-clue list"
"$nonet" dedupe -c -j2 "$p17" "$tmp/s17" | cut -f1 | sort | uniq -c >"$tmp/sizes"
[ "$(cat "$tmp/sizes" | tr -s ' ')" = " 49158 2" ] || bad "class sizes: $(head -3 "$tmp/sizes")"
[ "$("$nonet" dedupe -j2 "$hard" | wc -l)" -eq 48766 ] || bad "dedupe hardest: not 48766 classes"

for form in minlex pattern; do
    "$nonet" canon --form $form -j1 "$p17" >"$tmp/c1" || bad "canon -j1: exit status $?"
    "$nonet" canon --form $form -j2 "$p17" >"$tmp/c2"
    cmp -s "$tmp/c1" "$tmp/c2" || bad "canon --form $form: -j2 output differs from -j1"
    "$nonet" canon --form $form -j2 "$tmp/s17" | cmp -s - "$tmp/c1" ||
        bad "canon --form $form: shuffled copies have other forms"
done
"$nonet" shuffle --seed 18 -n 2 -j1 "$hard" >"$tmp/h1"
"$nonet" shuffle --seed 18 -n 2 -j2 "$hard" >"$tmp/h2"
cmp -s "$tmp/h1" "$tmp/h2" || bad "shuffle: -j2 output differs from -j1"
"$nonet" dedupe -j1 "$hard" "$tmp/h1" >"$tmp/e1"
"$nonet" dedupe -j2 "$hard" "$tmp/h1" >"$tmp/e2"
cmp -s "$tmp/e1" "$tmp/e2" || bad "dedupe: -j2 output differs from -j1"
cmp -s "$tmp/e1" "$hard" || bad "hardest plus two copies does not dedupe back to the hardest list"
exit $fail
