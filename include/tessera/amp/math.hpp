#pragma once
#include <cmath>

#include "tessera/detail/macros.hpp"

// concurrency::fast_math (float only, the GPU's fast intrinsics where CUDA has them) and
// concurrency::precise_math (float and double, IEEE results), each with C's f-suffixed names
// too. On the CPU both are <cmath>.
namespace concurrency {

#if TESSERA_DEVICE_PASS
#define TESSERA_AMP_FAST(name, intrinsic) return intrinsic(x)
#else
#define TESSERA_AMP_FAST(name, intrinsic) return std::name(x)
#endif

namespace fast_math {
#define TESSERA_AMP_FAST1(name, intrinsic)                                                                            \
  TESSERA_HOST_DEVICE inline float name(float x) { TESSERA_AMP_FAST(name, intrinsic); }                               \
  TESSERA_HOST_DEVICE inline float name##f(float x) { TESSERA_AMP_FAST(name, intrinsic); }
TESSERA_AMP_FAST1(cos, __cosf)
TESSERA_AMP_FAST1(sin, __sinf)
TESSERA_AMP_FAST1(tan, __tanf)
TESSERA_AMP_FAST1(exp, __expf)
TESSERA_AMP_FAST1(exp2, exp2f)
TESSERA_AMP_FAST1(log, __logf)
TESSERA_AMP_FAST1(log2, __log2f)
TESSERA_AMP_FAST1(log10, __log10f)
TESSERA_AMP_FAST1(sqrt, __fsqrt_rn)
TESSERA_AMP_FAST1(acos, acosf)
TESSERA_AMP_FAST1(asin, asinf)
TESSERA_AMP_FAST1(atan, atanf)
TESSERA_AMP_FAST1(cosh, coshf)
TESSERA_AMP_FAST1(sinh, sinhf)
TESSERA_AMP_FAST1(tanh, tanhf)
TESSERA_AMP_FAST1(ceil, ceilf)
TESSERA_AMP_FAST1(floor, floorf)
TESSERA_AMP_FAST1(fabs, fabsf)
TESSERA_AMP_FAST1(round, roundf)
TESSERA_AMP_FAST1(trunc, truncf)
#undef TESSERA_AMP_FAST1
TESSERA_HOST_DEVICE inline float rsqrt(float x) {
#if TESSERA_DEVICE_PASS
  return rsqrtf(x);
#else
  return 1.0f / std::sqrt(x);
#endif
}
TESSERA_HOST_DEVICE inline float rsqrtf(float x) { return rsqrt(x); }
TESSERA_HOST_DEVICE inline float pow(float x, float y) {
#if TESSERA_DEVICE_PASS
  return __powf(x, y);
#else
  return std::pow(x, y);
#endif
}
TESSERA_HOST_DEVICE inline float powf(float x, float y) { return pow(x, y); }
TESSERA_HOST_DEVICE inline float atan2(float y, float x) { return std::atan2(y, x); }
TESSERA_HOST_DEVICE inline float atan2f(float y, float x) { return std::atan2(y, x); }
TESSERA_HOST_DEVICE inline float fmod(float x, float y) { return std::fmod(x, y); }
TESSERA_HOST_DEVICE inline float fmodf(float x, float y) { return std::fmod(x, y); }
TESSERA_HOST_DEVICE inline float fmax(float x, float y) { return std::fmax(x, y); }
TESSERA_HOST_DEVICE inline float fmin(float x, float y) { return std::fmin(x, y); }
TESSERA_HOST_DEVICE inline float ldexp(float x, int e) { return std::ldexp(x, e); }
TESSERA_HOST_DEVICE inline float frexp(float x, int* e) { return std::frexp(x, e); }
TESSERA_HOST_DEVICE inline float modf(float x, float* i) { return std::modf(x, i); }
TESSERA_HOST_DEVICE inline void sincos(float x, float* s, float* c) { *s = sin(x), *c = cos(x); }
TESSERA_HOST_DEVICE inline int isfinite(float x) { return std::isfinite(x); }
TESSERA_HOST_DEVICE inline int isinf(float x) { return std::isinf(x); }
TESSERA_HOST_DEVICE inline int isnan(float x) { return std::isnan(x); }
TESSERA_HOST_DEVICE inline int signbit(float x) { return std::signbit(x); }
} // namespace fast_math
#undef TESSERA_AMP_FAST

namespace precise_math {
#define TESSERA_AMP_PRECISE1(name)                                                                                    \
  TESSERA_HOST_DEVICE inline float name(float x) { return std::name(x); }                                             \
  TESSERA_HOST_DEVICE inline float name##f(float x) { return std::name(x); }                                          \
  TESSERA_HOST_DEVICE inline double name(double x) { return std::name(x); }
#define TESSERA_AMP_PRECISE2(name)                                                                                    \
  TESSERA_HOST_DEVICE inline float name(float x, float y) { return std::name(x, y); }                                 \
  TESSERA_HOST_DEVICE inline float name##f(float x, float y) { return std::name(x, y); }                              \
  TESSERA_HOST_DEVICE inline double name(double x, double y) { return std::name(x, y); }
TESSERA_AMP_PRECISE1(acos) TESSERA_AMP_PRECISE1(acosh) TESSERA_AMP_PRECISE1(asin) TESSERA_AMP_PRECISE1(asinh)
TESSERA_AMP_PRECISE1(atan) TESSERA_AMP_PRECISE1(atanh) TESSERA_AMP_PRECISE1(cbrt) TESSERA_AMP_PRECISE1(ceil)
TESSERA_AMP_PRECISE1(cos) TESSERA_AMP_PRECISE1(cosh) TESSERA_AMP_PRECISE1(erf) TESSERA_AMP_PRECISE1(erfc)
TESSERA_AMP_PRECISE1(exp) TESSERA_AMP_PRECISE1(exp2) TESSERA_AMP_PRECISE1(expm1) TESSERA_AMP_PRECISE1(fabs)
TESSERA_AMP_PRECISE1(floor) TESSERA_AMP_PRECISE1(lgamma) TESSERA_AMP_PRECISE1(log) TESSERA_AMP_PRECISE1(log10)
TESSERA_AMP_PRECISE1(log1p) TESSERA_AMP_PRECISE1(log2) TESSERA_AMP_PRECISE1(logb) TESSERA_AMP_PRECISE1(nearbyint)
TESSERA_AMP_PRECISE1(rint) TESSERA_AMP_PRECISE1(round) TESSERA_AMP_PRECISE1(sin) TESSERA_AMP_PRECISE1(sinh)
TESSERA_AMP_PRECISE1(sqrt) TESSERA_AMP_PRECISE1(tan) TESSERA_AMP_PRECISE1(tanh) TESSERA_AMP_PRECISE1(tgamma)
TESSERA_AMP_PRECISE1(trunc)
TESSERA_AMP_PRECISE2(atan2) TESSERA_AMP_PRECISE2(copysign) TESSERA_AMP_PRECISE2(fdim) TESSERA_AMP_PRECISE2(fmax)
TESSERA_AMP_PRECISE2(fmin) TESSERA_AMP_PRECISE2(fmod) TESSERA_AMP_PRECISE2(hypot) TESSERA_AMP_PRECISE2(nextafter)
TESSERA_AMP_PRECISE2(pow) TESSERA_AMP_PRECISE2(remainder)
#undef TESSERA_AMP_PRECISE1
#undef TESSERA_AMP_PRECISE2
TESSERA_HOST_DEVICE inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
TESSERA_HOST_DEVICE inline double fma(double x, double y, double z) { return std::fma(x, y, z); }
TESSERA_HOST_DEVICE inline float rsqrt(float x) { return 1.0f / std::sqrt(x); }
TESSERA_HOST_DEVICE inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
TESSERA_HOST_DEVICE inline float ldexp(float x, int e) { return std::ldexp(x, e); }
TESSERA_HOST_DEVICE inline double ldexp(double x, int e) { return std::ldexp(x, e); }
TESSERA_HOST_DEVICE inline float frexp(float x, int* e) { return std::frexp(x, e); }
TESSERA_HOST_DEVICE inline double frexp(double x, int* e) { return std::frexp(x, e); }
TESSERA_HOST_DEVICE inline float modf(float x, float* i) { return std::modf(x, i); }
TESSERA_HOST_DEVICE inline double modf(double x, double* i) { return std::modf(x, i); }
TESSERA_HOST_DEVICE inline int isfinite(double x) { return std::isfinite(x); }
TESSERA_HOST_DEVICE inline int isinf(double x) { return std::isinf(x); }
TESSERA_HOST_DEVICE inline int isnan(double x) { return std::isnan(x); }
TESSERA_HOST_DEVICE inline int isnormal(double x) { return std::isnormal(x); }
TESSERA_HOST_DEVICE inline int signbit(double x) { return std::signbit(x); }
} // namespace precise_math

} // namespace concurrency
