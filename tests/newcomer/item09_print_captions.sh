#!/bin/sh
# item09_print_captions.sh NONET SRC - print's captions: no seed unless
# --caption asks for it, the difficulty name beside a rated puzzle's ER, a
# bad --caption field a usage error naming it, and a rule line on a jigsaw
# sheet (every rule that is not classic has one). Read back with pdftotext.
. "$(dirname "$0")/common.sh"
command -v pdftotext >/dev/null 2>&1 || { echo "skipped: no pdftotext (poppler-utils)"; exit 77; }
echo "$A" | "$nonet" print -O "$tmp/probe.pdf" >/dev/null 2>"$tmp/err"
if [ $? -eq 3 ] && grep -q "not available" "$tmp/err"; then
    echo "skipped: nonet print is not available in this build"
    exit 77
fi
# text TAG ARGS...: prints the generated puzzle with ARGS, its text in $tmp/TAG.txt
text() {
    tag=$1
    shift
    "$nonet" print -O "$tmp/$tag.pdf" "$@" >/dev/null 2>"$tmp/$tag.err" || echo "print $*: failed: $(cat "$tmp/$tag.err")"
    pdftotext "$tmp/$tag.pdf" "$tmp/$tag.txt" 2>/dev/null || : >"$tmp/$tag.txt"
}
"$nonet" generate -n 1 --seed 7 --difficulty medium -o json >"$tmp/rated.json" 2>/dev/null
er=$(sed 's/.*"er":\([0-9.]*\).*/\1/' "$tmp/rated.json")
band=$(sed 's/.*"difficulty":"\([a-z]*\)".*/\1/' "$tmp/rated.json")
expect "generate -o json" "the ER and band" "2.0 medium" "$er $band"
text default "$tmp/rated.json"
expect "print (default caption)" "the seed shown" 0 "$(grep -c 'seed' "$tmp/default.txt")"
expect "print (default caption)" "the rating" 1 "$(grep -c "ER $er" "$tmp/default.txt")"
expect "print (default caption)" "the difficulty" 1 "$(grep -c "$band" "$tmp/default.txt")"
expect "print (default caption)" "the number" 1 "$(grep -c 'Puzzle 1' "$tmp/default.txt")"
text seed --caption seed "$tmp/rated.json"
expect "print --caption seed" "the seed" 1 "$(grep -c 'seed 7' "$tmp/seed.txt")"
expect "print --caption seed" "only the seed" 0 "$(grep -c "Puzzle\|ER $er" "$tmp/seed.txt")"
text all --caption index,rating,difficulty,seed,source "$tmp/rated.json"
expect "print --caption (all)" "every field" 1 "$(grep -c "Puzzle 1.*ER $er.*$band.*seed 7.*rated.json:1" "$tmp/all.txt")"
# a bad field is a usage error that names it
"$nonet" print -O "$tmp/bad.pdf" --caption index,sed "$tmp/rated.json" >/dev/null 2>"$tmp/err"
expect "print --caption index,sed" "status" 3 "$?"
expect "print --caption index,sed" "names the field" 1 "$(grep -c "'sed'" "$tmp/err")"
# a jigsaw sheet has its rule line
"$nonet" generate -n 1 --regions random --seed 5 >"$tmp/jigsaw.txt" 2>/dev/null
text jigsaw "$tmp/jigsaw.txt"
expect "print (jigsaw)" "a rule line" 1 "$(grep -c '^Jigsaw: each outlined region holds' "$tmp/jigsaw.txt")"
# a classic grid still has none
echo "$A" >"$tmp/classic.txt"
text classic "$tmp/classic.txt"
expect "print (classic)" "no rule line" 0 "$(grep -c 'once\.' "$tmp/classic.txt")"
exit $fail
