// Sub-group broadcasts that the CBS pass computes in place (compiler/cbs/forwarded_collectives.cpp):
// each item computes the source item's operand itself, with the source's local ids. The results
// must be the fibers' and the host's, for sub-groups inside a row of a 2-D group, across rows,
// partial (the last of a group) and as large as the group; and an operand whose memory the source
// item writes before the broadcast must not be read again.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

constexpr int steps = 3; // broadcasts per item: from lanes 0, 1 and 2 (every sub-group here has 3 or more)

int value_at(std::size_t i) { return static_cast<int>((i * 37) % 29) - 14; }

// Fig 9-14's pattern on a 2-D range: in a loop, each item loads one value and the sub-group
// shares it by broadcasts from lanes 0..steps-1; the operand mixes the loaded value with the
// item's local ids, so a source taken from the wrong item shows.
template <std::size_t SG>
std::vector<int> run_matmul_like(sycl::queue& q, sycl::range<2> global, sycl::range<2> local) {
  std::vector<int> data(global.size()), out(global.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = value_at(i);
  {
    sycl::buffer<int> d(data.data(), sycl::range<1>(data.size())), o(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in(d, h, sycl::read_only);
      sycl::accessor r(o, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<2>{global, local}, syclex::properties{syclex::sub_group_size<SG>},
                     [=](sycl::nd_item<2> it) {
                       const auto sg = it.get_sub_group();
                       const std::size_t me = it.get_global_linear_id();
                       int sum = 0;
                       for (int round = 0; round < 4; ++round) {
                         const int mine = in[(me + round) % in.size()] * 100 + static_cast<int>(it.get_local_id(0)) * 10 +
                                          static_cast<int>(it.get_local_id(1));
                         for (int k = 0; k < steps; ++k) sum = sum * 3 + sycl::group_broadcast(sg, mine, k);
                       }
                       r[me] = sum;
                     });
    });
  }
  return out;
}

// The host's answer: sub-groups are runs of SG consecutive local linear ids.
std::vector<int> expected_matmul_like(std::size_t sg, sycl::range<2> global, sycl::range<2> local) {
  std::vector<int> out(global.size());
  const std::size_t items = local.size();
  for (std::size_t g0 = 0; g0 < global[0]; g0 += local[0])
    for (std::size_t g1 = 0; g1 < global[1]; g1 += local[1])
      for (std::size_t l = 0; l < items; ++l) {
        const std::size_t first = l / sg * sg;
        auto global_linear = [&](std::size_t lin) { return (g0 + lin / local[1]) * global[1] + g1 + lin % local[1]; };
        int sum = 0;
        for (int round = 0; round < 4; ++round)
          for (int k = 0; k < steps; ++k) {
            const std::size_t src = first + k;
            const int v = value_at((global_linear(src) + round) % global.size()) * 100 +
                          static_cast<int>(src / local[1]) * 10 + static_cast<int>(src % local[1]);
            sum = sum * 3 + v;
          }
        out[global_linear(l)] = sum;
      }
  return out;
}

template <std::size_t SG>
void matches_host_and_fibers(sycl::range<2> global, sycl::range<2> local) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  const std::vector<int> compiled = run_matmul_like<SG>(q, global, local);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  const std::vector<int> fibers = run_matmul_like<SG>(q, global, local);
  enable_compiled_groups(true);
  const std::vector<int> host = expected_matmul_like(std::min(SG, local.size()), global, local);
  for (std::size_t i = 0; i < host.size(); ++i) {
    EXPECT_EQ(compiled[i], host[i]) << "compiled, item " << i;
    EXPECT_EQ(fibers[i], host[i]) << "fibers, item " << i;
  }
}

// Rows of 8 hold two sub-groups of 4 each.
TEST(ForwardedBroadcast, SubGroupsInsideRows) { matches_host_and_fibers<4>({4, 16}, {2, 8}); }
// Rows of 6: the second sub-group of 4 spans rows 0 and 1.
TEST(ForwardedBroadcast, SubGroupsAcrossRows) { matches_host_and_fibers<4>({8, 12}, {4, 6}); }
// 15 items in sub-groups of 4: the last one has 3.
TEST(ForwardedBroadcast, PartialLastSubGroup) { matches_host_and_fibers<4>({10, 6}, {5, 3}); }
// Fig 9-14's shape: groups of 1 x 4, smaller than the sub-group size, are one sub-group each.
TEST(ForwardedBroadcast, GroupSmallerThanSubGroup) { matches_host_and_fibers<32>({6, 16}, {1, 4}); }

// The source item overwrites the memory its operand came from before the broadcast: the other
// items must get the value it loaded, not what the memory holds at the broadcast.
TEST(ForwardedBroadcast, OperandMemoryWrittenBeforeTheBroadcast) {
  sycl::queue q;
  constexpr std::size_t n = 64, group = 16;
  std::vector<int> data(n), out(n);
  for (std::size_t i = 0; i < n; ++i) data[i] = value_at(i);
  const std::vector<int> original = data;
  const std::size_t before = compiled_launches();
  {
    sycl::buffer<int> d(data.data(), sycl::range<1>(n)), o(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor io(d, h, sycl::read_write);
      sycl::accessor r(o, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>{n, group}, syclex::properties{syclex::sub_group_size<8>}, [=](sycl::nd_item<1> it) {
        const auto sg = it.get_sub_group();
        const std::size_t me = it.get_global_id(0);
        const int mine = io[me];
        io[me] = -1000; // only this item touches io[me]
        r[me] = sycl::group_broadcast(sg, mine, 2);
      });
    });
  }
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(out[i], original[i / 8 * 8 + 2]) << "item " << i;
    EXPECT_EQ(data[i], -1000) << "item " << i;
  }
}

} // namespace
