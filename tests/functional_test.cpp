// The SYCL function objects against the plain expressions they stand for, and their known
// identities against both the spec's table and the property that makes them identities.
#include <sycl/functional.hpp>
#include <sycl/known_identity.hpp>
#include <sycl/marray.hpp>
#include <sycl/vec.hpp>

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

const std::vector<int> kInts = {INT_MIN, -1000, -7, -1, 0, 1, 2, 3, 5, 0x5a5a, 1000, INT_MAX};
const std::vector<double> kDoubles = {-1e300, -2.5, -0.0, 0.0, 0.125, 3.0, 1e300};

TEST(FunctionObjects, TypedFormsMatchThePlainExpressions) {
  for (int x : kInts) {
    for (int y : kInts) {
      SCOPED_TRACE(::testing::Message() << "x=" << x << " y=" << y);
      const long long wide_x = x, wide_y = y;
      EXPECT_EQ(sycl::plus<long long>{}(wide_x, wide_y), wide_x + wide_y);
      EXPECT_EQ(sycl::multiplies<long long>{}(wide_x, wide_y), wide_x * wide_y);
      EXPECT_EQ(sycl::bit_and<int>{}(x, y), x & y);
      EXPECT_EQ(sycl::bit_or<int>{}(x, y), x | y);
      EXPECT_EQ(sycl::bit_xor<int>{}(x, y), x ^ y);
      EXPECT_EQ(sycl::logical_and<int>{}(x, y), int(x && y));
      EXPECT_EQ(sycl::logical_or<int>{}(x, y), int(x || y));
      EXPECT_EQ(sycl::minimum<int>{}(x, y), std::min(x, y));
      EXPECT_EQ(sycl::maximum<int>{}(x, y), std::max(x, y));
    }
  }
  for (double x : kDoubles) {
    for (double y : kDoubles) {
      EXPECT_EQ(sycl::plus<double>{}(x, y), x + y);
      EXPECT_EQ(sycl::multiplies<double>{}(x, y), x * y);
      EXPECT_EQ(sycl::minimum<double>{}(x, y), std::min(x, y));
      EXPECT_EQ(sycl::maximum<double>{}(x, y), std::max(x, y));
    }
  }
}

// SYCL's typed forms return T where std's logical operators return bool.
TEST(FunctionObjects, TypedFormsReturnT) {
  EXPECT_TRUE((std::is_same_v<decltype(sycl::logical_and<int>{}(2, 3)), int>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::logical_or<long>{}(0, 3)), long>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::plus<short>{}(1, 2)), short>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::minimum<float>{}(1, 2)), float>));
  EXPECT_EQ(sycl::logical_and<int>{}(2, 3), 1);
  EXPECT_TRUE((std::is_same_v<sycl::plus<>, sycl::plus<void>>));
  EXPECT_TRUE((std::is_same_v<sycl::maximum<>, sycl::maximum<void>>));
}

TEST(FunctionObjects, TransparentFormsDeduceFromTheArguments) {
  EXPECT_EQ(sycl::plus<>{}(1, 2.5), 3.5);
  EXPECT_TRUE((std::is_same_v<decltype(sycl::plus<>{}(1, 2.5)), double>));
  EXPECT_EQ(sycl::multiplies<>{}(3, 2.5f), 7.5f);
  EXPECT_EQ(sycl::bit_and<>{}(0xf0u, 0x3c), 0x30u);
  EXPECT_EQ(sycl::bit_or<>{}(0xf0, 0x0fL), 0xffL);
  EXPECT_TRUE((std::is_same_v<decltype(sycl::bit_or<>{}(0xf0, 0x0fL)), long>));
  EXPECT_EQ(sycl::bit_xor<>{}(0xff, 0x0f), 0xf0);
  EXPECT_TRUE((std::is_same_v<decltype(sycl::logical_and<>{}(2, 3)), bool>));
  EXPECT_TRUE(sycl::logical_and<>{}(2, 3.0));
  EXPECT_FALSE(sycl::logical_or<>{}(0, 0.0));
  EXPECT_EQ(sycl::minimum<>{}(3, 2.5), 2.5);
  EXPECT_EQ(sycl::maximum<>{}(3, 2.5), 3.0);
  EXPECT_TRUE((std::is_same_v<decltype(sycl::maximum<>{}(3, 2.5)), double>));
  for (int x : kInts) {
    for (int y : kInts) {
      EXPECT_EQ(sycl::plus<>{}(x, static_cast<long long>(y)), static_cast<long long>(x) + y);
      EXPECT_EQ(sycl::minimum<>{}(x, y), std::min(x, y));
      EXPECT_EQ(sycl::maximum<>{}(x, y), std::max(x, y));
    }
  }
}

// Both operands become the common type before comparing, as they would before adding:
// -1 becomes the largest unsigned value.
TEST(FunctionObjects, TransparentMinMaxCompareInTheCommonType) {
  EXPECT_EQ(sycl::minimum<>{}(-1, 1u), 1u);
  EXPECT_EQ(sycl::maximum<>{}(-1, 1u), UINT_MAX);
  EXPECT_TRUE((std::is_same_v<decltype(sycl::minimum<>{}(-1, 1u)), unsigned>));
}

TEST(FunctionObjects, TransparentFormsAreMarkedTransparent) {
  EXPECT_TRUE((std::is_void_v<sycl::plus<>::is_transparent>));
  EXPECT_TRUE((std::is_void_v<sycl::logical_or<>::is_transparent>));
  EXPECT_TRUE((std::is_void_v<sycl::minimum<>::is_transparent>));
}

// Like std::min and std::max, ties go to the first argument; signed zeros make that visible.
TEST(FunctionObjects, MinimumAndMaximumReturnTheFirstOfEquals) {
  EXPECT_FALSE(std::signbit(sycl::minimum<double>{}(0.0, -0.0)));
  EXPECT_TRUE(std::signbit(sycl::minimum<double>{}(-0.0, 0.0)));
  EXPECT_FALSE(std::signbit(sycl::maximum<double>{}(0.0, -0.0)));
  EXPECT_TRUE(std::signbit(sycl::maximum<>{}(-0.0, 0.0)));
}

TEST(FunctionObjects, UsableInConstantExpressions) {
  constexpr int sum = sycl::plus<int>{}(2, 3);
  constexpr long low = sycl::minimum<>{}(4L, 9);
  EXPECT_EQ(sum, 5);
  EXPECT_EQ(low, 4L);
}

TEST(KnownIdentity, ValuesFollowTheSpecTable) {
  EXPECT_EQ((sycl::known_identity_v<sycl::plus<int>, int>), 0);
  EXPECT_EQ((sycl::known_identity_v<sycl::plus<>, double>), 0.0);
  EXPECT_EQ((sycl::known_identity_v<sycl::multiplies<long>, long>), 1L);
  EXPECT_EQ((sycl::known_identity_v<sycl::multiplies<>, float>), 1.0f);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_and<unsigned>, unsigned>), ~0u);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_and<>, int>), ~0);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_and<unsigned char>, unsigned char>), 0xff);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_and<bool>, bool>), true);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_or<long long>, long long>), 0LL);
  EXPECT_EQ((sycl::known_identity_v<sycl::bit_xor<>, unsigned short>), 0);
  EXPECT_EQ((sycl::known_identity_v<sycl::logical_and<bool>, bool>), true);
  EXPECT_EQ((sycl::known_identity_v<sycl::logical_or<>, bool>), false);
  EXPECT_EQ((sycl::known_identity_v<sycl::minimum<int>, int>), INT_MAX);
  EXPECT_EQ((sycl::known_identity_v<sycl::minimum<>, unsigned long>), ULONG_MAX);
  EXPECT_EQ((sycl::known_identity_v<sycl::maximum<int>, int>), INT_MIN);
  EXPECT_EQ((sycl::known_identity_v<sycl::maximum<>, unsigned>), 0u);
  EXPECT_EQ((sycl::known_identity_v<sycl::minimum<float>, float>), std::numeric_limits<float>::infinity());
  EXPECT_EQ((sycl::known_identity_v<sycl::maximum<>, double>), -std::numeric_limits<double>::infinity());
  EXPECT_EQ((sycl::known_identity<sycl::maximum<double>, double>::value), -std::numeric_limits<double>::infinity());
}

// The spec's table names sycl::half beside float and double (the SYCL-CTS's fp16 reductions use them).
TEST(KnownIdentity, HalfHasTheFloatingIdentities) {
  using sycl::half;
  EXPECT_EQ(float(sycl::known_identity_v<sycl::plus<half>, half>), 0.0f);
  EXPECT_EQ(float(sycl::known_identity_v<sycl::multiplies<>, half>), 1.0f);
  EXPECT_EQ(float(sycl::known_identity_v<sycl::minimum<half>, half>), std::numeric_limits<float>::infinity());
  EXPECT_EQ(float(sycl::known_identity_v<sycl::maximum<>, half>), -std::numeric_limits<float>::infinity());
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::bit_and<>, half>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::logical_or<half>, half>));
}

// vec and marray get their elements' identity in each element, as in DPC++.
TEST(KnownIdentity, VecAndMarrayTakeTheirElementsIdentity) {
  using int4 = sycl::vec<int, 4>;
  using bools = sycl::marray<bool, 3>;
  constexpr int4 ones = sycl::known_identity_v<sycl::bit_and<int4>, int4>;
  EXPECT_TRUE((ones[0] == -1 && ones[3] == -1));
  EXPECT_EQ((sycl::known_identity_v<sycl::maximum<>, int4>[2]), INT_MIN);
  EXPECT_EQ((sycl::known_identity_v<sycl::multiplies<sycl::marray<double, 2>>, sycl::marray<double, 2>>[1]), 1.0);
  EXPECT_TRUE((sycl::known_identity_v<sycl::logical_and<>, bools>[2]));
  EXPECT_EQ(float((sycl::known_identity_v<sycl::minimum<>, sycl::vec<sycl::half, 2>>[1])),
            std::numeric_limits<float>::infinity());
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::bit_or<>, sycl::vec<float, 2>>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::plus<int>, int4>));
  EXPECT_FALSE((sycl::has_known_identity_v<std::plus<int4>, int4>));
}

TEST(KnownIdentity, ValueHasTheAccumulatorType) {
  EXPECT_TRUE((std::is_same_v<decltype(sycl::known_identity_v<sycl::plus<>, short>), const short>));
  EXPECT_TRUE((std::is_same_v<decltype(sycl::known_identity<sycl::minimum<>, float>::value), const float>));
}

TEST(KnownIdentity, AbsentWhereTheSpecNamesNone) {
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::plus<int>, long>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::bit_and<float>, float>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::bit_or<>, double>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::logical_and<int>, int>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::logical_or<>, int>));
  EXPECT_FALSE((sycl::has_known_identity_v<sycl::minimum<>, int*>));
  EXPECT_FALSE((sycl::has_known_identity_v<std::plus<int>, int>));
  EXPECT_FALSE((sycl::has_known_identity<std::multiplies<>, int>::value));
  EXPECT_TRUE((sycl::has_known_identity<sycl::multiplies<>, int>::value));
}

// What makes an identity an identity: combining it with any x, on either side, gives x back.
template <typename Op, typename T>
void expect_neutral(const std::vector<T>& samples) {
  ASSERT_TRUE((sycl::has_known_identity_v<Op, T>));
  const T identity = sycl::known_identity_v<Op, T>;
  for (T x : samples) {
    EXPECT_EQ(static_cast<T>(Op{}(identity, x)), x) << "x=" << +x;
    EXPECT_EQ(static_cast<T>(Op{}(x, identity)), x) << "x=" << +x;
  }
}

template <typename T>
std::vector<T> integral_samples() {
  using limits = std::numeric_limits<T>;
  return {limits::lowest(), T(limits::lowest() + 1), T(0), T(1), T(2), T(0x55), T(limits::max() - 1), limits::max()};
}

template <typename T>
class IntegralIdentity : public ::testing::Test {};
using IntegralTypes = ::testing::Types<signed char, unsigned char, short, int, unsigned, long, unsigned long,
                                       long long, unsigned long long>;
TYPED_TEST_SUITE(IntegralIdentity, IntegralTypes);

// Multiplication is left out: the samples' products overflow for signed types.
TYPED_TEST(IntegralIdentity, EveryIdentityIsNeutral) {
  using T = TypeParam;
  const auto samples = integral_samples<T>();
  expect_neutral<sycl::plus<T>, T>(samples);
  expect_neutral<sycl::plus<>, T>(samples);
  expect_neutral<sycl::bit_and<T>, T>(samples);
  expect_neutral<sycl::bit_and<>, T>(samples);
  expect_neutral<sycl::bit_or<T>, T>(samples);
  expect_neutral<sycl::bit_xor<>, T>(samples);
  expect_neutral<sycl::minimum<T>, T>(samples);
  expect_neutral<sycl::minimum<>, T>(samples);
  expect_neutral<sycl::maximum<T>, T>(samples);
  expect_neutral<sycl::maximum<>, T>(samples);
  EXPECT_EQ((sycl::known_identity_v<sycl::multiplies<T>, T>), T(1));
}

template <typename T>
class FloatingIdentity : public ::testing::Test {};
using FloatingTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FloatingIdentity, FloatingTypes);

TYPED_TEST(FloatingIdentity, EveryIdentityIsNeutral) {
  using T = TypeParam;
  using limits = std::numeric_limits<T>;
  const std::vector<T> samples = {-limits::infinity(), limits::lowest(), T(-1.5), T(0), T(0.25),
                                  limits::denorm_min(), limits::max(), limits::infinity()};
  expect_neutral<sycl::plus<T>, T>(samples);
  expect_neutral<sycl::plus<>, T>(samples);
  expect_neutral<sycl::multiplies<T>, T>(samples);
  expect_neutral<sycl::multiplies<>, T>(samples);
  expect_neutral<sycl::minimum<T>, T>(samples);
  expect_neutral<sycl::minimum<>, T>(samples);
  expect_neutral<sycl::maximum<T>, T>(samples);
  expect_neutral<sycl::maximum<>, T>(samples);
}

TEST(BoolIdentity, EveryIdentityIsNeutral) {
  const std::vector<bool> samples = {false, true};
  expect_neutral<sycl::logical_and<bool>, bool>(samples);
  expect_neutral<sycl::logical_and<>, bool>(samples);
  expect_neutral<sycl::logical_or<bool>, bool>(samples);
  expect_neutral<sycl::logical_or<>, bool>(samples);
  expect_neutral<sycl::bit_and<bool>, bool>(samples);
  expect_neutral<sycl::bit_or<>, bool>(samples);
  expect_neutral<sycl::plus<bool>, bool>({false});
}

} // namespace
