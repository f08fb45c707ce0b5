#!/usr/bin/env bash
# Gathers what a multi-GPU run needs into .gpu/mpi/ (git-ignored), for a GPU machine without MPI:
# Debian's Open MPI (scripts/gpu_openmpi_bundle.sh), and from build-cuda/ (clang++-19,
# TESSERA_CUDA=ON) mpi_heat and multi_device_test with libtessera.
#   bash scripts/gpu_mpi_bundle.sh [DEST]     (default .gpu/mpi)
# Then, on the GPU machine: bash scripts/gpu_mpi_run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exclude="$(git rev-parse --git-common-dir)/info/exclude"
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
ninja -C build-cuda mpi_heat multi_device_test tessera
out=${1:-.gpu/mpi} # another checkout's .gpu/mpi, where the device run starts from that one
rm -rf "$out" && mkdir -p "$out/bin" "$out/lib"
bash scripts/gpu_openmpi_bundle.sh "$out"
cp build-cuda/examples/mpi_heat build-cuda/tests/multi_device_test "$out/bin/"
cp -L build-cuda/libtessera.so.0 /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 \
      /usr/local/cuda/lib64/libcudart.so.13 "$out/lib/"
du -sh "$out"
