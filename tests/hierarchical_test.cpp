// Hierarchical kernels: parallel_for_work_group, parallel_for_work_item with logical ranges
// larger and smaller than the physical one, h_item's queries and private_memory, each checked
// against a sequential reference.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(Hierarchical, LocalArrayAtGroupScopeIsSharedByTheItems) {  // the seed's figure 9-9
  constexpr std::size_t size = 1024;
  std::vector<int> data(size, 0);
  {
    sycl::queue q;
    sycl::buffer<int> buf(data);
    q.submit([&](sycl::handler& h) {
      sycl::accessor data_acc(buf, h);
      sycl::range group_size{16};
      sycl::range num_groups = sycl::range<1>(size) / group_size;
      h.parallel_for_work_group(num_groups, group_size, [=](sycl::group<1> group) {
        int localIntArr[16];
        group.parallel_for_work_item([&](sycl::h_item<1> item) {
          auto index = item.get_global_id();
          auto local_index = item.get_local_id();
          localIntArr[local_index] = static_cast<int>(index + 1);
          data_acc[index] = localIntArr[local_index];
        });
      });
    });
  }
  for (std::size_t i = 0; i < size; ++i) ASSERT_EQ(data[i], static_cast<int>(i + 1)) << i;
}

TEST(Hierarchical, GroupScopeWritesAreSeenByTheNextItemScope) {
  constexpr std::size_t groups = 37, local = 8;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(groups * local, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(local), [=](sycl::group<1> g) {
       int shared[local];
       g.parallel_for_work_item([&](sycl::h_item<1> it) { shared[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0)); });
       // Each item reads its neighbour's value: only right if the first scope finished entirely.
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         out[it.get_global_id(0)] = shared[(it.get_local_id(0) + 1) % local];
       });
     });
   }).wait();
  for (std::size_t gr = 0; gr < groups; ++gr)
    for (std::size_t l = 0; l < local; ++l)
      ASSERT_EQ(out[gr * local + l], static_cast<int>(gr * local + (l + 1) % local));
  sycl::free(out, q);
}

TEST(Hierarchical, TiledMatrixMultiply) {  // the seed's figure 9-10
  constexpr std::size_t M = 24, N = 48, K = 32, tileSize = 16;
  std::vector<float> a(M * K), b(K * N), c(M * N, 0.0f), ref(M * N, 0.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 7) - 3;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i % 5) - 2;
  for (std::size_t m = 0; m < M; ++m)
    for (std::size_t n = 0; n < N; ++n)
      for (std::size_t k = 0; k < K; ++k) ref[m * N + n] += a[m * K + k] * b[k * N + n];
  {
    sycl::queue q;
    sycl::buffer<float, 2> bufA(a.data(), sycl::range<2>(M, K)), bufB(b.data(), sycl::range<2>(K, N)),
        bufC(c.data(), sycl::range<2>(M, N));
    q.submit([&](sycl::handler& h) {
      sycl::accessor matrixA(bufA, h, sycl::read_only);
      sycl::accessor matrixB(bufB, h, sycl::read_only);
      sycl::accessor matrixC(bufC, h);
      sycl::range group_size{1, tileSize};
      sycl::range num_groups{M, N / tileSize};
      h.parallel_for_work_group(num_groups, group_size, [=](sycl::group<2> group) {
        float tileA[tileSize];
        for (std::size_t kk = 0; kk < K; kk += tileSize) {
          group.parallel_for_work_item([&](sycl::h_item<2> item) {
            std::size_t m = item.get_global_id()[0];
            std::size_t i = item.get_local_id()[1];
            tileA[i] = matrixA[m][kk + i];
          });
          group.parallel_for_work_item([&](sycl::h_item<2> item) {
            std::size_t m = item.get_global_id()[0];
            std::size_t n = item.get_global_id()[1];
            for (std::size_t k = 0; k < tileSize; k++) matrixC[m][n] += tileA[k] * matrixB[kk + k][n];
          });
        }
      });
    });
  }
  for (std::size_t i = 0; i < M * N; ++i) ASSERT_EQ(c[i], ref[i]) << i;
}

// Runs one parallel_for_work_item over `logical` in every group of `groups` x `physical` and
// counts, per (group, logical id), the calls and checks every query of the h_item it got.
template <int D>
void check_logical_mapping(sycl::range<D> groups, sycl::range<D> physical, sycl::range<D> logical) {
  sycl::queue q;
  const std::size_t cells = groups.size() * logical.size();
  int* calls = sycl::malloc_shared<int>(cells, q);
  int* bad = sycl::malloc_shared<int>(1, q);
  std::fill(calls, calls + cells, 0);
  *bad = 0;
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(groups, physical, [=](sycl::group<D> g) {
       g.parallel_for_work_item(logical, [&](sycl::h_item<D> it) {
         bool ok = it.get_logical_local_range() == logical && it.get_local_range() == logical &&
                   it.get_physical_local_range() == physical && it.get_global_range() == groups * physical &&
                   it.get_local_id() == it.get_logical_local_id() && it.get_global() == it.get_global() &&
                   it.get_logical_local() == it.get_local();
         for (int d = 0; d < D; ++d) {
           ok = ok && it.get_physical_local_id(d) == it.get_logical_local_id(d) % physical[d] &&
                it.get_global_id(d) == g.get_group_id(d) * physical[d] + it.get_physical_local_id(d) &&
                it.get_global().get_id(d) == it.get_global_id(d) &&
                it.get_physical_local().get_id(d) == it.get_physical_local_id(d);
         }
         if (!ok) ++*bad;  // one group at a time writes here only on failure
         ++calls[g.get_group_linear_id() * logical.size() +
                 tessera::detail::linearize(it.get_logical_local_id(), logical)];
       });
     });
   }).wait();
  EXPECT_EQ(*bad, 0);
  for (std::size_t i = 0; i < cells; ++i) ASSERT_EQ(calls[i], 1) << "cell " << i;
  sycl::free(calls, q);
  sycl::free(bad, q);
}

TEST(Hierarchical, LogicalRangeEqualToPhysical1D) { check_logical_mapping<1>({13}, {8}, {8}); }
TEST(Hierarchical, LogicalRangeLargerThanPhysical1D) { check_logical_mapping<1>({13}, {4}, {11}); }
TEST(Hierarchical, LogicalRangeSmallerThanPhysical1D) { check_logical_mapping<1>({13}, {8}, {3}); }
TEST(Hierarchical, LogicalRangesMixed2D) { check_logical_mapping<2>({5, 3}, {4, 2}, {3, 7}); }
TEST(Hierarchical, LogicalRangesMixed3D) { check_logical_mapping<3>({2, 3, 4}, {2, 2, 3}, {5, 1, 2}); }

TEST(Hierarchical, WithoutLocalRangeEveryGroupRunsOnce) {
  sycl::queue q;
  const sycl::range<2> groups(7, 9);
  int* seen = sycl::malloc_shared<int>(groups.size(), q);
  std::fill(seen, seen + groups.size(), 0);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(groups, [=](sycl::group<2> g) {
       int items = 0;
       // The items may run at once (a thread each on a GPU): they count atomically.
       g.parallel_for_work_item([&](sycl::h_item<2>) {
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(items).fetch_add(1);
       });
       seen[g.get_group_linear_id()] += items == static_cast<int>(g.get_local_range().size()) ? 1 : 100;
     });
   }).wait();
  for (std::size_t i = 0; i < groups.size(); ++i) ASSERT_EQ(seen[i], 1) << i;
  sycl::free(seen, q);
}

// Without a local range a group has one work-item, as in DPC++: the item's global id is its
// group's id, so each group writes its own element.
TEST(Hierarchical, WithoutLocalRangeAWorkItemsGlobalIdIsItsGroupsId) {
  sycl::queue q;
  constexpr std::size_t groups = 12;
  std::size_t* out = sycl::malloc_shared<std::size_t>(groups, q);
  std::fill(out, out + groups, groups);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), [=](sycl::group<1> g) {
       g.parallel_for_work_item(sycl::range<1>(1), [&](sycl::h_item<1> it) {
         if (it.get_global_id(0) < groups) out[it.get_global_id(0)] = g.get_group_id(0);
       });
     });
   }).wait();
  for (std::size_t i = 0; i < groups; ++i) EXPECT_EQ(out[i], i);
  sycl::free(out, q);
}

// Each physical item sums its strided logical ids into private memory in one scope and publishes
// the sum in the next.
TEST(Hierarchical, PrivateMemoryPersistsAcrossItemScopes) {
  constexpr std::size_t groups = 9, physical = 4, logical = 10;
  sycl::queue q;
  std::size_t* out = sycl::malloc_shared<std::size_t>(groups * physical, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(physical), [=](sycl::group<1> g) {
       sycl::private_memory<std::size_t> sum(g);
       g.parallel_for_work_item([&](sycl::h_item<1> it) { sum(it) = 0; });
       g.parallel_for_work_item(sycl::range<1>(logical), [&](sycl::h_item<1> it) { sum(it) += it.get_logical_local_id(0); });
       g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = sum(it) + 1000 * g.get_group_id(0); });
     });
   }).wait();
  for (std::size_t gr = 0; gr < groups; ++gr)
    for (std::size_t p = 0; p < physical; ++p) {
      std::size_t expect = 1000 * gr;
      for (std::size_t l = p; l < logical; l += physical) expect += l;
      ASSERT_EQ(out[gr * physical + p], expect) << gr << "," << p;
    }
  sycl::free(out, q);
}

// Work-group-scope code computes values (a call's result, an array filled in a loop) that every
// item then reads: on a GPU the leader computes them and the items see its values.
TEST(Hierarchical, GroupScopeValuesAreSeenByEveryItem) {
  constexpr std::size_t groups = 11, local = 24;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(groups * local, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(local), [=](sycl::group<1> g) {
       const int base = 1000 * static_cast<int>(g.get_group_id(0));
       int scale[5];
       for (int i = 0; i < 5; ++i) scale[i] = base + i * i;
       g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = scale[it.get_local_id(0) % 5] + base; });
     });
   }).wait();
  for (std::size_t gr = 0; gr < groups; ++gr)
    for (std::size_t l = 0; l < local; ++l)
      ASSERT_EQ(out[gr * local + l], static_cast<int>(2000 * gr + (l % 5) * (l % 5))) << gr << "," << l;
  sycl::free(out, q);
}

// Loops at work-group scope around item scopes that read their neighbours' values: every
// iteration needs the implicit barriers on both sides of each scope.
TEST(Hierarchical, NestedLoopsAroundItemScopes) {
  constexpr std::size_t groups = 6, local = 32;
  constexpr int outer = 3, inner = 4;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(groups * local, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(local), [=](sycl::group<1> g) {
       int acc[local], next[local];
       g.parallel_for_work_item([&](sycl::h_item<1> it) { acc[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0)); });
       for (int a = 0; a < outer; ++a)
         for (int b = 0; b < inner; ++b) {
           g.parallel_for_work_item([&](sycl::h_item<1> it) {
             const std::size_t i = it.get_local_id(0);
             next[i] = acc[(i + 1) % local] + a * 10 + b;
           });
           g.parallel_for_work_item([&](sycl::h_item<1> it) { acc[it.get_local_id(0)] = next[it.get_local_id(0)]; });
         }
       // Work-group scope reads what the items wrote.
       int total = 0;
       for (std::size_t i = 0; i < local; ++i) total += acc[i];
       g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = acc[it.get_local_id(0)] * 7 + total; });
     });
   }).wait();
  for (std::size_t gr = 0; gr < groups; ++gr) {
    std::vector<int> acc(local), next(local);
    for (std::size_t i = 0; i < local; ++i) acc[i] = static_cast<int>(gr * local + i);
    for (int a = 0; a < outer; ++a)
      for (int b = 0; b < inner; ++b) {
        for (std::size_t i = 0; i < local; ++i) next[i] = acc[(i + 1) % local] + a * 10 + b;
        acc = next;
      }
    int total = 0;
    for (int v : acc) total += v;
    for (std::size_t l = 0; l < local; ++l) ASSERT_EQ(out[gr * local + l], acc[l] * 7 + total) << gr << "," << l;
  }
  sycl::free(out, q);
}

// private_memory across item scopes whose logical range is larger, then smaller, than the
// physical one, in two dimensions.
TEST(Hierarchical, PrivateMemoryWithFlexibleRanges2D) {
  const sycl::range<2> groups(3, 5), physical(4, 8), larger(6, 20), smaller(3, 5);
  sycl::queue q;
  const std::size_t n = groups.size() * physical.size();
  long* out = sycl::malloc_shared<long>(n, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(groups, physical, [=](sycl::group<2> g) {
       sycl::private_memory<long, 2> mine(g);
       g.parallel_for_work_item([&](sycl::h_item<2> it) { mine(it) = 0; });
       g.parallel_for_work_item(larger, [&](sycl::h_item<2> it) {
         mine(it) += static_cast<long>(it.get_logical_local_id(0) * 100 + it.get_logical_local_id(1));
       });
       g.parallel_for_work_item(smaller, [&](sycl::h_item<2> it) { mine(it) *= -1; });
       g.parallel_for_work_item([&](sycl::h_item<2> it) {
         out[it.get_global_id(0) * g.get_global_range(1) + it.get_global_id(1)] = mine(it);
       });
     });
   }).wait();
  const std::size_t width = groups[1] * physical[1];
  for (std::size_t x = 0; x < groups[0] * physical[0]; ++x)
    for (std::size_t y = 0; y < width; ++y) {
      const std::size_t p0 = x % physical[0], p1 = y % physical[1];
      long expect = 0;
      for (std::size_t l0 = p0; l0 < larger[0]; l0 += physical[0])
        for (std::size_t l1 = p1; l1 < larger[1]; l1 += physical[1]) expect += static_cast<long>(l0 * 100 + l1);
      if (p0 < smaller[0] && p1 < smaller[1]) expect = -expect;
      ASSERT_EQ(out[x * width + y], expect) << x << "," << y;
    }
  sycl::free(out, q);
}

TEST(Hierarchical, EmptyLocalRangeIsAnNdRangeError) {
  sycl::queue q;
  try {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(0), [=](sycl::group<1>) {});
    });
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
  }
}

// SYCL 1.2.1's group::get_id, which SYCL 2020 deprecates for get_group_id (the SYCL-CTS's group
// category still calls it).
TEST(Hierarchical, DeprecatedGroupGetId) {
  sycl::queue q;
  std::size_t* out = sycl::malloc_shared<std::size_t>(6, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<2>(2, 3), sycl::range<2>(1, 1), [=](sycl::group<2> g) {
       out[g.get_group_linear_id()] = g.get_id(0) * 10 + g.get_id()[1];
     });
   }).wait();
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(out[i], i / 3 * 10 + i % 3) << i;
  sycl::free(out, q);
}

} // namespace
