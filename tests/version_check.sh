#!/bin/sh
# version_check.sh NONET SRCDIR PROJECT_VERSION - the version is written once,
# in include/nonet.h (NONET_VERSION); everything else must agree with it: the
# header's three numbers, CMake's project version (read from the header),
# `nonet --version` (the library's nonet_version()), the man pages' title
# lines and a section of CHANGELOG.md.
set -u
nonet=$1 src=$2 project=$3
fail=0
bad() { echo "$*"; fail=1; }
h=$src/include/nonet.h
v=$(sed -n 's/^#define NONET_VERSION "\(.*\)"$/\1/p' "$h")
echo "$v" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+' || { echo "nonet.h: NONET_VERSION is '$v'"; exit 1; }
num() { sed -n "s/^#define NONET_VERSION_$1 \([0-9]*\)\$/\1/p" "$h"; }
nums="$(num MAJOR).$(num MINOR).$(num PATCH)"
[ "$nums" = "$v" ] || bad "nonet.h: NONET_VERSION_MAJOR/MINOR/PATCH give $nums, NONET_VERSION is $v"
[ "$project" = "$v" ] || bad "CMake's project version is $project, nonet.h's $v"
got=$("$nonet" --version)
[ "$got" = "nonet $v" ] || bad "nonet --version prints '$got', expected 'nonet $v'"
for page in nonet.1 nonet.3; do
    grep -q "^\.TH NONET [0-9] \"[^\"]*\" \"nonet $v\"" "$src/man/$page" ||
        bad "man/$page: the .TH line does not carry \"nonet $v\""
done
grep -Eq "^## \[$v\]" "$src/CHANGELOG.md" 2>/dev/null || bad "CHANGELOG.md has no '## [$v]' section"
exit $fail
