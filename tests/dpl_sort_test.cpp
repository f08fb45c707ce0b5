// tessera-test-labels: runtime dpl
// oneDPL's sorts (sort, stable_sort, sort_by_key, sorts through zip iterators) under a device
// policy and the host policies, compared with std::sort / std::stable_sort on the same data.
#include "dpl_common.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace {

using namespace dpl_test;
using sort_family = sized;

TEST_P(sort_family, SortMatchesStd) {
  const auto a = data(n(), 1, 1u << 30);
  auto up = a, down = a;
  std::sort(up.begin(), up.end());
  std::sort(down.begin(), down.end(), std::greater<>());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), v = usm(a);
    std::sort(pol, u.begin(), u.end());
    EXPECT_TRUE(std::equal(up.begin(), up.end(), u.begin()));
    oneapi::dpl::sort(pol, v.data(), v.data() + n(), std::greater<>());
    EXPECT_TRUE(std::equal(down.begin(), down.end(), v.begin()));
  });
}

TEST_P(sort_family, SortOfDoublesMatchesStd) {
  std::vector<double> a(n());
  const auto ints = data(n(), 7, 1u << 30);
  for (std::size_t i = 0; i < n(); ++i) a[i] = (ints[i] - (1 << 29)) * 0.25;
  auto want = a;
  std::sort(want.begin(), want.end());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    std::sort(pol, u.begin(), u.end());
    EXPECT_TRUE(std::equal(want.begin(), want.end(), u.begin()));
  });
}

// Elements with equal keys keep their order: pairs compared by key only.
TEST_P(sort_family, StableSortKeepsEqualKeysInOrder) {
  const auto keys = data(n(), 2, 16);
  std::vector<std::pair<int, int>> a(n());
  for (std::size_t i = 0; i < n(); ++i) a[i] = {keys[i], static_cast<int>(i)};
  const auto by_first = [](const std::pair<int, int>& x, const std::pair<int, int>& y) { return x.first < y.first; };
  auto want = a;
  std::stable_sort(want.begin(), want.end(), by_first);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    std::stable_sort(pol, u.begin(), u.end(), by_first);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), u.begin()));
  });
}

TEST_P(sort_family, SortByKeyMovesValuesWithTheirKeys) {
  const auto keys = data(n(), 3, 100);
  std::vector<std::pair<int, float>> want(n());
  for (std::size_t i = 0; i < n(); ++i) want[i] = {keys[i], static_cast<float>(i)};
  std::stable_sort(want.begin(), want.end(), [](auto& x, auto& y) { return x.first > y.first; });
  with_policy(policy(), [&](auto pol) {
    auto k = usm(keys);
    auto v = usm(std::vector<float>(n()));
    for (std::size_t i = 0; i < n(); ++i) v[i] = static_cast<float>(i);
    oneapi::dpl::sort_by_key(pol, k.begin(), k.end(), v.begin(), std::greater<>());
    for (std::size_t i = 0; i < n(); ++i) {
      ASSERT_EQ(k[i], want[i].first) << i;
      ASSERT_EQ(v[i], want[i].second) << i;
    }
  });
}

// Sorting two sequences as one through a zip iterator, by the first.
TEST_P(sort_family, SortThroughZipIterator) {
  const auto keys = data(n(), 4, 1u << 20);
  with_policy(policy(), [&](auto pol) {
    auto k = usm(keys);
    auto v = usm(keys);
    for (auto& x : v) x = -x;
    auto first = oneapi::dpl::make_zip_iterator(k.begin(), v.begin());
    std::stable_sort(pol, first, first + n(), [](const auto& x, const auto& y) { return std::get<0>(x) < std::get<0>(y); });
    EXPECT_TRUE(std::is_sorted(k.begin(), k.end()));
    for (std::size_t i = 0; i < n(); ++i) ASSERT_EQ(v[i], -k[i]);
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, sort_family, cases(), name);

} // namespace
