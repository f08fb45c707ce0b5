// tessera-test-labels: runtime dpl
// oneDPL's scans (inclusive, exclusive, their transform forms, in place) under a device policy
// and the host policies, compared with <numeric> on the same data.
#include "dpl_common.hpp"

#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>

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

// Affine maps x -> a*x + b (mod 2^h), packed as a (high half) and b (low half) of a 4- or
// 8-byte word and composed "first then second": associative, not commutative, so a scan that
// combined its operands out of order would differ from std's.
template <typename W>
struct then {
  static constexpr int h = 4 * sizeof(W);
  static constexpr W low = (W(1) << h) - 1;
  TESSERA_HOST_DEVICE W operator()(W f, W g) const {
    const W af = f >> h, bf = f & low, ag = g >> h, bg = g & low;
    return (((ag * af) & low) << h) | ((ag * bf + bg) & low);
  }
};

template <typename W>
void check_non_commutative(where w, std::size_t n) {
  auto a = data<W>(n, 4, ~0ull);
  // Spread over the whole word; odd multipliers, so that products never collapse to 0.
  for (auto& x : a) x = W(x * W(0x9E3779B97F4A7C15ull)) | (W(1) << (4 * sizeof(W)));
  std::vector<W> inc(n), exc(n);
  std::inclusive_scan(a.begin(), a.end(), inc.begin(), then<W>{});
  std::exclusive_scan(a.begin(), a.end(), exc.begin(), W(3) << (4 * sizeof(W)), then<W>{});
  with_policy(w, [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<W>(n));
    std::inclusive_scan(pol, u.data(), u.data() + n, out.data(), then<W>{});
    EXPECT_TRUE(std::equal(inc.begin(), inc.end(), out.begin())) << sizeof(W) << "-byte inclusive";
    std::exclusive_scan(pol, u.data(), u.data() + n, out.data(), W(3) << (4 * sizeof(W)), then<W>{});
    EXPECT_TRUE(std::equal(exc.begin(), exc.end(), out.begin())) << sizeof(W) << "-byte exclusive";
  });
}

// Over n and over a size of several tiles of the GPU's scan with a partial last one.
TEST_P(scan_family, NonCommutativeOperatorKeepsOrder) {
  for (std::size_t m : {n(), n() + n() / 2 + 77}) {
    check_non_commutative<std::uint32_t>(policy(), m);
    check_non_commutative<std::uint64_t>(policy(), m);
  }
}

// Arrays not aligned for wide loads, and doubles (whole numbers, so that any order sums exactly).
TEST_P(scan_family, UnalignedAndFloatingArraysMatchStd) {
  const auto a = data(n() + 1, 5);
  const std::vector<double> d(a.begin(), a.end());
  std::vector<int> inc(n());
  std::vector<double> exc(n() + 1);
  std::inclusive_scan(a.begin() + 1, a.end(), inc.begin());
  std::exclusive_scan(d.begin(), d.end(), exc.begin(), 0.5);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n() + 1));
    auto v = usm(d), dout = usm(std::vector<double>(n() + 1));
    std::inclusive_scan(pol, u.data() + 1, u.data() + n() + 1, out.data() + 1);
    EXPECT_TRUE(std::equal(inc.begin(), inc.end(), out.begin() + 1));
    std::exclusive_scan(pol, v.begin(), v.end(), dout.begin(), 0.5);
    EXPECT_TRUE(std::equal(exc.begin(), exc.end(), dout.begin()));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, scan_family, cases(), name);

// A functor throws while the blocks fold their totals: in the first block, whose successors wait
// for its carry, and in a middle one. The exception reaches the caller; no block waits forever.
TEST(DplScanHost, ThrowWhileFoldingReachesTheCaller) {
  constexpr std::size_t n = std::size_t{1} << 20;
  for (std::size_t bad : {std::size_t{3}, n / 2}) {
    auto a = data(n, 4);
    a[bad] = -1;
    std::vector<long> out(n);
    const auto checked = [](int x) {
      if (x < 0) throw std::runtime_error("negative");
      return long(x);
    };
    EXPECT_THROW(std::transform_inclusive_scan(oneapi::dpl::execution::par_unseq, a.begin(), a.end(), out.begin(),
                                               std::plus<>(), checked),
                 std::runtime_error)
        << "at " << bad;
  }
}

// Scans one after another on one queue, of many tiles, few, many again and more: on the GPU they
// share the stream's tile states and ticket counter, and each must ignore what an earlier scan
// left there, in tiles it reaches and tiles it does not.
TEST(DplScanSequence, ScansOfShrinkingAndGrowingSizesOnOneQueueMatchStd) {
  sycl::queue& q = queue();
  auto pol = oneapi::dpl::execution::make_device_policy(q);
  const std::size_t sizes[] = {(std::size_t{1} << 20) + 3, 5000, 1, (std::size_t{1} << 20) + 3, std::size_t{1} << 21};
  int seed = 20;
  for (std::size_t n : sizes) {
    const auto a = data(n, ++seed);
    std::vector<int> ref(n), got(n);
    std::inclusive_scan(a.begin(), a.end(), ref.begin());
    int* in = sycl::malloc_device<int>(n, q);
    int* out = sycl::malloc_device<int>(n, q);
    q.memcpy(in, a.data(), n * sizeof(int)).wait();
    std::inclusive_scan(pol, in, in + n, out);
    q.memcpy(got.data(), out, n * sizeof(int)).wait();
    EXPECT_TRUE(got == ref) << "n=" << n;
    sycl::free(in, q);
    sycl::free(out, q);
  }
}

// 2^28 ints (1 GiB) in device memory, on a GPU only.
TEST(DplScanLarge, InclusiveAndExclusiveOfTwoToThe28MatchStd) {
  sycl::queue& q = queue();
  if (!q.get_device().is_gpu()) GTEST_SKIP() << "2^28 elements are checked on a GPU only";
  const std::size_t n = std::size_t{1} << 28;
  const auto a = data(n, 6);
  std::vector<int> ref(n), got(n);
  int* in = sycl::malloc_device<int>(n, q);
  int* out = sycl::malloc_device<int>(n, q);
  q.memcpy(in, a.data(), n * sizeof(int)).wait();
  auto pol = oneapi::dpl::execution::make_device_policy(q);
  std::inclusive_scan(a.begin(), a.end(), ref.begin());
  std::inclusive_scan(pol, in, in + n, out);
  q.memcpy(got.data(), out, n * sizeof(int)).wait();
  EXPECT_TRUE(got == ref);
  std::exclusive_scan(a.begin(), a.end(), ref.begin(), -9);
  std::exclusive_scan(pol, in, in + n, out, -9);
  q.memcpy(got.data(), out, n * sizeof(int)).wait();
  EXPECT_TRUE(got == ref);
  sycl::free(in, q);
  sycl::free(out, q);
}

} // namespace
