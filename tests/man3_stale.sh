#!/bin/sh
# man3_stale.sh SRCDIR - tools/man3.py --check passes on the tree as
# committed and fails once the header's comments change without `make man3`;
# after regenerating, it passes again (the page follows the header).
set -u
src=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "man3_stale: $*"; exit 1; }
python3 "$src/tools/man3.py" --check "$src" || fail "man/nonet.3 is stale in the tree; run make man3"
mkdir -p "$tmp/include" "$tmp/examples" "$tmp/man"
cp "$src/include/nonet.h" "$tmp/include/" && cp "$src/examples/solve_string.c" "$tmp/examples/" &&
    cp "$src/man/nonet.3" "$tmp/man/" || exit 1
sed 's|^/\* Frees the puzzle and drops its shape reference|/* Frees the puzzle (changed) and drops its shape reference|' \
    "$src/include/nonet.h" >"$tmp/include/nonet.h"
cmp -s "$src/include/nonet.h" "$tmp/include/nonet.h" && fail "the test's edit of nonet.h matched nothing"
python3 "$src/tools/man3.py" --check "$tmp" >"$tmp/out" && fail "--check passed on a stale page"
grep -q "stale" "$tmp/out" || fail "--check did not say the page is stale: $(cat "$tmp/out")"
python3 "$src/tools/man3.py" "$tmp" || fail "regenerating failed"
grep -q "Frees the puzzle (changed)" "$tmp/man/nonet.3" || fail "the regenerated page lacks the new comment"
python3 "$src/tools/man3.py" --check "$tmp" || fail "--check fails right after regenerating"
exit 0
