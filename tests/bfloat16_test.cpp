// DPC++'s bfloat16 (sycl_ext_oneapi_bfloat16), on the host and in kernels: conversions round to
// nearest even, arithmetic rounds each result back, and the math functions (HeCBench's LLM kernels
// and block utilities use the type).
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace {
using sycl::ext::oneapi::bfloat16;
namespace oneapi = sycl::ext::oneapi;

std::uint16_t bits(bfloat16 b) { return sycl::bit_cast<std::uint16_t>(b); }

TEST(Bfloat16, ConvertsWithRoundToNearestEven) {
  static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>);
  EXPECT_EQ(bits(bfloat16(1.0f)), 0x3f80u);
  // 1 + 2^-8 is half-way between 1 and 1 + 2^-7: to the even one, 1.
  EXPECT_EQ(float(bfloat16(1.0f + 0x1p-8f)), 1.0f);
  // 1 + 3 * 2^-8 is half-way between 1 + 2^-7 and 1 + 2^-6: to the even one, 1 + 2^-6.
  EXPECT_EQ(float(bfloat16(1.0f + 3 * 0x1p-8f)), 1.0f + 0x1p-6f);
  EXPECT_EQ(float(bfloat16(1.0f + 0x1p-8f + 0x1p-20f)), 1.0f + 0x1p-7f);
  EXPECT_EQ(float(bfloat16(-3.5f)), -3.5f);
  EXPECT_TRUE(oneapi::isnan(bfloat16(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(float(bfloat16(std::numeric_limits<float>::infinity())), std::numeric_limits<float>::infinity());
  EXPECT_EQ(float(bfloat16(sycl::half(0.5f))), 0.5f);
  EXPECT_EQ(float(sycl::half(bfloat16(2.0f))), 2.0f);
  EXPECT_FALSE(static_cast<bool>(bfloat16(0.0f)));
}

TEST(Bfloat16, OperatorsRoundEachResult) {
  bfloat16 a = 1.0f, b = 0x1p-8f;
  EXPECT_EQ(float(a + b), 1.0f); // 1 + 2^-8 rounds back to 1
  EXPECT_EQ(float(a * 3), 3.0f);
  EXPECT_EQ(float(2.0 / bfloat16(8.0f)), 0.25f);
  EXPECT_TRUE(a > b && b < 1 && a == 1.0f && 1.0f == a && a != b);
  a += 1.0f;
  EXPECT_EQ(float(a++), 2.0f);
  EXPECT_EQ(float(a), 3.0f);
  EXPECT_EQ(float(-a), -3.0f);
  EXPECT_EQ(float(oneapi::fma(bfloat16(2.0f), bfloat16(3.0f), bfloat16(1.0f))), 7.0f);
  EXPECT_EQ(float(oneapi::sqrt(bfloat16(16.0f))), 4.0f);
  EXPECT_EQ(float(oneapi::fmax(bfloat16(-1.0f), bfloat16(2.0f))), 2.0f);
}

TEST(Bfloat16, InKernels) {
  sycl::queue q;
  constexpr std::size_t n = 256;
  bfloat16* x = sycl::malloc_shared<bfloat16>(n, q);
  float* out = sycl::malloc_shared<float>(n, q);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i) * 0.75f - 50.0f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const bfloat16 v = x[i];
     bfloat16 y = v * v;
     y -= oneapi::fabs(v);
     out[i] = y > 0.0f ? float(y) : float(oneapi::floor(v));
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    const bfloat16 v = x[i];
    bfloat16 y = v * v;
    y -= oneapi::fabs(v);
    EXPECT_EQ(out[i], y > 0.0f ? float(y) : std::floor(float(v))) << i;
  }
  sycl::free(x, q);
  sycl::free(out, q);
}

} // namespace
