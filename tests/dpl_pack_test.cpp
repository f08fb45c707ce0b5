// tessera-test-labels: runtime dpl
// oneDPL's pack family (copy_if, remove_if, remove, remove_copy_if, partition, stable_partition,
// unique, unique_copy) under a device policy and the host policies, compared with <algorithm>
// on the same data.
#include "dpl_common.hpp"

#include <algorithm>

namespace {

using namespace dpl_test;
using pack_family = sized;

const auto odd = [](int x) { return x % 2 != 0; };

TEST_P(pack_family, CopyIfAndRemoveCopyIfMatchStd) {
  const auto a = data(n(), 1);
  std::vector<int> want(n()), want_rm(n());
  want.resize(std::copy_if(a.begin(), a.end(), want.begin(), odd) - want.begin());
  want_rm.resize(std::remove_copy_if(a.begin(), a.end(), want_rm.begin(), odd) - want_rm.begin());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n(), -1));
    auto end = std::copy_if(pol, u.begin(), u.end(), out.begin(), odd);
    ASSERT_EQ(end - out.begin(), static_cast<long>(want.size()));
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
    end = std::remove_copy_if(pol, u.begin(), u.end(), out.begin(), odd);
    ASSERT_EQ(end - out.begin(), static_cast<long>(want_rm.size()));
    EXPECT_TRUE(std::equal(want_rm.begin(), want_rm.end(), out.begin()));
  });
}

TEST_P(pack_family, RemoveIfAndRemoveMatchStd) {
  auto want = data(n(), 2, 20), want2 = want;
  const auto a = want;
  want.erase(std::remove_if(want.begin(), want.end(), odd), want.end());
  want2.erase(std::remove(want2.begin(), want2.end(), 4), want2.end());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), v = usm(a);
    auto end = std::remove_if(pol, u.begin(), u.end(), odd);
    ASSERT_EQ(end - u.begin(), static_cast<long>(want.size()));
    EXPECT_TRUE(std::equal(want.begin(), want.end(), u.begin()));
    end = std::remove(pol, v.begin(), v.end(), 4);
    ASSERT_EQ(end - v.begin(), static_cast<long>(want2.size()));
    EXPECT_TRUE(std::equal(want2.begin(), want2.end(), v.begin()));
  });
}

TEST_P(pack_family, PartitionsMatchStableStd) {
  auto want = data(n(), 3);
  const auto a = want;
  const long split = std::stable_partition(want.begin(), want.end(), odd) - want.begin();
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), v = usm(a);
    EXPECT_EQ(std::stable_partition(pol, u.begin(), u.end(), odd) - u.begin(), split);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), u.begin()));
    auto mid = std::partition(pol, v.begin(), v.end(), odd);
    EXPECT_EQ(mid - v.begin(), split);
    EXPECT_TRUE(std::all_of(v.begin(), mid, odd));
    EXPECT_TRUE(std::none_of(mid, v.end(), odd));
    // Sorted copies, not std::is_permutation: that is quadratic once the orders differ (2^20 items
    // under ThreadSanitizer, or a GPU's partition, ran for minutes).
    std::vector<int> got(v.begin(), v.end()), all = a;
    std::sort(got.begin(), got.end());
    std::sort(all.begin(), all.end());
    EXPECT_EQ(got, all);
  });
}

TEST_P(pack_family, UniqueMatchesStd) {
  auto want = data(n(), 4, 3), want_copy = want;
  const auto a = want;
  want.erase(std::unique(want.begin(), want.end()), want.end());
  std::vector<int> want_near(n());
  const auto near = [](int x, int y) { return x / 2 == y / 2; }; // an equivalence, as unique requires
  want_near.resize(std::unique_copy(a.begin(), a.end(), want_near.begin(), near) - want_near.begin());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n()));
    auto end = std::unique(pol, u.begin(), u.end());
    ASSERT_EQ(end - u.begin(), static_cast<long>(want.size()));
    EXPECT_TRUE(std::equal(want.begin(), want.end(), u.begin()));
    auto src = usm(a);
    auto oend = std::unique_copy(pol, src.begin(), src.end(), out.begin(), near);
    ASSERT_EQ(oend - out.begin(), static_cast<long>(want_near.size()));
    EXPECT_TRUE(std::equal(want_near.begin(), want_near.end(), out.begin()));
  });
}

// 8-byte elements, and input and output arrays offset by one element.
TEST_P(pack_family, CopyIfOfWideAndOffsetArraysMatchesStd) {
  const auto a = data<long long>(n() + 1, 8);
  const auto odd = [](long long x) { return x % 2 == 1; };
  std::vector<long long> want(n() + 1), want_offset(n());
  want.resize(std::copy_if(a.begin(), a.end(), want.begin(), odd) - want.begin());
  want_offset.resize(std::copy_if(a.begin() + 1, a.end(), want_offset.begin(), odd) - want_offset.begin());
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<long long>(n() + 1));
    EXPECT_EQ(std::copy_if(pol, u.begin(), u.end(), out.begin(), odd) - out.begin(), std::ptrdiff_t(want.size()));
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
    EXPECT_EQ(std::copy_if(pol, u.data() + 1, u.data() + n() + 1, out.data() + 1, odd) - (out.data() + 1),
              std::ptrdiff_t(want_offset.size()));
    EXPECT_TRUE(std::equal(want_offset.begin(), want_offset.end(), out.begin() + 1));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, pack_family, cases(), name);

} // namespace
