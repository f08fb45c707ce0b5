#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/backend/cuda/atomic_combine.hpp"
#include "tessera/backend/cuda/barrier_check.hpp"
#include "tessera/backend/cuda/root_barrier.hpp"
#include "tessera/glue/item_context.hpp"
#include "tessera/group/call_site.hpp"

extern __shared__ __align__(16) char tessera_dynamic_shared[];

// What a work-item does in CUDA device code: the same names and signatures as the CPU backend's
// item_ops.hpp, on blocks, warps and CUDA's built-in registers.
namespace tessera::cuda::ops {

// Device code reads a buffer through its device copy.
inline constexpr bool in_host_code = false;

template <int D>
__device__ void work_group_barrier(const glue::item_context<D>& c, const group::call_site& site) {
  if (item_check* check = checked(c.exec))
    return meet(*check, static_cast<unsigned>(group::collective_op::barrier), site.file, site.line);
  __syncthreads();
}
__device__ inline void sub_group_barrier(glue::group_state*, std::uint32_t, std::uint32_t lanes,
                                         const group::call_site&) {
  __syncwarp(lanes);
}
// A use_root_sync kernel's geometry points to its block's root_block (root_launch.hpp).
template <int D>
__device__ void root_barrier(const glue::item_context<D>& c, bool system_scope, const group::call_site& site) {
  if (!c.geo->root_sync) report_unsynchronised(site);
  __syncthreads();
  if (c.local_linear == 0) meet_other_blocks(*static_cast<root_block*>(c.geo->root_sync), system_scope);
  __syncthreads();
}
__device__ inline void memory_fence() { __threadfence(); }

// SYCL's dimension d is CUDA's axis D-1-d: the last dimension is x. The ranges come from CUDA's
// built-in registers, not from memory.
template <int D>
__device__ std::size_t axis(const dim3& v, int d) {
  const int k = D - 1 - d;
  return k == 0 ? v.x : k == 1 ? v.y : v.z;
}
template <int D>
__device__ std::size_t group_range(const glue::item_context<D>&, int d) {
  return axis<D>(gridDim, d);
}
template <int D>
__device__ std::size_t local_range(const glue::item_context<D>&, int d) {
  return axis<D>(blockDim, d);
}

// Local memory is the kernel's dynamic shared memory, the same for every copy of the kernel. Its
// alignment is known at compile time, so that neighbouring elements read together become one
// vector access, as for a __shared__ array.
template <typename T, std::size_t Alignment>
__device__ T* local_memory(T*, std::size_t offset) {
  return static_cast<T*>(__builtin_assume_aligned(tessera_dynamic_shared + offset, Alignment));
}
template <typename T>
__device__ T* bind_local(T* bound, std::size_t) {
  return bound;
}

// group_local_memory: a `__shared__` array of each call site's own (and T's: one site in a template
// serves several types), made at compile time like CUDA's own function-scope `__shared__`.
template <typename Site, typename T, int D>
__device__ T* group_local_memory(const glue::item_context<D>&, const group::call_site&) {
  alignas(alignof(T)) __shared__ unsigned char storage[sizeof(T)];
  return reinterpret_cast<T*>(storage);
}

// A GPU array reduction's element is shared by every work-item of the launch.
template <typename T, typename Op>
__device__ void combine(T* acc, const T& partial, const Op& op, bool shared) {
  if (shared) atomic_combine(acc, partial, op);
  else *acc = op(*acc, partial);
}

} // namespace tessera::cuda::ops
