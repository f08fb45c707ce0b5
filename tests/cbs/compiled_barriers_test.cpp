// nd_range kernels with barriers compiled by clang 19 with the CBS pass (compiler/cbs/): each runs
// as loops over its work-items (compiled_launches() counts it), gives the fibers' results, and
// reports a barrier that not every item reaches with its file and line; kernels the pass leaves
// alone still run on fibers.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "figures/fig9_8.hpp"
#include "guarded_kernels.hpp"
#include "rethrow_handler.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;

// Runs `f` and says whether its launches ran compiled.
template <typename F>
bool ran_compiled(F&& f) {
  const std::size_t before = compiled_launches();
  f();
  return compiled_launches() > before;
}

std::vector<int> tree_sums(sycl::queue& q, const std::vector<int>& x, std::size_t group) {
  std::vector<int> sums(x.size() / group);
  {
    sycl::buffer<int> in(x.data(), sycl::range<1>(x.size())), out(sums.data(), sycl::range<1>(sums.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor s(out, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{x.size(), group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = a[it.get_global_id(0)];
        for (std::size_t half = it.get_local_range(0) / 2; half > 0; half /= 2) {
          it.barrier();
          if (l < half) t[l] += t[l + half];
        }
        if (l == 0) s[it.get_group(0)] = t[0];
      });
    });
  }
  return sums;
}

std::vector<int> values(std::size_t n) {
  std::vector<int> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<int>((i * 7919) % 101) - 50;
  return x;
}

TEST(CompiledBarriers, TiledMatmulOfFigure9_8) {
  sycl::queue q;
  figures::result r;
  EXPECT_TRUE(ran_compiled([&] { r = figures::fig9_8_matmul_local_tiled<int>(q, 48, 64, 80, 1); }));
  EXPECT_TRUE(r.ok);
}

TEST(CompiledBarriers, TreeReductionInLocalMemory) {
  sycl::queue q;
  const std::vector<int> x = values(256 * 64);
  std::vector<int> sums;
  EXPECT_TRUE(ran_compiled([&] { sums = tree_sums(q, x, 256); }));
  for (std::size_t g = 0; g < sums.size(); ++g)
    EXPECT_EQ(sums[g], std::accumulate(x.begin() + g * 256, x.begin() + (g + 1) * 256, 0)) << "group " << g;
}

// Private values and arrays live across barriers in a loop whose trip count the group decides,
// in three dimensions; the same kernel on fibers must give the same results.
std::vector<long> private_state_kernel(sycl::queue& q) {
  const sycl::range<3> global{4, 6, 8}, local{2, 3, 4};
  std::vector<long> out(global.size());
  {
    sycl::buffer<long, 3> b(out.data(), global);
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<long, 1> shared(local.size(), h);
      h.parallel_for(sycl::nd_range<3>{global, local}, [=](sycl::nd_item<3> it) {
        const std::size_t me = it.get_local_linear_id(), n = it.get_local_range().size();
        long mine[4] = {long(me), long(me) * 2, long(it.get_global_linear_id()), 1};
        long acc = 0;
        const std::size_t rounds = 2 + it.get_group_linear_id() % 3;
        for (std::size_t r = 0; r < rounds; ++r) {
          shared[me] = mine[r % 4] + acc;
          sycl::group_barrier(it.get_group());
          acc += shared[(me + r + 1) % n];
          mine[(r + 1) % 4] += acc;
          sycl::group_barrier(it.get_group());
        }
        o[it.get_global_id()] = acc * 1000 + mine[0] + mine[1] + mine[2] + mine[3];
      });
    });
  }
  return out;
}

TEST(CompiledBarriers, ValuesAndArraysLiveAcrossBarriersMatchFibers) {
  sycl::queue q;
  std::vector<long> compiled, fibers;
  EXPECT_TRUE(ran_compiled([&] { compiled = private_state_kernel(q); }));
  tessera::cpu::enable_compiled_groups(false);
  EXPECT_FALSE(ran_compiled([&] { fibers = private_state_kernel(q); }));
  tessera::cpu::enable_compiled_groups(true);
  EXPECT_EQ(compiled, fibers);
}

// Each group takes one side of a branch, both with barriers, and a loop with a barrier inside.
TEST(CompiledBarriers, BarriersInBranchesAndLoopsThatTheGroupAgreesOn) {
  sycl::queue q;
  constexpr std::size_t n = 64 * 16, group = 16;
  std::vector<int> out(n);
  EXPECT_TRUE(ran_compiled([&] {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0), g = it.get_group(0);
        int v = static_cast<int>(l);
        if (g % 2) {
          t[l] = v;
          it.barrier();
          v = t[group - 1 - l];
        } else {
          for (std::size_t k = 0; k < g % 5; ++k) {
            t[l] = v + 1;
            it.barrier();
            v = t[(l + 1) % group];
            it.barrier();
          }
        }
        o[it.get_global_id(0)] = v;
      });
    });
  }));
  for (std::size_t g = 0; g < n / group; ++g) {
    // Odd groups reverse the ids; even ones add one and rotate by one, g % 5 times.
    std::vector<int> v(group);
    std::iota(v.begin(), v.end(), 0);
    if (g % 2) std::reverse(v.begin(), v.end());
    for (std::size_t k = 0; g % 2 == 0 && k < g % 5; ++k) {
      std::vector<int> w(group);
      for (std::size_t i = 0; i < group; ++i) w[i] = v[(i + 1) % group] + 1;
      v = w;
    }
    for (std::size_t l = 0; l < group; ++l) EXPECT_EQ(out[g * group + l], v[l]) << "group " << g << " item " << l;
  }
}

std::string error_of(sycl::queue& q, void (*submit)(sycl::queue&)) {
  try {
    submit(q);
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel);
    return e.what();
  }
  return "";
}

constexpr unsigned early_return_line = __LINE__ + 6;
void early_return(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{64, 16}, [=](sycl::nd_item<1> it) {
      // The first half of each group returns; the other half waits at the barrier.
      if (it.get_local_id(0) < 8) return;
      it.barrier();
    });
  });
}

TEST(CompiledBarriers, BarrierThatSomeItemsSkipIsReportedWithFileAndLine) {
  sycl::queue q(rethrow_first);
  std::string what;
  EXPECT_TRUE(ran_compiled([&] { what = error_of(q, early_return); }));
  EXPECT_NE(what.find("compiled_barriers_test.cpp:" + std::to_string(early_return_line)), std::string::npos) << what;
  EXPECT_NE(what.find("returned without reaching it"), std::string::npos) << what;
}

constexpr unsigned odd_barrier_line = __LINE__ + 5;
void two_barriers(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{32, 8}, [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) % 2)
        it.barrier();
      else
        it.barrier();
    });
  });
}

TEST(CompiledBarriers, ItemsAtDifferentBarriersAreReportedWithBoth) {
  sycl::queue q(rethrow_first);
  std::string what;
  EXPECT_TRUE(ran_compiled([&] { what = error_of(q, two_barriers); }));
  EXPECT_NE(what.find("different collectives"), std::string::npos) << what;
  EXPECT_NE(what.find("compiled_barriers_test.cpp:" + std::to_string(odd_barrier_line)), std::string::npos) << what;
  EXPECT_NE(what.find("compiled_barriers_test.cpp:" + std::to_string(odd_barrier_line + 2)), std::string::npos) << what;
}

TEST(CompiledBarriers, BarrierFreeKernelsKeepTheirLoop) {
  sycl::queue q;
  constexpr std::size_t n = 1024;
  std::vector<int> out(n);
  EXPECT_FALSE(ran_compiled([&] {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>{n, 64}, [=](sycl::nd_item<1> it) { o[it.get_global_id(0)] = 2 * int(it.get_global_id(0)); });
    });
  }));
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 2 * static_cast<int>(i));
}

TEST(CompiledBarriers, DisabledGroupsRunOnFibersWithTheSameResults) {
  sycl::queue q;
  const std::vector<int> x = values(128 * 32);
  tessera::cpu::enable_compiled_groups(false);
  std::vector<int> fibers;
  EXPECT_FALSE(ran_compiled([&] { fibers = tree_sums(q, x, 128); }));
  tessera::cpu::enable_compiled_groups(true);
  std::vector<int> compiled;
  EXPECT_TRUE(ran_compiled([&] { compiled = tree_sums(q, x, 128); }));
  EXPECT_EQ(compiled, fibers);
}

// Loops inside a region: one every item runs alike (its bound is the kernel's argument), which the
// pass cuts at each iteration so the items' loop is innermost; one as long as the item's id; and a
// uniform loop that only some items reach, which must stay whole.
std::vector<int> loops_between_barriers(sycl::queue& q, int rounds) {
  constexpr std::size_t n = 8 * 32, group = 32;
  std::vector<int> out(n);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = static_cast<int>(it.get_global_id(0) % 7);
        it.barrier();
        int acc = 0;
        for (int k = 0; k < rounds; ++k) acc += t[(l + k) % group] * (k + 1);
        for (std::size_t k = 0; k < l % 5; ++k) acc += 3;
        if (l < 3)
          for (int k = 0; k < rounds; ++k) acc -= t[k % group];
        it.barrier();
        o[it.get_global_id(0)] = acc + t[(l + 1) % group];
      });
    });
  }
  return out;
}

TEST(CompiledBarriers, LoopsBetweenBarriersMatchFibers) {
  sycl::queue q;
  std::vector<int> compiled, fibers;
  EXPECT_TRUE(ran_compiled([&] { compiled = loops_between_barriers(q, 37); }));
  tessera::cpu::enable_compiled_groups(false);
  fibers = loops_between_barriers(q, 37);
  tessera::cpu::enable_compiled_groups(true);
  EXPECT_EQ(compiled, fibers);
}

// Regions that begin with a guard on a local id run only the items below its bound: the same
// results as fibers, which run every item (guarded_remarks.cmake checks the pass chose that form).
TEST(CompiledBarriers, RegionsGuardedByALocalIdMatchFibers) {
  sycl::queue q;
  const std::vector<int> x = values(256 * 16);
  std::vector<int> sums, runtime_sums, forms, busy;
  EXPECT_TRUE(ran_compiled([&] { sums = guarded::fixed_tree_sums(q, x); }));
  EXPECT_TRUE(ran_compiled([&] { runtime_sums = guarded::tree_sums(q, x, 128); }));
  EXPECT_TRUE(ran_compiled([&] { forms = guarded::guard_forms(q); }));
  EXPECT_TRUE(ran_compiled([&] { busy = guarded::busy_other_side(q); }));
  tessera::cpu::enable_compiled_groups(false);
  const std::vector<int> forms_on_fibers = guarded::guard_forms(q), busy_on_fibers = guarded::busy_other_side(q);
  tessera::cpu::enable_compiled_groups(true);
  for (std::size_t g = 0; g < sums.size(); ++g)
    EXPECT_EQ(sums[g], std::accumulate(x.begin() + g * 256, x.begin() + (g + 1) * 256, 0)) << "group " << g;
  for (std::size_t g = 0; g < runtime_sums.size(); ++g)
    EXPECT_EQ(runtime_sums[g], std::accumulate(x.begin() + g * 128, x.begin() + (g + 1) * 128, 0)) << "group " << g;
  EXPECT_EQ(forms, forms_on_fibers);
  EXPECT_EQ(busy, busy_on_fibers);
}

// Blocks of a scan in local memory, whose steps' first regions loop over the items below the
// stride and then over the others, each without the test: every block's inclusive scan.
template <std::size_t L>
void expect_block_scans(sycl::queue& q, const std::vector<int>& x) {
  std::vector<int> scans;
  EXPECT_TRUE(ran_compiled([&] { scans = guarded::block_scans<L>(q, x); }));
  std::vector<int> expected(x.size());
  for (std::size_t b = 0; b < x.size(); b += L)
    std::inclusive_scan(x.begin() + b, x.begin() + b + L, expected.begin() + b);
  EXPECT_EQ(scans, expected) << "blocks of " << L;
}

// Regions split in two at a guard whose sides both work (guarded_remarks.cmake checks the pass
// split them): the same results as a scan on the host and as fibers, which test every item.
TEST(CompiledBarriers, RegionsSplitAtALocalIdMatchFibers) {
  sycl::queue q;
  const std::vector<int> x = values(128 * 75); // blocks of 48, 100 and 128
  expect_block_scans<48>(q, x);
  expect_block_scans<128>(q, x);
  for (std::size_t group : {48, 100, 128}) {
    std::vector<int> scans;
    EXPECT_TRUE(ran_compiled([&] { scans = guarded::runtime_block_scans(q, x, group); }));
    std::vector<int> expected(x.size());
    for (std::size_t b = 0; b < x.size(); b += group)
      std::inclusive_scan(x.begin() + b, x.begin() + b + group, expected.begin() + b);
    EXPECT_EQ(scans, expected) << "run-time blocks of " << group;
  }
  std::vector<int> forms, forms_2d;
  EXPECT_TRUE(ran_compiled([&] { forms = guarded::split_forms(q); }));
  EXPECT_TRUE(ran_compiled([&] { forms_2d = guarded::split_forms_2d(q); }));
  tessera::cpu::enable_compiled_groups(false);
  const std::vector<int> forms_on_fibers = guarded::split_forms(q), forms_2d_on_fibers = guarded::split_forms_2d(q);
  tessera::cpu::enable_compiled_groups(true);
  EXPECT_EQ(forms, forms_on_fibers);
  EXPECT_EQ(forms_2d, forms_2d_on_fibers);
}

} // namespace
