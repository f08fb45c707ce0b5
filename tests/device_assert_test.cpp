// assert() in kernels: on the CPU it is the host's, on the GPU CUDA's device assert. Either way a
// failing assertion prints its file, line, function and expression and ends the program
// (SIGABRT), as DPC++ does; one that holds changes nothing. The assertions sit in an ordinary
// function and in a kernel functor's operator(), which a CUDA build compiles for the device
// through Tessera's plugin (glibc declares __assert_fail for the host only).
#undef NDEBUG // the Release build's -DNDEBUG would compile the assertions away
#include <cassert>

#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace {

void expect_even(int x) { assert(x % 2 == 0); }

struct expect_small {
  const int* v;
  void operator()(sycl::nd_item<1> it) const { assert(v[it.get_global_id(0)] < 100); }
};

// 2i, except at `odd`, which gets 2i + 1.
int* evens(sycl::queue& q, std::size_t n, std::size_t odd) {
  int* v = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(2 * i + (i == odd));
  return v;
}

TEST(DeviceAssert, ThatHoldsChangesNothing) {
  sycl::queue q;
  constexpr std::size_t n = 256;
  int* v = evens(q, n, n);
  int* out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     expect_even(v[i]);
     out[i] = v[i] / 2;
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i));
  sycl::free(out, q);
  sycl::free(v, q);
}

class DeviceAssertDeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// CUDA prints a device assertion on stdout; the death test reads the child's stderr.
void stdout_to_stderr() {
  std::fflush(stdout);
  dup2(STDERR_FILENO, STDOUT_FILENO);
}

TEST_F(DeviceAssertDeathTest, FailingInAFunctionPrintsWhereAndEndsTheProgram) {
  EXPECT_EXIT(
      {
        stdout_to_stderr();
        sycl::queue q;
        int* v = evens(q, 1024, 637);
        q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) { expect_even(v[i]); }).wait();
        std::fprintf(stderr, "the program went on\n");
        std::exit(0);
      },
      ::testing::KilledBySignal(SIGABRT), "device_assert_test\\.cpp:[0-9]+: .*expect_even\\(int\\).*Assertion `x % 2 == 0. failed");
}

TEST_F(DeviceAssertDeathTest, FailingInAKernelFunctorNamesIt) {
  EXPECT_EXIT(
      {
        stdout_to_stderr();
        sycl::queue q;
        const int* v = evens(q, 256, 60); // 2 * 60 + 1 = 121
        q.parallel_for(sycl::nd_range<1>(256, 64), expect_small{v}).wait();
        std::fprintf(stderr, "the program went on\n");
        std::exit(0);
      },
      ::testing::KilledBySignal(SIGABRT),
      "device_assert_test\\.cpp:[0-9]+: .*expect_small::operator\\(\\).*Assertion `v\\[it.get_global_id\\(0\\)\\] < 100. failed");
}

} // namespace
