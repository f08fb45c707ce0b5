// reduce_over_group and the scans with every SYCL function object, on a 3-D work-group of odd
// size and on its sub-groups, against sequential folds.
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

template <typename Op>
class GroupOperators : public ::testing::Test {};
using Ops = ::testing::Types<sycl::plus<>, sycl::multiplies<>, sycl::bit_and<>, sycl::bit_or<>, sycl::bit_xor<>,
                             sycl::logical_and<>, sycl::logical_or<>, sycl::minimum<>, sycl::maximum<>>;
TYPED_TEST_SUITE(GroupOperators, Ops);

// Logical operators have a known identity only for bool (SYCL 2020 §4.17.3).
template <typename Op>
using value_t = std::conditional_t<std::is_same_v<Op, sycl::logical_and<>> || std::is_same_v<Op, sycl::logical_or<>>,
                                   bool, std::int64_t>;

// Values 0..2 keep every product of up to 64 items inside int64; the zeros (every 11th item)
// make the logical results vary.
template <typename T>
SYCL_EXTERNAL T value_at(std::size_t i) {
  return static_cast<T>(i % 11 == 0 ? 0 : 1 + static_cast<std::int64_t>((i * 7 + 3) % 2));
}

constexpr std::size_t L0 = 3, L1 = 5, L2 = 7, G = 2, items = L0 * L1 * L2; // 105 items per group

TYPED_TEST(GroupOperators, WorkGroupAndSubGroupReduceAndScansMatchSequentialFolds) {
  using Op = TypeParam;
  using T = value_t<Op>;
  sycl::queue q;
  const std::size_t n = items * G;
  T* out = sycl::malloc_shared<T>(n * 6, q);
  q.parallel_for(sycl::nd_range<3>{{L0 * G, L1, L2}, {L0, L1, L2}}, [=](sycl::nd_item<3> it) {
     const std::size_t gl = it.get_global_linear_id();
     const T x = value_at<T>(gl);
     T* o = out + gl * 6;
     auto g = it.get_group();
     auto sg = it.get_sub_group();
     o[0] = sycl::reduce_over_group(g, x, Op{});
     o[1] = sycl::inclusive_scan_over_group(g, x, Op{});
     o[2] = sycl::exclusive_scan_over_group(g, x, Op{});
     o[3] = sycl::reduce_over_group(sg, x, Op{});
     o[4] = sycl::inclusive_scan_over_group(sg, x, Op{});
     o[5] = sycl::exclusive_scan_over_group(sg, x, Op{});
   }).wait_and_throw();
  const std::size_t sgsize = 32; // the default on the CPU and the warp on the GPU
  const T identity = sycl::known_identity_v<Op, T>;
  for (std::size_t gid = 0; gid < G; ++gid) {
    std::vector<T> xs(items); // std::vector<bool> is fine here: read by value only
    for (std::size_t l = 0; l < items; ++l) xs[l] = value_at<T>(gid * items + l);
    T total = identity;
    for (T x : xs) total = Op{}(total, x);
    for (std::size_t l = 0; l < items; ++l) {
      const T* o = out + (gid * items + l) * 6;
      T incl = identity, excl = identity;
      for (std::size_t k = 0; k <= l; ++k) excl = k == l ? incl : excl, incl = Op{}(incl, xs[k]);
      const std::size_t base = l / sgsize * sgsize, end = std::min(base + sgsize, items);
      T sg_total = identity, sg_incl = identity, sg_excl = identity;
      for (std::size_t k = base; k < end; ++k) sg_total = Op{}(sg_total, xs[k]);
      for (std::size_t k = base; k <= l; ++k) sg_excl = k == l ? sg_incl : sg_excl, sg_incl = Op{}(sg_incl, xs[k]);
      ASSERT_EQ(o[0], total) << l;
      ASSERT_EQ(o[1], incl) << l;
      ASSERT_EQ(o[2], excl) << l;
      ASSERT_EQ(o[3], sg_total) << l;
      ASSERT_EQ(o[4], sg_incl) << l;
      ASSERT_EQ(o[5], sg_excl) << l;
    }
  }
  sycl::free(out, q);
}

// DPC++'s older spellings of the function objects, which programs still pass (HeCBench's bscan,
// graphB+): SYCL 2020's own, so that the algorithms know their identities.
static_assert(std::is_same_v<sycl::ext::oneapi::plus<int>, sycl::plus<int>>);
static_assert(sycl::known_identity_v<sycl::ext::oneapi::maximum<>, int> == std::numeric_limits<int>::lowest());
TEST(GroupOperators, DpcppExtensionSpellings) {
  sycl::queue q;
  constexpr std::size_t L = 64;
  int* out = sycl::malloc_shared<int>(L * 3, q);
  q.parallel_for(sycl::nd_range<1>{L, L}, [=](sycl::nd_item<1> it) {
     const int x = static_cast<int>(it.get_local_id(0) * 5 % 7);
     const auto g = it.get_group();
     const std::size_t i = it.get_local_id(0);
     out[i * 3] = sycl::reduce_over_group(g, x, sycl::ext::oneapi::plus<int>());
     out[i * 3 + 1] = sycl::reduce_over_group(g, x, sycl::ext::oneapi::maximum<>());
     out[i * 3 + 2] = sycl::exclusive_scan_over_group(g, x, sycl::ext::oneapi::bit_or<int>());
   }).wait_and_throw();
  int sum = 0, bits = 0;
  for (std::size_t i = 0; i < L; ++i) {
    const int x = static_cast<int>(i * 5 % 7);
    EXPECT_EQ(out[i * 3 + 2], bits) << i;
    sum += x, bits |= x;
  }
  for (std::size_t i = 0; i < L; ++i) {
    EXPECT_EQ(out[i * 3], sum) << i;
    EXPECT_EQ(out[i * 3 + 1], 6) << i;
  }
  sycl::free(out, q);
}

} // namespace
