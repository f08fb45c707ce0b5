// The SYCL math built-ins against long double references within the spec's ULP limits (SYCL 2020
// §4.17.5, the OpenCL full-profile table), computed both on the host and inside a kernel so that
// a GPU run checks the device mapping; the integer, common, geometric, relational and native
// built-ins against exact references; and the element-wise forms against their scalar forms.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

// name, the call on x and y (type T), the reference on a and b (long double), the ULP limit.
#define TESSERA_MATH_CASES(X)                                                   \
  X(acos, sycl::acos(x), std::acos(a), 4)                                       \
  X(acosh, sycl::acosh(x), std::acosh(a), 4)                                    \
  X(acospi, sycl::acospi(x), std::acos(a) / kPi, 5)                             \
  X(asin, sycl::asin(x), std::asin(a), 4)                                       \
  X(asinh, sycl::asinh(x), std::asinh(a), 4)                                    \
  X(asinpi, sycl::asinpi(x), std::asin(a) / kPi, 5)                             \
  X(atan, sycl::atan(x), std::atan(a), 5)                                       \
  X(atan2, sycl::atan2(x, y), std::atan2(a, b), 6)                              \
  X(atanh, sycl::atanh(x), std::atanh(a), 5)                                    \
  X(atanpi, sycl::atanpi(x), std::atan(a) / kPi, 5)                             \
  X(atan2pi, sycl::atan2pi(x, y), std::atan2(a, b) / kPi, 6)                    \
  X(cbrt, sycl::cbrt(x), std::cbrt(a), 2)                                       \
  X(ceil, sycl::ceil(x), std::ceil(a), 0)                                       \
  X(copysign, sycl::copysign(x, y), std::copysign(a, b), 0)                     \
  X(cos, sycl::cos(x), std::cos(a), 4)                                          \
  X(cosh, sycl::cosh(x), std::cosh(a), 4)                                       \
  X(cospi, sycl::cospi(x), RefCospi(a), 4)                                      \
  X(erfc, sycl::erfc(x), std::erfc(a), 16)                                      \
  X(erf, sycl::erf(x), std::erf(a), 16)                                         \
  X(exp, sycl::exp(x), std::exp(a), 3)                                          \
  X(exp2, sycl::exp2(x), std::exp2(a), 3)                                       \
  X(exp10, sycl::exp10(x), std::pow(10.0L, a), 3)                               \
  X(expm1, sycl::expm1(x), std::expm1(a), 3)                                    \
  X(fabs, sycl::fabs(x), std::fabs(a), 0)                                       \
  X(fdim, sycl::fdim(x, y), std::fdim(a, b), 0)                                 \
  X(floor, sycl::floor(x), std::floor(a), 0)                                    \
  X(fmax, sycl::fmax(x, y), std::fmax(a, b), 0)                                 \
  X(fmin, sycl::fmin(x, y), std::fmin(a, b), 0)                                 \
  X(fmod, sycl::fmod(x, y), std::fmod(a, b), 0)                                 \
  X(hypot, sycl::hypot(x, y), std::hypot(a, b), 4)                              \
  X(log, sycl::log(x), std::log(a), 3)                                          \
  X(log2, sycl::log2(x), std::log2(a), 3)                                       \
  X(log10, sycl::log10(x), std::log10(a), 3)                                    \
  X(log1p, sycl::log1p(x), std::log1p(a), 2)                                    \
  X(logb, sycl::logb(x), std::logb(a), 0)                                       \
  X(maxmag, sycl::maxmag(x, y), std::fabs(a) >= std::fabs(b) ? a : b, 0)        \
  X(minmag, sycl::minmag(x, y), std::fabs(a) <= std::fabs(b) ? a : b, 0)        \
  X(nextafter, sycl::nextafter(x, y), std::nextafter(x, y), 0)                  \
  X(pow, sycl::pow(x, y), std::pow(a, b), 16)                                   \
  X(powr, sycl::powr(x, y), a < 0 ? NAN : std::pow(a, b), 16)                   \
  X(remainder, sycl::remainder(x, y), std::remainder(a, b), 0)                  \
  X(rint, sycl::rint(x), std::rint(a), 0)                                       \
  X(round, sycl::round(x), std::round(a), 0)                                    \
  X(rsqrt, sycl::rsqrt(x), 1 / std::sqrt(a), 2)                                 \
  X(sin, sycl::sin(x), std::sin(a), 4)                                          \
  X(sinh, sycl::sinh(x), std::sinh(a), 4)                                       \
  X(sinpi, sycl::sinpi(x), RefSinpi(a), 4)                                      \
  X(sqrt, sycl::sqrt(x), std::sqrt(a), 3)                                       \
  X(tan, sycl::tan(x), std::tan(a), 5)                                          \
  X(tanh, sycl::tanh(x), std::tanh(a), 5)                                       \
  X(tanpi, sycl::tanpi(x), RefSinpi(a) / RefCospi(a), 6)                        \
  X(tgamma, sycl::tgamma(x), std::tgamma(a), 16)                                \
  X(trunc, sycl::trunc(x), std::trunc(a), 0)                                    \
  X(fma, sycl::fma(x, y, x), std::fma(a, b, a), 0)                              \
  X(mad, sycl::mad(x, y, x), a * b + a, 1)

enum Fn : int {
#define TESSERA_ENUM(name, call, ref, ulp) k_##name,
  TESSERA_MATH_CASES(TESSERA_ENUM)
#undef TESSERA_ENUM
      kFnCount
};

const char* const kNames[] = {
#define TESSERA_NAME(name, call, ref, ulp) #name,
    TESSERA_MATH_CASES(TESSERA_NAME)
#undef TESSERA_NAME
};

const int kUlps[] = {
#define TESSERA_ULP(name, call, ref, ulp) ulp,
    TESSERA_MATH_CASES(TESSERA_ULP)
#undef TESSERA_ULP
};

template <typename T>
SYCL_EXTERNAL T Apply(int f, T x, T y) {
  switch (f) {
#define TESSERA_APPLY(name, call, ref, ulp) \
  case k_##name:                            \
    return call;
    TESSERA_MATH_CASES(TESSERA_APPLY)
#undef TESSERA_APPLY
  }
  return T(0);
}

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// sin(pi a) and cos(pi a), exactly 0 where they are 0 mathematically.
long double RefSinpi(long double a) {
  if (a == std::rint(a)) return 0.0L;
  return std::sin(kPi * std::fmod(a, 2.0L));
}
long double RefCospi(long double a) {
  if (a - 0.5L == std::rint(a - 0.5L)) return 0.0L;
  return std::cos(kPi * std::fmod(a, 2.0L));
}

template <typename T>
long double Reference(int f, T x, T y) {
  const long double a = x, b = y;
  switch (f) {
#define TESSERA_REF(name, call, ref, ulp) \
  case k_##name:                          \
    return ref;
    TESSERA_MATH_CASES(TESSERA_REF)
#undef TESSERA_REF
  }
  return 0;
}

// |got - want| in units of the last place of want rounded to T.
template <typename T>
long double UlpError(T got, long double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : INFINITY;
  const T rounded = T(want);
  if (std::isinf(rounded)) return got == rounded ? 0 : INFINITY;
  if (std::isinf(got) || std::isnan(got)) return INFINITY;
  const long double mag = std::fabs(static_cast<long double>(rounded));
  const long double ulp =
      mag < std::numeric_limits<T>::min()
          ? std::numeric_limits<T>::denorm_min()
          : std::ldexp(1.0L, std::ilogb(mag) - std::numeric_limits<T>::digits + 1);
  return std::fabs(static_cast<long double>(got) - want) / ulp;
}

const std::vector<double> kXs = {-3.7, -1.25, -0.5, -0.1, 0.0, 1e-3, 0.3, 0.5,
                                 0.9,  1.0,   1.7,  2.5,  7.25, 30.0, 88.0};
const std::vector<double> kYs = {2.0, -0.75, 3.0, 0.5, 1.5, -2.0, 0.25, 4.0,
                                 -1.0, 2.5,  0.3, 1.0, -3.0, 0.5, 2.0};

template <typename T>
void CheckAgainstReferences() {
  const int n = int(kXs.size());
  sycl::queue q;
  T* xs = sycl::malloc_shared<T>(n, q);
  T* ys = sycl::malloc_shared<T>(n, q);
  T* out = sycl::malloc_shared<T>(std::size_t(n) * kFnCount, q);
  for (int i = 0; i < n; ++i) xs[i] = T(kXs[i]), ys[i] = T(kYs[i]);
  q.parallel_for(sycl::range<2>(kFnCount, n), [=](sycl::id<2> id) {
     const int f = int(id[0]), i = int(id[1]);
     out[f * n + i] = Apply<T>(f, xs[i], ys[i]);
   }).wait();
  for (int f = 0; f < kFnCount; ++f) {
    for (int i = 0; i < n; ++i) {
      const long double want = Reference<T>(f, xs[i], ys[i]);
      SCOPED_TRACE(::testing::Message() << kNames[f] << "(" << xs[i] << ", " << ys[i] << ") want "
                                        << double(want));
      // The table's 0 means correctly rounded: within half an ulp of the exact result.
      const long double limit = kUlps[f] == 0 ? 0.5L : kUlps[f];
      EXPECT_LE(UlpError(Apply<T>(f, xs[i], ys[i]), want), limit) << "host";
      EXPECT_LE(UlpError(out[f * n + i], want), limit) << "kernel, got " << out[f * n + i];
    }
  }
  sycl::free(out, q);
  sycl::free(ys, q);
  sycl::free(xs, q);
}

TEST(MathBuiltins, FloatWithinTheSpecUlpLimitsOnHostAndInKernels) { CheckAgainstReferences<float>(); }
TEST(MathBuiltins, DoubleWithinTheSpecUlpLimitsOnHostAndInKernels) { CheckAgainstReferences<double>(); }

// The functions with integer operands or output pointers, and the special cases the spec names.
struct Outputs {
  float fract, fract_whole, frexp_mant, modf_frac, modf_whole, sincos_sin, sincos_cos, remquo_rem,
      lgamma, ldexp, pown, rootn, rootn_neg, nan, exp10, sinpi_big, half_sqrt, remquo_big_rem, half_smoothstep;
  int frexp_exp, remquo_quo, lgamma_sign, ilogb, remquo_big_quo, remquo_eight_quo;
};

SYCL_EXTERNAL Outputs ComputeOutputs() {
  Outputs o{};
  o.fract = sycl::fract(-1.25f, &o.fract_whole);
  o.frexp_mant = sycl::frexp(48.0f, &o.frexp_exp);
  o.modf_frac = sycl::modf(-3.75f, &o.modf_whole);
  o.sincos_sin = sycl::sincos(0.0f, &o.sincos_cos);
  o.remquo_rem = sycl::remquo(7.0f, 2.0f, &o.remquo_quo);
  o.remquo_big_rem = sycl::remquo(-1000.0f, 3.0f, &o.remquo_big_quo);
  (void)sycl::remquo(0.8896599f, 0.1092145f, &o.remquo_eight_quo);
  o.half_smoothstep = float(sycl::smoothstep(sycl::half(0.3991507f), sycl::half(0.7130366f), sycl::half(0.4567896f)));
  o.lgamma = sycl::lgamma_r(-2.5f, &o.lgamma_sign);
  o.ldexp = sycl::ldexp(3.0f, 4);
  o.pown = sycl::pown(-2.0f, 3);
  o.rootn = sycl::rootn(81.0f, 4);
  o.rootn_neg = sycl::rootn(-27.0f, 3);
  o.nan = sycl::nan(7u);
  o.exp10 = sycl::exp10(2.0f);
  o.sinpi_big = sycl::sinpi(1e7f + 1.0f);
  o.half_sqrt = float(sycl::sqrt(sycl::half(2.0f)));
  o.ilogb = sycl::ilogb(0.1f);
  return o;
}

void CheckOutputs(const Outputs& o) {
  EXPECT_EQ(o.fract, 0.75f);
  EXPECT_EQ(o.fract_whole, -2.0f);
  EXPECT_EQ(o.frexp_mant, 0.75f);
  EXPECT_EQ(o.frexp_exp, 6);
  EXPECT_EQ(o.modf_frac, -0.75f);
  EXPECT_EQ(o.modf_whole, -3.0f);
  EXPECT_EQ(o.sincos_sin, 0.0f);
  EXPECT_EQ(o.sincos_cos, 1.0f);
  EXPECT_EQ(o.remquo_rem, -1.0f);
  EXPECT_EQ(o.remquo_quo & 7, 4);  // the low bits of the rounded quotient 4
  // 7 bits of the quotient with its sign, as OpenCL's reference (the SYCL-CTS's) has them:
  // -333 gives -(333 mod 128); glibc gives 8 as 0.
  EXPECT_EQ(o.remquo_big_rem, -1.0f);
  EXPECT_EQ(o.remquo_big_quo, -77);
  EXPECT_EQ(o.remquo_eight_quo, 8);
  // in half, rounded at each step (as DPC++ and the SYCL-CTS's reference compute it): 0.08886719,
  // where float rounded once gives the half below, 0.08880615
  EXPECT_EQ(o.half_smoothstep, 0.0888671875f);
  EXPECT_NEAR(o.lgamma, std::lgamma(-2.5), 1e-5);
  EXPECT_EQ(o.lgamma_sign, -1);  // gamma(-2.5) = -0.945...
  EXPECT_EQ(o.ldexp, 48.0f);
  EXPECT_EQ(o.pown, -8.0f);
  EXPECT_NEAR(o.rootn, 3.0f, 1e-6);
  EXPECT_NEAR(o.rootn_neg, -3.0f, 1e-6);
  EXPECT_TRUE(std::isnan(o.nan));
  EXPECT_NEAR(o.exp10, 100.0f, 1e-4);
  EXPECT_EQ(o.sinpi_big, 0.0f);  // an integer: exactly zero despite the size
  EXPECT_EQ(o.half_sqrt, float(sycl::half(std::sqrt(2.0f))));
  EXPECT_EQ(o.ilogb, -4);
}

TEST(MathBuiltins, PointerAndIntegerOperandFunctions) {
  CheckOutputs(ComputeOutputs());
  sycl::queue q;
  Outputs* o = sycl::malloc_shared<Outputs>(1, q);
  q.single_task([=] { *o = ComputeOutputs(); }).wait();
  CheckOutputs(*o);
  sycl::free(o, q);
}

// ------------------------------------------------------------------- element-wise forms

// SYCL 2020 declares the built-ins with a template parameter per argument, which callers may name.
TEST(MathBuiltins, ScalarFormsTakeEachArgumentsTypeNamed) {
  EXPECT_EQ((sycl::clamp<float, float, float>(5.0f, 0.0f, 2.0f)), 2.0f);
  EXPECT_EQ((sycl::max<int, int>(3, 7)), 7);
  EXPECT_EQ((sycl::step<float, float>(1.0f, 0.5f)), 0.0f);
  EXPECT_EQ((sycl::fmax<double, double>(1.0, 2.0)), 2.0);
  EXPECT_EQ((sycl::mix<float, float, float>(0.0f, 4.0f, 0.25f)), 1.0f);
  EXPECT_EQ((sycl::hadd<unsigned char, unsigned char>(255, 253)), 254);
  EXPECT_EQ((sycl::native::divide<float, float>(1.0f, 4.0f)), 0.25f);
  EXPECT_EQ((sycl::bitselect<unsigned, unsigned, unsigned>(0xf0u, 0x0fu, 0x3cu)), 0xccu);
  EXPECT_EQ((sycl::select<float, float, bool>(1.0f, 2.0f, true)), 2.0f);
  // The output-pointer forms name the pointer only.
  float whole = 0;
  int exponent = 0;
  EXPECT_EQ(sycl::modf<float*>(2.5f, &whole), 0.5f);
  EXPECT_EQ(whole, 2.0f);
  EXPECT_EQ(sycl::frexp<int*>(8.0, &exponent), 0.5);
  EXPECT_EQ(exponent, 4);
  EXPECT_EQ(sycl::remquo<int*>(7.0f, 2.0f, &exponent), -1.0f);
  EXPECT_EQ(exponent, 4);
  // The mixed forms name the non-scalar type only.
  const sycl::float2 v(0.25f, 0.75f);
  const sycl::float2 stepped = sycl::step<sycl::float2>(0.5f, v);
  EXPECT_EQ(stepped[0], 0.0f);
  EXPECT_EQ(stepped[1], 1.0f);
  const sycl::float2 clamped = sycl::clamp<sycl::float2>(v, 0.5f, 0.6f);
  EXPECT_EQ(clamped[0], 0.5f);
  EXPECT_EQ(clamped[1], 0.6f);
  static_assert(std::is_same_v<decltype(sycl::smoothstep<sycl::float2>(0.0f, 1.0f, v)), sycl::float2>);
}

// SYCL 2020 declares the scalar built-ins as overloads for float, double and half (and the
// integer types), which an argument of a class type reaches through its conversion.
template <typename T>
struct ConvertsTo {
  T value;
  operator T() const { return value; }
};

TEST(MathBuiltins, ScalarFormsTakeArgumentsThatConvertToTheScalar) {
  static_assert(std::is_same_v<decltype(sycl::cos(ConvertsTo<float>{0.0f})), float>);
  static_assert(std::is_same_v<decltype(sycl::cos(ConvertsTo<sycl::half>{})), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::nan(ConvertsTo<std::uint64_t>{})), double>);
  EXPECT_EQ(sycl::cos(ConvertsTo<double>{0.0}), 1.0);
  EXPECT_EQ(sycl::fmax(ConvertsTo<double>{1.0}, ConvertsTo<double>{2.0}), 2.0);
  EXPECT_EQ(sycl::fma(ConvertsTo<float>{2.0f}, ConvertsTo<float>{3.0f}, ConvertsTo<float>{1.0f}), 7.0f);
  EXPECT_EQ(sycl::ldexp(ConvertsTo<float>{1.5f}, ConvertsTo<int>{2}), 6.0f);
  EXPECT_TRUE(sycl::isless(ConvertsTo<float>{1.0f}, ConvertsTo<float>{2.0f}));
  EXPECT_EQ(sycl::native::sqrt(ConvertsTo<float>{4.0f}), 2.0f);
  EXPECT_EQ(sycl::half_precision::recip(ConvertsTo<float>{4.0f}), 0.25f);
  EXPECT_EQ(sycl::clamp(ConvertsTo<int>{9}, 0, 5), 5);
}

TEST(MathBuiltins, ElementWiseFormsMatchTheScalarForms) {
  const sycl::float4 v(-1.5f, 0.25f, 2.0f, 9.0f);
  const sycl::marray<double, 5> m{0.1, 0.2, 0.3, 0.4, 0.5};
  const sycl::float4 c = sycl::cos(v), p = sycl::pow(v, 2.0f), f = sycl::fmax(v, v.swizzle<3, 2, 1, 0>());
  const sycl::float3 s = sycl::sqrt(v.swizzle<1, 2, 3>());  // a swizzle gives a vec
  const auto e = sycl::exp(m);
  EXPECT_TRUE((std::is_same_v<std::remove_const_t<decltype(e)>, sycl::marray<double, 5>>));
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(c[i], sycl::cos(v[i]));
    EXPECT_EQ(p[i], sycl::pow(v[i], 2.0f));
    EXPECT_EQ(f[i], sycl::fmax(v[i], v[3 - i]));
  }
  for (int i = 0; i < 3; ++i) EXPECT_EQ(s[i], sycl::sqrt(v[i + 1]));
  for (int i = 0; i < 5; ++i) EXPECT_EQ(e[i], sycl::exp(m[i]));
  sycl::int4 exps;
  const sycl::float4 mant = sycl::frexp(v, &exps);
  const sycl::int4 lg = sycl::ilogb(v);
  const sycl::float4 ld = sycl::ldexp(v, 2);
  for (int i = 0; i < 4; ++i) {
    int ex = 0;
    EXPECT_EQ(mant[i], std::frexp(v[i], &ex));
    EXPECT_EQ(exps[i], ex);
    EXPECT_EQ(lg[i], std::ilogb(v[i]));
    EXPECT_EQ(ld[i], v[i] * 4);
  }
  const sycl::marray<float, 3> mf{1, 4, 9};
  const auto native = sycl::native::sqrt(mf);
  const auto hp = sycl::half_precision::recip(mf);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(native[i], float(i + 1), 1e-5);
    EXPECT_NEAR(hp[i], 1.0f / mf[i], 1e-3);
  }
}

// --------------------------------------------------------------------- integer functions

struct IntegerResults {
  std::int32_t abs_min, abs_diff, add_sat, sub_sat, hadd, rhadd, mad_sat, mul_hi, mad_hi, clz_zero,
      clz, ctz, popcount, rotate, mul24, mad24, minimum, maximum, clamp;
  std::int8_t add_sat8, sub_sat8, clz8, rotate8;
  std::uint16_t add_satu, sub_satu, abs_diffu;
  std::int64_t mul_hi64, mad_sat64;
  std::uint64_t mul_hiu64, popcount64;
  std::int16_t upsample8;
  std::uint32_t upsample16;
  std::int64_t upsample32;
};

SYCL_EXTERNAL IntegerResults ComputeIntegers() {
  IntegerResults r{};
  r.abs_min = sycl::abs(INT32_MIN);
  r.abs_diff = sycl::abs_diff(-5, 7);
  r.add_sat = sycl::add_sat(INT32_MAX, 5);
  r.sub_sat = sycl::sub_sat(INT32_MIN + 1, 3);
  r.hadd = sycl::hadd(INT32_MAX, INT32_MAX - 2);
  r.rhadd = sycl::rhadd(5, 8);
  r.mad_sat = sycl::mad_sat(100000, 100000, 1);
  r.mul_hi = sycl::mul_hi(0x40000000, 8);
  r.mad_hi = sycl::mad_hi(0x40000000, 8, 1);
  r.clz_zero = sycl::clz(0);
  r.clz = sycl::clz(0x00f00000);
  r.ctz = sycl::ctz(0x00f00000);
  r.popcount = sycl::popcount(-1);
  r.rotate = sycl::rotate(int(0x80000001), 1);
  r.mul24 = sycl::mul24(1000, -3000);
  r.mad24 = sycl::mad24(1000, 3000, 7);
  r.minimum = sycl::min(3, -4);
  r.maximum = sycl::max(3, -4);
  r.clamp = sycl::clamp(12, 0, 10);
  r.add_sat8 = sycl::add_sat(std::int8_t(-100), std::int8_t(-100));
  r.sub_sat8 = sycl::sub_sat(std::int8_t(100), std::int8_t(-100));
  r.clz8 = sycl::clz(std::int8_t(1));
  r.rotate8 = sycl::rotate(std::int8_t(0x41), std::int8_t(9));
  r.add_satu = sycl::add_sat(std::uint16_t(65000), std::uint16_t(1000));
  r.sub_satu = sycl::sub_sat(std::uint16_t(5), std::uint16_t(6));
  r.abs_diffu = sycl::abs_diff(std::uint16_t(5), std::uint16_t(60000));
  r.mul_hi64 = sycl::mul_hi(std::int64_t(-1), std::int64_t(5));
  r.mad_sat64 = sycl::mad_sat(INT64_MAX, std::int64_t(2), std::int64_t(0));
  r.mul_hiu64 = sycl::mul_hi(~std::uint64_t(0), std::uint64_t(16));
  r.popcount64 = sycl::popcount(~std::uint64_t(0));
  r.upsample8 = sycl::upsample(std::int8_t(-1), std::uint8_t(2));
  r.upsample16 = sycl::upsample(std::uint16_t(1), std::uint16_t(2));
  r.upsample32 = sycl::upsample(std::int32_t(-2), std::uint32_t(3));
  return r;
}

void CheckIntegers(const IntegerResults& r) {
  EXPECT_EQ(r.abs_min, INT32_MIN);  // wraps: |INT_MIN| is not an int
  EXPECT_EQ(r.abs_diff, 12);
  EXPECT_EQ(r.add_sat, INT32_MAX);
  EXPECT_EQ(r.sub_sat, INT32_MIN);
  EXPECT_EQ(r.hadd, INT32_MAX - 1);
  EXPECT_EQ(r.rhadd, 7);
  EXPECT_EQ(r.mad_sat, INT32_MAX);
  EXPECT_EQ(r.mul_hi, 2);
  EXPECT_EQ(r.mad_hi, 3);
  EXPECT_EQ(r.clz_zero, 32);
  EXPECT_EQ(r.clz, 8);
  EXPECT_EQ(r.ctz, 20);
  EXPECT_EQ(r.popcount, 32);
  EXPECT_EQ(r.rotate, 3);
  EXPECT_EQ(r.mul24, -3000000);
  EXPECT_EQ(r.mad24, 3000007);
  EXPECT_EQ(r.minimum, -4);
  EXPECT_EQ(r.maximum, 3);
  EXPECT_EQ(r.clamp, 10);
  EXPECT_EQ(r.add_sat8, -128);
  EXPECT_EQ(r.sub_sat8, 127);
  EXPECT_EQ(r.clz8, 7);
  EXPECT_EQ(r.rotate8, std::int8_t(0x82));  // 9 mod 8 = 1
  EXPECT_EQ(r.add_satu, 65535);
  EXPECT_EQ(r.sub_satu, 0);
  EXPECT_EQ(r.abs_diffu, 59995);
  EXPECT_EQ(r.mul_hi64, -1);
  EXPECT_EQ(r.mad_sat64, INT64_MAX);
  EXPECT_EQ(r.mul_hiu64, 15u);
  EXPECT_EQ(r.popcount64, 64u);
  EXPECT_EQ(r.upsample8, std::int16_t(-254));  // 0xff02
  EXPECT_EQ(r.upsample16, 0x00010002u);
  EXPECT_EQ(r.upsample32, (std::int64_t(-2) * (std::int64_t(1) << 32)) + 3);
}

TEST(IntegerBuiltins, EdgeCasesOnHostAndInKernels) {
  CheckIntegers(ComputeIntegers());
  sycl::queue q;
  IntegerResults* r = sycl::malloc_shared<IntegerResults>(1, q);
  q.single_task([=] { *r = ComputeIntegers(); }).wait();
  CheckIntegers(*r);
  sycl::free(r, q);
}

TEST(IntegerBuiltins, ElementWiseOverVecAndMarray) {
  const sycl::int4 v(-3, 0, 0x100, INT32_MAX);
  const sycl::int4 a = sycl::abs(v), c = sycl::clz(v), s = sycl::add_sat(v, 1);
  const sycl::int4 clamped = sycl::clamp(v, -1, 10);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a[i], sycl::abs(v[i]));
    EXPECT_EQ(c[i], sycl::clz(v[i]));
    EXPECT_EQ(s[i], sycl::add_sat(v[i], 1));
    EXPECT_EQ(clamped[i], std::min(std::max(v[i], -1), 10));
  }
  const sycl::marray<std::uint8_t, 3> m{1, 2, 255};
  const auto p = sycl::popcount(m);
  EXPECT_EQ(p[2], 8);
  const auto up = sycl::upsample(sycl::vec<std::uint8_t, 2>(1, 2), sycl::vec<std::uint8_t, 2>(3, 4));
  EXPECT_TRUE((std::is_same_v<std::remove_const_t<decltype(up)>, sycl::vec<std::uint16_t, 2>>));
  EXPECT_EQ(up[1], 0x0204);
}

// ---------------------------------------------------- common, geometric, relational functions

struct CommonResults {
  float degrees, radians, sign_neg, sign_zero, step0, step1, smooth, mix, clampf, maxf, dot, length,
      distance, fast_length, nx, ny, cx, cy, cz, w_of_cross4;
  std::int32_t isequal_x, isequal_y, isnan_w, any, all, select_x, select_y, signbit;
  std::uint32_t bitselect;
  bool marray_less1, marray_less2, marray_any;
  float native_exp, native_divide, native_recip;
};

SYCL_EXTERNAL CommonResults ComputeCommon() {
  CommonResults r{};
  r.degrees = sycl::degrees(3.14159265f);
  r.radians = sycl::radians(180.0f);
  r.sign_neg = sycl::sign(-3.0f);
  r.sign_zero = sycl::sign(-0.0f);
  r.step0 = sycl::step(1.0f, 0.5f);
  r.step1 = sycl::step(1.0f, 1.0f);
  r.smooth = sycl::smoothstep(0.0f, 2.0f, 1.0f);
  r.mix = sycl::mix(2.0f, 4.0f, 0.25f);
  r.clampf = sycl::clamp(5.5f, 0.0f, 1.0f);
  r.maxf = sycl::max(sycl::float2(1, 5), 3.0f).y();
  const sycl::float3 a(3, 4, 12), b(1, 0, 0);
  r.dot = sycl::dot(a, b);
  r.length = sycl::length(a);
  r.distance = sycl::distance(a, b);
  r.fast_length = sycl::fast_length(sycl::float2(3, 4));
  const sycl::float2 n = sycl::normalize(sycl::float2(3, 4));
  r.nx = n.x();
  r.ny = n.y();
  const sycl::float3 c = sycl::cross(sycl::float3(1, 0, 0), sycl::float3(0, 1, 0));
  r.cx = c.x();
  r.cy = c.y();
  r.cz = c.z();
  r.w_of_cross4 = sycl::cross(sycl::float4(1, 2, 3, 4), sycl::float4(5, 6, 7, 8)).w();
  const sycl::float4 v(1, 2, 3, NAN);
  const sycl::int4 eq = sycl::isequal(v, sycl::float4(1, 0, 3, 0));
  r.isequal_x = eq.x();
  r.isequal_y = eq.y();
  r.isnan_w = sycl::isnan(v).w();
  r.any = sycl::any(sycl::int2(0, -1));
  r.all = sycl::all(sycl::int2(-5, 1));
  const sycl::float2 sel = sycl::select(sycl::float2(1, 2), sycl::float2(10, 20), sycl::int2(-1, 1));
  r.select_x = int(sel.x());
  r.select_y = int(sel.y());
  r.signbit = sycl::signbit(-0.0f);
  r.bitselect = sycl::bitselect(0xff00ff00u, 0x0f0f0f0fu, 0xffff0000u);
  const sycl::marray<bool, 2> less = sycl::isless(sycl::marray<float, 2>{1, 5}, sycl::marray<float, 2>{2, 2});
  r.marray_less1 = less[0];
  r.marray_less2 = less[1];
  r.marray_any = sycl::any(less);
  r.native_exp = sycl::native::exp(1.0f);
  r.native_divide = sycl::native::divide(1.0f, 4.0f);
  r.native_recip = sycl::native::recip(8.0f);
  return r;
}

void CheckCommon(const CommonResults& r) {
  EXPECT_NEAR(r.degrees, 180.0f, 1e-4);
  EXPECT_NEAR(r.radians, 3.14159265f, 1e-6);
  EXPECT_EQ(r.sign_neg, -1.0f);
  EXPECT_EQ(r.sign_zero, 0.0f);
  EXPECT_TRUE(std::signbit(r.sign_zero));
  EXPECT_EQ(r.step0, 0.0f);
  EXPECT_EQ(r.step1, 1.0f);
  EXPECT_EQ(r.smooth, 0.5f);
  EXPECT_EQ(r.mix, 2.5f);
  EXPECT_EQ(r.clampf, 1.0f);
  EXPECT_EQ(r.maxf, 5.0f);
  EXPECT_EQ(r.dot, 3.0f);
  EXPECT_EQ(r.length, 13.0f);
  EXPECT_NEAR(r.distance, std::sqrt(4.0f + 16 + 144), 1e-5);
  EXPECT_EQ(r.fast_length, 5.0f);
  EXPECT_NEAR(r.nx, 0.6f, 1e-6);
  EXPECT_NEAR(r.ny, 0.8f, 1e-6);
  EXPECT_EQ(r.cx, 0.0f);
  EXPECT_EQ(r.cy, 0.0f);
  EXPECT_EQ(r.cz, 1.0f);
  EXPECT_EQ(r.w_of_cross4, 0.0f);
  EXPECT_EQ(r.isequal_x, -1);
  EXPECT_EQ(r.isequal_y, 0);
  EXPECT_EQ(r.isnan_w, -1);
  EXPECT_EQ(r.any, 1);
  EXPECT_EQ(r.all, 0);
  EXPECT_EQ(r.select_x, 10);
  EXPECT_EQ(r.select_y, 2);  // 1 has its top bit clear
  EXPECT_EQ(r.signbit, 1);
  EXPECT_EQ(r.bitselect, 0x0f0fff00u);
  EXPECT_TRUE(r.marray_less1);
  EXPECT_FALSE(r.marray_less2);
  EXPECT_TRUE(r.marray_any);
  EXPECT_NEAR(r.native_exp, 2.7182818f, 1e-4);
  EXPECT_NEAR(r.native_divide, 0.25f, 1e-6);
  EXPECT_NEAR(r.native_recip, 0.125f, 1e-6);
}

TEST(CommonGeometricRelational, OnHostAndInKernels) {
  CheckCommon(ComputeCommon());
  sycl::queue q;
  CommonResults* r = sycl::malloc_shared<CommonResults>(1, q);
  q.single_task([=] { *r = ComputeCommon(); }).wait();
  CheckCommon(*r);
  sycl::free(r, q);
}

// Scalar relational functions return bool; a plain call next to `using namespace sycl` still
// resolves to <cmath> for the standard names.
TEST(CommonGeometricRelational, ScalarFormsAndOverloadResolution) {
  EXPECT_TRUE((std::is_same_v<decltype(sycl::isnan(1.0f)), bool>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::isequal(sycl::double2(), sycl::double2())),
                              sycl::vec<std::int64_t, 2>>));
  // any/all give int for a vec (as OpenCL), bool for an marray and a scalar.
  EXPECT_TRUE((std::is_same_v<decltype(sycl::any(sycl::int2())), int>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::all(sycl::int4().swizzle<0, 1>())), int>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::all(sycl::marray<bool, 2>())), bool>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::any(3)), bool>));
  using namespace sycl;
  EXPECT_EQ(sqrt(4.0f), 2.0f);
  EXPECT_EQ(cos(0.0), 1.0);
  EXPECT_EQ(fabs(-2.0f), 2.0f);
}

}  // namespace
