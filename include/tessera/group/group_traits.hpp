#pragma once
#include <cstdint>

#include "sycl/group.hpp"
#include "sycl/sub_group.hpp"

namespace tessera::group {

// How the collectives reach the rendezvous from either kind of group.
template <typename G> struct traits;

template <int D> struct traits<sycl::group<D>> {
  static constexpr scope where = scope::work_group;
  static cpu::group_exec& exec(const sycl::group<D>& g) { return *g.context().exec; }
  static std::uint32_t member(const sycl::group<D>& g) { return g.context().local_linear; }
  static std::uint32_t size(const sycl::group<D>& g) { return static_cast<std::uint32_t>(g.get_local_linear_range()); }
  TESSERA_HOST_DEVICE static std::uint32_t linear(const sycl::group<D>& g, const sycl::id<D>& local) {
    return static_cast<std::uint32_t>(detail::linearize(local, g.get_local_range()));
  }
};

template <> struct traits<sycl::sub_group> {
  static constexpr scope where = scope::sub_group;
  static cpu::group_exec& exec(const sycl::sub_group& g) { return *g.exec(); }
  static std::uint32_t member(const sycl::sub_group& g) { return g.member(); }
  static std::uint32_t size(const sycl::sub_group& g) { return g.get_local_linear_range(); }
  TESSERA_HOST_DEVICE static std::uint32_t linear(const sycl::sub_group&, const sycl::id<1>& local) {
    return static_cast<std::uint32_t>(local[0]);
  }
};

// One collective: hand `in` to the rendezvous, get this item's result back.
template <typename R, typename G, typename In>
R meet(const G& g, collective_op op, const call_site& site, std::uint64_t param, cpu::complete_fn fn, const In& in) {
  R out{};
  cpu::rendezvous(traits<G>::exec(g), traits<G>::where, traits<G>::member(g), cpu::collective_call{op, site, param, fn},
                  &in, &out);
  return out;
}

} // namespace tessera::group
