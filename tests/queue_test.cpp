// Queues, devices, platforms, events, profiling, host tasks, explicit memory operations and
// asynchronous error reporting. Compiled as CUDA the tests run on the GPU too (TESSERA_DEVICE=gpu),
// except those whose kernels throw or use std::atomic (#if !defined(__CUDA__)); tests of what the
// default selector picks and of the CPU device's properties skip themselves there.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "rethrow_handler.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "kernel_sleep.hpp"

namespace {

using tessera_test::kernel_sleep_ms;

// The device that `sycl::queue q;` picks: a GPU where there is one (TESSERA_DEVICE=gpu), else the CPU.
bool default_is_gpu() { return sycl::device(sycl::default_selector_v).is_gpu(); }

// ---------------------------------------------------------------- selectors and device info

TEST(Selectors, DefaultQueuePicksTheCpu) {
  if (default_is_gpu()) GTEST_SKIP() << "the default selector picks the GPU here";
  sycl::queue q;
  EXPECT_TRUE(q.get_device().is_cpu());
  EXPECT_FALSE(q.get_device().is_gpu());
  EXPECT_EQ(q.get_device().get_info<sycl::info::device::device_type>(), sycl::info::device_type::cpu);
}

TEST(Selectors, DefaultSelectorAndCpuSelectorChooseTheSameDevice) {
  if (default_is_gpu()) GTEST_SKIP() << "the default selector picks the GPU here";
  sycl::device d1(sycl::default_selector_v);
  sycl::device d2(sycl::cpu_selector_v);
  EXPECT_TRUE(d2.is_cpu());
  EXPECT_EQ(d1, d2);
  sycl::queue q(sycl::cpu_selector_v);
  EXPECT_EQ(q.get_device(), d2);
}

TEST(Selectors, GpuSelectorThrowsRuntimeErrorWithoutAGpu) {
  if (!sycl::device::get_devices(sycl::info::device_type::gpu).empty()) GTEST_SKIP() << "this machine has a GPU";
  try {
    sycl::device d(sycl::gpu_selector_v);
    FAIL() << "gpu_selector_v selected a device";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime) << e.what();
  }
  EXPECT_THROW(sycl::queue q(sycl::gpu_selector_v), sycl::exception);
}

TEST(Selectors, CustomSelectorCallableIsCalledAndDecides) {
  int calls = 0;
  auto accept_cpu = [&calls](const sycl::device& d) {
    ++calls;
    return d.is_cpu() ? 7 : -1;
  };
  sycl::queue q(accept_cpu);
  EXPECT_GT(calls, 0);
  EXPECT_TRUE(q.get_device().is_cpu());

  auto reject_all = [](const sycl::device&) { return -1; };
  try {
    sycl::device d(reject_all);
    FAIL() << "a selector that rejects every device still selected one";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
  }
}

TEST(DeviceInfo, WorkGroupLimits) {
  sycl::device d = sycl::queue().get_device();
  EXPECT_EQ(d.get_info<sycl::info::device::max_work_group_size>(), 1024u);
  sycl::range<3> sizes = d.get_info<sycl::info::device::max_work_item_sizes<3>>();
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(sizes[i], 1u);
    EXPECT_LE(sizes[i], 1024u);
  }
  EXPECT_EQ(sizes[2], 1024u);
  sycl::range<1> s1 = d.get_info<sycl::info::device::max_work_item_sizes<1>>();
  EXPECT_EQ(s1[0], sizes[2]);
  sycl::range<2> s2 = d.get_info<sycl::info::device::max_work_item_sizes<2>>();
  EXPECT_EQ(s2[0], sizes[1]);
  EXPECT_EQ(s2[1], sizes[2]);
  EXPECT_EQ(d.get_info<sycl::info::device::max_work_item_dimensions>(), 3u);
}

TEST(DeviceInfo, LocalMemory) {
  sycl::device d = sycl::queue().get_device();
  auto t = d.get_info<sycl::info::device::local_mem_type>();
  EXPECT_NE(t, sycl::info::local_mem_type::none);
  if (d.is_gpu()) {
    // shared memory: at least the 48 KiB every CUDA GPU has per block
    EXPECT_GE(d.get_info<sycl::info::device::local_mem_size>(), 48u * 1024u);
    EXPECT_EQ(t, sycl::info::local_mem_type::local);
  } else {
    EXPECT_EQ(d.get_info<sycl::info::device::local_mem_size>(), 65536u);
    EXPECT_EQ(t, sycl::info::local_mem_type::global); // the CPU emulates it in ordinary memory
  }
}

TEST(DeviceInfo, ComputeUnitsSubGroupsNameVendor) {
  sycl::device d = sycl::queue().get_device();
  EXPECT_GT(d.get_info<sycl::info::device::max_compute_units>(), 0u);
  auto sg = d.get_info<sycl::info::device::sub_group_sizes>();
  if (d.is_gpu()) {
    EXPECT_EQ(sg, std::vector<std::size_t>{32}) << "sub-groups are warps";
  } else {
    for (std::size_t s : {4u, 8u, 16u, 32u, 64u})
      EXPECT_NE(std::find(sg.begin(), sg.end(), s), sg.end()) << "sub-group size " << s << " missing";
  }
  EXPECT_FALSE(d.get_info<sycl::info::device::name>().empty());
  EXPECT_FALSE(d.get_info<sycl::info::device::vendor>().empty());
  EXPECT_GT(d.get_info<sycl::info::device::global_mem_size>(), 0u);
}

TEST(DeviceInfo, AspectsOfTheCpu) {
  sycl::device d(sycl::cpu_selector_v);
  EXPECT_TRUE(d.has(sycl::aspect::cpu));
  EXPECT_FALSE(d.has(sycl::aspect::gpu));
  EXPECT_TRUE(d.has(sycl::aspect::usm_shared_allocations));
  EXPECT_TRUE(d.has(sycl::aspect::queue_profiling));
}

TEST(Platforms, GetPlatformsListsTheCpuPlatform) {
  auto ps = sycl::platform::get_platforms();
  ASSERT_FALSE(ps.empty());
  bool found_cpu = false;
  for (auto& p : ps) {
    EXPECT_FALSE(p.get_info<sycl::info::platform::name>().empty());
    EXPECT_FALSE(p.get_info<sycl::info::platform::vendor>().empty());
    for (auto& d : p.get_devices()) found_cpu |= d.is_cpu();
  }
  EXPECT_TRUE(found_cpu);
  sycl::device d = sycl::queue().get_device();
  EXPECT_NE(std::find(ps.begin(), ps.end(), d.get_platform()), ps.end());
  auto cpus = sycl::device::get_devices(sycl::info::device_type::cpu);
  ASSERT_EQ(cpus.size(), 1u);
  EXPECT_EQ(cpus[0], sycl::device(sycl::cpu_selector_v));
}

// ---------------------------------------------------------------- ordering

class InOrderChain : public ::testing::TestWithParam<int> {};

// Each kernel reads the previous kernel's result: any reordering gives another number.
TEST_P(InOrderChain, KernelsRunInSubmissionOrder) {
  const int links = GetParam();
  constexpr std::size_t n = 257;
  sycl::queue q{sycl::property::queue::in_order{}};
  EXPECT_TRUE(q.is_in_order());
  long* a = sycl::malloc_shared<long>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<long>(i[0]); });
  for (int k = 0; k < links; ++k) {
    if (k % 2 == 0)
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 3 + k; });
    else
      q.single_task([=] {
        for (std::size_t i = 0; i < n; ++i) a[i] = a[i] - 2 * k;
      });
  }
  q.wait();
  for (std::size_t i = 0; i < n; ++i) {
    long expect = static_cast<long>(i);
    for (int k = 0; k < links; ++k) expect = k % 2 == 0 ? expect * 3 + k : expect - 2 * k;
    ASSERT_EQ(a[i], expect) << "at " << i;
  }
  sycl::free(a, q);
}
INSTANTIATE_TEST_SUITE_P(Links, InOrderChain, ::testing::Values(1, 5, 20));

TEST(OutOfOrderQueue, DependsOnOrdersKernels) {
  sycl::queue q;
  EXPECT_FALSE(q.is_in_order());
  constexpr std::size_t n = 1000;
  int* a = sycl::malloc_shared<int>(n, q);
  int* b = sycl::malloc_shared<int>(n, q);
  sycl::event e1 = q.submit([&](sycl::handler& h) {
    h.single_task([=] {
      // slow writer: a reader that does not wait sees zeros
      kernel_sleep_ms(20);
      for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<int>(i) + 1;
    });
  });
  sycl::event e2 = q.submit([&](sycl::handler& h) {
    h.depends_on(e1);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = a[i] * 2; });
  });
  sycl::event e3 = q.parallel_for(sycl::range<1>(n), e2, [=](sycl::id<1> i) { a[i] = b[i] + 1; });
  e3.wait();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(b[i], 2 * (static_cast<int>(i) + 1));
    ASSERT_EQ(a[i], 2 * (static_cast<int>(i) + 1) + 1);
  }
  sycl::free(a, q);
  sycl::free(b, q);
}

TEST(OutOfOrderQueue, DependsOnAListOfEvents) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(3, q);
  std::vector<sycl::event> evs;
  for (int k = 0; k < 2; ++k)
    evs.push_back(q.single_task([=] {
      kernel_sleep_ms(10);
      v[k] = 10 * (k + 1);
    }));
  q.submit([&](sycl::handler& h) {
     h.depends_on(evs);
     h.single_task([=] { v[2] = v[0] + v[1]; });
   }).wait();
  EXPECT_EQ(v[2], 30);
  sycl::free(v, q);
}

// ---------------------------------------------------------------- events

#if !defined(__CUDA__) // the kernel spins on a std::atomic in the host's stack
TEST(Events, StatusIsCompleteAfterWait) {
  sycl::queue q;
  std::atomic<bool> release{false};
  std::atomic<bool>* flag = &release;
  sycl::event e = q.single_task([=] {
    while (!flag->load()) std::this_thread::yield();
  });
  auto s = e.get_info<sycl::info::event::command_execution_status>();
  EXPECT_NE(s, sycl::info::event_command_status::complete);
  release = true;
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
}
#endif

TEST(Events, DefaultEventIsComplete) {
  sycl::event e;
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  e.wait();
}

TEST(Events, StaticWaitOnAList) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(4, q);
  std::vector<sycl::event> evs;
  for (int k = 0; k < 4; ++k) evs.push_back(q.single_task([=] { v[k] = k * k; }));
  sycl::event::wait(evs);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(v[k], k * k);
  for (auto& e : evs)
    EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  sycl::free(v, q);
}

// A command that nobody waits for is still seen to complete by someone who keeps asking (on a
// GPU its batch is recorded when its status is asked for).
TEST(Events, StatusPollingSeesASlowCommandComplete) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  sycl::event e = q.single_task([=] {
    kernel_sleep_ms(20);
    *v = 7;
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (e.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete)
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the command was never seen to complete";
  EXPECT_EQ(*v, 7);
  sycl::free(v, q);
}

// A command of one queue that depends on another queue's command starts after it, with nobody
// waiting on the host.
TEST(Events, ACommandWaitsForAnotherQueuesCommand) {
  sycl::queue first, second;
  int* v = sycl::malloc_shared<int>(2, first);
  v[0] = v[1] = 0;
  sycl::event slow = first.single_task([=] {
    kernel_sleep_ms(20);
    v[0] = 1;
  });
  second.single_task(slow, [=] { v[1] = v[0] + 1; }).wait();
  EXPECT_EQ(v[1], 2);
  sycl::free(v, first);
}

// An event outlives its queue and still completes.
TEST(Events, OutliveTheirQueue) {
  sycl::queue keeper;
  int* v = sycl::malloc_shared<int>(1, keeper);
  *v = 0;
  sycl::event e;
  {
    sycl::queue q;
    e = q.single_task([=] {
      kernel_sleep_ms(10);
      *v = 5;
    });
  }
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_EQ(*v, 5);
  sycl::free(v, keeper);
}

// ---------------------------------------------------------------- profiling

TEST(Profiling, TimestampsAreOrdered) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  EXPECT_TRUE(q.has_property<sycl::property::queue::enable_profiling>());
  sycl::event e = q.single_task([] { kernel_sleep_ms(5); });
  e.wait();
  auto submit = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
  auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
  auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_LE(submit, start);
  EXPECT_LE(start, end);
  EXPECT_GE(end - start, 4'000'000u) << "the kernel slept 5 ms";
}

TEST(Profiling, EndWaitsForTheCommand) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  sycl::event e = q.single_task([] { kernel_sleep_ms(5); });
  auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_GE(end, e.get_profiling_info<sycl::info::event_profiling::command_start>());
}

TEST(Profiling, InvalidWithoutEnableProfiling) {
  sycl::queue q;
  sycl::event e = q.single_task([] {});
  e.wait();
  try {
    (void)e.get_profiling_info<sycl::info::event_profiling::command_start>();
    FAIL() << "no exception";
  } catch (const sycl::exception& ex) {
    EXPECT_EQ(ex.code(), sycl::errc::invalid);
  }
  EXPECT_THROW((void)e.get_profiling_info<sycl::info::event_profiling::command_submit>(), sycl::exception);
  EXPECT_THROW((void)e.get_profiling_info<sycl::info::event_profiling::command_end>(), sycl::exception);
}

// ---------------------------------------------------------------- host tasks

TEST(HostTask, OrderedWithKernelsThroughBuffers) {
  sycl::queue q;
  constexpr std::size_t n = 512;
  std::vector<int> out(n, -1);
  {
    sycl::buffer<int, 1> buf{sycl::range<1>(n)};
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.host_task([=] {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        for (std::size_t i = 0; i < n; ++i) a[i] = a[i] * 10;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 3; });
    });
    sycl::host_accessor ha{buf, sycl::read_only};
    for (std::size_t i = 0; i < n; ++i) out[i] = ha[i];
  }
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i) * 10 + 3);
}

TEST(HostTask, RunsAfterItsDependencyEvent) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  auto e = q.single_task([=] {
    kernel_sleep_ms(10);
    *v = 41;
  });
  int seen = -1;
  q.submit([&](sycl::handler& h) {
     h.depends_on(e);
     h.host_task([=, &seen] { seen = *v + 1; });
   }).wait();
  EXPECT_EQ(seen, 42);
  sycl::free(v, q);
}

// ---------------------------------------------------------------- explicit memory operations

class MemOps : public ::testing::TestWithParam<std::size_t> {};

TEST_P(MemOps, HandlerMemcpyMemsetFillCopy) {
  const std::size_t n = GetParam();
  sycl::queue q;
  int* src = sycl::malloc_host<int>(n, q);
  int* dst = sycl::malloc_device<int>(n, q);
  int* back = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) src[i] = static_cast<int>(i * 7 + 1);
  q.submit([&](sycl::handler& h) { h.memcpy(dst, src, n * sizeof(int)); }).wait();
  q.submit([&](sycl::handler& h) { h.copy(dst, back, n); }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], static_cast<int>(i * 7 + 1));
  q.submit([&](sycl::handler& h) { h.memset(back, 0xff, n * sizeof(int)); }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], -1);
  q.submit([&](sycl::handler& h) { h.fill(back, 12345, n); }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(back[i], 12345);
  // memset of a partial range leaves the rest
  if (n > 2) {
    q.submit([&](sycl::handler& h) { h.memset(back + 1, 0, (n - 2) * sizeof(int)); }).wait();
    EXPECT_EQ(back[0], 12345);
    EXPECT_EQ(back[n - 1], 12345);
    for (std::size_t i = 1; i + 1 < n; ++i) ASSERT_EQ(back[i], 0);
  }
  sycl::free(src, q);
  sycl::free(dst, q);
  sycl::free(back, q);
}

TEST_P(MemOps, QueueMemcpyMemsetFillCopyPrefetchAdvise) {
  const std::size_t n = GetParam();
  sycl::queue q;
  std::vector<double> host(n);
  std::iota(host.begin(), host.end(), 0.5);
  double* d = sycl::malloc_device<double>(n, q);
  double* s = sycl::malloc_shared<double>(n, q);
  sycl::event e1 = q.memcpy(d, host.data(), n * sizeof(double));
  sycl::event e2 = q.copy(d, s, n, e1);
  e2.wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(s[i], host[i]);
  q.prefetch(s, n * sizeof(double)).wait();
  q.mem_advise(s, n * sizeof(double), 0).wait();
  // The handler's forms, ordered like any command: the kernel after them sees what came before.
  sycl::event hinted = q.submit([&](sycl::handler& h) {
    h.depends_on(e2);
    h.prefetch(s, n * sizeof(double));
  });
  hinted = q.submit([&](sycl::handler& h) {
    h.depends_on(hinted);
    h.mem_advise(s, n * sizeof(double), 0);
  });
  q.submit([&](sycl::handler& h) {
    h.depends_on(hinted);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] += 1.0; });
  }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(s[i], host[i] + 1.0);
  q.fill(s, 2.25, n).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(s[i], 2.25);
  q.memset(s, 0, n * sizeof(double)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(s[i], 0.0);
  std::vector<double> out(n, -1.0);
  q.copy(d, out.data(), n).wait();
  EXPECT_EQ(out, host);
  sycl::free(d, q);
  sycl::free(s, q);
}
// 4096-byte chunks in the runtime: straddle them.
INSTANTIATE_TEST_SUITE_P(Sizes, MemOps, ::testing::Values(1, 3, 1000, 1024, 1025, 100003));

TEST(MemOps, FillWithAStructPattern) {
  struct pair {
    int a;
    short b;
  };
  sycl::queue q;
  constexpr std::size_t n = 333;
  pair* p = sycl::malloc_shared<pair>(n, q);
  q.fill(p, pair{-4, 9}, n).wait();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(p[i].a, -4);
    ASSERT_EQ(p[i].b, 9);
  }
  sycl::free(p, q);
}

TEST(MemOps, HandlerCopyFromReadAccessorToHostMemory) {
  sycl::queue q;
  constexpr std::size_t n = 100;
  std::vector<int> in(n), out(n, 0);
  std::iota(in.begin(), in.end(), 5);
  {
    sycl::buffer<int, 1> buf{in.data(), sycl::range<1>(n)};
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::read_only};
      h.copy(a, out.data());
    });
    q.wait();
  }
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(out[i], 2 * static_cast<int>(i + 5));
    ASSERT_EQ(in[i], 2 * static_cast<int>(i + 5)) << "written back";
  }
}

// True when `e` completes within `ms` milliseconds (polled, so that a hung command cannot hang
// the test; the caller must then leak whatever would wait for it).
bool completes_within(const sycl::event& e, int ms) {
  for (int t = 0; t < ms; ++t) {
    if (e.get_info<sycl::info::event::command_execution_status>() == sycl::info::event_command_status::complete)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// handler::fill(accessor), handler::copy(ptr, accessor) and handler::require(accessor) register a
// writing accessor that the accessor's constructor already registered: once this made the command
// depend on itself (wait for the buffer's last writer, which was the command) so that it never ran.
// The queue and buffer are leaked if it hangs.
TEST(MemOps, HandlerFillAndCopyIntoAWriteAccessorComplete) {
  auto* q = new sycl::queue;
  constexpr std::size_t n = 100;
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 5);
  auto* buf = new sycl::buffer<int, 1>{sycl::range<1>(n)};
  sycl::event e1 = q->submit([&](sycl::handler& h) {
    sycl::accessor a{*buf, h, sycl::write_only};
    h.copy(in.data(), a);
  });
  ASSERT_TRUE(completes_within(e1, 2000)) << "handler::copy(ptr, accessor) never completes";
  {
    sycl::host_accessor ha{*buf};
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(ha[i], in[i]);
  }
  sycl::event e2 = q->submit([&](sycl::handler& h) {
    sycl::accessor a{*buf, h, sycl::write_only};
    h.fill(a, 77);
  });
  ASSERT_TRUE(completes_within(e2, 2000)) << "handler::fill(accessor) never completes";
  {
    sycl::host_accessor ha{*buf};
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(ha[i], 77);
  }
  sycl::event e3 = q->submit([&](sycl::handler& h) {
    sycl::accessor a{*buf, h, sycl::read_write};
    h.require(a);
    h.single_task([=] { a[0] = -1; });
  });
  ASSERT_TRUE(completes_within(e3, 2000)) << "handler::require on a registered accessor never completes";
  delete buf;
  delete q;
}

// The queue's shortcuts for the handler's accessor copies (§4.6.5.2), with placeholder accessors.
// copy(accessor, accessor) pairs elements in row-major order within each accessor's range: a
// ranged 2-D window with an offset is strided in its buffer, and nothing outside it is touched.
TEST(MemOps, CopyBetweenAccessorsFollowsEachWindowsRange) {
  sycl::queue q;
  std::vector<int> a(24), b(6 * 6, -1);
  std::iota(a.begin(), a.end(), 0);
  {
    sycl::buffer<int, 1> ba(a.data(), sycl::range<1>(24));
    sycl::buffer<int, 2> bb(b.data(), sycl::range<2>(6, 6));
    q.submit([&](sycl::handler& h) {
      sycl::accessor src(ba, h, sycl::range<1>(16), sycl::id<1>(3), sycl::read_only);
      sycl::accessor dst(bb, h, sycl::range<2>(4, 4), sycl::id<2>(1, 1), sycl::write_only);
      h.copy(src, dst);
    });
  }
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) {
      const bool inside = r >= 1 && r < 5 && c >= 1 && c < 5;
      EXPECT_EQ(b[r * 6 + c], inside ? 3 + (r - 1) * 4 + (c - 1) : -1) << r << "," << c;
    }
  int one = 5, other = 0;
  {
    sycl::buffer<int, 1> x(&one, sycl::range<1>(1)), y(&other, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 0, sycl::access_mode::read> s(x, h);
      sycl::accessor<int, 0, sycl::access_mode::write> d(y, h);
      h.copy(s, d);
    });
  }
  EXPECT_EQ(other, 5);
}

TEST(MemOps, QueueCopyFillUpdateHostThroughPlaceholderAccessors) {
  sycl::queue q;
  constexpr std::size_t n = 16;
  std::vector<int> in(n), out(n, 0);
  std::iota(in.begin(), in.end(), 3);
  sycl::buffer<int> a{sycl::range<1>(n)}, b{sycl::range<1>(n)};
  q.copy(in.data(), sycl::accessor{a, sycl::write_only}).wait();
  q.copy(sycl::accessor{a, sycl::read_only}, sycl::accessor{b, sycl::write_only}).wait();
  q.copy(sycl::accessor{b, sycl::read_only}, out.data()).wait();
  EXPECT_EQ(out, in);
  auto shared = std::make_shared<int>(0);
  q.copy(sycl::accessor{b, sycl::range<1>(1), sycl::read_only}, shared).wait();
  EXPECT_EQ(*shared, 3);
  q.fill(sycl::accessor{b, sycl::write_only}, 9).wait();
  q.update_host(sycl::accessor{b}).wait();
  sycl::host_accessor hb{b, sycl::read_only};
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(hb[i], 9);
}

// ---------------------------------------------------------------- asynchronous errors

#if !defined(__CUDA__) // kernels that throw: C++ exceptions do not exist in device code

TEST(AsyncErrors, KernelExceptionReachesWaitAndThrowThroughTheHandler) {
  sycl::queue q{rethrow_first};
  q.parallel_for(sycl::range<1>(64), [](sycl::id<1> i) {
    if (i[0] == 17) throw std::runtime_error("boom at 17");
  });
  try {
    q.wait_and_throw();
    FAIL() << "the kernel's exception was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "boom at 17");
  }
  // reported once: the next wait_and_throw is quiet
  EXPECT_NO_THROW(q.wait_and_throw());
  // the queue keeps working
  int* v = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { v[i] = static_cast<int>(i[0]) * 2; });
  EXPECT_NO_THROW(q.wait_and_throw());
  for (int i = 0; i < 64; ++i) ASSERT_EQ(v[i], 2 * i);
  sycl::free(v, q);
}

TEST(AsyncErrors, SingleTaskExceptionReachesEventWaitAndThrow) {
  sycl::queue q{rethrow_first};
  sycl::event e = q.single_task([] { throw std::runtime_error("single"); });
  EXPECT_THROW(e.wait_and_throw(), std::runtime_error);
}

TEST(AsyncErrors, KernelExceptionReachesUserAsyncHandler) {
  std::vector<std::string> seen;
  int calls = 0;
  auto handler = [&](sycl::exception_list l) {
    ++calls;
    for (auto& p : l) {
      try {
        std::rethrow_exception(p);
      } catch (const std::exception& e) {
        seen.push_back(e.what());
      }
    }
  };
  sycl::queue q{handler};
  q.single_task([] { throw std::runtime_error("first"); });
  q.wait();
  EXPECT_EQ(calls, 0) << "the handler runs only at wait_and_throw/throw_asynchronous";
  EXPECT_NO_THROW(q.wait_and_throw());
  EXPECT_EQ(calls, 1);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0], "first");

  q.single_task([] { throw std::runtime_error("second"); });
  q.single_task([] { throw std::logic_error("third"); });
  q.wait();
  q.throw_asynchronous();
  EXPECT_EQ(calls, 2);
  ASSERT_EQ(seen.size(), 3u);
  std::sort(seen.begin() + 1, seen.end());
  EXPECT_EQ(seen[1], "second");
  EXPECT_EQ(seen[2], "third");

  // nothing pending: no call
  q.wait_and_throw();
  EXPECT_EQ(calls, 2);

  int* v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = 5; });
  q.wait_and_throw();
  EXPECT_EQ(*v, 5);
  EXPECT_EQ(calls, 2);
  sycl::free(v, q);
}

TEST(AsyncErrors, ErrorInOneCommandDoesNotStopLaterCommandsOnInOrderQueue) {
  sycl::queue q{rethrow_first, sycl::property::queue::in_order{}};
  int* v = sycl::malloc_shared<int>(1, q);
  *v = 0;
  q.single_task([] { throw std::runtime_error("x"); });
  q.single_task([=] { *v = 9; });
  EXPECT_THROW(q.wait_and_throw(), std::runtime_error);
  EXPECT_EQ(*v, 9);
  sycl::free(v, q);
}

#endif // !defined(__CUDA__)

TEST(Queue, SubmitRejectsTwoCommandsInOneGroup) {
  sycl::queue q;
  try {
    q.submit([&](sycl::handler& h) {
      h.single_task([] {});
      h.single_task([] {});
    });
    FAIL();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
  }
}

// Thousands of back-to-back commands (many of the GPU's completion batches) run in submission
// order: each step's result depends on the one before.
TEST(Queue, LongInOrderBurstRunsInOrder) {
  sycl::queue q{sycl::property::queue::in_order{}};
  std::uint64_t* v = sycl::malloc_shared<std::uint64_t>(1, q);
  *v = 1;
  constexpr int steps = 5000;
  for (int k = 0; k < steps; ++k) q.single_task([=] { *v = (*v * 31 + k) % 1000003; });
  q.wait();
  std::uint64_t expect = 1;
  for (int k = 0; k < steps; ++k) expect = (expect * 31 + k) % 1000003;
  EXPECT_EQ(*v, expect);
  sycl::free(v, q);
}

// Threads submitting to one queue at once: every command runs, and queue::wait waits for all.
TEST(Queue, ConcurrentSubmittersAndWait) {
  sycl::queue q;
  constexpr int threads = 4, each = 500;
  int* v = sycl::malloc_shared<int>(threads * each, q);
  std::fill(v, v + threads * each, 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&q, v, t] {
      for (int k = 0; k < each; ++k) {
        const int slot = t * each + k;
        q.single_task([=] { v[slot] = slot + 1; });
      }
    });
  for (auto& th : pool) th.join();
  q.wait();
  for (int i = 0; i < threads * each; ++i) ASSERT_EQ(v[i], i + 1) << i;
  sycl::free(v, q);
}

#if !defined(__CUDA__) // the kernels count in a std::atomic in the host's stack
TEST(Queue, WaitWaitsForEveryCommand) {
  sycl::queue q;
  std::atomic<int> done{0};
  std::atomic<int>* d = &done;
  for (int k = 0; k < 8; ++k)
    q.single_task([=] {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      d->fetch_add(1);
    });
  q.wait();
  EXPECT_EQ(done.load(), 8);
}
#endif

} // namespace
