// sycl::vec: layout, constructors, swizzles (reading and assigning), operators, convert with every
// rounding mode, as, load/store; the same operations inside a kernel against the host results.
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace {

template <typename T>
struct Same {
  using type = T;
};

template <typename T, int N>
void ExpectElements(const sycl::vec<T, N>& v, std::initializer_list<typename Same<T>::type> want) {
  ASSERT_EQ(want.size(), std::size_t(N));
  int i = 0;
  for (T w : want) EXPECT_EQ(v[i++], w) << "element " << i - 1;
}

TEST(Vec, LayoutFollowsTheSpec) {
  EXPECT_EQ(sizeof(sycl::float3), 16u);  // three elements are stored as four
  EXPECT_EQ(alignof(sycl::float3), 16u);
  EXPECT_EQ(sizeof(sycl::double16), 128u);
  EXPECT_EQ(sycl::float3::size(), 3u);
  EXPECT_EQ(sycl::float3::get_count(), 3u);
  EXPECT_EQ(sycl::float3::byte_size(), 16u);
  EXPECT_EQ(sycl::uchar2::get_size(), 2u);
  EXPECT_TRUE((std::is_same_v<sycl::int4, sycl::vec<std::int32_t, 4>>));
  EXPECT_TRUE((std::is_same_v<sycl::ulong2, sycl::vec<std::uint64_t, 2>>));
  EXPECT_TRUE((std::is_same_v<sycl::half2::element_type, sycl::half>));
  EXPECT_TRUE(std::is_trivially_copyable_v<sycl::float4>);
}

TEST(Vec, ConstructorsBroadcastAndConcatenate) {
  ExpectElements(sycl::float4(2.5f), {2.5f, 2.5f, 2.5f, 2.5f});
  ExpectElements(sycl::int4(), {0, 0, 0, 0});
  const sycl::float2 a(1, 2);
  ExpectElements(sycl::float4(a, 3.0f, 4), {1, 2, 3, 4});
  ExpectElements(sycl::float4(0, a, 3), {0, 1, 2, 3});
  const sycl::float4 b(5, 6, 7, 8);
  ExpectElements(sycl::float4(b.wz(), a.yx()), {8, 7, 2, 1});
  ExpectElements(sycl::vec<int, 8>(b.convert<int>(), 1, 2, 3, 4), {5, 6, 7, 8, 1, 2, 3, 4});
  sycl::float3 c = {1u, 2u, 3u};  // a braced list of other types converts element by element
  ExpectElements(c, {1, 2, 3});
  sycl::vec d(1.0, 2.0);  // deduction guide
  EXPECT_TRUE((std::is_same_v<decltype(d), sycl::double2>));
  sycl::vec<float, 1> one(3.0f);
  float f = one;
  EXPECT_EQ(f, 3.0f);
}

TEST(Vec, NamedAccessorsAndSwizzlesRead) {
  const sycl::int4 v(10, 11, 12, 13);
  EXPECT_EQ(v.x(), 10);
  EXPECT_EQ(v.w(), 13);
  EXPECT_EQ(v.g(), 11);
  EXPECT_EQ(v.a(), 13);
  EXPECT_EQ(v.s2(), 12);
  ExpectElements(sycl::int4(v.wzyx()), {13, 12, 11, 10});
  ExpectElements(sycl::int3(v.zyx()), {12, 11, 10});
  ExpectElements(sycl::int4(v.xxxx()), {10, 10, 10, 10});
  ExpectElements(sycl::int2(v.bg()), {12, 11});
  ExpectElements(sycl::int4(v.swizzle<3, 0, 3, 1>()), {13, 10, 13, 11});
  ExpectElements(sycl::int2(v.swizzle<sycl::elem::w, sycl::elem::s1>()), {13, 11});
  ExpectElements(sycl::int2(v.lo()), {10, 11});
  ExpectElements(sycl::int2(v.hi()), {12, 13});
  ExpectElements(sycl::int2(v.even()), {10, 12});
  ExpectElements(sycl::int2(v.odd()), {11, 13});
  ExpectElements(sycl::int2(v.wzyx().lo()), {13, 12});  // a swizzle of a swizzle
  sycl::vec<int, 16> s;
  for (int i = 0; i < 16; ++i) s[i] = i * i;
  EXPECT_EQ(s.sF(), 225);
  EXPECT_EQ(s.sA(), 100);
  sycl::vec<int, 8> hi = s.hi();
  sycl::vec<int, 8> odd = s.odd();
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(hi[i], (i + 8) * (i + 8));
    EXPECT_EQ(odd[i], (2 * i + 1) * (2 * i + 1));
  }
  // A 3-element vec halves as if it had 4 elements: lo() is (x, y), hi().x() is z.
  sycl::int3 three(1, 2, 3);
  ExpectElements(sycl::int2(three.lo()), {1, 2});
  EXPECT_EQ(three.hi().x(), 3);
  EXPECT_EQ(three.odd().x(), 2);
}

TEST(Vec, SwizzlesAssignThroughToTheVec) {
  sycl::int4 v(0, 100, 200, 300);
  sycl::int4 w;
  w.rgba() = v.abgr();
  ExpectElements(w, {300, 200, 100, 0});
  v.xy() = v.yx();  // the right side is read before anything is written
  ExpectElements(v, {100, 0, 200, 300});
  v.lo() = sycl::int2(7, 8);
  v.hi() = 9;
  ExpectElements(v, {7, 8, 9, 9});
  v.zw() += sycl::int2(1, 2);
  v.x() = 42;
  v.odd() *= 10;
  ExpectElements(v, {42, 80, 10, 110});
  sycl::float4 e(8, 6, 2, 3);  // the book's fig. 11-6 sequence
  const float last = e.w();
  sycl::float4 sw = e.xyzw();
  sw = e.xyzw() * sw.wzyx();
  sw = sw + last;
  ExpectElements(sw, {27.0f, 15.0f, 15.0f, 27.0f});
}

// A one-element swizzle reads as both vec<T, 1> and T; its operators and assignments must still
// pick one meaning. Swizzles step with ++ and -- and answer the deprecated size queries.
TEST(Vec, OneElementSwizzlesInOperatorsAndSwizzleIncrements) {
  sycl::vec<int, 1> one(5), other(3);
  sycl::vec<int, 1> r = one + other.swizzle<0>();
  EXPECT_EQ(r[0], 8);
  r = one.swizzle<0>() * other.swizzle<0>();
  EXPECT_EQ(r[0], 15);
  r = one.x() - 1;
  EXPECT_EQ(r[0], 4);
  r = 10 - other.x();
  EXPECT_EQ(r[0], 7);
  auto mask = one.x() > other;
  EXPECT_EQ(mask[0], -1);
  r = other.swizzle<0>();
  EXPECT_EQ(r[0], 3);
  r += other.x();
  r <<= one.swizzle<0>();
  EXPECT_EQ(r[0], 6 << 5);
  sycl::int4 v(1, 2, 3, 4);
  ++v.xy();
  const sycl::int2 old = v.zw()--;
  ExpectElements(v, {2, 3, 2, 3});
  ExpectElements(old, {3, 4});
  EXPECT_EQ(v.xyz().get_count(), 3u);
  EXPECT_EQ(v.xyz().get_size(), sizeof(sycl::int3));
  // The unary operators, which a one-element swizzle reached as a vec and as its element alike.
  const sycl::vec<int, 1> negated = -one.swizzle<0>(), complement = ~other.swizzle<0>();
  EXPECT_EQ(negated[0], -5);
  EXPECT_EQ(complement[0], ~3);
  EXPECT_EQ((+one.swizzle<0>())[0], 5);
  sycl::vec<bool, 1> yes(true);
  const auto no = !yes.swizzle<0>();
  static_assert(std::is_same_v<decltype(no), const decltype(!yes)>);
  EXPECT_EQ(no[0], 0);
}

TEST(Vec, ArithmeticAndBitwiseOperators) {
  const sycl::int4 a(1, -2, 30, 7), b(3, 5, -4, 2);
  ExpectElements(a + b, {4, 3, 26, 9});
  ExpectElements(a - 1, {0, -3, 29, 6});
  ExpectElements(10 * a, {10, -20, 300, 70});
  ExpectElements(a / b, {0, 0, -7, 3});
  ExpectElements(a % b, {1, -2, 2, 1});
  ExpectElements(a & b, {1 & 3, -2 & 5, 30 & -4, 7 & 2});
  ExpectElements(a | 8, {9, -2, 30, 15});
  ExpectElements(a ^ b, {1 ^ 3, -2 ^ 5, 30 ^ -4, 7 ^ 2});
  ExpectElements(a << 2, {4, -8, 120, 28});
  ExpectElements(b >> 1, {1, 2, -2, 1});
  ExpectElements(-a, {-1, 2, -30, -7});
  ExpectElements(~a, {~1, ~-2, ~30, ~7});
  sycl::int4 c = a;
  c += b;
  c <<= 1;
  ExpectElements(c, {8, 6, 52, 18});
  ExpectElements(c++, {8, 6, 52, 18});
  ExpectElements(--c, {8, 6, 52, 18});
  // Small element types keep their width (the result is truncated back).
  const sycl::uchar2 u(250, 3);
  ExpectElements(u + std::uint8_t(10), {std::uint8_t(4), std::uint8_t(13)});
  const sycl::float2 f(1.5f, -2.0f);
  ExpectElements(f * 2.0f + f, {4.5f, -6.0f});
}

// std::byte elements take the bitwise operators, which std::byte has.
TEST(Vec, ByteElementsTakeTheBitwiseOperators) {
  sycl::vec<std::byte, 2> v(std::byte{0x0f}, std::byte{0xf0});
  const sycl::vec<std::byte, 2> mask(std::byte{0x3c});
  v &= mask;
  EXPECT_EQ(v[0], std::byte{0x0c});
  EXPECT_EQ(v[1], std::byte{0x30});
  v |= mask.swizzle<0>();
  EXPECT_EQ(v[1], std::byte{0x3c});
  const sycl::vec<std::byte, 2> flipped = ~(v ^ std::byte{0xff});
  EXPECT_EQ(flipped[0], std::byte{0x3c});
}

TEST(Vec, ComparisonsGiveSignedMinusOneOrZeroOfTheElementSize) {
  const sycl::float4 a(1, 2, 3, std::numeric_limits<float>::quiet_NaN()), b(1, 3, 2, 0);
  auto eq = a == b;
  EXPECT_TRUE((std::is_same_v<decltype(eq), sycl::vec<std::int32_t, 4>>));
  ExpectElements(eq, {-1, 0, 0, 0});
  ExpectElements(a < b, {0, -1, 0, 0});
  ExpectElements(a >= 2.0f, {0, -1, -1, 0});
  ExpectElements(a != b, {0, -1, -1, -1});
  const sycl::double2 d(1, 2);
  auto dl = d > 1.5;
  EXPECT_TRUE((std::is_same_v<decltype(dl), sycl::vec<std::int64_t, 2>>));
  ExpectElements(dl, {std::int64_t(0), std::int64_t(-1)});
  const sycl::ushort2 s(0, 5);
  auto sl = !s;
  EXPECT_TRUE((std::is_same_v<decltype(sl), sycl::vec<std::int16_t, 2>>));
  ExpectElements(sl, {std::int16_t(-1), std::int16_t(0)});
  ExpectElements(sycl::int2(0, 3) && sycl::int2(4, 5), {0, -1});
  ExpectElements(sycl::int2(0, 3) || 0, {0, -1});
}

// The rounding modes on the values where they differ; out-of-range values saturate. automatic
// rounds to nearest even, as DPC++ does (and the SYCL-CTS's vector_api expects).
TEST(Vec, ConvertRoundsFloatToIntegerAsAsked) {
  using sycl::rounding_mode;
  const sycl::float8 x(2.5f, -2.5f, 1.5f, -0.5f, 1e10f, -1e10f, 2.75f,
                       std::numeric_limits<float>::quiet_NaN());
  const int big = std::numeric_limits<int>::max(), small = std::numeric_limits<int>::min();
  ExpectElements(x.convert<int>(), {2, -2, 2, 0, big, small, 3, 0});
  ExpectElements(sycl::double2(3.8, -3.8).convert<long>(), {4L, -4L});
  ExpectElements(x.convert<int, rounding_mode::rtz>(), {2, -2, 1, 0, big, small, 2, 0});
  ExpectElements(x.convert<int, rounding_mode::rte>(), {2, -2, 2, 0, big, small, 3, 0});
  ExpectElements(x.convert<int, rounding_mode::rtp>(), {3, -2, 2, 0, big, small, 3, 0});
  ExpectElements(x.convert<int, rounding_mode::rtn>(), {2, -3, 1, -1, big, small, 2, 0});
  ExpectElements(sycl::float2(300.0f, -1.0f).convert<std::uint8_t>(), {std::uint8_t(255), std::uint8_t(0)});
  ExpectElements(sycl::double2(-3.5, 1e300).convert<std::int64_t, rounding_mode::rte>(),
                 {std::int64_t(-4), std::numeric_limits<std::int64_t>::max()});
}

TEST(Vec, ConvertRoundsToNarrowerFloatingTypesAsAsked) {
  using sycl::rounding_mode;
  const double third = 1.0 / 3.0;
  const float up = float(third);  // 1/3 rounds up to nearest
  const float down = std::nextafter(up, 0.0f);
  const sycl::double4 d(third, -third, 1e300, 0.5);
  ExpectElements(d.convert<float>(), {up, -up, std::numeric_limits<float>::infinity(), 0.5f});
  ExpectElements(d.convert<float, rounding_mode::rtz>(), {down, -down, std::numeric_limits<float>::max(), 0.5f});
  ExpectElements(d.convert<float, rounding_mode::rtp>(), {up, -down, std::numeric_limits<float>::infinity(), 0.5f});
  ExpectElements(d.convert<float, rounding_mode::rtn>(), {down, -up, std::numeric_limits<float>::max(), 0.5f});
  const sycl::int2 i(16777217, -16777217);  // 2^24 + 1 is not a float
  ExpectElements(i.convert<float>(), {16777216.0f, -16777216.0f});
  ExpectElements(i.convert<float, rounding_mode::rtp>(), {16777218.0f, -16777216.0f});
  ExpectElements(i.convert<float, rounding_mode::rtn>(), {16777216.0f, -16777218.0f});
  const sycl::float2 h(1.0f + 1.0f / 4096, -65519.0f);  // between two halves / just below 65520
  auto hr = h.convert<sycl::half, rounding_mode::rtp>();
  EXPECT_EQ(float(hr[0]), 1.0f + 1.0f / 1024);
  EXPECT_EQ(float(hr[1]), -65504.0f);
  EXPECT_EQ(float(h.convert<sycl::half>()[0]), 1.0f);
}

TEST(Vec, AsReinterpretsTheBits) {
  const sycl::float4 f(1.0f, -2.0f, 0.0f, 0.5f);
  const auto u = f.as<sycl::uint4>();
  for (int i = 0; i < 4; ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &f[i], 4);
    EXPECT_EQ(u[i], bits);
  }
  const auto bytes = sycl::int2(0x04030201, 0).as<sycl::uchar8>();
  EXPECT_EQ(bytes[0], 1);
  EXPECT_EQ(bytes[3], 4);
  const auto back = sycl::float3(1, 2, 3).as<sycl::int4>();  // 3 elements count as 4
  EXPECT_EQ(back.as<sycl::float4>()[2], 3.0f);
}

template <typename T>
struct HandleOf {  // what multi_ptr looks like to load/store: a get() that returns the pointer
  T* p;
  T* get() const { return p; }
};

TEST(Vec, LoadAndStoreFromRawPointersAndPointerHandles) {
  float data[12];
  for (int i = 0; i < 12; ++i) data[i] = float(i);
  sycl::float4 v;
  v.load(1, data);
  ExpectElements(v, {4, 5, 6, 7});
  sycl::float3 t;
  t.load(3, HandleOf<float>{data});
  ExpectElements(t, {9, 10, 11});
  (v * 2.0f).store(2, HandleOf<float>{data});
  EXPECT_EQ(data[8], 8.0f);
  EXPECT_EQ(data[11], 14.0f);
  t.store(0, data);
  EXPECT_EQ(data[2], 11.0f);
}

// What a work-item computes from its index; run on the host and in a kernel.
SYCL_EXTERNAL sycl::float4 Exercise(int i) {
  sycl::float4 v(float(i), 0.5f * i, -2.5f, 1e10f);
  v.xy() = v.yx() + 1.0f;
  // Halved so that the saturated 1e10 elements do not overflow when added.
  sycl::int4 r = v.convert<int, sycl::rounding_mode::rte>() / 2 + v.convert<int, sycl::rounding_mode::rtn>() / 2;
  sycl::float4 w = r.convert<float>();
  w.hi() *= sycl::float2(2, 3).yx();
  const sycl::int4 mask = w > 0.0f;
  return w + mask.convert<float>() + sycl::float4(v.as<sycl::int4>().x() & 1);
}

TEST(Vec, KernelsComputeWhatTheHostComputes) {
  sycl::queue q;
  constexpr int n = 16;
  sycl::float4* out = sycl::malloc_shared<sycl::float4>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = Exercise(int(i[0])); }).wait();
  for (int i = 0; i < n; ++i) {
    const sycl::float4 want = Exercise(i);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(out[i][k], want[k]) << i << "," << k;
  }
  sycl::free(out, q);
}

}  // namespace
