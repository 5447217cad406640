# common.sh - helpers shared by the newcomer scripts (sourced, POSIX sh).
# Sets $nonet, $src, $tmp (removed on exit), $fail, and the sample puzzle A.
nonet=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-new.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
A=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
A_SOL=417369825632158947958724316825437169791586432346912758289643571573291684164875293

# expect LABEL WHAT WANT GOT: records a failure when GOT differs from WANT.
expect() {
    if [ "$3" != "$4" ]; then
        echo "$1: $2: expected [$3], got [$4]"
        fail=1
    fi
}
