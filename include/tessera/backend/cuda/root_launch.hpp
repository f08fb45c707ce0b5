#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_CUDA_COMPILE
#include <cuda_runtime.h>

#include <cstddef>

#include "tessera/backend/cuda/launch.hpp"
#include "tessera/backend/cuda/root_barrier.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/runtime/kernel_registry.hpp"

// use_root_sync launches on the GPU: a cooperative launch, which CUDA starts only when every block
// can be resident at once, of a kernel whose blocks' first threads each keep a root_block.
namespace tessera::cuda {

// Each thread keeps a root_block of its own (only the block's first thread uses its copy): once the
// kernel is inlined, the epoch lives in a register, where a __shared__ copy cost 0.04 µs a barrier.
template <int D, warp_fill F, typename K>
__global__ void root_sync_kernel(K k, glue::nd_geometry<D> geo) {
  root_block block{static_cast<root_sync_state*>(geo.root_sync), 0};
  geo.root_sync = &block;
  run_nd_item<D, F>(k, geo);
}

// Records, before main, the kernels compiled for the name `Name`: the co-resident limit is their
// occupancy (runtime::max_root_sync_groups).
template <typename Name, int D, typename K>
struct root_kernel_entry {
  static const bool registered;
};
template <typename Name, int D, typename K>
const bool root_kernel_entry<Name, D, K>::registered =
    (register_root_kernel(runtime::kernel_record_of<Name>(), reinterpret_cast<const void*>(root_sync_kernel<D, warp_fill::whole, K>),
                          reinterpret_cast<const void*>(root_sync_kernel<D, warp_fill::partial_last, K>)),
     true);

template <int D, warp_fill F, typename K>
void launch_root_sync_as(stream s, glue::nd_geometry<D> geo, std::size_t local_bytes, K k) {
  const void* kernel = reinterpret_cast<const void*>(root_sync_kernel<D, F, K>);
  if (local_bytes > 48 * 1024)
    throw_if_error(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(local_bytes)),
                   "raising the kernel's shared memory limit");
  const std::size_t bytes = root_sync_bytes(geo.groups.size());
  void* state = scratch(s, bytes);
  fill_bytes(s, state, 0, bytes);
  geo.root_sync = state;
  void* args[] = {&k, &geo};
  throw_if_error(cudaLaunchCooperativeKernel(kernel, to_dim3(geo.groups), to_dim3(geo.local), args, local_bytes,
                                             static_cast<cudaStream_t>(s)),
                 "parallel_for(nd_range) with use_root_sync (a cooperative launch)");
}

template <typename Name, int D, typename K>
void launch_root_sync(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k) {
  (void)root_kernel_entry<Name, D, K>::registered;
  if (geo.global.size() == 0) return;
  // Two of the three specialisations: a cooperative launch is already one of few blocks.
  if (warp_fill_of(geo.local.size()) == warp_fill::whole) launch_root_sync_as<D, warp_fill::whole>(s, geo, local_bytes, k);
  else launch_root_sync_as<D, warp_fill::partial_last>(s, geo, local_bytes, k);
}

} // namespace tessera::cuda
#endif
