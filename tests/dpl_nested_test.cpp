// tessera-test-labels: runtime dpl
// tessera-test-cuda: host-only
// A parallel algorithm called from the functor of another (host `par` policies): the outer
// algorithm gives every CPU worker a block, and each block's inner algorithm must still run
// although no worker is free to take its blocks. The calling thread takes blocks of its own job,
// so the inner algorithms finish; a pool whose caller only waited hung here.
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace {

namespace ex = oneapi::dpl::execution;

std::size_t workers() {
  return sycl::queue{sycl::cpu_selector_v}.get_device().get_info<sycl::info::device::max_compute_units>();
}

// Calls inner(block) once at the start of each of the outer for_each's blocks, one per worker
// (the outer range is large enough for the algorithm to cut it into a block per worker).
template <typename Inner>
void in_every_outer_block(const Inner& inner) {
  const std::size_t per_block = std::size_t{1} << 16, blocks = workers();
  oneapi::dpl::for_each(ex::par, oneapi::dpl::counting_iterator<std::size_t>(0),
                        oneapi::dpl::counting_iterator<std::size_t>(blocks * per_block), [&](std::size_t i) {
                          if (i % per_block == 0) inner(i / per_block);
                        });
}

TEST(DplNested, ReduceInsideEveryBlockOfAForEach) {
  const std::vector<int> ones(std::size_t{1} << 18, 1);
  std::atomic<long> total{0};
  in_every_outer_block([&](std::size_t) { total += oneapi::dpl::reduce(ex::par, ones.begin(), ones.end(), 0L); });
  EXPECT_EQ(total.load(), static_cast<long>(workers() * ones.size()));
}

TEST(DplNested, ScanInsideEveryBlockOfAForEach) {
  const std::vector<int> ones(std::size_t{1} << 18, 1);
  std::vector<std::vector<int>> out(workers(), std::vector<int>(ones.size()));
  in_every_outer_block([&](std::size_t b) { oneapi::dpl::inclusive_scan(ex::par, ones.begin(), ones.end(), out[b].begin()); });
  for (const auto& o : out)
    for (std::size_t i = 0; i < o.size(); i += 4099) ASSERT_EQ(o[i], static_cast<int>(i + 1));
}

TEST(DplNested, AnInnerAlgorithmsExceptionReachesTheOuterCaller) {
  const std::vector<int> ones(std::size_t{1} << 18, 1);
  EXPECT_THROW(in_every_outer_block([&](std::size_t) {
                 oneapi::dpl::for_each(ex::par, ones.begin(), ones.end(), [&](const int& x) {
                   if (&x == &ones.back()) throw std::runtime_error("inner");
                 });
               }),
               std::runtime_error);
}

} // namespace
