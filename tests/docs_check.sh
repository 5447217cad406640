#!/usr/bin/env bash
# docs_check.sh NONET SRCDIR - keeps the documentation true to the tool and
# the library:
#   - `nonet --help`, `nonet CMD --help` and `nonet --version` print on
#     standard output only and exit 0; unknown options exit 3, name the
#     option and point to --help;
#   - every command in `nonet --help` and every long option in its
#     `nonet CMD --help` is in man/nonet.1 and completed by
#     completion/nonet.bash, whose completions are exercised;
#   - every function exported by include/nonet.h is named in man/nonet.3,
#     and the page is what tools/man3.py makes of the header (`make man3`);
#   - both man pages render without a warning (groff -man -ww -z).
# Exits 77 (skipped) when groff is missing, unless NONET_REQUIRE_TOOLS is set.
set -u
nonet=$1 src=$2
man1=$src/man/nonet.1 man3=$src/man/nonet.3 comp=$src/completion/nonet.bash
tmp=${TMPDIR:-/tmp}/nonet-docs.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$*"; fail=1; }

# run_ok ARGS... - must print something on stdout, nothing on stderr, exit 0.
run_ok() {
    "$nonet" "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    ((st == 0)) || bad "nonet $*: exit status $st, expected 0"
    [ -s "$tmp/out" ] || bad "nonet $*: nothing on standard output"
    [ -s "$tmp/err" ] && bad "nonet $*: unexpected standard error: $(head -n 1 "$tmp/err")"
}

# run_usage OPTION [CMD] - an unknown option: exit 3, named, points to --help.
run_usage() {
    local opt=$1 cmd=${2:-}
    # shellcheck disable=SC2086
    "$nonet" $cmd "$opt" </dev/null >"$tmp/out" 2>"$tmp/err"
    local st=$?
    ((st == 3)) || bad "nonet $cmd $opt: exit status $st, expected 3"
    [ -s "$tmp/out" ] && bad "nonet $cmd $opt: unexpected standard output"
    grep -q -- "'$opt'" "$tmp/err" || bad "nonet $cmd $opt: error does not name the option: $(cat "$tmp/err")"
    grep -q -- "--help" "$tmp/err" || bad "nonet $cmd $opt: error does not point to --help"
}

# completions WORD... - what the completion offers for the last word.
completions() {
    (
        # shellcheck source=/dev/null
        . "$comp"
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMPREPLY=()
        _nonet
        printf '%s\n' "${COMPREPLY[@]}"
    )
}

run_ok --help
run_ok -h
run_ok --version
grep -qx "nonet [0-9][0-9.]*" "$tmp/out" || bad "nonet --version: '$(cat "$tmp/out")'"
run_usage --no-such-option

"$nonet" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF && !/:$/ {print $1}' >"$tmp/commands"
[ -s "$tmp/commands" ] || bad "nonet --help lists no command"
while read -r cmd; do
    run_ok "$cmd" --help
    run_usage --no-such-option "$cmd"
    run_usage -% "$cmd"
    grep -q "^\.SS \"nonet ${cmd}[ \"]" "$man1" || bad "man/nonet.1 has no section for 'nonet $cmd'"
    completions nonet "${cmd:0:2}" | grep -qx "$cmd" || bad "completion does not offer '$cmd'"
    "$nonet" "$cmd" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/options"
    completions nonet "$cmd" - >"$tmp/offered"
    while read -r opt; do
        grep -qF -- "${opt//-/\\-}" "$man1" || bad "man/nonet.1 does not document '$cmd $opt'"
        grep -qx -- "$opt" "$tmp/offered" || bad "completion does not offer '$cmd $opt'"
    done <"$tmp/options"
done <"$tmp/commands"

# Exit status 1 also covers a puzzle given up (--timeout, --max-nodes): every
# --help that lists status 1 says so, and so does the man page.
for cmd in "" $(cat "$tmp/commands"); do
    # shellcheck disable=SC2086
    text=$("$nonet" $cmd --help | sed -n '/^Exit status:/,$p' | tr -s ' \n' '  ')
    [ -n "$text" ] || bad "nonet ${cmd:+$cmd }--help states no exit status"
    case $text in
    *"1 some puzzle"*)
        case $text in
        *"given up"*) ;;
        *) bad "nonet ${cmd:+$cmd }--help: exit status 1 does not mention a puzzle given up" ;;
        esac ;;
    esac
done
awk '/^\.SH/ { sec = $0 } sec == ".SH EXIT STATUS" && /^\.B 1$/ { one = 1; next }
     one && /^\.TP/ { one = 0 } one' "$man1" >"$tmp/status1"
for opt in '\-\-timeout' '\-\-max\-nodes'; do
    grep -qF -- "$opt" "$tmp/status1" || bad "man/nonet.1: exit status 1 does not name $opt"
done

# Option values: what the completion offers must be accepted by the tool.
for engine in $(completions nonet solve --engine ""); do
    "$nonet" solve --engine "$engine" --help >/dev/null 2>&1 || bad "completion offers engine '$engine'"
done
for v in $(completions nonet print --per-page ""); do
    "$nonet" print --per-page "$v" --help >/dev/null 2>&1 || bad "completion offers --per-page '$v'"
done
for v in $(completions nonet print --paper ""); do
    "$nonet" print --paper "$v" --help >/dev/null 2>&1 || bad "completion offers --paper '$v'"
done
"$nonet" print --per-page 5 --help >/dev/null 2>&1 && bad "print --per-page 5 is accepted"
completions nonet print --per-page "" | grep -qx 4 || bad "completion does not offer --per-page 4"
completions nonet solve --output p | grep -qx pretty || bad "completion does not offer --output pretty"
completions nonet solve --format=l | grep -qx line || bad "completion does not complete --format=VALUE"
completions nonet solve --format = l | grep -qx line || bad "completion does not complete --format = VALUE"
completions nonet solve -j "" | grep -q . && bad "completion offers values for --jobs"

# Every exported function is in nonet(3).
sed -n 's/^NONET_API[^(]*[ *]\(nonet_[a-z0-9_]*\)(.*/\1/p' "$src/include/nonet.h" >"$tmp/api"
[ -s "$tmp/api" ] || bad "no NONET_API function found in nonet.h"
while read -r fn; do
    grep -qw -- "$fn" "$man3" || bad "man/nonet.3 does not mention $fn"
done <"$tmp/api"
# nonet(3) is generated from the header: stale when they differ.
if command -v python3 >/dev/null; then
    python3 "$src/tools/man3.py" --check "$src" >"$tmp/man3" || bad "$(cat "$tmp/man3")"
fi

if command -v groff >/dev/null; then
    for page in "$man1" "$man3"; do
        groff -man -ww -z "$page" 2>"$tmp/groff" || bad "groff failed on $page"
        [ -s "$tmp/groff" ] && bad "groff warns on $page: $(head -n 3 "$tmp/groff")"
    done
elif [ -n "${NONET_REQUIRE_TOOLS:-}" ]; then
    bad "groff is missing (Debian package groff-base)"
else
    echo "SKIP: groff is missing; man pages not rendered"
    ((fail)) || exit 77
fi
exit $fail
