#pragma once
#include <cstdint>

#include "sycl/group.hpp"
#include "sycl/sub_group.hpp"
#include "tessera/group/collective_op.hpp"

namespace tessera::group {

// What every backend's collectives ask of either kind of group.
template <typename G> struct traits;

template <int D> struct traits<sycl::group<D>> {
  static constexpr scope where = scope::work_group;
  static glue::group_state* exec(const sycl::group<D>& g) { return g.context().exec; }
  static std::uint32_t member(const sycl::group<D>& g) { return g.context().local_linear; }
  static std::uint32_t size(const sycl::group<D>& g) { return static_cast<std::uint32_t>(g.get_local_linear_range()); }
  TESSERA_HOST_DEVICE static std::uint32_t linear(const sycl::group<D>& g, const sycl::id<D>& local) {
    return static_cast<std::uint32_t>(detail::linearize(local, g.get_local_range()));
  }
};

template <> struct traits<sycl::sub_group> {
  static constexpr scope where = scope::sub_group;
  static glue::group_state* exec(const sycl::sub_group& g) { return g.exec(); }
  static std::uint32_t member(const sycl::sub_group& g) { return g.member(); }
  static std::uint32_t size(const sycl::sub_group& g) { return g.get_local_linear_range(); }
  TESSERA_HOST_DEVICE static std::uint32_t linear(const sycl::sub_group&, const sycl::id<1>& local) {
    return static_cast<std::uint32_t>(local[0]);
  }
};

} // namespace tessera::group
