#pragma once
#include <string>
#include <type_traits>
#include <utility>

#include "sycl/exception.hpp"
#include "tessera/backend/cuda/launch.hpp"
#include "tessera/backend/cuda/reduction_launch.hpp"
#include "tessera/backend/cuda/root_launch.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/glue/commands.hpp"

// The CUDA backend's entry points: for each kind of command (tessera/glue/commands.hpp), what
// enqueues it on a CUDA stream, and whether this backend takes it at all.
namespace tessera::cuda {

template <typename Command> struct takes : std::true_type {};
template <int D, typename K, typename Vars>
struct takes<glue::range_reduction<D, K, Vars>> : gpu_reducible<Vars> {};
template <int D, typename K, typename Vars>
struct takes<glue::nd_range_reduction<D, K, Vars>> : gpu_reducible<Vars> {};

template <typename K>
auto enqueue(glue::single_task<K> c) {
  return [k = std::move(c.kernel)](stream s) { launch_single(s, k); };
}

template <int D, bool WithOffset, typename K>
auto enqueue(glue::range_kernel<D, WithOffset, K> c) {
  return [c = std::move(c)](stream s) { launch_range<D, WithOffset>(s, c.range, c.offset, c.kernel); };
}

inline void check_sub_group(std::uint32_t requested) {
  if (requested && requested != 32)
    throw sycl::exception(sycl::errc::kernel_not_supported, "sub_group_size<" + std::to_string(requested) +
                                                                ">: the GPU's only sub-group size is 32 (a warp)");
}

template <int D, typename K>
auto enqueue(glue::nd_range_kernel<D, K> c) {
  check_sub_group(c.requested_sub_group);
  return [c = std::move(c)](stream s) { launch_nd(s, c.geometry, c.local_bytes, c.kernel, c.name); };
}

template <typename Name, int D, typename K>
auto enqueue(glue::root_sync_kernel<Name, D, K> c) {
  check_sub_group(c.nd.requested_sub_group);
  return [c = std::move(c)](stream s) { launch_root_sync<Name>(s, c.nd.geometry, c.nd.local_bytes, c.nd.kernel); };
}

template <int D, typename K, typename Vars>
auto enqueue(glue::range_reduction<D, K, Vars> c) {
  return [c = std::move(c)](stream s) { launch_range_reduce<D, false>(s, c.range, sycl::id<D>{}, c.kernel, c.vars); };
}

template <int D, typename K, typename Vars>
auto enqueue(glue::nd_range_reduction<D, K, Vars> c) {
  c.geometry.sub_group_size = 32;
  return [c = std::move(c)](stream s) { launch_nd_reduce(s, c.geometry, c.local_bytes, c.kernel, c.vars); };
}

template <int D, typename K>
auto enqueue(glue::hierarchical_kernel<D, K> c) {
  return [c = std::move(c)](stream s) { launch_hierarchical(s, c.geometry, c.local_bytes, c.kernel); };
}

} // namespace tessera::cuda
