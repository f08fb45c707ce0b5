#pragma once
// SYCL 2020 §4.17.2: the function objects that reductions and group algorithms combine with.
// Unlike their std counterparts, the typed forms all return T (logical_and<int> gives an int),
// and each <void> form deduces its types from the arguments like std::plus<void>.
#include <tessera/detail/macros.hpp>
#include <type_traits>
#include <utility>

namespace sycl {

template <typename T = void>
struct plus {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x + y; }
};

template <>
struct plus<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) + std::forward<U>(y)) {
    return std::forward<T>(x) + std::forward<U>(y);
  }
};

template <typename T = void>
struct multiplies {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x * y; }
};

template <>
struct multiplies<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) * std::forward<U>(y)) {
    return std::forward<T>(x) * std::forward<U>(y);
  }
};

template <typename T = void>
struct bit_and {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x & y; }
};

template <>
struct bit_and<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) & std::forward<U>(y)) {
    return std::forward<T>(x) & std::forward<U>(y);
  }
};

template <typename T = void>
struct bit_or {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x | y; }
};

template <>
struct bit_or<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) | std::forward<U>(y)) {
    return std::forward<T>(x) | std::forward<U>(y);
  }
};

template <typename T = void>
struct bit_xor {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x ^ y; }
};

template <>
struct bit_xor<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) ^ std::forward<U>(y)) {
    return std::forward<T>(x) ^ std::forward<U>(y);
  }
};

template <typename T = void>
struct logical_and {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x && y; }
};

template <>
struct logical_and<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) && std::forward<U>(y)) {
    return std::forward<T>(x) && std::forward<U>(y);
  }
};

template <typename T = void>
struct logical_or {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x || y; }
};

template <>
struct logical_or<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr auto operator()(T&& x, U&& y) const
      -> decltype(std::forward<T>(x) || std::forward<U>(y)) {
    return std::forward<T>(x) || std::forward<U>(y);
  }
};

// minimum and maximum return the first argument when the two are equivalent, as std::min and
// std::max do, so that a reduction does not depend on how equal elements are ordered.
template <typename T = void>
struct minimum {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return y < x ? y : x; }
};

// Both arguments are converted to their common type first, so that mixed signed and unsigned
// arguments are compared as the values they become rather than as the raw operands.
template <>
struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr std::common_type_t<T, U> operator()(T&& x, U&& y) const {
    return minimum<std::common_type_t<T, U>>{}(std::forward<T>(x), std::forward<U>(y));
  }
};

template <typename T = void>
struct maximum {
  TESSERA_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return x < y ? y : x; }
};

template <>
struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  TESSERA_HOST_DEVICE constexpr std::common_type_t<T, U> operator()(T&& x, U&& y) const {
    return maximum<std::common_type_t<T, U>>{}(std::forward<T>(x), std::forward<U>(y));
  }
};

} // namespace sycl
