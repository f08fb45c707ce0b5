// tessera-test-cuda: host-only
// Check mode (TESSERA_CHECK, `tessera++ --check`): each class of mistake seeded on purpose, and
// the same kernels without the mistake, which must pass unreported. Compiled with -g (CMakeLists)
// so that reports name this file's lines.
#define TESSERA_CHECK 1
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <regex>
#include <string>
#include <vector>

#include "check_report.hpp"

namespace {

constexpr std::size_t n = 256, wg = 64;

// Kernels with barriers run as the CBS pass's loops where it compiled them, their loads and stores
// of local memory tested inline (reads told from writes); elsewhere the checker infers writes from
// values (docs/checks.md, "How it works").
std::size_t compiled_so_far() { return tessera::cpu::compiled_launches(); }
#if defined(TESSERA_CBS)
const bool compiled = tessera::cpu::compiled_groups_enabled();
#else
const bool compiled = false;
#endif

// Every item writes its element, then reads its neighbour's: with the barrier between them, a
// correct kernel; without it, the classic missing barrier.
void neighbour_exchange(sycl::queue& q, int* out, bool with_barrier, int& write_line, int& read_line) {
  write_line = __LINE__ + 6;
  read_line = __LINE__ + 7;
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
    h.parallel_for<class NeighbourExchange>(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
      const std::size_t l = it.get_local_id(0);
      tile[l] = static_cast<int>(it.get_global_id(0));
      if (with_barrier) sycl::group_barrier(it.get_group());
      out[it.get_global_id(0)] = tile[(l + 1) % wg];
    });
  });
}

// An exchange kernel (neighbour_exchange, hierarchical_exchange below): (queue, out, ordered,
// write line, read line).
using exchange = void (*)(sycl::queue&, int*, bool, int&, int&);

// The exchange without its barrier: a race between the lines that write and read, in `kernel`.
// `exact`: the kernel's accesses are tested inline, which see item 0 read the element item 1 then
// writes; the checker's inference sees item 63 read what item 0 wrote.
void expect_exchange_race(exchange run, const char* kernel, bool exact) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, host);
  int write_line = 0, read_line = 0;
  const std::string msg = error_of([&](sycl::queue& q) { run(q, out, false, write_line, read_line); });
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find(kernel), std::string::npos) << msg;
  // Whichever group a worker checks first reports.
  const char* items = exact ? R"(work-item \(0\) of work-group \((\d)\) reads it.*work-item \(1\) of work-group \(\1\) writes it)"
                            : R"(work-item \(0\) of work-group \((\d)\) writes it.*work-item \(63\) of work-group \(\1\) accesses it)";
  EXPECT_TRUE(std::regex_search(msg, std::regex(items))) << msg;
  sycl::free(out, host);
}

// The exchange with its barrier: nothing reported, and each item has its neighbour's value.
void expect_exchange_unreported(exchange run) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int w = 0, r = 0;
  EXPECT_EQ(error_of([&](sycl::queue& cq) { run(cq, out, true, w, r); }), "");
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i / wg * wg + (i % wg + 1) % wg));
  sycl::free(out, q);
}

TEST(AccessCheck, MissingBarrierIsARace) { expect_exchange_race(neighbour_exchange, "NeighbourExchange", compiled); }

TEST(AccessCheck, WithTheBarrierNothingIsReported) { expect_exchange_unreported(neighbour_exchange); }

TEST(AccessCheck, ReadOfLocalMemoryNobodyWrote) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, host);
  const int line = __LINE__ + 6;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(2 * wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        tile[it.get_local_id(0)] = 1;
        out[it.get_global_id(0)] = tile[wg + it.get_local_id(0)]; // the upper half is never written
      });
    });
  });
  EXPECT_NE(msg.find("that no work-item of the group wrote"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
  sycl::free(out, host);
}

TEST(AccessCheck, AtomicsOnLocalMemoryAreNoRace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n / wg, q);
  EXPECT_EQ(error_of([&](sycl::queue& cq) {
              cq.submit([&](sycl::handler& h) {
                sycl::local_accessor<int> count(sycl::range<1>(1), h);
                h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
                  if (it.get_local_id(0) == 0) count[0] = 0;
                  sycl::group_barrier(it.get_group());
                  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                   sycl::access::address_space::local_space>(count[0])
                      .fetch_add(1);
                  sycl::group_barrier(it.get_group());
                  if (it.get_local_id(0) == 0) out[it.get_group(0)] = count[0];
                });
              });
            }),
            "");
  for (std::size_t g = 0; g < n / wg; ++g) EXPECT_EQ(out[g], static_cast<int>(wg));
  sycl::free(out, q);
}

// Every item takes the tile's address at one place and the leader fills the tile through it: taking
// an address is no access, so nothing is reported (tests/atomics_stress_test.cpp does this).
TEST(AccessCheck, AnAddressTakenByEveryItemIsNoRace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  EXPECT_EQ(error_of([&](sycl::queue& cq) {
              cq.submit([&](sycl::handler& h) {
                sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
                h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
                  int* p = &tile[0];
                  if (it.get_local_id(0) == 0)
                    for (std::size_t i = 0; i < wg; ++i) p[i] = static_cast<int>(i);
                  sycl::group_barrier(it.get_group());
                  out[it.get_global_id(0)] = p[(it.get_local_id(0) + 1) % wg];
                });
              });
            }),
            "");
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>((i % wg + 1) % wg));
  sycl::free(out, q);
}

// The same statement writing one element in every item, with no atomic: a race, though each
// item's access is made at the same place. Tested inline, item 1's read of what item 0 wrote is
// the race; inferred from values, the two items' writes.
TEST(AccessCheck, OneElementWrittenByEveryItemIsARace) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n / wg, host);
  const int line = __LINE__ + 7;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> count(sycl::range<1>(1), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0) count[0] = 0;
        sycl::group_barrier(it.get_group());
        count[0] += 1;
        sycl::group_barrier(it.get_group());
        if (it.get_local_id(0) == 0) out[it.get_group(0)] = count[0];
      });
    });
  });
  if (compiled)
    EXPECT_TRUE(std::regex_search(
        msg, std::regex(R"(work-item \(0\) of work-group \((\d)\) writes it at .*:)" + std::to_string(line) +
                        R"(, and work-item \(1\) of work-group \(\1\) reads it at .*:)" + std::to_string(line))))
        << msg;
  else
    EXPECT_NE(msg.find("both write it at"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
  sycl::free(out, host);
}

// A tree reduction in local memory, with or without the barrier between its levels: many
// stretches between barriers, each reading what the last one wrote.
std::string tree_reduction(bool with_barrier, int* sums, int& line) {
  line = __LINE__ + 9;
  return error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> partial(sycl::range<1>(wg), h);
      h.parallel_for<class TreeSum>(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        partial[l] = static_cast<int>(it.get_global_id(0));
        sycl::group_barrier(it.get_group());
        for (std::size_t s = wg / 2; s > 0; s /= 2) {
          if (l < s) partial[l] += partial[l + s];
          if (with_barrier) sycl::group_barrier(it.get_group());
        }
        if (l == 0) sums[it.get_group(0)] = partial[0];
      });
    });
  });
}

TEST(AccessCheck, TreeReductionWithItsBarriersIsUnreported) {
  sycl::queue q(sycl::cpu_selector_v);
  int* sums = sycl::malloc_shared<int>(n / wg, q);
  int line = 0;
  EXPECT_EQ(tree_reduction(true, sums, line), "");
  for (std::size_t g = 0; g < n / wg; ++g)
    EXPECT_EQ(sums[g], static_cast<int>(wg * (g * wg) + wg * (wg - 1) / 2));
  sycl::free(sums, q);
}

TEST(AccessCheck, TreeReductionWithoutTheBarrierInItsLoopIsARace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* sums = sycl::malloc_shared<int>(n / wg, q);
  int line = 0;
  const std::string msg = tree_reduction(false, sums, line);
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
  EXPECT_NE(msg.find("TreeSum"), std::string::npos) << msg;
  sycl::free(sums, q);
}

// Loops whose items each access one element per access, stepping by an element from item to
// item, are tested a loop at a time where their elements are each one item's (docs/checks.md,
// "How it works"); where they are not, each access is: item 0 reads the element item 1 writes.
TEST(AccessCheck, NeighboursInOneLoopRace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  const int line = __LINE__ + 8;
  const std::string msg = error_of([&](sycl::queue& cq) {
    cq.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        tile[l] = static_cast<int>(l);
        sycl::group_barrier(it.get_group());
        if (l < wg - 1) tile[l] += tile[l + 1];
        sycl::group_barrier(it.get_group());
        out[it.get_global_id(0)] = tile[l];
      });
    });
  });
  const std::string at = R"( it at .*access_check_test.cpp:)" + std::to_string(line);
  if (compiled)
    EXPECT_TRUE(std::regex_search(msg, std::regex(R"(work-item \(0\) of work-group \((\d)\) reads)" + at +
                                                  R"(, and work-item \(1\) of work-group \(\1\) writes)" + at)))
        << msg;
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  sycl::free(out, q);
}

// Two loops in one stretch, the items below a bound and the others, write the same elements: the
// first loop's writes, recorded a loop at a time, name their items and place to the second's.
TEST(AccessCheck, TwoLoopsOfOneStretchRace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  const int low = __LINE__ + 9, high = low + 2;
  const std::string msg = error_of([&](sycl::queue& cq) {
    cq.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        tile[l] = 0;
        sycl::group_barrier(it.get_group());
        if (l < wg / 2)
          tile[l + wg / 2] = 1;
        else
          tile[l] = 2;
        sycl::group_barrier(it.get_group());
        out[it.get_global_id(0)] = tile[l];
      });
    });
  });
  if (compiled)
    EXPECT_TRUE(std::regex_search(
        msg, std::regex(R"(work-item \(0\) of work-group \((\d)\) writes it at .*access_check_test.cpp:)" +
                        std::to_string(low) + R"(, and work-item \(32\) of work-group \(\1\) writes it at .*:)" +
                        std::to_string(high))))
        << msg;
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  sycl::free(out, q);
}

// A tree reduction of 8-byte elements (an element two granules of the shadow): unreported, right.
TEST(AccessCheck, TreeReductionOfDoublesIsUnreported) {
  sycl::queue q(sycl::cpu_selector_v);
  double* sums = sycl::malloc_shared<double>(n / wg, q);
  EXPECT_EQ(error_of([&](sycl::queue& cq) {
              cq.submit([&](sycl::handler& h) {
                sycl::local_accessor<double> partial(sycl::range<1>(wg), h);
                h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
                  const std::size_t l = it.get_local_id(0);
                  partial[l] = static_cast<double>(it.get_global_id(0));
                  for (std::size_t s = wg / 2; s > 0; s /= 2) {
                    sycl::group_barrier(it.get_group());
                    if (l < s) partial[l] += partial[l + s];
                  }
                  if (l == 0) sums[it.get_group(0)] = partial[0];
                });
              });
            }),
            "");
  for (std::size_t g = 0; g < n / wg; ++g) EXPECT_EQ(sums[g], double(wg * (g * wg) + wg * (wg - 1) / 2));
  sycl::free(sums, q);
}

// Every item stores the same value in one element: a race that the inline test, which sees the
// stores, reports; inferred from values, a store of the value already there is no write.
TEST(AccessCheck, TheSameValueStoredByEveryItemIsARaceWhereTestedInline) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  const int line = __LINE__ + 6;
  const std::string msg = error_of([&](sycl::queue& cq) {
    cq.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> flag(sycl::range<1>(1), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        sycl::group_barrier(it.get_group());
        flag[0] = 1;
        sycl::group_barrier(it.get_group());
        out[it.get_global_id(0)] = flag[0];
      });
    });
  });
  if (compiled) {
    EXPECT_NE(msg.find("both write it at"), std::string::npos) << msg;
    EXPECT_TRUE(mentions_line(msg, line)) << msg;
  }
  sycl::free(out, q);
}

// An element incremented before any item wrote it: the inline test sees the read before the
// write; inferred from values, the change looks like a write.
TEST(AccessCheck, AnIncrementOfUnwrittenLocalMemoryIsReportedWhereTestedInline) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  const int line = __LINE__ + 7;
  const std::string msg = error_of([&](sycl::queue& cq) {
    cq.submit([&](sycl::handler& h) {
      sycl::local_accessor<unsigned> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        sycl::group_barrier(it.get_group());
        tile[l] += 1; // no item wrote it before
        sycl::group_barrier(it.get_group());
        out[it.get_global_id(0)] = static_cast<int>(tile[l] & 1);
      });
    });
  });
  if (compiled) {
    EXPECT_NE(msg.find("that no work-item of the group wrote: work-item (0)"), std::string::npos) << msg;
    EXPECT_TRUE(mentions_line(msg, line)) << msg;
  }
  sycl::free(out, q);
}

// Writes through a raw pointer into local memory are not checked, but they are writes: reading
// the elements through the accessor afterwards is no read of unwritten memory.
TEST(AccessCheck, WritesThroughARawPointerCountAsWrites) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  EXPECT_EQ(error_of([&](sycl::queue& cq) {
              cq.submit([&](sycl::handler& h) {
                sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
                h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
                  const std::size_t l = it.get_local_id(0);
                  tile.get_multi_ptr<sycl::access::decorated::no>()[l] = static_cast<int>(l);
                  sycl::group_barrier(it.get_group());
                  out[it.get_global_id(0)] = tile[(l + 1) % wg];
                });
              });
            }),
            "");
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>((i % wg + 1) % wg));
  sycl::free(out, q);
}

// A hierarchical kernel: each item writes its element of the tile and reads its neighbour's,
// in one parallel_for_work_item (a race) or in two, whose implicit barrier orders them.
void hierarchical_exchange(sycl::queue& q, int* out, bool two_loops, int& write_line, int& read_line) {
  write_line = __LINE__ + 8;
  read_line = __LINE__ + 8;
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
    h.parallel_for_work_group<class HierarchicalExchange>(
        sycl::range<1>(n / wg), sycl::range<1>(wg), [=](sycl::group<1> g) {
          const auto exchange = [&](sycl::h_item<1> it, bool write, bool read) {
            const std::size_t l = it.get_local_id(0);
            if (write) tile[l] = static_cast<int>(it.get_global_id(0));
            if (read) out[it.get_global_id(0)] = tile[(l + 1) % wg];
          };
          if (two_loops) {
            g.parallel_for_work_item([&](sycl::h_item<1> it) { exchange(it, true, false); });
            g.parallel_for_work_item([&](sycl::h_item<1> it) { exchange(it, false, true); });
          } else {
            g.parallel_for_work_item([&](sycl::h_item<1> it) { exchange(it, true, true); });
          }
        });
  });
}

TEST(AccessCheck, HierarchicalRaceInOneWorkItemLoop) {
  expect_exchange_race(hierarchical_exchange, "HierarchicalExchange", false);
}

TEST(AccessCheck, HierarchicalWorkItemLoopsAreBarriers) { expect_exchange_unreported(hierarchical_exchange); }

TEST(AccessCheck, HierarchicalReadOfLocalMemoryNobodyWrote) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, host);
  const int line = __LINE__ + 8;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for_work_group(sycl::range<1>(n / wg), sycl::range<1>(wg), [=](sycl::group<1> g) {
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          if (it.get_local_id(0) + 1 < wg) tile[it.get_local_id(0)] = 1; // the last element is never written
        });
        g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = tile[(it.get_local_id(0) + 1) % wg]; });
      });
    });
  });
  EXPECT_NE(msg.find("that no work-item of the group wrote: work-item (62)"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
  sycl::free(out, host);
}

// A tile written, then read whole in a loop with no barrier between: where the pass would cut the
// loop's head for speed, an unchecked build, a checked one cuts only at the kernel's own barriers.
TEST(AccessCheck, MissingBarrierBeforeALoopIsARace) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, host);
  const int write_line = __LINE__ + 9, read_line = __LINE__ + 10;
  const std::size_t before = compiled_so_far();
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for<class TileThenLoop>(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        unsigned sum = 0; // unsigned: the unwritten elements' poison must not overflow (UBSan)
        sycl::group_barrier(it.get_group());
        tile[l] = static_cast<int>(l);
        for (std::size_t k = 0; k < wg; ++k) sum += static_cast<unsigned>(tile[k]);
        out[it.get_global_id(0)] = static_cast<int>(sum);
      });
    });
  });
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("TileThenLoop"), std::string::npos) << msg;
  if (compiled) EXPECT_GT(compiled_so_far(), before);
  sycl::free(out, host);
}

// A sub-group barrier orders the items of its sub-group (each reads its neighbour's element), not
// those of two sub-groups (each reads the element of the item one sub-group on; 32 items a
// sub-group by default, two in a work-group).
std::string sub_group_exchange(bool across, bool& right) {
  sycl::queue host(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, host);
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        const std::size_t d = across ? it.get_sub_group().get_local_range()[0] : 1;
        tile[l] = static_cast<int>(it.get_global_id(0));
        sycl::group_barrier(it.get_sub_group());
        out[it.get_global_id(0)] = tile[(l ^ d) % wg];
      });
    });
  });
  right = true;
  for (std::size_t i = 0; i < n; ++i) right &= out[i] == static_cast<int>(i ^ 1);
  sycl::free(out, host);
  return msg;
}

TEST(AccessCheck, SubGroupBarrierOrdersItsSubGroup) {
  const std::size_t before = compiled_so_far();
  bool right = false;
  EXPECT_EQ(sub_group_exchange(false, right), "");
  EXPECT_TRUE(right);
  if (compiled) EXPECT_GT(compiled_so_far(), before);
  const std::string msg = sub_group_exchange(true, right);
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
}

// An element taken and dropped, `(void)tile[l]`, reads nothing: where the CBS plugin compiles, the
// checker is not told of it (elsewhere its inference takes it for a read of what no item wrote).
TEST(AccessCheck, AnElementTakenAndDroppedIsNoRead) {
#if !defined(TESSERA_CBS)
  GTEST_SKIP() << "the CBS plugin drops the checks of elements nothing reads or writes";
#endif
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  EXPECT_EQ(error_of([&](sycl::queue& cq) {
              cq.submit([&](sycl::handler& h) {
                sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
                h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
                  (void)tile[it.get_local_id(0)];
                  out[it.get_global_id(0)] = 1;
                });
              });
            }),
            "");
  sycl::free(out, q);
}

TEST(AccessCheck, OutOfBoundsThroughAnAccessor) {
  sycl::buffer<int> b{sycl::range<1>(100)};
  const int line = __LINE__ + 5;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) {
        a[i[0] + 1] = 1; // one past the end for the last item
      });
    });
  });
  EXPECT_NE(msg.find("out-of-bounds access"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(100)"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
}

TEST(AccessCheck, OutsideARangedAccessorsWindow) {
  sycl::buffer<int> b{sycl::range<1>(20)};
  const int line = __LINE__ + 5;
  const std::string msg = error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h, sycl::range<1>(10), sycl::id<1>(5), sycl::write_only);
      h.single_task([=] {
        a[sycl::id<1>(12)] = 1; // inside the buffer, outside the accessor's 10 elements
      });
    });
  });
  EXPECT_NE(msg.find("index (12) of an accessor whose range is (10) at offset (5)"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, line)) << msg;
}

} // namespace
