#!/usr/bin/env bash
# Runs the .gpu/ bundle (scripts/gpu_bundle.sh) on a machine with an NVIDIA GPU. Logs go to $OUT
# (or ./gpu-out), packed into logs.tgz; the summary is printed last.
#   bash scripts/gpu_run.sh            every test and example on the GPU, the nvcc-built program,
#                                      the tessera++-built package programs, and the CUDA
#                                      benchmarks (the oneDPL ones included)
#   bash scripts/gpu_run.sh cpu        the default build's CPU benchmarks and demo (.gpu/cpu/) on
#                                      every core of this machine's host, then on one
#   bash scripts/gpu_run.sh check      every test on the GPU with the barrier check on (TESSERA_CHECK=1)
#   bash scripts/gpu_run.sh sanitize [TOOL...]
#                                      compute-sanitizer (memcheck, racecheck and synccheck unless
#                                      named) on every example and every test binary
set -u
cd "$(dirname "$0")/.."
# gpu_bundle.sh packs the tests and examples, unstripped (check mode's reports need their line
# tables), into one archive to fit the device tool's 64 MiB; Python's lzma where there is no xz.
if [[ -f .gpu/tex.tar.xz && ! -d .gpu/t ]]; then
  python3 -c 'import lzma, tarfile; tarfile.open(fileobj=lzma.open(".gpu/tex.tar.xz")).extractall(".gpu")'
fi
mode=${1:-run}
top=${OUT:-gpu-out}
out=$top/logs
mkdir -p "$out"
export LD_LIBRARY_PATH=$PWD/.gpu:${LD_LIBRARY_PATH:-}
export TESSERA_DEVICE=gpu
summary=$top/summary-$mode${2:+-$2}.txt
: > "$summary"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$summary"

run_tests() {
  for t in .gpu/t/*_test; do
    n=$(basename "$t")
    # Test files of CPU-only behaviour are not compiled as CUDA: their queues are the CPU's.
    # So are the CBS pass's tests (tests/cbs/), kernels compiled into loops for the CPU.
    device=gpu
    grep -q 'tessera-test-cuda: host-only' "tests/$n.cpp" 2>/dev/null && device=cpu
    [[ -f tests/cbs/$n.cpp ]] && device=cpu
    TESSERA_DEVICE=$device timeout 180 "$t" --gtest_brief=1 > "$out/$n.log" 2>&1
    echo "test $n rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) *\]' "$out/$n.log" | tr '\n' ' ')" | tee -a "$summary"
  done
}

if [[ $mode == check ]]; then
  # Correct kernels run checked with the same answers: no test may fail for the check.
  export TESSERA_CHECK=1
  run_tests
elif [[ $mode == run ]]; then
  ./.gpu/tessera-ls | tee -a "$summary"
  run_tests
  for e in .gpu/ex/*; do
    n=$(basename "$e")
    timeout 120 "$e" > "$out/$n.log" 2>&1
    echo "example $n rc=$? $(grep -cE 'PASS' "$out/$n.log") PASS $(grep -cE 'FAIL' "$out/$n.log") FAIL" | tee -a "$summary"
  done
  timeout 60 ./.gpu/nvcc_app > "$out/nvcc_app.log" 2>&1
  echo "nvcc_app rc=$? $(tail -1 "$out/nvcc_app.log")" | tee -a "$summary"
  for p in .gpu/pkg/*; do
    n=$(basename "$p")
    timeout 60 "$p" > "$out/$n.log" 2>&1
    echo "package $n rc=$? $(grep -c PASS "$out/$n.log") PASS $(grep -c FAIL "$out/$n.log") FAIL" | tee -a "$summary"
  done
  timeout 300 ./.gpu/tessera-cuda-bench ${TESSERA_BENCH_ARGS:-} > "$out/cuda-bench.log" 2>&1
  echo "bench rc=$?" | tee -a "$summary"
  tail -45 "$out/cuda-bench.log"
  # The oneDPL algorithms against CUB on the GPU (2^28 and 2^20 int32), and against OpenMP on
  # this machine's CPU (2^25 int32).
  timeout 300 ./.gpu/tessera-dpl-cuda-bench | tee -a "$summary"
  # The seed's chapter-14 kernels against CUDA twins (issue 16), 2^28 elements.
  timeout 300 ./.gpu/tessera-ch14-cuda-bench | tee -a "$summary"
  TESSERA_DEVICE=cpu timeout 300 ./.gpu/tessera-dpl-bench | tee -a "$summary"
  # The root-group barrier (issue 11) against grid.sync() and seed 002's barriers, and on the
  # host's CPU against an OpenMP barrier.
  timeout 300 ./.gpu/tessera-root-barrier-bench > "$out/root-barrier-bench.log" 2>&1
  echo "root-barrier bench rc=$?" | tee -a "$summary"
  tee -a "$summary" < "$out/root-barrier-bench.log"
  # What the barrier check costs (TESSERA_CHECK=0 and =1, issue 28).
  timeout 300 ./.gpu/tessera-barrier-check-bench | tee -a "$summary"
  # The C++ AMP layer against SYCL, on the GPU and on this machine's CPU.
  timeout 120 ./.gpu/tessera-amp-bench | tee -a "$summary"
  TESSERA_DEVICE=cpu timeout 120 ./.gpu/tessera-amp-bench 512 | tee -a "$summary"
elif [[ $mode == cpu ]]; then
  # What a user of the default build sees on this host's CPU: compiled barrier kernels against
  # OpenMP, all cores then one.
  lscpu | grep -E '^(Model name|CPU\(s\)):' | tee -a "$summary"
  for n in "$(nproc)" 1; do
    export LD_LIBRARY_PATH=$PWD/.gpu/cpu TESSERA_DEVICE=cpu TESSERA_NUM_THREADS=$n OMP_NUM_THREADS=$n
    echo "== $n threads" | tee -a "$summary"
    timeout 200 ./.gpu/cpu/tessera-cbs-bench 2>&1 | tee -a "$summary"
    timeout 200 ./.gpu/cpu/tessera-bench 2>&1 | tee -a "$summary"
    [[ $n -eq 1 ]] || timeout 200 ./.gpu/cpu/tessera-demo 2>&1 | tee -a "$summary"
  done
else
  # Examples at a small size; test binaries whole. A tool's report counts only with rc 0.
  tools=("${@:2}")
  [[ ${#tools[@]} -eq 0 ]] && tools=(memcheck racecheck synccheck)
  for tool in "${tools[@]}"; do
    for e in .gpu/ex/fig*; do
      n=$(basename "$e")
      timeout 120 compute-sanitizer --tool "$tool" --error-exitcode 9 "$e" 64 > "$out/san-$tool-$n.log" 2>&1
      echo "sanitizer $tool $n rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool-$n.log" | tail -1)" | tee -a "$summary"
    done
    for t in .gpu/t/*_test; do
      n=$(basename "$t")
      # Tests that provoke CUDA errors on purpose are left out: the death tests (an illegal
      # address, in a child process of their own), the out-of-memory test (cudaMalloc fails) and
      # the barrier check's reports (a work-group's threads exit mid-kernel, diverged).
      timeout 150 compute-sanitizer --tool "$tool" --error-exitcode 9 "$t" --gtest_brief=1 \
        --gtest_filter='-*DeathTest*:DeviceMemory.AllocationBeyondTheDevice*:BarrierCheckReport.*'  > "$out/san-$tool-$n.log" 2>&1
      rc=$?
      # Test files of host-only code (atomic_ref on host threads, function objects) make no CUDA call.
      note=$(grep -q 'terminated before first instrumented API call' "$out/san-$tool-$n.log" && echo "no CUDA calls")
      echo "sanitizer $tool $n rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool-$n.log" | tail -1) $note" | tee -a "$summary"
    done
  done
fi
echo
cat "$summary"
tar czf "$top/logs-$mode${2:+-$2}.tgz" -C "$out" . 2>/dev/null && rm -rf "$out"
