// tessera-test-cuda: host-only
// When asynchronous errors reach the program (SYCL 2020 4.13.1): at wait_and_throw,
// throw_asynchronous, and at the latest when the last handle to the queue goes; never from
// event::wait or queue::wait. Without an async_handler the default one prints every error with
// its errc and ends the program, which the death tests check in a child process. The errors come
// from kernels that throw or misuse barriers on the CPU: the file is host-only.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "rethrow_handler.hpp"

namespace {

// The book's fig 21-7 mistake: one work-item of each group returns before the barrier.
sycl::event skip_the_barrier(sycl::queue& q, int* out) {
  return q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 0) return;
    it.barrier();
    out[it.get_global_id(0)] = 1;
  });
}

// Collects what a handler receives, as "<errc or ->: <what>".
struct Collector {
  std::vector<std::string> seen;
  int calls = 0;
  sycl::async_handler handler() {
    return [this](sycl::exception_list l) {
      ++calls;
      for (auto& p : l) try {
          std::rethrow_exception(p);
        } catch (const sycl::exception& e) {
          seen.push_back(e.code().message() + ": " + e.what());
        } catch (const std::exception& e) {
          seen.push_back(std::string("-: ") + e.what());
        }
    };
  }
};

class DefaultHandlerDeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(DefaultHandlerDeathTest, SkippedBarrierWaitedForWithWaitEndsTheProgramWhenTheQueueGoes) {
  EXPECT_DEATH(
      {
        sycl::queue q;
        int* out = sycl::malloc_shared<int>(64, q);
        skip_the_barrier(q, out).wait(); // does not throw
        std::fprintf(stderr, "after wait\n");
      },
      "after wait(.|\n)*1 asynchronous error at the destruction of its queue, and the queue has no async_handler(.|\n)*"
      "sycl::exception \\(errc::kernel\\): .*returned without reaching");
}

TEST_F(DefaultHandlerDeathTest, WaitAndThrowReportsEveryError) {
  EXPECT_DEATH(
      {
        sycl::queue q;
        q.single_task([] { throw std::runtime_error("first of two"); });
        q.single_task([] { throw sycl::exception(sycl::errc::invalid, "second of two"); });
        q.wait_and_throw();
        std::fprintf(stderr, "not reached\n");
      },
      "2 asynchronous errors at queue::wait_and_throw(.|\n)*(first of two(.|\n)*errc::invalid\\): second of two|errc::invalid\\): second of "
      "two(.|\n)*first of two)");
}

TEST_F(DefaultHandlerDeathTest, ThrowAsynchronousCallsIt) {
  EXPECT_DEATH(
      {
        sycl::queue q;
        q.single_task([] { throw std::runtime_error("host task"); });
        q.wait();
        q.throw_asynchronous();
      },
      "at queue::throw_asynchronous(.|\n)*std::exception: host task");
}

TEST_F(DefaultHandlerDeathTest, HandlerThrowingWhileTheQueueIsDestroyedEndsTheProgram) {
  EXPECT_DEATH(
      {
        sycl::queue q{rethrow_first};
        q.single_task([] { throw std::runtime_error("nowhere to go"); });
      },
      "escaped the async_handler while its queue was destroyed: std::exception: nowhere to go");
}

TEST(AsyncDelivery, WaitDoesNotThrowAndWaitAndThrowDelivers) {
  Collector c;
  sycl::queue q{c.handler()};
  int* out = sycl::malloc_shared<int>(64, q);
  sycl::event e = skip_the_barrier(q, out);
  EXPECT_NO_THROW(e.wait());
  EXPECT_NO_THROW(q.wait());
  EXPECT_EQ(c.calls, 0);
  e.wait_and_throw();
  ASSERT_EQ(c.calls, 1);
  ASSERT_EQ(c.seen.size(), 1u);
  EXPECT_EQ(c.seen[0].rfind("kernel: ", 0), 0u) << c.seen[0];
  q.wait_and_throw();
  EXPECT_EQ(c.calls, 1) << "delivered once";
  sycl::free(out, q);
}

TEST(AsyncDelivery, PendingErrorsReachTheHandlerWhenTheLastHandleGoes) {
  Collector c;
  {
    sycl::queue q{c.handler()};
    sycl::queue copy = q;
    copy.single_task([] { throw std::runtime_error("late"); });
    { sycl::queue gone = std::move(copy); }
    EXPECT_EQ(c.calls, 0) << "q still holds the queue";
    q.wait();
    EXPECT_EQ(c.calls, 0);
  }
  ASSERT_EQ(c.calls, 1);
  ASSERT_EQ(c.seen.size(), 1u);
  EXPECT_EQ(c.seen[0], "-: late");
}

// The queue goes while its command still runs: its destruction waits for it and delivers its error.
TEST(AsyncDelivery, QueueDestroyedWithAFailingCommandInFlight) {
  Collector c;
  std::atomic<bool> finished{false};
  {
    sycl::queue q{c.handler()};
    q.submit([&](sycl::handler& h) {
      h.host_task([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        finished = true;
        throw std::runtime_error("in flight");
      });
    });
  }
  EXPECT_TRUE(finished.load());
  ASSERT_EQ(c.seen.size(), 1u);
  EXPECT_EQ(c.seen[0], "-: in flight");
}

TEST(AsyncDelivery, HandlerExceptionReachesTheCallerAndTheQueueGoesOn) {
  sycl::queue q{rethrow_first};
  q.single_task([] { throw std::runtime_error("to the caller"); });
  try {
    q.wait_and_throw();
    FAIL() << "nothing thrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "to the caller");
  }
  int* v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = 42; });
  EXPECT_NO_THROW(q.wait_and_throw());
  EXPECT_EQ(*v, 42);
  sycl::free(v, q);
}

TEST(AsyncDelivery, QueueWithoutErrorsEndsQuietly) {
  int* v = nullptr;
  {
    sycl::queue q;
    v = sycl::malloc_shared<int>(1, q);
    q.single_task([=] { *v = 7; });
  }
  EXPECT_EQ(*v, 7) << "the queue's destruction waited";
  sycl::free(v, sycl::queue{});
}

} // namespace
