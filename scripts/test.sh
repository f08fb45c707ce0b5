#!/usr/bin/env bash
# Builds Tessera and runs its tests:
#   1. Release build in build/ (runtime, tests, examples, benchmarks): every test, including
#      the package tests that install Tessera and build programs against the install.
#   1b. The layering check (scripts/check_backend_glue.sh build): include/sycl/ names no backend, and a
#      copy of the tree with the CUDA backend's folders deleted configures into the same targets
#      and compiles (preprocesses) without them, so build/'s tests stand for it.
#   1c. clang 19 build in build-cbs/ (tests and examples, no benchmarks): every nd_range kernel
#      with barriers goes through the CBS pass, as add_sycl_to_target does by default with clang
#      19; every test runs, the package tests included. Skipped without clang++-19 or LLVM 19's
#      development files (no plugin).
#   2. CUDA build in build-cuda/ (clang++-19, TESSERA_CUDA=ON): the library, every test, every
#      example and the benchmarks compiled for sm_90. Nothing needs a GPU: a CUDA compile error
#      fails; then tessera-ls runs (it must list the CPU, and no GPU where there is none) and
#      the package tests, including `tessera++ --cuda` and nvcc (their programs run on the CPU).
#      Skipped when ${TESSERA_CUDA_HOME:-/usr/local/cuda}/bin/nvcc does not exist.
#   3. ASan+UBSan build in build-asan/ (no benchmarks): every test but the package tests.
#   4. TSan build in build-tsan/ (tests only): the tests labelled "runtime".
#
# Environment:
#   TESSERA_SKIP_CBS=1          skip step 1c
#   TESSERA_SKIP_CUDA=1         skip step 2
#   TESSERA_CUDA_HOME=DIR       the CUDA toolkit of step 2 (default /usr/local/cuda)
#   TESSERA_CUDA_ARCH=sm_NN     the GPU architecture of step 2 (default sm_90)
#   TESSERA_SKIP_SANITIZERS=1   skip steps 3 and 4
#   TESSERA_SKIP_ASAN=1         skip step 3
#   TESSERA_SKIP_TSAN=1         skip step 4
#   TESSERA_JOBS=N              parallel build and test jobs (default 2)
#   CXX                         the C++ compiler of steps 1, 3 and 4 (default: CMake's
#                               choice, g++ on Debian); step 2 always uses clang++-19
#                               (TESSERA_CUDA_CLANG overrides)
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

# --- 1b. Layering: the surface names no backend; the CUDA backend is deletable ---------------
step "Backend glue check (scripts/check_backend_glue.sh: a copy without the CUDA backend)"
TESSERA_JOBS="$jobs" bash scripts/check_backend_glue.sh build

# --- 1c. clang 19 with the CBS pass: barrier kernels as loops over work-items ----------------
if [[ "${TESSERA_SKIP_CBS:-0}" == 1 ]]; then
  step "clang 19 + CBS build skipped (TESSERA_SKIP_CBS=1)"
elif ! command -v clang++-19 >/dev/null 2>&1; then
  step "clang 19 + CBS build skipped: no clang++-19"
else
  step "clang 19 + CBS build (build-cbs/: tests and examples, kernels through the CBS pass)"
  configure build-cbs -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE= -DCMAKE_CXX_COMPILER=clang++-19 \
    -DBUILD_TESTING=ON -DTESSERA_BUILD_EXAMPLES=ON -DTESSERA_BUILD_BENCH=OFF
  if [[ ! -f build-cbs/build.ninja ]] || ! grep -q 'fpass-plugin=.*libtessera-cbs' build-cbs/build.ninja; then
    step "clang 19 + CBS build skipped: no CBS plugin (LLVM 19's development files, llvm-19-dev, missing?)"
  else
    cmake --build build-cbs -j "$jobs"
    step "clang 19 + CBS tests"
    ctest --test-dir build-cbs --output-on-failure -j "$jobs"
  fi
fi

# --- 2. CUDA (compile only) ----------------------------------------------------------------
cuda_home="${TESSERA_CUDA_HOME:-/usr/local/cuda}"
if [[ "${TESSERA_SKIP_CUDA:-0}" == 1 ]]; then
  step "CUDA build skipped (TESSERA_SKIP_CUDA=1)"
elif [[ ! -x "$cuda_home/bin/nvcc" ]]; then
  step "CUDA build skipped: no CUDA toolkit ($cuda_home/bin/nvcc does not exist)"
else
  cuda_arch="${TESSERA_CUDA_ARCH:-sm_90}"
  step "CUDA build for $cuda_arch (build-cuda/, ${TESSERA_CUDA_CLANG:-clang++-19}, CUDA in $cuda_home)"
  configure build-cuda -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE= \
    "-DCMAKE_CXX_COMPILER=${TESSERA_CUDA_CLANG:-clang++-19}" \
    -DTESSERA_CUDA=ON -DTESSERA_CUDA_KERNELS=ON "-DTESSERA_CUDA_ARCH=$cuda_arch" \
    "-DCUDAToolkit_ROOT=$cuda_home" \
    -DBUILD_TESTING=ON -DTESSERA_BUILD_EXAMPLES=ON -DTESSERA_BUILD_BENCH=ON
  cmake --build build-cuda -j "$jobs"
  step "tessera-ls (build-cuda/)"
  ls_out="$(build-cuda/tessera-ls)"
  printf '%s\n' "$ls_out"
  if ! grep -q '^\[cpu\]' <<< "$ls_out"; then
    echo "error: build-cuda/tessera-ls does not list the CPU device" >&2
    exit 1
  fi
  if ! compgen -G '/dev/nvidia[0-9]*' >/dev/null && grep -q '^\[gpu\]' <<< "$ls_out"; then
    echo "error: build-cuda/tessera-ls lists a GPU on a machine without /dev/nvidia*" >&2
    exit 1
  fi
  step "CUDA package tests (tessera++ --cuda, nvcc, find_package with CUDA; run on the CPU)"
  TESSERA_DEVICE=cpu ctest --test-dir build-cuda --output-on-failure -j "$jobs" -L package
fi

if [[ "${TESSERA_SKIP_SANITIZERS:-0}" == 1 ]]; then
  step "sanitizer builds skipped (TESSERA_SKIP_SANITIZERS=1)"
  exit 0
fi

# --- 3. AddressSanitizer + UndefinedBehaviorSanitizer ---------------------------------------
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

# --- 4. ThreadSanitizer -------------------------------------------------------------------
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
