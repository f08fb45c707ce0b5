// tessera-test-cuda: host-only
// Check mode (TESSERA_CHECK) in the kernel forms besides nd_range's local accessors: root-group
// kernels (use_root_sync), whose work-groups share a worker and switch at the root barrier; a
// hierarchical kernel's variables of work-group scope; C++ AMP's tile_static variables. Each
// mistake seeded on purpose, and the same kernel without it, which must pass unreported. Compiled
// with -g (CMakeLists) so that reports name this file's lines. The last two are plain variables,
// whose accesses the CBS plugin shows the checker (clang with the plugin, optimised builds only).
#define TESSERA_CHECK 1
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/root_group.hpp>

#include <regex>
#include <string>
#include <vector>

#include "check_report.hpp"

#include <amp.h> // last: it defines `restrict` and `tile_static`

namespace {

namespace syclex = sycl::ext::oneapi::experimental;

constexpr std::size_t n = 256, wg = 64;

// --- root-group kernels ---

// Every item writes its element of the tile and, after the root barrier or without it, reads its
// neighbour's; a second root barrier follows, so that the groups on one worker switch while their
// tiles hold what the next stretch reads. `last` items write (wg: all; wg - 1: not the last).
std::string root_exchange(bool with_barrier, std::size_t last, int* out, int& write_line, int& read_line) {
  write_line = __LINE__ + 8;
  read_line = __LINE__ + 9;
  return error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for<class RootExchange>(sycl::nd_range<1>(n, wg), syclex::properties{syclex::use_root_sync},
                                         [=](sycl::nd_item<1> it) {
                                           const std::size_t l = it.get_local_id(0);
                                           if (l < last) tile[l] = static_cast<int>(it.get_global_id(0));
                                           if (with_barrier) sycl::group_barrier(it.ext_oneapi_get_root_group());
                                           const int x = tile[(l + 1) % wg];
                                           sycl::group_barrier(it.ext_oneapi_get_root_group());
                                           out[it.get_global_id(0)] = x + tile[l];
                                         });
    });
  });
}

TEST(RootGroupCheck, CorrectKernelIsUnreported) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int w = 0, r = 0;
  EXPECT_EQ(root_exchange(true, wg, out, w, r), "");
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], static_cast<int>(i / wg * wg + (i % wg + 1) % wg + i)) << i;
  sycl::free(out, q);
}

TEST(RootGroupCheck, MissingRootBarrierIsARace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int write_line = 0, read_line = 0;
  const std::string msg = root_exchange(false, wg, out, write_line, read_line);
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("RootExchange"), std::string::npos) << msg;
  EXPECT_TRUE(std::regex_search(msg, std::regex(R"(work-item \(\d+\) of work-group \((\d)\) .*work-item \(\d+\) of work-group \(\1\))")))
      << msg;
  sycl::free(out, q);
}

TEST(RootGroupCheck, ReadAcrossTheRootBarrierOfWhatNoItemWrote) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int write_line = 0, read_line = 0;
  const std::string msg = root_exchange(true, wg - 1, out, write_line, read_line);
  EXPECT_NE(msg.find("that no work-item of the group wrote: work-item (62)"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("RootExchange"), std::string::npos) << msg;
  sycl::free(out, q);
}

// A root-group launch's kernel with work-group barriers only: where the CBS pass compiles it, its
// loads and stores of local memory are tested inline against the group's own local memory.
TEST(RootGroupCheck, MissingWorkGroupBarrierIsARace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  const int write_line = __LINE__ + 8, read_line = __LINE__ + 9;
  const std::string msg = error_of([&](sycl::queue& cq) {
    cq.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for<class RootGroupTiles>(sycl::nd_range<1>(n, wg), syclex::properties{syclex::use_root_sync},
                                           [=](sycl::nd_item<1> it) {
                                             const std::size_t l = it.get_local_id(0);
                                             sycl::group_barrier(it.get_group());
                                             tile[l] = static_cast<int>(it.get_global_id(0));
                                             out[it.get_global_id(0)] = tile[(l + 1) % wg];
                                           });
    });
  });
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("RootGroupTiles"), std::string::npos) << msg;
  sycl::free(out, q);
}

// --- plain variables: a hierarchical kernel's of work-group scope, C++ AMP's tile_static ---

// Whether this build shows the checker plain variables' accesses, and where a variable of
// work-group scope begins: clang marks it where it optimises or AddressSanitizer asks (else a
// variable counts as written by the group's code).
#if defined(TESSERA_CBS)
constexpr bool plain_variables_checked = true;
#else
constexpr bool plain_variables_checked = false;
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KERNEL_FORMS_ASAN 1
#endif
#endif
#if defined(__OPTIMIZE__) || defined(KERNEL_FORMS_ASAN)
constexpr bool variables_begin = plain_variables_checked;
#else
constexpr bool variables_begin = false;
#endif

// A tile of work-group scope: each item writes its element (`last` items do: wg, or all but the
// last) and reads its neighbour's, in the same parallel_for_work_item (a race) or the next one.
std::string work_group_scope_exchange(bool two_loops, std::size_t last, int* out, int& write_line, int& read_line) {
  write_line = __LINE__ + 8;
  read_line = two_loops ? __LINE__ + 11 : __LINE__ + 8;
  return error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group<class WorkGroupScope>(sycl::range<1>(n / wg), sycl::range<1>(wg), [=](sycl::group<1> g) {
        int tile[wg];
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          const std::size_t l = it.get_local_id(0);
          if (l < last) tile[l] = static_cast<int>(it.get_global_id(0));
          if (!two_loops) out[it.get_global_id(0)] = tile[(l + 1) % wg];
        });
        if (two_loops)
          g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = tile[(it.get_local_id(0) + 1) % wg]; });
      });
    });
  });
}

// The same in C++ AMP, in a tile_static array, with the tile's barrier or without it.
std::string tile_static_exchange(bool with_barrier, int last, int* result, int& write_line, int& read_line) {
  write_line = __LINE__ + 8;
  read_line = __LINE__ + 9;
  std::vector<int> out(n);
  concurrency::array_view<int, 1> v(static_cast<int>(n), out);
  try {
    concurrency::parallel_for_each(v.extent.tile<static_cast<int>(wg)>(),
                                   [=](concurrency::tiled_index<static_cast<int>(wg)> t) restrict(amp) {
                                     tile_static int tile[wg];
                                     if (t.local[0] < last) tile[t.local[0]] = t.global[0];
                                     if (with_barrier) t.barrier.wait();
                                     v[t.global] = tile[(t.local[0] + 1) % static_cast<int>(wg)];
                                   });
    v.synchronize();
    concurrency::accelerator().get_default_view().wait();
  } catch (const concurrency::runtime_exception& e) {
    return e.what();
  }
  std::copy(out.begin(), out.end(), result);
  return "";
}

// An exchange run both ways: (two loops or the barrier, items that write, out, write line, read line).
using exchange = std::string (*)(bool, int, int*, int&, int&);
std::string hierarchical(bool ordered, int last, int* out, int& w, int& r) {
  return work_group_scope_exchange(ordered, static_cast<std::size_t>(last), out, w, r);
}

void expect_unreported(exchange run) {
  std::vector<int> out(n);
  int w = 0, r = 0;
  EXPECT_EQ(run(true, wg, out.data(), w, r), "");
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i / wg * wg + (i % wg + 1) % wg)) << i;
}

void expect_race(exchange run, const char* what) {
  if (!plain_variables_checked) GTEST_SKIP() << "plain variables are checked where the CBS plugin compiles";
  std::vector<int> out(n);
  int write_line = 0, read_line = 0;
  const std::string msg = run(false, wg, out.data(), write_line, read_line);
  EXPECT_NE(msg.find("race on local memory (" + std::string(what) + ")"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_TRUE(std::regex_search(msg, std::regex(R"(work-item \(\d+\) of work-group \((\d)\) .*work-item \(\d+\) of work-group \(\1\))")))
      << msg;
}

void expect_unwritten_read(exchange run, const char* what, bool checked) {
  if (!checked) GTEST_SKIP() << "plain variables are checked where the CBS plugin compiles, from where they begin";
  std::vector<int> out(n);
  int write_line = 0, read_line = 0;
  const std::string msg = run(true, wg - 1, out.data(), write_line, read_line);
  EXPECT_NE(msg.find("read of local memory (" + std::string(what) + ") at byte 252 (4-byte element) that no "
                     "work-item of the group wrote: work-item (62)"),
            std::string::npos)
      << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
}

TEST(WorkGroupScopeCheck, CorrectKernelIsUnreported) { expect_unreported(hierarchical); }
TEST(WorkGroupScopeCheck, OneWorkItemLoopIsARace) {
  expect_race(hierarchical, "work-group-scope variable `tile`");
}
TEST(WorkGroupScopeCheck, ReadOfWhatNoItemWrote) {
  expect_unwritten_read(hierarchical, "work-group-scope variable `tile`", variables_begin);
}

// A variable of work-group scope that begins again in each round of the group's loop is a new
// variable each time: what the first round wrote does not count as written in the second.
TEST(WorkGroupScopeCheck, AVariableBeginsAgainInEachRound) {
  if (!variables_begin) GTEST_SKIP() << "plain variables are checked where the CBS plugin compiles, from where they begin";
  std::vector<int> out(n);
  int* o = out.data();
  const int line = __LINE__ + 9;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(n / wg), sycl::range<1>(wg), [=](sycl::group<1> g) {
        for (std::size_t round = 0; round < 2; ++round) {
          int tile[wg];
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            if (round == 0 || it.get_local_id(0) + 1 < wg) tile[it.get_local_id(0)] = 1; // the second round skips one
          });
          g.parallel_for_work_item([&](sycl::h_item<1> it) { o[it.get_global_id(0)] += tile[(it.get_local_id(0) + 1) % wg]; });
        }
      });
    });
  });
  EXPECT_NE(msg.find("read of local memory (work-group-scope variable `tile`) at byte 252"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
}

// Every item adds to one variable of work-group scope through an atomic_ref: no race.
TEST(WorkGroupScopeCheck, AtomicsAreNoRace) {
  std::vector<int> counts(n / wg);
  int* out = counts.data();
  sycl::buffer<int> b(out, sycl::range<1>(n / wg));
  EXPECT_EQ(error_of([&](sycl::queue& q) {
              q.submit([&](sycl::handler& h) {
                sycl::accessor a(b, h, sycl::write_only);
                h.parallel_for_work_group(sycl::range<1>(n / wg), sycl::range<1>(wg), [=](sycl::group<1> g) {
                  int count = 0;
                  float weight = 0;
                  g.parallel_for_work_item([&](sycl::h_item<1>) {
                    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(count).fetch_add(1);
                    sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(weight) += 0.5f;
                  });
                  a[g.get_group_id(0)] = count + static_cast<int>(weight);
                });
              });
            }),
            "");
  sycl::host_accessor h(b);
  for (std::size_t g = 0; g < n / wg; ++g) EXPECT_EQ(h[g], static_cast<int>(wg + wg / 2));
}

// A tile_static histogram: cleared by one item, counted with C++ AMP's atomics, read after the barrier.
TEST(TileStaticCheck, AtomicsAreNoRace) {
  std::vector<int> out(n);
  concurrency::array_view<int, 1> v(static_cast<int>(n), out);
  std::string msg;
  try {
    concurrency::parallel_for_each(v.extent.tile<static_cast<int>(wg)>(),
                                   [=](concurrency::tiled_index<static_cast<int>(wg)> t) restrict(amp) {
                                     tile_static int bins[4];
                                     if (t.local[0] < 4) bins[t.local[0]] = 0;
                                     t.barrier.wait();
                                     concurrency::atomic_fetch_add(&bins[t.local[0] % 4], 1);
                                     t.barrier.wait();
                                     v[t.global] = bins[t.local[0] % 4];
                                   });
    v.synchronize();
    concurrency::accelerator().get_default_view().wait();
  } catch (const concurrency::runtime_exception& e) {
    msg = e.what();
  }
  EXPECT_EQ(msg, "");
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(wg / 4)) << i;
}

// An index outside an array_view's extent in a C++ AMP kernel: reported as an accessor's is.
TEST(AmpCheck, OutsideAnArrayViewsExtent) {
  std::vector<int> out(n);
  concurrency::array_view<int, 1> v(static_cast<int>(n), out);
  const int line = __LINE__ + 5;
  std::string msg;
  try {
    concurrency::parallel_for_each(v.extent.tile<static_cast<int>(wg)>(),
                                   [=](concurrency::tiled_index<static_cast<int>(wg)> t) restrict(amp) {
                                     v[t.global[0] + 1] = 1; // one past the end for the last item
                                   });
    v.synchronize();
    concurrency::accelerator().get_default_view().wait();
  } catch (const concurrency::runtime_exception& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("out-of-bounds access"), std::string::npos) << msg;
  EXPECT_NE(msg.find("index (256) of an accessor whose range is (256)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("by work-item (63) of work-group (3)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("tiled_kernel"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
}

TEST(TileStaticCheck, CorrectKernelIsUnreported) { expect_unreported(tile_static_exchange); }
TEST(TileStaticCheck, MissingTileBarrierIsARace) {
  expect_race(tile_static_exchange, "tile_static variable `tile`");
}
TEST(TileStaticCheck, ReadOfWhatNoItemWrote) {
  expect_unwritten_read(tile_static_exchange, "tile_static variable `tile`", plain_variables_checked);
}

} // namespace
