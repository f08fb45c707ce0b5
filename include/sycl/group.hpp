#pragma once
#include "sycl/access.hpp"
#include "sycl/device_event.hpp"
#include "sycl/h_item.hpp"
#include "sycl/id.hpp"
#include "sycl/memory_enums.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/glue/work_item_scope.hpp"
#include "tessera/group/async_copy.hpp"
#include "tessera/memory/access_seam.hpp"

namespace sycl {

template <int D> class nd_item;

// SYCL 2020 §4.9.1.7. A work-group, seen from one of its work-items.
template <int D = 1>
class group {
public:
  using id_type = id<D>;
  using range_type = range<D>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = D;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  TESSERA_HOST_DEVICE id<D> get_group_id() const { return c_.group; }
  TESSERA_HOST_DEVICE std::size_t get_group_id(int d) const { return c_.group[d]; }
  TESSERA_HOST_DEVICE id<D> get_local_id() const { return c_.local; }
  TESSERA_HOST_DEVICE std::size_t get_local_id(int d) const { return c_.local[d]; }
  TESSERA_HOST_DEVICE range<D> get_local_range() const { return local_; }
  TESSERA_HOST_DEVICE std::size_t get_local_range(int d) const { return local_[d]; }
  TESSERA_HOST_DEVICE range<D> get_group_range() const { return groups_; }
  TESSERA_HOST_DEVICE std::size_t get_group_range(int d) const { return groups_[d]; }
  TESSERA_HOST_DEVICE range<D> get_max_local_range() const { return local_; }
  TESSERA_HOST_DEVICE std::size_t operator[](int d) const { return c_.group[d]; }
  TESSERA_HOST_DEVICE std::size_t get_group_linear_id() const { return tessera::detail::linearize(c_.group, groups_); }
  TESSERA_HOST_DEVICE std::size_t get_local_linear_id() const { return c_.local_linear; }
  TESSERA_HOST_DEVICE std::size_t get_group_linear_range() const { return groups_.size(); }
  TESSERA_HOST_DEVICE std::size_t get_local_linear_range() const { return local_.size(); }
  TESSERA_HOST_DEVICE bool leader() const { return c_.local_linear == 0; }

  // Deprecated SYCL 1.2.1 spellings the seeds still use.
  TESSERA_HOST_DEVICE range<D> get_global_range() const { return global_; }
  TESSERA_HOST_DEVICE std::size_t get_global_range(int d) const { return global_[d]; }
  TESSERA_HOST_DEVICE std::size_t get_linear_id() const { return get_group_linear_id(); }
  TESSERA_HOST_DEVICE id<D> get_id() const { return get_group_id(); }
  TESSERA_HOST_DEVICE std::size_t get_id(int d) const { return get_group_id(d); }

  // Hierarchical kernels only (§4.10.7.2). Logical id l belongs to physical item l mod the local
  // range, the spec's strided mapping; the logical ids run in increasing order, so each physical
  // item meets its own ids in order and its private_memory sees them so.
  // Inlined into the work-group's code in check mode, at -O0 too: the CBS plugin finds the
  // variables of work-group scope that the lambda captures where it calls run_work_item.
  template <typename F>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE void parallel_for_work_item(const F& f) const {
    const bool threads = tessera_work_item_scope(c_.geo->item_threads);
    // The logical range is the physical one: a thread of its own runs exactly its own item.
    if (threads) return visit(c_.local, get_local_range(), f, true);
    for_each_work_item(false, get_local_range(), f);
  }
  template <typename F>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE void parallel_for_work_item(range<D> logical, const F& f) const {
    for_each_work_item(tessera_work_item_scope(c_.geo->item_threads), logical, f);
  }

  // Called at work-group scope of a hierarchical kernel, where one call stands for the group, it
  // copies everything, and the copy is complete when it returns (device_event.hpp). A group of an
  // nd_range kernel, whose work-items each call it, gets the same: each item copies it all (the
  // same values), which needs no barrier. Pointers as nd_item's.
  template <typename T, access::decorated DD, typename U, access::decorated SD, tessera::group::if_copyable<T, U> = 0>
  TESSERA_HOST_DEVICE device_event async_work_group_copy(tessera::group::local_ptr<T, DD> dest,
                                                         tessera::group::global_ptr<U, SD> src, std::size_t n,
                                                         std::size_t src_stride = 1) const {
    tessera::group::copy_share(dest.get(), 1, src.get(), src_stride, n, 0, 1);
    return {};
  }
  template <typename T, access::decorated DD, typename U, access::decorated SD, tessera::group::if_copyable<T, U> = 0>
  TESSERA_HOST_DEVICE device_event async_work_group_copy(tessera::group::global_ptr<T, DD> dest,
                                                         tessera::group::local_ptr<U, SD> src, std::size_t n,
                                                         std::size_t dest_stride = 1) const {
    tessera::group::copy_share(dest.get(), dest_stride, src.get(), 1, n, 0, 1);
    return {};
  }
  template <typename... Events>
  TESSERA_HOST_DEVICE void wait_for(Events... events) const {
    (events.wait(), ...);
  }

  TESSERA_HOST_DEVICE friend bool operator==(const group& a, const group& b) { return a.c_.group == b.c_.group; }
  TESSERA_HOST_DEVICE friend bool operator!=(const group& a, const group& b) { return !(a == b); }

  TESSERA_HOST_DEVICE const tessera::glue::item_context<D>& context() const { return c_; }
  TESSERA_HOST_DEVICE explicit group(const tessera::glue::item_context<D>& c)
      : c_(c), local_(c.geo->local), groups_(c.geo->groups), global_(c.geo->global) {}

private:
  // Where each physical item has a thread (item_threads), this thread runs its own physical id's
  // logical ids, from its id in steps of the physical range; otherwise this thread is the whole
  // group and runs every logical id.
  template <typename F>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE void for_each_work_item(bool threads, const range<D>& logical,
                                                                    const F& f) const {
    const range<D>& physical = c_.geo->local;
    id<D> first, step;
    for (int d = 0; d < D; ++d) first[d] = threads ? c_.local[d] : 0, step[d] = threads ? physical[d] : 1;
    if constexpr (D == 1) {
      for (std::size_t i = first[0]; i < logical[0]; i += step[0]) visit(id<1>(i), logical, f, threads);
    } else if constexpr (D == 2) {
      for (std::size_t i = first[0]; i < logical[0]; i += step[0])
        for (std::size_t j = first[1]; j < logical[1]; j += step[1]) visit(id<2>(i, j), logical, f, threads);
    } else {
      for (std::size_t i = first[0]; i < logical[0]; i += step[0])
        for (std::size_t j = first[1]; j < logical[1]; j += step[1])
          for (std::size_t k = first[2]; k < logical[2]; k += step[2]) visit(id<3>(i, j, k), logical, f, threads);
    }
#if TESSERA_CHECKED_ACCESS
    tessera::check::end_work_item_loop(); // the implicit barrier
#endif
  }
  // Logical item l; its physical item is l mod the physical range, which a thread of its own
  // already knows: no division.
  template <typename F>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE void visit(const id<D>& l, const range<D>& logical, const F& f,
                                                       bool threads) const {
    const range<D>& physical = c_.geo->local;
    id<D> p, g;
    for (int d = 0; d < D; ++d)
      p[d] = threads ? c_.local[d] : l[d] % physical[d], g[d] = c_.group[d] * physical[d] + p[d];
    h_item<D> it(item<D, false>(g, c_.geo->global), item<D, false>(l, logical), item<D, false>(p, physical));
#if TESSERA_CHECKED_ACCESS
    // Check mode knows each item by the physical item that runs it.
    tessera::check::enter_work_item(static_cast<std::uint32_t>(tessera::detail::linearize(p, physical)));
    try {
      tessera::check::run_work_item(f, it);
    } catch (...) {
      tessera::check::leave_work_item();
      throw;
    }
    tessera::check::leave_work_item();
#else
    f(it); // an lvalue: the kernel may take `auto&`
#endif
  }

  tessera::glue::item_context<D> c_;
  // The shape, by value: a group stored by a kernel (in a buffer) and queried on the host after it
  // (as the SYCL-CTS does) must not reach the launch's geometry, gone by then, or a GPU's.
  range<D> local_, groups_, global_;
};

} // namespace sycl
