#!/usr/bin/env bash
# install_check.sh BUILDDIR SRCDIR - installs the build into a scratch prefix
# and uses it the way a C developer would:
#   - the file list: tool, shared library with its SONAME and version links,
#     static library, header, nonet.pc, CMake package, man pages, completion;
#   - libnonet.so exports exactly the NONET_API functions of nonet.h;
#   - examples/*.c built warning-free against the installed tree through
#     pkg-config (shared and static) and through find_package(nonet), each
#     run and checked by tests/examples_check.sh;
#   - the installed man pages render without warnings; the installed tool runs;
#   - with cairo, `nonet print`'s renderer module LIBDIR/nonet/nonet-sheet.so
#     exports only its table, the tool itself needs no cairo, and the
#     installed `nonet print` finds the module and writes a PDF;
#   - a DESTDIR staging install writes the final prefix into nonet.pc.
# Exits 77 (skipped) when pkg-config or groff is missing, unless
# NONET_REQUIRE_TOOLS is set (CI sets it).
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nonet-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
cc=${CC:-cc}
cflags="-std=c11 -Wall -Wextra -Wpedantic -Werror"

for tool in pkg-config groff readelf nm; do
    command -v $tool >/dev/null && continue
    [ -n "${NONET_REQUIRE_TOOLS:-}" ] && { echo "FAIL: $tool is missing"; exit 1; }
    echo "SKIP: $tool is missing"; exit 77
done

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }

version=$(sed -n 's/^#define NONET_VERSION "\(.*\)"/\1/p' "$src/include/nonet.h")
major=${version%%.*}
so=$(find "$prefix" -name "libnonet.so.$version" | head -n 1)
[ -n "$so" ] || { find "$prefix" | sort; echo "FAIL: no libnonet.so.$version installed"; exit 1; }
libdir=$(dirname "$so")

# --- The file list -------------------------------------------------------
for f in bin/nonet include/nonet.h share/man/man1/nonet.1 share/man/man3/nonet.3 \
         share/bash-completion/completions/nonet; do
    [ -f "$prefix/$f" ] || bad "$f is not installed"
done
for f in libnonet.a pkgconfig/nonet.pc cmake/nonet/nonetConfig.cmake \
         cmake/nonet/nonetConfigVersion.cmake cmake/nonet/nonetTargets.cmake; do
    [ -f "$libdir/$f" ] || bad "${libdir#"$prefix"/}/$f is not installed"
done
[ "$(readlink "$libdir/libnonet.so")" = "libnonet.so.$major" ] || bad "libnonet.so does not link to libnonet.so.$major"
[ "$(readlink "$libdir/libnonet.so.$major")" = "libnonet.so.$version" ] ||
    bad "libnonet.so.$major does not link to libnonet.so.$version"
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libnonet.so.$major" ] || bad "SONAME is '$soname', expected libnonet.so.$major"

# --- Exported symbols: exactly the public API ----------------------------
sed -n 's/^NONET_API[^(]*[ *]\(nonet_[a-z0-9_]*\)(.*/\1/p' "$src/include/nonet.h" | sort >"$tmp/api"
nm -D --defined-only "$so" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sed 's/@.*//' | sort >"$tmp/exported"
if ! cmp -s "$tmp/api" "$tmp/exported"; then
    bad "exported symbols differ from the NONET_API functions of nonet.h (< header, > library):"
    diff "$tmp/api" "$tmp/exported" | head -20
fi
readelf -d "$so" | grep NEEDED | grep -v 'libc\.so' && bad "libnonet.so needs more than libc"

# --- The installed tool, man pages and completion ------------------------
[ "$("$prefix/bin/nonet" --version)" = "nonet $version" ] || bad "installed nonet --version"
"$prefix/bin/nonet" solve -j1 "$src/examples/acwing166.txt" >"$tmp/tool.out"
cmp -s "$tmp/tool.out" "$src/tests/golden/acwing166_sample/expected" || bad "installed nonet solve"
for page in man1/nonet.1 man3/nonet.3; do
    if ! out=$(groff -man -ww -z "$prefix/share/man/$page" 2>&1) || [ -n "$out" ]; then
        bad "groff on $page: $out"
    fi
done
bash -c ". '$prefix/share/bash-completion/completions/nonet' && complete -p nonet" >/dev/null 2>&1 ||
    bad "the installed completion does not register for nonet"

# --- The renderer module of `nonet print` (sheet/module.h) ----------------
readelf -d "$prefix/bin/nonet" | grep NEEDED | grep -E 'cairo|fontconfig|png' && bad "bin/nonet needs cairo's libraries"
readelf -d "$prefix/bin/nonet" | grep -E 'RPATH|RUNPATH' && bad "bin/nonet has a library search path"
if [ -f "$build/sheet/nonet-sheet.so" ]; then
    module=$libdir/nonet/nonet-sheet.so
    if [ -f "$module" ]; then
        syms=$(nm -D --defined-only "$module" | awk '$2 ~ /^[A-Z]$/ {print $3}' | tr '\n' ' ')
        [ "$syms" = "nonet_sheet_module " ] || bad "nonet-sheet.so exports '$syms', not just nonet_sheet_module"
        "$prefix/bin/nonet" print -O "$tmp/sheet.pdf" "$src/examples/acwing166.txt" ||
            bad "installed nonet print exits $?"
        [ "$(head -c 5 "$tmp/sheet.pdf" 2>/dev/null)" = "%PDF-" ] || bad "installed nonet print wrote no PDF"
    else
        bad "${module#"$prefix"/} is not installed"
    fi
fi

# --- pkg-config ----------------------------------------------------------
export PKG_CONFIG_PATH=$libdir/pkgconfig
[ "$(pkg-config --modversion nonet)" = "$version" ] || bad "pkg-config --modversion nonet"
pc_cflags=$(pkg-config --cflags nonet) pc_libs=$(pkg-config --libs nonet)
[[ " $pc_libs " == *" -lnonet "* ]] || bad "pkg-config --libs nonet: '$pc_libs'"
mkdir -p "$tmp/pc" "$tmp/pc-static" "$tmp/cm"
for ex in solve_string count_solutions read_file; do
    # shellcheck disable=SC2086
    $cc $cflags $pc_cflags "$src/examples/$ex.c" -o "$tmp/pc/$ex" $pc_libs ||
        bad "$ex does not build with pkg-config"
    # shellcheck disable=SC2086,SC2046
    $cc $cflags $pc_cflags "$src/examples/$ex.c" -o "$tmp/pc-static/$ex" \
        -Wl,-Bstatic $pc_libs -Wl,-Bdynamic $(pkg-config --libs-only-other --static nonet) ||
        bad "$ex does not build with pkg-config against libnonet.a"
done
readelf -d "$tmp/pc/solve_string" | grep -q "libnonet.so.$major" || bad "pkg-config build is not linked to libnonet.so.$major"
readelf -d "$tmp/pc-static/solve_string" | grep -q "libnonet" && bad "static build still needs libnonet.so"
LD_LIBRARY_PATH=$libdir sh "$src/tests/examples_check.sh" "$tmp/pc" "$src" || bad "examples built with pkg-config"
sh "$src/tests/examples_check.sh" "$tmp/pc-static" "$src" || bad "examples built statically with pkg-config"

# The README's own program, as a reader would paste it.
awk '/^A program of your own/ {on = 1} on && /^```c$/ {grab = 1; next}
     grab && /^```$/ {exit} grab {print}' "$src/README.md" >"$tmp/hello.c"
# shellcheck disable=SC2086
if [ -s "$tmp/hello.c" ] && $cc $cflags "$tmp/hello.c" $pc_cflags $pc_libs -o "$tmp/hello"; then
    head -n 1 "$src/tests/golden/acwing166_sample/expected" >"$tmp/hello.want"
    LD_LIBRARY_PATH=$libdir "$tmp/hello" >"$tmp/hello.out" || bad "README's hello.c exits $?"
    cmp -s "$tmp/hello.out" "$tmp/hello.want" || bad "README's hello.c prints '$(cat "$tmp/hello.out")'"
else
    bad "README's hello.c does not build with pkg-config"
fi

# --- find_package(nonet) -------------------------------------------------
cat >"$tmp/cm/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(use_nonet LANGUAGES C)
find_package(nonet 0.1 REQUIRED)
foreach(ex solve_string count_solutions read_file)
  add_executable(${ex} ${EXAMPLES}/${ex}.c)
  target_link_libraries(${ex} PRIVATE nonet::nonet)
  set_target_properties(${ex} PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF)
  target_compile_options(${ex} PRIVATE -Wall -Wextra -Wpedantic -Werror)
endforeach()
add_executable(solve_string_static ${EXAMPLES}/solve_string.c)
target_link_libraries(solve_string_static PRIVATE nonet::nonet_static)
CMAKE
if cmake -S "$tmp/cm" -B "$tmp/cm/build" -DCMAKE_PREFIX_PATH="$prefix" \
        -DEXAMPLES="$src/examples" >"$tmp/cm.log" 2>&1 &&
   cmake --build "$tmp/cm/build" >>"$tmp/cm.log" 2>&1; then
    sh "$src/tests/examples_check.sh" "$tmp/cm/build" "$src" || bad "examples built with find_package"
    readelf -d "$tmp/cm/build/solve_string_static" | grep -q libnonet && bad "nonet::nonet_static links libnonet.so"
    "$tmp/cm/build/solve_string_static" >/dev/null || bad "solve_string linked to nonet::nonet_static"
else
    tail -n 20 "$tmp/cm.log"; bad "find_package(nonet) project does not build"
fi

# --- DESTDIR staging: nonet.pc names the final prefix --------------------
DESTDIR=$tmp/stage cmake --install "$build" --prefix /opt/nonet >/dev/null 2>&1 || bad "DESTDIR install"
pc=$(find "$tmp/stage/opt/nonet" -name nonet.pc | head -n 1)
grep -qx "prefix=/opt/nonet" "${pc:-/dev/null}" || bad "staged nonet.pc does not say prefix=/opt/nonet"

((fail)) || echo "install tree OK: $(find "$prefix" -type f -o -type l | wc -l) files, $(wc -l <"$tmp/api") exported functions"
exit $fail
