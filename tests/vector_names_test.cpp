// The DPC++ book's programs say `using namespace sycl;` and then float4, int2, ... unqualified.
// Compiled as CUDA by clang, those names would also find CUDA's global vector types; Tessera's
// toolkit shim renames CUDA's (cmake/TesseraCudaShim.cmake), so this file must compile in the
// CUDA build as in the CPU one, and the names must be sycl::vec. CUDA's libraries read after
// <sycl/sycl.hpp> (CUB, Thrust, libcu++, cuComplex) still see their own types: the shim renames
// them around each CUDA header (tests/package/cub_after_sycl.cpp runs CUB so).
#include <sycl/sycl.hpp>

#if defined(__CUDA__)
#include <cub/device/device_reduce.cuh>
#include <cuComplex.h>
#include <cuda/std/tuple>
#include <thrust/complex.h>
#endif

#include <gtest/gtest.h>

#include <type_traits>

using namespace sycl;

static_assert(std::is_same_v<float4, vec<float, 4>>);
static_assert(std::is_same_v<int2, vec<int, 2>>);
static_assert(std::is_same_v<uint3, vec<unsigned, 3>>);
static_assert(std::is_same_v<double2, vec<double, 2>>);
static_assert(std::is_same_v<uchar4, vec<unsigned char, 4>>);
#if defined(__CUDA__)
static_assert(cuda::std::tuple_size<__cuda_uint4>::value == 4);
static_assert(std::is_same_v<cuFloatComplex, __cuda_float2>);
#endif

TEST(VectorNames, UnqualifiedAliasesWorkInKernels) {
  queue q;
  constexpr int n = 64;
  float4* out = malloc_shared<float4>(n, q);
  int2* idx = malloc_shared<int2>(n, q);
  q.parallel_for(range<1>{n}, [=](id<1> i) {
     const float x = static_cast<float>(i[0]);
     float4 v{x, 2 * x, 3 * x, 4 * x};
     out[i] = v.swizzle<3, 2, 1, 0>();
     idx[i] = int2{static_cast<int>(i[0]), -static_cast<int>(i[0])};
   }).wait();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(out[i].x(), 4.0f * i) << i;
    EXPECT_EQ(out[i].w(), 1.0f * i) << i;
    EXPECT_EQ(idx[i].y(), -i) << i;
  }
  free(out, q);
  free(idx, q);
}
