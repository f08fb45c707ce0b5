#pragma once
// The math built-ins that <cmath> lacks, for float and double: the GPU has them (CUDA's sinpif,
// exp10f, rsqrtf...), the host computes them with care (float through double; the pi functions
// reduce their argument exactly first so that sinpi(n) is exactly 0).
#include <cmath>
#include <limits>
#include <type_traits>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

template <typename C>
inline constexpr C pi_v = C(3.141592653589793238462643383279502884L);

#if !TESSERA_DEVICE_PASS
// sin(pi * x) for |x| <= 0.5 after an exact reduction modulo 2.
inline double host_sinpi(double x) {
  double r = x - 2.0 * std::rint(x * 0.5);  // exact, in [-1, 1]
  if (r > 0.5) r = 1.0 - r;                   // exact by Sterbenz
  if (r < -0.5) r = -1.0 - r;
  return std::sin(pi_v<double> * r);
}
inline double host_cospi(double x) {
  const double r = std::fabs(x - 2.0 * std::rint(x * 0.5));  // [0, 1]
  return host_sinpi(0.5 - r);
}
#endif

template <typename C>
TESSERA_HOST_DEVICE C sinpi(C x) {
#if TESSERA_DEVICE_PASS
  if constexpr (std::is_same_v<C, float>) return ::sinpif(x); else return ::sinpi(x);
#else
  if (std::isinf(x)) return std::numeric_limits<C>::quiet_NaN();
  return C(host_sinpi(double(x)));
#endif
}

template <typename C>
TESSERA_HOST_DEVICE C cospi(C x) {
#if TESSERA_DEVICE_PASS
  if constexpr (std::is_same_v<C, float>) return ::cospif(x); else return ::cospi(x);
#else
  if (std::isinf(x)) return std::numeric_limits<C>::quiet_NaN();
  return C(host_cospi(double(x)));
#endif
}

template <typename C>
TESSERA_HOST_DEVICE C exp10(C x) {
#if TESSERA_DEVICE_PASS
  if constexpr (std::is_same_v<C, float>) return ::exp10f(x); else return ::exp10(x);
#else
  if constexpr (std::is_same_v<C, float>) return float(std::pow(10.0, double(x)));
  else return std::pow(C(10), x);
#endif
}

template <typename C>
TESSERA_HOST_DEVICE C rsqrt(C x) {
#if TESSERA_DEVICE_PASS
  if constexpr (std::is_same_v<C, float>) return ::rsqrtf(x); else return ::rsqrt(x);
#else
  if constexpr (std::is_same_v<C, float>) return float(1.0 / std::sqrt(double(x)));
  else return C(1) / std::sqrt(x);
#endif
}

// remquo with the 7 lowest bits of the rounded quotient, as OpenCL's reference implementation
// (and with it the SYCL-CTS) has them: the spec asks for at least 3, which is all that the C
// library (glibc) and CUDA give. Those bits, and the parity that decides a tie, are the quotient's
// of |x| modulo 128 |y|, which fmod computes exactly; that quotient (at most 128) is exact in
// double for float, and within a rounding that round() removes for double.
template <typename C>
TESSERA_HOST_DEVICE C remquo_seven_bits(C x, C y, int* quo) {
  const C r = std::remainder(x, y);
  *quo = 0;
  if (std::isnan(r) || std::isinf(y) || x == C(0)) return r;
  const C ax = std::fabs(x), ay = std::fabs(y);
  const C wrap = ay * C(128);
  const C rest = std::isinf(wrap) ? ax : std::fmod(ax, wrap);
  const double n = std::round((double(rest) - double(std::remainder(rest, ay))) / double(ay));
  const int low = static_cast<int>(n) & 127;
  *quo = std::signbit(x) != std::signbit(y) ? -low : low;
  return r;
}

}  // namespace tessera::detail
