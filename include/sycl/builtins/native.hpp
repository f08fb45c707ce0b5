#pragma once
// sycl::native (implementation-defined precision; on the GPU CUDA's fast intrinsics __expf,
// __sinf, __fdividef...) and sycl::half_precision (at least 8192-ulp accuracy: Tessera gives the
// full-precision result) math built-ins, SYCL 2020 §4.17.5, for float and its non-scalars.
#include <cmath>
#include <type_traits>

#include "sycl/builtins/math.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/nonscalar.hpp"

#if TESSERA_DEVICE_PASS
#define TESSERA_NATIVE_PICK(device, host) device
#else
#define TESSERA_NATIVE_PICK(device, host) host
#endif

#define TESSERA_FLOAT_TEMPLATE template <typename T, std::enable_if_t<std::is_same_v<T, float>, int> = 0>

#define TESSERA_NATIVE_UNARY(ns, name, expr)      \
  TESSERA_FLOAT_TEMPLATE                          \
  TESSERA_HOST_DEVICE T name(T x) { return expr; } \
  TESSERA_ELEMENTWISE(ns, name)
#define TESSERA_NATIVE_BINARY(ns, name, expr)              \
  TESSERA_FLOAT_TEMPLATE                                   \
  TESSERA_HOST_DEVICE T name(T x, T y) { return expr; }    \
  TESSERA_ELEMENTWISE(ns, name)

namespace sycl::native {

TESSERA_NATIVE_UNARY(::sycl::native, cos, TESSERA_NATIVE_PICK(__cosf(x), std::cos(x)))
TESSERA_NATIVE_UNARY(::sycl::native, exp, TESSERA_NATIVE_PICK(__expf(x), std::exp(x)))
TESSERA_NATIVE_UNARY(::sycl::native, exp2, TESSERA_NATIVE_PICK(exp2f(x), std::exp2(x)))
TESSERA_NATIVE_UNARY(::sycl::native, exp10, TESSERA_NATIVE_PICK(__exp10f(x), ::sycl::exp10(x)))
TESSERA_NATIVE_UNARY(::sycl::native, log, TESSERA_NATIVE_PICK(__logf(x), std::log(x)))
TESSERA_NATIVE_UNARY(::sycl::native, log2, TESSERA_NATIVE_PICK(__log2f(x), std::log2(x)))
TESSERA_NATIVE_UNARY(::sycl::native, log10, TESSERA_NATIVE_PICK(__log10f(x), std::log10(x)))
TESSERA_NATIVE_UNARY(::sycl::native, recip, TESSERA_NATIVE_PICK(__fdividef(1.0f, x), 1.0f / x))
TESSERA_NATIVE_UNARY(::sycl::native, rsqrt, TESSERA_NATIVE_PICK(rsqrtf(x), ::sycl::rsqrt(x)))
TESSERA_NATIVE_UNARY(::sycl::native, sin, TESSERA_NATIVE_PICK(__sinf(x), std::sin(x)))
TESSERA_NATIVE_UNARY(::sycl::native, sqrt, TESSERA_NATIVE_PICK(sqrtf(x), std::sqrt(x)))
TESSERA_NATIVE_UNARY(::sycl::native, tan, TESSERA_NATIVE_PICK(__tanf(x), std::tan(x)))
TESSERA_NATIVE_BINARY(::sycl::native, divide, TESSERA_NATIVE_PICK(__fdividef(x, y), x / y))
TESSERA_NATIVE_BINARY(::sycl::native, powr, TESSERA_NATIVE_PICK(__powf(x, y), ::sycl::powr(x, y)))

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
#undef TESSERA_NATIVE_PICK
