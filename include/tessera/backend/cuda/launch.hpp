#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_CUDA_COMPILE
#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <typeinfo>
#include <utility>

#include "sycl/exception.hpp"
#include "sycl/group.hpp"
#include "sycl/item.hpp"
#include "tessera/glue/item_context.hpp"
#include "tessera/backend/cuda/barrier_check.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/detail/kernel_invoke.hpp"

// Kernel launches of the CUDA backend. SYCL's last dimension is CUDA's x, so that consecutive
// work-items (the fastest-varying id) are consecutive threads of a warp.
namespace tessera::cuda {

constexpr unsigned range_block = 256;

// std::type_identity, which public headers cannot use as C++17: a parameter that takes no part
// in deduction.
template <typename T>
struct as_is {
  using type = T;
};

// Launches through cudaLaunchKernel itself: `<<<>>>` costs two more calls into the CUDA runtime
// (pushing and popping the launch configuration) and a third to fetch the launch's error, on a
// path whose whole budget over CUDA's own launch is half a microsecond. The arguments arrive as
// the kernel's parameter types (deduced from the kernel alone), and cudaLaunchKernel reads each
// where it lies; a std::tuple of them instantiated a tuple, its constraint traits and std::get
// per kernel in both passes of a CUDA compile (a tenth of a SYCL-CTS source's instantiations).
template <typename... Params>
void launch_kernel(const char* what, void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes,
                   stream s, typename as_is<Params>::type... args) {
  void* argv[] = {static_cast<void*>(&args)..., nullptr};
  throw_if_error(cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, argv, shared_bytes,
                                  static_cast<cudaStream_t>(s)),
                 what);
}

template <int D, bool WithOffset, typename K>
__device__ __forceinline__ void call_range(const K& k, const sycl::id<D>& i, const sycl::range<D>& r,
                                           const sycl::id<D>& off) {
  if constexpr (WithOffset) detail::invoke(k, sycl::item<D, true>(i + off, r, off));
  else detail::invoke(k, sycl::item<D, false>(i, r)); // no offset: nothing to add
}

// Any range: a 1-D grid over the linearised range (ids by division, the last dimension fastest).
template <int D, bool WithOffset, typename K>
__global__ void range_kernel(K k, sycl::range<D> r, sycl::id<D> off, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  call_range<D, WithOffset>(k, detail::delinearize(i, r), r, off);
}

// A range of 2 or 3 dimensions whose last one is a whole number of blocks, and whose others fit
// grid.y and grid.z: the grid's x runs along the last dimension, y and z are the others, as a
// hand-written kernel does it. The same work-items in the same blocks as range_kernel, in the
// same order, but each id is read from blockIdx/threadIdx: no division, no bounds check, and the
// compiler knows each id's bounds (blockIdx.y < 65536, ...). Those bounds shape the user's loops:
// with fig 9-4's int indices, clang picks a down-counting induction variable for the k loop,
// which ptxas unrolls 4 times, like the CUDA twin's, where from the linear kernel's divided ids
// it picks an up-counting one that ptxas unrolls 16 times (32 loads in flight per thread), which
// ran 6-8% slower at 4096^3 on an H100.
template <int D, bool WithOffset, typename K>
__global__ void range_grid_kernel(K k, sycl::range<D> r, sycl::id<D> off) {
  static_assert(D >= 2);
  sycl::id<D> i;
  i[D - 1] = static_cast<std::size_t>(blockIdx.x) * range_block + threadIdx.x;
  i[D - 2] = blockIdx.y;
  if constexpr (D == 3) i[0] = blockIdx.z;
  call_range<D, WithOffset>(k, i, r, off);
}

template <typename K>
__global__ void single_kernel(K k) {
  detail::invoke(k);
}

// How a work-group's items fill warps. Kernels are specialised for each: whole warps, where each
// sub-group's size is the constant 32 (loops over it unroll, shuffles take the full mask); one
// partial warp, whose lanes follow from the work-group's size alone; and the others, whose last
// warp is partial. The constants are stored into the kernel's own copy of the geometry, from
// which the optimizer forwards them to every query inlined into the kernel.
enum class warp_fill { whole, one_partial, partial_last };

inline warp_fill warp_fill_of(std::size_t group_size) {
  return group_size % 32 == 0 ? warp_fill::whole : group_size < 32 ? warp_fill::one_partial : warp_fill::partial_last;
}

template <int D, warp_fill F, typename K>
__device__ __forceinline__ void run_nd_item(const K& k, glue::nd_geometry<D>& geo, glue::group_state* exec = nullptr) {
  geo.sub_group_size = 32;
  geo.full_sub_groups = F == warp_fill::whole;
  geo.one_sub_group = F == warp_fill::one_partial;
  glue::item_context<D> c{&geo, exec, {}, {}, 0};
  const unsigned g[3] = {blockIdx.x, blockIdx.y, blockIdx.z}, l[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
  for (int d = 0; d < D; ++d) c.group[d] = g[D - 1 - d], c.local[d] = l[D - 1 - d];
  c.local_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  k(c);
}
template <int D, warp_fill F, typename K>
__global__ void nd_range_kernel(K k, glue::nd_geometry<D> geo) {
  run_nd_item<D, F>(k, geo);
}

// The same kernel under TESSERA_CHECK (barrier_check.hpp): each item's context points to its
// item_check, and an item that returns is counted. One specialisation (partial_last computes the
// sub-groups of any work-group), so that the check costs each kernel one more compilation, not three.
template <int D, typename K>
__global__ void nd_range_checked_kernel(K k, glue::nd_geometry<D> geo, check_target target) {
  __shared__ block_check block;
  if (linear_thread() == 0) block = block_check{};
  __syncthreads();
  item_check check{&block, target, 0, D};
  run_nd_item<D, warp_fill::partial_last>(k, geo, as_group_state(&check));
  leave(check);
}

// Hierarchical kernels run each work-group on one GPU thread, as on the CPU, unless Tessera's
// compiler plugin lowers the kernel (TESSERA_CUDA_HIERARCHICAL, set where clang loads it):
// work-group-scope variables need a compiler to live in shared memory.
template <int D, typename K>
__global__ void hierarchical_kernel(K k, glue::nd_geometry<D> geo) {
  const unsigned g[3] = {blockIdx.x, blockIdx.y, blockIdx.z};
  sycl::id<D> group;
  for (int d = 0; d < D; ++d) group[d] = g[D - 1 - d];
  detail::invoke(k, sycl::group<D>(glue::item_context<D>{&geo, nullptr, group, sycl::id<D>{}, 0}));
}

#if TESSERA_CUDA_HIERARCHICAL
// Answers whether the plugin's pass lowered the kernel calling it: the pass replaces each call
// with its answer (compiler/hierarchical_threads.cpp); unreplaced, it says no.
extern "C" __device__ __noinline__ inline bool tessera_cuda_hierarchical_lowered() { return false; }

// A block per work-group, a thread per physical work-item. Lowered, every thread runs the
// work-group-scope code as the pass rewrote it (its side effects by the leader, its variables in
// shared memory, barriers around each parallel_for_work_item) and its own items; otherwise the
// first thread runs the whole group, as hierarchical_kernel does.
template <int D, typename K>
__global__ void hierarchical_item_kernel(K k, glue::nd_geometry<D> geo) {
  const unsigned g[3] = {blockIdx.x, blockIdx.y, blockIdx.z}, l[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
  glue::item_context<D> c{&geo, nullptr, {}, {}, 0};
  for (int d = 0; d < D; ++d) c.group[d] = g[D - 1 - d];
  if (tessera_cuda_hierarchical_lowered()) {
    geo.item_threads = true;
    for (int d = 0; d < D; ++d) c.local[d] = l[D - 1 - d];
    c.local_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    detail::invoke(k, sycl::group<D>(c));
  } else if ((threadIdx.x | threadIdx.y | threadIdx.z) == 0) {
    detail::invoke(k, sycl::group<D>(c));
  }
}
#endif

template <int D>
inline dim3 to_dim3(const sycl::range<D>& r) {
  dim3 v(1, 1, 1);
  unsigned* xyz[3] = {&v.x, &v.y, &v.z};
  for (int d = 0; d < D; ++d) *xyz[d] = static_cast<unsigned>(r[D - 1 - d]);
  return v;
}

template <int D, bool WithOffset, typename K>
void launch_range(stream s, const sycl::range<D>& r, const sycl::id<D>& off, const K& k) {
  const std::size_t n = r.size();
  if (n == 0) return;
  if constexpr (D > 1) {
    constexpr std::size_t grid_yz_max = 65535;
    if (r[D - 1] % range_block == 0 && r[D - 1] / range_block <= 0x7fffffffu && r[D - 2] <= grid_yz_max &&
        (D == 2 || r[0] <= grid_yz_max)) {
      const dim3 grid(static_cast<unsigned>(r[D - 1] / range_block), static_cast<unsigned>(r[D - 2]),
                      D == 3 ? static_cast<unsigned>(r[0]) : 1u);
      return launch_kernel("parallel_for(range)", range_grid_kernel<D, WithOffset, K>, grid, range_block, 0, s, k, r,
                           off);
    }
  }
  // A small range gets the warps it needs, not a whole block of idle ones.
  const auto threads = static_cast<unsigned>(n < range_block ? (n + 31) / 32 * 32 : range_block);
  const auto blocks = static_cast<unsigned>((n + threads - 1) / threads);
  launch_kernel("parallel_for(range)", range_kernel<D, WithOffset, K>, blocks, threads, 0, s, k, r, off, n);
}

template <typename K>
void launch_single(stream s, const K& k) {
  launch_kernel("single_task", single_kernel<K>, 1, 1, 0, s, k);
}

// Local memory is dynamic shared memory; above 48 KiB the kernel must ask for it first.
template <int D, warp_fill F, typename K>
void launch_nd_as(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k) {
  if (local_bytes > 48 * 1024)
    throw_if_error(cudaFuncSetAttribute(nd_range_kernel<D, F, K>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(local_bytes)),
                   "raising the kernel's shared memory limit");
  launch_kernel("parallel_for(nd_range)", nd_range_kernel<D, F, K>, to_dim3(geo.groups), to_dim3(geo.local),
                local_bytes, s, k, geo);
}
template <int D, typename K>
void launch_nd_checked(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k,
                       const std::type_info* name) {
  if (local_bytes > 48 * 1024)
    throw_if_error(cudaFuncSetAttribute(nd_range_checked_kernel<D, K>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(local_bytes)),
                   "raising the kernel's shared memory limit");
  launch_kernel("parallel_for(nd_range)", nd_range_checked_kernel<D, K>, to_dim3(geo.groups), to_dim3(geo.local),
                local_bytes, s, k, geo, check_target_of(s, name));
}
template <int D, typename K>
void launch_nd(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k,
               const std::type_info* name) {
  if (geo.global.size() == 0) return;
#if !defined(TESSERA_NO_BARRIER_CHECK) // compiled without the checked copies: TESSERA_CHECK is ignored here
  if (check_enabled()) return launch_nd_checked(s, geo, local_bytes, k, name);
#else
  (void)name;
#endif
#if defined(__OPTIMIZE__)
  switch (warp_fill_of(geo.local.size())) {
  case warp_fill::whole: return launch_nd_as<D, warp_fill::whole>(s, geo, local_bytes, k);
  case warp_fill::one_partial: return launch_nd_as<D, warp_fill::one_partial>(s, geo, local_bytes, k);
  case warp_fill::partial_last: return launch_nd_as<D, warp_fill::partial_last>(s, geo, local_bytes, k);
  }
#else
  // An -O0 build wants its compile fast: one kernel, which serves every work-group, instead of
  // three specialisations, each compiled by the device pass and ptxas again (a SYCL-CTS nd_item
  // source makes 1092 kernels: 62 MB of PTX, 144 s of ptxas).
  launch_nd_as<D, warp_fill::partial_last>(s, geo, local_bytes, k);
#endif
}

// Local accessors are dynamic shared memory, as in launch_nd_as, shared by the block's threads.
template <typename Kernel>
void reserve_shared(Kernel* kernel, std::size_t local_bytes) {
  if (local_bytes > 48 * 1024)
    throw_if_error(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(local_bytes)),
                   "raising the kernel's shared memory limit");
}

template <int D, typename K>
void launch_hierarchical(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k) {
  if (geo.groups.size() == 0) return;
#if TESSERA_CUDA_HIERARCHICAL
  // The kernel may be lowered, and a lowered one needs its whole group in one block.
  const dim3 block = to_dim3(geo.local);
  if (geo.local.size() > 1024 || block.z > 64)
    throw sycl::exception(sycl::errc::nd_range, "parallel_for_work_group: a work-group of " +
                                                    std::to_string(geo.local.size()) +
                                                    " items does not fit a GPU block (at most 1024, z at most 64)");
  reserve_shared(hierarchical_item_kernel<D, K>, local_bytes);
  launch_kernel("parallel_for_work_group", hierarchical_item_kernel<D, K>, to_dim3(geo.groups), block, local_bytes, s, k,
                geo);
#else
  reserve_shared(hierarchical_kernel<D, K>, local_bytes);
  launch_kernel("parallel_for_work_group", hierarchical_kernel<D, K>, to_dim3(geo.groups), 1, local_bytes, s, k, geo);
#endif
}

} // namespace tessera::cuda
#endif
