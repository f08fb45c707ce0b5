// A kernel whose barriers are unrolled into hundreds (as sorting networks are) would be hundreds of
// loops over the work-items, which the optimiser after the CBS pass takes minutes to compile: the
// pass leaves it on fibers, where it still gives the right results, and still compiles the small
// kernel of the same file.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;

constexpr std::size_t group = 16;

// Each step: a barrier, then every item adds its right neighbour's value (of the step before) to its
// own (unsigned: the sums wrap), one step per index of `Step`, each spelled out.
template <std::size_t... Step>
std::vector<unsigned> neighbour_sums(sycl::queue& q, std::index_sequence<Step...>) {
  std::vector<unsigned> out(2 * group);
  {
    sycl::buffer<unsigned> b(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only, sycl::no_init);
      sycl::local_accessor<unsigned> t(2 * group, h);
      h.parallel_for(sycl::nd_range<1>(out.size(), group), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        unsigned mine = static_cast<unsigned>(l % 3);
        auto step = [&](std::size_t s) {
          t[(s % 2) * group + l] = mine;
          it.barrier(sycl::access::fence_space::local_space);
          mine += t[(s % 2) * group + (l + 1) % group];
        };
        (step(Step), ...);
        o[it.get_global_id(0)] = mine;
      });
    });
  }
  return out;
}

// The same on the host, step by step.
std::vector<unsigned> expected_sums(std::size_t steps) {
  std::vector<unsigned> v(group);
  for (std::size_t l = 0; l < group; ++l) v[l] = static_cast<unsigned>(l % 3);
  for (std::size_t s = 0; s < steps; ++s) {
    std::vector<unsigned> next(group);
    for (std::size_t l = 0; l < group; ++l) next[l] = v[l] + v[(l + 1) % group];
    v = next;
  }
  v.insert(v.end(), v.begin(), v.end());
  return v;
}

TEST(LargeKernel, HundredsOfBarriersKeepFibersAndGiveTheResult) {
  sycl::queue q;
  constexpr std::size_t steps = 240;
  const std::size_t before = compiled_launches();
  const std::vector<unsigned> got = neighbour_sums(q, std::make_index_sequence<steps>());
  EXPECT_EQ(compiled_launches(), before) << "the pass compiled a kernel of " << steps << " barriers";
  EXPECT_EQ(got, expected_sums(steps));
}

TEST(LargeKernel, AFewBarriersStillCompile) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  const std::vector<unsigned> got = neighbour_sums(q, std::make_index_sequence<4>());
  EXPECT_GT(compiled_launches(), before) << "ran on fibers";
  EXPECT_EQ(got, expected_sums(4));
}

} // namespace
