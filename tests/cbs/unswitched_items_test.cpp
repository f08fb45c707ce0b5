// Kernels whose regions branch on a value every item computes alike, which the CBS pass unswitches
// out of the items' loop (compiler/cbs/unswitched_items.cpp), and whose live values sit in the
// scratch block's per-item arrays under alias scopes (scratch_scopes.cpp). Results must be the
// host's and the fibers' whichever way each branch goes, in every step; a branch that differs
// between items beside the uniform one must keep each item's own way.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

int value_at(std::size_t i, int salt) { return static_cast<int>((i * 37 + salt * 11) % 23) - 11; }

// Figure 9-8's tiling with ints and a run-time tile (the group's width): the region after the
// second barrier loads the next tile or stores the sum, on `kk < K`, alike in all items.
std::vector<int> tiled_matmul(sycl::queue& q, int M, int N, int K, int tile) {
  std::vector<int> a(M * K), b(K * N), c(M * N, 0);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = value_at(i, 1);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = value_at(i, 2);
  {
    sycl::buffer<int, 2> A(a.data(), sycl::range<2>(M, K)), B(b.data(), sycl::range<2>(K, N)),
        C(c.data(), sycl::range<2>(M, N));
    q.submit([&](sycl::handler& h) {
      sycl::accessor ma(A, h, sycl::read_only);
      sycl::accessor mb(B, h, sycl::read_only);
      sycl::accessor mc(C, h, sycl::write_only);
      sycl::local_accessor<int> t(sycl::range<1>(tile), h);
      h.parallel_for(sycl::nd_range<2>{{std::size_t(M), std::size_t(N)}, {1, std::size_t(tile)}},
                     [=](sycl::nd_item<2> it) {
                       const int m = it.get_global_id(0), n = it.get_global_id(1), i = it.get_local_id(1);
                       int sum = 0;
                       for (int kk = 0; kk < K; kk += tile) {
                         t[i] = ma[m][kk + i];
                         it.barrier();
                         for (int k = 0; k < tile; ++k) sum += t[k] * mb[kk + k][n];
                         it.barrier();
                       }
                       mc[m][n] = sum;
                     });
    });
    q.wait_and_throw();
  }
  return c;
}

std::vector<int> host_matmul(int M, int N, int K) {
  std::vector<int> c(M * N, 0);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n)
      for (int k = 0; k < K; ++k) c[m * N + n] += value_at(m * K + k, 1) * value_at(k * N + n, 2);
  return c;
}

// Each step's region branches on `phase` (the step counter, alike in all items) and, inside
// one way, on the item's own id; per-item values of three types cross every barrier.
std::vector<double> phased(sycl::queue& q, std::size_t groups, std::size_t local, int steps) {
  std::vector<double> out(groups * local);
  {
    sycl::buffer<double> o(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor r(o, h, sycl::write_only);
      sycl::local_accessor<int> shared(sycl::range<1>(local), h);
      h.parallel_for(sycl::nd_range<1>{groups * local, local}, [=](sycl::nd_item<1> it) {
        const int l = it.get_local_id(0);
        const int g = it.get_group(0);
        double acc = 0.5 * g;
        char small = static_cast<char>(l);
        long wide = 3;
        for (int phase = 0; phase < steps; ++phase) {
          shared[l] = l * 3 + phase + small;
          it.barrier();
          if (phase % 3 == 0) {
            acc += shared[(l + 1) % it.get_local_range(0)];
            wide += l % 2 ? 2 * phase : phase;
          } else {
            acc -= 0.25 * shared[it.get_local_range(0) - 1 - l];
            small = static_cast<char>(small + 1);
          }
          it.barrier();
        }
        r[it.get_global_id(0)] = acc + static_cast<double>(wide) * 1000 + small * 0.001;
      });
    });
    q.wait_and_throw();
  }
  return out;
}

std::vector<double> host_phased(std::size_t groups, std::size_t local, int steps) {
  std::vector<double> out(groups * local);
  for (std::size_t g = 0; g < groups; ++g) {
    std::vector<double> acc(local);
    std::vector<char> small(local);
    std::vector<long> wide(local, 3);
    std::vector<int> shared(local);
    for (std::size_t l = 0; l < local; ++l) acc[l] = 0.5 * g, small[l] = static_cast<char>(l);
    for (int phase = 0; phase < steps; ++phase) {
      for (std::size_t l = 0; l < local; ++l) shared[l] = int(l) * 3 + phase + small[l];
      for (std::size_t l = 0; l < local; ++l)
        if (phase % 3 == 0) {
          acc[l] += shared[(l + 1) % local];
          wide[l] += l % 2 ? 2 * phase : phase;
        } else {
          acc[l] -= 0.25 * shared[local - 1 - l];
          small[l] = static_cast<char>(small[l] + 1);
        }
    }
    for (std::size_t l = 0; l < local; ++l)
      out[g * local + l] = acc[l] + static_cast<double>(wide[l]) * 1000 + small[l] * 0.001;
  }
  return out;
}

template <typename Run, typename Want>
void compiled_and_fibers_match(Run run, Want want) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  EXPECT_EQ(run(q), want);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  EXPECT_EQ(run(q), want);
  enable_compiled_groups(true);
}

} // namespace

TEST(UnswitchedItems, TiledMatmulSixteenWide) {
  compiled_and_fibers_match([](sycl::queue& q) { return tiled_matmul(q, 5, 32, 48, 16); }, host_matmul(5, 32, 48));
}

// A width that is not a multiple of the vector width: each unswitched loop's remainder runs too.
TEST(UnswitchedItems, TiledMatmulSevenWide) {
  compiled_and_fibers_match([](sycl::queue& q) { return tiled_matmul(q, 3, 21, 35, 7); }, host_matmul(3, 21, 35));
}

// One tile: the first region takes the loop's way once, the last region only the store.
TEST(UnswitchedItems, TiledMatmulOneTile) {
  compiled_and_fibers_match([](sycl::queue& q) { return tiled_matmul(q, 4, 8, 8, 8); }, host_matmul(4, 8, 8));
}

TEST(UnswitchedItems, PhasesWithItemBranchesAndThreeLiveTypes) {
  compiled_and_fibers_match([](sycl::queue& q) { return phased(q, 3, 12, 7); }, host_phased(3, 12, 7));
}

TEST(UnswitchedItems, PhasesNoSteps) {
  compiled_and_fibers_match([](sycl::queue& q) { return phased(q, 2, 5, 0); }, host_phased(2, 5, 0));
}
