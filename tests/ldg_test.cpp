// DPC++'s ldg (sycl_ext_oneapi_cuda_tex_cache_read), from the path its programs include: on the GPU
// a load through the read-only cache, on the CPU a plain load; the values are the same.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/cuda/builtins.hpp>

#include <cstdint>

namespace {
namespace cuda = sycl::ext::oneapi::experimental::cuda;

template <typename T> void expect_loads_equal(sycl::queue& q) {
  constexpr std::size_t n = 1000;
  T* in = sycl::malloc_shared<T>(n, q);
  T* out = sycl::malloc_shared<T>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<T>(static_cast<std::int64_t>(i * 37) - 300);
  const T* read_only = in;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = cuda::ldg(read_only + (n - 1 - i)); }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], in[n - 1 - i]) << i;
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(Ldg, LoadsEveryScalarType) {
  sycl::queue q;
  expect_loads_equal<float>(q);
  expect_loads_equal<double>(q);
  expect_loads_equal<std::int8_t>(q);
  expect_loads_equal<std::uint16_t>(q);
  expect_loads_equal<int>(q);
  expect_loads_equal<long>(q);
  expect_loads_equal<unsigned long long>(q);
}

TEST(Ldg, LoadsVectorsAndStructs) {
  sycl::queue q;
  struct pair {
    int a;
    float b;
  };
  sycl::float4* v = sycl::malloc_shared<sycl::float4>(2, q);
  pair* p = sycl::malloc_shared<pair>(2, q);
  v[0] = sycl::float4(1.f, 2.f, 3.f, 4.f);
  p[0] = {7, 0.5f};
  q.single_task([=] {
     v[1] = cuda::ldg(v) * 2.f;
     p[1] = cuda::ldg(p);
   }).wait();
  EXPECT_EQ(v[1].w(), 8.f);
  EXPECT_EQ(p[1].a, 7);
  EXPECT_EQ(p[1].b, 0.5f);
  sycl::free(v, q);
  sycl::free(p, q);
}

} // namespace
