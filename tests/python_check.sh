#!/bin/sh
# tests/python_check.sh BUILD_DIR - the Python package's pytest suite (ctest
# python/pytest): builds the extension from the library's sources into
# BUILD_DIR/python (setup.py build_ext; only changed files are rebuilt), then
# runs python/tests with Debian's python3 against BUILD_DIR/nonet. Exit 77
# (skip) without python3, numpy, pytest or the Python headers, unless
# NONET_REQUIRE_TOOLS=1; pytest's 5 (no test ran) is a failure.
set -u
build=$(cd "${1:-build}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
py=${NONET_PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=$(command -v python3 || true)
skip() {
    echo "python_check: $1" >&2
    [ "${NONET_REQUIRE_TOOLS:-0}" = 1 ] && exit 1
    exit 77
}
[ -n "$py" ] || skip "no python3"
"$py" -c 'import numpy, pytest, setuptools, sysconfig, os; \
assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null ||
    skip "needs python3-dev, python3-numpy, python3-pytest, python3-setuptools"
cd "$root/python" || exit 1
"$py" setup.py -q build_ext --build-lib "$build/python" --build-temp "$build/python-tmp" \
    >"$build/python-build.log" 2>&1 || { cat "$build/python-build.log"; exit 1; }
cp nonet/__init__.py nonet/py.typed "$build/python/nonet/"
# from the build folder: python -m puts the working directory first on the
# path, and python/ would shadow the package just built
cd "$build" || exit 1
NONET_CLI="$build/nonet" PYTHONPATH="$build/python" PYTHONDONTWRITEBYTECODE=1 \
    "$py" -m pytest -q -p no:cacheprovider "$root/python/tests"
st=$?
[ $st -eq 5 ] && echo "python_check: pytest ran no test" >&2
exit $st
