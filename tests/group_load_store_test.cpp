// group_load / group_store (sycl_ext_oneapi_group_load_store) for work-groups and sub-groups, on the
// CPU and, compiled as CUDA, on the GPU. The misuse reports at the end are the CPU backend's.
#include <gtest/gtest.h>

#include "rethrow_handler.hpp"
#include <sycl/sycl.hpp>
// DPC++'s path for the extension, which its programs include (HeCBench's blockAccess).
#include <sycl/ext/oneapi/experimental/group_load_store.hpp>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace {
namespace syclex = sycl::ext::oneapi::experimental;

// Where member i of a group of g members finds its k-th element, for n elements per member.
std::size_t blocked(std::size_t i, std::size_t, std::size_t n, std::size_t k) { return i * n + k; }
std::size_t striped(std::size_t i, std::size_t g, std::size_t, std::size_t k) { return i + k * g; }

int value_at(std::size_t idx) { return static_cast<int>((idx * 7919 + 13) % 1009) - 500; }

// A size the device does not list cannot be asked for (the GPU has only warps of 32).
bool supports(const sycl::queue& q, std::size_t size) {
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  return std::find(sizes.begin(), sizes.end(), size) != sizes.end();
}

int* filled(sycl::queue& q, std::size_t n) {
  int* p = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) p[i] = value_at(i);
  return p;
}

// --- work-groups, 1-D, an odd local size ---

TEST(GroupLoadStore, WorkGroupScalarLoadAndStore) {
  sycl::queue q;
  constexpr std::size_t L = 13, G = 3, n = L * G;
  int* in = filled(q, n);
  int* got = sycl::malloc_shared<int>(n * 2, q);
  int* out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const std::size_t base = g.get_group_linear_id() * L, i = it.get_global_linear_id();
     int a = 0, b = 0;
     syclex::group_load(g, in + base, a);
     syclex::group_load(g, in + base, b, syclex::properties{syclex::data_placement_striped});
     got[i * 2] = a;
     got[i * 2 + 1] = b;
     syclex::group_store(g, a * 3 + 1, out + base, syclex::properties{syclex::data_placement_blocked});
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(got[i * 2], value_at(i)) << i;
    ASSERT_EQ(got[i * 2 + 1], value_at(i)) << i;
    ASSERT_EQ(out[i], value_at(i) * 3 + 1) << i;
  }
  sycl::free(in, q);
  sycl::free(got, q);
  sycl::free(out, q);
}

// Loads N elements blocked and striped into spans, stores them back with the other placement
// (a transpose within the group) and checks both against a sequential reference.
template <int D, std::size_t N>
void span_round_trip(sycl::range<D> global, sycl::range<D> local) {
  sycl::queue q;
  const std::size_t items = global.size(), L = local.size(), groups = items / L, n = items * N;
  int* in = filled(q, n);
  int* got_b = sycl::malloc_shared<int>(n, q);
  int* got_s = sycl::malloc_shared<int>(n, q);
  int* out_b = sycl::malloc_shared<int>(n, q);
  int* out_s = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<D>{global, local}, [=](sycl::nd_item<D> it) {
     auto g = it.get_group();
     const std::size_t base = g.get_group_linear_id() * L * N, lid = g.get_local_linear_id();
     int b[N], s[N];
     syclex::group_load(g, in + base, sycl::span<int, N>(b));
     syclex::group_load(g, in + base, sycl::span<int, N>(s),
                        syclex::properties{syclex::data_placement_striped, syclex::contiguous_memory});
     for (std::size_t k = 0; k < N; ++k) {
       got_b[base + lid * N + k] = b[k];
       got_s[base + lid * N + k] = s[k];
     }
     syclex::group_store(g, sycl::span<int, N>(b), out_s + base,
                         syclex::properties{syclex::full_group, syclex::data_placement_striped});
     const sycl::span<const int, N> cs(s, N);
     syclex::group_store(g, cs, out_b + base);
   }).wait_and_throw();
  std::vector<int> ref_out_s(n), ref_out_b(n);
  for (std::size_t grp = 0; grp < groups; ++grp)
    for (std::size_t i = 0; i < L; ++i)
      for (std::size_t k = 0; k < N; ++k) {
        const std::size_t base = grp * L * N, slot = base + i * N + k;
        ASSERT_EQ(got_b[slot], value_at(base + blocked(i, L, N, k))) << grp << " " << i << " " << k;
        ASSERT_EQ(got_s[slot], value_at(base + striped(i, L, N, k))) << grp << " " << i << " " << k;
        ref_out_s[base + striped(i, L, N, k)] = value_at(base + blocked(i, L, N, k));
        ref_out_b[base + blocked(i, L, N, k)] = value_at(base + striped(i, L, N, k));
      }
  for (std::size_t j = 0; j < n; ++j) {
    ASSERT_EQ(out_s[j], ref_out_s[j]) << j;
    ASSERT_EQ(out_b[j], ref_out_b[j]) << j;
  }
  // Blocked then striped is a real transpose, not the identity, for these shapes.
  if (L > 1 && N > 1) {
    ASSERT_NE(std::vector<int>(out_s, out_s + n), std::vector<int>(in, in + n));
  }
  for (int* p : {in, got_b, got_s, out_b, out_s}) sycl::free(p, q);
}

TEST(GroupLoadStore, WorkGroupSpansOneDimensionalOddSize) { span_round_trip<1, 3>({7 * 4}, {7}); }
TEST(GroupLoadStore, WorkGroupSpansOneElement) { span_round_trip<1, 1>({11 * 2}, {11}); }
TEST(GroupLoadStore, WorkGroupSpansTwoDimensional) { span_round_trip<2, 4>({6, 10}, {3, 5}); }
TEST(GroupLoadStore, WorkGroupSpansThreeDimensional) { span_round_trip<3, 2>({2, 6, 3}, {1, 3, 3}); }

// --- sub-groups, including a short last one ---

template <typename SgSize> class SubGroupLoadStore : public ::testing::Test {};
using Sizes = ::testing::Types<std::integral_constant<std::uint32_t, 4>, std::integral_constant<std::uint32_t, 8>,
                               std::integral_constant<std::uint32_t, 16>, std::integral_constant<std::uint32_t, 32>,
                               std::integral_constant<std::uint32_t, 64>>;
TYPED_TEST_SUITE(SubGroupLoadStore, Sizes);

TYPED_TEST(SubGroupLoadStore, BlockedAndStripedSpansAndScalars) {
  constexpr std::uint32_t SG = TypeParam::value;
  constexpr std::size_t N = 3, L = 2 * SG + 3, G = 2, items = L * G, n = items * N; // last sub-group: 3 items
  sycl::queue q;
  if (!supports(q, SG)) GTEST_SKIP() << "the device has no sub-groups of " << SG;
  int* in = filled(q, n);
  int* got = sycl::malloc_shared<int>(n * 2 + items, q);
  int* out = sycl::malloc_shared<int>(n + items, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>{items, L}, syclex::properties{syclex::sub_group_size<SG>},
                    [=](sycl::nd_item<1> it) {
                      auto sg = it.get_sub_group();
                      const std::size_t first = it.get_group_linear_id() * L + sg.get_group_linear_id() * SG;
                      const std::size_t base = first * N, lid = sg.get_local_linear_id();
                      int b[N], s[N], x = 0;
                      syclex::group_load(sg, in + base, sycl::span<int, N>(b));
                      syclex::group_load(sg, in + base, sycl::span<int, N>(s),
                                         syclex::properties{syclex::data_placement_striped});
                      syclex::group_load(sg, in + first, x, syclex::properties{syclex::full_group});
                      for (std::size_t k = 0; k < N; ++k) {
                        got[(first + lid) * N + k] = b[k];
                        got[n + (first + lid) * N + k] = s[k];
                      }
                      got[2 * n + first + lid] = x;
                      // Write back striped what was read blocked: each sub-group transposes its part.
                      syclex::group_store(sg, sycl::span<int, N>(b), out + base,
                                          syclex::properties{syclex::data_placement_striped});
                      syclex::group_store(sg, -x, out + n + first);
                    });
   }).wait_and_throw();
  for (std::size_t grp = 0; grp < G; ++grp)
    for (std::size_t lid = 0; lid < L; ++lid) {
      const std::size_t sbase = lid / SG * SG, size = std::min<std::size_t>(SG, L - sbase), i = lid - sbase;
      const std::size_t first = grp * L + sbase, base = first * N;
      for (std::size_t k = 0; k < N; ++k) {
        ASSERT_EQ(got[(first + i) * N + k], value_at(base + blocked(i, size, N, k))) << grp << " " << lid;
        ASSERT_EQ(got[n + (first + i) * N + k], value_at(base + striped(i, size, N, k))) << grp << " " << lid;
        ASSERT_EQ(out[base + striped(i, size, N, k)], value_at(base + blocked(i, size, N, k))) << grp << " " << lid;
      }
      ASSERT_EQ(got[2 * n + first + i], value_at(first + i)) << grp << " " << lid;
      ASSERT_EQ(out[n + first + i], -value_at(first + i)) << grp << " " << lid;
    }
  sycl::free(in, q);
  sycl::free(got, q);
  sycl::free(out, q);
}

TEST(GroupLoadStore, OtherElementTypesAndIterators) {
  sycl::queue q;
  constexpr std::size_t L = 5, N = 2;
  double* in = sycl::malloc_shared<double>(L * N, q);
  for (std::size_t i = 0; i < L * N; ++i) in[i] = 0.5 * static_cast<double>(i) + 0.25;
  struct pair {
    double first;
    long second;
  };
  pair* out = sycl::malloc_shared<pair>(L * N, q);
  q.parallel_for(sycl::nd_range<1>{L, L}, [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     double d[N];
     syclex::group_load(g, static_cast<const double*>(in), sycl::span<double, N>(d),
                        syclex::properties{syclex::data_placement_striped});
     pair p[N];
     for (std::size_t k = 0; k < N; ++k) p[k] = {d[k], static_cast<long>(it.get_local_linear_id() * 10 + k)};
     syclex::group_store(g, sycl::span<pair, N>(p), out);
   }).wait_and_throw();
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t k = 0; k < N; ++k) {
      ASSERT_EQ(out[i * N + k].first, in[i + k * L]) << i << " " << k;
      ASSERT_EQ(out[i * N + k].second, static_cast<long>(i * 10 + k)) << i << " " << k;
    }
  sycl::free(in, q);
  sycl::free(out, q);
}

// --- shapes that the GPU maps onto several warps, and partial warps ---

// Work-groups of several warps (on the GPU: blocks of 4 and 32 warps, and one whose last warp has 4
// lanes), 1-D and 2-D.
TEST(GroupLoadStore, WorkGroupSpansOfSeveralWarps) { span_round_trip<1, 3>({100 * 3}, {100}); }
TEST(GroupLoadStore, WorkGroupSpansOfAWholeBlock) { span_round_trip<1, 2>({1024 * 2}, {1024}); }
TEST(GroupLoadStore, WorkGroupSpansTwoDimensionalSeveralWarps) { span_round_trip<2, 4>({8, 64}, {4, 32}); }

// Sub-groups of the device's default size in a 2-D work-group of 4 x 24 = 96 items (three warps on
// the GPU): spans of doubles blocked and striped, a scalar, and a store through a const span.
TEST(GroupLoadStore, SubGroupsOfTwoDimensionalWorkGroups) {
  sycl::queue q;
  constexpr std::size_t N = 4, R = 4, C = 24, L = R * C, GR = 2, GC = 3, items = L * GR * GC, n = items * N;
  double* in = sycl::malloc_shared<double>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.5 * value_at(i);
  double* got = sycl::malloc_shared<double>(2 * n + items, q);
  double* out = sycl::malloc_shared<double>(n, q);
  std::size_t* shape = sycl::malloc_shared<std::size_t>(items * 3, q);
  q.parallel_for(sycl::nd_range<2>{{R * GR, C * GC}, {R, C}}, [=](sycl::nd_item<2> it) {
     auto sg = it.get_sub_group();
     // Sub-group k of work-group w owns items [w*L + k*S, w*L + k*S + size) of the launch, where S
     // is the largest sub-group of the launch.
     const std::size_t first = it.get_group_linear_id() * L + sg.get_group_linear_id() * sg.get_max_local_range()[0];
     const std::size_t lid = sg.get_local_linear_id(), me = first + lid, base = first * N;
     double b[N], s[N], x = 0;
     syclex::group_load(sg, in + base, sycl::span<double, N>(b), syclex::properties{syclex::data_placement_blocked});
     syclex::group_load(sg, in + base, sycl::span<double, N>(s), syclex::properties{syclex::data_placement_striped});
     syclex::group_load(sg, in + first, x);
     for (std::size_t k = 0; k < N; ++k) {
       got[me * N + k] = b[k];
       got[n + me * N + k] = s[k];
     }
     got[2 * n + me] = x;
     const sycl::span<const double, N> cs(s, N);
     syclex::group_store(sg, cs, out + base, syclex::properties{syclex::data_placement_striped});
     shape[me * 3] = first;
     shape[me * 3 + 1] = sg.get_local_linear_range();
     shape[me * 3 + 2] = lid;
   }).wait_and_throw();
  std::vector<int> seen(items, 0);
  for (std::size_t j = 0; j < items; ++j) {
    const std::size_t first = shape[j * 3], size = shape[j * 3 + 1], i = shape[j * 3 + 2], base = first * N;
    ASSERT_LT(i, size) << j;
    ASSERT_LE(first + size, items) << j;
    ++seen[first + i];
    for (std::size_t k = 0; k < N; ++k) {
      ASSERT_EQ(got[(first + i) * N + k], in[base + blocked(i, size, N, k)]) << j << " " << k;
      ASSERT_EQ(got[n + (first + i) * N + k], in[base + striped(i, size, N, k)]) << j << " " << k;
      // striped load then striped store: each element goes back where it came from
      ASSERT_EQ(out[base + striped(i, size, N, k)], in[base + striped(i, size, N, k)]) << j << " " << k;
    }
    ASSERT_EQ(got[2 * n + first + i], in[first + i]) << j;
  }
  for (std::size_t j = 0; j < items; ++j) ASSERT_EQ(seen[j], 1) << "item " << j << " not covered exactly once";
  for (void* p : {static_cast<void*>(in), static_cast<void*>(got), static_cast<void*>(out), static_cast<void*>(shape)})
    sycl::free(p, q);
}

// The collective's ordering, in local memory: a group_store is visible to the whole group when it
// returns, and a group_load sees what the group wrote before it (Tessera, like DPC++, puts a group
// barrier before and after the move). The kernel has barriers only where items overwrite what
// others may still read.
TEST(GroupLoadStore, StoresAreVisibleToTheGroupAndLoadsSeeEarlierWrites) {
  sycl::queue q;
  constexpr std::size_t L = 96, G = 4, N = 2, F = 5, n = L * G;
  int* out = sycl::malloc_shared<int>(n * F, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> wg(sycl::range<1>(L * N), h);
     sycl::local_accessor<int, 1> sgm(sycl::range<1>(L), h);
     h.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
       auto g = it.get_group();
       auto sg = it.get_sub_group();
       const std::size_t lid = it.get_local_linear_id(), gid = it.get_global_linear_id();
       const int tag = static_cast<int>(it.get_group_linear_id() * 100000);
       int* o = out + gid * F;
       // Work-group: store blocked, then read what two other items stored.
       int mine[N] = {tag + static_cast<int>(lid * N), tag + static_cast<int>(lid * N + 1)};
       syclex::group_store(g, sycl::span<int, N>(mine), wg.get_pointer());
       o[0] = wg[L * N - 1 - lid * N] + wg[(lid * 7 + 3) % (L * N)];
       sycl::group_barrier(g); // the others may still read what this item overwrites next
       // Work-group: each item writes two elements, then the group loads them striped.
       wg[lid] = tag + 3 * static_cast<int>(lid);
       wg[L + lid] = tag + 3 * static_cast<int>(L + lid);
       int back[N];
       syclex::group_load(g, wg.get_pointer(), sycl::span<int, N>(back),
                          syclex::properties{syclex::data_placement_striped});
       o[1] = back[1] - back[0];
       // Sub-group: the same in each sub-group's slice of local memory.
       int* slice = sgm.get_pointer() + sg.get_group_linear_id() * sg.get_max_local_range()[0];
       const std::size_t sl = sg.get_local_linear_id(), size = sg.get_local_linear_range();
       syclex::group_store(sg, tag + static_cast<int>(sl), slice, syclex::properties{syclex::data_placement_striped});
       o[2] = slice[size - 1 - sl];
       sycl::group_barrier(sg);
       slice[sl] = tag + 7 * static_cast<int>(sl);
       int y = 0;
       syclex::group_load(sg, slice, y);
       o[3] = y + (sl + 1 < size ? slice[sl + 1] : 0);
       o[4] = static_cast<int>(sg.get_max_local_range()[0]);
     });
   }).wait_and_throw();
  for (std::size_t gid = 0; gid < n; ++gid) {
    const int* o = out + gid * F;
    const std::size_t lid = gid % L, S = static_cast<std::size_t>(o[4]);
    ASSERT_GT(S, 0u);
    const int tag = static_cast<int>(gid / L * 100000);
    ASSERT_EQ(o[0], 2 * tag + static_cast<int>(L * N - 1 - lid * N) + static_cast<int>((lid * 7 + 3) % (L * N))) << gid;
    ASSERT_EQ(o[1], 3 * static_cast<int>(L)) << gid;
    const std::size_t sl = lid % S, size = std::min(S, L - lid / S * S);
    ASSERT_EQ(o[2], tag + static_cast<int>(size - 1 - sl)) << gid;
    ASSERT_EQ(o[3], tag + 7 * static_cast<int>(sl) + (sl + 1 < size ? tag + 7 * static_cast<int>(sl + 1) : 0)) << gid;
  }
  sycl::free(out, q);
}

// --- misuse is reported, as for every collective ---

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    return e.what();
  }
  return "";
}

TEST(GroupLoadStoreChecks, MixedPlacementsAreReported) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "misused collectives are reported by the CPU backend";
  int* in = filled(q, 64);
  const std::string e = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{16, 16}, [=](sycl::nd_item<1> it) {
       int x[2];
       if (it.get_local_id(0) < 8)
         syclex::group_load(it.get_group(), in, sycl::span<int, 2>(x), syclex::properties{syclex::data_placement_striped});
       else
         syclex::group_load(it.get_group(), in, sycl::span<int, 2>(x), syclex::properties{syclex::data_placement_blocked});
     }).wait_and_throw();
  });
  EXPECT_NE(e.find("group_load"), std::string::npos) << e;
  sycl::free(in, q);
}

TEST(GroupLoadStoreChecks, DifferentPointersAreReported) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "misused collectives are reported by the CPU backend";
  int* buf = filled(q, 64);
  const std::string e = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{16, 8}, [=](sycl::nd_item<1> it) {
       // Each item passes its own address: the usual mistake of offsetting by the item's id.
       syclex::group_store(it.get_sub_group(), 1, buf + it.get_local_id(0));
     }).wait_and_throw();
  });
  EXPECT_NE(e.find("group_store"), std::string::npos) << e;
  EXPECT_NE(e.find("different pointers"), std::string::npos) << e;
  sycl::free(buf, q);
}

TEST(GroupLoadStoreChecks, LoadMeetingStoreIsReported) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "misused collectives are reported by the CPU backend";
  int* buf = filled(q, 64);
  const std::string e = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{8, 8}, [=](sycl::nd_item<1> it) {
       int x = 0;
       if (it.get_local_id(0) == 3)
         syclex::group_store(it.get_group(), x, buf);
       else
         syclex::group_load(it.get_group(), buf, x);
     }).wait_and_throw();
  });
  EXPECT_NE(e.find("group_load"), std::string::npos) << e;
  EXPECT_NE(e.find("group_store"), std::string::npos) << e;
  sycl::free(buf, q);
}

TEST(GroupLoadStoreChecks, SkippedByOneItemIsReported) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "misused collectives are reported by the CPU backend";
  int* buf = filled(q, 64);
  const std::string e = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{8, 8}, [=](sycl::nd_item<1> it) {
       if (it.get_local_id(0) == 5) return;
       int x = 0;
       syclex::group_load(it.get_group(), buf, x);
     }).wait_and_throw();
  });
  EXPECT_NE(e.find("group_load"), std::string::npos) << e;
  sycl::free(buf, q);
}

} // namespace
