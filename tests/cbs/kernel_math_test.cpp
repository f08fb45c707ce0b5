// <cmath> calls in barrier kernels become LLVM's math intrinsics (compiler/cbs/kernel_math.cpp):
// results must be the host's and the fibers', and host code, even code the kernels also call,
// must keep errno (kernel_math_remarks.cmake checks that the calls were made intrinsics and that
// fig 14-21's step loop, its test no longer a call, has its guarded step split).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

#include "figures/fig14_20.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

// Called by a kernel and by the host: the host's call must still set errno.
float log2_of(float x) { return std::log2(x); }

// Fig 14-21 alone: one group of G items scans tmp; its step loop tests `d <= log2((float)G) - 1`.
std::vector<int32_t> scan_totals(sycl::queue& q, std::size_t G) {
  int32_t* tmp = sycl::malloc_shared<int32_t>(G, q);
  for (std::size_t i = 0; i < G; ++i) tmp[i] = static_cast<int32_t>(i % 11) - 5;
  const std::size_t before = compiled_launches();
  figures::scan_totals(q, tmp, G).wait();
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  std::vector<int32_t> out(tmp, tmp + G);
  sycl::free(tmp, q);
  return out;
}

// Per item: log2, pow and sqrt of its own value, read after a barrier from its neighbour's slot.
std::vector<float> neighbour_math(sycl::queue& q, std::size_t n, std::size_t group) {
  std::vector<float> out(n);
  {
    sycl::buffer<float> o(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor r(o, h, sycl::write_only);
      sycl::local_accessor<float> tile(group, h);
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0), g = it.get_global_id(0);
        const float x = static_cast<float>(g % 97) + 0.5f;
        tile[l] = log2_of(x) + std::pow(x, 0.75f) + sycl::sqrt(x) + sycl::log2(x + 1.0f);
        it.barrier();
        r[g] = tile[(l + 1) % group];
      });
    });
  }
  return out;
}

std::vector<float> neighbour_math_on_host(std::size_t n, std::size_t group) {
  std::vector<float> mine(n), out(n);
  for (std::size_t g = 0; g < n; ++g) {
    const float x = static_cast<float>(g % 97) + 0.5f;
    mine[g] = log2_of(x) + std::pow(x, 0.75f) + std::sqrt(x) + std::log2(x + 1.0f);
  }
  for (std::size_t g = 0; g < n; ++g) out[g] = mine[g - g % group + (g % group + 1) % group];
  return out;
}

TEST(KernelMath, StepLoopOnLog2GivesTheScan) {
  sycl::queue q{sycl::cpu_selector_v};
  for (std::size_t G : {std::size_t(1024), std::size_t(256), std::size_t(2)}) {
    const std::vector<int32_t> got = scan_totals(q, G);
    std::vector<int32_t> want(G);
    for (std::size_t i = 0; i < G; ++i) want[i] = static_cast<int32_t>(i % 11) - 5;
    std::inclusive_scan(want.begin(), want.end(), want.begin());
    EXPECT_EQ(got, want) << "G = " << G;
  }
}

TEST(KernelMath, CompiledFibersAndHostAgree) {
  sycl::queue q{sycl::cpu_selector_v};
  const std::vector<float> host = neighbour_math_on_host(1024, 128);
  const std::size_t before = compiled_launches();
  EXPECT_EQ(neighbour_math(q, 1024, 128), host);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  EXPECT_EQ(neighbour_math(q, 1024, 128), host);
  enable_compiled_groups(true);
}

TEST(KernelMath, HostCodeKeepsErrno) {
  if (!(math_errhandling & MATH_ERRNO)) GTEST_SKIP() << "this libm reports no domain error in errno";
  sycl::queue q{sycl::cpu_selector_v};
  neighbour_math(q, 256, 64); // the kernel calling log2_of is compiled into this program
  volatile float minus_one = -1.0f;
  errno = 0;
  EXPECT_TRUE(std::isnan(log2_of(minus_one)));
  EXPECT_EQ(errno, EDOM);
  errno = 0;
  EXPECT_TRUE(std::isnan(std::log2(minus_one)));
  EXPECT_EQ(errno, EDOM);
}

} // namespace
