#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>

#include "sycl/exception.hpp"
#include "sycl/ext/oneapi/kernel_properties.hpp"
#include "sycl/group_algorithms.hpp"
#include "sycl/span.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/glue/group_ops.hpp"

// The DPC++ group load/store extension (sycl_ext_oneapi_group_load_store), without the sycl::vec
// forms. Each call is one collective: on the CPU the last member to arrive moves every member's
// elements, so members that disagree on the placement, the element count, the types or the pointer
// are reported.
// Blocked placement is the default (tessera/group/load_store_layout.hpp says where each member's
// elements are). contiguous_memory and full_group are accepted hints.
//
// On the GPU (a CUDA device pass) each member moves its own elements, between two group barriers
// (__syncwarp for a sub-group, __syncthreads for a work-group). That is what DPC++ does on every
// device without a sub-group block read/write (its "naive" path, and always for work-groups):
// group_barrier(g); move this item's elements; group_barrier(g). The first barrier orders the group's
// earlier writes (to local memory, say) before the loads; the second makes the stores visible to the
// whole group when the call returns, and keeps later writes by other members from overtaking the
// loads. The CPU rendezvous gives the same ordering. The misuse reports are the CPU backend's only:
// on the GPU members that disagree, or a member that skips the call, are undefined behaviour, as
// in DPC++.
namespace sycl::ext::oneapi::experimental {

enum class group_algorithm_data_placement : std::uint8_t { blocked, striped };

struct data_placement_key {
  template <group_algorithm_data_placement P> struct value_t {
    static constexpr group_algorithm_data_placement value = P;
  };
};
struct contiguous_memory_key {
  struct value_t {};
};
struct full_group_key {
  struct value_t {};
};

inline constexpr data_placement_key::value_t<group_algorithm_data_placement::blocked> data_placement_blocked{};
inline constexpr data_placement_key::value_t<group_algorithm_data_placement::striped> data_placement_striped{};
inline constexpr contiguous_memory_key::value_t contiguous_memory{};
inline constexpr full_group_key::value_t full_group{};

namespace detail {

template <typename P> struct is_load_store_property : std::false_type {};
template <group_algorithm_data_placement D>
struct is_load_store_property<data_placement_key::value_t<D>> : std::true_type {};
template <> struct is_load_store_property<contiguous_memory_key::value_t> : std::true_type {};
template <> struct is_load_store_property<full_group_key::value_t> : std::true_type {};

template <typename P> struct is_striped : std::false_type {};
template <> struct is_striped<data_placement_key::value_t<group_algorithm_data_placement::striped>> : std::true_type {};
template <typename P> struct is_blocked : std::false_type {};
template <> struct is_blocked<data_placement_key::value_t<group_algorithm_data_placement::blocked>> : std::true_type {};

template <typename... Ps> constexpr bool striped(const properties<Ps...>*) {
  static_assert((is_load_store_property<Ps>::value && ...),
                "group_load/group_store take only data_placement_blocked, data_placement_striped, "
                "contiguous_memory and full_group");
  static_assert(!((is_striped<Ps>::value || ...) && (is_blocked<Ps>::value || ...)),
                "a data placement is either blocked or striped");
  return (is_striped<Ps>::value || ...);
}

template <typename T> struct is_span : std::false_type {};
template <typename T, std::size_t N> struct is_span<span<T, N>> : std::true_type {};

using site_t = tessera::group::call_site;

template <typename G, typename It, typename T>
TESSERA_HOST_DEVICE void load(const G& g, It in_ptr, T* out, std::size_t count, bool striped, const site_t& s) {
  tessera::glue::ops::group_load(g, in_ptr, out, count, striped, s);
}
template <typename G, typename It, typename T>
TESSERA_HOST_DEVICE void store(const G& g, const T* in, It out_ptr, std::size_t count, bool striped, const site_t& s) {
  tessera::glue::ops::group_store(g, in, out_ptr, count, striped, s);
}

template <typename G> using if_group = std::enable_if_t<is_group_v<std::decay_t<G>>, int>;
template <typename T> using if_scalar = std::enable_if_t<!is_span<std::remove_cv_t<T>>::value, int>;

} // namespace detail

// The forms without properties stand in for a defaulted `properties props = {}`: properties<> is
// not instantiable in kernel_properties.hpp (its two default constructors collide).
template <typename G, typename InputIt, typename T, detail::if_group<G> = 0, detail::if_scalar<T> = 0, typename... Ps>
TESSERA_HOST_DEVICE void group_load(G g, InputIt in_ptr, T& out, properties<Ps...> props,
                                    detail::site_t s = detail::site_t::here()) {
  detail::load(g, in_ptr, &out, 1, detail::striped(&props), s);
}
template <typename G, typename InputIt, typename T, detail::if_group<G> = 0, detail::if_scalar<T> = 0>
TESSERA_HOST_DEVICE void group_load(G g, InputIt in_ptr, T& out, detail::site_t s = detail::site_t::here()) {
  detail::load(g, in_ptr, &out, 1, false, s);
}
template <typename G, typename InputIt, typename T, std::size_t N, detail::if_group<G> = 0, typename... Ps>
TESSERA_HOST_DEVICE void group_load(G g, InputIt in_ptr, span<T, N> out, properties<Ps...> props,
                                    detail::site_t s = detail::site_t::here()) {
  static_assert(!std::is_const_v<T>, "group_load writes into its span");
  detail::load(g, in_ptr, out.data(), out.size(), detail::striped(&props), s);
}
template <typename G, typename InputIt, typename T, std::size_t N, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE void group_load(G g, InputIt in_ptr, span<T, N> out, detail::site_t s = detail::site_t::here()) {
  static_assert(!std::is_const_v<T>, "group_load writes into its span");
  detail::load(g, in_ptr, out.data(), out.size(), false, s);
}

template <typename G, typename T, typename OutputIt, detail::if_group<G> = 0, detail::if_scalar<T> = 0,
          typename... Ps>
TESSERA_HOST_DEVICE void group_store(G g, const T& in, OutputIt out_ptr, properties<Ps...> props,
                                     detail::site_t s = detail::site_t::here()) {
  detail::store(g, &in, out_ptr, 1, detail::striped(&props), s);
}
template <typename G, typename T, typename OutputIt, detail::if_group<G> = 0, detail::if_scalar<T> = 0>
TESSERA_HOST_DEVICE void group_store(G g, const T& in, OutputIt out_ptr, detail::site_t s = detail::site_t::here()) {
  detail::store(g, &in, out_ptr, 1, false, s);
}
template <typename G, typename T, std::size_t N, typename OutputIt, detail::if_group<G> = 0, typename... Ps>
TESSERA_HOST_DEVICE void group_store(G g, span<T, N> in, OutputIt out_ptr, properties<Ps...> props,
                                     detail::site_t s = detail::site_t::here()) {
  detail::store(g, static_cast<const std::remove_cv_t<T>*>(in.data()), out_ptr, in.size(), detail::striped(&props), s);
}
template <typename G, typename T, std::size_t N, typename OutputIt, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE void group_store(G g, span<T, N> in, OutputIt out_ptr, detail::site_t s = detail::site_t::here()) {
  detail::store(g, static_cast<const std::remove_cv_t<T>*>(in.data()), out_ptr, in.size(), false, s);
}

} // namespace sycl::ext::oneapi::experimental
