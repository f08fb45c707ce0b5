// A kernel calls SYCL_EXTERNAL functions that another translation unit defines
// (external_function.cpp), as DPC++ programs do: on the CPU as any call, and in a CUDA build
// through relocatable device code, linked by nvcc's device link (add_sycl_to_target RDC,
// tessera++ --cuda -fgpu-rdc).
#include "external_function.hpp"

#include <gtest/gtest.h>

TEST(ExternalFunction, KernelsCallAnotherTranslationUnitsFunctions) {
  sycl::queue q;
  constexpr int n = 64;
  int* ints = sycl::malloc_shared<int>(n, q);
  float* floats = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const int k = static_cast<int>(i[0]);
     ints[k] = mixed(k, k + 1);
     floats[k] = shapes::area(static_cast<float>(k), 3.f) + static_cast<float>(scaled<3>(k));
   }).wait();
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(ints[k], k * 31 + ((k + 1) ^ 5)) << k;
    EXPECT_FLOAT_EQ(floats[k], k * 1.5f + static_cast<float>(3 * k - 1)) << k;
  }
  sycl::free(ints, q);
  sycl::free(floats, q);
}
