#pragma once
#include "tessera/backend/cuda/config.hpp"
#if TESSERA_CUDA_COMPILE
#include <cuda_runtime.h>

#include "sycl/item.hpp"
#include "tessera/backend/cpu/nd_geometry.hpp"
#include "tessera/backend/cuda/runtime.hpp"

// Kernel launches of the CUDA backend. SYCL's last dimension is CUDA's x, so that consecutive
// work-items (the fastest-varying id) are consecutive threads of a warp.
namespace tessera::cuda {

template <int D, bool WithOffset, typename K>
__global__ void range_kernel(K k, sycl::range<D> r, sycl::id<D> off, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  k(sycl::item<D, WithOffset>(detail::delinearize(i, r) + off, r, off));
}

template <typename K>
__global__ void single_kernel(K k) {
  k();
}

template <int D, typename K>
__global__ void nd_range_kernel(K k, cpu::nd_geometry<D> geo) {
  cpu::item_context<D> c{&geo, nullptr, {}, {}, 0};
  const unsigned g[3] = {blockIdx.x, blockIdx.y, blockIdx.z}, l[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
  for (int d = 0; d < D; ++d) c.group[d] = g[D - 1 - d], c.local[d] = l[D - 1 - d];
  c.local_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  k(c);
}

// Hierarchical kernels run each work-group on one GPU thread, as on the CPU: variables at
// work-group scope would need compiler support to live in shared memory. Correct first.
template <int D, typename K>
__global__ void hierarchical_kernel(K k, cpu::nd_geometry<D> geo) {
  const unsigned g[3] = {blockIdx.x, blockIdx.y, blockIdx.z};
  sycl::id<D> group;
  for (int d = 0; d < D; ++d) group[d] = g[D - 1 - d];
  k(sycl::group<D>(cpu::item_context<D>{&geo, nullptr, group, sycl::id<D>{}, 0}));
}

template <int D>
inline dim3 to_dim3(const sycl::range<D>& r) {
  dim3 v(1, 1, 1);
  unsigned* xyz[3] = {&v.x, &v.y, &v.z};
  for (int d = 0; d < D; ++d) *xyz[d] = static_cast<unsigned>(r[D - 1 - d]);
  return v;
}

constexpr unsigned range_block = 256;

template <int D, bool WithOffset, typename K>
void launch_range(stream s, const sycl::range<D>& r, const sycl::id<D>& off, const K& k) {
  const std::size_t n = r.size();
  if (n == 0) return;
  const auto blocks = static_cast<unsigned>((n + range_block - 1) / range_block);
  range_kernel<D, WithOffset><<<blocks, range_block, 0, static_cast<cudaStream_t>(s)>>>(k, r, off, n);
  check_launch("parallel_for(range)");
}

template <typename K>
void launch_single(stream s, const K& k) {
  single_kernel<<<1, 1, 0, static_cast<cudaStream_t>(s)>>>(k);
  check_launch("single_task");
}

// Local memory is dynamic shared memory; above 48 KiB the kernel must ask for it first.
template <int D, typename K>
void launch_nd(stream s, const cpu::nd_geometry<D>& geo, std::size_t local_bytes, const K& k) {
  if (geo.global.size() == 0) return;
  if (local_bytes > 48 * 1024)
    throw_if_error(cudaFuncSetAttribute(nd_range_kernel<D, K>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(local_bytes)),
                   "raising the kernel's shared memory limit");
  nd_range_kernel<D><<<to_dim3(geo.groups), to_dim3(geo.local), local_bytes, static_cast<cudaStream_t>(s)>>>(k, geo);
  check_launch("parallel_for(nd_range)");
}

template <int D, typename K>
void launch_hierarchical(stream s, const cpu::nd_geometry<D>& geo, const K& k) {
  if (geo.groups.size() == 0) return;
  hierarchical_kernel<D><<<to_dim3(geo.groups), 1, 0, static_cast<cudaStream_t>(s)>>>(k, geo);
  check_launch("parallel_for_work_group");
}

} // namespace tessera::cuda
#endif
