// Errors the runtime must report instead of running a kernel wrongly or hanging: bad nd_ranges,
// too much local memory, local memory in kernels that cannot have it, barriers that not every
// work-item reaches, and exceptions thrown inside kernels with barriers. After each error the same
// queue must still run a correct kernel.
//
// Compiled as CUDA the nd_range and local-memory checks run on the GPU too (TESSERA_DEVICE=gpu).
// The reports of barriers that not every work-item reaches are the CPU backend's (on the GPU that
// is undefined behaviour, as in CUDA), and kernels that throw or use std::atomic do not compile
// for the device: those tests are in #if !defined(__CUDA__).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "rethrow_handler.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace {

// Ends the process if the test is still running after `seconds`: a hang is a failure, not a stall.
class Watchdog {
public:
  explicit Watchdog(int seconds) : thread_([this, seconds] {
    std::unique_lock lock(mutex_);
    if (!cv_.wait_for(lock, std::chrono::seconds(seconds), [this] { return done_; })) {
      const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
      std::fprintf(stderr, "\nWATCHDOG: %s.%s still running after %d s: hung\n", info ? info->test_suite_name() : "?",
                   info ? info->name() : "?", seconds);
      std::fflush(stderr);
      std::_Exit(3);
    }
  }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

class Errors : public ::testing::Test {
protected:
  Watchdog watchdog_{20};
  sycl::queue q_{rethrow_first};

  // The queue still runs a correct nd_range kernel with a barrier, and a basic one.
  void ExpectQueueStillWorks() {
    constexpr std::size_t L = 32, G = 8;
    int* out = sycl::malloc_shared<int>(L * G, q_);
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> t(sycl::range<1>(L), h);
      h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
        t[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
        it.barrier();
        out[it.get_global_id(0)] = t[L - 1 - it.get_local_id(0)];
      });
    });
    EXPECT_NO_THROW(q_.wait_and_throw());
    for (std::size_t g = 0; g < G; ++g)
      for (std::size_t l = 0; l < L; ++l) ASSERT_EQ(out[g * L + l], static_cast<int>(g * L + L - 1 - l));
    q_.parallel_for(sycl::range<1>(L * G), [=](sycl::id<1> i) { out[i] = 2 * static_cast<int>(i[0]); });
    EXPECT_NO_THROW(q_.wait_and_throw());
    for (std::size_t i = 0; i < L * G; ++i) ASSERT_EQ(out[i], 2 * static_cast<int>(i));
    sycl::free(out, q_);
  }

  // Runs `submit`, expects a synchronous sycl::exception with `code`, returns its message.
  template <typename F>
  std::string ExpectSyncError(sycl::errc code, F submit) {
    try {
      submit();
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), code) << e.what();
      return e.what();
    }
    ADD_FAILURE() << "no sycl::exception";
    return {};
  }

  // wait_and_throw must raise a sycl::exception with errc::kernel; returns its message.
  std::string ExpectKernelError() {
    try {
      q_.wait_and_throw();
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::kernel) << e.what();
      return e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a sycl::exception: " << e.what();
      return {};
    }
    ADD_FAILURE() << "wait_and_throw did not throw";
    return {};
  }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }


// ---------------------------------------------------------------- nd_range checks

TEST_F(Errors, GlobalNotMultipleOfLocalNamesTheSizes) {
  std::string msg = ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<1>(sycl::range<1>(10), sycl::range<1>(4)), [](sycl::nd_item<1>) {});
  });
  EXPECT_TRUE(contains(msg, "10")) << msg;
  EXPECT_TRUE(contains(msg, "4")) << msg;
  msg = ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.submit([&](sycl::handler& h) {
      h.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 33), sycl::range<2>(4, 8)), [](sycl::nd_item<2>) {});
    });
  });
  EXPECT_TRUE(contains(msg, "33")) << msg;
  EXPECT_TRUE(contains(msg, "8")) << msg;
  msg = ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 2, 7), sycl::range<3>(1, 1, 2)), [](sycl::nd_item<3>) {});
  });
  EXPECT_TRUE(contains(msg, "7")) << msg;
  ExpectQueueStillWorks();
}

TEST_F(Errors, WorkGroupLargerThan1024IsRejected) {
  ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<2>(sycl::range<2>(64, 64), sycl::range<2>(64, 32)), [](sycl::nd_item<2>) {});
  });
  ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<1>(sycl::range<1>(2048), sycl::range<1>(2048)), [](sycl::nd_item<1>) {});
  });
  ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<3>(sycl::range<3>(8, 16, 16), sycl::range<3>(8, 16, 16)), [](sycl::nd_item<3>) {});
  });
  // 1024 exactly is fine
  int* count = sycl::malloc_shared<int>(1, q_);
  *count = 0;
  q_.parallel_for(sycl::nd_range<3>(sycl::range<3>(4, 16, 16), sycl::range<3>(4, 16, 16)), [=](sycl::nd_item<3> it) {
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*count) += 1;
    it.barrier();
  });
  q_.wait_and_throw();
  EXPECT_EQ(*count, 1024);
  sycl::free(count, q_);
  ExpectQueueStillWorks();
}

TEST_F(Errors, LocalSizeZeroIsRejected) {
  ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<1>(sycl::range<1>(16), sycl::range<1>(0)), [](sycl::nd_item<1>) {});
  });
  ExpectSyncError(sycl::errc::nd_range, [&] {
    q_.parallel_for(sycl::nd_range<2>(sycl::range<2>(16, 16), sycl::range<2>(4, 0)), [](sycl::nd_item<2>) {});
  });
  ExpectQueueStillWorks();
}

// ---------------------------------------------------------------- local memory

TEST_F(Errors, LocalAccessorLargerThanLocalMemIsAMemoryAllocationError) {
  const std::size_t limit = q_.get_device().get_info<sycl::info::device::local_mem_size>();
  ExpectSyncError(sycl::errc::memory_allocation, [&] {
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<char, 1> big(sycl::range<1>(limit + 1), h);
      h.parallel_for(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1>) { (void)big; });
    });
  });
  // two that fit alone but not together
  ExpectSyncError(sycl::errc::memory_allocation, [&] {
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> a(sycl::range<1>(limit / 4 / 2 + 1), h);
      sycl::local_accessor<int, 1> b(sycl::range<1>(limit / 4 / 2 + 1), h);
      h.parallel_for(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1>) { (void)a, (void)b; });
    });
  });
  // exactly the limit is fine
  int* out = sycl::malloc_shared<int>(2, q_);
  q_.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> all(sycl::range<1>(limit / sizeof(int)), h);
    h.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
      const std::size_t n = limit / sizeof(int);
      for (std::size_t i = it.get_local_id(0); i < n; i += 32) all[i] = 1;
      it.barrier();
      if (it.get_local_id(0) == 0) {
        int s = 0;
        for (std::size_t i = 0; i < n; ++i) s += all[i];
        out[it.get_group(0)] = s;
      }
    });
  });
  q_.wait_and_throw();
  EXPECT_EQ(out[0], static_cast<int>(limit / sizeof(int)));
  EXPECT_EQ(out[1], static_cast<int>(limit / sizeof(int)));
  sycl::free(out, q_);
  ExpectQueueStillWorks();
}

// Only what the kernel captures counts: local accessors a command group makes beside a kernel
// that does not use them take no local memory, whatever their size (the SYCL-CTS makes such).
TEST_F(Errors, LocalAccessorsTheKernelDoesNotCaptureTakeNoLocalMemory) {
  const std::size_t limit = q_.get_device().get_info<sycl::info::device::local_mem_size>();
  int* out = sycl::malloc_shared<int>(1, q_);
  *out = 0;
  q_.submit([&](sycl::handler& h) {
    sycl::local_accessor<char, 1> a(sycl::range<1>(limit), h);
    sycl::local_accessor<char, 1> b(sycl::range<1>(limit), h);
    h.single_task([=] { *out = 7; });
  });
  q_.wait_and_throw();
  EXPECT_EQ(*out, 7);
  sycl::free(out, q_);
}

TEST_F(Errors, LocalAccessorInSingleTaskIsAKernelArgumentError) {
  ExpectSyncError(sycl::errc::kernel_argument, [&] {
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> l(sycl::range<1>(4), h);
      h.single_task([=] { (void)l; });
    });
  });
  ExpectQueueStillWorks();
}

TEST_F(Errors, LocalAccessorInBasicParallelForIsAKernelArgumentError) {
  ExpectSyncError(sycl::errc::kernel_argument, [&] {
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 2> l(sycl::range<2>(4, 4), h);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1>) { (void)l; });
    });
  });
  ExpectSyncError(sycl::errc::kernel_argument, [&] {
    q_.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> l(sycl::range<1>(4), h);
      h.parallel_for(sycl::range<2>(4, 4), [=](sycl::item<2>) { (void)l; });
    });
  });
  ExpectQueueStillWorks();
}

// Only a captured local accessor is an error: one the command group merely made is not.
TEST_F(Errors, LocalAccessorNotCapturedByASingleTaskIsNoError) {
  int* out = sycl::malloc_shared<int>(2, q_);
  q_.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> unused(sycl::range<1>(4), h);
    h.single_task([=] { out[0] = 7; });
  });
  q_.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 0> unused(h);
    h.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) { out[1] = 8; });
  });
  q_.wait_and_throw();
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], 8);
  sycl::free(out, q_);
}

// ---------------------------------------------------------------- barriers not reached by all

#if !defined(__CUDA__)
std::string site(int line) { return std::string("errors_test.cpp:") + std::to_string(line); }

class SkippedBarrier : public Errors, public ::testing::WithParamInterface<std::tuple<std::size_t, std::size_t>> {};

// Work-item `skip` of every group returns before the barrier that the others wait at.
TEST_P(SkippedBarrier, ReportedWithFileAndLine) {
  const auto [L, skip] = GetParam();
  std::atomic<int> line{0};
  std::atomic<int>* line_p = &line;
  int* out = sycl::malloc_shared<int>(L * 4, q_);
  q_.parallel_for(sycl::nd_range<1>(L * 4, L), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == skip) return;
    line_p->store(__LINE__, std::memory_order_relaxed); it.barrier();
    out[it.get_global_id(0)] = 1;
  });
  const std::string msg = ExpectKernelError();
  ASSERT_NE(line.load(), 0) << "no work-item reached the barrier";
  EXPECT_TRUE(contains(msg, site(line.load()))) << "message: " << msg << "\nexpected to name " << site(line.load());
  sycl::free(out, q_);
  ExpectQueueStillWorks();
}
INSTANTIATE_TEST_SUITE_P(GroupSizeAndSkippedItem, SkippedBarrier,
                         ::testing::Values(std::make_tuple(std::size_t{2}, std::size_t{0}),
                                           std::make_tuple(std::size_t{2}, std::size_t{1}),
                                           std::make_tuple(std::size_t{32}, std::size_t{0}),
                                           std::make_tuple(std::size_t{32}, std::size_t{17}),
                                           std::make_tuple(std::size_t{32}, std::size_t{31}),
                                           std::make_tuple(std::size_t{256}, std::size_t{0}),
                                           std::make_tuple(std::size_t{256}, std::size_t{255}),
                                           std::make_tuple(std::size_t{1024}, std::size_t{500})));

TEST_F(Errors, GroupBarrierSkippedByWorkItemZeroNamesItsLine) {
  std::atomic<int> line{0};
  std::atomic<int>* line_p = &line;
  q_.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 4)), [=](sycl::nd_item<2> it) {
    if (it.get_local_linear_id() == 0) return;
    line_p->store(__LINE__, std::memory_order_relaxed); sycl::group_barrier(it.get_group());
  });
  const std::string msg = ExpectKernelError();
  ASSERT_NE(line.load(), 0);
  EXPECT_TRUE(contains(msg, site(line.load()))) << msg;
  ExpectQueueStillWorks();
}

// Only one group skips the barrier (after the others already passed it), late in the launch.
TEST_F(Errors, SkipInTheLastGroupOnly) {
  constexpr std::size_t L = 16, G = 64;
  std::atomic<int> line{0};
  std::atomic<int>* line_p = &line;
  q_.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
    if (it.get_group(0) == G - 1 && it.get_local_id(0) == 3) return;
    line_p->store(__LINE__, std::memory_order_relaxed); it.barrier();
  });
  const std::string msg = ExpectKernelError();
  EXPECT_TRUE(contains(msg, site(line.load()))) << msg;
  ExpectQueueStillWorks();
}

// Even items wait at one barrier, odd items at another: both lines are named.
TEST_F(Errors, ItemsAtTwoDifferentBarriersNameBothLines) {
  std::atomic<int> line_a{0}, line_b{0};
  std::atomic<int>*pa = &line_a, *pb = &line_b;
  q_.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) % 2 == 0) {
      pa->store(__LINE__, std::memory_order_relaxed); it.barrier();
    } else {
      pb->store(__LINE__, std::memory_order_relaxed); it.barrier();
    }
  });
  const std::string msg = ExpectKernelError();
  ASSERT_NE(line_a.load(), 0);
  ASSERT_NE(line_b.load(), 0);
  EXPECT_TRUE(contains(msg, site(line_a.load()))) << msg;
  EXPECT_TRUE(contains(msg, site(line_b.load()))) << msg;
  ExpectQueueStillWorks();
}

// Item 0 reaches the second barrier while the rest are at the first: a different number of
// barriers per item.
TEST_F(Errors, DifferentBarrierCountsPerItem) {
  std::atomic<int> line_a{0}, line_b{0};
  std::atomic<int>*pa = &line_a, *pb = &line_b;
  q_.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) != 0) {
      pa->store(__LINE__, std::memory_order_relaxed); it.barrier();
    }
    pb->store(__LINE__, std::memory_order_relaxed); it.barrier();
  });
  const std::string msg = ExpectKernelError();
  EXPECT_TRUE(contains(msg, site(line_a.load()))) << msg;
  EXPECT_TRUE(contains(msg, site(line_b.load()))) << msg;
  ExpectQueueStillWorks();
}

// ---------------------------------------------------------------- exceptions in kernels with barriers

class ThrowInFiber : public Errors, public ::testing::WithParamInterface<std::size_t> {};

// Work-item `thrower` of group 2 throws after the first barrier, while its group waits at the
// second: the exception reaches wait_and_throw unchanged and the kernel ends.
TEST_P(ThrowInFiber, ExceptionReachesWaitAndThrow) {
  const std::size_t thrower = GetParam();
  constexpr std::size_t L = 64, G = 6;
  int* out = sycl::malloc_shared<int>(L * G, q_);
  q_.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> t(sycl::range<1>(L), h);
    h.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
      t[it.get_local_id(0)] = 1;
      it.barrier();
      if (it.get_group(0) == 2 && it.get_local_id(0) == thrower) throw std::runtime_error("thrown in a fiber");
      it.barrier();
      out[it.get_global_id(0)] = t[0];
    });
  });
  try {
    q_.wait_and_throw();
    FAIL() << "the exception was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "thrown in a fiber");
  } catch (const std::exception& e) {
    FAIL() << "another exception: " << e.what();
  }
  EXPECT_NO_THROW(q_.wait_and_throw());
  sycl::free(out, q_);
  ExpectQueueStillWorks();
}
INSTANTIATE_TEST_SUITE_P(Thrower, ThrowInFiber, ::testing::Values(0, 1, 31, 63));

TEST_F(Errors, SyclExceptionThrownBeforeAnyBarrierReachesWaitAndThrow) {
  q_.parallel_for(sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
    if (it.get_global_id(0) == 70) throw sycl::exception(sycl::errc::invalid, "user error");
    it.barrier();
  });
  try {
    q_.wait_and_throw();
    FAIL();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_STREQ(e.what(), "user error");
  }
  ExpectQueueStillWorks();
}

TEST_F(Errors, BarrierErrorReachesAsyncHandler) {
  std::vector<std::string> messages;
  sycl::queue q{[&](sycl::exception_list l) {
    for (auto& p : l) try {
        std::rethrow_exception(p);
      } catch (const sycl::exception& e) {
        messages.push_back(e.what());
      }
  }};
  std::atomic<int> line{0};
  std::atomic<int>* line_p = &line;
  q.parallel_for(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 5) return;
    line_p->store(__LINE__, std::memory_order_relaxed); it.barrier();
  });
  q.wait_and_throw();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_TRUE(contains(messages[0], site(line.load()))) << messages[0];
}
#endif // !defined(__CUDA__)

} // namespace
