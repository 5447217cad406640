#!/bin/sh
# cons_check.sh NONET CONS_CHECK SRCDIR - `nonet print` draws constraints
# (issue 30): every tests/print/data/cons_*.txt (one family of constraint
# kinds each) printed as PNG, as PDF (rasterised by pdftoppm) and as SVG
# (by rsvg-convert), each page looked at by cons_check (tests/print/
# cons_check.c: pixels where each constraint is drawn). As a control, the
# same page printed without its constraints must be refused by the checker.
# pdftoppm and rsvg-convert are optional: their formats are skipped without
# them (the whole test exits 77 when neither is there), unless
# NONET_REQUIRE_TOOLS is set.
set -u
nonet=$1 check=$2 src=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$*"; fail=1; }
dpi=100
formats=png
if command -v pdftoppm >/dev/null; then formats="$formats pdf"
elif [ -n "${NONET_REQUIRE_TOOLS:-}" ]; then bad "pdftoppm (poppler-utils) is missing"; fi
if command -v rsvg-convert >/dev/null; then formats="$formats svg"
elif [ -n "${NONET_REQUIRE_TOOLS:-}" ]; then bad "rsvg-convert (librsvg2-bin) is missing"; fi

for file in "$src"/tests/print/data/cons_*.txt; do
    base=$(basename "$file" .txt)
    for f in $formats; do
        out=$tmp/$base.$f page=$tmp/$base-$f.png
        "$nonet" print --dpi $dpi -O "$out" "$file" 2>"$tmp/err" || bad "$base.$f: print failed: $(cat "$tmp/err")"
        case $f in
        png) page=$out ;;
        pdf) pdftoppm -r $dpi -singlefile -png "$out" "${page%.png}" || bad "$base: pdftoppm failed" ;;
        svg) rsvg-convert -d $dpi -p $dpi -b white -f png -o "$page" "$out" || bad "$base: rsvg-convert failed" ;;
        esac
        "$check" "$file" "$page" $dpi || bad "$base.$f: the picture is wrong (above)"
    done
    # the control: without its constraints the page must not pass
    grep -v -E '^(cage|little-killer|sandwich|thermo|arrow|white-dot|black-dot|x|v|whisper|renban|palindrome|between|odd|even|min|max|quadruple|region|clone) ' "$file" >"$tmp/bare.txt"
    "$nonet" print --dpi $dpi -O "$tmp/bare.png" "$tmp/bare.txt" 2>/dev/null
    "$check" "$file" "$tmp/bare.png" $dpi >"$tmp/control" 2>&1 &&
        bad "$base: the checker passed a page without the constraints"
done
# the sampler of examples/ (several families on one 9x9): unique, and drawn
"$nonet" solve -o line "$src/examples/constraints_sampler.txt" >"$tmp/sol" ||
    bad "examples/constraints_sampler.txt: not unique (exit status $?)"
"$nonet" print --dpi $dpi -O "$tmp/sampler.png" "$src/examples/constraints_sampler.txt" &&
    "$check" "$src/examples/constraints_sampler.txt" "$tmp/sampler.png" $dpi ||
    bad "examples/constraints_sampler.txt: the picture is wrong (above)"
exit $fail
