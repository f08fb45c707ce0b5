// tessera-test-cuda: host-only
// The CPU's forward-progress watchdog (src/cpu/watchdog.cpp): a kernel whose work-groups wait on
// groups that cannot start (the book's fig 19-18 device latch with more groups than workers) is
// reported with the kernel's name instead of hanging; groups that all run at once, or that finish
// within the watchdog's time, are left alone, and TESSERA_WATCHDOG=off turns it off. The
// watchdog reads TESSERA_WATCHDOG once, so every case runs in a child process of its own.
// Host-only: the watchdog is the CPU backend's, and the kernels sleep.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

class device_latch;

unsigned workers() {
  sycl::queue q;
  return q.get_device().get_info<sycl::info::device::max_compute_units>();
}

// Every group's leader arrives at a device-wide latch, then all wait until `groups` arrived.
// Returns 0 when every group passed it.
int run_latch(std::size_t groups) {
  sycl::queue q;
  constexpr std::size_t L = 8;
  int* arrived = sycl::malloc_shared<int>(2, q);
  arrived[0] = arrived[1] = 0;
  q.parallel_for<device_latch>(sycl::nd_range<1>(groups * L, L), [=](sycl::nd_item<1> it) {
     sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> latch(arrived[0]);
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> passed(arrived[1]);
     if (it.get_local_id(0) == 0) latch.fetch_add(1);
     while (latch.load() < static_cast<int>(groups)) std::this_thread::yield();
     passed.fetch_add(1);
   }).wait();
  const int missing = static_cast<int>(groups * L) - arrived[1];
  sycl::free(arrived, q);
  return missing;
}

// Groups that each sleep for `ms`, one more group than there are workers: two rounds.
int run_slow_groups(int ms) {
  sycl::queue q;
  const std::size_t groups = workers() + 1;
  int* done = sycl::malloc_shared<int>(1, q);
  *done = 0;
  q.parallel_for(sycl::nd_range<1>(groups * 4, 4), [=](sycl::nd_item<1> it) {
     if (it.get_local_id(0) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*done).fetch_add(1);
   }).wait();
  const int missing = static_cast<int>(groups * 4) - *done;
  sycl::free(done, q);
  return missing;
}

class WatchdogDeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(WatchdogDeathTest, LatchOverMoreGroupsThanWorkersIsReportedWithTheKernelsName) {
  EXPECT_DEATH(
      {
        setenv("TESSERA_WATCHDOG", "1", 1);
        std::exit(run_latch(4 * workers()) == 0 ? 0 : 5); // not reached: the latch never opens
      },
      "work-groups wait on groups that cannot run concurrently: kernel .*device_latch \\(nd_range of [0-9]+ "
      "work-groups of 8 work-items\\)");
}

TEST_F(WatchdogDeathTest, LatchOverAsManyGroupsAsWorkersOpens) {
  EXPECT_EXIT(
      {
        setenv("TESSERA_WATCHDOG", "1", 1);
        std::exit(run_latch(workers()));
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(WatchdogDeathTest, GroupsThatFinishWithinItsTimeAreLeftAlone) {
  EXPECT_EXIT(
      {
        setenv("TESSERA_WATCHDOG", "1", 1);
        std::exit(run_slow_groups(300));
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(WatchdogDeathTest, GroupsLongerThanItsTimeAreReported) {
  EXPECT_DEATH(
      {
        setenv("TESSERA_WATCHDOG", "0.3", 1);
        std::exit(run_slow_groups(1500) == 0 ? 0 : 5);
      },
      "cannot run concurrently(.|\n)*TESSERA_WATCHDOG=off");
}

TEST_F(WatchdogDeathTest, OffLetsLongGroupsRun) {
  EXPECT_EXIT(
      {
        setenv("TESSERA_WATCHDOG", "off", 1);
        std::exit(run_slow_groups(1500));
      },
      ::testing::ExitedWithCode(0), "");
}

} // namespace
