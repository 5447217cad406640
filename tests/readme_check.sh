#!/bin/sh
# readme_check.sh NONET SRCDIR - README.md shows what the tool does:
#   - every `$ COMMAND` line of a ```console block runs (in a scratch folder
#     where examples/ is the source tree's, with NONET's folder first on PATH)
#     and prints on standard output exactly the lines that follow it;
#     `nonet print` examples are skipped when the tool was built without cairo;
#   - the quick start's test command is the one .ci/run runs, and its first
#     command solves the bundled example.
set -u
nonet=$1 src=$2
readme=$src/README.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-readme.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "$*"; fail=1; }

bindir=$(cd "$(dirname "$nonet")" && pwd)
mkdir "$tmp/run" && ln -s "$src/examples" "$tmp/run/examples"
printf '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n' >"$tmp/one"
can_print=1
"$nonet" print -o "$tmp/probe.pdf" "$tmp/one" >/dev/null 2>&1 || can_print=0

# Cut the console blocks into cases: $tmp/case.N.cmd and $tmp/case.N.want.
awk -v dir="$tmp" '
    /^```console$/ { on = 1; next }
    on && /^```$/ { on = 0; next }
    on && /^\$ / { n++; cmd = dir "/case." n ".cmd"; want = dir "/case." n ".want"
                   print substr($0, 3) > cmd; close(cmd); printf "" > want; next }
    on && n { print >> want; close(want) }
    END { print n + 0 > dir "/count" }' "$readme"
count=$(cat "$tmp/count")
[ "$count" -ge 12 ] || bad "README.md: $count console examples, expected one a command at least"

i=1
while [ "$i" -le "$count" ]; do
    cmd=$(cat "$tmp/case.$i.cmd")
    i=$((i + 1))
    case $cmd in *"nonet print"*) [ "$can_print" = 1 ] || continue ;; esac
    case $cmd in nonet*|*"| nonet"*) ;; *) bad "README example does not run nonet: $cmd" ;; esac
    (cd "$tmp/run" && PATH="$bindir:$PATH" LC_ALL=C sh -c "$cmd" </dev/null >"$tmp/got" 2>"$tmp/err")
    if ! cmp -s "$tmp/got" "$tmp/case.$((i - 1)).want"; then
        bad "README example '\$ $cmd' prints otherwise:"
        diff "$tmp/case.$((i - 1)).want" "$tmp/got" | head -n 10
        head -n 3 "$tmp/err"
    fi
done

# The quick start's two commands.
ci=$(grep -x 'cmake -S \. -B build && cmake --build build -j2 && ctest .*' "$src/.ci/run")
[ -n "$ci" ] || bad ".ci/run has no README test command"
grep -qxF -- "$ci" "$readme" || bad "README.md does not show .ci/run's test command: $ci"
grep -qxF 'cmake -S . -B build && cmake --build build -j2 && ./build/nonet solve examples/acwing166.txt' "$readme" ||
    bad "README.md's quick start does not build and solve examples/acwing166.txt"
exit $fail
