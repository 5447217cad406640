#!/bin/sh
# print_check.sh NONET SHEET_CHECK SRCDIR CASE - one `nonet print` test:
# print, then look at the pictures with sheet_check (tests/print/
# sheet_check.c), which reads every page the way a person would (lines,
# symbols, marks, captions, page count).
#
# Cases: shapes, variants, layouts, candidates, pdf (pages through
# pdftoppm), svg (pages through rsvg-convert), reference (against the
# pictures in tests/print/ref), checker (sheet_check notices wrong
# pictures), cli (files written, errors and exit statuses), module (only
# print opens the renderer module and cairo; a missing, broken or stale
# module is refused with the reason; STALE_MODULE names tests/print/
# stale_module.c's build).
# pdftoppm (poppler-utils) and rsvg-convert (librsvg2-bin) are optional:
# their cases exit 77 (skipped) without them, unless NONET_REQUIRE_TOOLS is set.
set -u
nonet=$1 check=$2 src=$3 case=$4
data=$src/tests/print/data ref=$src/tests/print/ref
tmp=${TMPDIR:-/tmp}/nonet-print.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$case: $*"; fail=1; }

SHAPES="4x4 6x6 9x9 16x16 25x25 jigsaw alphabet16"
VARIANTS="variant_x variant_hyper variant_disjoint variant_anti_knight variant_anti_king
          variant_non_consecutive variant_groups variant_hyper_16x16 variant_x_6x6"
ALL=$(for f in $SHAPES $VARIANTS; do printf '%s ' "$data/$f.txt"; done)
SOME=$(for f in 4x4 9x9 16x16 jigsaw variant_x variant_hyper_16x16; do printf '%s ' "$data/$f.txt"; done)

# pages PREFIX EXT - the pages written for PREFIX.EXT, in page order.
pages() {
    if [ -f "$1.$2" ]; then echo "$1.$2"; return; fi
    ls "$1"-*."$2" 2>/dev/null | sort -V
}

# sheet NAME [OPTIONS] -- INPUTS: prints INPUTS as PNG with OPTIONS (also
# --dpi) and checks the pages.
sheet() {
    name=$1
    shift
    opts="" title=""
    while [ "$1" != "--" ]; do
        opts="$opts $1"
        [ "$1" = --title ] && title="Puzzles for people"   # the checker only wants to know
        shift
    done
    shift
    # shellcheck disable=SC2086
    "$nonet" print -O "$tmp/$name.png" $(echo $opts | sed 's/--title//') ${title:+--title "$title"} "$@" \
        2>"$tmp/$name.err" || bad "$name: nonet print failed: $(cat "$tmp/$name.err")"
    [ -s "$tmp/$name.err" ] && bad "$name: unexpected standard error: $(head -n 2 "$tmp/$name.err")"
    # shellcheck disable=SC2046,SC2086
    "$check" $opts "$@" -- $(pages "$tmp/$name" png) >"$tmp/$name.check" || {
        bad "$name: the pictures are wrong:"
        cat "$tmp/$name.check"
    }
}

# need TOOL PACKAGE: skip (77) without TOOL unless tools are required.
need() {
    command -v "$1" >/dev/null && return 0
    if [ -n "${NONET_REQUIRE_TOOLS:-}" ]; then
        echo "$case: $1 is missing (Debian package $2)"
        exit 1
    fi
    echo "SKIP: $1 is missing (Debian package $2)"
    exit 77
}

case $case in
shapes)
    for f in $SHAPES; do sheet "$f" -- "$data/$f.txt"; done
    sheet shapes_answers --answers --title -- $(for f in $SHAPES; do printf '%s ' "$data/$f.txt"; done)
    ;;
variants)
    for f in $VARIANTS; do sheet "$f" -- "$data/$f.txt"; done
    ;;
layouts)
    # every per-page count on both papers, large print, titles and answers;
    # grids of 4 and 6 to a page are looked at in 200 dpi (small cells), and
    # 25x25 (covered by the other cases) is left out of them: its symbols are
    # a few pixels high there
    sheet pp2 --per-page 2 --title --answers -- $ALL
    sheet pp4 --per-page 4 --paper letter --dpi 200 --answers -- $SOME
    sheet pp6 --per-page 6 --dpi 200 --title -- $SOME
    sheet large --large-print --per-page 2 --paper letter --answers -- "$data/9x9.txt" "$data/jigsaw.txt" "$data/variant_hyper_16x16.txt"
    ;;
candidates)
    sheet marks --candidates -- "$data/pencil.txt" "$data/9x9.txt" "$data/4x4.txt" "$data/variant_hyper_16x16.txt"
    ;;
pdf)
    need pdftoppm poppler-utils
    # poppler's anti-aliasing is not cairo's: the symbols are compared --loose
    "$nonet" print -O "$tmp/book.pdf" --per-page 2 --title Book --answers $ALL 2>"$tmp/err" ||
        bad "nonet print failed: $(cat "$tmp/err")"
    pdftoppm -r 200 -png "$tmp/book.pdf" "$tmp/page" || bad "pdftoppm failed"
    # shellcheck disable=SC2046,SC2086
    "$check" --per-page 2 --title --answers --dpi 200 --loose $ALL -- $(pages "$tmp/page" png) >"$tmp/check" ||
        { bad "the PDF's pages are wrong:"; cat "$tmp/check"; }
    # the same sheet on standard output
    "$nonet" print --per-page 2 --title Book --answers $ALL >"$tmp/stdout.pdf" 2>"$tmp/err" ||
        bad "nonet print to standard output failed"
    [ "$(head -c 5 "$tmp/stdout.pdf")" = "%PDF-" ] || bad "standard output is not a PDF"
    pdftoppm -r 20 -png "$tmp/stdout.pdf" "$tmp/out" || bad "pdftoppm failed on standard output's PDF"
    [ "$(pages "$tmp/out" png | wc -l)" = "$(pages "$tmp/page" png | wc -l)" ] ||
        bad "standard output's PDF has another page count"
    ;;
svg)
    need rsvg-convert librsvg2-bin
    # librsvg's anti-aliasing is not cairo's: the symbols are compared --loose
    "$nonet" print -O "$tmp/v.svg" --per-page 2 --answers $SOME "$data/25x25.txt" 2>"$tmp/err" || bad "nonet print failed"
    for svg in $(pages "$tmp/v" svg); do
        rsvg-convert -d 200 -p 200 -f png -o "${svg%.svg}.png" "$svg" || bad "rsvg-convert failed on $svg"
    done
    # shellcheck disable=SC2046,SC2086
    "$check" --per-page 2 --answers --dpi 200 --loose $SOME "$data/25x25.txt" -- $(pages "$tmp/v" png) >"$tmp/check" ||
        { bad "the SVG pages are wrong:"; cat "$tmp/check"; }
    ;;
reference)
    # the pictures kept in tests/print/ref, made by this command and looked at
    "$nonet" print -O "$tmp/ref1.png" --dpi 60 --per-page 4 --title "nonet print" "$data/9x9.txt" "$data/jigsaw.txt" "$data/variant_x.txt"
    "$nonet" print -O "$tmp/ref2.png" --dpi 60 --per-page 6 --answers "$data/variant_hyper.txt" "$data/variant_disjoint.txt" "$data/variant_groups.txt" "$data/16x16.txt"
    "$check" --same "$ref/page_9x9_jigsaw_x.png" "$tmp/ref1.png" || bad "page 1 differs from its reference"
    "$check" --same "$ref/page_variants.png" "$tmp/ref2-1.png" || bad "the variants page differs from its reference"
    "$check" --same "$ref/page_answers.png" "$tmp/ref2-2.png" || bad "the answers page differs from its reference"
    ;;
checker)
    # sheet_check must notice wrong pictures: the wrong givens, the wrong
    # borders, a missing variant, a missing page.
    "$nonet" print -O "$tmp/a.png" "$data/9x9.txt" 2>/dev/null
    "$check" "$data/9x9.txt" -- "$tmp/a-2.png" "$tmp/a-1.png" >"$tmp/out" && bad "swapped pages passed"
    grep -q "shows" "$tmp/out" || bad "swapped pages: no symbol named: $(head -n 3 "$tmp/out")"
    sed 's/^4\.\.\.\.\./5...../' "$data/9x9.txt" >"$tmp/other.txt"
    "$check" "$tmp/other.txt" -- "$tmp/a-1.png" "$tmp/a-2.png" >"$tmp/out" && bad "a wrong given passed"
    grep -q "r1c1 shows 4" "$tmp/out" || bad "a wrong given: not named: $(head -n 3 "$tmp/out")"
    "$check" "$data/9x9.txt" -- "$tmp/a-1.png" >"$tmp/out" && bad "a missing page passed"
    grep -q "1 pages, expected 2" "$tmp/out" || bad "a missing page: not named"
    # rows for regions: a jigsaw too (the same rule line), other borders
    sed '/^regions$/,/^givens$/{/^[A-I]*$/d}' "$data/jigsaw.txt" | sed 's/^regions$/regions\nAAAAAAAAA\nBBBBBBBBB\nCCCCCCCCC\nDDDDDDDDD\nEEEEEEEEE\nFFFFFFFFF\nGGGGGGGGG\nHHHHHHHHH\nIIIIIIIII/' >"$tmp/rows.txt"
    "$nonet" print -O "$tmp/j.png" "$data/jigsaw.txt"
    "$check" "$tmp/rows.txt" -- "$tmp/j.png" >"$tmp/out" && bad "other borders passed"
    grep -q "expected thick" "$tmp/out" || bad "other borders: not named: $(head -n 3 "$tmp/out")"
    grep -v '^variants' "$data/variant_x.txt" >"$tmp/plain.txt"
    "$nonet" print -O "$tmp/p.png" "$tmp/plain.txt"
    "$check" "$data/variant_x.txt" -- "$tmp/p.png" >"$tmp/out" && bad "a missing X passed"
    grep -q "lacks a diagonal mark" "$tmp/out" || bad "a missing X: not named"
    ;;
cli)
    # a JSON record's rating and seed reach the caption
    sheet records --per-page 2 -- "$data/records.json"
    # files: one page is FILE itself; several are FILE-1, FILE-2, ...
    "$nonet" print -O "$tmp/one.png" "$data/4x4.txt" || bad "one page: failed"
    [ -f "$tmp/one.png" ] && [ ! -f "$tmp/one-1.png" ] || bad "one page is not written as one.png"
    "$nonet" print -O "$tmp/two.svg" "$data/4x4.txt" "$data/6x6.txt" || bad "two pages: failed"
    [ -f "$tmp/two-1.svg" ] && [ -f "$tmp/two-2.svg" ] && [ ! -f "$tmp/two.svg" ] || bad "two pages are not two-1.svg, two-2.svg"
    grep -q 'width="595' "$tmp/two-1.svg" || bad "the SVG page is not A4 wide"
    # bad input is named and left out; the rest is printed
    { cat "$data/9x9.txt"; echo "11..............................................................................."; cat "$data/9x9.txt"; } >"$tmp/mixed.txt"
    "$nonet" print -O "$tmp/mixed.png" --per-page 6 "$tmp/mixed.txt" 2>"$tmp/err"
    st=$?
    [ "$st" = 2 ] || bad "bad input: exit status $st, expected 2"
    grep -q "^nonet: $tmp/mixed.txt:3: " "$tmp/err" || bad "bad input not named: $(cat "$tmp/err")"
    "$check" --per-page 6 "$tmp/mixed.txt" -- "$tmp/mixed.png" >"$tmp/out" || { bad "the other puzzles:"; cat "$tmp/out"; }
    grep -q "^4 puzzles" "$tmp/out" || bad "not the 4 good puzzles: $(cat "$tmp/out")"
    # answers of a puzzle with several solutions: a note, status 1, the first drawn
    echo "................................................................................." >"$tmp/empty.txt"
    "$nonet" print -O "$tmp/several.png" --answers "$tmp/empty.txt" 2>"$tmp/err"
    st=$?
    [ "$st" = 1 ] || bad "several solutions: exit status $st, expected 1"
    grep -q "several solutions; the answers show the first" "$tmp/err" || bad "several solutions: no note"
    "$check" --answers "$tmp/empty.txt" -- "$tmp/several-1.png" "$tmp/several-2.png" >"$tmp/out" || { bad "several solutions:"; cat "$tmp/out"; }
    # usage errors (3) and output errors (4)
    "$nonet" print -O "$tmp/book.txt" "$data/4x4.txt" 2>"$tmp/err"
    [ $? = 3 ] && grep -q "cannot tell the format of" "$tmp/err" || bad "-O book.txt: $(cat "$tmp/err")"
    # the old form, -o FILE: an error naming -O; -o names the format
    "$nonet" print -o "$tmp/old.pdf" "$data/4x4.txt" 2>"$tmp/err"
    [ $? = 3 ] && grep -q "the file is given with -O FILE, --output-file FILE" "$tmp/err" && [ ! -e "$tmp/old.pdf" ] || bad "-o old.pdf: $(cat "$tmp/err")"
    "$nonet" print -o png -O "$tmp/fmt" "$data/4x4.txt" 2>"$tmp/err" || bad "-o png -O fmt: $(cat "$tmp/err")"
    [ -s "$tmp/fmt" ] && [ "$(head -c 4 "$tmp/fmt" | tail -c 3)" = PNG ] || bad "-o png -O fmt: not a PNG"
    "$nonet" print -o svg -O "$tmp/x.pdf" "$data/4x4.txt" 2>"$tmp/err"
    [ $? = 3 ] && grep -q "name two formats" "$tmp/err" || bad "-o svg -O x.pdf: $(cat "$tmp/err")"
    "$nonet" print -O "$tmp/x.pdf" --title "$(printf 'bad \377 title')" "$data/4x4.txt" 2>"$tmp/err"
    [ $? = 3 ] && grep -q "the title is not UTF-8" "$tmp/err" && [ ! -e "$tmp/x.pdf" ] || bad "a title that is not UTF-8: $(cat "$tmp/err")"
    for o in "--per-page 3" "--paper a5" "--dpi 10"; do
        # shellcheck disable=SC2086
        "$nonet" print $o -O "$tmp/x.pdf" "$data/4x4.txt" 2>"$tmp/err"
        [ $? = 3 ] && grep -q "see 'nonet print --help'" "$tmp/err" || bad "$o: $(cat "$tmp/err")"
    done
    "$nonet" print -O "$tmp/no/such/dir/x.pdf" "$data/4x4.txt" 2>"$tmp/err"
    [ $? = 4 ] && grep -q "^nonet: $tmp/no/such/dir/x.pdf: cannot write: " "$tmp/err" || bad "unwritable: $(cat "$tmp/err")"
    if [ -w /dev/full ]; then
        "$nonet" print "$data/4x4.txt" >/dev/full 2>"$tmp/err"
        [ $? = 4 ] && grep -q "cannot write" "$tmp/err" || bad "/dev/full: $(cat "$tmp/err")"
    fi
    # --progress: nothing when standard error is not a terminal; on one (a
    # pseudo-terminal from script(1), when there is one), the count of
    # puzzles done, the bad one included, with its error on a line of its own
    "$nonet" print --progress -O "$tmp/p.pdf" "$tmp/mixed.txt" 2>"$tmp/err"
    [ $? = 2 ] && [ "$(grep -vc "^nonet: $tmp/mixed.txt:3: " "$tmp/err")" = 0 ] || bad "--progress off a terminal: $(cat "$tmp/err")"
    if command -v script >/dev/null && script -qec true /dev/null >/dev/null 2>&1; then
        script -qec "'$nonet' print --progress -O '$tmp/p.pdf' '$tmp/mixed.txt'" /dev/null >"$tmp/tty" 2>&1
        tr '\r' '\n' <"$tmp/tty" | sed 's/\x1b\[K//g' >"$tmp/lines"
        grep -qx "nonet: 5 puzzles done" "$tmp/lines" || bad "--progress: no final count: $(cat -v "$tmp/tty")"
        grep -q "^nonet: $tmp/mixed.txt:3: " "$tmp/lines" || bad "--progress: the error is lost: $(cat -v "$tmp/tty")"
    fi
    # a font fontconfig does not know: a note, and DejaVu Sans instead
    "$nonet" print -O "$tmp/font.png" --font "No Such Font Family" "$data/4x4.txt" 2>"$tmp/err" || bad "--font: failed"
    grep -q "font 'No Such Font Family' not found; printing with" "$tmp/err" || bad "--font: no note: $(cat "$tmp/err")"
    ;;
module)
    # The drawing is a module (sheet/module.h) that only `nonet print` opens:
    # another command never maps cairo (LD_DEBUG=files lists every object the
    # dynamic loader opens), print does.
    LD_DEBUG=files "$nonet" solve "$data/9x9.txt" >/dev/null 2>"$tmp/ld" || bad "solve failed"
    grep -q "file=libcairo" "$tmp/ld" && bad "nonet solve maps cairo"
    LD_DEBUG=files "$nonet" print -O "$tmp/m.pdf" "$data/9x9.txt" 2>"$tmp/ld" || bad "print failed"
    grep -q "file=.*nonet-sheet.so" "$tmp/ld" && grep -q "file=libcairo" "$tmp/ld" ||
        bad "nonet print did not open its module and cairo"
    # The tool alone in a folder: print says its renderer is missing (status
    # 3, nothing written); the other commands run as ever.
    mkdir "$tmp/alone" && cp "$nonet" "$tmp/alone/nonet" || exit 1
    "$tmp/alone/nonet" print -O "$tmp/alone.pdf" "$data/9x9.txt" 2>"$tmp/err"
    st=$?
    [ "$st" = 3 ] && [ ! -e "$tmp/alone.pdf" ] &&
        grep -q "^nonet: 'nonet print' is not available: its renderer nonet-sheet.so is missing from $tmp/alone/" "$tmp/err" ||
        bad "no module: status $st: $(cat "$tmp/err")"
    "$tmp/alone/nonet" solve "$data/9x9.txt" >/dev/null || bad "solve without the module failed"
    # A file of the module's name that is no library, then a module of
    # another interface (tests/print/stale_module.c): refused with the reason.
    mkdir "$tmp/alone/sheet" && echo "not a library" >"$tmp/alone/sheet/nonet-sheet.so"
    "$tmp/alone/nonet" print -O "$tmp/alone.pdf" "$data/9x9.txt" 2>"$tmp/err"
    st=$?
    [ "$st" = 3 ] && grep -q "^nonet: 'nonet print' is not available: its renderer cannot be loaded: " "$tmp/err" ||
        bad "a broken module: status $st: $(cat "$tmp/err")"
    if [ -n "${STALE_MODULE:-}" ]; then
        cp "$STALE_MODULE" "$tmp/alone/sheet/nonet-sheet.so"
        "$tmp/alone/nonet" print -O "$tmp/alone.pdf" "$data/9x9.txt" 2>"$tmp/err"
        st=$?
        [ "$st" = 3 ] && grep -q "its renderer is of another build (nonet 0.0.0, interface 0; " "$tmp/err" ||
            bad "a module of another build: status $st: $(cat "$tmp/err")"
    fi
    [ ! -e "$tmp/alone.pdf" ] || bad "a sheet was written without a renderer"
    ;;
*)
    echo "print_check.sh: unknown case '$case'"
    exit 2
    ;;
esac
exit $fail
