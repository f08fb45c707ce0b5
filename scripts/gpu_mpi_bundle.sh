#!/usr/bin/env bash
# Gathers what a multi-GPU run needs into .gpu/mpi/ (git-ignored), for a GPU machine without MPI:
# Debian's Open MPI unpacked from its packages (apt-get download + dpkg -x, relocated at run time
# through OPAL_PREFIX), less the network components whose libraries it would not find, and from
# build-cuda/ (clang++-19, TESSERA_CUDA=ON) mpi_heat and multi_device_test with libtessera.
#   bash scripts/gpu_mpi_bundle.sh [DEST]     (default .gpu/mpi)
# Then, on the GPU machine: bash scripts/gpu_mpi_run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exclude="$(git rev-parse --git-common-dir)/info/exclude"
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
ninja -C build-cuda mpi_heat multi_device_test tessera
out=${1:-.gpu/mpi} # another checkout's .gpu/mpi, where the device run starts from that one
rm -rf "$out" && mkdir -p "$out/root" "$out/bin" "$out/lib"
debs=$(mktemp -d)
(cd "$debs" && apt-get download openmpi-bin libopenmpi3 openmpi-common libpmix2 libhwloc15 \
   libevent-core-2.1-7 libevent-pthreads-2.1-7 >/dev/null)
for d in "$debs"/*.deb; do dpkg -x "$d" "$out/root"; done
rm -rf "$debs" "$out/root/usr/share/doc" "$out/root/usr/share/man"
# Components for InfiniBand, UCX, libfabric, PSM and netlink: one host's ranks talk through
# shared memory (btl vader), and these libraries are not on the machine.
lib=$out/root/usr/lib/x86_64-linux-gnu
rm -f "$lib"/libmca_common_{ucx,verbs,ofi}.so* \
      "$lib"/openmpi/lib/openmpi3/mca_{mtl_ofi,btl_ofi,spml_ucx,sshmem_ucx,osc_ucx,atomic_ucx,pml_ucx,btl_openib,mtl_psm,mtl_psm2,reachable_netlink}.so
# What the rest links that a bare machine may lack.
for l in libudev.so.1 libz.so.1 libnuma.so.1 libuuid.so.1 libatomic.so.1 libmunge.so.2; do
  cp -L "/lib/x86_64-linux-gnu/$l" "$lib/"
done
cp build-cuda/examples/mpi_heat build-cuda/tests/multi_device_test "$out/bin/"
cp -L build-cuda/libtessera.so.0 /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 \
      /usr/local/cuda/lib64/libcudart.so.13 "$out/lib/"
du -sh "$out"
