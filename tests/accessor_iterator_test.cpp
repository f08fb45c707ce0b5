// An accessor's begin() to end() are its range's size() elements, row by row, even where a ranged
// accessor of several dimensions is not contiguous in its buffer (SYCL 2020 4.7.6.9.1).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <numeric>
#include <vector>

namespace {

TEST(AccessorIterator, RangedTwoDimensionalWindowRowByRow) {
  std::vector<int> data(16);
  std::iota(data.begin(), data.end(), 0);
  sycl::buffer<int, 2> b(data.data(), sycl::range<2>(4, 4));
  sycl::host_accessor<int, 2> a(b, sycl::range<2>(2, 2), sycl::id<2>(1, 2));
  ASSERT_EQ(std::distance(a.begin(), a.end()), 4);
  const std::vector<int> seen(a.begin(), a.end());
  EXPECT_EQ(seen, (std::vector<int>{6, 7, 10, 11}));
  EXPECT_EQ(*(a.end() - 1), 11);
  EXPECT_EQ(*a.rbegin(), 11);
  EXPECT_EQ(*(a.crend() - 1), 6);
  sycl::host_accessor<int, 2>::const_iterator c = a.begin();
  EXPECT_EQ(c[3], 11);
  std::fill(a.begin(), a.end(), -1);
  EXPECT_EQ(std::count(data.begin(), data.end(), -1), 4);
  EXPECT_EQ(data[5], 5);
  EXPECT_EQ(data[12], 12);
}

TEST(AccessorIterator, ThreeDimensionsInAKernel) {
  sycl::queue q;
  std::vector<int> data(27, 1);
  int total = 0;
  {
    sycl::buffer<int, 3> b(data.data(), sycl::range<3>(3, 3, 3));
    sycl::buffer<int> t(&total, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h, sycl::range<3>(2, 2, 2), sycl::id<3>(1, 1, 1), sycl::read_only);
      sycl::accessor o(t, h, sycl::write_only);
      h.single_task([=] {
        int sum = 0;
        for (auto it = a.begin(); it != a.end(); ++it) sum += *it;
        o[0] = sum;
      });
    });
  }
  EXPECT_EQ(total, 8);
}

}  // namespace
