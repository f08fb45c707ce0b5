// tessera-test-cuda: host-only
// tessera-test-labels: runtime dpl
// The CPU's reduction pattern (tessera/backend/cpu/host_blocks.hpp), under the oneDPL reductions
// on the CPU: several blocks per worker, taken by whichever thread is free, still folded in block
// order.
#include <tessera/backend/cpu/host_blocks.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>

namespace {

using tessera::cpu::block_split;

struct interval {
  std::size_t lo, hi;
  bool chained;
};

// Joining adjacent intervals is associative but not commutative: any block folded out of place
// breaks the chain.
interval join(interval a, interval b) { return {a.lo, b.hi, a.chained && b.chained && a.hi == b.lo}; }

TEST(DplBlocks, ReductionCutsSeveralBlocksPerWorker) {
  const std::size_t n = std::size_t{1} << 20;
  const block_split split(n, true, tessera::cpu::reduce_blocks_per_worker);
  EXPECT_EQ(split.count,
            std::min<std::size_t>(tessera::cpu::reduce_blocks_per_worker * tessera::cpu::worker_count(),
                                  n / block_split::grain));
  EXPECT_GT(split.count, tessera::cpu::worker_count());
}

TEST(DplBlocks, ReductionFoldsBlocksInOrder) {
  const std::size_t n = std::size_t{1} << 20;
  const interval got = tessera::cpu::blocked_reduce(
      n - 1, interval{0, 1, true}, [](std::size_t i) { return interval{i + 1, i + 2, true}; }, join);
  EXPECT_TRUE(got.chained);
  EXPECT_EQ(got.lo, 0u);
  EXPECT_EQ(got.hi, n);
}

} // namespace
