// Failures of the device itself: memory it does not have, a kernel that faults, an accessor the
// command group did not declare. On the GPU the first two come from CUDA (out-of-memory,
// cudaErrorIllegalAddress); on the CPU the first cannot be provoked without exhausting the host
// and the second would be a plain crash, so both skip there.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "rethrow_handler.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

bool on_gpu(const sycl::queue& q) { return q.get_device().is_gpu(); }

// A queue stays usable when a kernel runs after the failure and computes the right thing.
void expect_usable(sycl::queue& q) {
  constexpr std::size_t n = 1000;
  int* v = sycl::malloc_device<int>(n, q);
  ASSERT_NE(v, nullptr);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { v[i] = static_cast<int>(i[0]) * 3; }).wait_and_throw();
  std::vector<int> h(n);
  q.memcpy(h.data(), v, n * sizeof(int)).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], static_cast<int>(i) * 3) << i;
  sycl::free(v, q);
}

TEST(DeviceMemory, AllocationBeyondTheDeviceReturnsNullAndTheQueueStaysUsable) {
  sycl::queue q;
  if (!on_gpu(q)) GTEST_SKIP() << "the CPU device's memory is the host's";
  const std::size_t too_much = q.get_device().get_info<sycl::info::device::global_mem_size>() * 2;
  EXPECT_EQ(sycl::malloc_device<char>(too_much, q), nullptr);
  EXPECT_EQ(sycl::malloc_shared<char>(too_much, q), nullptr) << "managed memory may not oversubscribe the card";
  expect_usable(q);
}

// A placeholder accessor (made without a handler, then required) reaches the buffer on the
// queue's device: on a GPU, the kernel's copy of it is bound to the buffer's device memory.
TEST(Placeholder, ReachesTheBufferOnceRequired) {
  sycl::queue q;
  sycl::buffer<int> b{sycl::range<1>(16)};
  sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device, sycl::access::placeholder::true_t> a{b};
  ASSERT_TRUE(a.is_placeholder());
  q.submit([&](sycl::handler& h) {
    h.require(a);
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) * 2; });
  });
  q.submit([&](sycl::handler& h) {
    h.require(a);
    h.single_task([=] { a[3] += 35; });
  });
  sycl::host_accessor r(b);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], i == 3 ? 41 : i * 2) << i;
}

// One the command group did not require is reported when the kernel is submitted, as DPC++
// does, on every device: on a GPU it would have no device memory to reach.
TEST(Placeholder, NotRequiredIsAKernelArgumentError) {
  sycl::queue q;
  sycl::buffer<int> b{sycl::range<1>(16)};
  sycl::accessor<int, 1, sycl::access_mode::write, sycl::target::device, sycl::access::placeholder::true_t> a{b};
  try {
    q.submit([&](sycl::handler& h) { h.single_task([=] { a[3] = 41; }); });
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_argument);
    EXPECT_NE(std::string(e.what()).find("require"), std::string::npos) << e.what();
  }
  expect_usable(q);
}

// The fault poisons the CUDA context for the rest of the process, so it happens in a child
// process of its own (gtest re-runs this binary for it).
TEST(DeviceFaultDeathTest, IllegalAddressIsAKernelErrorNamingIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  {
    sycl::queue probe;
    if (!on_gpu(probe)) GTEST_SKIP() << "on the CPU a wild store is a crash of the process";
  }
  EXPECT_EXIT(
      {
        sycl::queue q{rethrow_first};
        int* wild = reinterpret_cast<int*>(std::uintptr_t{0x10});
        try {
          q.single_task([=] { *wild = 1; }).wait_and_throw();
        } catch (const sycl::exception& e) {
          const std::string what = e.what();
          std::exit(e.code() == sycl::errc::kernel && what.find("IllegalAddress") != std::string::npos ? 0 : 2);
        }
        std::exit(3);
      },
      ::testing::ExitedWithCode(0), "");
}

} // namespace
