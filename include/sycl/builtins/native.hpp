#pragma once
// sycl::native (implementation-defined precision; on the GPU CUDA's fast intrinsics __expf,
// __sinf, __fdividef...) and sycl::half_precision (at least 8192-ulp accuracy: Tessera gives the
// full-precision result) math built-ins, SYCL 2020 §4.17.5, for float and its non-scalars.
#include <cmath>
#include <type_traits>

#include "sycl/builtins/math.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/glue/builtin_ops.hpp"
#include "tessera/detail/nonscalar.hpp"

// As TESSERA_GENFLOAT_TEMPLATE (math.hpp).
#define TESSERA_FLOAT_TEMPLATE \
  template <typename T, typename... Same, std::enable_if_t<std::is_same_v<T, float> && (std::is_same_v<T, Same> && ...), int> = 0>

#define TESSERA_NATIVE_UNARY(ns, name, expr)      \
  TESSERA_FLOAT_TEMPLATE                          \
  TESSERA_HOST_DEVICE T name(T x) { return expr; } \
  TESSERA_ELEMENTWISE(ns, name)
#define TESSERA_NATIVE_BINARY(ns, name, expr)              \
  TESSERA_FLOAT_TEMPLATE                                   \
  TESSERA_HOST_DEVICE T name(T x, T y) { return expr; }    \
  TESSERA_ELEMENTWISE(ns, name)

namespace sycl::native {

TESSERA_NATIVE_UNARY(::sycl::native, cos, ::tessera::glue::ops::native_cos(x))
TESSERA_NATIVE_UNARY(::sycl::native, exp, ::tessera::glue::ops::native_exp(x))
TESSERA_NATIVE_UNARY(::sycl::native, exp2, ::tessera::glue::ops::native_exp2(x))
TESSERA_NATIVE_UNARY(::sycl::native, exp10, ::tessera::glue::ops::native_exp10(x))
TESSERA_NATIVE_UNARY(::sycl::native, log, ::tessera::glue::ops::native_log(x))
TESSERA_NATIVE_UNARY(::sycl::native, log2, ::tessera::glue::ops::native_log2(x))
TESSERA_NATIVE_UNARY(::sycl::native, log10, ::tessera::glue::ops::native_log10(x))
TESSERA_NATIVE_UNARY(::sycl::native, recip, ::tessera::glue::ops::native_recip(x))
TESSERA_NATIVE_UNARY(::sycl::native, rsqrt, ::tessera::glue::ops::native_rsqrt(x))
TESSERA_NATIVE_UNARY(::sycl::native, sin, ::tessera::glue::ops::native_sin(x))
TESSERA_NATIVE_UNARY(::sycl::native, sqrt, ::tessera::glue::ops::native_sqrt(x))
TESSERA_NATIVE_UNARY(::sycl::native, tan, ::tessera::glue::ops::native_tan(x))
TESSERA_NATIVE_BINARY(::sycl::native, divide, ::tessera::glue::ops::native_divide(x, y))
TESSERA_NATIVE_BINARY(::sycl::native, powr, ::tessera::glue::ops::native_powr(x, y))

}  // namespace sycl::native

namespace sycl::half_precision {

TESSERA_NATIVE_UNARY(::sycl::half_precision, cos, ::sycl::cos(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, exp, ::sycl::exp(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, exp2, ::sycl::exp2(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, exp10, ::sycl::exp10(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, log, ::sycl::log(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, log2, ::sycl::log2(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, log10, ::sycl::log10(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, recip, 1.0f / x)
TESSERA_NATIVE_UNARY(::sycl::half_precision, rsqrt, ::sycl::rsqrt(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, sin, ::sycl::sin(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, sqrt, ::sycl::sqrt(x))
TESSERA_NATIVE_UNARY(::sycl::half_precision, tan, ::sycl::tan(x))
TESSERA_NATIVE_BINARY(::sycl::half_precision, divide, x / y)
TESSERA_NATIVE_BINARY(::sycl::half_precision, powr, ::sycl::powr(x, y))

}  // namespace sycl::half_precision

#undef TESSERA_NATIVE_UNARY
#undef TESSERA_NATIVE_BINARY
#undef TESSERA_FLOAT_TEMPLATE
