#!/usr/bin/env bash
# Builds the samples of the DPC++ book ("Data Parallel C++", 2nd edition: a checkout of
# github.com/Apress/data-parallel-CPP, never committed here) in check mode (-DTESSERA_CHECK=1 -g
# -fsanitize=address, as tessera++ --check) against a build's libtessera and runs each: check
# mode must make no report on the book's correct kernels (issue 30).
#
#   scripts/check_mode_book.sh BOOK_CHECKOUT [BUILD_DIR (default build)] [sample path under samples/...]
#
# Without sample paths, the chapters whose kernels use local memory, USM, groups and atomics.
# A sample without a main() is linked with the *harness.cpp beside it. One line per sample: built or the first
# error, the exit status, and the reports (check mode's and AddressSanitizer's).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
book="$(cd "${1:?BOOK_CHECKOUT}" && pwd)/samples"
build="$(cd "${2:-build}" && pwd)"
shift 2 || shift $#
out="${TMPDIR:-/tmp}/tessera-check-book"
mkdir -p "$out"
cxx="${TESSERA_CXX:-clang++-19}"
flags=(-std=c++20 -O1 -g -DTESSERA_CHECK=1 -fsanitize=address -fno-omit-frame-pointer -Iinclude
       -isystem include/tessera/posix)
# As tessera++ --check compiles where it has the CBS pass (and as check_mode_sweep.sh does): barrier
# kernels as the pass's loops, local memory tested inline, plain variables of work-group scope seen.
if [[ -f "$build/compiler/cbs/libtessera-cbs.so" && -z "${TESSERA_CXX:-}" ]]; then
  flags+=(-fpass-plugin="$build/compiler/cbs/libtessera-cbs.so" -DTESSERA_CBS=1)
fi
if [[ -f "$build/compiler/kernel_attributes/libtessera-kernel-attributes.so" && -z "${TESSERA_CXX:-}" ]]; then
  flags+=(-fplugin="$build/compiler/kernel_attributes/libtessera-kernel-attributes.so" -DTESSERA_KERNEL_ATTRIBUTES=1)
fi
samples=("$@")
if [[ ${#samples[@]} -eq 0 ]]; then
  for ch in Ch04_expressing_parallelism Ch06_unified_shared_memory Ch09_communication_and_sychronization \
            Ch14_common_parallel_patterns Ch15_programming_for_gpus Ch19_memory_model_and_atomics; do
    for f in "$book/$ch"/fig_*.cpp; do samples+=("${f#"$book/"}"); done
  done
fi
for s in "${samples[@]}"; do
  src="$book/$s"
  name="$(basename "$s" .cpp)"
  harness=()
  if ! grep -q 'int main' "$src"; then
    for h in "$(dirname "$src")"/*harness.cpp; do [[ -e "$h" ]] && harness+=("$h"); done
  fi
  if ! "$cxx" "${flags[@]}" -I"$(dirname "$src")" "$src" "${harness[@]}" -o "$out/$name" -L"$build" -ltessera \
      -lboost_context -pthread -Wl,-rpath,"$build" >"$out/$name.build.log" 2>&1; then
    printf '%-56s no build: %s\n' "$s" "$(grep -m1 'error' "$out/$name.build.log")"
    continue
  fi
  (cd "$out" && TESSERA_DEVICE=cpu timeout 300 "./$name" >"$name.log" 2>&1)
  rc=$?
  reports=$(grep -c -e 'check: ' -e 'ERROR: AddressSanitizer' "$out/$name.log")
  printf '%-56s rc=%d, check reports: %s\n' "$s" "$rc" "$reports"
done
