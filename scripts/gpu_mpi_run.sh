#!/usr/bin/env bash
# Runs the .gpu/mpi/ bundle (scripts/gpu_mpi_bundle.sh) on a machine with two GPUs: the
# multi-device tests, mpi_heat's strong and weak scaling from 1 to 2 GPUs (one rank per GPU),
# its answer on 2 ranks against 1, and on the host's CPU 2 ranks against 1 process. Logs go to
# $OUT (or ./gpu-out).
#   bash scripts/gpu_mpi_run.sh [all|gpu|cpu] [n] [iterations]
#       n x n cells (default 32768: 4 GiB per array and GPU), also n/2 and n/4 for strong scaling
set -u
cd "$(dirname "$0")/.."
mode=${1:-all}
n=${2:-32768}
iters=${3:-200}
top=${OUT:-gpu-out}
mkdir -p "$top"
b=$PWD/.gpu/mpi
source scripts/gpu_openmpi_env.sh "$b"
run() { echo "\$ $*"; "$@" 2>&1; echo "(rc=$?)"; }
gpu() {
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
  nvidia-smi topo -m
  run mpirun.openmpi --version
  run timeout 120 "$b/bin/multi_device_test"
  # The answer: 2 GPUs against 1 (fingerprints must match).
  run timeout 60 mpirun.openmpi -np 1 "$b/bin/mpi_heat" 2048 60 --check
  run timeout 60 mpirun.openmpi -np 2 "$b/bin/mpi_heat" 2048 60 --check
  # Strong scaling: the same plate on 1 and 2 GPUs; weak: n x n per GPU.
  for size in "$n" "$n" $((n / 2)) $((n / 4)); do
    for r in 1 2; do run timeout 120 mpirun.openmpi -np $r --bind-to none "$b/bin/mpi_heat" "$size" "$iters"; done
  done
  for r in 1 2; do run timeout 120 mpirun.openmpi -np $r --bind-to none "$b/bin/mpi_heat" "$n" "$iters" --weak; done
}
cpu() {
  # The host's CPU: one process on every core against 2 ranks of half the cores each (the pool
  # follows the affinity mpirun gives), 2 unbound ranks (a pool over every core each, what a pool
  # blind to affinity gave bound ranks too) and Open MPI's default for 2 ranks (one core each).
  c=$(nproc)
  export TESSERA_DEVICE=cpu
  lscpu | grep -E "^(Model name|Socket|Core|Thread|NUMA node\(s\)|L3)"
  for rep in 1 2 3; do
    run timeout 120 "$b/bin/mpi_heat" 8192 100
    run timeout 120 mpirun.openmpi -np 2 --map-by slot:PE=$((c / 2)) --bind-to core "$b/bin/mpi_heat" 8192 100
    run timeout 120 mpirun.openmpi -np 2 --bind-to none "$b/bin/mpi_heat" 8192 100
  done
  run timeout 120 mpirun.openmpi -np 2 "$b/bin/mpi_heat" 8192 100
}
{
  [[ $mode == cpu ]] || gpu
  [[ $mode == gpu ]] || cpu
} | tee "$top/mpi-run-$mode.log"
