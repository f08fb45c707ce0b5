#!/usr/bin/env bash
# Builds each test file of tests/ in check mode (-DTESSERA_CHECK=1 -g -fsanitize=address, as tessera++ --check) against
# a build's libtessera and runs it: check mode must make no report on correct kernels (issue 30).
# Tests that seed mistakes on purpose expect their errors either way.
#
#   scripts/check_mode_sweep.sh [BUILD_DIR (default build)] [test name... | figures]
#
# `figures` builds one program that runs every book figure of examples/figures/ (each at its
# size or 256, whichever is smaller; tessera-demo's sizes take long on checked fibers).
# Prints one line per test file: built or the first error, passed/failed, and the checks' reports.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${1:-build}"
shift || true
out="${TMPDIR:-/tmp}/tessera-check-sweep"
mkdir -p "$out"
cxx="${TESSERA_CXX:-clang++-19}"
# As tessera++ --check compiles where it has the CBS pass: barrier kernels as the pass's loops,
# their local memory tested inline (docs/checks.md, "How it works").
cbs=()
if [[ -f "$build/compiler/cbs/libtessera-cbs.so" && -z "${TESSERA_CXX:-}" ]]; then
  cbs=(-fpass-plugin="$build/compiler/cbs/libtessera-cbs.so" -DTESSERA_CBS=1)
fi
# And the kernel-attribute plugin, as tessera++ loads it wherever clang 19 compiles.
if [[ -f "$build/compiler/kernel_attributes/libtessera-kernel-attributes.so" && -z "${TESSERA_CXX:-}" ]]; then
  cbs+=(-fplugin="$build/compiler/kernel_attributes/libtessera-kernel-attributes.so" -DTESSERA_KERNEL_ATTRIBUTES=1)
fi
names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
  for f in tests/*_test.cpp; do names+=("$(basename "$f" .cpp)"); done
fi
for name in "${names[@]}"; do
  src="tests/$name.cpp"
  if [[ $name == figures ]]; then
    src="$out/figures.cpp"
    cat >"$src" <<'DRIVER'
#include "figures/all.hpp"
#include <gtest/gtest.h>
TEST(Figures, EachAtASmallSize) {
  sycl::queue q;
  for (const auto& f : figures::all_figures) EXPECT_TRUE(f.run(q, f.default_size < 256 ? f.default_size : 256).ok) << f.name;
}
DRIVER
  fi
  if ! "$cxx" "${cbs[@]}" -std=c++20 -O1 -g -DTESSERA_CHECK=1 -fsanitize=address -fno-omit-frame-pointer -Iinclude -Itests -Iexamples -isystem include/tessera/posix \
      "$src" -o "$out/$name" -L"$build" -ltessera -lboost_context -lgtest -lgtest_main -pthread \
      -Wl,-rpath,"$PWD/$build" >"$out/$name.build.log" 2>&1; then
    printf '%-32s no build: %s\n' "$name" "$(grep -m1 'error' "$out/$name.build.log")"
    continue
  fi
  TESSERA_DEVICE=cpu timeout 900 "$out/$name" >"$out/$name.log" 2>&1
  rc=$?
  reports=$(grep -c -e 'check: ' -e 'ERROR: AddressSanitizer' "$out/$name.log")
  printf '%-32s rc=%d %s, check reports: %s\n' "$name" "$rc" "$(grep -E '^\[  (PASSED|FAILED)  \] [0-9]' "$out/$name.log" | tr '\n' ' ')" "$reports"
done
