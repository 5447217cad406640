#!/bin/sh
# json_escape.sh NONET - issue 31 item 3: one JSON writer. A control
# character in a source name (a file named with a tab and an escape) or in
# a message is written as \u00XX in every command's JSON, never raw and
# never '?', and every line stays one JSON object (python3's json module
# when present).
set -u
export LC_ALL=C
nonet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-esc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
A=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
name=$(printf 'odd\tname\033.txt')
printf '%s\n1234\n11...............................................................................\n' "$A" >"$tmp/$name"
for cmd in solve count convert canon shuffle dedupe rate explain hint; do
    (cd "$tmp" && "$nonet" $cmd -o json "$name" >"$tmp/out" 2>/dev/null)
    if ! grep -q 'odd\\u0009name\\u001b.txt' "$tmp/out"; then
        echo "$cmd: the source name is not escaped as \\u00XX"; fail=1
    fi
    if grep -q "$(printf '\t')" "$tmp/out" || grep -q 'odd?name' "$tmp/out"; then
        echo "$cmd: a raw or '?' control character"; fail=1
    fi
    if [ -x /usr/bin/python3 ] &&
        ! /usr/bin/python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$tmp/out"; then
        echo "$cmd: not JSON Lines"; fail=1
    fi
done
exit $fail
