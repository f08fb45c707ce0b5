#pragma once
#include <cstddef>
#include <cstdint>

#include "sycl/group.hpp"
#include "sycl/memory_enums.hpp"
#include "sycl/sub_group.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/group/call_site.hpp"
#include "tessera/runtime/root_sync.hpp"

// DPC++'s sycl_ext_oneapi_root_group: the group of every work-item of an nd_range launch, and a
// barrier across all of them. A kernel that calls the barrier is launched with the property
// use_root_sync (sycl/ext/oneapi/kernel_properties.hpp), which asks for all of its work-groups to
// be resident at once; how many can be is a query on the kernel, for a queue.
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
//   auto groups = bundle.get_kernel<class Step>()
//                     .ext_oneapi_get_info<syclex::info::kernel_queue_specific::max_num_work_groups>(
//                         q, sycl::range<1>(256), 0);
//   q.parallel_for<class Step>(sycl::nd_range<1>(groups * 256, 256), syclex::properties{syclex::use_root_sync},
//                              [=](sycl::nd_item<1> it) {
//                                ...; sycl::group_barrier(it.ext_oneapi_get_root_group()); ...
//                              });
#define SYCL_EXT_ONEAPI_ROOT_GROUP 1

namespace sycl::ext::oneapi::experimental {

// The levels at which root_group's get_id/get_range count: work-items, sub-groups, work-groups.
enum class execution_scope { work_item, sub_group, work_group, root_group };

template <int D = 1>
class root_group {
public:
  using id_type = id<D>;
  using range_type = range<D>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = D;
  static constexpr memory_scope fence_scope = memory_scope::device;

  TESSERA_HOST_DEVICE id<D> get_group_id() const { return id<D>(); }
  TESSERA_HOST_DEVICE id<D> get_local_id() const {
    id<D> i;
    for (int d = 0; d < D; ++d) i[d] = c_.group[d] * c_.geo->local[d] + c_.local[d];
    return i;
  }
  TESSERA_HOST_DEVICE range<D> get_group_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d) r[d] = 1;
    return r;
  }
  TESSERA_HOST_DEVICE range<D> get_local_range() const { return c_.geo->global; }
  TESSERA_HOST_DEVICE range<D> get_max_local_range() const { return c_.geo->global; }
  TESSERA_HOST_DEVICE std::size_t get_group_linear_id() const { return 0; }
  TESSERA_HOST_DEVICE std::size_t get_local_linear_id() const {
    return tessera::detail::linearize(get_local_id(), c_.geo->global);
  }
  TESSERA_HOST_DEVICE std::size_t get_group_linear_range() const { return 1; }
  TESSERA_HOST_DEVICE std::size_t get_local_linear_range() const { return c_.geo->global.size(); }
  TESSERA_HOST_DEVICE bool leader() const { return get_local_linear_id() == 0; }

  // The calling unit's id among all of its kind in the launch, and their number. Sub-groups count
  // along the last dimension: each work-group's sub-groups follow its id there.
  template <execution_scope S>
  TESSERA_HOST_DEVICE id<D> get_id() const {
    if constexpr (S == execution_scope::work_item) return get_local_id();
    else if constexpr (S == execution_scope::work_group) return c_.group;
    else if constexpr (S == execution_scope::sub_group) {
      id<D> i = c_.group;
      i[D - 1] = i[D - 1] * sub_groups_per_group() + c_.local_linear / c_.geo->sub_group_size;
      return i;
    } else return id<D>();
  }
  template <execution_scope S>
  TESSERA_HOST_DEVICE range<D> get_range() const {
    if constexpr (S == execution_scope::work_item) return c_.geo->global;
    else if constexpr (S == execution_scope::work_group) return c_.geo->groups;
    else if constexpr (S == execution_scope::sub_group) {
      range<D> r = c_.geo->groups;
      r[D - 1] *= sub_groups_per_group();
      return r;
    } else return get_group_range();
  }
  template <execution_scope S>
  TESSERA_HOST_DEVICE std::size_t get_linear_id() const {
    return tessera::detail::linearize(get_id<S>(), get_range<S>());
  }
  template <execution_scope S>
  TESSERA_HOST_DEVICE std::size_t get_linear_range() const {
    return get_range<S>().size();
  }

  TESSERA_HOST_DEVICE const tessera::glue::item_context<D>& context() const { return c_; }
  TESSERA_HOST_DEVICE explicit root_group(const tessera::glue::item_context<D>& c) : c_(c) {}

private:
  TESSERA_HOST_DEVICE std::size_t sub_groups_per_group() const {
    return (c_.geo->local.size() + c_.geo->sub_group_size - 1) / c_.geo->sub_group_size;
  }

  tessera::glue::item_context<D> c_;
};

// The work-group of the calling work-item, as a child of the root group; and its sub-group, as a
// child of the work-group.
template <int D>
TESSERA_HOST_DEVICE sycl::group<D> get_child_group(const root_group<D>& g) {
  return sycl::group<D>(g.context());
}
template <int D>
TESSERA_HOST_DEVICE sycl::sub_group get_child_group(const sycl::group<D>& g) {
  return sycl::sub_group(g.context());
}

namespace info::kernel_queue_specific {
// The most work-groups a use_root_sync launch of the kernel may have on the queue's device, with
// work-groups of the device's largest size and no dynamic local memory. (DPC++ deprecated it for
// max_num_work_groups.)
struct max_num_work_group_sync {
  using return_type = std::size_t;
  static return_type get(const tessera::runtime::device_impl& d, const tessera::runtime::kernel_record* k) {
    return tessera::runtime::max_root_sync_groups(d, k, d.max_work_group_size, 0);
  }
};
// The same for work-groups of `local` and `dynamic_local_bytes` of local memory per work-group.
struct max_num_work_groups {
  using return_type = std::size_t;
  template <int D>
  static return_type get(const tessera::runtime::device_impl& d, const tessera::runtime::kernel_record* k,
                         const range<D>& local, std::size_t dynamic_local_bytes) {
    return tessera::runtime::max_root_sync_groups(d, k, local.size(), dynamic_local_bytes);
  }
};
} // namespace info::kernel_queue_specific

} // namespace sycl::ext::oneapi::experimental

namespace sycl {

// Every work-item of the launch waits here until all have arrived; memory written before is then
// visible to all of them (device scope; system scope also orders host-visible memory).
template <int D>
TESSERA_HOST_DEVICE void group_barrier(const ext::oneapi::experimental::root_group<D>& g,
                                       memory_scope scope = memory_scope::device,
                                       tessera::group::call_site site = tessera::group::call_site::here()) {
  tessera::glue::ops::root_barrier(g.context(), scope == memory_scope::system, site);
}

} // namespace sycl
