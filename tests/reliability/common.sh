# common.sh - helpers shared by the reliability scripts (sourced, POSIX sh).
# Sets $tmp (removed on exit), $fail, and the puzzles A/B with their solutions.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-rel.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
A=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
A_SOL=417369825632158947958724316825437169791586432346912758289643571573291684164875293
B=52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
B_SOL=527316489896542731314987562172453896689271354453698217941825673765134928238769145

# expect LABEL WHAT WANT GOT: records a failure when GOT differs from WANT.
expect() {
    if [ "$3" != "$4" ]; then
        echo "$1: $2: expected [$3], got [$4]"
        fail=1
    fi
}

# peak_kb FILE: the "Maximum resident set size" /usr/bin/time -v wrote to FILE.
peak_kb() {
    sed -n 's/.*Maximum resident set size (kbytes): *//p' "$1"
}

# big_file FILE BYTES CHAR: writes BYTES copies of CHAR (no newline).
big_file() {
    head -c "$2" /dev/zero | tr '\0' "$3" >"$1"
}
