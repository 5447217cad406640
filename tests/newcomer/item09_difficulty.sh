#!/bin/sh
# item09_difficulty.sh NONET SRC - difficulty names outside generate: rate's
# text, csv and json name the generator's band of the ER (easy ... nightmare),
# the same band generate --difficulty carves for.
. "$(dirname "$0")/common.sh"
"$nonet" generate -n 2 --seed 7 --difficulty medium >"$tmp/medium.txt" 2>/dev/null
"$nonet" generate -n 2 --seed 7 --difficulty easy >"$tmp/easy.txt" 2>/dev/null
for band in easy medium; do
    "$nonet" rate "$tmp/$band.txt" >"$tmp/out" 2>/dev/null
    expect "rate text ($band)" "named" 2 "$(grep -c "^[0-9.]*/[0-9.]*/[0-9.]* $band\$" "$tmp/out")"
    "$nonet" rate -o csv "$tmp/$band.txt" >"$tmp/out" 2>/dev/null
    expect "rate csv ($band)" "header" "index,puzzle,er,ep,ed,difficulty,status,steps,seconds,message" \
        "$(head -1 "$tmp/out")"
    expect "rate csv ($band)" "named" 2 "$(grep -c ",$band,rated," "$tmp/out")"
    "$nonet" rate -o json "$tmp/$band.txt" >"$tmp/out" 2>/dev/null
    expect "rate json ($band)" "named" 2 "$(grep -c "\"difficulty\":\"$band\"" "$tmp/out")"
done
# the band edges: ER 2.6 is hard (A is 2.6/1.2/1.2)
echo "$A" | "$nonet" rate >"$tmp/out" 2>/dev/null
expect "rate" "ER 2.6" "2.6/1.2/1.2 hard" "$(cat "$tmp/out")"
exit $fail
