// DPC++'s group_local_memory and group_local_memory_for_overwrite (sycl_ext_oneapi_local_memory),
// as HeCBench's block primitives ported from CUDA use them (adjacent, blockScan, rsmt, ...): memory
// shared by the work-group, one allocation per call site, in a kernel with barriers. On the CPU each
// test runs the kernel both ways a barrier kernel runs there: compiled into loops by the CBS pass
// (where the build has it) and on fibers.
#include <gtest/gtest.h>

#include <sycl/ext/oneapi/group_local_memory.hpp>
#include <sycl/sycl.hpp>

#include <cstdint>
#include <vector>

#include "rethrow_handler.hpp"
#if !TESSERA_CUDA_COMPILE
#include "tessera/backend/cpu/compiled_group.hpp"
#endif

namespace {
namespace oneapi = sycl::ext::oneapi;

constexpr std::size_t L = 64, G = 6, n = L * G;

// Runs `body` on the device; on the CPU once with the CBS pass's loops and once on fibers.
template <typename Body>
void both_ways(Body body) {
#if TESSERA_CUDA_COMPILE
  body();
#else
  [[maybe_unused]] const std::size_t compiled = tessera::cpu::compiled_launches();
  body();
#if defined(TESSERA_CBS)
  EXPECT_GT(tessera::cpu::compiled_launches(), compiled) << "the first run did not run compiled";
#endif
  tessera::cpu::enable_compiled_groups(false);
  const std::size_t fibers = tessera::cpu::fiber_launches();
  body();
  tessera::cpu::enable_compiled_groups(true);
  EXPECT_GT(tessera::cpu::fiber_launches(), fibers) << "the second run did not run on fibers";
#endif
}

// Each item writes its value, the group meets, each reads its mirror's: the group shares the block,
// and each group has its own (the groups' values differ).
TEST(GroupLocalMemory, ForOverwriteIsSharedByTheGroupAndPrivateToIt) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  both_ways([&] {
    std::fill(out, out + n, -1);
    q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
       const auto g = it.get_group();
       int* tile = *oneapi::group_local_memory_for_overwrite<int[L]>(g);
       const std::size_t l = it.get_local_id(0);
       tile[l] = static_cast<int>(it.get_global_id(0) * 3);
       sycl::group_barrier(g);
       out[it.get_global_id(0)] = tile[L - 1 - l];
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>((i / L * L + L - 1 - i % L) * 3)) << i;
  });
  sycl::free(out, q);
}

struct bounds {
  int low, high;
};

// The group's first item constructs T from the arguments; every item sees it constructed.
TEST(GroupLocalMemory, ConstructsFromArgumentsBeforeAnyItemReadsIt) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  both_ways([&] {
    q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
       auto b = oneapi::group_local_memory<bounds>(it.get_group(), 7, static_cast<int>(it.get_group(0)) + 40);
       out[it.get_global_id(0)] = b->low * 100 + b->high;
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 700 + 40 + static_cast<int>(i / L)) << i;
  });
  sycl::free(out, q);
}

struct counter {
  int value = 5; // not trivially default-constructible: for_overwrite constructs it too
};

// Two call sites of one type get two blocks; one call site reached twice (a loop) gets the same.
// A tree reduction through one block, a second block for the items' squares: a shared block would
// mix them. The structure with a default member initialiser is constructed by for_overwrite.
TEST(GroupLocalMemory, EachCallSiteHasItsOwnBlock) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n * 3, q);
  both_ways([&] {
    q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
       const auto g = it.get_group();
       const std::size_t l = it.get_local_id(0);
       int* sums = *oneapi::group_local_memory_for_overwrite<int[L]>(g);
       int* squares = *oneapi::group_local_memory_for_overwrite<int[L]>(g);
       auto c = oneapi::group_local_memory_for_overwrite<counter>(g);
       const int x = static_cast<int>(it.get_global_id(0) % 11);
       sums[l] = x;
       squares[l] = x * x;
       for (std::size_t half = L / 2; half > 0; half /= 2) {
         sycl::group_barrier(g);
         if (l < half) sums[l] += sums[l + half], squares[l] += squares[l + half];
       }
       int* first = nullptr;
       bool same_in_loop = true;
       for (int k = 0; k < 2; ++k) { // one call site, reached twice: the same block
         int* p = *oneapi::group_local_memory_for_overwrite<int[L]>(g);
         if (k == 0) first = p;
         else same_in_loop = p == first;
       }
       const bool two_sites_differ = oneapi::group_local_memory_for_overwrite<int[L]>(g).get() !=
                                     oneapi::group_local_memory_for_overwrite<int[L]>(g).get();
       sycl::group_barrier(g);
       const std::size_t i = it.get_global_id(0);
       out[i * 3] = sums[0];
       out[i * 3 + 1] = squares[0];
       out[i * 3 + 2] = c->value * 100 + same_in_loop * 10 + two_sites_differ;
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) {
      int sum = 0, square = 0;
      for (std::size_t k = i / L * L; k < i / L * L + L; ++k) sum += static_cast<int>(k % 11), square += static_cast<int>(k % 11 * (k % 11));
      ASSERT_EQ(out[i * 3], sum) << i;
      ASSERT_EQ(out[i * 3 + 1], square) << i;
      ASSERT_EQ(out[i * 3 + 2], 511) << i; // constructed; a loop's site the same; two sites on a line two
    }
  });
  sycl::free(out, q);
}

struct counted {
  int value;
  counted() : value(1) {}
};
// Its default constructor is deleted (a member's is not trivial): for_overwrite leaves it to the
// items, as HeCBench's blockScan does with a union of TempStorage types.
union overwritten {
  counted first;
  int second[4];
};

TEST(GroupLocalMemory, ForOverwriteOfAUnionWithoutDefaultConstructor) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  both_ways([&] {
    q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
       const auto g = it.get_group();
       overwritten& u = *oneapi::group_local_memory_for_overwrite<overwritten>(g);
       if (g.leader()) u.second[2] = static_cast<int>(it.get_group(0)) + 9;
       sycl::group_barrier(g);
       out[it.get_global_id(0)] = u.second[2];
     }).wait_and_throw();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i / L) + 9) << i;
  });
  sycl::free(out, q);
}

// A device function's call site (HeCBench's rsmt, phmm), multi-dimensional arrays, the
// multi_ptr spelled out as DPC++ programs spell it.
void transpose_through_local(const sycl::nd_item<2>& it, const float* in, float* out) {
  constexpr std::size_t T = 8;
  sycl::multi_ptr<float[T][T + 1], sycl::access::address_space::local_space> p =
      oneapi::group_local_memory_for_overwrite<float[T][T + 1]>(it.get_group());
  float(*tile)[T + 1] = *p;
  const std::size_t r = it.get_local_id(0), c = it.get_local_id(1);
  const std::size_t width = it.get_global_range(1);
  tile[r][c] = in[it.get_global_id(0) * width + it.get_global_id(1)];
  sycl::group_barrier(it.get_group());
  out[it.get_global_id(0) * width + it.get_global_id(1)] = tile[c][r];
}

TEST(GroupLocalMemory, DeviceFunctionsAndArraysOfArrays) {
  sycl::queue q;
  constexpr std::size_t N = 32;
  float* in = sycl::malloc_shared<float>(N * N, q);
  float* out = sycl::malloc_shared<float>(N * N, q);
  for (std::size_t i = 0; i < N * N; ++i) in[i] = static_cast<float>(i);
  both_ways([&] {
    q.parallel_for(sycl::nd_range<2>{{N, N}, {8, 8}}, [=](sycl::nd_item<2> it) {
       transpose_through_local(it, in, out);
     }).wait_and_throw();
    for (std::size_t y = 0; y < N; ++y)
      for (std::size_t x = 0; x < N; ++x) {
        const std::size_t ty = y / 8 * 8 + x % 8, tx = x / 8 * 8 + y % 8;
        ASSERT_EQ(out[y * N + x], in[ty * N + tx]) << y << "," << x;
      }
  });
  sycl::free(in, q);
  sycl::free(out, q);
}

#if !TESSERA_CUDA_COMPILE
// More than the device's local memory: the GPU refuses it when compiling, the CPU when the block
// is made, naming the call site.
TEST(GroupLocalMemory, MoreThanTheDevicesLocalMemoryIsAnError) {
  sycl::queue q{sycl::cpu_selector_v, rethrow_first};
  const auto limit = q.get_device().get_info<sycl::info::device::local_mem_size>();
  ASSERT_LE(limit, 64u * 1024);
  try {
    q.parallel_for(sycl::nd_range<1>{L, L}, [=](sycl::nd_item<1> it) {
       char* big = *oneapi::group_local_memory_for_overwrite<char[64 * 1024 + 1]>(it.get_group());
       big[it.get_local_id(0)] = 1;
     }).wait_and_throw();
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::memory_allocation);
    EXPECT_NE(std::string(e.what()).find("group_local_memory_test.cpp:"), std::string::npos) << e.what();
  }
}
#endif

} // namespace
