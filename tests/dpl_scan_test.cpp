// tessera-test-labels: runtime dpl
// oneDPL's scans (inclusive, exclusive, their transform forms, in place) under a device policy
// and the host policies, compared with <numeric> on the same data.
#include "dpl_common.hpp"

#include <functional>
#include <numeric>

namespace {

using namespace dpl_test;
using scan_family = sized;

TEST_P(scan_family, InclusiveAndExclusiveMatchStd) {
  const auto a = data(n(), 1);
  std::vector<int> inc(n()), inc_init(n()), exc(n()), exc_max(n());
  std::inclusive_scan(a.begin(), a.end(), inc.begin());
  std::inclusive_scan(a.begin(), a.end(), inc_init.begin(), std::plus<>(), 100);
  std::exclusive_scan(a.begin(), a.end(), exc.begin(), 7);
  std::exclusive_scan(a.begin(), a.end(), exc_max.begin(), -1, [](int x, int y) { return std::max(x, y); });
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n()));
    EXPECT_EQ(std::inclusive_scan(pol, u.begin(), u.end(), out.begin()), out.end());
    EXPECT_TRUE(std::equal(inc.begin(), inc.end(), out.begin()));
    std::inclusive_scan(pol, u.begin(), u.end(), out.begin(), std::plus<>(), 100);
    EXPECT_TRUE(std::equal(inc_init.begin(), inc_init.end(), out.begin()));
    EXPECT_EQ(std::exclusive_scan(pol, u.begin(), u.end(), out.begin(), 7), out.end());
    EXPECT_TRUE(std::equal(exc.begin(), exc.end(), out.begin()));
    std::exclusive_scan(pol, u.data(), u.data() + n(), out.data(), -1, [](int x, int y) { return std::max(x, y); });
    EXPECT_TRUE(std::equal(exc_max.begin(), exc_max.end(), out.begin()));
  });
}

TEST_P(scan_family, InPlace) {
  const auto a = data(n(), 2);
  std::vector<long> inc(n()), exc(n());
  std::inclusive_scan(a.begin(), a.end(), inc.begin(), std::plus<>(), 0L);
  std::exclusive_scan(a.begin(), a.end(), exc.begin(), 0L);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(std::vector<long>(a.begin(), a.end())), v = u;
    std::inclusive_scan(pol, u.begin(), u.end(), u.begin());
    EXPECT_TRUE(std::equal(inc.begin(), inc.end(), u.begin()));
    std::exclusive_scan(pol, v.begin(), v.end(), v.begin(), 0L);
    EXPECT_TRUE(std::equal(exc.begin(), exc.end(), v.begin()));
  });
}

TEST_P(scan_family, TransformScansMatchStd) {
  const auto a = data(n(), 3);
  const auto sq = [](int x) { return long(x) * x; };
  std::vector<long> inc(n()), inc_init(n()), exc(n());
  std::transform_inclusive_scan(a.begin(), a.end(), inc.begin(), std::plus<>(), sq);
  std::transform_inclusive_scan(a.begin(), a.end(), inc_init.begin(), std::plus<>(), sq, 5L);
  std::transform_exclusive_scan(a.begin(), a.end(), exc.begin(), 11L, std::plus<>(), sq);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    auto out = usm(std::vector<long>(n()));
    EXPECT_EQ(std::transform_inclusive_scan(pol, u.begin(), u.end(), out.begin(), std::plus<>(), sq), out.end());
    EXPECT_TRUE(std::equal(inc.begin(), inc.end(), out.begin()));
    std::transform_inclusive_scan(pol, u.begin(), u.end(), out.begin(), std::plus<>(), sq, 5L);
    EXPECT_TRUE(std::equal(inc_init.begin(), inc_init.end(), out.begin()));
    std::transform_exclusive_scan(pol, u.begin(), u.end(), out.begin(), 11L, std::plus<>(), sq);
    EXPECT_TRUE(std::equal(exc.begin(), exc.end(), out.begin()));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, scan_family, cases(), name);

} // namespace
