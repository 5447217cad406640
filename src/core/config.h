/*
 * config.h - the library's build knobs, all in one place (as luaconf.h is
 * Lua's). Each is a preprocessor macro; CMake sets them from the options
 * gathered in CMakeLists.txt's "Build knobs" block (cmake -DNAME=VALUE),
 * and any compiler can set them with -DNAME=VALUE. The defaults below hold
 * when nothing is set. The tool's own knob, NONET_PRINT (build `nonet
 * print` when cairo is found), is a CMake option only (sheet/).
 *
 * A knob has one definition and one comment, here. Files that read the
 * numeric knobs include this header for their defaults; the others
 * (NONET_ASSERTS, NONET_HAVE_FAST9) are set or not by the build alone.
 */
#ifndef NONET_CORE_CONFIG_H
#define NONET_CORE_CONFIG_H

/* NONET_ASSERTS: defined, NONET_ASSERT (core/assert.h) checks the
 * invariants the comments state; undefined (the default of a plain Release
 * build), the checks are compiled out. CMake option NONET_ASSERTS, on by
 * default in CI and in the Debug, Asan, Tsan and fuzz builds. */

/* NONET_HAVE_FAST9: defined, the 9x9 engine (engines/fast/) is built and
 * chosen for classic 9x9 puzzles; undefined, the general engines serve
 * them. CMake option NONET_FAST9 (default ON). */

/* NONET_FAST9_MAX_LEVEL: caps the rank of the SIMD level the 9x9 engine's
 * dispatch may choose (0 scalar, 1 SSE, 2 AVX2, 3 AVX-512), below the
 * run-time cap of each job (nonet_options.simd), which is how a benchmark
 * or a test runs a lower level on a CPU that has more. CMake cache entry
 * NONET_FAST9_MAX_LEVEL. */
#ifndef NONET_FAST9_MAX_LEVEL
#define NONET_FAST9_MAX_LEVEL 3
#endif

/* NONET_PLANES_MAX_LEVEL: the same cap for the boxed-grid engine
 * (engines/planes/; 0 is its scalar level). CMake cache entry
 * NONET_PLANES_MAX_LEVEL. */
#ifndef NONET_PLANES_MAX_LEVEL
#define NONET_PLANES_MAX_LEVEL 3
#endif

#endif
