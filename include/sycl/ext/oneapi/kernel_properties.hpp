#pragma once
#include <cstdint>
#include <type_traits>

// The DPC++ kernel-properties extension (sycl_ext_oneapi_kernel_properties), as far as
// Tessera uses it: a kernel may ask for its sub-group size, and for every work-group to be resident
// at once so that it can use the root-group barrier (sycl_ext_oneapi_root_group).
namespace sycl::ext::oneapi::experimental {

template <std::uint32_t N>
struct sub_group_size_key_value {
  static_assert(N == 4 || N == 8 || N == 16 || N == 32 || N == 64,
                "sub_group_size must be one of the device's sub_group_sizes: 4, 8, 16, 32, 64");
  static constexpr std::uint32_t value = N;
};
template <std::uint32_t N> inline constexpr sub_group_size_key_value<N> sub_group_size{};

// A kernel launched with this property may call group_barrier(root_group): the launch fails with
// errc::nd_range unless all its work-groups can run at once.
struct use_root_sync_key_value {};
inline constexpr use_root_sync_key_value use_root_sync{};

template <typename... Props>
struct properties {
  constexpr properties(Props...) {}
};
// No user-declared deduction guide: the constructor's implicit one deduces properties<Props...>
// just the same, and clang 19 in CUDA mode treats a user-declared guide as a __host__ function,
// which makes `properties{...}` in a kernel (group_load's placements, say) a device compile error.

template <typename T> struct is_property_list : std::false_type {};
template <typename... Ps> struct is_property_list<properties<Ps...>> : std::true_type {};
template <typename T> inline constexpr bool is_property_list_v = is_property_list<std::decay_t<T>>::value;

namespace detail {
template <typename P> struct sub_group_size_of : std::integral_constant<std::uint32_t, 0> {};
template <std::uint32_t N>
struct sub_group_size_of<sub_group_size_key_value<N>> : std::integral_constant<std::uint32_t, N> {};
} // namespace detail

// The sub-group size a property list asks for, or 0 for the device default.
template <typename... Ps>
constexpr std::uint32_t requested_sub_group_size(const properties<Ps...>&) {
  return (detail::sub_group_size_of<Ps>::value | ... | 0u);
}

// Whether a property list holds use_root_sync.
template <typename P> inline constexpr bool uses_root_sync_v = false;
template <typename... Ps>
inline constexpr bool uses_root_sync_v<properties<Ps...>> = (std::is_same_v<Ps, use_root_sync_key_value> || ...);

} // namespace sycl::ext::oneapi::experimental
