#include <gtest/gtest.h>
#include <sycl/ext/oneapi/experimental/root_group.hpp>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "rethrow_handler.hpp"

static_assert(SYCL_EXT_ONEAPI_ROOT_GROUP == 1, "the extension's feature macro");

namespace {
namespace syclex = sycl::ext::oneapi::experimental;
using syclex::info::kernel_queue_specific::max_num_work_group_sync;
using syclex::info::kernel_queue_specific::max_num_work_groups;

class PrefixSum;
class Jacobi;
class Queries;
class TooMany;
class Rotate;

// The co-resident limit for work-groups of `local` items, asked as DPC++ programs ask it.
template <typename Name>
std::size_t limit_for(sycl::queue& q, std::size_t local, std::size_t local_bytes = 0) {
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  return bundle.get_kernel<Name>().template ext_oneapi_get_info<max_num_work_groups>(q, sycl::range<1>(local),
                                                                                       local_bytes);
}

int value_at(std::size_t i) { return static_cast<int>((i * 2654435761u) % 1000) - 500; }

// One kernel, two phases: each group scans its block and publishes its total; after the root
// barrier each group adds the totals of the groups before it.
void prefix_sum(sycl::queue& q, std::size_t groups, std::size_t local) {
  const std::size_t n = groups * local;
  std::vector<int> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = value_at(i);
  int* data = sycl::malloc_shared<int>(n, q);
  int* totals = sycl::malloc_shared<int>(groups, q);
  std::copy(in.begin(), in.end(), data);
  q.parallel_for<PrefixSum>(sycl::nd_range<1>(n, local), syclex::properties{syclex::use_root_sync},
                            [=](sycl::nd_item<1> it) {
                              const std::size_t i = it.get_global_id(0), g = it.get_group(0);
                              const int x = sycl::inclusive_scan_over_group(it.get_group(), data[i], sycl::plus<int>());
                              if (it.get_local_id(0) == it.get_local_range(0) - 1) totals[g] = x;
                              sycl::group_barrier(it.ext_oneapi_get_root_group());
                              int before = 0;
                              for (std::size_t k = 0; k < g; ++k) before += totals[k];
                              data[i] = x + before;
                            })
      .wait();
  std::vector<int> expected(n);
  std::inclusive_scan(in.begin(), in.end(), expected.begin());
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(data[i], expected[i]) << "at " << i;
  sycl::free(data, q);
  sycl::free(totals, q);
}

TEST(RootGroup, PrefixSumAcrossGroupsInOneKernel) {
  sycl::queue q;
  prefix_sum(q, 4, 64);
}

// More groups than workers: most of them are fibers that wait while others run.
TEST(RootGroup, PrefixSumWithManyGroups) {
  sycl::queue q;
  const std::size_t groups = std::min<std::size_t>(limit_for<PrefixSum>(q, 32), 96);
  prefix_sum(q, groups, 32);
}

// Jacobi iterations on a 1-D Laplace problem with fixed ends: every sweep reads the neighbours of
// the previous one, so sweeps are separated by root barriers instead of kernel launches.
TEST(RootGroup, JacobiIterationsMatchSequential) {
  sycl::queue q;
  constexpr std::size_t local = 64, sweeps = 50;
  const std::size_t groups = std::min<std::size_t>(limit_for<Jacobi>(q, local), 8);
  const std::size_t n = groups * local;
  std::vector<float> ref(n, 0.0f), next(n);
  ref[0] = 1.0f, ref[n - 1] = -1.0f;
  float* a = sycl::malloc_shared<float>(n, q);
  float* b = sycl::malloc_shared<float>(n, q);
  std::copy(ref.begin(), ref.end(), a);
  std::copy(ref.begin(), ref.end(), b);
  q.parallel_for<Jacobi>(sycl::nd_range<1>(n, local), syclex::properties{syclex::use_root_sync},
                         [=](sycl::nd_item<1> it) {
                           const std::size_t i = it.get_global_id(0);
                           const auto root = it.ext_oneapi_get_root_group();
                           for (std::size_t s = 0; s < sweeps; ++s) {
                             const float* from = s % 2 ? b : a;
                             float* to = s % 2 ? a : b;
                             if (i > 0 && i < n - 1) to[i] = 0.5f * (from[i - 1] + from[i + 1]);
                             sycl::group_barrier(root);
                           }
                         })
      .wait();
  for (std::size_t s = 0; s < sweeps; ++s) {
    next = ref;
    for (std::size_t i = 1; i + 1 < n; ++i) next[i] = 0.5f * (ref[i - 1] + ref[i + 1]);
    ref.swap(next);
  }
  const float* result = sweeps % 2 ? b : a;
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(result[i], ref[i]) << "at " << i;
  sycl::free(a, q);
  sycl::free(b, q);
}

// A 2-D launch: each phase rotates values by one whole row of groups.
TEST(RootGroup, TwoDimensionalLaunchRotatesAcrossGroups) {
  sycl::queue q;
  const sycl::range<2> global(4, 64), local(2, 32);
  const std::size_t n = global.size();
  int* v = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
  q.parallel_for(sycl::nd_range<2>(global, local), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<2> it) {
     const auto root = it.ext_oneapi_get_root_group();
     const std::size_t i = root.get_local_linear_id();
     for (int phase = 0; phase < 3; ++phase) {
       const int x = v[(i + 64) % n];
       sycl::group_barrier(root);
       v[i] = x;
       sycl::group_barrier(root, sycl::memory_scope::device);
     }
   }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], static_cast<int>((i + 3 * 64) % n)) << "at " << i;
  sycl::free(v, q);
}

// Thousands of one-item groups (on a GPU, more blocks than one arrival counter serves well, and a
// last subgroup of the barrier's tree that is not full): each phase rotates the values by one item,
// across every pair of neighbouring groups.
TEST(RootGroup, ThousandsOfGroupsRotateAcrossGroups) {
  sycl::queue q;
  const std::size_t n = std::min<std::size_t>(limit_for<Rotate>(q, 1), 1501);
  constexpr int phases = 5;
  int* v = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
  q.parallel_for<Rotate>(sycl::nd_range<1>(n, 1), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
     const std::size_t i = it.get_global_id(0);
     for (int phase = 0; phase < phases; ++phase) {
       const int x = v[(i + 1) % n];
       sycl::group_barrier(it.ext_oneapi_get_root_group());
       v[i] = x;
       sycl::group_barrier(it.ext_oneapi_get_root_group());
     }
   }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], static_cast<int>((i + phases) % n)) << "at " << i;
  sycl::free(v, q);
}

TEST(RootGroup, QueriesSeeTheWholeLaunchAsOneGroup) {
  sycl::queue q;
  const sycl::range<2> global(4, 32), local(2, 16);
  const std::size_t n = global.size();
  constexpr std::size_t fields = 9;
  std::size_t* r = sycl::malloc_shared<std::size_t>(n * fields, q);
  q.parallel_for<Queries>(sycl::nd_range<2>(global, local), syclex::properties{syclex::use_root_sync},
                          [=](sycl::nd_item<2> it) {
                            const auto root = it.ext_oneapi_get_root_group();
                            std::size_t* o = r + it.get_global_linear_id() * fields;
                            o[0] = root.get_local_id()[0] * 1000 + root.get_local_id()[1];
                            o[1] = root.get_local_range()[0] * 1000 + root.get_local_range()[1];
                            o[2] = root.get_group_linear_range();
                            o[3] = root.get_group_linear_id();
                            o[4] = root.get_local_linear_range();
                            o[5] = root.get_local_linear_id();
                            o[6] = root.leader();
                            o[7] = syclex::get_child_group(root).get_group_linear_id();
                            o[8] = root.get_group_range()[0] * 10 + root.get_group_range()[1];
                          })
      .wait();
  for (std::size_t gi = 0; gi < 4; ++gi)
    for (std::size_t gj = 0; gj < 32; ++gj) {
      const std::size_t lin = gi * 32 + gj;
      const std::size_t* o = r + lin * fields;
      EXPECT_EQ(o[0], gi * 1000 + gj);
      EXPECT_EQ(o[1], 4u * 1000 + 32);
      EXPECT_EQ(o[2], 1u);
      EXPECT_EQ(o[3], 0u);
      EXPECT_EQ(o[4], n);
      EXPECT_EQ(o[5], lin);
      EXPECT_EQ(o[6], lin == 0 ? 1u : 0u);
      EXPECT_EQ(o[7], gi / 2 * 2 + gj / 16);
      EXPECT_EQ(o[8], 11u);
    }
  sycl::free(r, q);
}

// DPC++'s newer queries count work-items, sub-groups and work-groups across the launch.
TEST(RootGroup, ExecutionScopeQueriesCountAcrossTheLaunch) {
  sycl::queue q;
  constexpr std::size_t local = 64, groups = 3, n = groups * local, fields = 7;
  std::size_t* r = sycl::malloc_shared<std::size_t>(n * fields, q);
  q.parallel_for(sycl::nd_range<1>(n, local), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
     using scope = syclex::execution_scope;
     const auto root = it.ext_oneapi_get_root_group();
     std::size_t* o = r + it.get_global_linear_id() * fields;
     o[0] = root.get_linear_id<scope::work_item>();
     o[1] = root.get_linear_id<scope::sub_group>();
     o[2] = root.get_linear_id<scope::work_group>();
     o[3] = root.get_linear_range<scope::work_item>();
     o[4] = root.get_linear_range<scope::sub_group>();
     o[5] = root.get_range<scope::work_group>()[0];
     o[6] = syclex::get_child_group(syclex::get_child_group(root)).get_group_linear_id();
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t* o = r + i * fields;
    const std::size_t per_group = o[4] / groups, size = local / per_group; // the device's sub-group size
    EXPECT_EQ(o[0], i);
    EXPECT_EQ(o[1], i / size);
    EXPECT_EQ(o[2], i / local);
    EXPECT_EQ(o[3], n);
    EXPECT_EQ(local % per_group, 0u);
    EXPECT_EQ(o[5], groups);
    EXPECT_EQ(o[6], i % local / size);
  }
  sycl::free(r, q);
}

// As DPC++'s own tests do it: the property passed to single_task too.
TEST(RootGroup, SingleTaskTakesTheProperty) {
  sycl::queue q;
  int* x = sycl::malloc_shared<int>(1, q);
  q.single_task(syclex::properties{syclex::use_root_sync}, [=] { *x = 7; }).wait();
  EXPECT_EQ(*x, 7);
  sycl::free(x, q);
}

TEST(RootGroup, LimitQueriesAgreeAndShrinkWithGroupSize) {
  sycl::queue q;
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  const auto k = bundle.get_kernel<PrefixSum>();
  const std::size_t max_local = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  const std::size_t sync = k.ext_oneapi_get_info<max_num_work_group_sync>(q);
  EXPECT_GE(sync, 1u);
  EXPECT_EQ(sync, k.ext_oneapi_get_info<max_num_work_groups>(q, sycl::range<1>(max_local), 0));
  const std::size_t small = k.ext_oneapi_get_info<max_num_work_groups>(q, sycl::range<1>(32), 0);
  const std::size_t large = k.ext_oneapi_get_info<max_num_work_groups>(q, sycl::range<3>(1, 1, 256), 0);
  EXPECT_GE(small, large);
  EXPECT_GE(large, sync);
  EXPECT_GE(small, 2u);
  // More local memory per group than the device has: no group fits.
  const std::size_t local_mem = q.get_device().get_info<sycl::info::device::local_mem_size>();
  EXPECT_EQ(k.ext_oneapi_get_info<max_num_work_groups>(q, sycl::range<1>(32), local_mem + 1), 0u);
}

TEST(RootGroup, LaunchBeyondTheLimitThrowsNdRangeNamingIt) {
  sycl::queue q;
  constexpr std::size_t local = 64;
  const std::size_t limit = limit_for<TooMany>(q, local);
  try {
    q.parallel_for<TooMany>(sycl::nd_range<1>((limit + 1) * local, local), syclex::properties{syclex::use_root_sync},
                            [=](sycl::nd_item<1> it) { sycl::group_barrier(it.ext_oneapi_get_root_group()); })
        .wait();
    FAIL() << "expected errc::nd_range";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
    EXPECT_NE(std::string(e.what()).find("at most " + std::to_string(limit)), std::string::npos) << e.what();
  }
}

// --- misuse, reported on the CPU with file and line (on a GPU the hardware cannot say which item) ---

std::string kernel_error(const std::function<void(sycl::queue&)>& submit) {
  sycl::queue q{rethrow_first};
  if (!q.get_device().is_cpu()) return "skip";
  try {
    submit(q);
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel) << e.what();
    return e.what();
  }
  return "no error";
}

bool names(const std::string& msg, const std::string& what) { return msg.find(what) != std::string::npos; }

#if !defined(__CUDA__)
TEST(RootGroupMisuse, BarrierWithoutUseRootSyncIsReported) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 32), [=](sycl::nd_item<1> it) {
      sycl::group_barrier(it.ext_oneapi_get_root_group());
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "use_root_sync")) << msg;
  EXPECT_TRUE(names(msg, "root_group_test.cpp:")) << msg;
}

TEST(RootGroupMisuse, GroupReturningWhileOthersWaitIsReported) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      if (it.get_group(0) == 2) return;
      sycl::group_barrier(it.ext_oneapi_get_root_group());
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "work-group (2)")) << msg;
  EXPECT_TRUE(names(msg, "group_barrier(root_group) at")) << msg;
  EXPECT_TRUE(names(msg, "root_group_test.cpp:")) << msg;
}

// The report numbers the barrier instance, so that a group leaving a loop of them early is told
// apart from one that misses a barrier elsewhere.
TEST(RootGroupMisuse, GroupLeavingALoopEarlyIsReportedWithTheBarriersNumber) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      const int rounds = it.get_group(0) == 2 ? 2 : 3;
      for (int r = 0; r < rounds; ++r) sycl::group_barrier(it.ext_oneapi_get_root_group());
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "work-group (2)")) << msg;
  EXPECT_TRUE(names(msg, "the launch's root barrier number 3")) << msg;
}

TEST(RootGroupMisuse, ItemReturningWhileItsGroupWaitsIsReported) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      if (it.get_global_id(0) == 40) return;
      sycl::group_barrier(it.ext_oneapi_get_root_group());
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "work-item (8) of work-group (1)")) << msg;
  EXPECT_TRUE(names(msg, "root_group_test.cpp:")) << msg;
}

TEST(RootGroupMisuse, GroupsAtDifferentRootBarriersAreReported) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      const auto root = it.ext_oneapi_get_root_group();
      if (it.get_group(0) == 3) sycl::group_barrier(root);
      else sycl::group_barrier(root);
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "different root-group barriers")) << msg;
}

TEST(RootGroupMisuse, ItemsOfAGroupAtRootAndWorkGroupBarriersAreReported) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(64, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 5) sycl::group_barrier(it.get_group());
      else sycl::group_barrier(it.ext_oneapi_get_root_group());
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "different collectives")) << msg;
  EXPECT_TRUE(names(msg, "group_barrier(root_group) at")) << msg;
}

// A failing group must not leave the others waiting: the launch ends with the first error.
TEST(RootGroupMisuse, AnExceptionInOneGroupEndsTheLaunch) {
  const std::string msg = kernel_error([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(256, 32), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
      const auto root = it.ext_oneapi_get_root_group();
      sycl::group_barrier(root);
      if (it.get_global_id(0) == 70) throw sycl::exception(sycl::errc::kernel, "thrown by item 70");
      sycl::group_barrier(root);
    });
  });
  if (msg == "skip") GTEST_SKIP();
  EXPECT_TRUE(names(msg, "thrown by item 70")) << msg;
}
#endif

} // namespace
