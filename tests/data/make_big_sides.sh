#!/bin/sh
# make_big_sides.sh - prints the input of the golden cases big_sides_*: one
# grid each of sides 62, 63 and 64 (the sides beyond the 61 default symbols,
# so every format writes them as numbers), in the grid format with
# whitespace-separated numbers, 0 = empty.
#
# Each grid is the pattern solution for its default box R x C (62: 2x31,
# 63: 7x9, 64: 8x8), value(r, c) = (C * (r mod R) + r div R + c) mod N + 1,
# with the main diagonal blanked: one blank a row, so the solution is unique
# and found by logic alone. Regenerate the inputs with
#   sh tests/data/make_big_sides.sh | gzip -9n > tests/golden/CASE/input.gz
for spec in "62 2 31" "63 7 9" "64 8 8"; do
    # shellcheck disable=SC2086
    set -- $spec
    awk -v N="$1" -v R="$2" -v C="$3" 'BEGIN {
        for (r = 0; r < N; r++) {
            line = ""
            for (c = 0; c < N; c++) {
                v = (C * (r % R) + int(r / R) + c) % N + 1
                if (c == r) v = 0
                line = line (c ? " " : "") v
            }
            print line
        }
    }'
done
