# One-word entry points; each wraps cmake/ctest (the build itself is CMake).
#
#   make            build (build/)                make asan      suite under ASan+UBSan
#   make test       build and run the suite       make tsan      threaded tests under TSan
#   make valgrind   suite under Valgrind memcheck make fuzz      every fuzzer, 60 s each
#   make fuzz-long  every fuzzer, 1 hour each     make property  100,000 random puzzles
#   make memory     peak memory: 1,000 vs 1,000,000 puzzles
#   make canon-oracle  canonical forms against the exhaustive oracle on the
#                   whole 17-clue and hardest sets (minutes)
#   make format     clang-format every C file (.clang-format)
#   make format-check  fail on any file clang-format would change
#   make lint       clang-tidy over src/ and cli/ (.clang-tidy: the checks and why)
#   make man3       man/nonet.3 regenerated from include/nonet.h (tools/man3.py)
#
# Variables: JOBS (parallel jobs, default 2), FUZZ_SECONDS, VALGRIND_TESTS
# (ctest -R regex; default: the whole suite).
JOBS ?= 2
NONET_SHARED_DATA ?= $(CURDIR)/../shared/data/puzzles
FUZZ_SECONDS ?= 60
FUZZ_LONG_SECONDS ?= 3600
VALGRIND_TESTS ?= .
TSAN_TESTS ?= golden/|reliability/|cli/
VALGRIND_OPTS = --suppressions=$(CURDIR)/tests/valgrind.supp --leak-check=full --show-leak-kinds=definite,indirect \
  --errors-for-leak-kinds=definite,indirect --error-exitcode=99 --track-fds=no \
  --trace-children=yes --trace-children-skip=*/cmp,*/diff,*/cat,*/head,*/tr,*/awk,*/mawk,*/gawk,*/sed,*/grep,*/wc,*/date,*/mktemp,*/rm,*/mkdir,*/basename,*/dirname,*/time,*/sh,*/dash,*/bash

# clang-format and clang-tidy 14 (Debian: clang-format-14, clang-tidy-14).
CLANG_FORMAT ?= $(shell command -v clang-format-14 || command -v clang-format)
RUN_CLANG_TIDY ?= $(shell command -v run-clang-tidy-14 || command -v run-clang-tidy)
CLANG_TIDY ?= $(shell command -v clang-tidy-14 || command -v clang-tidy)
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' '*.inc' 2>/dev/null || \
  find src cli include tests bench fuzz examples -name '*.[ch]' -o -name '*.inc')

.PHONY: all build test asan tsan valgrind fuzz fuzz-build fuzz-long property memory clean \
  format format-check lint canon-oracle man3

all: build

build:
	cmake -S . -B build
	cmake --build build -j$(JOBS)

test: build
	ctest --test-dir build --output-on-failure -j$(JOBS)

asan:
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Asan
	cmake --build build-asan -j$(JOBS)
	NONET_TIME_SCALE=4 ctest --test-dir build-asan --output-on-failure -j$(JOBS)

# ThreadSanitizer over every test that runs the threaded CLI pipeline.
tsan:
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Tsan
	cmake --build build-tsan -j$(JOBS)
	NONET_TIME_SCALE=10 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  ctest --test-dir build-tsan --output-on-failure -j$(JOBS) -R '$(TSAN_TESTS)'

# Valgrind memcheck: any error or leak fails the test (exit status 99).
valgrind:
	cmake -S . -B build-valgrind -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DMEMORYCHECK_COMMAND_OPTIONS=$(VALGRIND_OPTS)"
	cmake --build build-valgrind -j$(JOBS)
	NONET_NO_RSS=1 ctest --test-dir build-valgrind -T memcheck --output-on-failure \
	  -j$(JOBS) -R '$(VALGRIND_TESTS)'

fuzz-build:
	CC=clang cmake -S . -B build-fuzz -DNONET_FUZZ=ON -DBUILD_TESTING=OFF \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build build-fuzz -j$(JOBS)

fuzz: fuzz-build
	fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(JOBS)

fuzz-long: fuzz-build
	fuzz/run.sh build-fuzz $(FUZZ_LONG_SECONDS) $(JOBS)

property: build
	build/tests/property_check 100000

memory: build
	sh bench/memory.sh build/nonet 1000 1000000

format:
	$(CLANG_FORMAT) -i $(FORMAT_FILES)

format-check:
	$(CLANG_FORMAT) --dry-run --Werror $(FORMAT_FILES)

# The compile commands of a configured tree are all clang-tidy needs.
lint:
	cmake -S . -B build-lint -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DNONET_BUILD_EXAMPLES=OFF \
	  -DNONET_GCC_CODEGEN_FLAGS=OFF
	$(RUN_CLANG_TIDY) -clang-tidy-binary $(CLANG_TIDY) -p build-lint -j$(JOBS) -quiet \
	  '$(CURDIR)/(src|cli|sheet)/'

# nonet(3) is made from the header's comments; ctest docs/check fails when the
# committed page is stale.
man3:
	python3 tools/man3.py .

clean:
	rm -rf build build-asan build-tsan build-valgrind build-fuzz build-lint build-nocairo

# Every puzzle of the 17-clue and hardest sets, both canonical forms, against
# the exhaustive oracle (tests/canon/oracle.c); the two sets run side by side.
canon-oracle: build
	build/tests/oracle_check $(NONET_SHARED_DATA)/puzzles2_17_clue & \
	build/tests/oracle_check "$(NONET_SHARED_DATA)/puzzles5_forum_hardest_1905_11+"; \
	s2=$$?; wait $$!; s1=$$?; [ $$s1 -eq 0 ] && [ $$s2 -eq 0 ]
