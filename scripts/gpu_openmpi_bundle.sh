#!/usr/bin/env bash
# Debian's Open MPI unpacked under DEST/root for a GPU machine without MPI (apt-get download +
# dpkg -x; relocated at run time by scripts/gpu_openmpi_env.sh), less the network components
# whose libraries it would not find. Used by gpu_mpi_bundle.sh and gpu_celerity_bundle.sh.
#   bash scripts/gpu_openmpi_bundle.sh DEST
set -euo pipefail
out=${1:?usage: gpu_openmpi_bundle.sh DEST}
rm -rf "$out/root" && mkdir -p "$out/root"
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
