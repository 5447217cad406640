#!/bin/sh
# bounds.sh NONET - issue 32: every command answers its worst input from the
# issue within its bound, and the readers take only what is valid. Each check
# failed on main 7dcc481.
set -u
nonet=$1
. "$(dirname "$0")/common.sh"

# within LABEL SECONDS WANT_STATUS CMD...: runs CMD (stdin from $tmp/in when
# it exists) and checks it ends within SECONDS times NONET_TIME_SCALE plus a
# minute with WANT_STATUS (the faults were runs of minutes to hours). The
# sanitizer and Valgrind targets of the Makefile set NONET_TIME_SCALE (their
# builds run 5-20 times slower: ThreadSanitizer on a loaded machine took 87 s
# for a 5 s bound); a plain build keeps the scale 1.
# Standard error is kept in $tmp/err, output in $tmp/out.
scale=${NONET_TIME_SCALE:-1}
within() {
    label=$1 bound=$2 want=$3
    shift 3
    start=$(date +%s)
    timeout $((bound * scale + 90)) "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    st=$?
    took=$(($(date +%s) - start))
    [ "$took" -le $((bound * scale + 60)) ] || { echo "$label: took ${took}s (bound ${bound}s, scale $scale)"; fail=1; }
    expect "$label" "status" "$want" "$st"
}
: >"$tmp/in"

# 1. generate --timeout holds from the probe grid on (was 400 s+).
within "generate 64 disjoint --timeout 3" 3 1 \
    "$nonet" generate --seed 1 -j1 --no-minimal --timeout 3 --size 64 --variant disjoint
grep -q "gave up" "$tmp/err" || { echo "generate 64 disjoint: no 'gave up'"; fail=1; }

# 2. random jigsaw maps from 25x25 up: a map at once; a budget never a usage error.
within "generate --regions random 25" 20 0 \
    "$nonet" generate --seed 1 -j1 --no-minimal --regions random --size 25
grep -q "^regions" "$tmp/out" || { echo "random 25: no map written"; fail=1; }
"$nonet" check "$tmp/out" >/dev/null 2>&1 || { echo "random 25: the puzzle does not check"; fail=1; }
within "generate --regions random 64 --timeout 5" 5 1 \
    "$nonet" generate --seed 3 -j1 --regions random --size 64 --timeout 5

# 4. explain, hint and rate answer several solutions at once.
awk 'BEGIN { s = ""; for (i = 0; i < 81; i++) s = s "."; print s }' >"$tmp/in"
for cmd in hint explain rate; do
    within "$cmd on an empty grid" 2 1 "$nonet" "$cmd" -o json
    grep -q '"status":"several"' "$tmp/out" || { echo "$cmd: no status several"; fail=1; }
done
# ... unless asked to go on, and then the default bound (60 s) or --timeout holds.
within "explain --keep-going --timeout 2" 2 1 "$nonet" explain --keep-going --timeout 2

# 6. JSON \u escapes by the spec.
for bad in '\uD83D' '\uDE00' '\u-123' '\uzzzz' '\u0000'; do
    printf '{"puzzle":"%s","comment":"a%sb"}\n' "$A" "$bad" >"$tmp/in"
    within "json $bad" 2 2 "$nonet" convert -f json -o json
    grep -q ':1:.*bad escape' "$tmp/err" || { echo "json $bad: not refused with its line"; fail=1; }
done
printf '{"puzzle":"%s","comment":"a\\uD83D\\uDE00b"}\n' "$A" >"$tmp/in"
within "json pair" 2 0 "$nonet" convert -f json -o json
grep -q "$(printf 'a\360\237\230\200b')" "$tmp/out" || { echo "json pair: not joined"; fail=1; }

# 7. alphabets holding a reader's marks are usage errors naming the symbol.
echo "$A" >"$tmp/in"
for mark in '#' '[' ',' ';' ':'; do
    within "alphabet $mark" 2 3 "$nonet" solve --alphabet "${mark}23456789"
    grep -qF "hold '$mark'" "$tmp/err" || { echo "alphabet $mark: not named"; fail=1; }
done

# 8. seeds above 2^64-1 are refused, not clamped.
within "generate seed 2^64" 2 3 "$nonet" generate --seed 18446744073709551616
within "shuffle seed 2^64" 2 3 "$nonet" shuffle --seed 18446744073709551616
# ... and a 64x64 puzzle written in any record format reads back.
awk 'BEGIN { s = ""; for (i = 0; i < 4096; i++) s = s "."; print s }' >"$tmp/in"
within "solve empty 64" 30 1 "$nonet" solve
cp "$tmp/out" "$tmp/s64"
for f in line csv json nonet grid; do
    "$nonet" convert -o "$f" "$tmp/s64" >"$tmp/o.$f" 2>/dev/null
    back=$("$nonet" convert -o line "$tmp/o.$f" 2>&1 | cmp -s - "$tmp/s64" && echo same)
    expect "64x64 $f" "read back" same "$back"
done
exit $fail
