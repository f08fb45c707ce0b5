#pragma once
// The common built-ins (SYCL 2020 §4.17.7) and the max/min/clamp they share with the integer
// built-ins (§4.17.6): scalar forms for every arithmetic type the spec lists, element-wise forms
// from TESSERA_ELEMENTWISE.
#include <cmath>
#include <type_traits>

#include "sycl/builtins/math.hpp"
#include "tessera/detail/builtin_types.hpp"
#include "tessera/detail/convert.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/math_impl.hpp"
#include "tessera/detail/nonscalar.hpp"

// As TESSERA_GENFLOAT_TEMPLATE (math.hpp).
#define TESSERA_GENSCALAR_TEMPLATE                                     \
  template <typename T, typename... Same,                              \
            std::enable_if_t<::tessera::detail::is_genscalar_v<T> &&   \
                                 (std::is_same_v<T, Same> && ...),     \
                             int> = 0>

namespace sycl {

// Floating max/min follow fmax/fmin (defined for NaN, where the spec leaves them undefined).
TESSERA_GENSCALAR_TEMPLATE
TESSERA_HOST_DEVICE T max(T x, T y) {
  if constexpr (::tessera::detail::is_genfloat_v<T>) {
    return ::sycl::fmax(x, y);
  } else {
    return x < y ? y : x;
  }
}
TESSERA_ELEMENTWISE(::sycl, max)

TESSERA_GENSCALAR_TEMPLATE
TESSERA_HOST_DEVICE T min(T x, T y) {
  if constexpr (::tessera::detail::is_genfloat_v<T>) {
    return ::sycl::fmin(x, y);
  } else {
    return y < x ? y : x;
  }
}
TESSERA_ELEMENTWISE(::sycl, min)

TESSERA_GENSCALAR_TEMPLATE
TESSERA_HOST_DEVICE T clamp(T x, T lo, T hi) { return ::sycl::min(::sycl::max(x, lo), hi); }
TESSERA_ELEMENTWISE(::sycl, clamp)

TESSERA_MATH_UNARY(degrees, x * (C(180) / ::tessera::detail::pi_v<C>))
TESSERA_MATH_UNARY(radians, x * (::tessera::detail::pi_v<C> / C(180)))
// sign: 1 or -1 by sign, a zero keeps its sign, NaN gives 0.
TESSERA_MATH_UNARY(sign, x > C(0) ? C(1) : x < C(0) ? C(-1) : x == C(0) ? x : C(0))
TESSERA_MATH_BINARY(step, y < x ? C(0) : C(1))

TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE T mix(T x, T y, T a) {
  using C = ::tessera::detail::compute_t<T>;
  return T(C(x) + (C(y) - C(x)) * C(a));
}
TESSERA_ELEMENTWISE(::sycl, mix)

// Each step in T, a half's rounded to half as it goes, as DPC++ computes it (and the SYCL-CTS's
// reference, to 1e-5, where a half's step is 6e-5 near 0.1): once-rounded float differs.
TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE T smoothstep(T edge0, T edge1, T x) {
  const T t = ::sycl::clamp(T((x - edge0) / (edge1 - edge0)), T(0), T(1));
  return T(t * t * (T(3) - T(2) * t));
}
TESSERA_ELEMENTWISE(::sycl, smoothstep)

}  // namespace sycl
