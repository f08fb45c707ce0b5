// Wrong uses of the API, one per row of docs/errors.md: each raises a sycl::exception with the
// spec's errc (synchronously, or through the queue's async_handler for errors found while the
// command runs), crashes nothing, and leaves the queue able to run a correct command at once.
//
// Compiled as CUDA the synchronous rows run on the GPU too: the USM checks are the runtime's, not
// a backend's. The asynchronous rows are reports of the CPU backend (on the GPU that misuse is
// undefined behaviour, as in CUDA), and a pin against sycl::free is taken only for CPU commands.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "rethrow_handler.hpp"

namespace {

enum class when { at_submit, at_wait_and_throw };

struct bad_input {
  const char* name;
  sycl::errc code;
  when reported;
  void (*wrong)(sycl::queue&);
  const char* message; // a part of the message that names the problem
};

void PrintTo(const bad_input& row, std::ostream* os) { *os << row.name; }

// A correct command after the error: a kernel, a memcpy, a memset and a fill on USM.
void expect_usable(sycl::queue& q) {
  constexpr std::size_t n = 256;
  int* v = sycl::malloc_device<int>(n, q);
  ASSERT_NE(v, nullptr);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { v[i] = static_cast<int>(i[0]) * 5; });
  q.wait_and_throw();
  std::vector<int> h(n + 2, -1);
  q.memcpy(h.data() + 1, v, n * sizeof(int)).wait_and_throw();
  EXPECT_EQ(h[0], -1);
  EXPECT_EQ(h[n + 1], -1);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i + 1], static_cast<int>(i) * 5) << i;
  q.memset(v, 0, n * sizeof(int)).wait_and_throw();
  q.fill(v + n / 2, 9, n / 2).wait_and_throw();
  q.memcpy(h.data(), v, n * sizeof(int)).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], i < n / 2 ? 0 : 9) << i;
  sycl::free(v, q);
}

int* usm(sycl::queue& q, std::size_t n) { return sycl::malloc_device<int>(n, q); }

const bad_input table[] = {
    // --- kernels and their ranges
    {"NdRangeGlobalNotAMultipleOfLocal", sycl::errc::nd_range, when::at_submit,
     [](sycl::queue& q) { q.parallel_for(sycl::nd_range<1>(10, 4), [](sycl::nd_item<1>) {}); }, "multiple"},
    {"NdRangeLocalSizeZero", sycl::errc::nd_range, when::at_submit,
     [](sycl::queue& q) {
       q.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 0)), [](sycl::nd_item<2>) {});
     },
     "local size is 0"},
    {"WorkGroupLargerThanTheDeviceAllows", sycl::errc::nd_range, when::at_submit,
     [](sycl::queue& q) {
       q.parallel_for(sycl::nd_range<2>(sycl::range<2>(64, 64), sycl::range<2>(64, 32)), [](sycl::nd_item<2>) {});
     },
     "max_work_group_size"},
    {"LocalSizeBeyondMaxWorkItemSizes", sycl::errc::nd_range, when::at_submit,
     [](sycl::queue& q) { q.parallel_for(sycl::nd_range<1>(4096, 4096), [](sycl::nd_item<1>) {}); },
     "max_work_item_sizes"},
    {"HierarchicalEmptyLocalRange", sycl::errc::nd_range, when::at_submit,
     [](sycl::queue& q) {
       q.submit([](sycl::handler& h) {
         h.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(0), [=](sycl::group<1>) {});
       });
     },
     "local range"},
    {"LocalMemoryBeyondLocalMemSize", sycl::errc::memory_allocation, when::at_submit,
     [](sycl::queue& q) {
       const std::size_t limit = q.get_device().get_info<sycl::info::device::local_mem_size>();
       q.submit([&](sycl::handler& h) {
         sycl::local_accessor<char, 1> big(sycl::range<1>(limit + 1), h);
         h.parallel_for(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1>) { (void)big; });
       });
     },
     "local_mem_size"},
    {"LocalAccessorInSingleTask", sycl::errc::kernel_argument, when::at_submit,
     [](sycl::queue& q) {
       q.submit([](sycl::handler& h) {
         sycl::local_accessor<int, 1> l(sycl::range<1>(4), h);
         h.single_task([=] { (void)l; });
       });
     },
     "single_task"},
    {"LocalAccessorInRangeParallelFor", sycl::errc::kernel_argument, when::at_submit,
     [](sycl::queue& q) {
       q.submit([](sycl::handler& h) {
         sycl::local_accessor<int, 1> l(sycl::range<1>(4), h);
         h.parallel_for(sycl::range<1>(16), [=](sycl::id<1>) { (void)l; });
       });
     },
     "nd_range"},
    {"TwoCommandsInOneCommandGroup", sycl::errc::runtime, when::at_submit,
     [](sycl::queue& q) {
       q.submit([](sycl::handler& h) {
         h.single_task([] {});
         h.single_task([] {});
       });
     },
     "only one command"},
    {"PlaceholderAccessorNotRequired", sycl::errc::kernel_argument, when::at_submit,
     [](sycl::queue& q) {
       sycl::buffer<int> b{sycl::range<1>(4)};
       sycl::accessor<int, 1, sycl::access_mode::write, sycl::target::device, sycl::access::placeholder::true_t> a{b};
       q.submit([&](sycl::handler& h) { h.single_task([=] { a[0] = 1; }); });
     },
     "require"},
    // --- buffers and accessors
    {"AccessorRangeBeyondTheBuffer", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       sycl::buffer<int> b{sycl::range<1>(10)};
       q.submit([&](sycl::handler& h) {
         sycl::accessor a{b, h, sycl::range<1>(5), sycl::id<1>(6)};
         h.single_task([=] { a[0] = 1; });
       });
     },
     "accessor range"},
    {"SubBufferBeyondItsParent", sycl::errc::invalid, when::at_submit,
     [](sycl::queue&) {
       sycl::buffer<int> parent{sycl::range<1>(10)};
       sycl::buffer<int> sub(parent, sycl::id<1>(8), sycl::range<1>(3));
     },
     "exceeds its parent"},
    {"SubBufferOfPartialRows", sycl::errc::invalid, when::at_submit,
     [](sycl::queue&) {
       sycl::buffer<int, 2> parent{sycl::range<2>(4, 4)};
       sycl::buffer<int, 2> sub(parent, sycl::id<2>(0, 1), sycl::range<2>(2, 3));
     },
     "whole rows"},
    {"CopyToASmallerAccessor", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       sycl::buffer<int> big{sycl::range<1>(8)}, small{sycl::range<1>(4)};
       q.submit([&](sycl::handler& h) {
         sycl::accessor s{big, h, sycl::read_only};
         sycl::accessor d{small, h, sycl::write_only};
         h.copy(s, d);
       });
     },
     "more elements"},
    // --- USM allocation and release
    {"MallocOfUnknownKind", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) { (void)sycl::malloc(16, q, sycl::usm::alloc::unknown); }, "unknown"},
    {"FreeOfHostMemory", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int local = 0;
       sycl::free(&local, q);
     },
     "not a live USM allocation"},
    {"FreeOfAnInteriorPointer", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       try {
         sycl::free(p + 1, q);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "not a live USM allocation"},
    {"DoubleFree", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       sycl::free(p, q);
       sycl::free(p, q);
     },
     "already freed"},
    {"GetPointerDeviceOfHostMemory", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int local = 0;
       (void)sycl::get_pointer_device(&local, q.get_context());
     },
     "not a USM allocation"},
    // --- USM copies, fills and memsets
    {"MemcpyToNull", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 4);
       try {
         q.memcpy(nullptr, p, 16);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "memcpy: dest is a null pointer"},
    {"MemcpyFromNull", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int dst[4];
       q.memcpy(dst, nullptr, sizeof dst);
     },
     "memcpy: src is a null pointer"},
    {"MemsetOfNull", sycl::errc::invalid, when::at_submit, [](sycl::queue& q) { q.memset(nullptr, 0, 8); },
     "memset: ptr is a null pointer"},
    {"FillOfNull", sycl::errc::invalid, when::at_submit, [](sycl::queue& q) { q.fill(nullptr, 1.5f, 8); },
     "fill: ptr is a null pointer"},
    {"CopyOfNull", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int dst[4];
       q.copy(static_cast<const int*>(nullptr), dst, 4);
     },
     "copy: src is a null pointer"},
    {"MemcpyOverrunningTheDestination", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       int src[32] = {};
       try {
         q.memcpy(p, src, sizeof src);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "128 bytes at offset 0 overrun its USM allocation of 64 bytes"},
    {"MemcpyOverrunningTheSource", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       int dst[16] = {};
       try {
         q.memcpy(dst, p + 4, sizeof dst);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "memcpy: src: 64 bytes at offset 16 overrun"},
    {"MemsetOverrunningItsAllocation", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       try {
         q.memset(p + 15, 0, 8);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "memset: ptr: 8 bytes at offset 60 overrun"},
    {"FillOverrunningItsAllocation", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       try {
         q.fill(p, 3, 17);
       } catch (...) {
         sycl::free(p, q);
         throw;
       }
     },
     "fill: ptr: 68 bytes"},
    {"CopyOverrunningItsAllocation", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* a = usm(q, 8);
       int* b = usm(q, 16);
       try {
         q.copy(b, a, 16);
       } catch (...) {
         sycl::free(a, q), sycl::free(b, q);
         throw;
       }
     },
     "copy: dest: 64 bytes"},
    {"MemcpyFromFreedMemory", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       sycl::free(p, q);
       int dst[16];
       q.memcpy(dst, p, sizeof dst);
     },
     "memcpy: src"},
    {"MemsetOfFreedMemory", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       int* p = usm(q, 16);
       sycl::free(p, q);
       q.memset(p + 2, 0, 4);
     },
     "was freed"},
    // --- events and properties
    {"ProfilingInfoWithoutEnableProfiling", sycl::errc::invalid, when::at_submit,
     [](sycl::queue& q) {
       sycl::event e = q.single_task([] {});
       e.wait();
       (void)e.get_profiling_info<sycl::info::event_profiling::command_start>();
     },
     "enable_profiling"},
    {"GetPropertyThatIsAbsent", sycl::errc::invalid, when::at_submit,
     [](sycl::queue&) { (void)sycl::property_list{}.get_property<sycl::property::queue::in_order>(); },
     "does not hold it"},
    {"SelectorThatMatchesNoDevice", sycl::errc::runtime, when::at_submit,
     [](sycl::queue&) { sycl::queue none([](const sycl::device&) { return -1; }); }, "no device satisfies"},
    // --- waits that could never end
    {"HostAccessorAliveWhileWaitingForItsBuffer", sycl::errc::accessor, when::at_submit,
     [](sycl::queue& q) { // the book's fig 13-13
       sycl::buffer<int> b{16};
       sycl::host_accessor init{b};
       q.submit([&](sycl::handler& h) {
         sycl::accessor a{b, h};
         h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = 1; });
       });
       sycl::host_accessor result{b};
     },
     "host_accessor made at"},
#if !defined(__CUDA__)
    // --- found while the kernel runs (the CPU backend's reports; undefined behaviour in the spec)
    {"BarrierSkippedByAWorkItem", sycl::errc::kernel, when::at_wait_and_throw,
     [](sycl::queue& q) {
       q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
         if (it.get_local_id(0) == 3) return;
         it.barrier();
       });
     },
     "returned without reaching"},
    {"GroupBroadcastFromDifferentIds", sycl::errc::kernel, when::at_wait_and_throw,
     [](sycl::queue& q) {
       q.parallel_for(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1> it) {
         (void)sycl::group_broadcast(it.get_group(), 1, it.get_local_id(0) < 8 ? 0u : 1u);
       });
     },
     "group_broadcast"},
    {"SubGroupBarrierSkipped", sycl::errc::kernel, when::at_wait_and_throw,
     [](sycl::queue& q) {
       q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
         if (it.get_local_id(0) == 40) return;
         it.get_sub_group().barrier();
       });
     },
     "sub-group barrier"},
#endif
};

class BadInput : public ::testing::TestWithParam<bad_input> {};

TEST_P(BadInput, IsReportedWithItsErrcAndTheQueueGoesOn) {
  const bad_input& row = GetParam();
  sycl::queue q{rethrow_first};
  try {
    row.wrong(q);
    if (row.reported == when::at_wait_and_throw) q.wait_and_throw();
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), row.code) << e.what();
    EXPECT_NE(std::string(e.what()).find(row.message), std::string::npos)
        << "message: " << e.what() << "\nexpected to contain: " << row.message;
  }
  expect_usable(q);
}

INSTANTIATE_TEST_SUITE_P(Table, BadInput, ::testing::ValuesIn(table),
                         [](const ::testing::TestParamInfo<bad_input>& info) { return info.param.name; });

TEST(BadInputTable, HasAtLeastThirtyRows) { EXPECT_GE(std::size(table), 30u); }

// A pending command's memory cannot be freed: the command would read freed memory. Once it is
// done the free succeeds. (On a GPU queue the copy is on the stream, and CUDA's free waits for it.)
TEST(BadInputUsm, FreeOfMemoryInUseByAPendingCommand) {
  sycl::queue q{rethrow_first};
  if (q.get_device().is_gpu()) GTEST_SKIP() << "pins are taken for CPU commands";
  int* src = sycl::malloc_shared<int>(64, q);
  int* dst = sycl::malloc_shared<int>(64, q);
  for (int i = 0; i < 64; ++i) src[i] = i * 7;
  std::atomic<bool> go{false};
  sycl::event gate = q.submit([&](sycl::handler& h) {
    h.host_task([&] {
      while (!go.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
  });
  sycl::event copy = q.memcpy(dst, src, 64 * sizeof(int), gate);
  try {
    sycl::free(src, q);
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("in use by 1 pending command"), std::string::npos) << e.what();
  }
  go = true;
  copy.wait_and_throw();
  for (int i = 0; i < 64; ++i) ASSERT_EQ(dst[i], i * 7);
  EXPECT_NO_THROW(sycl::free(src, q));
  sycl::free(dst, q);
  expect_usable(q);
}

// Fig 13-13's mistake is reported with the line of the host_accessor that blocks the wait, for
// every kind of wait; once that accessor is gone the kernel runs and its result is there.
TEST(BadInputHostWait, NamesTheBlockingHostAccessorAndTheKernelRunsOnceItIsGone) {
  sycl::queue q{rethrow_first};
  sycl::buffer<int> b{64};
  const auto kernel = [&] {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) * 3; });
    });
  };
  const auto refused = [](const auto& wait, const std::string& waiter, const std::string& where) {
    try {
      wait();
      ADD_FAILURE() << waiter << ": no exception";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::accessor) << e.what();
      EXPECT_NE(std::string(e.what()).find(waiter + " would wait for ever"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what() << "\nexpected: " << where;
    }
  };
  {
    const std::string where = std::string(__FILE__) + ":" + std::to_string(__LINE__ + 1);
    sycl::host_accessor init{b};
    for (int i = 0; i < 64; ++i) init[i] = -1;
    kernel();
    refused([&] { sycl::host_accessor again{b}; }, "making a host_accessor", where);
    refused([&] { q.wait(); }, "queue::wait", where);
    refused([&] { q.wait_and_throw(); }, "queue::wait_and_throw", where);
  }
  q.wait_and_throw();
  sycl::host_accessor done{b};
  for (int i = 0; i < 64; ++i) ASSERT_EQ(done[i], i * 3) << i;
}

// A host_accessor that another thread holds is released there: waiting for it is no mistake.
TEST(BadInputHostWait, AHostAccessorOfAnotherThreadIsWaitedFor) {
  sycl::queue q{rethrow_first};
  sycl::buffer<int> b{8};
  std::atomic<bool> holding{false};
  std::thread holder([&] {
    sycl::host_accessor init{b};
    for (int i = 0; i < 8; ++i) init[i] = i;
    holding = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  });
  while (!holding) std::this_thread::yield();
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[0] += 100; });
  });
  EXPECT_NO_THROW(q.wait_and_throw());
  holder.join();
  sycl::host_accessor done{b};
  EXPECT_EQ(done[0], 100);
  EXPECT_EQ(done[7], 7);
}

// Zero bytes touch nothing: a null or freed pointer is then no error (as in std::memcpy's spirit
// and DPC++).
TEST(BadInputUsm, ZeroBytesAreNotChecked) {
  sycl::queue q{rethrow_first};
  EXPECT_NO_THROW(q.memcpy(nullptr, nullptr, 0).wait_and_throw());
  EXPECT_NO_THROW(q.memset(nullptr, 0, 0).wait_and_throw());
  EXPECT_NO_THROW(q.fill(nullptr, 1, 0).wait_and_throw());
  expect_usable(q);
}

// An interior pointer with a range that ends exactly at the allocation's end is fine.
TEST(BadInputUsm, RangeEndingAtTheAllocationsEndIsFine) {
  sycl::queue q{rethrow_first};
  int* p = sycl::malloc_shared<int>(16, q);
  q.fill(p, 1, 16).wait_and_throw();
  q.fill(p + 12, 4, 4).wait_and_throw();
  for (int i = 0; i < 16; ++i) ASSERT_EQ(p[i], i < 12 ? 1 : 4);
  sycl::free(p, q);
}

} // namespace
