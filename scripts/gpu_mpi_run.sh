#!/usr/bin/env bash
# Runs the .gpu/mpi/ bundle (scripts/gpu_mpi_bundle.sh) on a machine with two GPUs: the
# multi-device tests, mpi_heat's strong and weak scaling from 1 to 2 GPUs (one rank per GPU),
# its answer on 2 ranks against 1, and on the host's CPU 2 ranks against 1 process. Logs go to
# $OUT (or ./gpu-out).
#   bash scripts/gpu_mpi_run.sh [n] [iterations]     (default 32768 200: 4 GiB per array and GPU)
set -u
cd "$(dirname "$0")/.."
n=${1:-32768}
iters=${2:-200}
top=${OUT:-gpu-out}
mkdir -p "$top"
b=$PWD/.gpu/mpi
m=$b/root/usr
export OPAL_PREFIX=$m OPAL_SYSCONFDIR=$b/root/etc/openmpi PMIX_PREFIX=$m/lib/x86_64-linux-gnu/pmix2
export PMIX_MCA_mca_base_component_path=$m/lib/x86_64-linux-gnu/pmix2/lib/pmix
export PATH=$m/bin:$PATH
export LD_LIBRARY_PATH=$b/lib:$m/lib/x86_64-linux-gnu:$m/lib/x86_64-linux-gnu/openmpi/lib:$m/lib/x86_64-linux-gnu/pmix2/lib:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Components whose libraries were left out stay quiet; CMA may be forbidden in a container.
export OMPI_MCA_mca_base_component_show_load_errors=0 OMPI_MCA_btl=self,vader
export OMPI_MCA_btl_vader_single_copy_mechanism=none
run() { echo "\$ $*"; "$@" 2>&1; echo "(rc=$?)"; }
{
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
  nvidia-smi topo -m
  nproc
  run mpirun.openmpi --version
  run timeout 120 "$b/bin/multi_device_test"
  # The answer: 2 GPUs against 1 (fingerprints must match).
  run timeout 60 mpirun.openmpi -np 1 "$b/bin/mpi_heat" 2048 60 --check
  run timeout 60 mpirun.openmpi -np 2 "$b/bin/mpi_heat" 2048 60 --check
  # Strong scaling: the same plate on 1 and 2 GPUs; weak: n x n per GPU.
  for r in 1 2 1 2; do run timeout 120 mpirun.openmpi -np $r --bind-to none "$b/bin/mpi_heat" "$n" "$iters"; done
  for r in 1 2; do run timeout 120 mpirun.openmpi -np $r --bind-to none "$b/bin/mpi_heat" "$n" "$iters" --weak; done
  # The host's CPU: one process on every core against 2 ranks of half the cores each (the pool
  # follows the affinity mpirun gives), and 2 unbound ranks each with a pool over every core.
  c=$(nproc)
  export TESSERA_DEVICE=cpu
  run timeout 120 "$b/bin/mpi_heat" 4096 60
  run timeout 120 mpirun.openmpi -np 2 --map-by slot:PE=$((c / 2)) --bind-to core "$b/bin/mpi_heat" 4096 60
  run timeout 120 mpirun.openmpi -np 2 --bind-to none -x TESSERA_NUM_THREADS=$c "$b/bin/mpi_heat" 4096 60
} | tee "$top/mpi-run.log"
