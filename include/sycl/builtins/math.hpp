#pragma once
// The math built-ins (SYCL 2020 §4.17.5) for float, double and half; half computes in float.
// Each is written once for scalars; TESSERA_ELEMENTWISE derives its vec/swizzle/marray form.
// Scalar forms are templates, so that a plain call such as cos(1.0f) next to
// `using namespace sycl;` still picks <cmath>'s non-template overload instead of being ambiguous.
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sycl/half.hpp"
#include "tessera/detail/builtin_types.hpp"
#include "tessera/detail/convert.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/math_impl.hpp"
#include "tessera/detail/nonscalar.hpp"

// The scalar forms' template heads. SYCL 2020 declares each built-in with one template parameter
// per argument (clamp<T1, T2, T3>), which a caller may name: `Same` takes the names after the
// first, which must all be T.
#define TESSERA_GENFLOAT_TEMPLATE                                      \
  template <typename T, typename... Same,                              \
            std::enable_if_t<::tessera::detail::is_genfloat_v<T> &&    \
                                 (std::is_same_v<T, Same> && ...),     \
                             int> = 0>

// name(x) = expr, with x the argument in its compute type C (float for half).
#define TESSERA_MATH_UNARY(name, expr)                         \
  TESSERA_GENFLOAT_TEMPLATE                                    \
  TESSERA_HOST_DEVICE T name(T arg) {                          \
    using C = ::tessera::detail::compute_t<T>;                 \
    const C x = C(arg);                                        \
    return T(expr);                                            \
  }                                                            \
  TESSERA_ELEMENTWISE(::sycl, name)

#define TESSERA_MATH_BINARY(name, expr)                        \
  TESSERA_GENFLOAT_TEMPLATE                                    \
  TESSERA_HOST_DEVICE T name(T arg_x, T arg_y) {               \
    using C = ::tessera::detail::compute_t<T>;                 \
    const C x = C(arg_x), y = C(arg_y);                        \
    return T(expr);                                            \
  }                                                            \
  TESSERA_ELEMENTWISE(::sycl, name)

#define TESSERA_MATH_STD_UNARY(name) TESSERA_MATH_UNARY(name, std::name(x))
#define TESSERA_MATH_STD_BINARY(name) TESSERA_MATH_BINARY(name, std::name(x, y))

namespace sycl {

TESSERA_MATH_STD_UNARY(acos)
TESSERA_MATH_STD_UNARY(acosh)
TESSERA_MATH_STD_UNARY(asin)
TESSERA_MATH_STD_UNARY(asinh)
TESSERA_MATH_STD_UNARY(atan)
TESSERA_MATH_STD_UNARY(atanh)
TESSERA_MATH_STD_UNARY(cbrt)
TESSERA_MATH_STD_UNARY(ceil)
TESSERA_MATH_STD_UNARY(cos)
TESSERA_MATH_STD_UNARY(cosh)
TESSERA_MATH_STD_UNARY(erf)
TESSERA_MATH_STD_UNARY(erfc)
TESSERA_MATH_STD_UNARY(exp)
TESSERA_MATH_STD_UNARY(exp2)
TESSERA_MATH_STD_UNARY(expm1)
TESSERA_MATH_STD_UNARY(fabs)
TESSERA_MATH_STD_UNARY(floor)
TESSERA_MATH_STD_UNARY(lgamma)
TESSERA_MATH_STD_UNARY(log)
TESSERA_MATH_STD_UNARY(log2)
TESSERA_MATH_STD_UNARY(log10)
TESSERA_MATH_STD_UNARY(log1p)
TESSERA_MATH_STD_UNARY(logb)
TESSERA_MATH_STD_UNARY(rint)
TESSERA_MATH_STD_UNARY(round)
TESSERA_MATH_STD_UNARY(sin)
TESSERA_MATH_STD_UNARY(sinh)
TESSERA_MATH_STD_UNARY(sqrt)
TESSERA_MATH_STD_UNARY(tan)
TESSERA_MATH_STD_UNARY(tanh)
TESSERA_MATH_STD_UNARY(tgamma)
TESSERA_MATH_STD_UNARY(trunc)
TESSERA_MATH_UNARY(acospi, std::acos(x) / ::tessera::detail::pi_v<C>)
TESSERA_MATH_UNARY(asinpi, std::asin(x) / ::tessera::detail::pi_v<C>)
TESSERA_MATH_UNARY(atanpi, std::atan(x) / ::tessera::detail::pi_v<C>)
TESSERA_MATH_UNARY(cospi, ::tessera::detail::cospi(x))
TESSERA_MATH_UNARY(sinpi, ::tessera::detail::sinpi(x))
TESSERA_MATH_UNARY(tanpi, ::tessera::detail::sinpi(x) / ::tessera::detail::cospi(x))
TESSERA_MATH_UNARY(exp10, ::tessera::detail::exp10(x))
TESSERA_MATH_UNARY(rsqrt, ::tessera::detail::rsqrt(x))

TESSERA_MATH_STD_BINARY(atan2)
TESSERA_MATH_STD_BINARY(copysign)
TESSERA_MATH_STD_BINARY(fdim)
TESSERA_MATH_STD_BINARY(fmax)
TESSERA_MATH_STD_BINARY(fmin)
TESSERA_MATH_STD_BINARY(fmod)
TESSERA_MATH_STD_BINARY(hypot)
TESSERA_MATH_STD_BINARY(pow)
TESSERA_MATH_STD_BINARY(remainder)
TESSERA_MATH_BINARY(atan2pi, std::atan2(x, y) / ::tessera::detail::pi_v<C>)
TESSERA_MATH_BINARY(powr, x < C(0) ? std::numeric_limits<C>::quiet_NaN() : std::pow(x, y))
// |x| > |y| picks x, |y| > |x| picks y, a tie (or NaN) falls back to fmax / fmin.
TESSERA_MATH_BINARY(maxmag, std::fabs(x) > std::fabs(y)   ? x
                            : std::fabs(y) > std::fabs(x) ? y
                                                          : std::fmax(x, y))
TESSERA_MATH_BINARY(minmag, std::fabs(x) < std::fabs(y)   ? x
                            : std::fabs(y) < std::fabs(x) ? y
                                                          : std::fmin(x, y))

// nextafter steps in the argument's own type (half steps one half ulp).
TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE T nextafter(T x, T y) { return ::tessera::detail::next_after(x, y); }
TESSERA_ELEMENTWISE(::sycl, nextafter)

TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE T fma(T a, T b, T c) {
  using C = ::tessera::detail::compute_t<T>;
  return T(std::fma(C(a), C(b), C(c)));
}
TESSERA_ELEMENTWISE(::sycl, fma)

TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE T mad(T a, T b, T c) { return ::sycl::fma(a, b, c); }
TESSERA_ELEMENTWISE(::sycl, mad)

// Functions with an integer operand or an output pointer (raw or multi_ptr).
template <typename T, typename I,
          std::enable_if_t<::tessera::detail::is_genfloat_v<T> && std::is_integral_v<I>, int> = 0>
TESSERA_HOST_DEVICE T ldexp(T x, I k) {
  using C = ::tessera::detail::compute_t<T>;
  return T(std::ldexp(C(x), int(k)));
}
TESSERA_ELEMENTWISE(::sycl, ldexp)

template <typename T, typename I,
          std::enable_if_t<::tessera::detail::is_genfloat_v<T> && std::is_integral_v<I>, int> = 0>
TESSERA_HOST_DEVICE T pown(T x, I n) {
  return T(std::pow(double(x), double(n)));  // in double: exact n, and float results round once
}
TESSERA_ELEMENTWISE(::sycl, pown)

template <typename T, typename I,
          std::enable_if_t<::tessera::detail::is_genfloat_v<T> && std::is_integral_v<I>, int> = 0>
TESSERA_HOST_DEVICE T rootn(T x, I n) {
  const double dx = double(x), inv = 1.0 / double(n);
  if (dx < 0 && (n & 1)) return T(-std::pow(-dx, inv));  // odd roots of negatives are real
  if (dx < 0) return std::numeric_limits<T>::quiet_NaN();
  return T(std::pow(dx, inv));
}
TESSERA_ELEMENTWISE(::sycl, rootn)

TESSERA_GENFLOAT_TEMPLATE
TESSERA_HOST_DEVICE int ilogb(T x) {
  using C = ::tessera::detail::compute_t<T>;
  return std::ilogb(C(x));
}
TESSERA_ELEMENTWISE(::sycl, ilogb)

template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T fract(T x, P iptr) {
  using C = ::tessera::detail::compute_t<T>;
  const C fl = std::floor(C(x));
  *::tessera::detail::raw_pointer(iptr) = T(fl);
  // the largest value below 1, so that fract of a tiny negative number is not rounded up to 1
  const C below_one = C(1) - std::numeric_limits<T>::epsilon() / C(2);
  if (std::isinf(C(x))) return T(C(0));
  return T(std::fmin(C(x) - fl, below_one));
}
TESSERA_ELEMENTWISE(::sycl, fract)

template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T frexp(T x, P exp) {
  using C = ::tessera::detail::compute_t<T>;
  int e = 0;
  const C m = std::frexp(C(x), &e);
  *::tessera::detail::raw_pointer(exp) = e;
  return T(m);
}
TESSERA_ELEMENTWISE(::sycl, frexp)

template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T modf(T x, P iptr) {
  using C = ::tessera::detail::compute_t<T>;
  C whole = 0;
  const C frac = std::modf(C(x), &whole);
  *::tessera::detail::raw_pointer(iptr) = T(whole);
  return T(frac);
}
TESSERA_ELEMENTWISE(::sycl, modf)

template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T sincos(T x, P cosval) {
  *::tessera::detail::raw_pointer(cosval) = ::sycl::cos(x);
  return ::sycl::sin(x);
}
TESSERA_ELEMENTWISE(::sycl, sincos)

template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T remquo(T x, T y, P quo) {
  using C = ::tessera::detail::compute_t<T>;
  int q = 0;
  const C r = ::tessera::detail::remquo_seven_bits(C(x), C(y), &q);
  *::tessera::detail::raw_pointer(quo) = q;
  return T(r);
}
TESSERA_ELEMENTWISE(::sycl, remquo)

// lgamma with the sign of gamma(x): positive for x > 0, alternating between the poles below 0
// (computed, since lgamma_r is not available on the device).
template <typename T, typename P, std::enable_if_t<::tessera::detail::is_genfloat_v<T>, int> = 0>
TESSERA_HOST_DEVICE T lgamma_r(T x, P signp) {
  using C = ::tessera::detail::compute_t<T>;
  const C cx = C(x);
  int sign = 1;
  if (cx < C(0)) {
    const C fl = std::floor(cx);
    sign = fl == cx ? 0 : (std::fmod(fl, C(2)) == C(0) ? 1 : -1);
  }
  *::tessera::detail::raw_pointer(signp) = sign;
  return T(std::lgamma(cx));
}
TESSERA_ELEMENTWISE(::sycl, lgamma_r)

}  // namespace sycl

namespace tessera::detail {
template <typename T>
struct undeduced {
  using type = T;
};
}  // namespace tessera::detail

// SYCL 2020 declares the scalar forms of the functions with an output pointer as templates of the
// pointer alone, for each floating type (template <typename Ptr> float fract(float, Ptr)), which a
// caller may name: fract<Ptr>(x, p). The pointer is not deduced here, so that these forms are
// reached only so, and are the same as the call unnamed.
#define TESSERA_NAMED_POINTER_FORM(name, F)                                                       \
  template <typename Ptr>                                                                         \
  TESSERA_HOST_DEVICE F name(F x, typename ::tessera::detail::undeduced<Ptr>::type p) {          \
    return ::sycl::name(x, p);                                                                    \
  }
#define TESSERA_NAMED_POINTER_FORMS(name)  \
  TESSERA_NAMED_POINTER_FORM(name, float)  \
  TESSERA_NAMED_POINTER_FORM(name, double) \
  TESSERA_NAMED_POINTER_FORM(name, half)

namespace sycl {

TESSERA_NAMED_POINTER_FORMS(fract)
TESSERA_NAMED_POINTER_FORMS(frexp)
TESSERA_NAMED_POINTER_FORMS(modf)
TESSERA_NAMED_POINTER_FORMS(sincos)
TESSERA_NAMED_POINTER_FORMS(lgamma_r)

#define TESSERA_NAMED_REMQUO(F)                                                                       \
  template <typename Ptr>                                                                             \
  TESSERA_HOST_DEVICE F remquo(F x, F y, typename ::tessera::detail::undeduced<Ptr>::type quo) {    \
    return ::sycl::remquo(x, y, quo);                                                                 \
  }
TESSERA_NAMED_REMQUO(float)
TESSERA_NAMED_REMQUO(double)
TESSERA_NAMED_REMQUO(half)
#undef TESSERA_NAMED_REMQUO

// A quiet NaN of the floating type as wide as the code's unsigned type.
template <typename U, std::enable_if_t<std::is_unsigned_v<U> && !std::is_same_v<U, bool> &&
                                           (sizeof(U) == 2 || sizeof(U) == 4 || sizeof(U) == 8),
                                       int> = 0>
TESSERA_HOST_DEVICE auto nan(U) {
  using R = std::conditional_t<sizeof(U) == 2, half, std::conditional_t<sizeof(U) == 4, float, double>>;
  return std::numeric_limits<R>::quiet_NaN();
}
TESSERA_ELEMENTWISE(::sycl, nan)

}  // namespace sycl

#undef TESSERA_MATH_STD_UNARY
#undef TESSERA_MATH_STD_BINARY
#undef TESSERA_NAMED_POINTER_FORMS
#undef TESSERA_NAMED_POINTER_FORM
