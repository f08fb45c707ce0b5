// Profiling timestamps (SYCL 2020 §4.6.6, event_profiling): on the CPU they are the host's clock
// around the command; on the GPU they come from timing events recorded on the stream around the
// command and placed on the host's clock. Either way they must order as the commands ran.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <vector>

#include "kernel_sleep.hpp"

namespace {

using tessera_test::kernel_sleep_ms;
namespace event_profiling = sycl::info::event_profiling;

struct times {
  std::uint64_t submit, start, end;
};
times of(const sycl::event& e) {
  return {e.get_profiling_info<event_profiling::command_submit>(), e.get_profiling_info<event_profiling::command_start>(),
          e.get_profiling_info<event_profiling::command_end>()};
}
std::uint64_t wall_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

TEST(Profiling, InOrderCommandsFollowEachOther) {
  sycl::queue q{{sycl::property::queue::enable_profiling{}, sycl::property::queue::in_order{}}};
  const std::uint64_t t0 = wall_ns();
  std::vector<sycl::event> es;
  for (int i = 0; i < 4; ++i) es.push_back(q.single_task([] { kernel_sleep_ms(2); }));
  q.wait();
  const std::uint64_t wall = wall_ns() - t0;
  for (std::size_t i = 0; i < es.size(); ++i) {
    const times t = of(es[i]);
    EXPECT_LE(t.submit, t.start) << "command " << i;
    EXPECT_GE(t.end - t.start, 1'500'000u) << "command " << i << " slept 2 ms";
    if (i + 1 < es.size()) EXPECT_LE(t.end, of(es[i + 1]).start) << "command " << i << " ended after the next began";
  }
  // Four 2-ms commands in a row: their span is at least 8 ms and at most what the host saw.
  const std::uint64_t span = of(es.back()).end - of(es.front()).start;
  EXPECT_GE(span, 7'500'000u);
  EXPECT_LE(span, wall + 1'000'000u) << "the commands took longer than the host waited for them";
}

TEST(Profiling, DependentCommandStartsAfterItsDependencyEnds) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  sycl::event first = q.single_task([] { kernel_sleep_ms(3); });
  sycl::event second = q.submit([&](sycl::handler& h) {
    h.depends_on(first);
    h.single_task([] {});
  });
  second.wait();
  EXPECT_LE(of(first).end, of(second).start);
  EXPECT_LE(of(second).start, of(second).end);
}

TEST(Profiling, MemoryCommandsAreProfiled) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  const std::size_t n = std::size_t(1) << 22;
  int* d = sycl::malloc_device<int>(n, q);
  std::vector<int> h(n, 7);
  sycl::event fill = q.memset(d, 0, n * sizeof(int));
  sycl::event copy = q.memcpy(d, h.data(), n * sizeof(int), fill);
  copy.wait();
  const times f = of(fill), c = of(copy);
  EXPECT_LE(f.submit, f.start);
  EXPECT_LE(f.start, f.end);
  EXPECT_LE(f.end, c.start);
  EXPECT_LT(c.start, c.end) << "16 MiB take time to copy";
  sycl::free(d, q);
}

} // namespace
