// sycl::half: float -> half rounding against an independent reference (nearest of the two
// neighbouring halves, ties to even) over many floats, exact round trips of every half, special
// values, arithmetic, numeric_limits, and the conversions inside a kernel.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace {

float BitsToFloat(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// The value of a finite half from its bits, by the definition of binary16.
double HalfValue(std::uint16_t bits) {
  const int e = (bits >> 10) & 0x1f, m = bits & 0x3ff;
  const double mag = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return (bits & 0x8000) ? -mag : mag;
}

// Round to nearest, ties to even, by comparing the two halves around |f| (exact in double).
std::uint16_t ReferenceBits(float f) {
  const std::uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double mag = std::fabs(double(f));
  if (mag >= 65520.0) return sign | 0x7c00;  // halfway between 65504 and 2^16 rounds to inf
  std::uint16_t lo = 0;                       // the largest half <= mag
  for (int step = 1 << 14; step > 0; step >>= 1) {
    if (lo + step <= 0x7bff && HalfValue(std::uint16_t(lo + step)) <= mag) lo += step;
  }
  if (HalfValue(lo) == mag) return sign | lo;
  const double down = mag - HalfValue(lo), up = HalfValue(std::uint16_t(lo + 1)) - mag;
  const bool round_up = up < down || (up == down && (lo & 1));
  return sign | std::uint16_t(round_up ? lo + 1 : lo);
}

TEST(Half, FloatToHalfRoundsToNearestEven) {
  std::mt19937 rng(7);
  std::vector<float> values = {0.0f, -0.0f, 1.0f, 65504.0f, 65519.99f, 65520.0f, 1e-8f, 2.9802322e-8f,
                               5.9604645e-8f, 8.940697e-8f, 6.1035156e-05f, 6.097555e-05f,
                               1.0f + 1.0f / 2048, 1.0f + 3.0f / 2048, -1.0f - 1.0f / 2048};
  for (int i = 0; i < 20000; ++i) {
    // Exponents around the half range, every mantissa pattern.
    const std::uint32_t exp = 100 + rng() % 45, mant = rng() & 0x7fffff, sign = rng() & 1;
    values.push_back(BitsToFloat((sign << 31) | (exp << 23) | mant));
  }
  for (float f : values) {
    EXPECT_EQ(sycl::half(f).bits(), ReferenceBits(f)) << f;
  }
}

TEST(Half, EveryHalfRoundTripsThroughFloat) {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const sycl::half h = sycl::half::from_bits(std::uint16_t(b));
    const float f = h;
    const bool nan = ((b >> 10) & 0x1f) == 0x1f && (b & 0x3ff);
    if (nan) {
      EXPECT_TRUE(std::isnan(f));
      EXPECT_TRUE(std::isnan(float(sycl::half(f))));
    } else {
      if (((b >> 10) & 0x1f) != 0x1f) EXPECT_EQ(double(f), HalfValue(std::uint16_t(b)));
      EXPECT_EQ(sycl::half(f).bits(), b);
    }
  }
}

TEST(Half, ArithmeticGoesThroughFloat) {
  const sycl::half a = 1.5f, b = 2.25f;
  EXPECT_EQ(float(a + b), 3.75f);
  EXPECT_EQ(float(a * b), 3.375f);
  EXPECT_EQ(float(-a), -1.5f);
  EXPECT_TRUE(a < b);
  EXPECT_TRUE(a == 1.5);
  sycl::half c = 2048;
  c += 1;  // 2049 is not a half: rounds to even (2048)
  EXPECT_EQ(float(c), 2048.0f);
  EXPECT_TRUE((std::is_same_v<decltype(a + b), sycl::half>));
  EXPECT_TRUE((std::is_same_v<decltype(a + 1.0f), float>));
  EXPECT_TRUE((std::is_same_v<decltype(a * 2), sycl::half>));
  EXPECT_EQ(sizeof(sycl::half), 2u);
}

TEST(Half, NumericLimits) {
  using L = std::numeric_limits<sycl::half>;
  EXPECT_TRUE(L::is_specialized);
  EXPECT_EQ(float(L::max()), 65504.0f);
  EXPECT_EQ(float(L::lowest()), -65504.0f);
  EXPECT_EQ(float(L::min()), std::ldexp(1.0f, -14));
  EXPECT_EQ(float(L::denorm_min()), std::ldexp(1.0f, -24));
  EXPECT_EQ(float(L::epsilon()), std::ldexp(1.0f, -10));
  EXPECT_TRUE(std::isinf(float(L::infinity())));
  EXPECT_TRUE(std::isnan(float(L::quiet_NaN())));
  EXPECT_EQ(L::digits, 11);
  EXPECT_EQ(float(sycl::half(float(L::max()) * 2)), std::numeric_limits<float>::infinity());
  static_assert(L::max().bits() == 0x7bff);
}

// A program's own clamp template, called unqualified with half as the SYCL-CTS's util library does:
// argument-dependent lookup must not bring sycl::clamp in beside it (the call was ambiguous).
namespace own {
template <typename T>
T clamp(T v, T lo, T hi) {
  return v < lo ? lo : hi < v ? hi : v;
}
template <typename T>
T unit_clamp(T v) {
  return clamp<T>(v, 0, 1);
}
}  // namespace own

TEST(Half, UnqualifiedCallsDoNotFindTheBuiltins) {
  EXPECT_EQ(float(own::unit_clamp(sycl::half(1.5f))), 1.0f);
  EXPECT_EQ(float(own::unit_clamp(sycl::half(-0.5f))), 0.0f);
  // Qualified, the built-ins take half as before; its operators are still found.
  EXPECT_EQ(float(sycl::clamp(sycl::half(1.5f), sycl::half(0), sycl::half(1))), 1.0f);
  EXPECT_EQ(float(sycl::sqrt(sycl::half(4.0f))), 2.0f);
  EXPECT_EQ(float(sycl::sqrt(sycl::vec<sycl::half, 2>(4.0f, 9.0f))[1]), 3.0f);
  EXPECT_EQ(float(sycl::half(1.5f) + 1), 2.5f);
}

TEST(Half, ConversionsInKernelsMatchTheHost) {
  sycl::queue q;
  constexpr int n = 1024;
  float* in = sycl::malloc_shared<float>(n, q);
  std::uint16_t* bits = sycl::malloc_shared<std::uint16_t>(n, q);
  float* back = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i) in[i] = BitsToFloat(0x33000000u + std::uint32_t(i) * 0x0012d687u);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const sycl::half h = in[i];
     bits[i] = h.bits();
     back[i] = float(h * sycl::half(2.0f));
   }).wait();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(bits[i], ReferenceBits(in[i])) << in[i];
    EXPECT_EQ(back[i], float(sycl::half(float(sycl::half(in[i])) * 2.0f)));
  }
  sycl::free(back, q);
  sycl::free(bits, q);
  sycl::free(in, q);
}

// Every device has aspect::fp16 (the CPU's half computes through float): half works in a kernel's
// group algorithms and built-ins as the spec asks of such a device.
TEST(Half, EveryDeviceHasFp16AndGroupAlgorithmsTakeHalf) {
  for (const auto& d : sycl::device::get_devices()) {
    ASSERT_TRUE(d.has(sycl::aspect::fp16)) << d.get_info<sycl::info::device::name>();
    sycl::queue q(d);
    constexpr int n = 64, wg = 16;
    float* out = sycl::malloc_shared<float>(3 * n, q);
    q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       const auto g = it.get_group();
       const sycl::half one(1.0f);
       const std::size_t i = it.get_global_linear_id();
       out[i] = float(sycl::reduce_over_group(g, one, sycl::plus<sycl::half>()));
       out[n + i] = float(sycl::inclusive_scan_over_group(g, one, sycl::plus<sycl::half>()));
       out[2 * n + i] = float(sycl::sqrt(sycl::half(float((i % wg) * (i % wg)))));
     }).wait();
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(out[i], float(wg));
      EXPECT_EQ(out[n + i], float(i % wg + 1));
      EXPECT_EQ(out[2 * n + i], float(i % wg));
    }
    sycl::free(out, q);
  }
}

}  // namespace
