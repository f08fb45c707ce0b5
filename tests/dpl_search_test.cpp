// tessera-test-labels: runtime dpl
// oneDPL's searches in sorted ranges (merge, the vectorised lower_bound / upper_bound /
// binary_search) under a device policy and the host policies, compared with <algorithm>;
// and the book's figure 18-8.
#include "dpl_common.hpp"

#include <algorithm>
#include <functional>

namespace {

using namespace dpl_test;
using search_family = sized;

TEST_P(search_family, MergeMatchesStd) {
  auto a = data(n(), 1, 500), b = data(n() / 2 + 3, 2, 500);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<int> want(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin());
  with_policy(policy(), [&](auto pol) {
    auto ua = usm(a), ub = usm(b), out = usm(std::vector<int>(want.size()));
    EXPECT_EQ(std::merge(pol, ua.begin(), ua.end(), ub.begin(), ub.end(), out.begin()), out.end());
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
  });
}

// Stability: on equal keys the first range's elements come first.
TEST_P(search_family, MergeTakesTheFirstRangeOnTies) {
  std::vector<std::pair<int, int>> a(n()), b(n());
  const auto ka = data(n(), 3, 20), kb = data(n(), 4, 20);
  for (std::size_t i = 0; i < n(); ++i) a[i] = {ka[i], 0}, b[i] = {kb[i], 1};
  const auto by_first = [](const auto& x, const auto& y) { return x.first < y.first; };
  std::sort(a.begin(), a.end(), by_first);
  std::sort(b.begin(), b.end(), by_first);
  std::vector<std::pair<int, int>> want(2 * n());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin(), by_first);
  with_policy(policy(), [&](auto pol) {
    auto ua = usm(a), ub = usm(b), out = usm(want);
    std::merge(pol, ua.begin(), ua.end(), ub.begin(), ub.end(), out.begin(), by_first);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
  });
}

TEST_P(search_family, BoundsAndBinarySearchMatchStd) {
  auto sorted = data(n(), 5, 1000);
  std::sort(sorted.begin(), sorted.end());
  const auto values = data(n() + 5, 6, 1100);
  with_policy(policy(), [&](auto pol) {
    auto us = usm(sorted), uv = usm(values);
    auto lo = usm(std::vector<long>(values.size())), hi = lo;
    auto found = usm(std::vector<char>(values.size()));
    EXPECT_EQ(oneapi::dpl::lower_bound(pol, us.begin(), us.end(), uv.begin(), uv.end(), lo.begin()), lo.end());
    oneapi::dpl::upper_bound(pol, us.begin(), us.end(), uv.begin(), uv.end(), hi.begin());
    oneapi::dpl::binary_search(pol, us.begin(), us.end(), uv.begin(), uv.end(), found.begin());
    for (std::size_t i = 0; i < values.size(); ++i) {
      ASSERT_EQ(lo[i], std::lower_bound(sorted.begin(), sorted.end(), values[i]) - sorted.begin()) << i;
      ASSERT_EQ(hi[i], std::upper_bound(sorted.begin(), sorted.end(), values[i]) - sorted.begin()) << i;
      ASSERT_EQ(found[i] != 0, std::binary_search(sorted.begin(), sorted.end(), values[i])) << i;
    }
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, search_family, cases(), name);

// Figure 18-8 of the book, on buffers with a policy made from dpcpp_default.
TEST(DplBook, BinarySearchOnBuffers) {
  sycl::buffer<uint64_t, 1> kB{sycl::range<1>(10)}, vB{sycl::range<1>(5)}, rB{sycl::range<1>(5)};
  {
    sycl::host_accessor k{kB}, v{vB};
    const uint64_t keys[] = {0, 5, 6, 6, 7, 7, 8, 8, 9, 9}, vals[] = {1, 6, 3, 7, 8};
    for (int i = 0; i < 10; ++i) k[i] = keys[i];
    for (int i = 0; i < 5; ++i) v[i] = vals[i];
  }
  auto policy = oneapi::dpl::execution::make_device_policy<class bSearch>(oneapi::dpl::execution::dpcpp_default);
  oneapi::dpl::binary_search(policy, oneapi::dpl::begin(kB), oneapi::dpl::end(kB), oneapi::dpl::begin(vB),
                             oneapi::dpl::end(vB), oneapi::dpl::begin(rB));
  sycl::host_accessor r{rB};
  EXPECT_EQ(r[0], 0u);
  EXPECT_EQ(r[1], 1u);
  EXPECT_EQ(r[2], 0u);
  EXPECT_EQ(r[3], 1u);
  EXPECT_EQ(r[4], 1u);
}

} // namespace
