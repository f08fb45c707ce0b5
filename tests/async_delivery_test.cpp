// tessera-test-cuda: host-only
// When asynchronous errors reach the program (SYCL 2020 4.13.1): at wait_and_throw,
// throw_asynchronous, when the last handle to the queue goes (those that have arrived: the
// destruction does not wait), and for commands still running then, when the last of them
// completes; never from event::wait or queue::wait. Without an async_handler the default one prints every error with
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

// Collects what a handler receives, as "<errc or ->: <what>". The runtime may call the handler
// on a thread of its own: `calls` is counted after `seen` is filled.
struct Collector {
  std::vector<std::string> seen;
  std::atomic<int> calls{0};
  sycl::async_handler handler() {
    return [this](sycl::exception_list l) {
      for (auto& p : l) try {
          std::rethrow_exception(p);
        } catch (const sycl::exception& e) {
          seen.push_back(e.code().message() + ": " + e.what());
        } catch (const std::exception& e) {
          seen.push_back(std::string("-: ") + e.what());
        }
      calls.fetch_add(1, std::memory_order_release);
    };
  }
  // Whether the handler has been called `n` times within two seconds.
  bool called(int n) const {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (calls.load(std::memory_order_acquire) < n && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return calls.load(std::memory_order_acquire) == n;
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
        q.single_task([] { throw std::runtime_error("nowhere to go"); }).wait();
      },
      "escaped the async_handler while its queue was destroyed: std::exception: nowhere to go");
}

// The error arrives after the last handle went: the handler throws on the runtime's thread.
TEST_F(DefaultHandlerDeathTest, HandlerThrowingWhenTheLastCommandCompletesEndsTheProgram) {
  EXPECT_DEATH(
      {
        std::atomic<bool> go{false};
        {
          sycl::queue q{rethrow_first};
          q.submit([&](sycl::handler& h) {
            h.host_task([&] {
              const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
              while (!go && std::chrono::steady_clock::now() < until) std::this_thread::yield();
              throw std::runtime_error(go ? "after the queue" : "the queue's destruction waited");
            });
          });
        }
        go = true;
        std::this_thread::sleep_for(std::chrono::seconds(5));
      },
      "escaped the async_handler while its queue was destroyed: std::exception: after the queue");
}

TEST(AsyncDelivery, WaitDoesNotThrowAndWaitAndThrowDelivers) {
  Collector c;
  sycl::queue q{c.handler()};
  int* out = sycl::malloc_shared<int>(64, q);
  sycl::event e = skip_the_barrier(q, out);
  EXPECT_NO_THROW(e.wait());
  EXPECT_NO_THROW(q.wait());
  EXPECT_EQ(c.calls.load(), 0);
  e.wait_and_throw();
  ASSERT_EQ(c.calls.load(), 1);
  ASSERT_EQ(c.seen.size(), 1u);
  EXPECT_EQ(c.seen[0].rfind("kernel: ", 0), 0u) << c.seen[0];
  q.wait_and_throw();
  EXPECT_EQ(c.calls.load(), 1) << "delivered once";
  sycl::free(out, q);
}

TEST(AsyncDelivery, PendingErrorsReachTheHandlerWhenTheLastHandleGoes) {
  Collector c;
  {
    sycl::queue q{c.handler()};
    sycl::queue copy = q;
    copy.single_task([] { throw std::runtime_error("late"); });
    { sycl::queue gone = std::move(copy); }
    EXPECT_EQ(c.calls.load(), 0) << "q still holds the queue";
    q.wait();
    EXPECT_EQ(c.calls.load(), 0);
  }
  ASSERT_EQ(c.calls.load(), 1);
  ASSERT_EQ(c.seen.size(), 1u);
  EXPECT_EQ(c.seen[0], "-: late");
}

// The queue goes while its command waits for the thread that destroyed it (as the CTS's
// resolvable_host_event does): the destruction does not wait, and the error reaches the handler
// when the command completes.
TEST(AsyncDelivery, QueueDestroyedWhileItsCommandWaitsForTheDestroyingThread) {
  Collector c;
  std::atomic<bool> destroyed{false};
  std::atomic<bool> saw_it{false};
  sycl::event e;
  {
    sycl::queue q{c.handler()};
    e = q.submit([&](sycl::handler& h) {
      h.host_task([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (!destroyed && std::chrono::steady_clock::now() < until) std::this_thread::yield();
        saw_it = destroyed.load();
        throw std::runtime_error("in flight");
      });
    });
  }
  destroyed = true;
  EXPECT_EQ(c.calls.load(), 0) << "delivered before the command ran";
  e.wait();
  EXPECT_TRUE(saw_it) << "the queue's destruction waited for its command";
  ASSERT_TRUE(c.called(1));
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
  sycl::event e;
  {
    sycl::queue q;
    v = sycl::malloc_shared<int>(1, q);
    e = q.single_task([=] { *v = 7; });
  }
  e.wait();
  EXPECT_EQ(*v, 7) << "the command ran after its queue went";
  sycl::free(v, sycl::queue{});
}

} // namespace
