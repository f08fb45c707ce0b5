// Kernel launch forms and what each work-item sees: single_task, basic parallel_for (with and
// without offset), nd_range kernels with every nd_item/group query, local memory, barriers and
// atomics. Results are checked element by element against a sequential reference.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {

template <int D>
sycl::range<D> R(std::size_t a, std::size_t b = 1, std::size_t c = 1) {
  if constexpr (D == 1) return sycl::range<1>(a);
  else if constexpr (D == 2) return sycl::range<2>(a, b);
  else return sycl::range<3>(a, b, c);
}

template <int D>
SYCL_EXTERNAL std::size_t lin(const sycl::id<D>& i, const sycl::range<D>& r) {
  std::size_t l = 0;
  for (int d = 0; d < D; ++d) l = l * r[d] + i[d];
  return l;
}

template <int D>
SYCL_EXTERNAL sycl::id<D> delin(std::size_t l, const sycl::range<D>& r) {
  sycl::id<D> i;
  for (int d = D - 1; d >= 0; --d) i[d] = l % r[d], l /= r[d];
  return i;
}

// ---------------------------------------------------------------- single_task and basic kernels

TEST(SingleTask, RunsOnceAndSeesCapturedValues) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(2, q);
  v[0] = 0;
  v[1] = 0;
  const int k = 21;
  q.single_task([=] {
    v[0] += 1;
    v[1] = 2 * k;
  }).wait();
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 42);
  q.submit([&](sycl::handler& h) { h.single_task([=] { v[0] += 10; }); }).wait();
  EXPECT_EQ(v[0], 11);
  sycl::free(v, q);
}

class BasicRange1 : public ::testing::TestWithParam<std::size_t> {};

TEST_P(BasicRange1, EveryIdVisitedOnceWithIdItemAutoAndSizeT) {
  const std::size_t n = GetParam();
  sycl::queue q;
  int* a = sycl::malloc_shared<int>(n + 1, q);
  int* b = sycl::malloc_shared<int>(n + 1, q);
  int* c = sycl::malloc_shared<int>(n + 1, q);
  int* d = sycl::malloc_shared<int>(n + 1, q);
  std::fill(a, a + n + 1, 0), std::fill(b, b + n + 1, 0), std::fill(c, c + n + 1, 0), std::fill(d, d + n + 1, 0);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i[0]] += 1; });
  q.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
    b[it.get_linear_id()] += static_cast<int>(it.get_range()[0] == n) + static_cast<int>(it.get_id(0) == it.get_linear_id());
  });
  q.parallel_for(sycl::range<1>(n), [=](auto i) { c[i] += 1; });
  q.parallel_for(n, [=](std::size_t i) { d[i] += 1; });
  q.wait();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(a[i], 1) << i;
    ASSERT_EQ(b[i], 2) << i;
    ASSERT_EQ(c[i], 1) << i;
    ASSERT_EQ(d[i], 1) << i;
  }
  EXPECT_EQ(a[n] + b[n] + c[n] + d[n], 0) << "written past the range";
  for (int* p : {a, b, c, d}) sycl::free(p, q);
}
INSTANTIATE_TEST_SUITE_P(Sizes, BasicRange1, ::testing::Values(1, 2, 7, 64, 1000, 65537));

template <typename Dim>
class BasicRange : public ::testing::Test {};
using Dims = ::testing::Types<std::integral_constant<int, 1>, std::integral_constant<int, 2>,
                              std::integral_constant<int, 3>>;
TYPED_TEST_SUITE(BasicRange, Dims);

// Shapes whose last dimension is a whole number of 256-item blocks take another path on the GPU
// (a grid in 2 or 3 dimensions instead of a linear one); every test runs both kinds.
template <int D>
std::vector<sycl::range<D>> shapes(std::size_t a, std::size_t b, std::size_t c) {
  if constexpr (D == 1) return {R<1>(a), R<1>(512)};
  else if constexpr (D == 2) return {R<2>(a, b), R<2>(3, 512)};
  else return {R<3>(a, b, c), R<3>(3, 2, 512)};
}

TYPED_TEST(BasicRange, ItemLinearIdIsRowMajorAndRangeIsTheLaunchRange) {
  constexpr int D = TypeParam::value;
  for (const sycl::range<D>& r : shapes<D>(13, 7, 5)) {
    sycl::queue q;
    std::size_t* seen = sycl::malloc_shared<std::size_t>(r.size(), q);
    int* bad = sycl::malloc_shared<int>(1, q);
    *bad = 0;
    std::fill(seen, seen + r.size(), ~std::size_t{0});
    q.parallel_for(r, [=](sycl::item<D> it) {
       if (it.get_range() != r) *bad = 1;
       if (lin<D>(it.get_id(), r) != it.get_linear_id()) *bad = 1;
       seen[it.get_linear_id()] = lin<D>(it.get_id(), r);
     }).wait();
    EXPECT_EQ(*bad, 0);
    for (std::size_t i = 0; i < r.size(); ++i) ASSERT_EQ(seen[i], i);
    sycl::free(seen, q);
    sycl::free(bad, q);
  }
}

TYPED_TEST(BasicRange, DeprecatedOffsetFormShiftsIdsButNotLinearId) {
  constexpr int D = TypeParam::value;
  for (const sycl::range<D>& r : shapes<D>(6, 4, 3)) {
    sycl::id<D> off;
    for (int d = 0; d < D; ++d) off[d] = 10 * (d + 1);
    sycl::queue q;
    std::size_t* ids = sycl::malloc_shared<std::size_t>(r.size() * 3, q);
    int* bad = sycl::malloc_shared<int>(1, q);
    *bad = 0;
    q.submit([&](sycl::handler& h) {
       h.parallel_for(r, off, [=](sycl::item<D> it) {
         if (it.get_offset() != off) *bad = 1;
         if (it.get_range() != r) *bad = 1;
         const std::size_t l = it.get_linear_id();
         if (l >= r.size()) {
           *bad = 2;
           return;
         }
         for (int d = 0; d < D; ++d) ids[l * 3 + d] = it.get_id(d);
       });
     }).wait();
    EXPECT_EQ(*bad, 0);
    for (std::size_t l = 0; l < r.size(); ++l) {
      sycl::id<D> expect = delin<D>(l, r);
      for (int d = 0; d < D; ++d) ASSERT_EQ(ids[l * 3 + d], expect[d] + off[d]) << "linear " << l << " dim " << d;
    }
    sycl::free(ids, q);
    sycl::free(bad, q);
  }
}

TEST(BasicRange, EmptyRangeCompletesWithoutRunning) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  q.parallel_for(sycl::range<1>(0), [=](sycl::id<1>) { *v = 1; }).wait();
  EXPECT_EQ(*v, 0);
  sycl::free(v, q);
}

// ---------------------------------------------------------------- nd_range queries

struct NdCase {
  std::size_t g[3], l[3];
  int dims;
};

class NdItemQueries : public ::testing::TestWithParam<NdCase> {};

template <int D>
void check_nd_queries(const NdCase& c) {
  sycl::range<D> global, local;
  for (int d = 0; d < D; ++d) global[d] = c.g[d], local[d] = c.l[d];
  sycl::range<D> groups;
  for (int d = 0; d < D; ++d) groups[d] = global[d] / local[d];
  const std::size_t n = global.size();
  constexpr int F = 16; // fields per work-item
  sycl::queue q;
  std::size_t* out = sycl::malloc_shared<std::size_t>(n * F, q);
  int* bad = sycl::malloc_shared<int>(1, q);
  *bad = 0;
  std::fill(out, out + n * F, ~std::size_t{0});
  q.parallel_for(sycl::nd_range<D>(global, local), [=](sycl::nd_item<D> it) {
    const std::size_t gl = it.get_global_linear_id();
    if (gl >= n) {
      *bad = 1;
      return;
    }
    std::size_t* o = out + gl * F;
    sycl::group<D> g = it.get_group();
    o[0] = it.get_local_linear_id();
    o[1] = it.get_group_linear_id();
    o[2] = g.get_group_linear_id();
    o[3] = g.get_local_linear_id();
    o[4] = g.leader() ? 1 : 0;
    o[5] = g.get_group_linear_range();
    o[6] = g.get_local_linear_range();
    for (int d = 0; d < D; ++d) {
      o[7 + d] = it.get_global_id(d);
      o[10 + d] = it.get_local_id(d);
      o[13 + d] = it.get_group(d);
      // consistency of the many spellings of the same values
      if (it.get_global_id()[d] != it.get_global_id(d) || it.get_local_id()[d] != it.get_local_id(d) ||
          g.get_group_id()[d] != it.get_group(d) || g.get_group_id(d) != it.get_group(d) || g[d] != it.get_group(d) ||
          g.get_local_id()[d] != it.get_local_id(d) || g.get_local_id(d) != it.get_local_id(d))
        *bad = 2;
      if (it.get_global_range(d) != global[d] || it.get_global_range()[d] != global[d] ||
          it.get_local_range(d) != local[d] || it.get_local_range()[d] != local[d] ||
          it.get_group_range(d) != groups[d] || it.get_group_range()[d] != groups[d] ||
          g.get_local_range(d) != local[d] || g.get_local_range()[d] != local[d] ||
          g.get_group_range(d) != groups[d] || g.get_group_range()[d] != groups[d] ||
          g.get_max_local_range()[d] != local[d] || it.get_offset()[d] != 0)
        *bad = 3;
    }
    if (it.get_nd_range() != sycl::nd_range<D>(global, local)) *bad = 4;
  }).wait();
  ASSERT_EQ(*bad, 0);
  for (std::size_t gl = 0; gl < n; ++gl) {
    const sycl::id<D> gid = delin<D>(gl, global);
    sycl::id<D> lid, grp;
    for (int d = 0; d < D; ++d) lid[d] = gid[d] % local[d], grp[d] = gid[d] / local[d];
    const std::size_t* o = out + gl * F;
    const std::size_t llin = lin<D>(lid, local), glin = lin<D>(grp, groups);
    ASSERT_EQ(o[0], llin) << gl;
    ASSERT_EQ(o[1], glin) << gl;
    ASSERT_EQ(o[2], glin) << gl;
    ASSERT_EQ(o[3], llin) << gl;
    ASSERT_EQ(o[4], llin == 0 ? 1u : 0u) << gl;
    ASSERT_EQ(o[5], groups.size());
    ASSERT_EQ(o[6], local.size());
    for (int d = 0; d < D; ++d) {
      ASSERT_EQ(o[7 + d], gid[d]) << gl << " dim " << d;
      ASSERT_EQ(o[10 + d], lid[d]) << gl << " dim " << d;
      ASSERT_EQ(o[13 + d], grp[d]) << gl << " dim " << d;
    }
  }
  sycl::free(out, q);
  sycl::free(bad, q);
}

TEST_P(NdItemQueries, EveryQueryMatchesTheGeometry) {
  const NdCase c = GetParam();
  if (c.dims == 1) check_nd_queries<1>(c);
  else if (c.dims == 2) check_nd_queries<2>(c);
  else check_nd_queries<3>(c);
}
INSTANTIATE_TEST_SUITE_P(Geometries, NdItemQueries,
                         ::testing::Values(NdCase{{64}, {64}, 1}, NdCase{{96}, {8}, 1}, NdCase{{1000}, {1}, 1},
                                           NdCase{{2048}, {1024}, 1}, NdCase{{12, 20}, {4, 5}, 2},
                                           NdCase{{16, 16}, {16, 1}, 2}, NdCase{{32, 64}, {1, 32}, 2},
                                           NdCase{{6, 8, 10}, {2, 4, 5}, 3}, NdCase{{4, 4, 64}, {1, 4, 16}, 3},
                                           NdCase{{8, 8, 8}, {8, 8, 8}, 3}));

TEST(NdItemQueries, OffsetIsAddedToGlobalIdsOnly) {
  sycl::queue q;
  constexpr std::size_t n = 32, l = 8, off = 100;
  std::size_t* g = sycl::malloc_shared<std::size_t>(n, q);
  std::size_t* lin_id = sycl::malloc_shared<std::size_t>(n, q);
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(l), sycl::id<1>(off)), [=](sycl::nd_item<1> it) {
    const std::size_t k = it.get_group(0) * l + it.get_local_id(0);
    g[k] = it.get_global_id(0);
    lin_id[k] = it.get_global_linear_id();
  }).wait();
  for (std::size_t k = 0; k < n; ++k) {
    EXPECT_EQ(g[k], k + off);
    EXPECT_EQ(lin_id[k], k);
  }
  sycl::free(g, q);
  sycl::free(lin_id, q);
}

// ---------------------------------------------------------------- local memory and barriers

class GroupReversal : public ::testing::TestWithParam<std::size_t> {};

TEST_P(GroupReversal, ReversesEachGroupThroughLocalMemory) {
  const std::size_t L = GetParam(), groups = 12, n = L * groups;
  sycl::queue q;
  int* in = sycl::malloc_shared<int>(n, q);
  int* out = sycl::malloc_shared<int>(n, q);
  std::iota(in, in + n, 0);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(L), h);
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(L)), [=](sycl::nd_item<1> it) {
      const std::size_t lid = it.get_local_id(0);
      tile[lid] = in[it.get_global_id(0)];
      it.barrier(sycl::access::fence_space::local_space);
      out[it.get_global_id(0)] = tile[L - 1 - lid];
    });
  }).wait();
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t l = 0; l < L; ++l) ASSERT_EQ(out[g * L + l], in[g * L + (L - 1 - l)]) << g << "," << l;
  sycl::free(in, q);
  sycl::free(out, q);
}
INSTANTIATE_TEST_SUITE_P(GroupSizes, GroupReversal, ::testing::Values(1, 2, 31, 32, 33, 256, 1024));

class TreeReduction : public ::testing::TestWithParam<std::size_t> {};

// log2(L) barriers, each step halving the active items.
TEST_P(TreeReduction, SumsEachGroupInLocalMemory) {
  const std::size_t L = GetParam(), groups = 9, n = L * groups;
  sycl::queue q;
  long* in = sycl::malloc_shared<long>(n, q);
  long* sums = sycl::malloc_shared<long>(groups, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<long>((i * 7919) % 1000) - 300;
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<long, 1> scratch(sycl::range<1>(L), h);
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(L)), [=](sycl::nd_item<1> it) {
      const std::size_t lid = it.get_local_id(0);
      scratch[lid] = in[it.get_global_id(0)];
      it.barrier();
      for (std::size_t stride = L / 2; stride > 0; stride /= 2) {
        if (lid < stride) scratch[lid] += scratch[lid + stride];
        it.barrier();
      }
      if (it.get_group().leader()) sums[it.get_group_linear_id()] = scratch[0];
    });
  }).wait();
  for (std::size_t g = 0; g < groups; ++g) {
    long expect = 0;
    for (std::size_t l = 0; l < L; ++l) expect += in[g * L + l];
    ASSERT_EQ(sums[g], expect) << "group " << g;
  }
  sycl::free(in, q);
  sycl::free(sums, q);
}
INSTANTIATE_TEST_SUITE_P(PowersOfTwo, TreeReduction, ::testing::Values(1, 2, 8, 64, 256, 1024));

class Transpose : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Transpose, TwoDimensionalTileThroughLocalMemory) {
  const std::size_t T = GetParam(), rows = 4 * T, cols = 3 * T;
  sycl::queue q;
  float* in = sycl::malloc_shared<float>(rows * cols, q);
  float* out = sycl::malloc_shared<float>(rows * cols, q);
  for (std::size_t i = 0; i < rows * cols; ++i) in[i] = static_cast<float>(i);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<float, 2> tile(sycl::range<2>(T, T + 1), h); // padded
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(rows, cols), sycl::range<2>(T, T)), [=](sycl::nd_item<2> it) {
      const std::size_t r = it.get_global_id(0), c = it.get_global_id(1);
      const std::size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
      tile[lr][lc] = in[r * cols + c];
      sycl::group_barrier(it.get_group());
      // element (lc, lr) of the tile goes to out[(tile col base + lr), (tile row base + lc)]
      const std::size_t orow = it.get_group(1) * T + lr, ocol = it.get_group(0) * T + lc;
      out[orow * rows + ocol] = tile[sycl::id<2>(lc, lr)];
    });
  }).wait();
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) ASSERT_EQ(out[c * rows + r], in[r * cols + c]) << r << "," << c;
  sycl::free(in, q);
  sycl::free(out, q);
}
INSTANTIATE_TEST_SUITE_P(Tiles, Transpose, ::testing::Values(1, 4, 16, 32));

TEST(LocalAccessor, ThreeDimensionalMirrorAcrossTheGroup) {
  const sycl::range<3> local(2, 4, 8), global(4, 8, 16);
  sycl::queue q;
  const std::size_t n = global.size();
  int* out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 3> l(local, h);
    h.parallel_for(sycl::nd_range<3>(global, local), [=](sycl::nd_item<3> it) {
      const auto lid = it.get_local_id();
      l[lid] = static_cast<int>(it.get_global_linear_id());
      sycl::group_barrier(it.get_group());
      out[it.get_global_linear_id()] = l[local[0] - 1 - lid[0]][local[1] - 1 - lid[1]][local[2] - 1 - lid[2]];
    });
  }).wait();
  sycl::range<3> groups(global[0] / local[0], global[1] / local[1], global[2] / local[2]);
  for (std::size_t gl = 0; gl < n; ++gl) {
    auto gid = delin<3>(gl, global);
    sycl::id<3> mirror;
    for (int d = 0; d < 3; ++d) {
      const std::size_t grp = gid[d] / local[d], lid = gid[d] % local[d];
      mirror[d] = grp * local[d] + (local[d] - 1 - lid);
    }
    ASSERT_EQ(out[gl], static_cast<int>(lin<3>(mirror, global))) << gl;
  }
  (void)groups;
  sycl::free(out, q);
}

TEST(LocalAccessor, TwoLocalAccessorsDoNotOverlapAndAreFreshPerGroup) {
  constexpr std::size_t L = 64, G = 16;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(L * G, q);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<char, 1> a(sycl::range<1>(L), h); // odd type first: alignment of the second
    sycl::local_accessor<int, 1> b(sycl::range<1>(L), h);
    h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_local_id(0);
      a[i] = static_cast<char>(i);
      b[i] = static_cast<int>(it.get_group(0) * 1000 + i);
      it.barrier();
      out[it.get_global_id(0)] = b[(i + 1) % L] + a[(i + 2) % L];
    });
  }).wait();
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t i = 0; i < L; ++i)
      ASSERT_EQ(out[g * L + i], static_cast<int>(g * 1000 + (i + 1) % L + (i + 2) % L)) << g << "," << i;
  sycl::free(out, q);
}

TEST(Atomics, AtomicRefOnUsmFromManyGroups) {
  constexpr std::size_t L = 64, G = 200;
  sycl::queue q;
  long* total = sycl::malloc_shared<long>(1, q);
  int* hist = sycl::malloc_shared<int>(8, q);
  *total = 0;
  std::fill(hist, hist + 8, 0);
  q.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
    sycl::atomic_ref<long, sycl::memory_order::relaxed, sycl::memory_scope::device,
                     sycl::access::address_space::global_space>
        t(*total);
    t.fetch_add(static_cast<long>(it.get_global_id(0)));
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> h(hist[it.get_global_id(0) % 8]);
    h += 1;
  }).wait();
  const long n = static_cast<long>(L * G);
  EXPECT_EQ(*total, n * (n - 1) / 2);
  for (int b = 0; b < 8; ++b) EXPECT_EQ(hist[b], static_cast<int>(n / 8));
  sycl::free(total, q);
  sycl::free(hist, q);
}

TEST(Atomics, LocalAtomicCountersWithBarrier) {
  constexpr std::size_t L = 128, G = 32;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(G, q);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> counter(sycl::range<1>(1), h);
    h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 0) counter[0] = 0;
      it.barrier();
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                       sycl::access::address_space::local_space>(counter[0])
          .fetch_add(static_cast<int>(it.get_local_id(0)));
      it.barrier();
      if (it.get_local_id(0) == L - 1) out[it.get_group(0)] = counter[0];
    });
  }).wait();
  for (std::size_t g = 0; g < G; ++g) EXPECT_EQ(out[g], static_cast<int>(L * (L - 1) / 2));
  sycl::free(out, q);
}

// Even groups take a path with barriers; odd groups never meet a barrier. The first groups to run
// may be either kind, so both the barrier-free fast path and the fiber path must give exact results.
TEST(Barriers, BarrierReachedOnlyInSomeGroupsDataDependent) {
  constexpr std::size_t L = 32, G = 64;
  sycl::queue q;
  int* flag = sycl::malloc_shared<int>(G, q);
  int* out = sycl::malloc_shared<int>(L * G, q);
  for (std::size_t g = 0; g < G; ++g) flag[g] = (g % 3 == 1) ? 1 : 0; // group 0 has no barrier
  for (int round = 0; round < 2; ++round) { // the second launch of the same kernel too
    std::fill(out, out + L * G, -1);
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> tile(sycl::range<1>(L), h);
      h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
        const std::size_t g = it.get_group(0), l = it.get_local_id(0);
        if (flag[g]) {
          tile[l] = static_cast<int>(l * 3);
          it.barrier();
          out[it.get_global_id(0)] = tile[(l + 5) % L];
        } else {
          out[it.get_global_id(0)] = static_cast<int>(l) + 7;
        }
      });
    }).wait();
    for (std::size_t g = 0; g < G; ++g)
      for (std::size_t l = 0; l < L; ++l) {
        const int expect = flag[g] ? static_cast<int>(((l + 5) % L) * 3) : static_cast<int>(l) + 7;
        ASSERT_EQ(out[g * L + l], expect) << "round " << round << " group " << g << " item " << l;
      }
  }
  sycl::free(flag, q);
  sycl::free(out, q);
}

TEST(Barriers, LargeGroupsOf1024WithManyBarriers) {
  constexpr std::size_t L = 1024, G = 4, steps = 10;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(L * G, q);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> buf(sycl::range<1>(2 * L), h);
    h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
      const std::size_t l = it.get_local_id(0);
      int cur = 0;
      buf[l] = static_cast<int>(l);
      it.barrier();
      // each step: every item reads its right neighbour (rotating) from the other half
      for (std::size_t s = 0; s < steps; ++s) {
        const std::size_t src = cur * L, dst = (1 - cur) * L;
        buf[dst + l] = buf[src + (l + 1) % L] + 1;
        it.barrier();
        cur = 1 - cur;
      }
      out[it.get_global_id(0)] = buf[cur * L + l];
    });
  }).wait();
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t l = 0; l < L; ++l)
      ASSERT_EQ(out[g * L + l], static_cast<int>((l + steps) % L + steps)) << g << "," << l;
  sycl::free(out, q);
}

// ThreadSanitizer creates and destroys a thread state for every fiber (each item of a group that
// meets a barrier): 80,000 of them took over its 300 s, so it checks fewer groups.
#if defined(__SANITIZE_THREAD__)
constexpr std::size_t many_small_groups = 2000;
#else
constexpr std::size_t many_small_groups = 20000;
#endif

TEST(Barriers, ManySmallGroups) {
  constexpr std::size_t L = 4, G = many_small_groups;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(L * G, q);
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> t(sycl::range<1>(L), h);
    h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
      const std::size_t l = it.get_local_id(0);
      t[l] = static_cast<int>(it.get_global_id(0));
      sycl::group_barrier(it.get_group());
      int s = 0;
      for (std::size_t k = 0; k < L; ++k) s += t[k];
      out[it.get_global_id(0)] = s;
    });
  }).wait();
  for (std::size_t g = 0; g < G; ++g) {
    const int expect = static_cast<int>(4 * g * L + 6);
    for (std::size_t l = 0; l < L; ++l) ASSERT_EQ(out[g * L + l], expect) << g;
  }
  sycl::free(out, q);
}

TEST(Barriers, NdRangeWithoutBarriersOrLocalMemory) {
  sycl::queue q;
  constexpr std::size_t n = 1 << 16;
  int* out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 256), [=](sycl::nd_item<1> it) {
    out[it.get_global_id(0)] = static_cast<int>(it.get_group(0) + it.get_local_id(0));
  }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i / 256 + i % 256));
  sycl::free(out, q);
}

TEST(Barriers, BuffersInNdRangeKernelWithBarrier) {
  constexpr std::size_t L = 16, G = 8;
  std::vector<int> host(L * G);
  std::iota(host.begin(), host.end(), 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(L * G));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      sycl::local_accessor<int, 1> t(sycl::range<1>(L), h);
      h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
        t[it.get_local_id(0)] = a[it.get_global_id()];
        it.barrier();
        a[it.get_global_id()] = t[0];
      });
    });
  }
  for (std::size_t i = 0; i < L * G; ++i) ASSERT_EQ(host[i], static_cast<int>(i / L * L));
}

} // namespace
