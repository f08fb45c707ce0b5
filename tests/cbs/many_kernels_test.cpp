// Many barrier kernels in one translation unit, each a work-efficient exclusive scan whose barriers
// sit in loops inside a group-stride loop, instantiated for several element types and sizes (the
// shape of a published scan benchmark on which clang crashed in the CBS pass). The pass compiles
// and erases functions kernel after kernel; while analyses of an erased item function stayed cached
// for its address, a later clone given the same address was optimised with them (mem2reg crashed).
// Whether an address is reused depends on the allocator, so this file shows the crash only where
// the allocation order happens to reuse one; every kernel must compile, run as loops and scan.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

// Exclusive scan of the blocks of N elements in `in`, a block per step of a group-stride loop, in
// `tile` (N elements of local memory), by the N / 2 items of a group.
// Where element i of a block lives in the tile: with Skew, one element of padding every 32.
template <bool Skew>
int slot(int i) {
  return Skew ? i + (i >> 5) : i;
}

template <typename T, int N, bool Skew>
void scan_steps(sycl::nd_item<1>& it, T* tile, std::int64_t blocks, T* __restrict out, const T* __restrict in) {
  const int me = static_cast<int>(it.get_local_id(0));
  for (std::int64_t b = it.get_group(0); b < blocks; b += it.get_group_range(0)) {
    const T* src = in + b * N;
    T* dst = out + b * N;
    tile[slot<Skew>(2 * me)] = src[2 * me];
    tile[slot<Skew>(2 * me + 1)] = src[2 * me + 1];
    int stride = 1;
    for (int active = N / 2; active > 0; active /= 2) { // up-sweep
      it.barrier(sycl::access::fence_space::local_space);
      if (me < active) tile[slot<Skew>(stride * (2 * me + 2) - 1)] += tile[slot<Skew>(stride * (2 * me + 1) - 1)];
      stride *= 2;
    }
    if (me == 0) tile[slot<Skew>(N - 1)] = 0;
    for (int active = 1; active < N; active *= 2) { // down-sweep
      stride /= 2;
      it.barrier(sycl::access::fence_space::local_space);
      if (me < active) {
        const int left = slot<Skew>(stride * (2 * me + 1) - 1), right = slot<Skew>(stride * (2 * me + 2) - 1);
        const T t = tile[left];
        tile[left] = tile[right];
        tile[right] += t;
      }
    }
    it.barrier(sycl::access::fence_space::local_space);
    dst[2 * me] = tile[slot<Skew>(2 * me)];
    dst[2 * me + 1] = tile[slot<Skew>(2 * me + 1)];
    it.barrier(sycl::access::fence_space::local_space); // the next block reuses the tile
  }
}

template <typename T, int N, bool Skew>
void scan_blocks(sycl::queue& q, const T* in, T* out, std::int64_t blocks, std::size_t groups) {
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<T> tile(slot<Skew>(N), h);
     h.parallel_for(sycl::nd_range<1>(groups * (N / 2), N / 2), [=](sycl::nd_item<1> it) {
       scan_steps<T, N, Skew>(it, tile.template get_multi_ptr<sycl::access::decorated::no>().get(), blocks, out, in);
     });
   }).wait();
}

template <typename T, int N, bool Skew>
void expect_scanned() {
  sycl::queue q;
  const std::int64_t blocks = 5;
  std::vector<T> in(blocks * N), out(blocks * N, T(-1));
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<T>(i % 5 == 0);
  const std::size_t before = tessera::cpu::compiled_launches();
  scan_blocks<T, N, Skew>(q, in.data(), out.data(), blocks, 2);
  EXPECT_GT(tessera::cpu::compiled_launches(), before) << "ran on fibers (N = " << N << (Skew ? ", skewed)" : ")");
  for (std::int64_t b = 0; b < blocks; ++b) {
    T sum = 0;
    for (int i = 0; i < N; ++i) {
      ASSERT_EQ(out[b * N + i], sum) << "block " << b << ", element " << i;
      sum = static_cast<T>(sum + in[b * N + i]);
    }
  }
}

template <int N>
void expect_all_types_scanned() {
  expect_scanned<char, N, false>();
  expect_scanned<char, N, true>();
  expect_scanned<short, N, false>();
  expect_scanned<short, N, true>();
  expect_scanned<int, N, false>();
  expect_scanned<int, N, true>();
  expect_scanned<long, N, false>();
  expect_scanned<long, N, true>();
}

TEST(ManyKernels, EveryScanCompilesAndRunsAsLoops) {
  expect_all_types_scanned<64>();
  expect_all_types_scanned<128>();
  expect_all_types_scanned<256>();
}

} // namespace
