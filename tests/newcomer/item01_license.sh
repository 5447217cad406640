#!/bin/sh
# Item 1: a LICENSE file (a permissive one), README saying which, a
# CHANGELOG.md with a section for the version the tool reports.
. "$(dirname "$0")/common.sh"

[ -f "$src/LICENSE" ] || { echo "no LICENSE file"; fail=1; }
if [ -f "$src/LICENSE" ]; then
    head -n 1 "$src/LICENSE" | grep -qx "MIT License" || { echo "LICENSE is not the MIT license"; fail=1; }
    grep -q "^Copyright (c) [0-9]\{4\} the nonet authors$" "$src/LICENSE" ||
        { echo "LICENSE has no copyright line"; fail=1; }
    grep -q "Permission is hereby granted, free of charge" "$src/LICENSE" ||
        { echo "LICENSE lacks the permission notice"; fail=1; }
fi
if ! grep -q "MIT" "$src/README.md" || ! grep -q "(LICENSE)" "$src/README.md"; then
    echo "README does not name the license and link LICENSE"
    fail=1
fi

v=$("$nonet" --version | sed 's/^nonet //')
if [ -f "$src/CHANGELOG.md" ]; then
    grep -q "^## \[Unreleased\]" "$src/CHANGELOG.md" || { echo "CHANGELOG.md has no Unreleased section"; fail=1; }
    grep -q "^## \[$v\] - [0-9-]*$" "$src/CHANGELOG.md" ||
        { echo "CHANGELOG.md has no dated section for $v (nonet --version)"; fail=1; }
else
    echo "no CHANGELOG.md"
    fail=1
fi
exit $fail
