#!/usr/bin/env bash
# Builds Tessera and runs its tests:
#   1. Release build in build/ (runtime, tests, examples, benchmarks): every test, including
#      the package tests that install Tessera and build programs against the install.
#   2. ASan+UBSan build in build-asan/ (no benchmarks): every test but the package tests.
#   3. TSan build in build-tsan/ (tests only): the tests labelled "runtime".
#
# Environment:
#   TESSERA_SKIP_SANITIZERS=1   only step 1
#   TESSERA_SKIP_ASAN=1         skip step 2
#   TESSERA_SKIP_TSAN=1         skip step 3
#   TESSERA_JOBS=N              parallel build and test jobs (default 2)
#   CXX                         the C++ compiler (default: CMake's choice, g++ on Debian)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/deps.sh
source scripts/deps.sh
tessera_ensure_deps

jobs="${TESSERA_JOBS:-2}"
start=$SECONDS

step() { printf '\n==> [%4ds] %s\n' "$((SECONDS - start))" "$*"; }

configure() {  # configure <build dir> [cmake args...]
  local dir="$1"
  shift
  cmake -S . -B "$dir" -G Ninja "$@"
}

# --- 1. Release ---------------------------------------------------------------------------
step "Release build (build/)"
configure build -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE=
cmake --build build -j "$jobs"
step "Release tests"
ctest --test-dir build --output-on-failure -j "$jobs"

if [[ "${TESSERA_SKIP_SANITIZERS:-0}" == 1 ]]; then
  step "sanitizer builds skipped (TESSERA_SKIP_SANITIZERS=1)"
  exit 0
fi

# --- 2. AddressSanitizer + UndefinedBehaviorSanitizer ---------------------------------------
if [[ "${TESSERA_SKIP_ASAN:-0}" != 1 ]]; then
  step "ASan+UBSan build (build-asan/)"
  configure build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DTESSERA_SANITIZE=address;undefined" \
    -DTESSERA_BUILD_BENCH=OFF -DTESSERA_BUILD_EXAMPLES="${TESSERA_SANITIZER_EXAMPLES:-ON}"
  cmake --build build-asan -j "$jobs"
  step "ASan+UBSan tests"
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:strict_init_order=1:check_initialization_order=1}" \
  UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE package
fi

# --- 3. ThreadSanitizer -------------------------------------------------------------------
if [[ "${TESSERA_SKIP_TSAN:-0}" != 1 ]]; then
  step "TSan build (build-tsan/)"
  configure build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_SANITIZE=thread \
    -DTESSERA_BUILD_BENCH=OFF -DTESSERA_BUILD_EXAMPLES=OFF
  cmake --build build-tsan -j "$jobs"
  step "TSan tests (label runtime)"
  # Older TSan runtimes abort on kernels with more mmap randomness than they expect;
  # running without address-space randomization avoids that.
  wrap=()
  rnd_bits="$(cat /proc/sys/vm/mmap_rnd_bits 2>/dev/null || echo 0)"
  if [[ "$rnd_bits" -gt 28 ]] && command -v setarch >/dev/null 2>&1; then
    wrap=(setarch "$(uname -m)" -R)
  fi
  TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}" \
    "${wrap[@]+"${wrap[@]}"}" ctest --test-dir build-tsan --output-on-failure -j "$jobs" -L runtime
fi

step "all test stages passed"
