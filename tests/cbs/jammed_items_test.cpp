// Kernels the CBS pass compiles twice (compiler/cbs/versioned_checks.cpp): as before, and with
// the library's checks and the loops' guards taking their usual way and the items' loop jammed by
// four (jammed_items.cpp), the second run when every item of the group would pass. Results must
// be the host's and the fibers' whichever version runs, and a broadcast whose source is outside
// one item's sub-group must throw as it does on fibers.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "figures/fig9_14.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

unsigned value_at(std::size_t i) { return static_cast<unsigned>((i * 37) % 29) + 1; }

// Fig 9-14's pattern with a run-time trip count: in each of `steps` iterations every item loads a
// value, the sub-group shares it from lanes 0 .. Sources-1, and each item folds what it got into
// its own chain (unsigned: wraps, so any order of the arithmetic is defined). Sources is a
// constant, so that the loop over them is unrolled and each source check computable up front.
template <std::size_t SG, int Sources>
std::vector<unsigned> run_chains(sycl::queue& q, sycl::range<2> global, sycl::range<2> local, int steps) {
  std::vector<unsigned> data(global.size()), out(global.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = value_at(i);
  {
    sycl::buffer<unsigned> d(data.data(), sycl::range<1>(data.size())), o(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in(d, h, sycl::read_only);
      sycl::accessor r(o, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<2>{global, local}, syclex::properties{syclex::sub_group_size<SG>},
                     [=](sycl::nd_item<2> it) {
                       const auto sg = it.get_sub_group();
                       const std::size_t me = it.get_global_linear_id();
                       unsigned sum = 0;
                       for (int kk = 0; kk < steps; ++kk) {
                         const unsigned mine = in[(me + kk) % in.size()] * 100u + static_cast<unsigned>(it.get_local_id(1));
                         for (int k = 0; k < Sources; ++k)
                           sum = sum * 3u + sycl::group_broadcast(sg, mine, k) * static_cast<unsigned>(kk + 1);
                       }
                       r[me] = sum;
                     });
    });
    q.wait_and_throw();
  }
  return out;
}

// The host's answer: sub-groups are runs of SG consecutive local linear ids.
std::vector<unsigned> expected_chains(std::size_t sg, sycl::range<2> global, sycl::range<2> local, int steps, int sources) {
  std::vector<unsigned> out(global.size());
  for (std::size_t g0 = 0; g0 < global[0]; g0 += local[0])
    for (std::size_t g1 = 0; g1 < global[1]; g1 += local[1])
      for (std::size_t l = 0; l < local.size(); ++l) {
        auto global_linear = [&](std::size_t lin) { return (g0 + lin / local[1]) * global[1] + g1 + lin % local[1]; };
        unsigned sum = 0;
        for (int kk = 0; kk < steps; ++kk)
          for (int k = 0; k < sources; ++k) {
            const std::size_t src = l / sg * sg + k;
            const unsigned v = value_at((global_linear(src) + kk) % global.size()) * 100u + static_cast<unsigned>(src % local[1]);
            sum = sum * 3u + v * static_cast<unsigned>(kk + 1);
          }
        out[global_linear(l)] = sum;
      }
  return out;
}

template <std::size_t SG, int Sources>
void chains_match(sycl::range<2> global, sycl::range<2> local, int steps) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  const std::vector<unsigned> compiled = run_chains<SG, Sources>(q, global, local, steps);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  const std::vector<unsigned> fibers = run_chains<SG, Sources>(q, global, local, steps);
  enable_compiled_groups(true);
  const std::vector<unsigned> host = expected_chains(std::min(SG, local.size()), global, local, steps, Sources);
  for (std::size_t i = 0; i < host.size(); ++i) {
    EXPECT_EQ(compiled[i], host[i]) << "compiled, item " << i;
    EXPECT_EQ(fibers[i], host[i]) << "fibers, item " << i;
  }
}

// Groups of 1 x 4, one sub-group each (fig 9-14's shape): one jammed step of four items.
TEST(JammedItems, FourItemGroups) { chains_match<32, 4>({6, 16}, {1, 4}, 9); }
// Rows of 6: four items jammed, then two one by one; sub-groups of 4 cross the rows, so that item
// (1, 2) starts a sub-group inside its jam (items (1, 0) .. (1, 3)): the group runs the version
// that computes each item's sub-group from its own ids.
TEST(JammedItems, RowsOfSixAcrossSubGroups) { chains_match<4, 4>({4, 12}, {2, 6}, 7); }
// 15 items in sub-groups of 4: the last has 3, and sources 0..2 are in range for every item.
TEST(JammedItems, PartialLastSubGroupInRange) { chains_match<4, 3>({10, 6}, {5, 3}, 5); }
// No iteration at all: the loop's guard skips it, and the group runs the version without the jam.
TEST(JammedItems, NoIterations) { chains_match<4, 4>({4, 8}, {1, 8}, 0); }
// Rows of 9 (two jammed steps and one item left) with one iteration.
TEST(JammedItems, OneIterationRowsOfNine) { chains_match<4, 4>({8, 18}, {4, 9}, 1); }
// Sub-groups of 8, sources 0..7, rows of 8.
TEST(JammedItems, EightSources) { chains_match<8, 8>({6, 16}, {3, 8}, 3); }

// Fig 9-14's B index: each item's column as an `int`, sign-extended where it indexes. The
// versioned group takes such an id as the 64-bit value it came from (so that the jam's four
// columns are visibly consecutive) where it fits in an int for every item; `shift` moves the
// columns so that some items' int wraps, and the group must then run the version as written.
std::vector<unsigned> run_int_columns(sycl::queue& q, std::size_t shift, int steps) {
  const sycl::range<2> global{3, 16}, local{1, 4};
  std::vector<unsigned> data(61), out(global.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = value_at(i);
  {
    sycl::buffer<unsigned> d(data.data(), sycl::range<1>(data.size())), o(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in(d, h, sycl::read_only);
      sycl::accessor r(o, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<2>{global, local}, syclex::properties{syclex::sub_group_size<4>},
                     [=](sycl::nd_item<2> it) {
                       const auto sg = it.get_sub_group();
                       const int n = static_cast<int>(it.get_global_id(1) + shift);
                       const auto column = static_cast<std::size_t>(static_cast<std::int64_t>(n));
                       unsigned sum = 0;
                       for (int kk = 0; kk < steps; ++kk) {
                         const unsigned mine = in[(it.get_global_linear_id() + kk) % in.size()];
                         for (int k = 0; k < 4; ++k)
                           sum = sum * 3u + sycl::group_broadcast(sg, mine, k) * in[(column + kk * 4 + k) % in.size()];
                       }
                       r[it.get_global_linear_id()] = sum;
                     });
    });
    q.wait_and_throw();
  }
  std::vector<unsigned> host(global.size());
  for (std::size_t g = 0; g < global.size(); ++g) {
    const int n = static_cast<int>(g % global[1] + shift);
    const auto column = static_cast<std::size_t>(static_cast<std::int64_t>(n));
    unsigned sum = 0;
    for (int kk = 0; kk < steps; ++kk)
      for (int k = 0; k < 4; ++k)
        sum = sum * 3u + value_at((g / 4 * 4 + k + kk) % data.size()) * value_at((column + kk * 4 + k) % data.size());
    EXPECT_EQ(out[g], sum) << "item " << g << ", columns shifted by " << shift;
  }
  return out;
}

TEST(JammedItems, IntColumnsThatFit) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  run_int_columns(q, 5, 6);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
}

// Columns 2^31 - 6 .. 2^31 + 9: the int of the groups from column 2^31 - 8 on wraps (negative).
TEST(JammedItems, IntColumnsThatWrap) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  const std::vector<unsigned> compiled = run_int_columns(q, (std::size_t(1) << 31) - 6, 6);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  EXPECT_EQ(run_int_columns(q, (std::size_t(1) << 31) - 6, 6), compiled);
  enable_compiled_groups(true);
}

// Source 3 is outside the last sub-group (3 items): compiled, the group runs the version that
// keeps the checks, which must throw as fibers do.
TEST(JammedItems, SourceOutsideAPartialSubGroupThrowsAsOnFibers) {
  std::string reported;
  sycl::queue q{[&](sycl::exception_list errors) {
    for (const std::exception_ptr& e : errors) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& x) {
        reported += std::to_string(x.code().value()) + ": " + x.what() + "\n";
      }
  }};
  auto message = [&] {
    reported.clear();
    run_chains<4, 4>(q, {10, 6}, {5, 3}, 5);
    return reported.empty() ? std::string("no exception") : reported;
  };
  const std::size_t before = compiled_launches();
  const std::string compiled = message();
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  const std::string fibers = message();
  enable_compiled_groups(true);
  EXPECT_NE(compiled, "no exception");
  EXPECT_EQ(compiled, fibers);
}

// Fig 9-14 itself at a few sizes, floats and ints, against the host's product.
TEST(JammedItems, Figure9_14) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  EXPECT_TRUE(figures::fig9_14_matmul_sub_group<float>(q, 8, 16, 12, 1).ok);
  EXPECT_TRUE(figures::fig9_14_matmul_sub_group<float>(q, 3, 4, 4, 1).ok);
  EXPECT_TRUE(figures::fig9_14_matmul_sub_group<int>(q, 5, 8, 20, 1).ok);
  EXPECT_TRUE(figures::fig9_14_matmul_sub_group<int>(q, 7, 12, 36, 1).ok);
  EXPECT_GT(compiled_launches(), before) << "the kernels did not run compiled";
}

} // namespace
