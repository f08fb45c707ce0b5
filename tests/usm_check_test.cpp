// tessera-test-cuda: host-only
// Check mode's USM half (docs/checks.md): a checked program is built with AddressSanitizer, as
// tessera++ --check builds it (tests/CMakeLists.txt builds this file so), and Tessera completes
// its report of an access through a USM pointer outside its allocation with the allocation and
// the kernel. Each mistake ends the program, so each runs in a death test.
#define TESSERA_CHECK 1
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <cstdlib>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define USM_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define USM_CHECKED 1
#endif
#endif

namespace {

constexpr std::size_t n = 1000;

std::string at_line(int line) { return "usm_check_test.cpp:" + std::to_string(line) + ": "; }

constexpr int past_the_end_line = __LINE__ + 5;
void write_one_past_the_end() {
  sycl::queue q(sycl::cpu_selector_v);
  float* a = sycl::malloc_device<float>(n, q);
  q.parallel_for<class Smooth>(sycl::range<1>(n), [=](sycl::id<1> i) {
     a[i[0] + 1] = 0.5f; // the last item writes one past the end
   }).wait();
  sycl::free(a, q);
}

// In an nd_range kernel with a barrier, whose items run on fibers: the first item reads the
// element before the allocation.
constexpr int before_the_start_line = __LINE__ + 9;
void read_before_the_start() {
  sycl::queue q(sycl::cpu_selector_v);
  int* in = sycl::malloc_shared<int>(n, q);
  int* out = sycl::malloc_shared<int>(n, q);
  q.parallel_for<class ShiftRight>(sycl::nd_range<1>(n, 100), [=](sycl::nd_item<1> it) {
     const std::size_t i = it.get_global_id(0);
     in[i] = static_cast<int>(i);
     sycl::group_barrier(it.get_group());
     out[i] = in[static_cast<std::ptrdiff_t>(i) - 1]; // no wrap-around, which UBSan would stop first
   }).wait();
  sycl::free(in, q);
  sycl::free(out, q);
}

constexpr int after_free_line = __LINE__ + 5;
void write_after_free() {
  sycl::queue q(sycl::cpu_selector_v);
  int* a = sycl::malloc_host<int>(n, q);
  sycl::free(a, q);
  q.single_task<class Late>([=] { a[10] = 1; }).wait();
}

// An item of an nd_range kernel ends with a report (an accessor's index), and the one worker then
// runs a single_task that writes past a USM allocation: the report names that kernel, not the item
// that has gone.
constexpr int after_a_failed_item_line = __LINE__ + 13;
void overflow_after_an_item_that_threw() {
  setenv("TESSERA_NUM_THREADS", "1", 1);
  sycl::queue q(sycl::cpu_selector_v, [](const sycl::exception_list&) {});
  {
    sycl::buffer<int> b{sycl::range<1>(8)};
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) { a[it.get_global_id(0)] = 1; });
    });
    q.wait_and_throw();
  }
  int* p = sycl::malloc_device<int>(n, q);
  q.single_task<class AfterAnItemThatThrew>([=] { p[n] = 1; }).wait();
}

#if defined(USM_CHECKED)
TEST(UsmCheck, AfterAnItemThatThrewTheReportNamesTheKernelThatRuns) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(overflow_after_an_item_that_threw(),
               "check: out-of-bounds access through a USM pointer at .*" + at_line(after_a_failed_item_line) +
                   "a 4-byte write at byte 4000 of a 4000-byte allocation of malloc_device \\(0 bytes past its "
                   "end\\) \\(kernel .*AfterAnItemThatThrew\\)");
}

TEST(UsmCheck, WriteOnePastTheEnd) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(write_one_past_the_end(),
               "check: out-of-bounds access through a USM pointer at .*" + at_line(past_the_end_line) +
                   "a 4-byte write at byte 4000 of a 4000-byte allocation of malloc_device \\(0 bytes past its "
                   "end\\) \\(kernel .*Smooth\\)");
}

TEST(UsmCheck, ReadBeforeTheStartOnFibers) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(read_before_the_start(), "check: out-of-bounds access through a USM pointer at .*" +
                                            at_line(before_the_start_line) +
                                            "a 4-byte read at byte -4 of a 4000-byte allocation of malloc_shared by "
                                            "work-item \\(0\\) of work-group \\(0\\) \\(kernel .*ShiftRight\\)");
}

TEST(UsmCheck, WriteAfterFree) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(write_after_free(), "check: access to freed USM memory at .*" + at_line(after_free_line) +
                                       "a 4-byte write at byte 40 of a 4000-byte allocation of malloc_host that "
                                       "sycl::free released \\(kernel .*Late\\)");
}

// The same kernels inside their allocations: nothing is reported, fibers included.
TEST(UsmCheck, InsideTheAllocationNothingIsReported) {
  sycl::queue q(sycl::cpu_selector_v);
  int* in = sycl::malloc_shared<int>(n, q);
  int* out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 100), [=](sycl::nd_item<1> it) {
     const std::size_t i = it.get_global_id(0);
     in[i] = static_cast<int>(i);
     sycl::group_barrier(it.get_group());
     out[i] = in[i / 100 * 100 + (i + 1) % 100]; // the group's next item's
   }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i / 100 * 100 + (i + 1) % 100));
  sycl::free(in, q);
  sycl::free(out, q);
}
#else
TEST(UsmCheck, NeedsAddressSanitizer) { GTEST_SKIP() << "built without AddressSanitizer (a ThreadSanitizer build)"; }
#endif

} // namespace
