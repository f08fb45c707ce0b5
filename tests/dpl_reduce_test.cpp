// tessera-test-labels: runtime dpl
// oneDPL's reduce family (reduce, transform_reduce, count, extremes, the all/any/none tests,
// find, equal) under a device policy and the host policies, compared with <algorithm> /
// <numeric> on the same data.
#include "dpl_common.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

namespace {

using namespace dpl_test;
using reduce_family = sized;

TEST_P(reduce_family, ReduceAndTransformReduceMatchStd) {
  const auto a = data(n(), 1), b = data(n(), 2);
  const long sum = std::accumulate(a.begin(), a.end(), 0L);
  const long dot = std::inner_product(a.begin(), a.end(), b.begin(), 3L);
  long squares = 0;
  for (int x : a) squares += long(x) * x;
  with_policy(policy(), [&](auto pol) {
    auto ua = usm(a), ub = usm(b);
    EXPECT_EQ(std::reduce(pol, ua.begin(), ua.end(), 0L), sum);
    EXPECT_EQ(oneapi::dpl::reduce(pol, ua.data(), ua.data() + n()), static_cast<int>(sum));
    EXPECT_EQ(std::reduce(pol, ua.begin(), ua.end(), 0L, std::plus<>()), sum);
    EXPECT_EQ(std::transform_reduce(pol, ua.begin(), ua.end(), ub.begin(), 3L), dot);
    EXPECT_EQ(std::transform_reduce(pol, ua.begin(), ua.end(), 0L, std::plus<>(), [](int x) { return long(x) * x; }),
              squares);
    EXPECT_EQ(std::transform_reduce(pol, ua.begin(), ua.end(), ub.begin(), 3L, std::plus<>(),
                                    [](int x, int y) { return long(x) * y; }),
              dot);
  });
}

// A reduction over a struct with a combiner other than plus. The combiner is commutative as well as
// associative because std::reduce may combine the elements in any order: [reduce] defines the
// result as GENERALIZED_SUM(op, init, *i, ...), which [numerics.defns] lets regroup *and permute*
// its operands, and CUB's DeviceReduce does reorder them on a GPU (only the scans'
// GENERALIZED_NONCOMMUTATIVE_SUM keeps the order).
TEST_P(reduce_family, StructReduceWithCommutativeCombiner) {
  const auto a = data(n(), 6, 1000);
  struct stats {
    long sum, max;
  };
  const auto combine = [](stats x, stats y) { return stats{x.sum + y.sum, x.max > y.max ? x.max : y.max}; };
  std::vector<stats> s(n());
  for (std::size_t i = 0; i < n(); ++i) s[i] = {a[i], a[i] * 7 % 1009};
  stats want{5, -1};
  for (const auto& x : s) want = combine(want, x);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(s);
    const stats got = std::reduce(pol, u.begin(), u.end(), stats{5, -1}, combine);
    EXPECT_EQ(got.sum, want.sum);
    EXPECT_EQ(got.max, want.max);
  });
}

TEST_P(reduce_family, CountAndExtremesMatchStd) {
  const auto a = data(n(), 3, 50);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    EXPECT_EQ(std::count(pol, u.begin(), u.end(), 7), std::count(a.begin(), a.end(), 7));
    EXPECT_EQ(std::count_if(pol, u.begin(), u.end(), [](int x) { return x % 3 == 0; }),
              std::count_if(a.begin(), a.end(), [](int x) { return x % 3 == 0; }));
    EXPECT_EQ(std::min_element(pol, u.begin(), u.end()) - u.begin(), std::min_element(a.begin(), a.end()) - a.begin());
    EXPECT_EQ(std::max_element(pol, u.begin(), u.end()) - u.begin(), std::max_element(a.begin(), a.end()) - a.begin());
    EXPECT_EQ(std::max_element(pol, u.begin(), u.end(), std::greater<>()) - u.begin(),
              std::max_element(a.begin(), a.end(), std::greater<>()) - a.begin());
    const auto got = std::minmax_element(pol, u.begin(), u.end());
    const auto want = std::minmax_element(a.begin(), a.end());
    EXPECT_EQ(got.first - u.begin(), want.first - a.begin());
    EXPECT_EQ(got.second - u.begin(), want.second - a.begin());
  });
}

TEST_P(reduce_family, FindAndPredicatesMatchStd) {
  const auto a = data(n(), 4, 100000);
  const int present = n() ? a[n() * 2 / 3] : 0;
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    EXPECT_EQ(std::find(pol, u.begin(), u.end(), present) - u.begin(), std::find(a.begin(), a.end(), present) - a.begin());
    EXPECT_EQ(std::find(pol, u.begin(), u.end(), -5), u.end());
    const auto big = [](int x) { return x > 99990; };
    EXPECT_EQ(std::find_if(pol, u.begin(), u.end(), big) - u.begin(), std::find_if(a.begin(), a.end(), big) - a.begin());
    EXPECT_EQ(std::find_if_not(pol, u.begin(), u.end(), big) - u.begin(),
              std::find_if_not(a.begin(), a.end(), big) - a.begin());
    EXPECT_EQ(std::any_of(pol, u.begin(), u.end(), big), std::any_of(a.begin(), a.end(), big));
    EXPECT_EQ(std::all_of(pol, u.begin(), u.end(), [](int x) { return x >= 0; }), true);
    EXPECT_EQ(std::none_of(pol, u.begin(), u.end(), [](int x) { return x < 0; }), true);
    EXPECT_EQ(std::all_of(pol, u.begin(), u.end(), big), std::all_of(a.begin(), a.end(), big));
  });
}

TEST_P(reduce_family, EqualFindsTheFirstDifference) {
  const auto a = data(n(), 5);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), v = usm(a);
    EXPECT_TRUE(std::equal(pol, u.begin(), u.end(), v.begin()));
    EXPECT_TRUE(std::equal(pol, u.begin(), u.end(), v.begin(), v.end()));
    if (n() == 0) return;
    v[n() - 1] += 1;
    EXPECT_FALSE(std::equal(pol, u.begin(), u.end(), v.begin()));
    EXPECT_FALSE(std::equal(pol, u.begin(), u.end(), v.begin(), v.end() - 1 + (n() > 1 ? 0 : 1)) && n() > 1);
    EXPECT_TRUE(std::equal(pol, u.begin(), u.end(), v.begin(), [](int x, int y) { return y - x <= 1; }));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, reduce_family, cases(), name);

} // namespace
