#pragma once
#include <cstdint>

#include "sycl/id.hpp"
#include "sycl/memory_enums.hpp"
#include "tessera/glue/device_ops.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.8. On the CPU a sub-group is a run of consecutive local linear ids of
// sub_group_size items (the last one may be shorter), like a warp.
class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  template <int D>
  TESSERA_HOST_DEVICE explicit sub_group(const tessera::glue::item_context<D>& c)
      : exec_(c.exec), lid_(c.local_linear), size_(c.geo->sub_group_size),
        group_size_(static_cast<std::uint32_t>(c.geo->local.size())), first_(lid_ / size_ * size_),
        full_(c.geo->full_sub_groups), one_(c.geo->one_sub_group) {}

  TESSERA_HOST_DEVICE id<1> get_group_id() const { return lid_ / size_; }
  TESSERA_HOST_DEVICE id<1> get_local_id() const { return lid_ % size_; }
  TESSERA_HOST_DEVICE range<1> get_local_range() const {
    if (full_) return size_;
    if (one_) return group_size_;
    return group_size_ - first_ < size_ ? group_size_ - first_ : size_;
  }
  TESSERA_HOST_DEVICE range<1> get_group_range() const { return (group_size_ + size_ - 1) / size_; }
  // The largest sub-group of the launch: smaller than the sub-group size in a small work-group.
  TESSERA_HOST_DEVICE range<1> get_max_local_range() const {
    return full_ || group_size_ >= size_ ? size_ : group_size_;
  }
  TESSERA_HOST_DEVICE std::uint32_t get_group_linear_id() const { return lid_ / size_; }
  TESSERA_HOST_DEVICE std::uint32_t get_local_linear_id() const { return lid_ % size_; }
  TESSERA_HOST_DEVICE std::uint32_t get_group_linear_range() const { return (group_size_ + size_ - 1) / size_; }
  TESSERA_HOST_DEVICE std::uint32_t get_local_linear_range() const { return static_cast<std::uint32_t>(get_local_range()[0]); }
  TESSERA_HOST_DEVICE bool leader() const { return get_local_linear_id() == 0; }

  // Common by-value semantics (SYCL 2020 §4.5.3). The spec does not say what makes two sub-groups
  // equal; DPC++ compares their ids within the work-group, and so does this.
  TESSERA_HOST_DEVICE friend bool operator==(const sub_group& a, const sub_group& b) {
    return a.get_group_linear_id() == b.get_group_linear_id();
  }
  TESSERA_HOST_DEVICE friend bool operator!=(const sub_group& a, const sub_group& b) { return !(a == b); }

  TESSERA_HOST_DEVICE void barrier(tessera::group::call_site site = tessera::group::call_site::here()) const {
    tessera::glue::ops::sub_group_barrier(exec_, lid_, active_mask(), site);
  }

  // Deprecated SYCL 1.2.1 / Intel spellings used by the seeds; they forward to the SYCL 2020
  // group algorithms, defined with them in group_algorithms.hpp.
  template <typename T> TESSERA_HOST_DEVICE T shuffle(T x, id<1> src, tessera::group::call_site s = tessera::group::call_site::here()) const;
  template <typename T> TESSERA_HOST_DEVICE T shuffle_down(T x, std::uint32_t d, tessera::group::call_site s = tessera::group::call_site::here()) const;
  template <typename T> TESSERA_HOST_DEVICE T shuffle_up(T x, std::uint32_t d, tessera::group::call_site s = tessera::group::call_site::here()) const;
  template <typename T> TESSERA_HOST_DEVICE T shuffle_xor(T x, id<1> mask, tessera::group::call_site s = tessera::group::call_site::here()) const;
  template <typename T> TESSERA_HOST_DEVICE T broadcast(T x, id<1> src, tessera::group::call_site s = tessera::group::call_site::here()) const;
  template <typename T> TESSERA_HOST_DEVICE T load(const T* src) const { return src[get_local_linear_id()]; }
  template <typename T> TESSERA_HOST_DEVICE void store(T* dst, const T& x) const { dst[get_local_linear_id()] = x; }

  TESSERA_HOST_DEVICE tessera::glue::group_state* exec() const { return exec_; }
  TESSERA_HOST_DEVICE std::uint32_t member() const { return lid_; }
  // The local linear id of this sub-group's first item, computed once with the sub-group (the CPU
  // backend's collectives pass it on: the CBS pass finds the other items of the sub-group from it).
  TESSERA_HOST_DEVICE std::uint32_t first_member() const { return first_; }
  // The lanes of this sub-group's warp that exist: the last one may be partial. In a work-group
  // of one partial warp (the seed's pack and unpack use 8 items) the mask comes from the launch's
  // shape alone, which ptxas sees is the same in every lane: each vote or shuffle is then the bare
  // instruction, without the check (REDUX.OR, BRA.DIV, WARPSYNC) that a mask computed from the
  // lane's id costs, 2.6x the time of a loop of votes on the H100 (docs/performance.md).
  TESSERA_HOST_DEVICE std::uint32_t active_mask() const {
    if (one_) return (1u << group_size_) - 1u;
    const std::uint32_t n = get_local_linear_range();
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
  }

private:
  tessera::glue::group_state* exec_;
  std::uint32_t lid_;
  std::uint32_t size_;
  std::uint32_t group_size_;
  std::uint32_t first_;
  // Known at compile time in a GPU kernel specialised for whole sub-groups: loops over the
  // sub-group then unroll and every warp operation takes the full mask, as in CUDA.
  bool full_;
  bool one_; // the work-group is this one sub-group, smaller than a warp (GPU only)
};

TESSERA_HOST_DEVICE inline void group_barrier(const sub_group& sg, memory_scope = memory_scope::sub_group,
                          tessera::group::call_site site = tessera::group::call_site::here()) {
  sg.barrier(site);
}

} // namespace sycl
