// The operators of range and id (SYCL 2020 §4.9.1.1, §4.9.1.3): every binary operator per
// dimension with an index or an integer on either side, the logical and relational ones giving
// 0s and 1s, the compound assignments, unary + and -, and prefix and postfix ++ and --, on the
// host and in a kernel.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

// Each check is one bit of the result, so that a failure names the operator.
template <typename I>
TESSERA_HOST_DEVICE unsigned check_operators() {
  unsigned failed = 0, bit = 0;
  auto expect = [&](bool ok) { failed |= (ok ? 0u : 1u) << bit++; };
  const I a(6, 3), b(2, 3);
  expect((a && b) == I(1, 1) && (a || I(0, 0)) == I(1, 1) && (I(0, 2) && 5) == I(0, 1));
  expect((a < b) == I(0, 0) && (a > b) == I(1, 0) && (a <= b) == I(0, 1) && (a >= b) == I(1, 1));
  expect((a < 4) == I(0, 1) && (4 < a) == I(1, 0) && (3 >= a) == I(0, 1) && (0 || I(0, 7)) == I(0, 1));
  expect((a + b) == I(8, 6) && (a % 4) == I(2, 3) && (12 / a) == I(2, 4) && (a << 1u) == I(12, 6));
  expect(+a == a && -a == I(0, 0) - a && -(-a) == a);
  I c = a;
  expect(&++c == &c && c == I(7, 4));
  expect(&--c == &c && c == a);
  expect(c++ == a && c == I(7, 4));
  expect(c-- == I(7, 4) && c == a);
  c *= b;
  c -= 2;
  expect(c == I(10, 7));
  c ^= I(1, 1);
  expect(c == I(11, 6));
  return failed;
}

TEST(IndexOperators, RangeOnTheHost) { EXPECT_EQ(check_operators<sycl::range<2>>(), 0u); }

TEST(IndexOperators, IdOnTheHost) { EXPECT_EQ(check_operators<sycl::id<2>>(), 0u); }

TEST(IndexOperators, InAKernel) {
  sycl::queue q;
  unsigned* failed = sycl::malloc_shared<unsigned>(2, q);
  q.single_task([=] {
     failed[0] = check_operators<sycl::range<2>>();
     failed[1] = check_operators<sycl::id<2>>();
   }).wait();
  EXPECT_EQ(failed[0], 0u);
  EXPECT_EQ(failed[1], 0u);
  sycl::free(failed, q);
}

TEST(IndexOperators, OneDimensionStillConvertsToSizeT) {
  sycl::range<1> r(5);
  const std::size_t n = r;
  EXPECT_EQ(n, 5u);
  EXPECT_TRUE(r > 4);  // an index of one 1, true as a size_t
  EXPECT_EQ(static_cast<std::size_t>(-sycl::id<1>(1)), static_cast<std::size_t>(-1));
  EXPECT_EQ((r++)[0], 5u);
  EXPECT_EQ(r[0], 6u);
}

}  // namespace
