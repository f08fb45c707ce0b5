#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

// SYCL 2020 §3.13.1: programs may declare their own types device copyable by specialising
// is_device_copyable; this macro says that they may.
#define SYCL_DEVICE_COPYABLE 1

namespace sycl {

template <typename T, std::size_t N> class marray;

template <typename T> struct is_device_copyable;

namespace detail {
// A cv-qualified type is device copyable as its unqualified type is, so a program's
// specialisation for T covers const T too; otherwise trivially copyable types are.
template <typename T, bool Qualified = !std::is_same_v<T, std::remove_cv_t<T>>>
struct device_copyable_by_default : is_device_copyable<std::remove_cv_t<T>> {};
template <typename T>
struct device_copyable_by_default<T, false> : std::is_trivially_copyable<T> {};
} // namespace detail

template <typename T> struct is_device_copyable : detail::device_copyable_by_default<T> {};
template <typename T> inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

// The standard's wrappers are device copyable when what they hold is, though they need not be
// trivially copyable (std::pair and std::tuple have their own assignments).
template <typename T> struct is_device_copyable<std::array<T, 0>> : std::true_type {};
template <typename T, std::size_t N> struct is_device_copyable<std::array<T, N>> : is_device_copyable<T> {};
template <typename T> struct is_device_copyable<std::optional<T>> : is_device_copyable<T> {};
template <typename T1, typename T2>
struct is_device_copyable<std::pair<T1, T2>> : std::bool_constant<is_device_copyable_v<T1> && is_device_copyable_v<T2>> {};
template <typename... Ts>
struct is_device_copyable<std::tuple<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename... Ts>
struct is_device_copyable<std::variant<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename T, std::size_t N> struct is_device_copyable<marray<T, N>> : is_device_copyable<T> {};
template <typename T, std::size_t N> struct is_device_copyable<T[N]> : is_device_copyable<T> {};

} // namespace sycl
