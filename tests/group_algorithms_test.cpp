#include <gtest/gtest.h>

#include "rethrow_handler.hpp"
#include <sycl/sycl.hpp>

#include <numeric>

namespace {
namespace syclex = sycl::ext::oneapi::experimental;

template <typename SgSize>
class SubGroupAlgorithms : public ::testing::Test {};
using Sizes = ::testing::Types<std::integral_constant<std::uint32_t, 4>, std::integral_constant<std::uint32_t, 8>,
                               std::integral_constant<std::uint32_t, 16>, std::integral_constant<std::uint32_t, 32>,
                               std::integral_constant<std::uint32_t, 64>>;
TYPED_TEST_SUITE(SubGroupAlgorithms, Sizes);

constexpr std::size_t groups = 3, local = 96; // 96 is no multiple of 64: a short last sub-group

struct expected_sub_group {
  std::size_t base, size, id;
};
expected_sub_group sub_group_of(std::size_t lid, std::size_t sg) {
  const std::size_t base = lid / sg * sg;
  return {base, std::min(sg, local - base), lid - base};
}

bool has_sub_group_size(const sycl::queue& q, std::uint32_t sg) {
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  return std::find(sizes.begin(), sizes.end(), sg) != sizes.end();
}

// Values in [-50, 50], in no order.
std::vector<int> mixed_values(std::size_t n) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>((i * 7919) % 101) - 50;
  return v;
}

TYPED_TEST(SubGroupAlgorithms, EveryCollectiveMatchesSequentialReference) {
  constexpr std::uint32_t SG = TypeParam::value;
  sycl::queue q;
  if (!has_sub_group_size(q, SG)) GTEST_SKIP() << "no sub-groups of " << SG;
  const std::size_t n = groups * local;
  const std::vector<int> in = mixed_values(n);
  int* x = sycl::malloc_shared<int>(n, q);
  int* r = sycl::malloc_shared<int>(n * 10, q);
  std::copy(in.begin(), in.end(), x);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>{n, local}, syclex::properties{syclex::sub_group_size<SG>},
                    [=](sycl::nd_item<1> it) {
                      auto sg = it.get_sub_group();
                      const std::size_t i = it.get_global_id(0);
                      const int v = x[i];
                      int* o = r + i * 10;
                      o[0] = sycl::group_broadcast(sg, v, 1);
                      o[1] = sycl::reduce_over_group(sg, v, sycl::plus<>());
                      o[2] = sycl::inclusive_scan_over_group(sg, v, sycl::plus<>());
                      o[3] = sycl::exclusive_scan_over_group(sg, v, sycl::maximum<>());
                      o[4] = sycl::shift_group_left(sg, v, 2);
                      o[5] = sycl::shift_group_right(sg, v, 1);
                      o[6] = sycl::permute_group_by_xor(sg, v, 1);
                      o[7] = sycl::select_from_group(sg, v, sycl::id<1>((sg.get_local_id()[0] + 3) % sg.get_local_range()[0]));
                      o[8] = sycl::any_of_group(sg, v == 50) * 2 + sycl::all_of_group(sg, v > -51);
                      o[9] = static_cast<int>(sg.get_local_range()[0] * 1000 + sg.get_local_id()[0]);
                    });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t g0 = i / local * local, lid = i - g0;
    const auto s = sub_group_of(lid, SG);
    const int* m = in.data() + g0 + s.base;
    const int* o = r + i * 10;
    ASSERT_EQ(o[0], m[1]) << i;
    ASSERT_EQ(o[1], std::accumulate(m, m + s.size, 0)) << i;
    ASSERT_EQ(o[2], std::accumulate(m, m + s.id + 1, 0)) << i;
    ASSERT_EQ(o[3], s.id == 0 ? std::numeric_limits<int>::lowest() : *std::max_element(m, m + s.id)) << i;
    if (s.id + 2 < s.size) ASSERT_EQ(o[4], m[s.id + 2]) << i;
    if (s.id >= 1) ASSERT_EQ(o[5], m[s.id - 1]) << i;
    if ((s.id ^ 1) < s.size) ASSERT_EQ(o[6], m[s.id ^ 1]) << i;
    ASSERT_EQ(o[7], m[(s.id + 3) % s.size]) << i;
    const bool any = std::any_of(m, m + s.size, [](int v) { return v == 50; });
    ASSERT_EQ(o[8], any * 2 + 1) << i;
    ASSERT_EQ(o[9], static_cast<int>(s.size * 1000 + s.id)) << i;
  }
  sycl::free(x, q);
  sycl::free(r, q);
}

// Scans of 0/1 flags under plus (the pack idiom; a ballot on the GPU), the same scans where one
// value in some sub-groups is 2 (which must not take the flag path), and the integer folds the
// GPU does in one instruction, in whole and short sub-groups and in the work-group.
TYPED_TEST(SubGroupAlgorithms, FlagScansAndIntegerFoldsMatchSequentialReference) {
  constexpr std::uint32_t SG = TypeParam::value;
  constexpr int outputs = 14;
  sycl::queue q;
  if (!has_sub_group_size(q, SG)) GTEST_SKIP() << "no sub-groups of " << SG;
  const std::size_t n = groups * local;
  const std::vector<int> in = mixed_values(n);
  std::vector<std::uint32_t> flags(n), mixed(n);
  for (std::size_t i = 0; i < n; ++i) {
    flags[i] = in[i] > 0;
    mixed[i] = i % 40 == 7 ? 2u : flags[i];
  }
  int* x = sycl::malloc_shared<int>(n, q);
  std::uint32_t* f = sycl::malloc_shared<std::uint32_t>(n, q);
  std::uint32_t* m = sycl::malloc_shared<std::uint32_t>(n, q);
  long long* r = sycl::malloc_shared<long long>(n * outputs, q);
  std::copy(in.begin(), in.end(), x);
  std::copy(flags.begin(), flags.end(), f);
  std::copy(mixed.begin(), mixed.end(), m);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>{n, local}, syclex::properties{syclex::sub_group_size<SG>},
                    [=](sycl::nd_item<1> it) {
                      auto sg = it.get_sub_group();
                      const std::size_t i = it.get_global_id(0);
                      long long* o = r + i * outputs;
                      o[0] = sycl::exclusive_scan_over_group(sg, f[i], sycl::plus<>());
                      o[1] = sycl::inclusive_scan_over_group(sg, f[i], sycl::plus<>());
                      o[2] = sycl::exclusive_scan_over_group(sg, m[i], sycl::plus<>());
                      o[3] = sycl::inclusive_scan_over_group(sg, m[i], sycl::plus<>());
                      o[4] = sycl::reduce_over_group(sg, m[i], sycl::plus<>());
                      o[5] = sycl::reduce_over_group(sg, x[i], sycl::minimum<>());
                      o[6] = sycl::reduce_over_group(sg, static_cast<unsigned>(x[i] + 50), sycl::maximum<>());
                      o[7] = sycl::reduce_over_group(sg, static_cast<unsigned>(x[i] + 50), sycl::bit_or<>());
                      o[8] = sycl::reduce_over_group(sg, static_cast<unsigned>(x[i] + 50), sycl::bit_xor<>());
                      o[9] = sycl::reduce_over_group(sg, x[i] | 0x100, sycl::bit_and<>());
                      o[10] = sycl::exclusive_scan_over_group(it.get_group(), f[i], sycl::plus<>());
                      // Flags the compiler can see are flags (the seed's pack and unpack).
                      const auto positive = static_cast<std::uint32_t>(x[i] > 0);
                      o[11] = sycl::exclusive_scan_over_group(sg, positive, sycl::plus<>());
                      o[12] = sycl::inclusive_scan_over_group(sg, positive, sycl::plus<>());
                      o[13] = sycl::reduce_over_group(sg, positive, sycl::plus<>());
                    });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t g0 = i / local * local, lid = i - g0;
    const auto s = sub_group_of(lid, SG);
    const std::size_t b = g0 + s.base, e = b + s.size;
    auto sum = [](const auto& v, std::size_t from, std::size_t to) {
      return std::accumulate(v.begin() + from, v.begin() + to, 0LL);
    };
    long long lo = in[b], hi = 0, any = 0, parity = 0, all = -1;
    for (std::size_t k = b; k < e; ++k) {
      lo = std::min<long long>(lo, in[k]);
      hi = std::max<long long>(hi, in[k] + 50);
      any |= in[k] + 50, parity ^= in[k] + 50, all &= in[k] | 0x100;
    }
    const long long* o = r + i * outputs;
    ASSERT_EQ(o[0], sum(flags, b, i)) << i;
    ASSERT_EQ(o[1], sum(flags, b, i + 1)) << i;
    ASSERT_EQ(o[2], sum(mixed, b, i)) << i;
    ASSERT_EQ(o[3], sum(mixed, b, i + 1)) << i;
    ASSERT_EQ(o[4], sum(mixed, b, e)) << i;
    ASSERT_EQ(o[5], lo) << i;
    ASSERT_EQ(o[6], hi) << i;
    ASSERT_EQ(o[7], any) << i;
    ASSERT_EQ(o[8], parity) << i;
    ASSERT_EQ(o[9], all) << i;
    ASSERT_EQ(o[10], sum(flags, g0, i)) << i;
    ASSERT_EQ(o[11], o[0]) << i;
    ASSERT_EQ(o[12], o[1]) << i;
    ASSERT_EQ(o[13], sum(flags, b, e)) << i;
  }
  sycl::free(x, q);
  sycl::free(f, q);
  sycl::free(m, q);
  sycl::free(r, q);
}

TEST(WorkGroupAlgorithms, TwoDimensionalGroupsReduceScanBroadcastAndJoint) {
  sycl::queue q;
  constexpr std::size_t L0 = 4, L1 = 12, G0 = 2, G1 = 3, N0 = L0 * G0, N1 = L1 * G1;
  long* r = sycl::malloc_shared<long>(N0 * N1 * 5, q);
  long* data = sycl::malloc_shared<long>(L0 * L1, q);
  std::iota(data, data + L0 * L1, 1);
  q.parallel_for(sycl::nd_range<2>{{N0, N1}, {L0, L1}}, [=](sycl::nd_item<2> it) {
     auto g = it.get_group();
     const long v = static_cast<long>(it.get_local_linear_id()) + 1;
     long* o = r + it.get_global_linear_id() * 5;
     o[0] = sycl::reduce_over_group(g, 1 + v % 2, sycl::multiplies<>());
     o[1] = sycl::exclusive_scan_over_group(g, v, 10L, sycl::plus<>());
     o[2] = sycl::group_broadcast(g, v, sycl::id<2>(1, 2));
     o[3] = sycl::joint_reduce(g, data, data + L0 * L1, sycl::plus<>());
     o[4] = sycl::none_of_group(g, v > 1000);
   }).wait_and_throw();
  for (std::size_t i = 0; i < N0 * N1; ++i) {
    const std::size_t gi = i / N1, gj = i % N1;
    const long lid = static_cast<long>((gi % L0) * L1 + gj % L1);
    const long* o = r + i * 5;
    ASSERT_EQ(o[1], 10 + lid * (lid + 1) / 2) << i;
    ASSERT_EQ(o[2], static_cast<long>(1 * L1 + 2 + 1)) << i;
    ASSERT_EQ(o[3], static_cast<long>(L0 * L1 * (L0 * L1 + 1) / 2)) << i;
    ASSERT_EQ(o[4], 1) << i;
  }
  for (std::size_t i = 0; i < N0 * N1; ++i) ASSERT_EQ(r[i * 5], 1L << (L0 * L1 / 2)) << i;
  sycl::free(r, q);
  sycl::free(data, q);
}

// Values wider than the GPU's 16-byte collective slot (a 5-float marray, a 32-byte vec, a 24-byte
// struct) go through the same collectives: broadcast, reduce, scan, shift and permute.
struct wide {
  long a, b, c;
};
TEST(WorkGroupAlgorithms, ValuesWiderThanSixteenBytes) {
  sycl::queue q;
  constexpr std::size_t local = 64, n = 2 * local;
  float* bc = sycl::malloc_shared<float>(n * 5, q);
  double* red = sycl::malloc_shared<double>(n * 4 * 2, q);
  wide* moved = sycl::malloc_shared<wide>(n * 2, q);
  q.parallel_for(sycl::nd_range<1>{n, local}, [=](sycl::nd_item<1> it) {
     const auto g = it.get_group();
     const std::size_t i = it.get_global_id(0);
     const float l = static_cast<float>(it.get_local_id(0));
     const auto m = sycl::group_broadcast(g, sycl::marray<float, 5>{l, l + 1, l + 2, l + 3, l + 4}, 37);
     for (int k = 0; k < 5; ++k) bc[i * 5 + k] = m[k];
     const sycl::vec<double, 4> v{l, 2 * l, 1, -l};
     const auto sum = sycl::reduce_over_group(g, v, sycl::plus<>());
     const auto scan = sycl::inclusive_scan_over_group(g, v, sycl::plus<>());
     for (int k = 0; k < 4; ++k) {
       red[i * 8 + k] = sum[k];
       red[i * 8 + 4 + k] = scan[k];
     }
     const long li = static_cast<long>(it.get_local_id(0));
     const wide w{li, 100 + li, 1000 + li};
     moved[i * 2] = sycl::shift_group_left(g, w, 3);
     moved[i * 2 + 1] = sycl::permute_group_by_xor(g, w, 5);
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const long li = static_cast<long>(i % local);
    for (int k = 0; k < 5; ++k) ASSERT_EQ(bc[i * 5 + k], 37.0f + k) << i;
    const double s = local * (local - 1) / 2.0, p = li * (li + 1) / 2.0;
    const double sums[4] = {s, 2 * s, double(local), -s}, scans[4] = {p, 2 * p, double(li + 1), -p};
    for (int k = 0; k < 4; ++k) ASSERT_EQ(red[i * 8 + k], sums[k]) << i;
    for (int k = 0; k < 4; ++k) ASSERT_EQ(red[i * 8 + 4 + k], scans[k]) << i;
    if (li + 3 < long(local)) ASSERT_EQ(moved[i * 2].c, 1003 + li) << i;
    ASSERT_EQ(moved[i * 2 + 1].a, li ^ 5) << i;
    ASSERT_EQ(moved[i * 2 + 1].b, 100 + (li ^ 5)) << i;
  }
  sycl::free(bc, q);
  sycl::free(red, q);
  sycl::free(moved, q);
}

// Without an init, a joint scan accumulates in the output's type: 40 chars of 100 sum to 4000,
// which a char accumulator could not hold.
TEST(WorkGroupAlgorithms, JointScansWithoutInitAccumulateInTheOutputType) {
  sycl::queue q;
  constexpr std::size_t n = 40, local = 8;
  char* in = sycl::malloc_shared<char>(n, q);
  long long* inc = sycl::malloc_shared<long long>(n, q);
  unsigned long long* exc = sycl::malloc_shared<unsigned long long>(n, q);
  std::fill_n(in, n, char{100});
  q.parallel_for(sycl::nd_range<1>{local, local}, [=](sycl::nd_item<1> it) {
     sycl::joint_inclusive_scan(it.get_group(), in, in + n, inc, sycl::plus<long long>());
     sycl::joint_exclusive_scan(it.get_group(), in, in + n, exc, sycl::maximum<unsigned long long>());
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(inc[i], 100LL * static_cast<long long>(i + 1)) << i;
    ASSERT_EQ(exc[i], i == 0 ? 0ULL : 100ULL) << i;
  }
  sycl::free(in, q);
  sycl::free(inc, q);
  sycl::free(exc, q);
}

TEST(CollectiveChecks, BroadcastFromDifferentIdsIsReportedWithItsLine) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "mismatched collectives are reported by the CPU backend";
  int* r = sycl::malloc_shared<int>(64, q);
  int line = 0;
  try {
    line = __LINE__ + 2;
    q.parallel_for(sycl::nd_range<1>{64, 64}, [=](sycl::nd_item<1> it) {
       r[it.get_global_id(0)] = sycl::group_broadcast(it.get_group(), 1, it.get_local_id(0) < 8 ? 0u : 1u);
     }).wait_and_throw();
    FAIL() << "no error reported";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel);
    EXPECT_NE(std::string(e.what()).find("group_algorithms_test.cpp:" + std::to_string(line)), std::string::npos)
        << e.what();
  }
  q.parallel_for(sycl::nd_range<1>{64, 32}, [=](sycl::nd_item<1> it) {
     r[it.get_global_id(0)] = sycl::reduce_over_group(it.get_sub_group(), 1, sycl::plus<>());
   }).wait_and_throw();
  EXPECT_EQ(r[63], 32);
  sycl::free(r, q);
}

TEST(CollectiveChecks, SubGroupBarrierSkippedByOneItemIsReported) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "skipped barriers are reported by the CPU backend";
  try {
    q.parallel_for(sycl::nd_range<1>{64, 64}, [=](sycl::nd_item<1> it) {
       if (it.get_local_id(0) == 40) return;
       it.get_sub_group().barrier();
     }).wait_and_throw();
    FAIL() << "no error reported";
  } catch (const sycl::exception& e) {
    EXPECT_NE(std::string(e.what()).find("sub-group barrier"), std::string::npos) << e.what();
  }
}

} // namespace
