#!/usr/bin/env bash
# Runs the .gpu/ bundle (scripts/gpu_bundle.sh) on a machine with an NVIDIA GPU: every test and
# example on the GPU, the CUDA benchmark, and compute-sanitizer on a few kernels. Logs go to
# $OUT (or ./gpu-out); the summary is printed last.
set -u
cd "$(dirname "$0")/.."
top=${OUT:-gpu-out}
out=$top/logs
mkdir -p "$out"
export LD_LIBRARY_PATH=$PWD/.gpu:${LD_LIBRARY_PATH:-}
export TESSERA_DEVICE=gpu
summary=$top/summary.txt
: > "$summary"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$summary"
./.gpu/tessera-ls | tee -a "$summary"
for t in .gpu/t/*_test; do
  n=$(basename "$t")
  # Test files marked host-only were compiled without CUDA: they check the CPU backend.
  dev=gpu
  grep -q 'tessera-test-cuda: host-only' "tests/$n.cpp" 2>/dev/null && dev=cpu
  TESSERA_DEVICE=$dev timeout 180 "$t" --gtest_brief=1 > "$out/$n.log" 2>&1
  echo -n "[$dev] " >> "$summary"
  echo "test $n rc=$? $(grep -E '^\[  (PASSED|FAILED)  \]' "$out/$n.log" | tr '\n' ' ')" | tee -a "$summary"
done
for e in .gpu/ex/*; do
  n=$(basename "$e")
  timeout 120 "$e" > "$out/$n.log" 2>&1
  echo "example $n rc=$? $(grep -cE 'PASS' "$out/$n.log") PASS $(grep -cE 'FAIL' "$out/$n.log") FAIL" | tee -a "$summary"
done
timeout 240 ./.gpu/tessera-cuda-bench > "$out/cuda-bench.log" 2>&1
echo "bench rc=$?" | tee -a "$summary"
for tool in memcheck racecheck synccheck; do
  for e in fig9_8_matmul_local_tiled fig9_14_matmul_sub_group_broadcast fig14_19_reduction_group fig14_17_stencil_local; do
    timeout 180 compute-sanitizer --tool "$tool" --error-exitcode 9 ".gpu/ex/$e" 64 > "$out/san-$tool-$e.log" 2>&1
    echo "sanitizer $tool $e rc=$? $(grep -E 'ERROR SUMMARY' "$out/san-$tool-$e.log" | tail -1)" | tee -a "$summary"
  done
done
tail -45 "$out/cuda-bench.log"
echo
cat "$summary"
tar czf "$top/logs.tgz" -C "$out" . 2>/dev/null && rm -rf "$out"
