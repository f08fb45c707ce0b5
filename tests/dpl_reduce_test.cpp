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

// A combiner that is associative but not commutative: blocks must be combined in order.
TEST_P(reduce_family, NonCommutativeReduceKeepsOrder) {
  const auto a = data(n(), 6, 10);
  struct affine {
    long m, c;
  };
  const auto compose = [](affine f, affine g) { return affine{(f.m * g.m) % 1000003, (f.c * g.m + g.c) % 1000003}; };
  std::vector<affine> fs(n());
  for (std::size_t i = 0; i < n(); ++i) fs[i] = {a[i] % 3 + 1, a[i]};
  affine want{1, 0};
  for (const auto& f : fs) want = compose(want, f);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(fs);
    const affine got = std::reduce(pol, u.begin(), u.end(), affine{1, 0}, compose);
    EXPECT_EQ(got.m, want.m);
    EXPECT_EQ(got.c, want.c);
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
