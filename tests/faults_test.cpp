// tessera-test-cuda: host-only
// Faults around the commands rather than in them: host tasks that throw, an async_handler that
// throws, buffers and queues destroyed while their work runs, the program ending with work in
// flight, and a hundred thousand live buffers. Each is reported or handled, none hangs, nothing is
// lost, and the runtime keeps working after each. Host tasks and exceptions: host-only.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

void pause_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// The runtime still runs a buffer kernel and a USM kernel on a fresh queue.
void expect_runtime_works() {
  sycl::queue q;
  std::vector<int> host(100, 1);
  {
    sycl::buffer<int> b(host.data(), sycl::range<1>(host.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { a[i] += static_cast<int>(i[0]); });
    });
  }
  for (int i = 0; i < 100; ++i) ASSERT_EQ(host[i], 1 + i);
  int* v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = 11; }).wait();
  EXPECT_EQ(*v, 11);
  sycl::free(v, q);
}

struct Errors {
  std::vector<std::string> seen;
  sycl::async_handler handler() {
    return [this](sycl::exception_list l) {
      for (auto& p : l) try {
          std::rethrow_exception(p);
        } catch (const std::exception& e) {
          seen.push_back(e.what());
        }
    };
  }
};

TEST(Faults, ThrowingHostTasksAreEachReportedAndOthersRun) {
  Errors errors;
  sycl::queue q{errors.handler()};
  constexpr int n = 40;
  std::vector<int> ran(n, 0);
  for (int k = 0; k < n; ++k)
    q.submit([&, k](sycl::handler& h) {
      h.host_task([&, k] {
        if (k % 3 == 0) throw std::runtime_error("host task " + std::to_string(k));
        ran[k] = 1;
      });
    });
  q.wait_and_throw();
  ASSERT_EQ(errors.seen.size(), static_cast<std::size_t>((n + 2) / 3));
  std::sort(errors.seen.begin(), errors.seen.end());
  for (int k = 0; k < n; ++k) {
    if (k % 3 == 0)
      EXPECT_TRUE(std::binary_search(errors.seen.begin(), errors.seen.end(), "host task " + std::to_string(k))) << k;
    else
      EXPECT_EQ(ran[k], 1) << k;
  }
  expect_runtime_works();
}

// A throwing host task with a buffer accessor still releases the buffer to later commands.
TEST(Faults, ThrowingHostTaskReleasesItsBuffer) {
  Errors errors;
  sycl::queue q{errors.handler()};
  sycl::buffer<int> b{sycl::range<1>(8)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.host_task([=] {
      a[0] = 5;
      throw std::runtime_error("after writing");
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[1] = a[0] + 1; });
  });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[0], 5);
  EXPECT_EQ(r[1], 6);
  q.wait_and_throw();
  ASSERT_EQ(errors.seen.size(), 1u);
  EXPECT_EQ(errors.seen[0], "after writing");
}

// The handler's exception reaches the caller; errors raised later are still delivered.
TEST(Faults, ExceptionInsideTheAsyncHandler) {
  int calls = 0;
  sycl::queue q{[&](sycl::exception_list l) {
    ++calls;
    throw std::logic_error("handler gave up on " + std::to_string(l.size()));
  }};
  q.single_task([] { throw std::runtime_error("a"); });
  q.single_task([] { throw std::runtime_error("b"); });
  q.wait();
  try {
    q.throw_asynchronous();
    FAIL() << "the handler's exception was lost";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "handler gave up on 2");
  }
  EXPECT_NO_THROW(q.wait_and_throw()) << "nothing left to deliver";
  q.single_task([] { throw std::runtime_error("c"); });
  EXPECT_THROW(q.wait_and_throw(), std::logic_error);
  EXPECT_EQ(calls, 2);
  int* v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = 3; });
  EXPECT_NO_THROW(q.wait_and_throw());
  EXPECT_EQ(*v, 3);
  sycl::free(v, q);
}

// The buffer's destructor waits for the commands on it and writes the result back.
TEST(Faults, BufferDestroyedWithWorkInFlightWaitsAndWritesBack) {
  sycl::queue q;
  std::vector<int> host(1000, 2);
  {
    sycl::buffer<int> b(host.data(), sycl::range<1>(host.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.host_task([=] {
        pause_ms(50);
        for (int i = 0; i < 1000; ++i) a[i] *= 3;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(1000), [=](sycl::id<1> i) { a[i] += static_cast<int>(i[0]); });
    });
  }
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(host[i], 6 + i) << i;
  expect_runtime_works();
}

// The last handle to a queue going does not wait for its commands, which still all run, in order:
// their effects are all visible once the last one's event completes.
TEST(Faults, QueueDestroyedWithWorkInFlight) {
  sycl::queue keeper;
  int* v = sycl::malloc_shared<int>(64, keeper);
  for (int round = 0; round < 20; ++round) {
    sycl::event last;
    {
      sycl::queue q{sycl::property::queue::in_order{}};
      q.submit([&](sycl::handler& h) {
        h.host_task([=] {
          pause_ms(round % 4);
          for (int i = 0; i < 64; ++i) v[i] = round;
        });
      });
      last = q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { v[i] += static_cast<int>(i[0]); });
    }
    last.wait();
    for (int i = 0; i < 64; ++i) ASSERT_EQ(v[i], round + i) << round;
  }
  sycl::free(v, keeper);
  expect_runtime_works();
}

class FaultsDeathTest : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// std::exit while commands run on a queue that is never destroyed: the process ends cleanly.
TEST_F(FaultsDeathTest, ExitWithWorkInFlightOnALiveQueue) {
  EXPECT_EXIT(
      {
        auto* q = new sycl::queue{sycl::property::queue::in_order{}};
        int* v = sycl::malloc_shared<int>(1024, *q);
        for (int k = 0; k < 50; ++k)
          q->parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) { v[i] += static_cast<int>(i[0]); });
        q->submit([](sycl::handler& h) { h.host_task([] { pause_ms(20); }); });
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
}

// A static queue is destroyed at exit, which does not wait; the end of the program waits for its
// commands, which all complete.
TEST_F(FaultsDeathTest, ExitWithWorkInFlightOnAStaticQueue) {
  EXPECT_EXIT(
      {
        static sycl::queue q{sycl::property::queue::in_order{}};
        static int total = 0;
        q.submit([](sycl::handler& h) {
          h.host_task([] {
            pause_ms(50);
            total = 41;
          });
        });
        q.submit([](sycl::handler& h) {
          h.host_task([] {
            total += 1;
            std::fprintf(stderr, "last command ran: %d\n", total);
          });
        });
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "last command ran: 42");
}

// A queue whose handles are all gone while its commands wait: the program's end waits for them.
TEST_F(FaultsDeathTest, ExitWithWorkInFlightOnADestroyedQueue) {
  EXPECT_EXIT(
      {
        static std::atomic<bool> released{false};
        {
          sycl::queue q{sycl::property::queue::in_order{}};
          q.submit([](sycl::handler& h) {
            h.host_task([] {
              const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
              while (!released && std::chrono::steady_clock::now() < until) std::this_thread::yield();
              pause_ms(50);
            });
          });
          q.submit([](sycl::handler& h) { h.host_task([] { std::fprintf(stderr, "last command ran\n"); }); });
        }
        released = true;
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "last command ran");
}

// A hundred thousand buffers alive at once, every tenth written by a kernel, all read back.
TEST(Faults, HundredThousandLiveBuffers) {
  constexpr int n = 100000;
  sycl::queue q;
  std::vector<sycl::buffer<int>> buffers;
  buffers.reserve(n);
  for (int i = 0; i < n; ++i) buffers.emplace_back(sycl::range<1>(1));
  for (int i = 0; i < n; ++i) sycl::host_accessor<int>{buffers[i]}[0] = i;
  for (int i = 0; i < n; i += 10)
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buffers[i], h};
      h.single_task([=] { a[0] = -a[0]; });
    });
  for (int i = 0; i < n; ++i) ASSERT_EQ(sycl::host_accessor<int>{buffers[i]}[0], i % 10 ? i : -i) << i;
  buffers.clear();
  expect_runtime_works();
}

} // namespace
