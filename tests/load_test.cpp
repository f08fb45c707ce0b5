// tessera-test-cuda: host-only
// Load: 8 host threads submit 10,000 command groups in all, chained through buffers, USM
// depends_on chains and host tasks, checked value by value; once to one shared queue, once with
// a queue per thread. Runs under ThreadSanitizer and ASan+UBSan in CI like every runtime test.
// Host-only: the chains interleave host tasks with kernels on the CPU device's shared memory.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdio>

#include "../bench/command_load.hpp"
#include "rethrow_handler.hpp"

namespace {

constexpr int threads = 8;
constexpr int commands = 10000;

void expect_load(bool queue_per_thread) {
  const auto o = tessera_load::run(threads, commands, queue_per_thread, rethrow_first);
  EXPECT_EQ(o.commands, commands);
  EXPECT_EQ(o.mismatch, "");
  std::printf("%d commands from %d threads (%s): %.3f s, %.0f commands/s\n", o.commands, threads,
              queue_per_thread ? "a queue each" : "one shared queue", o.seconds, o.commands / o.seconds);
}

TEST(Load, EightThreadsOneSharedQueue) { expect_load(false); }
TEST(Load, EightThreadsAQueueEach) { expect_load(true); }

} // namespace
