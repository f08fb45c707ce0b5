#pragma once
#include "sycl/device_event.hpp"
#include "sycl/ext/oneapi/root_group.hpp"
#include "sycl/group.hpp"
#include "sycl/item.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/sub_group.hpp"
#include "tessera/group/async_copy.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.5: a work-item of an nd_range kernel.
template <int D = 1>
class nd_item {
public:
  static constexpr int dimensions = D;

  TESSERA_HOST_DEVICE id<D> get_global_id() const {
    id<D> g;
    for (int d = 0; d < D; ++d) g[d] = get_global_id(d);
    return g;
  }
  TESSERA_HOST_DEVICE std::size_t get_global_id(int d) const {
    return c_.group[d] * get_local_range(d) + c_.local[d] + c_.geo->offset[d];
  }
  TESSERA_HOST_DEVICE std::size_t get_global_linear_id() const {
    return tessera::detail::linearize(id<D>(get_global_id() - c_.geo->offset), c_.geo->global);
  }
  TESSERA_HOST_DEVICE id<D> get_local_id() const { return c_.local; }
  TESSERA_HOST_DEVICE std::size_t get_local_id(int d) const { return c_.local[d]; }
  TESSERA_HOST_DEVICE std::size_t get_local_linear_id() const { return c_.local_linear; }
  TESSERA_HOST_DEVICE sycl::group<D> get_group() const { return sycl::group<D>(c_); }
  TESSERA_HOST_DEVICE sycl::sub_group get_sub_group() const { return sycl::sub_group(c_); }
  // sycl_ext_oneapi_root_group: every work-item of the launch; its barrier needs use_root_sync.
  TESSERA_HOST_DEVICE ext::oneapi::experimental::root_group<D> ext_oneapi_get_root_group() const {
    return ext::oneapi::experimental::root_group<D>(c_);
  }
  TESSERA_HOST_DEVICE std::size_t get_group(int d) const { return c_.group[d]; }
  TESSERA_HOST_DEVICE std::size_t get_group_linear_id() const { return tessera::detail::linearize(c_.group, c_.geo->groups); }
  TESSERA_HOST_DEVICE range<D> get_group_range() const { return c_.geo->groups; }
  TESSERA_HOST_DEVICE std::size_t get_group_range(int d) const { return tessera::glue::ops::group_range(c_, d); }
  TESSERA_HOST_DEVICE range<D> get_global_range() const { return c_.geo->global; }
  TESSERA_HOST_DEVICE std::size_t get_global_range(int d) const { return get_group_range(d) * get_local_range(d); }
  TESSERA_HOST_DEVICE range<D> get_local_range() const { return c_.geo->local; }
  // The backend may know the ranges without reading them from memory (a GPU's registers).
  TESSERA_HOST_DEVICE std::size_t get_local_range(int d) const { return tessera::glue::ops::local_range(c_, d); }
  TESSERA_HOST_DEVICE id<D> get_offset() const { return c_.geo->offset; }
  TESSERA_HOST_DEVICE nd_range<D> get_nd_range() const { return nd_range<D>(c_.geo->global, c_.geo->local, c_.geo->offset); }

  // Every barrier fences global and local memory alike: no backend orders less for less.
  TESSERA_HOST_DEVICE void barrier(access::fence_space = access::fence_space::global_and_local,
               tessera::group::call_site site = tessera::group::call_site::here()) const {
    tessera::glue::ops::work_group_barrier(c_, site);
  }
  TESSERA_HOST_DEVICE void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
    tessera::glue::ops::memory_fence();
  }

  // Every work-item of the group calls these with the same arguments (a group function): each
  // copies its share, then the group meets at a barrier, so the copy is complete and visible when
  // the call returns and device_event::wait and wait_for have nothing left to do (device_event.hpp).
  // Local and global pointers of any decoration: the legacy local_ptr/global_ptr, the decorated
  // ones, and raw multi_ptrs (DPC++ takes the first two).
  template <typename T, access::decorated DD, typename U, access::decorated SD, tessera::group::if_copyable<T, U> = 0>
  TESSERA_HOST_DEVICE device_event async_work_group_copy(tessera::group::local_ptr<T, DD> dest,
                                                         tessera::group::global_ptr<U, SD> src, std::size_t n,
                                                         std::size_t src_stride = 1,
                                                         tessera::group::call_site site = tessera::group::call_site::here()) const {
    return group_copy(dest.get(), 1, src.get(), src_stride, n, site);
  }
  template <typename T, access::decorated DD, typename U, access::decorated SD, tessera::group::if_copyable<T, U> = 0>
  TESSERA_HOST_DEVICE device_event async_work_group_copy(tessera::group::global_ptr<T, DD> dest,
                                                         tessera::group::local_ptr<U, SD> src, std::size_t n,
                                                         std::size_t dest_stride = 1,
                                                         tessera::group::call_site site = tessera::group::call_site::here()) const {
    return group_copy(dest.get(), dest_stride, src.get(), 1, n, site);
  }
  template <typename... Events>
  TESSERA_HOST_DEVICE void wait_for(Events... events) const {
    (events.wait(), ...);
  }

  // Common by-value semantics (SYCL 2020 §4.5.3): the same work-item of the same nd_range.
  TESSERA_HOST_DEVICE friend bool operator==(const nd_item& a, const nd_item& b) {
    return a.c_.group == b.c_.group && a.c_.local == b.c_.local && a.get_nd_range() == b.get_nd_range();
  }
  TESSERA_HOST_DEVICE friend bool operator!=(const nd_item& a, const nd_item& b) { return !(a == b); }

  TESSERA_HOST_DEVICE const tessera::glue::item_context<D>& context() const { return c_; }
  TESSERA_HOST_DEVICE explicit nd_item(const tessera::glue::item_context<D>& c) : c_(c) {}

private:
  template <typename T, typename U>
  TESSERA_HOST_DEVICE device_event group_copy(T* dest, std::size_t dest_stride, const U* src, std::size_t src_stride,
                                              std::size_t n, tessera::group::call_site site) const {
    tessera::group::copy_share(dest, dest_stride, src, src_stride, n, c_.local_linear, get_local_range().size());
    tessera::glue::ops::work_group_barrier(c_, site);
    return {};
  }

  tessera::glue::item_context<D> c_;
};

template <int D>
TESSERA_HOST_DEVICE void group_barrier(const group<D>& g, memory_scope = memory_scope::work_group,
                                       tessera::group::call_site site = tessera::group::call_site::here()) {
  tessera::glue::ops::work_group_barrier(g.context(), site);
}

} // namespace sycl
