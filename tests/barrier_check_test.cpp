// The GPU says what the CPU says: under TESSERA_CHECK=1 (set below for this whole program) a
// work-group barrier or collective that one work-item of the group skips by returning, or that
// items reach at different places, is an errc::kernel error naming the file and line, the items
// and the kernel, on the GPU as on the CPU (where it is always checked); the kernel's other groups
// may have run, and the queue goes on. Correct kernels run checked with the same answers. Without
// TESSERA_CHECK the GPU runs such a kernel to the end and says nothing (__syncthreads no longer
// counts an exited thread).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "rethrow_handler.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace {

// Before main: the runtime reads TESSERA_CHECK at the first nd_range launch. A setting in the
// environment stays: with TESSERA_CHECK=0 the GPU says nothing, and the BarrierCheckReport tests fail.
[[maybe_unused]] const bool checked = (setenv("TESSERA_CHECK", "1", 0), true);

std::string error_of(sycl::event e) {
  try {
    e.wait_and_throw();
  } catch (const sycl::exception& x) {
    EXPECT_EQ(x.code(), sycl::errc::kernel) << x.what();
    return x.what();
  }
  return "no error";
}

std::string at(unsigned line) { return "barrier_check_test.cpp:" + std::to_string(line); }

// A correct kernel on the same queue computes the right thing after an error.
void expect_usable(sycl::queue& q) {
  constexpr std::size_t n = 256;
  int* v = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     const int x = sycl::reduce_over_group(it.get_group(), 1, sycl::plus<>());
     v[it.get_global_id(0)] = x + static_cast<int>(it.get_local_id(0));
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], 64 + static_cast<int>(i % 64)) << i;
  sycl::free(v, q);
}

// The book's fig 21-7: the first work-item of each group returns before the barrier.
TEST(BarrierCheckReport, AWorkItemReturningBeforeABarrierIsReported) {
  sycl::queue q{rethrow_first};
  int* out = sycl::malloc_shared<int>(64, q);
  constexpr unsigned line = __LINE__ + 3;
  const std::string what = error_of(q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 0) return;
    it.barrier();
    out[it.get_global_id(0)] = 1;
  }));
  EXPECT_NE(what.find("work-group barrier at "), std::string::npos) << what;
  EXPECT_NE(what.find(at(line) + " is reached by work-item ("), std::string::npos) << what;
  EXPECT_NE(what.find(", but work-item (0) of work-group ("), std::string::npos) << what;
  EXPECT_NE(what.find(") returned without reaching it"), std::string::npos) << what;
  sycl::free(out, q);
  expect_usable(q);
}

// Ids in SYCL's order (the last dimension fastest), in a group of partial warps, one group only.
TEST(BarrierCheckReport, AReportNamesTheItemAndGroupInSyclsOrder) {
  sycl::queue q{rethrow_first};
  float* out = sycl::malloc_shared<float>(8 * 24, q);
  const std::string what = error_of(q.submit([&](sycl::handler& h) {
    sycl::local_accessor<float, 2> tile({4, 12}, h);
    h.parallel_for(sycl::nd_range<2>({8, 24}, {4, 12}), [=](sycl::nd_item<2> it) {
      const std::size_t r = it.get_local_id(0), c = it.get_local_id(1);
      if (it.get_group(0) == 1 && it.get_group(1) == 0 && r == 1 && c == 2) return;
      tile[r][c] = static_cast<float>(it.get_global_linear_id());
      sycl::group_barrier(it.get_group());
      out[it.get_global_linear_id()] = tile[3 - r][11 - c];
    });
  }));
  EXPECT_NE(what.find("work-item (1,2) of work-group (1,0) returned without reaching"), std::string::npos) << what;
  sycl::free(out, q);
  expect_usable(q);
}

TEST(BarrierCheckReport, ItemsAtDifferentBarriersAreReported) {
  sycl::queue q{rethrow_first};
  int* out = sycl::malloc_shared<int>(128, q);
  constexpr unsigned line = __LINE__ + 4;
  const std::string what = error_of(q.parallel_for(sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
    out[it.get_global_id(0)] = 1;
    if (it.get_local_id(0) < 40) {
      it.barrier();
    } else {
      it.barrier();
    }
  }));
  EXPECT_NE(what.find("work-items meet at different collectives: work-item ("), std::string::npos) << what;
  EXPECT_NE(what.find(at(line)), std::string::npos) << what;
  EXPECT_NE(what.find(at(line + 2)), std::string::npos) << what;
  sycl::free(out, q);
  expect_usable(q);
}

TEST(BarrierCheckReport, AWorkGroupCollectiveSkippedIsReportedByName) {
  sycl::queue q{rethrow_first};
  int* out = sycl::malloc_shared<int>(256, q);
  constexpr unsigned line = __LINE__ + 3;
  const std::string what = error_of(q.parallel_for(sycl::nd_range<1>(256, 256), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 0) return;
    out[it.get_global_id(0)] = sycl::reduce_over_group(it.get_group(), 1, sycl::plus<>());
  }));
  EXPECT_NE(what.find("work-group reduce_over_group at "), std::string::npos) << what;
  EXPECT_NE(what.find(at(line) + " is reached by"), std::string::npos) << what;
  EXPECT_NE(what.find("but work-item (0) of work-group (0) returned without reaching it"), std::string::npos) << what;
  sycl::free(out, q);
  expect_usable(q);
}

// Correct kernels, checked: each group size the GPU specialises for (whole warps, one partial
// warp, a partial last warp), barriers in loops, work-group collectives, and items that return
// after the group's last barrier.
TEST(BarrierCheck, CorrectKernelsRunCheckedWithTheSameAnswers) {
  sycl::queue q{rethrow_first};
  for (const std::size_t group : {std::size_t{256}, std::size_t{8}, std::size_t{48}}) {
    const std::size_t n = group * 20;
    std::vector<long> sums(n / group, -1), scans(n, -1);
    std::vector<int> flags(n / group, -1);
    {
      sycl::buffer<long> s(sums.data(), sycl::range<1>(sums.size()));
      sycl::buffer<long> e(scans.data(), sycl::range<1>(n));
      sycl::buffer<int> f(flags.data(), sycl::range<1>(flags.size()));
      q.submit([&](sycl::handler& h) {
        sycl::accessor sa(s, h, sycl::write_only), ea(e, h, sycl::write_only);
        sycl::accessor fa(f, h, sycl::write_only);
        sycl::local_accessor<long> t(group, h);
        h.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
          const std::size_t l = it.get_local_id(0);
          const long x = static_cast<long>(it.get_global_id(0));
          t[l] = x;
          for (std::size_t stride = 1; stride < group; stride *= 2) {
            sycl::group_barrier(it.get_group());
            const long y = l >= stride ? t[l - stride] : 0;
            sycl::group_barrier(it.get_group());
            t[l] += y;
          }
          const auto g = it.get_group();
          sycl::group_barrier(g);
          const long inclusive = sycl::inclusive_scan_over_group(g, x, sycl::plus<>());
          const long exclusive = sycl::exclusive_scan_over_group(g, x, sycl::plus<>());
          ea[it.get_global_id(0)] = (inclusive - exclusive - x) + (t[l] - inclusive);
          const long total = sycl::group_broadcast(g, t[group - 1], 0);
          const bool all_even_groups = sycl::all_of_group(g, it.get_group(0) % 2 == 0);
          if (l != 0) return; // after the group's last collective
          sa[it.get_group(0)] = total;
          fa[it.get_group(0)] = all_even_groups;
        });
      });
      q.wait_and_throw();
    }
    for (std::size_t g = 0; g < n / group; ++g) {
      const long first = static_cast<long>(g * group), last = first + static_cast<long>(group) - 1;
      ASSERT_EQ(sums[g], (first + last) * static_cast<long>(group) / 2) << "group size " << group << ", group " << g;
      ASSERT_EQ(flags[g], g % 2 == 0) << g;
    }
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(scans[i], 0) << "group size " << group << ", item " << i;
  }
}

} // namespace
