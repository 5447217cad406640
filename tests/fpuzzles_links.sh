#!/bin/sh
# fpuzzles_links.sh - every constraint type round-trips through f-puzzles
# JSON, f-puzzles links and SudokuPad links: for each golden constraint_*
# puzzle (nonet format), writing it in each and reading it back gives the
# same puzzle (nonet format; constraints compared as a set, since f-puzzles
# groups them by kind), and writing the read-back JSON again gives the
# same bytes (order stable, whisper gaps kept).
# Usage: fpuzzles_links.sh NONET GOLDEN_DIR
set -eu
nonet=$1 golden=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for dir in "$golden"/constraint_*; do
    [ -f "$dir/input" ] || continue
    "$nonet" convert -o nonet "$dir/input" 2>/dev/null | sort >"$tmp/want" || continue
    for fmt in fpuzzles fpuzzles-link sudokupad; do
        "$nonet" convert -o "$fmt" "$dir/input" >"$tmp/a" 2>"$tmp/err"
        "$nonet" convert -o nonet "$tmp/a" 2>>"$tmp/err" | sort >"$tmp/back"
        if [ -s "$tmp/err" ] || ! cmp -s "$tmp/want" "$tmp/back"; then
            echo "$(basename "$dir") via $fmt:"; cat "$tmp/err"; diff "$tmp/want" "$tmp/back" | head
            exit 1
        fi
        "$nonet" convert -o "$fmt" "$tmp/a" >"$tmp/b"
        cmp -s "$tmp/a" "$tmp/b" || { echo "$(basename "$dir") via $fmt: not stable"; exit 1; }
    done
    n=$((n + 1))
done
[ "$n" -gt 10 ] || { echo "only $n constraint cases"; exit 1; }
echo "$n constraint puzzles round-trip through fpuzzles, fpuzzles-link, sudokupad"
