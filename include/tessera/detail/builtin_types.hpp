#pragma once
// The scalar type families of the SYCL built-in functions (SYCL 2020 §4.17.1).
#include <type_traits>

#include "sycl/half.hpp"

namespace tessera::detail {

template <typename T>
inline constexpr bool is_genfloat_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, sycl::half>;

template <typename T>
inline constexpr bool is_geninteger_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T>
inline constexpr bool is_genscalar_v = is_genfloat_v<T> || is_geninteger_v<T>;

}  // namespace tessera::detail
