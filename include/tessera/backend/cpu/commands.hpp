#pragma once
#include <memory>
#include <utility>

#include "tessera/backend/cpu/hierarchical_launch.hpp"
#include "tessera/backend/cpu/nd_launch.hpp"
#include "tessera/backend/cpu/range_launch.hpp"
#include "tessera/backend/cpu/reduction_launch.hpp"
#include "tessera/backend/cpu/root_launch.hpp"
#include "tessera/glue/commands.hpp"
#include "tessera/runtime/command_group.hpp"

// The CPU backend's entry points: for each kind of command (tessera/glue/commands.hpp), the action
// that runs it on the worker pool and calls its completion once, with the first error.
namespace tessera::cpu {

template <typename K>
runtime::action action(glue::single_task<K> c) {
  return [k = std::move(c.kernel), name = c.name](runtime::completion done) { launch_single(k, std::move(done), name); };
}

template <int D, bool WithOffset, typename K>
runtime::action action(glue::range_kernel<D, WithOffset, K> c) {
  return [c = std::move(c)](runtime::completion done) {
    launch_range<D, WithOffset>(c.range, c.offset, c.kernel, std::move(done), c.name);
  };
}

template <int D, typename K>
runtime::action action(glue::nd_range_kernel<D, K> c) {
  auto launch = std::make_shared<nd_launch<D, glue::nd_item_kernel<D, K>>>(c.geometry, c.kernel);
  launch->local_bytes = c.local_bytes;
  launch->kernel_name = c.name;
  return [launch](runtime::completion done) { execute(launch, std::move(done)); };
}

template <typename Name, int D, typename K>
runtime::action action(glue::root_sync_kernel<Name, D, K> c) {
  auto launch = std::make_shared<nd_launch<D, glue::nd_item_kernel<D, K>>>(c.nd.geometry, c.nd.kernel);
  launch->local_bytes = c.nd.local_bytes;
  launch->kernel_name = c.nd.name;
  return [launch](runtime::completion done) { execute_root_sync(launch, std::move(done)); };
}

template <int D, typename K, typename Vars>
runtime::action action(glue::range_reduction<D, K, Vars> c) {
  return [c = std::move(c)](runtime::completion done) {
    launch_range_reduce<D, false>(c.range, sycl::id<D>{}, c.kernel, c.vars, std::move(done));
  };
}

template <int D, typename K, typename Vars>
runtime::action action(glue::nd_range_reduction<D, K, Vars> c) {
  return [c = std::move(c)](runtime::completion done) {
    launch_nd_reduce(c.geometry, c.local_bytes, c.kernel, c.vars, std::move(done));
  };
}

template <int D, typename K>
runtime::action action(glue::hierarchical_kernel<D, K> c) {
  return [c = std::move(c)](runtime::completion done) {
    launch_hierarchical(c.geometry, c.local_bytes, c.kernel, std::move(done), c.name);
  };
}

} // namespace tessera::cpu
