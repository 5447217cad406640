"""Builds the nonet package: the extension nonet._nonet compiled from the
library's own C sources (../src, ../include) and the binding's two files, so
that one command installs it from a clean clone, offline:

    /usr/bin/python3 -m pip install --no-build-isolation --no-index ./python

(Debian 12 also wants --break-system-packages outside a venv; see
docs/PYTHON.md). NONET_PY_JOBS=N compiles N files at once (default: cores).
"""
import glob
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SRC = os.path.join(ROOT, "src")
INCLUDE = os.path.join(ROOT, "include")

if not os.path.isfile(os.path.join(INCLUDE, "nonet.h")):
    sys.exit("nonet: build the package from the nonet repository (../include/nonet.h is missing)")


def library_sources():
    """Every C file of the library: all of src/, as CMakeLists.txt globs it
    folder by folder (a new layer joins by itself)."""
    return sorted(glob.glob(os.path.join(SRC, "**", "*.c"), recursive=True))


def version():
    """NONET_VERSION from the public header: the package's version is the library's."""
    with open(os.path.join(INCLUDE, "nonet.h"), encoding="utf-8") as f:
        return re.search(r'#define NONET_VERSION "([^"]+)"', f.read()).group(1)


def numpy_include():
    import numpy
    return numpy.get_include()


class BuildExt(build_ext):
    """build_ext that compiles the extension's many C files in parallel."""

    def build_extension(self, ext):
        compiler = self.compiler
        jobs = int(os.environ.get("NONET_PY_JOBS", os.cpu_count() or 1))
        original = compiler.compile

        def compile_parallel(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                             extra_preargs=None, extra_postargs=None, depends=None):
            def one(src):
                return original([src], output_dir, macros, include_dirs, debug, extra_preargs,
                                extra_postargs, depends)[0]
            with ThreadPoolExecutor(max(1, jobs)) as pool:
                return list(pool.map(one, sources))

        compiler.compile = compile_parallel
        try:
            super().build_extension(ext)
        finally:
            compiler.compile = original


extension = Extension(
    "nonet._nonet",
    sources=["nonet/_nonet.c", "nonet/_batch.c"] + library_sources(),
    include_dirs=[INCLUDE, SRC],
    define_macros=[("NONET_HAVE_FAST9", "1")],
    # the library's own Release flags over Python's (-O2 -fwrapv -g
    # -fstack-protector-strong): the same code as libnonet.a runs
    extra_compile_args=["-std=c11", "-O3", "-fno-wrapv", "-g0", "-fno-stack-protector",
                        "-fvisibility=hidden", "-Wno-unused-parameter",
                        "-Wno-missing-field-initializers"],
    extra_link_args=["-pthread"],
)


class NumpyInclude(BuildExt):
    def finalize_options(self):
        super().finalize_options()
        self.include_dirs.append(numpy_include())


setup(
    name="nonet",
    version=version(),
    description="Sudoku toolkit: batch solve, rate, canonicalise, shuffle and generate on numpy arrays",
    packages=["nonet"],
    package_data={"nonet": ["py.typed", "*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": NumpyInclude},
    python_requires=">=3.9",
    install_requires=["numpy"],
)
