// tessera::cpu::compiled_launches() and fiber_launches(), which tessera-demo prints as how each
// figure's barriers ran: a barrier kernel counts once, as compiled where the CBS pass compiled it
// (TESSERA_CBS builds) and as fibers otherwise; a kernel the pass leaves to fibers counts as
// fibers in every build; a kernel without barriers counts as neither.
// tessera-test-cuda: host-only
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

constexpr std::size_t group = 64, n = 4 * group;

struct counts {
  std::size_t compiled = tessera::cpu::compiled_launches(), fibers = tessera::cpu::fiber_launches();
  counts since() const { return {tessera::cpu::compiled_launches() - compiled, tessera::cpu::fiber_launches() - fibers}; }
  counts(std::size_t c, std::size_t f) : compiled(c), fibers(f) {}
  counts() = default;
};

template <typename Kernel>
counts launch(Kernel k) {
  sycl::queue q{sycl::cpu_selector_v};
  int* out = sycl::malloc_shared<int>(n, q);
  const counts before;
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int> t(group, h);
    h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) { k(it, t, out); });
  });
  q.wait_and_throw();
  const counts c = before.since();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(group - 1 - i % group)) << i;
  sycl::free(out, q);
  return c;
}

TEST(LaunchCounters, BarrierFreeKernelCountsAsNeither) {
  const counts c = launch([](sycl::nd_item<1> it, const sycl::local_accessor<int>&, int* out) {
    out[it.get_global_id(0)] = static_cast<int>(group - 1 - it.get_local_id(0));
  });
  EXPECT_EQ(c.compiled, 0u);
  EXPECT_EQ(c.fibers, 0u);
}

TEST(LaunchCounters, BarrierKernelCountsOnceAsHowItRan) {
  const counts c = launch([](sycl::nd_item<1> it, const sycl::local_accessor<int>& t, int* out) {
    const std::size_t l = it.get_local_id(0);
    t[l] = static_cast<int>(l);
    sycl::group_barrier(it.get_group());
    out[it.get_global_id(0)] = t[group - 1 - l];
  });
#if defined(TESSERA_CBS)
  EXPECT_EQ(c.compiled, 1u);
  EXPECT_EQ(c.fibers, 0u);
#else
  EXPECT_EQ(c.compiled, 0u);
  EXPECT_EQ(c.fibers, 1u);
#endif
}

// A sub-group barrier that only the first sub-group reaches: no build compiles it.
TEST(LaunchCounters, KernelLeftToFibersCountsAsFibers) {
  const counts c = launch([](sycl::nd_item<1> it, const sycl::local_accessor<int>& t, int* out) {
    const std::size_t l = it.get_local_id(0);
    t[l] = static_cast<int>(l);
    sycl::group_barrier(it.get_group());
    if (it.get_sub_group().get_group_linear_id() == 0) sycl::group_barrier(it.get_sub_group());
    out[it.get_global_id(0)] = t[group - 1 - l];
  });
  EXPECT_EQ(c.compiled, 0u);
  EXPECT_EQ(c.fibers, 1u);
}

} // namespace
