#!/usr/bin/env bash
# Runs the .gpu/celerity/ bundle (scripts/gpu_celerity_bundle.sh) on a machine with two GPUs:
# Celerity's examples on 1 and 2 ranks, its system tests on 2 ranks (one rank per GPU: Celerity
# gives each rank of a host its share of the GPUs) and its unit tests, through
# scripts/celerity.sh --run. Logs go to $OUT (or ./gpu-out).
#   bash scripts/gpu_celerity_run.sh [timeout per run, s (default 40)] [target...]
set -u
cd "$(dirname "$0")/.."
top=${OUT:-gpu-out}
mkdir -p "$top"
b=$(mktemp -d)
tar -xzf .gpu/celerity/celerity.tar.gz -C "$b"
source scripts/gpu_openmpi_env.sh "$b"
export MPIRUN=mpirun.openmpi
# Two GPUs, whatever the machine has: one per rank on 2 ranks.
export CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0,1}
per_run=${1:-40}
shift $(($# > 0))
work=$b/build
# Logs straight into $top, so that a run cut short still returns (some of) them.
mkdir -p "$top/tessera-logs" && ln -s "$(cd "$top" && pwd)/tessera-logs" "$work/tessera-logs"
{
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
  echo "CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES, $(nproc) cores"
  bash scripts/celerity.sh --run "$work" --ranks 2 --timeout "$per_run" "$@"
} 2>&1 | tee "$top/celerity-gpu.log"
# One file: a device run returns only a few.
for f in "$top"/tessera-logs/*; do echo "==> ${f##*/} <=="; cat "$f"; done >"$top/celerity-logs.txt" \
  && rm -rf "$top/tessera-logs"
