// DPC++'s device_global (sycl_ext_oneapi_device_global): namespace-scope variables that kernels
// read and write, filled and read back by queue::memcpy and queue::copy, on the default device (a
// GPU in a CUDA build, where each must be the GPU's own __device__ instance).
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/device_global/device_global.hpp> // DPC++'s path

#include <gtest/gtest.h>

#include <array>

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

struct coefficients {
  float scale, shift;
};

syclex::device_global<const coefficients[4]> table; // written only by copies, as DPC++ programs do
syclex::device_global<int> counter;
syclex::device_global<int> seeded{42};
syclex::device_global<long[8]> slots;

} // namespace

namespace named {
syclex::device_global<unsigned> in_a_namespace;
}
syclex::device_global<int> in_the_global_namespace{-3}; // its name is not mangled

TEST(DeviceGlobal, KernelsReadWhatTheHostCopiedIn) {
  sycl::queue q;
  const coefficients host[4] = {{1.f, 0.f}, {2.f, 1.f}, {3.f, -1.f}, {0.5f, 4.f}};
  q.memcpy(table, host).wait();
  float* out = sycl::malloc_shared<float>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
     out[i] = table[i[0]].scale * 10.f + table[i[0]].shift;
   }).wait();
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(out[i], host[i].scale * 10.f + host[i].shift) << i;
  sycl::free(out, q);
}

TEST(DeviceGlobal, TheHostReadsWhatKernelsWrote) {
  sycl::queue q;
  q.single_task([=] { counter = 7; }).wait();
  q.single_task([=] { counter.get() += 5; }).wait();
  int back = 0;
  q.memcpy(&back, counter).wait();
  EXPECT_EQ(back, 12);
  q.single_task([=] { named::in_a_namespace = 99u; }).wait();
  unsigned n = 0;
  q.copy(named::in_a_namespace, &n).wait();
  EXPECT_EQ(n, 99u);
  int before = 0;
  q.copy(in_the_global_namespace, &before).wait();
  EXPECT_EQ(before, -3);
  const int eleven = 11;
  q.copy(&eleven, in_the_global_namespace).wait();
  q.single_task([=] { in_the_global_namespace = in_the_global_namespace + 1; }).wait();
  int after = 0;
  q.memcpy(&after, in_the_global_namespace).wait();
  EXPECT_EQ(after, 12);
}

TEST(DeviceGlobal, ConstantInitialisationReachesTheDevice) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *out = seeded; }).wait();
  EXPECT_EQ(*out, 42);
  sycl::free(out, q);
}

TEST(DeviceGlobal, CopiesOfPartsOfAnArray) {
  sycl::queue q;
  const std::array<long, 8> zeros{};
  q.copy(zeros.data(), slots).wait();
  const long three[3] = {10, 20, 30};
  q.copy(three, slots, 3, 4).wait(); // elements 4, 5, 6
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { slots[i[0]] += static_cast<long>(i[0]); }).wait();
  std::array<long, 8> back{};
  q.copy(slots, back.data()).wait();
  EXPECT_EQ(back, (std::array<long, 8>{0, 1, 2, 3, 14, 25, 36, 7}));
  long two[2] = {};
  q.memcpy(two, slots, sizeof two, 5 * sizeof(long)).wait();
  EXPECT_EQ(two[0], 25);
  EXPECT_EQ(two[1], 36);
}

TEST(DeviceGlobal, CopiesPastTheEndAreRefused) {
  sycl::queue q;
  long many[9] = {};
  try {
    q.copy(many, slots, 9).wait();
    FAIL() << "a copy of 9 elements into device_global<long[8]> was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("overrun the device_global of 64 bytes"), std::string::npos) << e.what();
  }
  int x = 0;
  EXPECT_THROW(q.memcpy(counter, &x, sizeof(int), 1), sycl::exception);
}
