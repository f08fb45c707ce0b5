// sycl::marray: constructors, iteration, element-wise operators, comparisons as marray<bool>,
// and the same in a kernel (the book's fig. 11-2 pattern).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <type_traits>

namespace {

template <typename T>
struct Same {
  using type = T;
};

template <typename T, std::size_t N>
void ExpectElements(const sycl::marray<T, N>& m, std::initializer_list<typename Same<T>::type> want) {
  ASSERT_EQ(want.size(), N);
  std::size_t i = 0;
  for (T w : want) EXPECT_EQ(m[i++], w) << "element " << i - 1;
}

TEST(Marray, ConstructorsAndIteration) {
  ExpectElements(sycl::marray<int, 5>(), {0, 0, 0, 0, 0});
  ExpectElements(sycl::marray<int, 3>(7), {7, 7, 7});
  const sycl::marray<float, 2> two{1.5f, 2.5f};
  ExpectElements(sycl::marray<float, 5>(two, 3, two), {1.5f, 2.5f, 3.0f, 1.5f, 2.5f});
  sycl::marray<float, 4> assigned;
  const int k = 2;
  assigned = {-(k + 1), -(k + 1), -(k + 1), -(k + 1)};  // ints into floats, as fig. 11-2 does
  ExpectElements(assigned, {-3.0f, -3.0f, -3.0f, -3.0f});
  sycl::marray<int, 6> m;
  std::iota(m.begin(), m.end(), 1);
  EXPECT_EQ(std::accumulate(m.begin(), m.end(), 0), 21);
  EXPECT_EQ(m.size(), 6u);
  int sum = 0;
  for (int v : m) sum += v;
  EXPECT_EQ(sum, 21);
  sycl::marray d(1.0, 2.0, 3.0);
  EXPECT_TRUE((std::is_same_v<decltype(d), sycl::marray<double, 3>>));
  EXPECT_TRUE((std::is_same_v<sycl::mfloat4, sycl::marray<float, 4>>));
  EXPECT_TRUE((std::is_same_v<sycl::mbool2, sycl::marray<bool, 2>>));
  EXPECT_EQ(sizeof(sycl::marray<float, 3>), 12u);  // unlike vec, no padding
}

TEST(Marray, ElementWiseOperators) {
  const sycl::marray<int, 5> a{1, -2, 30, 7, 0}, b{3, 5, -4, 2, 1};
  ExpectElements(a + b, {4, 3, 26, 9, 1});
  ExpectElements(a * 2, {2, -4, 60, 14, 0});
  ExpectElements(100 - a, {99, 102, 70, 93, 100});
  ExpectElements(a % b, {1, -2, 2, 1, 0});
  ExpectElements(a << 1, {2, -4, 60, 14, 0});
  ExpectElements(~a, {~1, ~-2, ~30, ~7, ~0});
  sycl::marray<int, 5> c = a;
  c -= b;
  c *= 2;
  ExpectElements(c, {-4, -14, 68, 10, -2});
  ++c;
  ExpectElements(c, {-3, -13, 69, 11, -1});
}

TEST(Marray, ComparisonsAndLogicalOperatorsGiveMarrayOfBool) {
  const sycl::marray<float, 3> a{1, 2, 3}, b{1, 3, 2};
  auto eq = a == b;
  EXPECT_TRUE((std::is_same_v<decltype(eq), sycl::marray<bool, 3>>));
  ExpectElements(eq, {true, false, false});
  ExpectElements(a < b, {false, true, false});
  ExpectElements(a >= 2.0f, {false, true, true});
  ExpectElements(!sycl::marray<int, 2>{0, 4}, {true, false});
  ExpectElements(sycl::marray<bool, 2>{true, false} || sycl::marray<bool, 2>{false, false}, {true, false});
  EXPECT_TRUE(sycl::any(a < b));
  EXPECT_FALSE(sycl::all(a < b));
}

TEST(Marray, KernelsApplyMathElementWise) {
  constexpr int n = 32;
  sycl::marray<float, 4> input{1.0004f, 1e-4f, 1.4f, 14.0f};
  sycl::marray<float, 4> res[n];
  {
    sycl::buffer<sycl::marray<float, 4>, 1> in_buf(&input, sycl::range<1>(1));
    sycl::buffer<sycl::marray<float, 4>, 1> re_buf(res, sycl::range<1>(n));
    sycl::queue q;
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor re_acc{re_buf, cgh, sycl::read_write};
      sycl::accessor in_acc{in_buf, cgh, sycl::read_only};
      cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
        re_acc[idx] = sycl::cos(in_acc[0]) + float(idx[0]);
      });
    });
  }
  for (int i = 0; i < n; ++i) {
    // cos is within 4 ulp (SYCL 2020 §4.17.5): a GPU's need not be the host's to the bit.
    for (int k = 0; k < 4; ++k) {
      const float c = sycl::cos(input[k]);
      EXPECT_NEAR(res[i][k], c + float(i), 4 * std::numeric_limits<float>::epsilon() * (std::fabs(c) + float(i)));
    }
  }
}

}  // namespace

// SYCL 2020 §4.14.3.1: the aliases name fixed-width types, so mchar2 holds
// int8_t (not plain char, a distinct type) and mlong2 holds int64_t.
TEST(Marray, AliasesNameFixedWidthElementTypes) {
  static_assert(std::is_same_v<sycl::mchar2, sycl::marray<std::int8_t, 2>>);
  static_assert(std::is_same_v<sycl::muchar3, sycl::marray<std::uint8_t, 3>>);
  static_assert(std::is_same_v<sycl::mshort4, sycl::marray<std::int16_t, 4>>);
  static_assert(std::is_same_v<sycl::mushort8, sycl::marray<std::uint16_t, 8>>);
  static_assert(std::is_same_v<sycl::mint16, sycl::marray<std::int32_t, 16>>);
  static_assert(std::is_same_v<sycl::muint2, sycl::marray<std::uint32_t, 2>>);
  static_assert(std::is_same_v<sycl::mlong3, sycl::marray<std::int64_t, 3>>);
  static_assert(std::is_same_v<sycl::mulong4, sycl::marray<std::uint64_t, 4>>);
  static_assert(std::is_same_v<sycl::mbool8, sycl::marray<bool, 8>>);
  static_assert(std::is_same_v<sycl::mhalf2, sycl::marray<sycl::half, 2>>);
  static_assert(std::is_same_v<sycl::mdouble2, sycl::marray<double, 2>>);
  static_assert(std::is_same_v<sycl::char2::element_type, std::int8_t>);
  SUCCEED();
}
